import { describe, expect, it } from 'vitest';
import type { AccountFacts } from '@machines/accounts/account.logic';
import {
  emptyOwnTransfer,
  exchangeRate,
  feeLookup,
  leavesAccount,
  maxAmountLookup,
  ownTransferAmounts,
  ownTransferMessages as m,
  ownTransferDestinations,
  ownTransferRequest,
  ownTransferSources,
  validateOwnTransfer,
  type OwnAccount,
  type OwnTransferValues,
} from '@machines/transfers/own-transfer.logic';

const accounts: OwnAccount[] = [
  { accountId: 1, currencyCode: 'USD', balance: '100.00' },
  { accountId: 2, currencyCode: 'EUR', balance: '50.00' },
  { accountId: 3, currencyCode: 'USD', balance: '0.00' },
  { accountId: 4, currencyCode: 'USDT', balance: '10.12345678' },
];
const v = (over: Partial<OwnTransferValues>): OwnTransferValues => ({ ...emptyOwnTransfer, fromAccount: '1', toAccount: '2', amount: '10', ...over });
const facts = { today: '2026-11-24' };

describe('exchange rate (001 s5)', () => {
  it.each([
    ['equal currencies: 1', 'USD', 'USD', '0.9', '1'],
    ['source missing: 1', undefined, 'EUR', '0.9', '1'],
    ['destination missing: 1', 'USD', undefined, '0.9', '1'],
    ['different: the service rate', 'USD', 'EUR', '0.92', '0.92'],
    ['different, not known yet', 'USD', 'EUR', null, null],
    ['a zero rate is not a rate', 'USD', 'EUR', '0', null],
    ['not a number', 'USD', 'EUR', 'abc', null],
  ])('%s', (_name, from, to, service, rate) => {
    expect(exchangeRate(from, to, service)).toBe(rate);
  });
});

describe('amounts in either currency', () => {
  it('typed in the source currency: the destination amount rounded down', () => {
    expect(ownTransferAmounts(v({ amount: '10' }), accounts, '0.923')).toEqual({ fromAmount: '10.00', toAmount: '9.23' });
    expect(ownTransferAmounts(v({ amount: '0,01' }), accounts, '0.5')).toEqual({ fromAmount: '0.01', toAmount: '0.00' });
  });
  it('typed in the destination currency: the source amount rounded up (what arrives is at least what was typed)', () => {
    expect(ownTransferAmounts(v({ amount: '9.23', amountIn: 'to' }), accounts, '0.923')).toEqual({ fromAmount: '10.00', toAmount: '9.23' });
    expect(ownTransferAmounts(v({ amount: '1', amountIn: 'to' }), accounts, '3')).toEqual({ fromAmount: '0.34', toAmount: '1.00' });
  });
  it('crypto keeps 8 decimals; large amounts stay exact', () => {
    expect(ownTransferAmounts(v({ fromAccount: '4', toAccount: '1', amount: '0.12345678' }), accounts, '1.0001')).toEqual({ fromAmount: '0.12345678', toAmount: '0.12' });
    expect(ownTransferAmounts(v({ fromAccount: '1', toAccount: '3', amount: '900719925474099.99' }), accounts, '1')).toEqual({ fromAmount: '900719925474099.99', toAmount: '900719925474099.99' });
  });
  it('null while an account, the amount or the rate is missing', () => {
    expect(ownTransferAmounts(v({ fromAccount: '' }), accounts, '1')).toBeNull();
    expect(ownTransferAmounts(v({ amount: '' }), accounts, '1')).toBeNull();
    expect(ownTransferAmounts(v({ amount: '1.234' }), accounts, '1')).toBeNull();
    expect(ownTransferAmounts(v({}), accounts, null)).toBeNull();
  });
});

