import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';

/** /unverified-account, /limited-account and /profile (002 s2): signed in, in the main layout. */
const unverifiedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'unverified-account',
  component: lazyRoute(() => import(/* webpackChunkName: "page-verification" */ '@/pages/verification-status'), 'UnverifiedAccountPage'),
});

const limitedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'limited-account',
  component: lazyRoute(() => import(/* webpackChunkName: "page-verification" */ '@/pages/verification-status'), 'LimitedAccountPage'),
});

/** /profile (002 s2, s3): the identity, addresses, e-mails, phones, tax id and documents. */
const profileRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'profile',
  component: lazyRoute(() => import(/* webpackChunkName: "page-profile" */ '@/pages/profile'), 'ProfilePage'),
});

/** /self-certification (002 s2): the personal tax self-certification. */
const selfCertificationRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'self-certification',
  component: lazyRoute(() => import(/* webpackChunkName: "page-self-certification" */ '@/pages/self-certification'), 'SelfCertificationPage'),
});

/** /self-certification-business (002 s2: loads shareholders and directors): the company's tax self-certification. */
const businessSelfCertificationRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'self-certification-business',
  component: lazyRoute(() => import(/* webpackChunkName: "page-self-certification" */ '@/pages/self-certification'), 'BusinessSelfCertificationPage'),
});

export const verificationRoutes = { main: [unverifiedRoute, limitedRoute, profileRoute, selfCertificationRoute, businessSelfCertificationRoute] } as const;
