import { catalogLoaders } from '@/shared/i18n';
import { readStartFacts } from './start-facts';

/**
 * The first module the entry evaluates (main.tsx imports it before anything else): it asks for the
 * starting language's catalog (not English: its messages travel with the code) and the lazy
 * chunks of the two addresses people open the app on, /login and /home, before React, the router
 * and the statecharts are evaluated, so those downloads overlap that work instead of waiting for
 * start-up (the first page paints sooner; on a slow phone the entry's evaluation is
 * several hundred milliseconds). Every other address gets its chunks from `preloadRouteChunks`
 * once the router exists, as before.
 *
 * The imports are the ones the app itself uses (the same modules and chunk names as the routes,
 * the login feature's loader and the catalog loaders), so the bundler makes one chunk of each; a
 * failed download here is ignored (the app asks again and shows its error). Only small modules
 * without the app's code may be imported here: they are evaluated first.
 */
const byPath: Readonly<Record<string, readonly (() => Promise<unknown>)[]>> = {
  '/login': [
    () => import(/* webpackChunkName: "page-login" */ '@/pages/login'),
    () => import(/* webpackChunkName: "feature-login" */ '@/features/login'),
  ],
  '/home': [
    () => import(/* webpackChunkName: "layout-signed-in" */ './layouts/signed-in-layouts'),
    () => import(/* webpackChunkName: "page-home" */ '@/pages/home'),
  ],
};

/** The chunk loaders for `pathname` (a trailing slash is the same address). */
export function earlyChunksFor(pathname: string): readonly (() => Promise<unknown>)[] {
  return byPath[pathname.replace(/(.)\/+$/, '$1')] ?? [];
}

// (Not in unit tests, which import this module for its table.)
if (typeof location !== 'undefined' && process.env.NODE_ENV !== 'test') {
  const { language } = readStartFacts(new URLSearchParams(location.search));
  const catalog = language === 'en' ? null : catalogLoaders[language];
  for (const load of [...(catalog ? [catalog] : []), ...earlyChunksFor(location.pathname)]) void load().catch(() => undefined);
}