describe('which lookups may run (001 s5)', () => {
  it('the fee needs amount, source and destination', () => {
    expect(feeLookup(v({}), accounts, '0.9')).toEqual({ amount: '10.00', fromAccountId: 1, toAccountId: 2 });
    expect(feeLookup(v({ amount: '' }), accounts, '0.9')).toBeNull();
    expect(feeLookup(v({ amount: '0' }), accounts, '0.9')).toBeNull();
    expect(feeLookup(v({ toAccount: '' }), accounts, '0.9')).toBeNull();
    expect(feeLookup(v({ fromAccount: '' }), accounts, '0.9')).toBeNull();
    expect(feeLookup(v({ toAccount: '1' }), accounts, '1')).toBeNull();
  });
  it('maximum amount and limits need both accounts', () => {
    expect(maxAmountLookup(v({}), accounts)).toEqual({ fromAccountId: 1, toAccountId: 2, operation: 'betweenAccounts', currencyCode: 'USD' });
    expect(maxAmountLookup(v({ toAccount: '' }), accounts)).toBeNull();
    expect(maxAmountLookup(v({ fromAccount: '9' }), accounts)).toBeNull();
    expect(maxAmountLookup(v({ toAccount: '1' }), accounts)).toBeNull();
  });
});

describe('the form rule', () => {
  it.each<[string, Partial<OwnTransferValues>, Partial<typeof facts & { minAmount: string; maxAmount: string; fee: string }>, Record<string, unknown>]>([
    ['a valid transfer', {}, {}, {}],
    ['no source', { fromAccount: '' }, {}, { fromAccount: { descriptor: m.from } }],
    ['no destination', { toAccount: '' }, {}, { toAccount: { descriptor: m.to } }],
    ['the same account', { toAccount: '1' }, {}, { toAccount: { descriptor: m.same } }],
    ['no amount', { amount: '' }, {}, { amount: { descriptor: m.amount } }],
    ['zero', { amount: '0.00' }, {}, { amount: { descriptor: m.amount } }],
    ['three decimals in USD', { amount: '1.005' }, {}, { amount: { descriptor: m.amount } }],
    ['a decimal comma', { amount: '10,50' }, {}, {}],
    ['rate unknown', {}, {}, { amount: { descriptor: m.rate } }],
    ['below the minimum', { amount: '0.50' }, { minAmount: '1.00' }, { amount: { descriptor: m.belowMin, values: { min: '1.00 USD' } } }],
    ['at the minimum', { amount: '1.00' }, { minAmount: '1.00' }, {}],
    ['above the maximum', { amount: '60' }, { maxAmount: '50.00' }, { amount: { descriptor: m.aboveMax, values: { max: '50.00 USD' } } }],
    ['at the maximum', { amount: '50' }, { maxAmount: '50.00' }, {}],
    ['the balance with the fee', { amount: '99.50' }, { fee: '0.50' }, {}],
    ['over the balance with the fee', { amount: '99.51' }, { fee: '0.50' }, { amount: { descriptor: m.balance } }],
    ['a reference of 140', { reference: 'x'.repeat(140) }, {}, {}],
    ['a reference of 141', { reference: 'x'.repeat(141) }, {}, { reference: { descriptor: m.reference } }],
    ['recurring without anything', { recurring: 'true' }, {}, { frequency: { descriptor: m.frequency }, endDate: { descriptor: m.endOrCount } }],
    ['recurring until cancelled', { recurring: 'true', frequency: 'monthly', userCancel: 'true' }, {}, {}],
    ['recurring until a date', { recurring: 'true', frequency: 'weekly', endDate: '2026-12-31' }, {}, {}],
    ['recurring until today', { recurring: 'true', frequency: 'weekly', endDate: '2026-11-24' }, {}, { endDate: { descriptor: m.endDate } }],
    ['recurring 12 times', { recurring: 'true', frequency: 'yearly', transactions: '12' }, {}, {}],
    ['recurring 0 times', { recurring: 'true', frequency: 'yearly', transactions: '0' }, {}, { transactions: { descriptor: m.transactions } }],
    ['recurring 1000 times', { recurring: 'true', frequency: 'yearly', transactions: '1000' }, {}, { transactions: { descriptor: m.transactions } }],
    ['an unknown frequency', { recurring: 'true', frequency: 'daily', userCancel: 'true' }, {}, { frequency: { descriptor: m.frequency } }],
    ['recurring fields ignored when not recurring', { frequency: 'daily', transactions: 'x' }, {}, {}],
  ])('%s', (name, over, extra, errors) => {
    const rate = name === 'rate unknown' ? null : '0.9';
    expect(validateOwnTransfer(v(over), accounts, rate, { ...facts, ...extra })).toEqual(errors);
  });
});

