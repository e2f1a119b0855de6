import { createRoute } from '@tanstack/react-router';
import { readAdminCustomerSearch } from '@machines/company/admin-customers.rules';
import { lazyRoute } from '../lazy-route';
import { NotFoundPage } from '@/pages/not-found';
import { restrictedLayout } from '../layouts';

const CompanyDocumentsPage = lazyRoute(() => import(/* webpackChunkName: "page-company" */ '@/pages/company'), 'CompanyDocumentsPage');

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
    /** /company-documents (002 s2, s6; issue 53): the company's documents, the one page of a user without balance-info access. */
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'company-documents',
      component: function CompanyDocumentsRoute() {
        return <CompanyDocumentsPage notFound={<NotFoundPage />} />;
      },
    }),
    /**
     * /admin-overview (spec 000 s2; issue 52): where an admin lands. The search and the page are the
     * address, read strictly on the way in (too long a search, a page below 2 are dropped).
     */
    createRoute({
      getParentRoute: () => restrictedLayout,
      path: 'admin-overview',
      validateSearch: readAdminCustomerSearch,
      component: lazyRoute(() => import(/* webpackChunkName: "page-admin-overview" */ '@/pages/admin-overview'), 'AdminOverviewPage'),
    }),
  ],
} as const;
