import { pageViewOf } from '@machines/app/page-view.rules';
import { track } from '@/shared/analytics';
import type { AppRouter } from '../router/router';

/**
 * One "Page view" (002 s9; issue 61) each time the address's path changes and the route has
 * resolved (the first page too), named by the route's template (`pageViewOf`: no ids, tokens or
 * query values); a change of the query alone (a filter, a page of a list) is not a page view.
 * Returns the function that stops it.
 */
export function startPageViews(router: Pick<AppRouter, 'subscribe' | 'getMatchedRoutes' | 'state'>): () => void {
  let last: string | null = null;
  const report = () => {
    const { pathname } = router.state.location;
    if (pathname === last) return;
    last = pathname;
    const [, params, found] = router.getMatchedRoutes(pathname);
    track('Page view', { page: pageViewOf(found?.fullPath, params._splat) });
  };
  const stop = router.subscribe('onResolved', report);
  if (router.state.status === 'idle' && router.state.matches.length > 0) report();
  return stop;
}
