// @vitest-environment node
import {
  cancelSummary,
  feeCovered,
  feePayingAccounts,
  hasMoreSubscribers,
  IDENTITY_PAGE_SIZE,
  identityCheckProblems,
  identityFilterProblems,
  identityListParams,
  isCancellable,
  isFinalIdentityStatus,
  isIdentityStatus,
  matchesIdentityFilters,
  NO_IDENTITY_FILTERS,
  readIdentityFilters,
  REPUTATION_EVENTS,
  REPUTATION_PAGE_SIZE,
  REPUTATION_TONE,
  reputationEmail,
  reputationVerdict,
  SUBSCRIBER_PAGE_SIZE,
  type IdentityCheckValues,
} from '@machines/merchant/merchant-checks.rules';

/** Merchant tools, 2 of 2 (issue 56): every branch and boundary of the rules the pages, statecharts and sandbox share. */
describe('page sizes (001 s7, s9)', () => {
  it('subscribers 50, reputation 100, identity lists 1000', () => {
    expect([SUBSCRIBER_PAGE_SIZE, REPUTATION_PAGE_SIZE, IDENTITY_PAGE_SIZE]).toEqual([50, 100, 1000]);
  });
});

describe('more subscribers (hasMoreSubscribers)', () => {
  it.each([
    [50, 1, 0, false],
    [50, 1, 49, false],
    [50, 1, 50, false], // an exact multiple: no empty page is read
    [50, 1, 51, true],
    [50, 2, 100, false],
    [50, 2, 101, true],
    [50, 3, 120, false],
    [50, 2, 120, true],
  ])('pageSize %i, page %i, total %i → %s', (size, page, total, more) => {
    expect(hasMoreSubscribers(size, page, total)).toBe(more);
  });
});

describe('cancelling a subscription', () => {
  it.each([
    ['active', true],
    ['cancelled', false],
    ['completed', false],
    ['unknown', false],
  ])('%s is cancellable: %s', (status, expected) => {
    expect(isCancellable({ status })).toBe(expected);
  });

  it.each([
    ['runs until cancelled', { installmentsPaid: 3, installmentsTotal: null, paidTotal: '29.97', nextPaymentAt: '2026-12-05T00:00:00Z' }, { paidCount: 3, paidTotal: '29.97', stoppedCount: null, nextPaymentAt: '2026-12-05T00:00:00Z' }],
    ['12 installments, 4 paid: 8 stop', { installmentsPaid: 4, installmentsTotal: 12, paidTotal: '40.00', nextPaymentAt: '2026-12-01T00:00:00Z' }, { paidCount: 4, paidTotal: '40.00', stoppedCount: 8, nextPaymentAt: '2026-12-01T00:00:00Z' }],
    ['none paid yet', { installmentsPaid: 0, installmentsTotal: 6, paidTotal: '0.00', nextPaymentAt: '2026-12-01T00:00:00Z' }, { paidCount: 0, paidTotal: '0.00', stoppedCount: 6, nextPaymentAt: '2026-12-01T00:00:00Z' }],
    ['all paid: nothing stops', { installmentsPaid: 6, installmentsTotal: 6, paidTotal: '60.00', nextPaymentAt: null }, { paidCount: 6, paidTotal: '60.00', stoppedCount: 0, nextPaymentAt: null }],
    ['more paid than planned (never below 0)', { installmentsPaid: 7, installmentsTotal: 6, paidTotal: '70.00', nextPaymentAt: null }, { paidCount: 7, paidTotal: '70.00', stoppedCount: 0, nextPaymentAt: null }],
  ])('%s', (_name, subscription, expected) => {
    expect(cancelSummary(subscription)).toEqual(expected);
  });
});

describe('identity check statuses', () => {
  it.each([
    ['invited', true, false],
    ['inProgress', true, false],
    ['approved', true, true],
    ['declined', true, true],
    ['expired', true, true],
    ['pending', false, null],
    ['', false, null],
  ] as const)('%s: a status %s, final %s', (status, known, final) => {
    expect(isIdentityStatus(status)).toBe(known);
    if (isIdentityStatus(status)) expect(isFinalIdentityStatus(status)).toBe(final);
  });
});

