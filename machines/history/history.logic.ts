import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DECIMAL_AMOUNT, normalizeAmount } from '../shared/amount';
import { BATCH_TYPES, EMAIL, HISTORY_FILTER_FIELDS, TRANSACTION_STATUSES, isRealDate, type BatchSearch, type HistorySearch, type TransactionType } from './history-search';

export {
  BATCH_TYPES,
  HISTORY_FILTER_FIELDS,
  TRANSACTION_DIRECTIONS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  cleanBatchSearch,
  cleanHistorySearch,
  type BatchSearch,
  type HistorySearch,
  type TransactionType,
} from './history-search';

/**
 * History and batch filters (spec 001 s3, s5, s9; 002 s5) as pure rules: what the address keeps,
 * what the service is sent (empty values dropped), and what a filter form refuses. Table-tested in
 * tests/unit/history-rules.test.ts.
 */


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

/**
 * What an invoice payment's row says beside its name (issue 51: home's recent activity, the history
 * and its details show it as one), from the row's invoiceId and direction; undefined for any other row.
 */
export function invoicePaymentLabel(tx: { invoiceId?: number | undefined; amount: string }): MessageDescriptor | undefined {
  const invoiceId = tx.invoiceId;
  if (invoiceId === undefined) return undefined;
  return tx.amount.startsWith('-') ? msg`Payment of invoice No. ${invoiceId}` : msg`Invoice No. ${invoiceId} paid to you`;
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
  for (const key of ['fromAmount', 'toAmount'] as const) if (v(key) && !DECIMAL_AMOUNT.test(normalizeAmount(v(key)))) errors[key] = historyFilterMessages.amountFormat;
  if (!errors.fromAmount && !errors.toAmount && v('fromAmount') && v('toAmount') && new Big(normalizeAmount(v('toAmount'))).lt(normalizeAmount(v('fromAmount')))) {
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
