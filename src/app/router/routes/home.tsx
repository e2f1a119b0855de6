import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayout } from '../layouts';

const homeRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'home',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-home" */ '@/pages/home'), 'HomePage'),
});

export const homeRoutes = { main: [homeRoute] } as const;
