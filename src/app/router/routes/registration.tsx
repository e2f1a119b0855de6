import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicLayout } from '../layouts';
import { requireRegistration } from '../guards';

/** /register and /register/personal (002 s2): public, only where the brand allows registration (002 s1). */
const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register',
  beforeLoad: ({ context }) => requireRegistration({ context }),
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-register" */ '@/pages/register'), 'RegisterPage'),
});

const registerPersonalRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register/personal',
  beforeLoad: ({ context }) => requireRegistration({ context }),
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-register" */ '@/pages/register'), 'RegisterPersonalPage'),
});

export const registrationRoutes = { public: [registerRoute, registerPersonalRoute] } as const;
