import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayout } from '../layouts';

const homeRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'home',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-home" */ '@/pages/home'), 'HomePage'),
});

/** /news: every announcement (spec 001 s2). */
const newsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'news',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-news" */ '@/pages/news'), 'NewsPage'),
});

export const homeRoutes = { main: [homeRoute, newsRoute] } as const;
