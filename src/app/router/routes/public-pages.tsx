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

/** /receive/{id} (000 s2): a global payment's recipient chooses how to receive it; public, the link is the key. */
const receiveRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'receive/$id',
  component: function ReceiveRoute() {
    const { id } = receiveRoute.useParams();
    return <ReceivePage id={id} />;
  },
});
const ReceivePage = lazyRouteComponent(() => import(/* webpackChunkName: "page-receive" */ '@/pages/receive'), 'ReceivePage');

export const publicPageRoutes = { public: [termsRoute, scpMobileRoute, receiveRoute] } as const;