describe('the submit body (001 s7)', () => {
  it('the amount with its currency, the requestId; empty values left out', () => {
    expect(ownTransferRequest(v({ amount: '10,5' }), accounts, 'req-00000001')).toEqual({ fromAccount: 1, toAccount: 2, toAmount: '10.50', currency: 'USD', requestId: 'req-00000001' });
    expect(ownTransferRequest(v({ amount: '9', amountIn: 'to', reference: '  rent ' }), accounts, 'r')).toEqual({ fromAccount: 1, toAccount: 2, toAmount: '9.00', currency: 'EUR', reference: 'rent', requestId: 'r' });
  });
  it('recurring options as the subscription fields', () => {
    expect(ownTransferRequest(v({ recurring: 'true', frequency: 'monthly', transactions: '6', userCancel: '' }), accounts, 'r')).toMatchObject({
      subscriptionFrequency: 'monthly',
      subscriptionTransactions: 6,
      subscriptionUserCancel: false,
    });
    expect(ownTransferRequest(v({ recurring: 'true', frequency: 'weekly', endDate: '2027-01-31', userCancel: 'true' }), accounts, 'r')).toMatchObject({
      subscriptionFrequency: 'weekly',
      subscriptionEndDate: '2027-01-31',
      subscriptionUserCancel: true,
    });
    expect(ownTransferRequest(v({ frequency: 'weekly' }), accounts, 'r')).not.toHaveProperty('subscriptionFrequency');
  });
});

describe('which accounts a transfer between own accounts offers', () => {
  const acc = (accountId: number, type: number, over: Partial<AccountFacts> = {}): AccountFacts => ({ accountId, type, accountStatusId: 1, balance: '10.00', currencyCode: 'USD', ...over });
  const list: AccountFacts[] = [
    acc(1, 1001),
    acc(2, 1001, { currencyCode: 'EUR' }),
    acc(3, 4001),
    acc(4, 4002),
    acc(5, 1001, { accountStatusId: 11 }),
    acc(6, 2006, { accountStatusId: 2, subType: 'PREPAID' }),
    acc(7, 2006, { accountStatusId: 2, subType: 'PREPAID', currencyCode: 'EUR' }),
    acc(8, 2006, { accountStatusId: 71, subType: 'PREPAID' }),
    acc(9, 2006, { accountStatusId: 2, subType: 'DEBIT' }),
    acc(10, 2006, { accountStatusId: 4, subType: 'PREPAID' }),
    acc(11, 9999),
  ];
  it('sources: open payment, prepayment and receiving accounts; never a card, a closed or an unknown kind', () => {
    expect(ownTransferSources(list).map((a) => a.accountId)).toEqual([1, 2, 3, 4]);
  });
  it.each([
    ['from USD: other accounts, active prepaid USD cards', '1', [2, 3, 4, 6]],
    ['from EUR: other accounts, the active prepaid EUR card', '2', [1, 3, 4, 7]],
    ['nothing chosen: every open account and every active prepaid card', '', [1, 2, 3, 4, 6, 7]],
  ])('destinations %s', (_name, from, ids) => {
    expect(ownTransferDestinations(list, from).map((a) => a.accountId)).toEqual(ids);
  });
});

describe('what leaves the source account: the amount and a fee taken in its currency', () => {
  it.each([
    ['10.00', 'USD', { fee: '0.05', currencyCode: 'USD' }, '10.05'],
    ['10.00', 'USD', { fee: '0.05' }, '10.05'], // a fee without a currency is the source's
    ['10.00', 'USD', { fee: '0.00', currencyCode: 'USD' }, '10.00'],
    ['0.01', 'USD', { fee: '', currencyCode: 'USD' }, '0.01'],
    ['10.00', 'USD', { fee: '0.40', currencyCode: 'EUR' }, '10.00'], // another currency: not added
    ['0.10000000', 'BTC', { fee: '0.00001', currencyCode: 'BTC' }, '0.10001000'],
    ['8232.11', 'EUR', { fee: '41.16', currencyCode: 'EUR' }, '8273.27'],
  ] as const)('%s %s with %o leaves %s', (amount, currency, fee, expected) => {
    expect(leavesAccount(amount, currency, fee)).toBe(expected);
  });

  it('unknown until the fee is known: never less than what will leave', () => {
    expect(leavesAccount('10.00', 'USD', null)).toBeNull();
    expect(leavesAccount('10.00', 'USD', undefined)).toBeNull();
  });
});
