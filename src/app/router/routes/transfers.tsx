import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
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

export const transferRoutes = {
  main: [ownAccountsRoute],
} as const;
