import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { cleanPreapprovedSearch, type PreapprovedSearch } from '@machines/transfers/preapproved-search';
import { readInvoiceSearch, type InvoiceSearch } from '@machines/invoices/invoice-search';
import { MASS_FILE_METHODS, massFileMethodOf, type MassFileMethod } from '@machines/transfers/mass-file-pages';
import { cleanRequestFilter, type RequestFilter } from '@machines/business/approvals.logic';
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
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-account" */ '@/pages/transfer-account'), 'TransferAccountPage'),
});

/** /transfer/p2p: to a customer by e-mail; `?transactionId=` starts from a recent transfer (home's "Send again"). */
const p2pRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/p2p',
  validateSearch: (search: Record<string, unknown>): { transactionId?: string } => {
    const transactionId = accountId(search.transactionId);
    return transactionId ? { transactionId } : {};
  },
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-p2p" */ '@/pages/transfer-p2p'), 'TransferP2pPage'),
});

/** /transfer/external: one form for wire, EFT, card payout, crypto, instant payment and Interac; `?transactionId=` starts from a recent one. */
const externalRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/external',
  validateSearch: (search: Record<string, unknown>): { transactionId?: string } => {
    const transactionId = accountId(search.transactionId);
    return transactionId ? { transactionId } : {};
  },
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-external" */ '@/pages/transfer-external'), 'TransferExternalPage'),
});

/** /transfer/preapproved-payments: recurring payments; the filter (001 s3) is the address, cleaned on the way in. */
const preapprovedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/preapproved-payments',
  validateSearch: (search: Record<string, unknown>): PreapprovedSearch => cleanPreapprovedSearch(search),
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-preapproved" */ '@/pages/transfer-preapproved'), 'TransferPreapprovedPage'),
});

/** /transfer/invoices: received and sent invoices; the tab, page and filter (001 s7) are the address, read strictly on the way in. */
const invoicesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/invoices',
  validateSearch: (search: Record<string, unknown>): InvoiceSearch => readInvoiceSearch(search),
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-invoices" */ '@/pages/transfer-invoices'), 'TransferInvoicesPage'),
});

/** /transfer/mass/p2p and its /confirm page: many payments by e-mail, one flow across both (features/mass-p2p). */
const massP2pRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/mass/p2p',
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-mass-p2p" */ '@/pages/transfer-mass-p2p'), 'TransferMassP2pPage'),
});

const massP2pConfirmRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/mass/p2p/confirm',
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-mass-p2p" */ '@/pages/transfer-mass-p2p'), 'TransferMassP2pConfirmPage'),
});

/** /transfer/mass/wire, eft, oct, digital: many external payments from one file (features/mass-transfer); another kind is the 404 page. */
const massFileRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/mass/$kind',
  beforeLoad: ({ params }) => {
    if (!massFileMethodOf(params.kind)) throw notFound();
  },
  component: function MassFileRoute() {
    const { kind } = massFileRoute.useParams();
    return <MassFilePage method={massFileMethodOf(kind) ?? 'wire'} />;
  },
});
const MassFilePage = lazyRoute(() => import(/* webpackChunkName: "page-transfer-mass-file" */ '@/pages/transfer-mass-file'), 'TransferMassFilePage');

/** /transfer/external/mass/confirm?method=: a file's summary and its real submit. */
const massFileConfirmRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/external/mass/confirm',
  validateSearch: (search: Record<string, unknown>): { method: MassFileMethod } => ({
    method: (MASS_FILE_METHODS as readonly unknown[]).includes(search.method) ? (search.method as MassFileMethod) : 'wire',
  }),
  component: function MassFileConfirmRoute() {
    const { method } = massFileConfirmRoute.useSearch();
    return <MassFileConfirmPage method={method} />;
  },
});
const MassFileConfirmPage = lazyRoute(() => import(/* webpackChunkName: "page-transfer-mass-file" */ '@/pages/transfer-mass-file'), 'TransferMassFileConfirmPage');

/** A batch's id in the address (a reload or a link resumes it). */
const batchIdOf = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,11}$/.test(text) ? Number(text) : undefined;
};

/** /transfer/mass/global[?batchId=]: a global pay batch from its file to its submit (features/global-pay); the static path wins over $kind. */
const globalRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/mass/global',
  validateSearch: (search: Record<string, unknown>): { batchId?: number } => {
    const batchId = batchIdOf(search.batchId);
    return batchId ? { batchId } : {};
  },
  component: function GlobalRoute() {
    const { batchId } = globalRoute.useSearch();
    return <GlobalPage batchId={batchId} />;
  },
});
const GlobalPage = lazyRoute(() => import(/* webpackChunkName: "page-transfer-global" */ '@/pages/transfer-global'), 'TransferGlobalPage');

/** /transfer/external/global-summary?batchId=: a sent batch's status; without a batch, the batch page. */
const globalSummaryRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/external/global-summary',
  validateSearch: (search: Record<string, unknown>): { batchId?: number } => {
    const batchId = batchIdOf(search.batchId);
    return batchId ? { batchId } : {};
  },
  beforeLoad: ({ search }) => {
    if (!search.batchId) throw redirect({ to: '/transfer/mass/global', replace: true });
  },
  component: function GlobalSummaryRoute() {
    const { batchId } = globalSummaryRoute.useSearch();
    return <GlobalSummaryPage batchId={batchId ?? 0} />;
  },
});
const GlobalSummaryPage = lazyRoute(() => import(/* webpackChunkName: "page-transfer-global" */ '@/pages/transfer-global'), 'TransferGlobalSummaryPage');

/** /transfer/approved: a business's transaction requests for approvers; the filter (waiting by default) and page are the address. */
const approvedRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'transfer/approved',
  validateSearch: (search: Record<string, unknown>): RequestFilter & { page?: number } => {
    const page = typeof search.page === 'number' ? search.page : Number(search.page);
    return { ...cleanRequestFilter(search), ...(Number.isInteger(page) && page > 1 ? { page } : {}) };
  },
  component: lazyRoute(() => import(/* webpackChunkName: "page-transfer-approved" */ '@/pages/transfer-approved'), 'TransferApprovedPage'),
});

export const transferRoutes = {
  main: [ownAccountsRoute, p2pRoute, externalRoute, preapprovedRoute, invoicesRoute, massP2pRoute, massP2pConfirmRoute, globalRoute, globalSummaryRoute, massFileRoute, massFileConfirmRoute, approvedRoute],
} as const;
