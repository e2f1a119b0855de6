import { startPageViews } from '@/app/model/page-views';
import { onAnalytics, type AnalyticsEntry } from '@/shared/analytics';

/** A router as page views see it: its state, its route matching and its resolved event. */
function fakeRouter(routes: Record<string, { fullPath: string; params?: Record<string, string> }>) {
  const listeners: (() => void)[] = [];
  const router = {
    state: { location: { pathname: '/login' }, status: 'pending' as 'pending' | 'idle', matches: [] as unknown[] },
    subscribe: (_event: 'onResolved', listener: () => void) => {
      listeners.push(listener);
      return () => void listeners.splice(listeners.indexOf(listener), 1);
    },
    getMatchedRoutes: (pathname: string) => {
      const route = routes[pathname];
      return [[], route?.params ?? {}, route ? { fullPath: route.fullPath } : undefined];
    },
  };
  const go = (pathname: string) => {
    router.state.location = { pathname };
    for (const listener of [...listeners]) listener();
  };
  return { router, go, listeners };
}

describe('page views (issue 61)', () => {
  it('one per path change once resolved, by template; a query-only change or the same path again is not one; stopped, none', () => {
    const heard: AnalyticsEntry[] = [];
    const stopHearing = onAnalytics((entry) => heard.push(entry));
    const { router, go, listeners } = fakeRouter({
      '/login': { fullPath: '/login' },
      '/revenue-split/105': { fullPath: '/revenue-split/$contractId', params: { contractId: '105' } },
      '/merchant/internal/api_key': { fullPath: '/merchant/$', params: { _splat: 'internal/api_key' } },
    });
    const stop = startPageViews(router as never);
    expect(heard).toEqual([]); // not resolved yet
    go('/login');
    go('/login'); // the query changed, the path did not
    go('/revenue-split/105');
    go('/merchant/internal/api_key');
    go('/nowhere');
    stop();
    go('/login');
    stopHearing();
    expect(heard.map((entry) => [entry.event, entry.props])).toEqual([
      ['Page view', { page: '/login' }],
      ['Page view', { page: '/revenue-split/{contractId}' }],
      ['Page view', { page: '/merchant/internal/api_key' }],
      ['Page view', { page: '(not found)' }],
    ]);
    expect(listeners).toHaveLength(0);
  });

  it('a router already resolved when it starts: its page at once', () => {
    const heard: AnalyticsEntry[] = [];
    const stopHearing = onAnalytics((entry) => heard.push(entry));
    const { router } = fakeRouter({ '/home': { fullPath: '/home' } });
    router.state = { location: { pathname: '/home' }, status: 'idle', matches: [{}] };
    const stop = startPageViews(router as never);
    stop();
    stopHearing();
    expect(heard.map((entry) => entry.props)).toEqual([{ page: '/home' }]);
  });
});
