// @vitest-environment node
import {
  emailFieldOf,
  INVOICE_PAGE_SIZE,
  invoiceFilterProblems,
  invoiceListRequest,
  invoicePageCount,
  readInvoiceSearch,
  tabOf,
} from '@machines/invoices/invoice-search';
import {
  amountProblem,
  coversTotal,
  fundingCurrencyOf,
  invoiceCurrencies,
  fundingAmountProblem,
  invoiceActions,
  invoiceCreateProblems,
  invoiceTone,
  invoiceTotal,
  isOverdue,
  payingAccounts,
  rejectNoteProblem,
  type InvoiceFacts,
} from '@machines/invoices/invoice.rules';

/** The invoices' rules (issue 51): the address, the list call, the filter's ranges, the badge, overdue, a row's actions, the forms. Every branch and boundary. */
describe('invoice search (the address)', () => {
  it.each([
    [{}, {}],
    [{ tab: 'received' }, {}],
    [{ tab: 'sent' }, { tab: 'sent' }],
    [{ tab: 'SENT' }, {}],
    [{ page: '1' }, {}],
    [{ page: '2' }, { page: 2 }],
    [{ page: 3 }, { page: 3 }],
    [{ page: '0' }, {}],
    [{ page: '2.5' }, {}],
    [{ page: '-2' }, {}],
    [{ page: '1234567' }, {}],
    [{ status: '1' }, { status: 1 }],
    [{ status: 4 }, { status: 4 }],
    [{ status: '5' }, {}],
    [{ status: '0' }, {}],
    [{ status: 'paid' }, {}],
    [{ fromDate: '2026-03-01', toDate: '2026-03-31' }, { fromDate: '2026-03-01', toDate: '2026-03-31' }],
    [{ fromDate: '2026-02-30' }, {}],
    [{ fromDate: ' 2026-03-01 ' }, { fromDate: '2026-03-01' }],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, { fromDate: '2026-03-02' }],
    [{ fromDate: '2026-03-01', toDate: '2026-03-01' }, { fromDate: '2026-03-01', toDate: '2026-03-01' }],
    [{ fromAmount: '10', toAmount: '20.50' }, { fromAmount: '10', toAmount: '20.50' }],
    [{ fromAmount: '1,5' }, { fromAmount: '1.5' }],
    [{ fromAmount: 'ten' }, {}],
    [{ fromAmount: '-1' }, {}],
    [{ fromAmount: '20', toAmount: '19.99' }, { fromAmount: '20' }],
    [{ fromAmount: '20', toAmount: '20.00' }, { fromAmount: '20', toAmount: '20.00' }],
    [{ payeeEmail: ' ana@example.com ' }, { payeeEmail: 'ana@example.com' }],
    [{ payerEmail: 'ana@example.com' }, {}],
    [{ tab: 'sent', payerEmail: 'bo@example.com', payeeEmail: 'x@example.com' }, { tab: 'sent', payerEmail: 'bo@example.com' }],
    [{ payeeEmail: 'a'.repeat(120) }, { payeeEmail: 'a'.repeat(100) }],
    [{ payeeEmail: '   ' }, {}],
    [{ other: 'x', payeeEmail: 3 }, { payeeEmail: '3' }],
  ])('readInvoiceSearch(%j) is %j', (raw, search) => {
    expect(readInvoiceSearch(raw)).toEqual(search);
  });

  it('the tab and the other party\'s e-mail field by tab', () => {
    expect(tabOf({})).toBe('received');
    expect(tabOf({ tab: 'sent' })).toBe('sent');
    expect(emailFieldOf('received')).toBe('payeeEmail');
    expect(emailFieldOf('sent')).toBe('payerEmail');
  });

  it.each([
    [{}, { pageNumber: 1, pageSize: 20 }],
    [{ page: 3, status: 1 as const }, { pageNumber: 3, pageSize: 20, status: 1 }],
    [
      { fromDate: '2026-01-01', toDate: '2026-01-31', fromAmount: '5', toAmount: '50', payeeEmail: 'ana@example.com' },
      { pageNumber: 1, pageSize: 20, fromDate: '2026-01-01', toDate: '2026-01-31', fromAmount: '5', toAmount: '50', payeeEmail: 'ana@example.com' },
    ],
    // The other tab's e-mail is never sent.
    [{ payerEmail: 'bo@example.com' }, { pageNumber: 1, pageSize: 20 }],
    [{ tab: 'sent' as const, payerEmail: 'bo@example.com', payeeEmail: 'ana@example.com' }, { pageNumber: 1, pageSize: 20, payerEmail: 'bo@example.com' }],
  ])('invoiceListRequest(%j) is %j', (search, body) => {
    expect(invoiceListRequest(search)).toEqual(body);
  });

  it.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [INVOICE_PAGE_SIZE, 1],
    [INVOICE_PAGE_SIZE + 1, 2],
    [45, 3],
  ])('%i invoices fill %i pages', (total, pages) => {
    expect(invoicePageCount(total)).toBe(pages);
  });
});

