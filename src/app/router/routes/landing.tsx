import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { restrictedLayout } from '../layouts';

/** Start pages outside the main app (spec 000 s2 restricted layout); later issues fill them. */
const landingPage = <TPath extends string>(path: TPath, exportName: string) =>
  createRoute({
    getParentRoute: () => restrictedLayout,
    path,
    component: lazyRoute(() => import(/* webpackChunkName: "page-landing" */ '@/pages/landing-placeholders'), exportName as 'CompanyDocumentsPage'),
  });

export const landingRoutes = {
  restricted: [
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'kyc',
      component: lazyRoute(() => import(/* webpackChunkName: "page-kyc" */ '@/pages/kyc'), 'KycPage'),
    }),
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'profile-update',
      component: lazyRoute(() => import(/* webpackChunkName: "page-kyc" */ '@/pages/kyc'), 'ProfileUpdatePage'),
    }),
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'self-certification-splash',
      component: lazyRoute(() => import(/* webpackChunkName: "page-self-certification" */ '@/pages/self-certification'), 'SelfCertificationSplashPage'),
    }),
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'self-certification-business-splash',
      component: lazyRoute(() => import(/* webpackChunkName: "page-self-certification" */ '@/pages/self-certification'), 'BusinessSelfCertificationSplashPage'),
    }),
    landingPage('company-documents', 'CompanyDocumentsPage'),
    landingPage('admin-overview', 'AdminOverviewPage'),
  ],
} as const;
