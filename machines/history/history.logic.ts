import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * History and batch filters (spec 001 s3, s5, s9; 002 s5) as pure rules: what the address keeps,
 * what the service is sent (empty values dropped), and what a filter form refuses. Table-tested in
 * tests/unit/history-rules.test.ts.
 */

export const TRANSACTION_TYPES = ['p2p', 'wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac', 'card', 'between_accounts', 'deposit', 'fee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_DIRECTIONS = ['in', 'out'] as const;
export const TRANSACTION_STATUSES = ['completed', 'processing', 'rejected'] as const;
export const BATCH_TYPES = ['wire', 'eft', 'oct', 'p2p', 'crypto', 'globalPay'] as const;

/** What a transaction of a type is called (a transaction without a description shows this). */
export const TRANSACTION_TYPE_LABELS: Readonly<Record<TransactionType, MessageDescriptor>> = {
  p2p: msg`Transfer to a person`,
  wire: msg`Wire transfer`,
  eft: msg`EFT transfer`,
  oct: msg`Card payout`,
  crypto_eft: msg`Crypto transfer`,
  instant_payment: msg`Instant payment`,
  interac: msg`Interac transfer`,
  card: msg`Card payment`,
  between_accounts: msg`Between your accounts`,
  deposit: msg`Deposit`,
  fee: msg`Fee`,
};

export const TRANSACTION_STATUS_LABELS: Readonly<Record<(typeof TRANSACTION_STATUSES)[number], MessageDescriptor>> = {
  completed: msg`Completed`,
  processing: msg`Processing`,
  rejected: msg`Rejected`,
};

export const BATCH_TYPE_LABELS: Readonly<Record<(typeof BATCH_TYPES)[number], MessageDescriptor>> = {
  wire: msg`Wire`,
  eft: msg`EFT`,
  oct: msg`Card payout`,
  p2p: msg`To people`,
  crypto: msg`Crypto`,
  globalPay: msg`Global pay`,
};

/** A transaction's name: its description, else what its type is called. */
export function transactionName(tx: { description?: string | undefined; type: string }, translate: (d: MessageDescriptor) => string): string {
  if (tx.description) return tx.description;
  const label = TRANSACTION_TYPE_LABELS[tx.type as TransactionType];
  return label ? translate(label) : tx.type;
}

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,15}(\.\d{1,8})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A typed amount with a decimal comma read as the point ("1,5" → "1.5"). */
const amountText = (text: string): string => text.trim().replace(/^(\d+),(\d+)$/, '$1.$2');

function isRealDate(text: string): boolean {
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
  const fromAmount = amountText(text('fromAmount'));
  if (AMOUNT.test(fromAmount)) out.fromAmount = fromAmount;
  const toAmount = amountText(text('toAmount'));
  if (AMOUNT.test(toAmount)) out.toAmount = toAmount;
  const email = text('email').toLowerCase();
  if (EMAIL.test(email) && email.length <= 254) out.email = email;
  return out;
}

/** The transactionHistory body for one page (001 s7: page size 20): the filter without empty values. */
export function historyRequest(search: HistorySearch, pageNumber: number, pageSize: number): Record<string, string | number> {
  const body: Record<string, string | number> = { pageNumber, pageSize };
  for (const field of HISTORY_FILTER_FIELDS) {
    const value = search[field];
    if (value === undefined || value === '') continue;
    body[field] = field === 'accountId' ? Number(value) : value;
  }
  return body;
}

export const historyFilterMessages = {
  dateFormat: msg`Choose a date.`,
  dateOrder: msg`The end date is before the start date.`,
  amountFormat: msg`Type an amount, for example 25.50.`,
  amountOrder: msg`The largest amount is below the smallest.`,
  email: msg`Type a whole e-mail address, or leave it empty.`,
} satisfies Record<string, MessageDescriptor>;

export type HistoryFilterErrors = Partial<Record<keyof HistorySearch, MessageDescriptor>>;

/**
 * The filter form's rule before it changes the address: dates real and in order, amounts decimal
 * and in order, an e-mail that is whole (001 s5: valid when empty). Empty fields are fine.
 */