describe('invoice filter ranges', () => {
  it.each([
    [{}, {}],
    [{ fromDate: '', toDate: '', fromAmount: '', toAmount: '' }, {}],
    [{ fromDate: '2026-03-01', toDate: '2026-03-01' }, {}],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, { toDate: 'order' }],
    [{ fromDate: '2026-13-01', toDate: '2026-01-01' }, { fromDate: 'format' }],
    [{ toDate: 'yesterday' }, { toDate: 'format' }],
    [{ fromAmount: '10', toAmount: '10.00' }, {}],
    [{ fromAmount: '10,01', toAmount: '10' }, { toAmount: 'order' }],
    [{ fromAmount: '0.000000001' }, { fromAmount: 'format' }],
    [{ fromAmount: 'x', toAmount: '1' }, { fromAmount: 'format' }],
    [{ toAmount: '1e3' }, { toAmount: 'format' }],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01', fromAmount: '5', toAmount: '4' }, { toDate: 'order', toAmount: 'order' }],
  ])('invoiceFilterProblems(%j) is %j', (values, problems) => {
    expect(invoiceFilterProblems(values)).toEqual(problems);
  });

  it('compares amounts exactly (no float): 0.1 + 0.2 style figures', () => {
    expect(invoiceFilterProblems({ fromAmount: '0.30000000', toAmount: '0.3' })).toEqual({});
    expect(invoiceFilterProblems({ fromAmount: '999999999999999.99999999', toAmount: '999999999999999.99999998' })).toEqual({ toAmount: 'order' });
  });
});

describe('invoice status, overdue and actions', () => {
  it.each([
    [1, 'warning'],
    [2, 'success'],
    [3, 'danger'],
    [4, 'info'],
    [0, 'neutral'],
    [9, 'neutral'],
  ])('statusId %i has the %s tone', (statusId, tone) => {
    expect(invoiceTone(statusId)).toBe(tone);
  });

  it.each([
    [1, '2026-03-09', '2026-03-10', true],
    [1, '2026-03-10', '2026-03-10', false], // the due day itself is on time
    [1, '2026-03-11', '2026-03-10', false],
    [2, '2026-01-01', '2026-03-10', false],
    [3, '2026-01-01', '2026-03-10', false],
    [4, '2026-01-01', '2026-03-10', false],
  ])('statusId %i due %s on %s: overdue %s', (statusId, dueDate, today, overdue) => {
    expect(isOverdue({ statusId, dueDate }, today)).toBe(overdue);
  });

  const invoice = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({ statusId: 1, dueDate: '2026-03-10', isFunding: false, isSystem: false, ...over });
  const only = (pay: boolean, reject: boolean) => ({ view: true, pdf: true, pay, reject });
  it.each([
    ['received', invoice(), only(true, true)],
    ['received', invoice({ dueDate: '2020-01-01' }), only(true, true)], // overdue is still payable
    ['received', invoice({ statusId: 2 }), only(false, false)],
    ['received', invoice({ statusId: 3 }), only(false, false)],
    ['received', invoice({ statusId: 4 }), only(false, false)],
    ['received', invoice({ statusId: 7 }), only(false, false)],
    ['received', invoice({ isSystem: true }), only(true, false)],
    ['received', invoice({ isFunding: true, isSystem: true }), only(false, false)],
    ['received', invoice({ isFunding: true }), only(false, false)],
    ['sent', invoice(), only(false, false)],
    ['sent', invoice({ statusId: 2 }), only(false, false)],
  ] as const)('%s %j offers %j', (tab, facts, actions) => {
    expect(invoiceActions(tab, facts)).toEqual(actions);
  });
});

