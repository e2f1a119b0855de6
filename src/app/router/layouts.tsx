import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazyRoute } from './lazy-route';
import { languageFromAddress } from '@machines/app/app-start.logic';
import { activationFromSearch } from '@machines/auth/activation.logic';
import { NotFoundPage } from '@/pages/not-found';
import { UpdateCheck } from '@/widgets/update-banner';
import { AnalyticsConsentGate } from '@/widgets/analytics-consent';
import { BottomDock } from '@/shared/ui';
import { storageKeys, writeStored } from '@/shared/config';
import { PublicLayout, StandaloneFrame } from '../layouts/layouts';
import { parseCustomerId } from '../model/query-behaviours';
import type { RouterContext } from './context';
import { requireAppAccess, requireSession } from './guards';
import { stringifyPlainSearch } from './search';

/**
 * The root route and the layouts every area hangs its routes on (spec 000 s2: public/external,
 * restricted, main). An area adds `routes/<area>.tsx` and lists it in router.tsx.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Every page, in every layout, at the bottom: the analytics consent banner when it asks, and the
  // offer to reload when a new version is deployed (issue 61).
  component: () => (
    <>
      <Outlet />
      <BottomDock>
        <AnalyticsConsentGate />
        <UpdateCheck />
      </BottomDock>
    </>
  ),
  beforeLoad: async ({ context, search, location, preload }) => {
    const query = search as Record<string, unknown>;
    // `?lang=` is the user's choice, as if picked in the language switch (stored, so it survives a
    // reload; brand languages only), and leaves the address, so a later choice in the switch is not
    // undone by a reload. It is taken first: an activation link in Portuguese opens in Portuguese.
    const language = preload ? undefined : languageFromAddress(query.lang, context.language.offered());
    if (language) context.language.choose(language);
    // An activation link (action=activation|activationBusiness|activationEmployee, user, code) on
    // any address starts activation (spec 000 s2). Its parameters leave the address at once, kept
    // in this history entry for /activate, which asks before the code is sent (issue 47).
    const activation = activationFromSearch(query);
    if (activation && !preload) throw redirect({ to: '/activate', state: (previous) => ({ ...previous, activationLink: activation }), replace: true });
    // `fromCustomerId` chooses the customer a business user or admin acts for, once the server
    // says they may (fails closed, issue 46); it is kept for the session (the API layer sends it)
    // and leaves the address (with `lang`).
    if (query.fromCustomerId === undefined && query.lang === undefined) return;
    const id = query.fromCustomerId === undefined ? null : parseCustomerId(query.fromCustomerId);
    if (id !== null && !preload) await context.session.actFor(id);
    const { fromCustomerId: _dropped, lang: _chosen, ...rest } = query;
    throw redirect({ href: `${location.pathname}${stringifyPlainSearch(rest)}`, replace: true });
  },
  notFoundComponent: () => (
    <StandaloneFrame>
      <NotFoundPage />
    </StandaloneFrame>
  ),
});

/** The layouts behind sign-in load with the first signed-in page (navigation, query cache). */
const signedInLayouts = () => import(/* webpackChunkName: "layout-signed-in" */ '../layouts/signed-in-layouts');
export const RestrictedLayout = lazyRoute(signedInLayouts, 'RestrictedLayout');
const MainLayout = lazyRoute(signedInLayouts, 'MainLayout');

/** Public and external pages: login, registration, recovery, legal. */
export const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

/** Signed in, not yet through to the app (KYC, self-certification, admin overview). */
export const restrictedLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'restricted',
  component: RestrictedLayout,
  beforeLoad: requireSession,
});

/** The main app: login required; the target path is remembered for after sign-in; KYC first. */
export const mainLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  component: MainLayout,
  beforeLoad: requireAppAccess,
});
