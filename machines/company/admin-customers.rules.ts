/**
 * The admin overview's customers (issue 52; main.yaml adminCustomerList, an extension: the spec
 * shows /admin-overview but no call for it) as pure rules: the address's search and page, the
 * call's body, the pages a total fills, and the search field's check. The search is the contract's
 * (a name or login e-mail in part, any case, at most 100 characters); 20 customers a page.
 * Table-tested in tests/unit/admin-customers.test.ts.
 */

/** Customers a page (the call's default, asked for explicitly). */
export const ADMIN_CUSTOMER_PAGE_SIZE = 20;
/** The longest search the contract takes (adminCustomerList search maxLength). */
export const ADMIN_CUSTOMER_SEARCH_MAX = 100;

/** The address of /admin-overview: what was searched and the page (from 2; the first has none). */
export interface AdminCustomerSearch {
  search?: string;
  page?: number;
}

export type AdminCustomerSearchProblem = 'tooLong';

/** Characters as the contract counts them (JSON Schema's maxLength: code points). */
const characterCount = (text: string): number => Array.from(text).length;

/** What is wrong with the search as typed (trimmed): longer than the contract takes. Empty: right (everyone). */
export function adminCustomerSearchProblems(values: { search?: string | undefined }): Partial<Record<'search', AdminCustomerSearchProblem>> {
  const search = (values.search ?? '').trim();
  return characterCount(search) > ADMIN_CUSTOMER_SEARCH_MAX ? { search: 'tooLong' } : {};
}

/**
 * The address read strictly on the way in: a search is trimmed text of 1–100 characters (longer
 * is dropped, never cut: a cut search would find other customers than the link meant); a page is
 * a whole number from 2. Anything else is dropped, so a view can be bookmarked and a broken link
 * shows the first page of everyone.
 */
export function readAdminCustomerSearch(raw: Record<string, unknown>): AdminCustomerSearch {
  const text = typeof raw.search === 'string' ? raw.search.trim() : '';
  const search = text && characterCount(text) <= ADMIN_CUSTOMER_SEARCH_MAX ? text : undefined;
  const pageValue = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' && /^\d+$/.test(raw.page) ? Number(raw.page) : Number.NaN;
  const page = Number.isSafeInteger(pageValue) && pageValue >= 2 ? pageValue : undefined;
  return { ...(search ? { search } : {}), ...(page ? { page } : {}) };
}

/** The call's body for an address: the page (from 1), 20 a page, the search only when there is one. */
export function adminCustomerListRequest(search: AdminCustomerSearch): { pageNumber: number; pageSize: number; search?: string } {
  return {
    pageNumber: search.page ?? 1,
    pageSize: ADMIN_CUSTOMER_PAGE_SIZE,
    ...(search.search ? { search: search.search } : {}),
  };
}

/** How many pages a total fills (at least one, so an empty list is page 1 of 1). */
export const adminCustomerPageCount = (total: number): number => Math.max(1, Math.ceil(Math.max(0, total) / ADMIN_CUSTOMER_PAGE_SIZE));

/** The address of another page of the same search (the first page carries no page). */
export function adminCustomerPage(search: AdminCustomerSearch, page: number): AdminCustomerSearch {
  const { page: _page, ...rest } = search;
  return page > 1 ? { ...rest, page } : rest;
}