describe('invoice forms', () => {
  it.each([
    ['', 'USD', 'required'],
    ['  ', 'USD', 'required'],
    ['abc', 'USD', 'format'],
    ['-5', 'USD', 'format'],
    ['1e3', 'USD', 'format'],
    ['0', 'USD', 'zero'],
    ['0.00', 'USD', 'zero'],
    ['0.001', 'USD', 'places'],
    ['10.123', 'USD', 'places'],
    ['10.12', 'USD', null],
    ['10,5', 'EUR', null],
    ['0.00000001', 'BTC', null],
    ['0.000000001', 'BTC', 'format'],
    ['1.5', undefined, null],
    ['1234567890123456', 'USD', 'format'],
    ['123456789012345', 'USD', null],
  ])('amountProblem(%j, %s) is %s', (text, currency, problem) => {
    expect(amountProblem(text, currency)).toBe(problem);
    expect(fundingAmountProblem(text, currency)).toBe(problem);
  });

  const facts = { today: '2026-03-10', currencies: ['USD', 'EUR'], ownEmails: ['Me@Example.com'] };
  const values = { toEmail: 'ana@example.com', amount: '25.00', currency: 'USD', dueDate: '2026-03-10', noteBody: '' };
  it.each([
    [{}, {}],
    [{ toEmail: '' }, { toEmail: 'required' }],
    [{ toEmail: 'a@b.c' }, { toEmail: 'format' }], // five characters: not longer than 5 (001 s5)
    [{ toEmail: 'ana @example.com' }, { toEmail: 'format' }],
    [{ toEmail: 'anaexample.com' }, { toEmail: 'format' }],
    [{ toEmail: ' ME@example.COM ' }, { toEmail: 'own' }],
    [{ currency: '' }, { currency: 'required' }],
    [{ currency: 'GBP' }, { currency: 'unknownCurrency' }],
    [{ currency: 'eur' }, {}],
    [{ amount: '' }, { amount: 'required' }],
    [{ amount: '0' }, { amount: 'zero' }],
    [{ amount: '1.001' }, { amount: 'places' }],
    [{ dueDate: '' }, { dueDate: 'required' }],
    [{ dueDate: '2026-02-30' }, { dueDate: 'format' }],
    [{ dueDate: '2026-03-09' }, { dueDate: 'past' }],
    [{ dueDate: '2026-03-11' }, {}],
    [{ noteBody: 'x'.repeat(500) }, {}],
    [{ noteBody: 'x'.repeat(501) }, { noteBody: 'tooLong' }],
    [{ toEmail: '', amount: '', currency: '', dueDate: '' }, { toEmail: 'required', amount: 'required', currency: 'required', dueDate: 'required' }],
  ])('invoiceCreateProblems with %j is %j', (change, problems) => {
    expect(invoiceCreateProblems({ ...values, ...change }, facts)).toEqual(problems);
  });

  it.each([
    ['', null],
    ['x'.repeat(500), null],
    ['x'.repeat(501), 'tooLong'],
  ])('rejectNoteProblem(%#) is %s', (note, problem) => {
    expect(rejectNoteProblem(note)).toBe(problem);
  });
});

describe('paying an invoice', () => {
  const accounts = [
    { accountId: 1, currencyCode: 'USD', balance: '125.50', type: 1001, accountStatusId: 1 },
    { accountId: 2, currencyCode: 'USD', balance: '125.49', type: 1001, accountStatusId: 1 },
    { accountId: 3, currencyCode: 'EUR', balance: '9999.00', type: 1001, accountStatusId: 1 },
    { accountId: 4, currencyCode: 'USD', balance: '9999.00', type: 1001, accountStatusId: 11 },
    { accountId: 5, currencyCode: 'USD', balance: '9999.00', type: 2010, accountStatusId: 2 },
    { accountId: 6, currencyCode: 'USD', balance: '9999.00', type: 4001, accountStatusId: 1 },
    { accountId: 7, currencyCode: 'USD', balance: '200' },
  ];
  it('offers open payment accounts in the currency whose balance covers the amount (the boundary included)', () => {
    expect(payingAccounts(accounts, { amount: '125.50', currencyCode: 'USD' }).map((a) => a.accountId)).toEqual([1, 7]);
    expect(payingAccounts(accounts, { amount: '125.50', currencyCode: 'GBP' })).toEqual([]);
  });

  it('asks and funds in the currencies of open payment accounts only (no cards, prepayment or closed accounts)', () => {
    expect(invoiceCurrencies(accounts)).toEqual(['USD', 'EUR']);
    expect(invoiceCurrencies([])).toEqual([]);
    expect(fundingCurrencyOf(accounts)).toBe('USD');
    expect(fundingCurrencyOf(accounts.slice(3))).toBe('USD'); // 7: no type said, open
    expect(fundingCurrencyOf([accounts[3]!, accounts[4]!, accounts[5]!])).toBeNull();
    expect(fundingCurrencyOf([{ currencyCode: 'RON', type: 1001, accountStatusId: 11 }, { currencyCode: 'EUR', type: 1001, accountStatusId: 1 }])).toBe('EUR');
  });

  it.each([
    ['125.50', '1.50', '127'],
    ['0.1', '0.2', '0.3'],
    ['999999999999999.99', '0.01', '1000000000000000'],
  ])('%s + fee %s is %s, exactly', (amount, fee, total) => {
    expect(invoiceTotal(amount, fee)).toBe(total);
  });

  it.each([
    ['127.00', '125.50', '1.50', true],
    ['126.99', '125.50', '1.50', false],
    ['125.50', '125.50', '0', true],
  ])('balance %s covers %s + %s: %s', (balance, amount, fee, covers) => {
    expect(coversTotal(balance, amount, fee)).toBe(covers);
  });
});
