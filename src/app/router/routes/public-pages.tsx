import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicLayout } from '../layouts';

/** Public brand pages (spec 000 s2): the terms of service and getting the mobile app. */
const termsRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'legal/$document',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-legal" */ '@/pages/legal'), 'TermsPage'),
});

const scpMobileRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'scp-mobile',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-scp-mobile" */ '@/pages/scp-mobile'), 'ScpMobilePage'),
});

export const publicPageRoutes = { public: [termsRoute, scpMobileRoute] } as const;
