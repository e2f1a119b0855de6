/**
 * Login history (001 s3 Login history item: date; list total; s7 fromDate, toDate, pageNumber,
 * pageSize; s9 page size 20; issue 50) as pure rules: the filter the address carries (bookmarkable,
 * empty values dropped), its checks, and the page count. Shared by the page and the sandbox.
 */
export const LOGIN_HISTORY_PAGE_SIZE = 20;

export interface LoginHistorySearch {
  fromDate?: string;
  toDate?: string;
  page?: number;
}

export type DateProblem = 'format' | 'order';

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What is wrong with a date range, by field: each given day must be a calendar day, and the range
 * must not end before it starts (toDate's problem). One day (from = to) is a range. Empty: right.
 */
export function dateRangeProblems(range: { fromDate?: string; toDate?: string }): Partial<Record<'fromDate' | 'toDate', DateProblem>> {
  const problems: Partial<Record<'fromDate' | 'toDate', DateProblem>> = {};
  const from = range.fromDate?.trim() ?? '';
  const to = range.toDate?.trim() ?? '';
  if (from && !isCalendarDate(from)) problems.fromDate = 'format';
  if (to && !isCalendarDate(to)) problems.toDate = 'format';
  if (!problems.fromDate && !problems.toDate && from && to && to < from) problems.toDate = 'order';
  return problems;
}

/**
 * The address's search, read strictly (a hand-edited or old link): a date that is not a calendar
 * day is dropped, a range in the wrong order keeps only fromDate, a page that is not a whole number
 * from 2 up is the first page (absent). Nothing else is kept.
 */
export function readLoginHistorySearch(raw: Record<string, unknown>): LoginHistorySearch {
  const text = (value: unknown) => (typeof value === 'string' && isCalendarDate(value.trim()) ? value.trim() : undefined);
  const fromDate = text(raw.fromDate);
  let toDate = text(raw.toDate);
  if (fromDate && toDate && toDate < fromDate) toDate = undefined;
  const pageValue = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' && /^\d+$/.test(raw.page) ? Number(raw.page) : NaN;
  const page = Number.isSafeInteger(pageValue) && pageValue >= 2 ? pageValue : undefined;
  return { ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}), ...(page ? { page } : {}) };
}

/** The call's body for a search (001 s7): the days given, the page (from 1) and the page size of s9. */
export function loginHistoryRequest(search: LoginHistorySearch): { fromDate?: string; toDate?: string; pageNumber: number; pageSize: number } {
  return {
    ...(search.fromDate ? { fromDate: search.fromDate } : {}),
    ...(search.toDate ? { toDate: search.toDate } : {}),
    pageNumber: search.page ?? 1,
    pageSize: LOGIN_HISTORY_PAGE_SIZE,
  };
}

/** How many pages a total fills (at least one, so an empty list is page 1 of 1). */
export const pageCount = (total: number, pageSize = LOGIN_HISTORY_PAGE_SIZE): number => Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
