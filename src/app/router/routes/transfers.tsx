import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { cleanPreapprovedSearch, type PreapprovedSearch } from '@machines/transfers/preapproved.logic';
import { mainLayout } from '../layouts';

/**
 * Transfers (001 s2). /transfer/account: between own accounts; `?fromAccount=` and `?toAccount=`
 * (account ids) choose the accounts, for links such as a card's "Load".
 */
const accountId = (value: unknown): string | undefined => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? value : undefined);

const ownAccountsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/account',
  validateSearch: (search: Record<string, unknown>): { fromAccount?: string; toAccount?: string } => {
    const fromAccount = accountId(search.fromAccount);
    const toAccount = accountId(search.toAccount);
    return { ...(fromAccount ? { fromAccount } : {}), ...(toAccount ? { toAccount } : {}) };
  },
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-account" */ '@/pages/transfer-account'), 'TransferAccountPage'),
});

/** /transfer/p2p: to a customer by e-mail; `?transactionId=` starts from a recent transfer (home's "Send again"). */
const p2pRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/p2p',
  validateSearch: (search: Record<string, unknown>): { transactionId?: string } => {
    const transactionId = accountId(search.transactionId);
    return transactionId ? { transactionId } : {};
  },
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-p2p" */ '@/pages/transfer-p2p'), 'TransferP2pPage'),
});

/** /transfer/preapproved-payments: recurring payments; the filter (001 s3) is the address, cleaned on the way in. */
const preapprovedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/preapproved-payments',
  validateSearch: (search: Record<string, unknown>): PreapprovedSearch => cleanPreapprovedSearch(search),
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-preapproved" */ '@/pages/transfer-preapproved'), 'TransferPreapprovedPage'),
});

export const transferRoutes = {
  main: [ownAccountsRoute, p2pRoute, preapprovedRoute],
} as const;
