import { ACCESS_LEVEL } from '../app/navigation.logic';

/**
 * Business approvals (001 s3 Business transaction request, s4 Business approver, s6 access
 * levels; 000 s6) as pure rules: who may approve, who may only initiate, which requests a user
 * may decide, and the list's filter. Table-tested in tests/unit/business-approvals-rules.test.ts.
 *
 * Decisions (docs/decisions.md "Business approvals"): the account holder and users with full
 * access (2) or "confirmed" (4) approve and decline; "initiate" (3) creates transfers that wait
 * for them; nobody decides a request they created; a mass request is decided as a whole.
 */
export interface TransactionRequestFacts {
  id: number;
  status: 'waiting' | 'approved' | 'declined' | 'failed';
  groupedTransactionType: 'single' | 'mass';
  batchId?: number | undefined;
  mine?: boolean | undefined;
}

/** The user's transfers level; undefined when the access info lists none (the account holder: full rights). */
export type TransfersLevel = number | undefined;

/** Approves and declines others' requests: the holder, full access and confirmed. */
export const mayApprove = (level: TransfersLevel): boolean => level === undefined || level === ACCESS_LEVEL.full || level === ACCESS_LEVEL.confirmed;

/** Creates transfers that wait for an approver (001 s4: creator-only right, level 3). */
export const isInitiateOnly = (level: TransfersLevel): boolean => level === ACCESS_LEVEL.initiate;

/** Sees the requests list: approvers (all of the company's) and initiate-only users (their own). */
export const seesRequests = (level: TransfersLevel): boolean => mayApprove(level) || isInitiateOnly(level);

/** Whether this user may decide this request: an approver, a waiting request, not their own. */
export const isDecidable = (request: TransactionRequestFacts, level: TransfersLevel): boolean => mayApprove(level) && request.status === 'waiting' && request.mine !== true;

/** The single requests that can be ticked to be decided together (mass requests are decided one by one). */
export const selectableIds = (requests: readonly TransactionRequestFacts[], level: TransfersLevel): number[] =>
  requests.filter((r) => r.groupedTransactionType === 'single' && isDecidable(r, level)).map((r) => r.id);

/** The ticked ids that can still be decided (a refreshed list may have decided some meanwhile). */
export const decidableSelection = (selected: readonly number[], requests: readonly TransactionRequestFacts[], level: TransfersLevel): number[] => {
  const allowed = new Set(selectableIds(requests, level));
  return selected.filter((id) => allowed.has(id));
};

/** The list's filter (001 s7: page size 50, filters), kept in the address; empty values are dropped. */
export interface RequestFilter {
  /** `all` is every status (the call then has no status filter). */
  status?: 'waiting' | 'approved' | 'declined' | 'all' | undefined;
  transactionType?: string | undefined;
  createdBy?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export const REQUEST_PAGE_SIZE = 50;
const STATUSES = ['waiting', 'approved', 'declined'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Cleans a filter from the address: known statuses, dates in order, trimmed texts; waiting by default. */
export function cleanRequestFilter(search: Record<string, unknown>): RequestFilter {
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() && v.trim().length <= max ? v.trim() : undefined);
  const status = (STATUSES as readonly unknown[]).includes(search.status) || search.status === 'all' ? (search.status as RequestFilter['status']) : 'waiting';
  let fromDate = typeof search.fromDate === 'string' && DATE.test(search.fromDate) ? search.fromDate : undefined;
  let toDate = typeof search.toDate === 'string' && DATE.test(search.toDate) ? search.toDate : undefined;
  if (fromDate && toDate && fromDate > toDate) [fromDate, toDate] = [toDate, fromDate];
  const filter: RequestFilter = { status, transactionType: text(search.transactionType, 40), createdBy: text(search.createdBy, 254), fromDate, toDate };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as RequestFilter;
}

/** The call's filter (001 s7: filters drop empty values; `all` is no status filter). */
export function requestListFilter(filter: RequestFilter): Omit<RequestFilter, 'status'> & { status?: 'waiting' | 'approved' | 'declined' } {
  const { status, ...rest } = filter;
  return status && status !== 'all' ? { ...rest, status } : rest;
}