export function validateHistoryFilter(values: Partial<Record<keyof HistorySearch, string>>): HistoryFilterErrors {
  const errors: HistoryFilterErrors = {};
  const v = (key: keyof HistorySearch) => (values[key] ?? '').trim();
  for (const key of ['fromDate', 'toDate'] as const) if (v(key) && !isRealDate(v(key))) errors[key] = historyFilterMessages.dateFormat;
  if (!errors.fromDate && !errors.toDate && v('fromDate') && v('toDate') && v('toDate') < v('fromDate')) errors.toDate = historyFilterMessages.dateOrder;
  for (const key of ['fromAmount', 'toAmount'] as const) if (v(key) && !AMOUNT.test(amountText(v(key)))) errors[key] = historyFilterMessages.amountFormat;
  if (!errors.fromAmount && !errors.toAmount && v('fromAmount') && v('toAmount') && new Big(amountText(v('toAmount'))).lt(amountText(v('fromAmount')))) {
    errors.toAmount = historyFilterMessages.amountOrder;
  }
  const email = v('email');
  if (email && !(email.length > 5 && email.includes('@') && email.includes('.') && EMAIL.test(email))) errors.email = historyFilterMessages.email;
  return errors;
}

/** How many filters are on (for the "Filters (3)" button and the "Clear filters" offer); the account is the page's subject, not a filter. */
export function activeFilterCount(search: HistorySearch): number {
  return HISTORY_FILTER_FIELDS.filter((f) => f !== 'accountId' && search[f] !== undefined && search[f] !== '').length;
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

export type BatchFilterErrors = Partial<Record<keyof BatchSearch, MessageDescriptor>>;

/** The batch filter form's rule: dates real and in order; every field may be empty (002 s5). */
export function validateBatchFilter(values: Partial<Record<keyof BatchSearch, string>>): BatchFilterErrors {
  const errors: BatchFilterErrors = {};
  const v = (key: keyof BatchSearch) => (values[key] ?? '').trim();
  for (const key of ['from', 'to'] as const) if (v(key) && !isRealDate(v(key))) errors[key] = historyFilterMessages.dateFormat;
  if (!errors.from && !errors.to && v('from') && v('to') && v('to') < v('from')) errors.to = historyFilterMessages.dateOrder;
  return errors;
}

/** The batch filter form's values from the address (every field, empty when not set). */
export function batchFilterFormValues(search: BatchSearch): Record<keyof BatchSearch, string> {
  return { search: search.search ?? '', types: search.types ?? '', from: search.from ?? '', to: search.to ?? '' };
}

/** How many batch filters are on. */
export function activeBatchFilterCount(search: BatchSearch): number {
  return (['search', 'types', 'from', 'to'] as const).filter((f) => search[f] !== undefined && search[f] !== '').length;
}

export const BATCH_STATUSES = ['draft', 'processing', 'completed', 'partiallyCompleted', 'rejected', 'cancelled'] as const;
export const BATCH_STATUS_LABELS: Readonly<Record<(typeof BATCH_STATUSES)[number], MessageDescriptor>> = {
  draft: msg`Draft`,
  processing: msg`Processing`,
  completed: msg`Completed`,
  partiallyCompleted: msg`Partly completed`,
  rejected: msg`Rejected`,
  cancelled: msg`Cancelled`,
};

/** The batch list body for one page (page size 20): empty values dropped, types as a list. */
export function batchRequest(search: BatchSearch, pageNumber: number, pageSize: number): Record<string, unknown> {
  const body: Record<string, unknown> = { pageNumber, pageSize };
  if (search.search) body.search = search.search;
  if (search.types) body.types = search.types.split(',');
  if (search.from) body.from = search.from;
  if (search.to) body.to = search.to;
  return body;
}

/**
 * Debit and authorisation history (001 s6): only for a settlement account, that is an account
 * some debit card settles to.
 */
export function isSettlementAccount(accountId: number, accounts: readonly { subType?: string | undefined; settlementAccountId?: number | undefined }[]): boolean {
  return accounts.some((a) => a.subType === 'DEBIT' && a.settlementAccountId === accountId);
}

/** The filter form's values from the address (every field, empty when not set). */
export function filterFormValues(search: HistorySearch): Record<keyof HistorySearch, string> {
  return Object.fromEntries(HISTORY_FILTER_FIELDS.map((f) => [f, search[f] ?? ''])) as Record<keyof HistorySearch, string>;
}

/**
 * The export request for what the list shows (001 s7: amountFrom, amountTo, customerEmail, type):
 * the list's amount and e-mail filters become the export's own fields, the rest travels as the
 * filter (the account as a number).
 */
export function exportRequestFor(search: HistorySearch, type: 'csv' | 'pdf') {
  const { fromAmount, toAmount, email, ...filter } = search;
  return {
    type,
    ...(fromAmount ? { amountFrom: fromAmount } : {}),
    ...(toAmount ? { amountTo: toAmount } : {}),
    ...(email ? { customerEmail: email } : {}),
    filter: Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, k === 'accountId' ? Number(v) : v])) as Record<string, string | number>,
  };
}
