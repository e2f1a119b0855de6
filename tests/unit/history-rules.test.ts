import { i18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  activeBatchFilterCount,
  activeFilterCount,
  batchFilterFormValues,
  batchRequest,
  cleanBatchSearch,
  cleanHistorySearch,
  exportRequestFor,
  historyFilterMessages as m,
  historyRequest,
  invoicePaymentLabel,
  isSettlementAccount,
  transactionName,
  validateBatchFilter,
  validateHistoryFilter,
} from '@machines/history/history.logic';

describe('history filter in the address (001 s3, s5)', () => {
  it('keeps known fields, trimmed; drops empty ones', () => {
    expect(cleanHistorySearch({ accountId: '50001', keyword: '  rent ', transactionType: 'wire', transactionDirection: 'out', status: 'processing', fromDate: '2026-01-01', toDate: '2026-03-31', fromAmount: '10', toAmount: '99.5', email: ' Ana@Example.com ' })).toEqual({
      accountId: '50001',
      keyword: 'rent',
      transactionType: 'wire',
      transactionDirection: 'out',
      status: 'processing',
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
      fromAmount: '10',
      toAmount: '99.5',
      email: 'ana@example.com',
    });
    expect(cleanHistorySearch({ keyword: '   ', accountId: '', status: '' })).toEqual({});
    expect(cleanHistorySearch({ unknown: 'x', pageNumber: '3' })).toEqual({});
  });

  it.each([
    ['accountId', 'abc'],
    ['accountId', '-5'],
    ['transactionType', 'lottery'],
    ['transactionDirection', 'sideways'],
    ['status', 'lost'],
    ['fromDate', '2026-02-30'],
    ['toDate', '26-01-01'],
    ['fromAmount', '1e5'],
    ['toAmount', '-3'],
    ['email', 'not-an-email'],
  ])('a stale or hand-edited %s (%s) is dropped', (key, value) => {
    expect(cleanHistorySearch({ [key]: value })).toEqual({});
  });

  it('a number in the address (accountId) and a decimal comma in an amount are read', () => {
    expect(cleanHistorySearch({ accountId: 50001, fromAmount: '12,5' })).toEqual({ accountId: '50001', fromAmount: '12.5' });
  });

  it('a keyword is cut at 100 characters', () => {
    expect(cleanHistorySearch({ keyword: 'x'.repeat(150) }).keyword).toHaveLength(100);
  });
});

describe('the request of one page (001 s7: page size 20)', () => {
  it('sends only what is set, the account as a number, amounts as text', () => {
    expect(historyRequest({ accountId: '50001', keyword: 'rent', fromAmount: '10.50' }, 3, 20)).toEqual({ pageNumber: 3, pageSize: 20, accountId: 50001, keyword: 'rent', fromAmount: '10.50' });
    expect(historyRequest({}, 1, 20)).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(historyRequest({ keyword: '' }, 1, 10)).toEqual({ pageNumber: 1, pageSize: 10 });
  });
});

describe('the filter form', () => {
  it('empty is fine', () => expect(validateHistoryFilter({})).toEqual({}));
  it.each([
    [{ fromDate: '2026-13-01' }, { fromDate: m.dateFormat }],
    [{ fromDate: '2026-03-01', toDate: '2026-02-28' }, { toDate: m.dateOrder }],
    [{ fromDate: '2026-03-01', toDate: '2026-03-01' }, {}],
    [{ fromAmount: 'ten' }, { fromAmount: m.amountFormat }],
    [{ fromAmount: '100', toAmount: '99.99' }, { toAmount: m.amountOrder }],
    [{ fromAmount: '100', toAmount: '100' }, {}],
    [{ fromAmount: '9,5', toAmount: '10' }, {}],
    [{ fromAmount: '0.00000001', toAmount: '0.00000002' }, {}],
    [{ email: 'a@b.c' }, { email: m.email }], // 5 characters: not longer than 5 (001 s5)
    [{ email: 'ab@c.de' }, {}],
    [{ email: 'abcdef' }, { email: m.email }],
  ] as const)('%o → %o', (values, errors) => expect(validateHistoryFilter(values)).toEqual(errors));
});

describe('active filters', () => {
  it('counts what is set, not the account', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ accountId: '5' })).toBe(0);
    expect(activeFilterCount({ accountId: '5', keyword: 'x', status: 'completed', fromDate: '2026-01-01' })).toBe(3);
  });
});