describe('identity list filters (001 s5: empty values dropped)', () => {
  it('none: only the page (1, 1000)', () => {
    expect(identityListParams(NO_IDENTITY_FILTERS)).toEqual({ pageNumber: 1, pageSize: 1000 });
  });
  it.each([
    ['status', { status: 'approved' }, { status: 'approved' }],
    ['an unknown status is dropped', { status: 'pending' }, {}],
    ['e-mail trimmed', { email: '  anna@ex  ' }, { email: 'anna@ex' }],
    ['blank e-mail dropped', { email: '   ' }, {}],
    ['dates trimmed', { fromDate: ' 2026-11-01', toDate: '2026-11-30 ' }, { fromDate: '2026-11-01', toDate: '2026-11-30' }],
    ['all', { status: 'invited', email: 'a@b.co', fromDate: '2026-01-01', toDate: '2026-01-02' }, { status: 'invited', email: 'a@b.co', fromDate: '2026-01-01', toDate: '2026-01-02' }],
  ])('%s', (_name, over, expected) => {
    expect(identityListParams({ ...NO_IDENTITY_FILTERS, ...over })).toEqual({ pageNumber: 1, pageSize: 1000, ...expected });
  });

  it.each([
    ['none', {}, {}],
    ['a known status', { status: 'expired' }, {}],
    ['an unknown status', { status: 'done' }, { status: 'status' }],
    ['a day', { fromDate: '2026-02-28' }, {}],
    ['not a day (30 February)', { fromDate: '2026-02-30' }, { fromDate: 'fromDate' }],
    ['not a date', { toDate: 'yesterday' }, { toDate: 'toDate' }],
    ['the same day both ends', { fromDate: '2026-11-30', toDate: '2026-11-30' }, {}],
    ['the first day after the last', { fromDate: '2026-12-01', toDate: '2026-11-30' }, { toDate: 'range' }],
    ['a wrong first day: no range problem too', { fromDate: '2026-13-01', toDate: '2026-11-30' }, { fromDate: 'fromDate' }],
  ])('problems: %s', (_name, over, expected) => {
    expect(identityFilterProblems({ ...NO_IDENTITY_FILTERS, ...over })).toEqual(expected);
  });

  const check = { status: 'approved', email: 'Anna.Berg@example.com', createdAt: '2026-11-15T23:59:00Z' };
  it.each([
    ['no filters', {}, true],
    ['the status', { status: 'approved' }, true],
    ['another status', { status: 'declined' }, false],
    ['part of the e-mail, any case', { email: 'anna.berg' }, true],
    ['another e-mail', { email: 'boris' }, false],
    ['the first day is its day', { fromDate: '2026-11-15' }, true],
    ['the first day after it', { fromDate: '2026-11-16' }, false],
    ['the last day is its day', { toDate: '2026-11-15' }, true],
    ['the last day before it', { toDate: '2026-11-14' }, false],
  ])('matches: %s → %s', (_name, over, expected) => {
    expect(matchesIdentityFilters(check, { ...NO_IDENTITY_FILTERS, ...over })).toBe(expected);
  });
});

describe('the filters in the address (readIdentityFilters)', () => {
  it.each([
    ['nothing', {}, {}],
    ['all, trimmed', { status: 'declined', email: ' anna ', fromDate: '2026-11-01', toDate: '2026-11-30' }, { status: 'declined', email: 'anna', fromDate: '2026-11-01', toDate: '2026-11-30' }],
    ['an unknown status', { status: 'pending' }, {}],
    ['not a day', { fromDate: '2026-02-30', toDate: '30.11.2026' }, {}],
    ['not strings', { status: 3, email: ['a'], fromDate: null }, {}],
    ['empty values', { status: '', email: '  ' }, {}],
    ['an e-mail cut at 255', { email: 'e'.repeat(300) }, { email: 'e'.repeat(255) }],
  ])('%s', (_name, search, expected) => {
    expect(readIdentityFilters(search as Record<string, unknown>)).toEqual(expected);
  });
});

