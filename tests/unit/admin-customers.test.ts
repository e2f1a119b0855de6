// @vitest-environment node
import {
  ADMIN_CUSTOMER_PAGE_SIZE,
  ADMIN_CUSTOMER_SEARCH_MAX,
  adminCustomerListRequest,
  adminCustomerPage,
  adminCustomerPageCount,
  adminCustomerSearchProblems,
  readAdminCustomerSearch,
} from '@machines/company/admin-customers.rules';

/** The admin overview's customer list (issue 52; main.yaml adminCustomerList): the address, the call, the pages, the search's check. Every branch and boundary. */
describe('admin customer search (the address)', () => {
  const long = 'a'.repeat(ADMIN_CUSTOMER_SEARCH_MAX);
  it.each<[Record<string, unknown>, ReturnType<typeof readAdminCustomerSearch>]>([
    [{}, {}],
    [{ search: 'acme' }, { search: 'acme' }],
    [{ search: '  acme  ' }, { search: 'acme' }],
    [{ search: '   ' }, {}],
    [{ search: '' }, {}],
    [{ search: 42 }, {}],
    [{ search: long }, { search: long }],
    [{ search: `${long}b` }, {}],
    [{ search: ` ${long} ` }, { search: long }],
    [{ page: '1' }, {}],
    [{ page: '2' }, { page: 2 }],
    [{ page: 3 }, { page: 3 }],
    [{ page: '0' }, {}],
    [{ page: 1 }, {}],
    [{ page: '2.5' }, {}],
    [{ page: 2.5 }, {}],
    [{ page: '-2' }, {}],
    [{ page: 'two' }, {}],
    [{ page: '99999999999999999999' }, {}],
    [
      { search: 'Société', page: '4' },
      { search: 'Société', page: 4 },
    ],
  ])('%j → %j', (raw, expected) => {
    expect(readAdminCustomerSearch(raw)).toEqual(expected);
  });
});

describe('admin customer list call', () => {
  it('asks the page (from 1), 20 a page, and the search only when there is one', () => {
    expect(ADMIN_CUSTOMER_PAGE_SIZE).toBe(20);
    expect(adminCustomerListRequest({})).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(adminCustomerListRequest({ page: 3 })).toEqual({ pageNumber: 3, pageSize: 20 });
    expect(adminCustomerListRequest({ search: 'harbour', page: 2 })).toEqual({ pageNumber: 2, pageSize: 20, search: 'harbour' });
    expect(adminCustomerListRequest({ search: '' })).toEqual({ pageNumber: 1, pageSize: 20 });
  });

  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [30, 2],
    [40, 2],
    [41, 3],
  ])('%i customers fill %i page(s)', (total, pages) => {
    expect(adminCustomerPageCount(total)).toBe(pages);
  });

  it('another page keeps the search; the first page carries no page', () => {
    expect(adminCustomerPage({ search: 'acme', page: 3 }, 1)).toEqual({ search: 'acme' });
    expect(adminCustomerPage({ search: 'acme' }, 2)).toEqual({ search: 'acme', page: 2 });
    expect(adminCustomerPage({}, 1)).toEqual({});
  });
});

describe('admin customer search field', () => {
  it.each<[string | undefined, ReturnType<typeof adminCustomerSearchProblems>]>([
    [undefined, {}],
    ['', {}],
    ['acme', {}],
    ['a'.repeat(100), {}],
    [` ${'a'.repeat(100)} `, {}],
    ['a'.repeat(101), { search: 'tooLong' }],
  ])('%j', (search, expected) => {
    expect(adminCustomerSearchProblems({ search })).toEqual(expected);
  });
});

describe('admin customer search counts characters as the contract does (code points)', () => {
  it('100 emoji are 100 characters, 101 are too many', () => {
    expect(adminCustomerSearchProblems({ search: '🔎'.repeat(100) })).toEqual({});
    expect(adminCustomerSearchProblems({ search: '🔎'.repeat(101) })).toEqual({ search: 'tooLong' });
    expect(readAdminCustomerSearch({ search: '🔎'.repeat(100) })).toEqual({ search: '🔎'.repeat(100) });
  });
});
