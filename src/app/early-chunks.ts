/**
 * The first module the entry evaluates (main.tsx imports it before anything else): it asks for the
 * lazy chunks of the two addresses people open the app on, /login and /home, before React, the
 * router and the statecharts are evaluated, so those downloads overlap that work instead of
 * waiting for the router's first load (issue 16: the form or the accounts paint sooner; on a slow
 * phone the entry's evaluation is several hundred milliseconds). Every other address gets its
 * chunks from `preloadRouteChunks` once the router exists, as before.
 *
 * The imports name the same modules and chunk names as the routes and the login feature's loader,
 * so the bundler makes one chunk of each; a failed download here is ignored (the route asks again
 * and shows its error). No other import: this module must stay free of the app's code.
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

if (typeof location !== 'undefined') {
  for (const load of earlyChunksFor(location.pathname)) void load().catch(() => undefined);
}
