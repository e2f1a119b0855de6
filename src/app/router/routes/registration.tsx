import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { publicLayout } from '../layouts';
import { requireRegistration } from '../guards';

/** /register, /register/personal and /register/business (002 s2): public, only where the brand allows registration (002 s1). */
const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register',
  beforeLoad: ({ context }) => requireRegistration({ context }),
  component: lazyRoute(() => import(/* webpackChunkName: "page-register" */ '@/pages/register'), 'RegisterPage'),
});

const registerPersonalRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register/personal',
  beforeLoad: ({ context }) => requireRegistration({ context }),
  component: lazyRoute(() => import(/* webpackChunkName: "page-register" */ '@/pages/register'), 'RegisterPersonalPage'),
});

const registerBusinessRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register/business',
  beforeLoad: ({ context }) => requireRegistration({ context }),
  component: lazyRoute(() => import(/* webpackChunkName: "page-register" */ '@/pages/register'), 'RegisterBusinessPage'),
});

export const registrationRoutes = { public: [registerRoute, registerPersonalRoute, registerBusinessRoute] } as const;
