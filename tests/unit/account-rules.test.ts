import { describe, expect, it } from 'vitest';
import {
  accountKind,
  accountOffers,
  addableCurrencies,
  groupAccounts,
  hasPending,
  isClosed,
  isCryptoCurrency,
  prepaymentRemaining,
  type AccountFacts,
} from '@machines/accounts/account.logic';

const account = (over: Partial<AccountFacts>): AccountFacts => ({ accountId: 1, type: 1001, accountStatusId: 1, balance: '0.00', currencyCode: 'USD', ...over });

describe('accountKind (spec 001 s3)', () => {
  it.each([
    [1001, 'payment'],
    [4001, 'prepayment'],
    [4002, 'receiving'],
    [2005, 'other'],
    [2006, 'card'],
    [2100, 'card'],
    [2135, 'card'],
    [2136, 'other'],
    [1002, 'other'],
  ] as const)('type %i is %s', (type, kind) => expect(accountKind(type)).toBe(kind));
});

describe('isClosed', () => {
  it.each([
    [1001, 11, true],
    [1001, 10, false],
    [1001, 12, false],
    [2006, 11, true],
    [2006, 4, true], // a cancelled card
    [1001, 4, false], // status 4 means cancelled only for cards
    [2006, 2, false],
  ])('type %i status %i → %s', (type, accountStatusId, closed) => expect(isClosed({ type, accountStatusId })).toBe(closed));
});

describe('isCryptoCurrency', () => {
  it.each([
    ['BTC', true],
    ['usdt', true],
    ['USD', false],
    ['RON', false],
  ])('%s → %s', (code, crypto) => expect(isCryptoCurrency(code)).toBe(crypto));
});

describe('accountOffers, rule by rule', () => {
  const none = { statements: false, history: false, instructions: false, canRequestCard: false };
  it.each([
    // 1. cards: history (and statements) only in the history statuses
    ['active card', account({ type: 2010, accountStatusId: 2 }), { ...none, statements: true, history: true }],
    ['paused card', account({ type: 2010, accountStatusId: 71 }), { ...none, statements: true, history: true }],
    ['expired card', account({ type: 2010, accountStatusId: 38 }), { ...none, statements: true, history: true }],
    ['limited card', account({ type: 2010, accountStatusId: 27 }), { ...none, statements: true, history: true }],
    ['fraud card', account({ type: 2010, accountStatusId: 18 }), none],
    ['shipped card', account({ type: 2010, accountStatusId: 21 }), none],
    // 2. unknown kinds offer nothing
    ['unknown type', account({ type: 3000 }), none],
    // 3.–5. payment accounts
    ['open USD payment account', account({}), { statements: true, history: true, instructions: true, canRequestCard: true }],
    ['open RON payment account (no cards in RON)', account({ currencyCode: 'RON' }), { statements: true, history: true, instructions: true, canRequestCard: false }],
    ['closed payment account', account({ accountStatusId: 11 }), { statements: true, history: true, instructions: false, canRequestCard: false }],
    ['crypto payment account', account({ currencyCode: 'BTC' }), { statements: true, history: true, instructions: false, canRequestCard: false }],
    ['receiving account', account({ type: 4002 }), { statements: true, history: true, instructions: true, canRequestCard: false }],
    ['prepayment account', account({ type: 4001 }), { statements: true, history: true, instructions: false, canRequestCard: false }],
  ])('%s', (_name, subject, offers) => expect(accountOffers(subject, [subject])).toEqual(offers));

  it('rule 5: no card request where an open card already settles to the account; a closed card does not count', () => {
    const usd = account({ accountId: 7 });
    const openCard = account({ accountId: 8, type: 2010, accountStatusId: 2, settlementAccountId: 7 });
    const closedCard = account({ accountId: 9, type: 2010, accountStatusId: 4, settlementAccountId: 7 });
    const otherCard = account({ accountId: 10, type: 2010, accountStatusId: 2, settlementAccountId: 99 });
    expect(accountOffers(usd, [usd, openCard]).canRequestCard).toBe(false);
    expect(accountOffers(usd, [usd, closedCard]).canRequestCard).toBe(true);
    expect(accountOffers(usd, [usd, otherCard]).canRequestCard).toBe(true);
  });
});

describe('prepaymentRemaining: |accountBalanceMin| + balance, exact', () => {
  it.each([
    ['100.00', '-500.00', '600'],
    ['100.00', '500.00', '600'],
    ['-20.50', '-500', '479.5'],
    ['0.1', '0.2', '0.3'], // a float would say 0.30000000000000004
    ['0.00000001', '-0.00000002', '0.00000003'],
    ['123456789012.12345678', '-1', '123456789013.12345678'],
    ['10', undefined, '10'],
  ])('balance %s, minimum %s → %s', (balance, accountBalanceMin, remaining) => expect(prepaymentRemaining({ balance, accountBalanceMin })).toBe(remaining));
});

describe('hasPending', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['0.00', false],
    ['-0.00000001', true],
    ['12.50', true],
  ])('%s → %s', (pendingAmount, shown) => expect(hasPending({ pendingAmount })).toBe(shown));
});

describe('groupAccounts (home)', () => {
  it('groups open accounts by currency (server order) and kind; cards apart; closed last; unknown kinds out', () => {
    const list = [
      account({ accountId: 1, currencyCode: 'EUR' }),
      account({ accountId: 2, currencyCode: 'USD' }),
      account({ accountId: 3, currencyCode: 'EUR', type: 4001 }),
      account({ accountId: 4, currencyCode: 'EUR', type: 4002 }),
      account({ accountId: 5, currencyCode: 'USD', type: 2010, accountStatusId: 2 }),
      account({ accountId: 6, currencyCode: 'RON', accountStatusId: 11 }),
      account({ accountId: 7, currencyCode: 'USD', type: 2010, accountStatusId: 4 }),
      account({ accountId: 8, currencyCode: 'USD', type: 9999 }),
      account({ accountId: 9, currencyCode: 'EUR' }),
    ];
    const groups = groupAccounts(list);
    expect(groups.currencies.map((g) => [g.currencyCode, g.payment.map((a) => a.accountId), g.prepayment.map((a) => a.accountId), g.receiving.map((a) => a.accountId)])).toEqual([
      ['EUR', [1, 9], [3], [4]],
      ['USD', [2], [], []],
    ]);
    expect(groups.cards.map((a) => a.accountId)).toEqual([5]);
    expect(groups.closed.map((a) => a.accountId)).toEqual([6, 7]);
  });

  it('an empty list gives empty groups', () => expect(groupAccounts([])).toEqual({ currencies: [], cards: [], closed: [] }));
});

describe('addableCurrencies', () => {
  it('offers currencies without an open payment account; a closed one or another kind does not count', () => {
    const accounts = [account({ currencyCode: 'USD' }), account({ currencyCode: 'EUR', accountStatusId: 11 }), account({ currencyCode: 'RON', type: 4001 })];
    expect(addableCurrencies(['USD', 'EUR', 'RON', 'BTC'], accounts)).toEqual(['EUR', 'RON', 'BTC']);
    expect(addableCurrencies(['usd'], accounts)).toEqual([]);
  });
});