describe('batch filter (002 s5: drops empty from, to, search and types)', () => {
  it('keeps the known types, once each; drops empty values and bad dates', () => {
    expect(cleanBatchSearch({ search: ' payroll ', types: 'wire, eft,wire,bogus', from: '2026-01-01', to: '2026-02-30' })).toEqual({ search: 'payroll', types: 'wire,eft', from: '2026-01-01' });
    expect(cleanBatchSearch({ search: '', types: '', from: '', to: '' })).toEqual({});
  });
  it('the request carries types as a list', () => {
    expect(batchRequest({ types: 'wire,eft', to: '2026-02-01' }, 2, 20)).toEqual({ pageNumber: 2, pageSize: 20, types: ['wire', 'eft'], to: '2026-02-01' });
    expect(batchRequest({}, 1, 20)).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(batchRequest({ search: 'payroll', from: '2026-01-01' }, 1, 20)).toEqual({ pageNumber: 1, pageSize: 20, search: 'payroll', from: '2026-01-01' });
  });
  it.each([
    ['empty form', {}, {}],
    ['blank dates', { from: ' ', to: '' }, {}],
    ['a day that does not exist', { from: '2026-02-29' }, { from: m.dateFormat }],
    ['not a date', { to: '31/01/2026' }, { to: m.dateFormat }],
    ['the same day', { from: '2026-03-01', to: '2026-03-01' }, {}],
    ['in order', { from: '2026-03-01', to: '2026-03-02' }, {}],
    ['end before start', { from: '2026-03-02', to: '2026-03-01' }, { to: m.dateOrder }],
    ['order not judged when one date is wrong', { from: '2026-13-01', to: '2026-03-01' }, { from: m.dateFormat }],
    ['search and types are free', { search: 'x'.repeat(200), types: 'anything' }, {}],
  ])('the form: %s', (_name, values, errors) => {
    expect(validateBatchFilter(values)).toEqual(errors);
  });
  it('the form starts from the address; counts the filters that are on', () => {
    expect(batchFilterFormValues({ types: 'wire' })).toEqual({ search: '', types: 'wire', from: '', to: '' });
    expect(activeBatchFilterCount({})).toBe(0);
    expect(activeBatchFilterCount({ search: 'a', types: 'wire,eft', from: '2026-01-01', to: '2026-01-02' })).toBe(4);
    expect(activeBatchFilterCount({ search: '' })).toBe(0);
  });
});

describe('debit and authorisation history (001 s6)', () => {
  const accounts = [
    { accountId: 1, type: 1001 },
    { accountId: 2, type: 1001 },
    { accountId: 9, type: 2040, subType: 'DEBIT', settlementAccountId: 1 },
    { accountId: 10, type: 2010, subType: 'PREPAID', settlementAccountId: 2 },
  ];
  it('only for an account a debit card settles to', () => {
    expect(isSettlementAccount(1, accounts)).toBe(true);
    expect(isSettlementAccount(2, accounts)).toBe(false);
    expect(isSettlementAccount(9, accounts)).toBe(false);
  });
});

describe('the export request (001 s7)', () => {
  it('amounts and e-mail become amountFrom, amountTo, customerEmail; the rest is the filter', () => {
    expect(exportRequestFor({ accountId: '50001', keyword: 'rent', fromAmount: '10', toAmount: '20.5', email: 'a@b.co' }, 'pdf')).toEqual({
      type: 'pdf',
      amountFrom: '10',
      amountTo: '20.5',
      customerEmail: 'a@b.co',
      filter: { accountId: 50001, keyword: 'rent' },
    });
    expect(exportRequestFor({}, 'csv')).toEqual({ type: 'csv', filter: {} });
  });
});

describe("a row's name and its invoice (issue 51)", () => {
  const say = (d: MessageDescriptor) => i18n._(d);
  it('names a row by its description, else by its type, else by the type as sent', () => {
    expect(transactionName({ description: 'Ana Pop', type: 'p2p' }, say)).toBe('Ana Pop');
    expect(transactionName({ type: 'wire' }, say)).toBe('Wire transfer');
    expect(transactionName({ type: 'something_new' }, say)).toBe('something_new');
  });
  it('says an invoice payment as one, by direction; nothing on other rows', () => {
    const label = (tx: { invoiceId?: number; amount: string }) => {
      const d = invoicePaymentLabel(tx);
      return d === undefined ? undefined : i18n._(d);
    };
    expect(label({ invoiceId: 7012, amount: '-25.00' })).toBe('Payment of invoice No. 7012');
    expect(label({ invoiceId: 7012, amount: '25.00' })).toBe('Invoice No. 7012 paid to you');
    expect(label({ amount: '-25.00' })).toBeUndefined();
    expect(label({ amount: '25.00' })).toBeUndefined();
  });
});
