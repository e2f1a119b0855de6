import Big from 'big.js';
import { DECIMAL_AMOUNT, normalizeAmount } from '../shared/amount.ts';
import { dateRangeProblems, isCalendarDate } from '../settings/login-history.rules.ts';

/**
 * The invoices page's address (/transfer/invoices; 001 s7 invoices: list received and list sent with
 * pageNumber, pageSize, status, fromDate, toDate, fromAmount, toAmount, payerEmail or payeeEmail;
 * s9 page size 20), cleaned by the route before the page loads: small and free of messages (it is
 * part of the page's first load). The other invoice rules are in invoice.rules.ts; both are
 * table-tested in tests/unit/invoice-rules.test.ts.
 */
export const INVOICE_PAGE_SIZE = 20;

export const INVOICE_TABS = ['received', 'sent'] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

/** 001 s3 statusId, named in main.yaml InvoiceStatusId (the spec shows none: docs/decisions.md "Invoices"). */
export const INVOICE_STATUS = { unpaid: 1, paid: 2, rejected: 3, paymentPending: 4 } as const;
export type InvoiceStatusId = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];
export const INVOICE_STATUS_IDS: readonly InvoiceStatusId[] = [1, 2, 3, 4];

/** The other party's e-mail has the spec's name on each tab: the sender (payee) on Received, the payer on Sent. */
export const emailFieldOf = (tab: InvoiceTab): 'payeeEmail' | 'payerEmail' => (tab === 'received' ? 'payeeEmail' : 'payerEmail');

export interface InvoiceSearch {
  /** Absent: Received. */
  tab?: 'sent';
  page?: number;
  status?: InvoiceStatusId;
  fromDate?: string;
  toDate?: string;
  fromAmount?: string;
  toAmount?: string;
  payeeEmail?: string;
  payerEmail?: string;
}

export const tabOf = (search: InvoiceSearch): InvoiceTab => search.tab ?? 'received';

/**
 * The address read strictly: a known tab, a page from 2 up (page 1 is no page), a status the
 * contract has, real days, exact amounts (a decimal comma read as the point), the e-mail of the
 * tab's other party only (trimmed, at most 100 characters); everything else dropped. A range out
 * of order keeps only its start (as the login history's address does).
 */
export function readInvoiceSearch(raw: Record<string, unknown>): InvoiceSearch {
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : typeof raw[key] === 'number' ? String(raw[key]) : '');
  const out: InvoiceSearch = {};
  const tab: InvoiceTab = text('tab') === 'sent' ? 'sent' : 'received';
  if (tab === 'sent') out.tab = 'sent';
  const page = text('page');
  if (/^\d{1,6}$/.test(page) && Number(page) > 1) out.page = Number(page);
  const status = Number(text('status'));
  if ((INVOICE_STATUS_IDS as readonly number[]).includes(status)) out.status = status as InvoiceStatusId;
  for (const key of ['fromDate', 'toDate'] as const) {
    const day = text(key);
    if (isCalendarDate(day)) out[key] = day;
  }
  for (const key of ['fromAmount', 'toAmount'] as const) {
    const amount = normalizeAmount(text(key));
    if (DECIMAL_AMOUNT.test(amount)) out[key] = amount;
  }
  if (out.fromDate && out.toDate && out.toDate < out.fromDate) delete out.toDate;
  if (out.fromAmount && out.toAmount && new Big(out.fromAmount).gt(out.toAmount)) delete out.toAmount;
  const field = emailFieldOf(tab);
  const email = text(field).slice(0, 100);
  if (email) out[field] = email;
  return out;
}

/** The list call's body for a search (001 s7): the tab's filters, empty ones left out, 20 a page. */
export function invoiceListRequest(search: InvoiceSearch) {
  const tab = tabOf(search);
  const field = emailFieldOf(tab);
  return {
    pageNumber: search.page ?? 1,
    pageSize: INVOICE_PAGE_SIZE,
    ...(search.status ? { status: search.status } : {}),
    ...(search.fromDate ? { fromDate: search.fromDate } : {}),
    ...(search.toDate ? { toDate: search.toDate } : {}),
    ...(search.fromAmount ? { fromAmount: search.fromAmount } : {}),
    ...(search.toAmount ? { toAmount: search.toAmount } : {}),
    ...(search[field] ? { [field]: search[field] } : {}),
  };
}

export type RangeProblem = 'format' | 'order';
export type InvoiceFilterField = 'fromDate' | 'toDate' | 'fromAmount' | 'toAmount';

/**
 * The filter's ranges (the same rule the service applies): each end a real day or an exact amount
 * (empty is fine), and from ≤ to for dates and for amounts (the order is said at "to"; a wrong
 * format hides the order).
 */
export function invoiceFilterProblems(values: Partial<Record<InvoiceFilterField, string>>): Partial<Record<InvoiceFilterField, RangeProblem>> {
  const problems: Partial<Record<InvoiceFilterField, RangeProblem>> = dateRangeProblems({ fromDate: values.fromDate, toDate: values.toDate });
  const fromAmount = normalizeAmount(values.fromAmount ?? '');
  const toAmount = normalizeAmount(values.toAmount ?? '');
  if (fromAmount && !DECIMAL_AMOUNT.test(fromAmount)) problems.fromAmount = 'format';
  if (toAmount && !DECIMAL_AMOUNT.test(toAmount)) problems.toAmount = 'format';
  if (!problems.fromAmount && !problems.toAmount && fromAmount && toAmount && new Big(fromAmount).gt(toAmount)) problems.toAmount = 'order';
  return problems;
}

/** How many pages a total fills (at least one). */
export const invoicePageCount = (total: number): number => Math.max(1, Math.ceil(Math.max(0, total) / INVOICE_PAGE_SIZE));
