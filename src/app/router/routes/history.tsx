import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { cleanBatchSearch, cleanHistorySearch, type BatchSearch, type HistorySearch } from '@machines/history/history-search';
import { mainLayout } from '../layouts';

/**
 * /history (001 s2): the filter is the address, cleaned on the way in (machines/history/
 * history.logic.ts), so a filtered view can be bookmarked and shared; `view=authorizations` shows
 * a settlement account's card authorisations.
 */
export type HistoryRouteSearch = HistorySearch & { view?: 'authorizations'; page?: string };

const historyRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'history',
  validateSearch: (search: Record<string, unknown>): HistoryRouteSearch => ({
    ...cleanHistorySearch(search),
    ...(search.view === 'authorizations' ? { view: 'authorizations' as const } : {}),
    ...(typeof search.page === 'string' && /^[1-9]\d{0,4}$/.test(search.page) ? { page: search.page } : {}),
  }),
  component: lazyRoute(() => import(/* webpackChunkName: "page-history" */ '@/pages/history'), 'HistoryPage'),
});

/** /history/batch-transfers (001 s2; 002 s5): the batch filter is the address too. */
const batchHistoryRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'history/batch-transfers',
  validateSearch: (search: Record<string, unknown>): BatchSearch => cleanBatchSearch(search),
  component: lazyRoute(() => import(/* webpackChunkName: "page-batch-history" */ '@/pages/batch-history'), 'BatchHistoryPage'),
});

/** /statements (001 s2): the account and the page of its monthly statements are in the address. */
const statementsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'statements',
  validateSearch: (search: Record<string, unknown>): { accountId?: string; page?: string; view?: string } => ({
    ...(typeof search.accountId === 'string' && /^\d{1,12}$/.test(search.accountId) ? { accountId: search.accountId } : {}),
    ...(typeof search.page === 'string' && /^[1-9]\d{0,4}$/.test(search.page) ? { page: search.page } : {}),
    ...(typeof search.view === 'string' ? { view: search.view } : {}),
  }),
  component: lazyRoute(() => import(/* webpackChunkName: "page-statements" */ '@/pages/statements'), 'StatementsPage'),
});

export const historyRoutes = { main: [historyRoute, batchHistoryRoute, statementsRoute] } as const;
