import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BATCH_PAGE_SIZE, DEBIT_HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, STATEMENTS_PAGE_SIZE } from '@machines/shared/constants';
import { batchRequest, historyRequest, type BatchSearch, type HistorySearch } from '@machines/history/history.logic';
import type { ExportRequest, ExportStatus, ExportType } from '@machines/history/export.machine';
import { api, type MainBody, type MainSchemas, MONEY_QUERY } from '@/shared/api';

/** History, batches, exports, statements and payment instructions (spec 001 s3, s7, s9): keys, queries and calls. */
export type HistoryTransaction = MainSchemas['Transaction'];
export type HistorySummary = MainSchemas['HistorySummary'];
export type Authorization = MainSchemas['Authorization'];
export type BatchTransfer = MainSchemas['BatchTransfer'];
export type StatementExport = MainSchemas['StatementExport'];
export type PaymentInstruction = MainSchemas['PaymentInstruction'];

export interface HistoryPage {
  total: number;
  transactions: HistoryTransaction[];
  summary: HistorySummary | null;
}

export const historyKeys = {
  all: ['history'] as const,
  list: (search: HistorySearch) => ['history', 'list', search] as const,
  debit: (accountId: number, page: number) => ['history', 'debit', accountId, page] as const,
  batches: (search: BatchSearch) => ['history', 'batches', search] as const,
  statements: (accountId: number, page: number) => ['statements', accountId, page] as const,
  instructions: () => ['payment-instructions'] as const,
};

/**
 * The filtered history, page by page (20 a page) as the list is scrolled. While a new filter
 * loads, the previous rows stay on screen (no blank flash, no jump).
 */
export const historyQuery = (search: HistorySearch) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(search),
    meta: MONEY_QUERY,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const reply = await api().main.call('transactionHistory', historyRequest(search, pageParam, HISTORY_PAGE_SIZE), { signal });
      return { total: reply.total ?? 0, transactions: reply.transactions ?? [], summary: reply.summary ?? null };
    },
    getNextPageParam: (last, pages) => (pages.length * HISTORY_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** Debit and authorisation history of a settlement account, 10 a page (001 s6, s9). */
export const debitHistoryQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: historyKeys.debit(accountId, page),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('debitAuthorizationHistory', { accountId, pageNumber: page, pageSize: DEBIT_HISTORY_PAGE_SIZE }, { signal });
      return { total: reply.total ?? 0, authorizations: reply.authorizations ?? [] };
    },
    placeholderData: keepPreviousData,
  });

/** Batch transfers, 20 a page (002 s5, s9). */
export const batchHistoryQuery = (search: BatchSearch) =>
  infiniteQueryOptions({
    queryKey: historyKeys.batches(search),
    meta: MONEY_QUERY,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const reply = await api().main.call('batchTransferHistory', batchRequest(search, pageParam, BATCH_PAGE_SIZE) as Omit<MainBody<'batchTransferHistory'>, 'method'>, { signal });
      return { total: reply.total ?? 0, batches: reply.batches ?? [] };
    },
    getNextPageParam: (last, pages) => (pages.length * BATCH_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** Monthly statements of an account, 12 a page (001 s7). */
export const statementsQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: historyKeys.statements(accountId, page),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('transactionHistoryExportList', { accountId, source: 'monthly', pageNumber: page, pageSize: STATEMENTS_PAGE_SIZE }, { signal });
      return { total: reply.total ?? 0, exports: reply.exports ?? [] };
    },
    placeholderData: keepPreviousData,
  });

export const paymentInstructionsQuery = () =>
  queryOptions({
    queryKey: historyKeys.instructions(),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => (await api().main.call('paymentInstructionList', {}, { signal })).instructions ?? [],
  });

export async function markInstructionViewed(instructionId: number, accountId: number): Promise<void> {
  await api().main.call('paymentInstructionViewed', { instructionId, accountId });
}

/** Export start: the exportId. */
export async function startExport(request: ExportRequest): Promise<string> {
  const { filter = {}, ...rest } = request;
  const body = { ...filter, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) };
  return (await api().main.call('transactionHistoryExportStart', body as ExportStartBody)).exportId ?? '';
}
type ExportStartBody = Omit<MainBody<'transactionHistoryExportStart'>, 'method'> & { type: ExportType };

/** Export status; a ready export's file link is kept for the download. */
export async function exportStatus(exportId: string): Promise<ExportStatus & { redirectLink?: string | undefined; fileName?: string | undefined }> {
  const reply = await api().main.call('transactionHistoryExportStatus', { exportId });
  if (reply.status === 'ready') return { status: 'ready', redirectLink: reply.redirectLink, fileName: reply.fileName };
  if (reply.status === 'failed') return { status: 'failed', reason: reply.reason };
  return { status: 'pending', progress: reply.progress };
}

export async function sendExport(exportId: string, email: string): Promise<void> {
  await api().main.call('transactionHistoryExportSend', { exportId, email });
}

/** A generated document (000 s7): its link. */
export async function generatePdf(name: 'statement' | 'transactionConfirmation' | 'accountConfirmation', body: Record<string, unknown>): Promise<string> {
  const { data } = await api().documents.POST('/pdf/api/generator_pdf/{name}', { params: { path: { name } }, body });
  return data?.redirectLink ?? '';
}
