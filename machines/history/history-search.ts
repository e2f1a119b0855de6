/**
 * What the history and batch addresses may hold (spec 001 s3, s5; 002 s5): the routes clean their
 * search with these before any page loads, so this module stays small and free of messages (it is
 * part of every page's first load). The rest of the history rules are in history.logic.ts.
 */
import { DECIMAL_AMOUNT, normalizeAmount } from '../shared/amount';

export const TRANSACTION_TYPES = ['p2p', 'wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac', 'card', 'between_accounts', 'deposit', 'fee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_DIRECTIONS = ['in', 'out'] as const;
export const TRANSACTION_STATUSES = ['completed', 'processing', 'rejected'] as const;
export const BATCH_TYPES = ['wire', 'eft', 'oct', 'p2p', 'crypto', 'globalPay'] as const;

/** The history filter as the address keeps it (every value text; absent when empty). */
export interface HistorySearch {
  accountId?: string;
  keyword?: string;
  transactionType?: string;
  transactionDirection?: string;
  status?: string;
  fromDate?: string;
  toDate?: string;
  fromAmount?: string;
  toAmount?: string;
  email?: string;
}

export const HISTORY_FILTER_FIELDS = ['accountId', 'keyword', 'transactionType', 'transactionDirection', 'status', 'fromDate', 'toDate', 'fromAmount', 'toAmount', 'email'] as const satisfies readonly (keyof HistorySearch)[];

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * What the address may hold: known fields only, trimmed, empty ones dropped, values of a closed
 * set kept only when they belong to it. A hand-edited or stale address never reaches the service
 * with a value the service would refuse.
 */
export function cleanHistorySearch(raw: Record<string, unknown>): HistorySearch {
  const out: HistorySearch = {};
  const text = (key: keyof HistorySearch) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : typeof raw[key] === 'number' ? String(raw[key]) : '');
  const accountId = text('accountId');
  if (/^\d{1,12}$/.test(accountId)) out.accountId = accountId;
  const keyword = text('keyword').slice(0, 100);
  if (keyword) out.keyword = keyword;
  const type = text('transactionType');
  if ((TRANSACTION_TYPES as readonly string[]).includes(type)) out.transactionType = type;
  const direction = text('transactionDirection');
  if ((TRANSACTION_DIRECTIONS as readonly string[]).includes(direction)) out.transactionDirection = direction;
  const status = text('status');
  if ((TRANSACTION_STATUSES as readonly string[]).includes(status)) out.status = status;
  const fromDate = text('fromDate');
  if (isRealDate(fromDate)) out.fromDate = fromDate;
  const toDate = text('toDate');
  if (isRealDate(toDate)) out.toDate = toDate;
  const fromAmount = normalizeAmount(text('fromAmount'));
  if (DECIMAL_AMOUNT.test(fromAmount)) out.fromAmount = fromAmount;
  const toAmount = normalizeAmount(text('toAmount'));
  if (DECIMAL_AMOUNT.test(toAmount)) out.toAmount = toAmount;
  const email = text('email').toLowerCase();
  if (EMAIL.test(email) && email.length <= 254) out.email = email;
  return out;
}

/** The batch filter (002 s5): search, types, from, to; empty values dropped. */
export interface BatchSearch {
  search?: string;
  types?: string;
  from?: string;
  to?: string;
}

export function cleanBatchSearch(raw: Record<string, unknown>): BatchSearch {
  const out: BatchSearch = {};
  const text = (key: keyof BatchSearch) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
  const search = text('search').slice(0, 100);
  if (search) out.search = search;
  const types = text('types')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => (BATCH_TYPES as readonly string[]).includes(t));
  if (types.length) out.types = [...new Set(types)].join(',');
  if (isRealDate(text('from'))) out.from = text('from');
  if (isRealDate(text('to'))) out.to = text('to');
  return out;
}
