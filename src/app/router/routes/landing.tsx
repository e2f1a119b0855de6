import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { restrictedLayout } from '../layouts';

/** Start pages outside the main app (spec 000 s2 restricted layout); later issues fill them. */
const landingPage = <TPath extends string>(path: TPath, exportName: string) =>
  createRoute({
    getParentRoute: () => restrictedLayout,
    path,
    component: lazyRouteComponent(() => import(/* webpackChunkName: "page-landing" */ '@/pages/landing-placeholders'), exportName as 'KycPage'),
  });

export const landingRoutes = {
  restricted: [
    landingPage('kyc', 'KycPage'),
    landingPage('profile-update', 'ProfileUpdatePage'),
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'self-certification-splash',
      component: lazyRouteComponent(() => import(/* webpackChunkName: "page-self-certification" */ '@/pages/self-certification'), 'SelfCertificationSplashPage'),
    }),
    landingPage('self-certification-business-splash', 'BusinessSelfCertificationSplashPage'),
    landingPage('company-documents', 'CompanyDocumentsPage'),
    landingPage('admin-overview', 'AdminOverviewPage'),
  ],
} as const;
