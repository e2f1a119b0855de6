import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayout } from '../layouts';

/** /unverified-account and /limited-account (002 s2; issue 27): signed in, in the main layout. */
const unverifiedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'unverified-account',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-verification" */ '@/pages/verification-status'), 'UnverifiedAccountPage'),
});

const limitedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'limited-account',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-verification" */ '@/pages/verification-status'), 'LimitedAccountPage'),
});

export const verificationRoutes = { main: [unverifiedRoute, limitedRoute] } as const;