describe('an identity check before it is sent (identityCheckProblems)', () => {
  const right: IdentityCheckValues = { accountId: 11, firstName: 'Anna', lastName: 'Berg', email: 'anna@example.com', countryCode: 'DE', reference: '' };
  const known = { accountIds: [11, 12], countries: ['DE', 'RO'] };
  it.each([
    ['right', {}, {}],
    ['no account', { accountId: null }, { accountId: 'account' }],
    ['an account not theirs', { accountId: 99 }, { accountId: 'account' }],
    ['a blank first name', { firstName: '   ' }, { firstName: 'required' }],
    ['a last name of 100', { lastName: 'x'.repeat(100) }, {}],
    ['a last name of 101', { lastName: 'x'.repeat(101) }, { lastName: 'tooLong' }],
    ['100 after trimming', { firstName: ` ${'y'.repeat(100)} ` }, {}],
    ['no e-mail', { email: '' }, { email: 'required' }],
    ['an e-mail of 5 characters', { email: 'a@b.c' }, { email: 'email' }],
    ['an e-mail of 6 characters', { email: 'a@b.co' }, {}],
    ['an e-mail without a dot', { email: 'anna@example' }, { email: 'email' }],
    ['an e-mail without @', { email: 'anna.example.com' }, { email: 'email' }],
    ['a country in lower case', { countryCode: 'ro' }, {}],
    ['a country not offered', { countryCode: 'FR' }, { countryCode: 'country' }],
    ['three letters', { countryCode: 'DEU' }, { countryCode: 'country' }],
    ['no country', { countryCode: '' }, { countryCode: 'country' }],
    ['a reference of 100', { reference: 'r'.repeat(100) }, {}],
    ['a reference of 101', { reference: 'r'.repeat(101) }, { reference: 'tooLong' }],
  ])('%s', (_name, over, expected) => {
    expect(identityCheckProblems({ ...right, ...over }, known)).toEqual(expected);
  });
  it('any two letters while the countries are not known', () => {
    expect(identityCheckProblems({ ...right, countryCode: 'FR' }, { accountIds: [11] })).toEqual({});
    expect(identityCheckProblems({ ...right, countryCode: 'FR' }, { accountIds: [11], countries: [] })).toEqual({});
  });
});

describe('the accounts that may pay the fee (feePayingAccounts)', () => {
  it('open payment accounts in a bank currency, in their order', () => {
    const eur = { accountId: 1, type: 1001, accountStatusId: 1, currencyCode: 'EUR' };
    const closed = { accountId: 2, type: 1001, accountStatusId: 11, currencyCode: 'USD' };
    const crypto = { accountId: 3, type: 1001, accountStatusId: 1, currencyCode: 'USDT' };
    const cryptoLower = { accountId: 4, type: 1001, accountStatusId: 1, currencyCode: 'btc' };
    const prepayment = { accountId: 5, type: 4001, accountStatusId: 1, currencyCode: 'EUR' };
    const ron = { accountId: 6, type: 1001, accountStatusId: 10, currencyCode: 'RON' };
    expect(feePayingAccounts([ron, eur, closed, crypto, cryptoLower, prepayment])).toEqual([ron, eur]);
  });
});

describe('the fee is covered (feeCovered, exact)', () => {
  it.each([
    ['2.50', '2.50', true],
    ['2.49', '2.50', false],
    ['2.51', '2.50', true],
    ['0.00', '0.01', false],
    ['100000000000000.00000001', '100000000000000', true],
    ['0.1', '0.10000001', false],
  ])('balance %s, fee %s → %s', (balance, fee, expected) => {
    expect(feeCovered(balance, fee)).toBe(expected);
  });
});

describe('the reputation look-up', () => {
  it.each([
    ['', null],
    ['    ', null],
    ['  anna@example.com  ', 'anna@example.com'],
    ['a@b.c', null], // 5 characters
    ['a@b.co', 'a@b.co'],
    ['anna@example', null],
    ['anna.example.com', null],
    ['\tANNA@Example.com\n', 'ANNA@Example.com'],
    // Typed half-way: the 001 s5 rule passes them, the look-up waits for a whole e-mail.
    ['fraud.suspect@', null],
    ['fraud.suspect@example', null],
    ['fraud.suspect@example.', null],
    ['anna@.com', null],
    ['anna@@example.com', null],
    ['anna @example.com', null],
    ['a.b@c.d', 'a.b@c.d'],
    ['anna@mail.example.co.uk', 'anna@mail.example.co.uk'],
  ])('%j → %j', (text, expected) => {
    expect(reputationEmail(text)).toBe(expected);
  });

  it('every event has a tone', () => {
    expect(Object.keys(REPUTATION_TONE).sort()).toEqual([...REPUTATION_EVENTS].sort());
  });

  it.each([
    ['nothing reported', [], 'unknown'],
    ['payments that went through', ['completedPayment', 'completedPayment'], 'good'],
    ['a refund asked', ['refundRequest'], 'good'],
    ['a chargeback', ['completedPayment', 'chargeback'], 'caution'],
    ['a fraud report', ['completedPayment', 'fraudReport'], 'risky'],
    ['a closed account', ['accountClosed'], 'risky'],
    ['fraud over a chargeback', ['chargeback', 'fraudReport'], 'risky'],
  ] as const)('%s → %s', (_name, events, verdict) => {
    expect(reputationVerdict(events.map((eventType) => ({ eventType })))).toBe(verdict);
  });
});
