import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayout } from '../layouts';

/**
 * Routes home already links to whose pages arrive with their own issues (transfers). Until then each says plainly that the page is not available yet and
 * leads back home (docs/decisions.md "Accounts"); its issue replaces the route with the real page.
 * The search is kept as plain strings, so the links home builds today keep working.
 */
const keepSearch = (search: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

const upcoming = <TPath extends string>(path: TPath, exportName: string) =>
  createRoute({
    getParentRoute: () => mainLayout,
    path,
    validateSearch: keepSearch,
    component: lazyRouteComponent(() => import(/* webpackChunkName: "page-upcoming" */ '@/pages/upcoming'), exportName as 'TransfersUpcomingPage'),
  });

export const upcomingRoutes = {
  main: [
    upcoming('transfer/external', 'TransfersUpcomingPage'),
  ],
} as const;
