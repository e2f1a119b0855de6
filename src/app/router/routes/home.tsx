import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';

const homeRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'home',
  component: lazyRoute(() => import(/* webpackChunkName: "page-home" */ '@/pages/home'), 'HomePage'),
});

/** /news: every announcement (spec 001 s2). */
const newsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'news',
  component: lazyRoute(() => import(/* webpackChunkName: "page-news" */ '@/pages/news'), 'NewsPage'),
});

export const homeRoutes = { main: [homeRoute, newsRoute] } as const;
