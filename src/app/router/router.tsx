import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from '@/pages/not-found';
import type { RouterContext } from './context';
import { mainLayout, publicLayout, restrictedLayout, rootRoute } from './layouts';
import { parsePlainSearch, stringifyPlainSearch } from './search';
import { entryRoute } from './routes/entry';
import { authRoutes } from './routes/auth';
import { publicPageRoutes } from './routes/public-pages';
import { registrationRoutes } from './routes/registration';
import { recoveryRoutes } from './routes/recovery';
import { companyRoutes } from './routes/company';
import { merchantRoutes } from './routes/merchant';
import { contractRoutes } from './routes/contracts';
import { supportRoutes } from './routes/support';
import { landingRoutes } from './routes/landing';
import { homeRoutes } from './routes/home';
import { settingsRoutes } from './routes/settings';
import { cardRoutes } from './routes/cards';
import { historyRoutes } from './routes/history';
import { verificationRoutes } from './routes/verification';
import { transferRoutes } from './routes/transfers';

/**
 * The route map (spec 000 s2), code-based and split by area: each area's routes are in
 * `routes/<area>.tsx` and hang on the layouts of `layouts.tsx`; guards are in `guards.ts`. Pages
 * are lazy chunks, so the first load carries only the shell. A new area adds its file and one
 * entry per layout below.
 */
export type { RouterContext } from './context';

export const routeTree = rootRoute.addChildren([
  entryRoute,
  publicLayout.addChildren([...authRoutes.public, ...publicPageRoutes.public, ...registrationRoutes.public, ...recoveryRoutes.public]),
  restrictedLayout.addChildren([...landingRoutes.restricted]),
  mainLayout.addChildren([...homeRoutes.main, ...cardRoutes.main, ...historyRoutes.main, ...transferRoutes.main, ...settingsRoutes.main, ...verificationRoutes.main, ...companyRoutes.main, ...merchantRoutes.main, ...contractRoutes.main, ...supportRoutes.main]),
  ...authRoutes.root,
]);

/**
 * `server`: the build's prerender of the public entry pages (src/app/prerender) renders the same
 * routes in Node, at one address, without the browser's history or scroll restoration.
 */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    ...(server ? { history: server.history, isServer: true } : {}),
    // Plain query strings, as in links from e-mails and partners: `code=246810` stays the string
    // "246810" (the default JSON parsing would turn it into a number and lose leading zeros).
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    defaultPreload: 'intent',
    scrollRestoration: !server,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts downloading the page chunks of the address the app opens on, before React has mounted
 * the router: otherwise their requests wait for start-up and the first render (docs/performance.md).
 * Only code is fetched here; guards and loaders run when the router loads as usual.
 */
export function preloadRouteChunks(router: AppRouter): void {
  const [routes] = router.getMatchedRoutes(router.state.location.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined); // a failed download surfaces when the route renders
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * An activation link's parameters, moved out of the address into this history entry (issue 47:
     * the code leaves the address at once; a reload of the tab still asks). Read with
     * `activationFromState`, never trusted as typed.
     */
    activationLink?: unknown;
  }
}
