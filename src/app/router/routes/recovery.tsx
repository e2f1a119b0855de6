import { createRoute, redirect } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { isRecoveryStep } from '@machines/auth/recovery-steps';
import { publicLayout } from '../layouts';

/** /account-recovery and its steps (002 s2: email, status, reset, password, success): public, every brand. */
const recoveryRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'account-recovery',
  beforeLoad: () => {
    throw redirect({ to: '/account-recovery/$step', params: { step: 'email' }, replace: true });
  },
});

const recoveryStepRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'account-recovery/$step',
  beforeLoad: ({ params }) => {
    if (!isRecoveryStep(params.step)) throw redirect({ to: '/account-recovery/$step', params: { step: 'email' }, replace: true });
  },
  component: lazyRoute(() => import(/* webpackChunkName: "page-account-recovery" */ '@/pages/account-recovery'), 'AccountRecoveryPage'),
});

export const recoveryRoutes = { public: [recoveryRoute, recoveryStepRoute] } as const;
