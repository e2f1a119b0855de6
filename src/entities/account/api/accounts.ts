import { queryOptions } from '@tanstack/react-query';
import { ACCOUNT_LIST_THROTTLE_MS, ACCOUNT_LIST_TIMEOUT_MS, HISTORY_PAGE_SIZE, RECENT_P2P_LIMIT } from '@machines/shared/constants';
import { api, type MainSchemas, MONEY_QUERY } from '@/shared/api';

/** Accounts, rates, recent transfers and activity (spec 001 s3, s7): keys, queries and plain calls. */
export type Account = MainSchemas['Account'];
export type ExchangeRate = MainSchemas['ExchangeRate'];
export type RecentTransfer = MainSchemas['RecentTransfer'];
export type Transaction = MainSchemas['Transaction'];

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  rates: () => ['exchange-rates'] as const,
  recent: (types: readonly string[], limit: number) => ['recent-transfers', [...types].sort().join(','), limit] as const,
  activity: () => ['transactions', 'home'] as const,
};

/** A signal that aborts with the query's own or after `ms` (the call then fails as timed out). */
export function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time', 'TimeoutError')), ms);
  signal?.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      controller.abort(signal.reason);
    },
    { once: true },
  );
  return controller.signal;
}

/**
 * The account list (balanceInquiry), fetched at most once in 3 s and given up after 5 s (spec 001 s9),
 * both here as query options: every screen that shows accounts shares this one throttle.
 * `refetchOnWindowFocus` is on: a customer coming back to the tab sees fresh balances, never more
 * often than the throttle allows.
 */
export const accountsQuery = () =>
  queryOptions({
    queryKey: accountKeys.list(),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => (await api().main.call('balanceInquiry', {}, { signal: withTimeout(signal, ACCOUNT_LIST_TIMEOUT_MS) })).accounts ?? [],
    staleTime: ACCOUNT_LIST_THROTTLE_MS,
    refetchOnWindowFocus: true,
  });

/**
 * The account list as home reads it. A personal customer's home reads may have started before the
 * page (issue 48: beside the access info, docs/decisions.md "Reads that start with customer info"):
 * the page takes their answer, a failure too (its "Try again" asks again), instead of asking a second
 * time when it mounts.
 */
export const homeAccountsQuery = () => queryOptions({ ...accountsQuery(), retryOnMount: false });

export const exchangeRatesQuery = () =>
  queryOptions({
    queryKey: accountKeys.rates(),
    queryFn: async ({ signal }) => (await api().main.call('defaultExchangeRates', {}, { signal })).rates ?? [],
    staleTime: 10 * 60_000,
  });

/** Recent transfers of some types (home: p2p, limit 3). The hiding of isDisabled items is the view's rule. */
export const recentTransfersQuery = (types: MainSchemas['RecentTransferType'][] = ['p2p'], limit = RECENT_P2P_LIMIT) =>
  queryOptions({
    queryKey: accountKeys.recent(types, limit),
    meta: MONEY_QUERY,
    // Ask for a few more than shown: disabled ones are hidden afterwards (spec 001 s5).
    queryFn: async ({ signal }) => (await api().main.call('recentTransfers', { types, limit: limit + 2 }, { signal })).transfers ?? [],
  });

/** Home's recent activity: the first history page. */
export const homeActivityQuery = () =>
  queryOptions({
    queryKey: accountKeys.activity(),
    meta: MONEY_QUERY,
    // Only home reads it, and its read may have started before the page (see homeAccountsQuery).
    retryOnMount: false,
    queryFn: async ({ signal }) => (await api().main.call('transactionHistory', { pageNumber: 1, pageSize: HISTORY_PAGE_SIZE }, { signal })).transactions ?? [],
  });

/** addCurrency: the new account. */
export async function addCurrency(currencyCode: string): Promise<Account | undefined> {
  return (await api().main.call('addCurrency', { currencyCode })).account;
}

/** createWallet: the address (the same one when asked again). */
export async function createWallet(accountId: number, currencyCode: string): Promise<string> {
  return (await api().main.call('createWallet', { accountId, currencyCode })).address ?? '';
}

/** crossPlatformRequirement: whether the mobile app is needed for the account's wallet. */
export async function mobileAppRequired(accountId: number): Promise<boolean> {
  return Boolean((await api().main.call('crossPlatformRequirement', { accountId })).isRequired);
}
