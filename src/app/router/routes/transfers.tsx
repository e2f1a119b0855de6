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

/** /transfer/external: one form for wire, EFT, card payout, crypto, instant payment and Interac; `?transactionId=` starts from a recent one. */
const externalRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/external',
  validateSearch: (search: Record<string, unknown>): { transactionId?: string } => {
    const transactionId = accountId(search.transactionId);
    return transactionId ? { transactionId } : {};
  },
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-external" */ '@/pages/transfer-external'), 'TransferExternalPage'),
});

/** /transfer/preapproved-payments: recurring payments; the filter (001 s3) is the address, cleaned on the way in. */
const preapprovedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/preapproved-payments',
  validateSearch: (search: Record<string, unknown>): PreapprovedSearch => cleanPreapprovedSearch(search),
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-preapproved" */ '@/pages/transfer-preapproved'), 'TransferPreapprovedPage'),
});

/** /transfer/mass/p2p and its /confirm page: many payments by e-mail, one flow across both (features/mass-p2p). */
const massP2pRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/mass/p2p',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-mass-p2p" */ '@/pages/transfer-mass-p2p'), 'TransferMassP2pPage'),
});

const massP2pConfirmRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/mass/p2p/confirm',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-transfer-mass-p2p" */ '@/pages/transfer-mass-p2p'), 'TransferMassP2pConfirmPage'),
});

export const transferRoutes = {
  main: [ownAccountsRoute, p2pRoute, externalRoute, preapprovedRoute, massP2pRoute, massP2pConfirmRoute],
} as const;
