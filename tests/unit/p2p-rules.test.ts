import { emptyP2p, isEmailValid, isPayeeCheckable, p2pFeeLookup, p2pMessages as m, p2pPrefill, p2pRequest, validateP2p, type P2pFacts, type P2pValues } from '@machines/transfers/p2p.logic';

const accounts = [
  { accountId: 1, currencyCode: 'USD', balance: '100.00' },
  { accountId: 2, currencyCode: 'USDT', balance: '5.12345678' },
];
const facts: P2pFacts = { accounts, payee: { email: 'ana@example.com', exist: true }, emails: [{ id: 1, email: 'me@example.com' }], fee: '0.25', today: '2026-11-24' };
const v = (over: Partial<P2pValues>): P2pValues => ({ ...emptyP2p, accountId: '1', toEmail: 'ana@example.com', amount: '10', ...over });
const fields = (over: Partial<P2pValues>, f: Partial<P2pFacts> = {}) => validateP2p(v(over), { ...facts, ...f });

describe('e-mail rule (001 s5)', () => {
  it.each([
    ['empty: valid', '', true, false],
    ['spaces only: valid (empty)', '   ', true, false],
    ['5 characters: too short', 'a@b.c', false, false],
    ['6 characters with @ and .: valid', 'ab@c.d', true, true],
    ['no @', 'ana.example.com', false, false],
    ['no .', 'ana@examplecom', false, false],
    ['a whole address', 'ana@example.com', true, true],
  ])('%s', (_name, text, valid, checkable) => {
    expect(isEmailValid(text)).toBe(valid);
    expect(isPayeeCheckable(text)).toBe(checkable);
  });
});

describe('p2p fee lookup (001 s5: only with an amount above 0)', () => {
  it.each([
    ['no account', { accountId: '', amount: '10' }, null],
    ['no amount', { accountId: '1', amount: '' }, null],
    ['zero', { accountId: '1', amount: '0' }, null],
    ['0.00', { accountId: '1', amount: '0.00' }, null],
    ['above 0', { accountId: '1', amount: '0.01' }, { amount: '0.01', accountId: 1 }],
    ['a decimal comma', { accountId: '1', amount: '12,5' }, { amount: '12.50', accountId: 1 }],
    ['too many decimals for USD', { accountId: '1', amount: '1.001' }, null],
    ['crypto takes 8 decimals', { accountId: '2', amount: '0.00000001' }, { amount: '0.00000001', accountId: 2 }],
  ])('%s', (_name, values, expected) => expect(p2pFeeLookup(values, accounts)).toEqual(expected));
});

describe('the p2p form rule', () => {
  it('a whole, valid transfer has no errors', () => expect(fields({})).toEqual({}));
  it.each<[string, Partial<P2pValues>, Partial<P2pFacts>, keyof P2pValues, unknown]>([
    ['no account', { accountId: '' }, {}, 'accountId', m.account],
    ['no e-mail', { toEmail: '' }, {}, 'toEmail', m.email],
    ['an invalid e-mail', { toEmail: 'ana@x' }, {}, 'toEmail', m.email],
    ['one of my own e-mails', { toEmail: 'ME@example.com' }, {}, 'toEmail', m.self],
    ['nobody with this e-mail', {}, { payee: { email: 'ana@example.com', exist: false } }, 'toEmail', m.noPayee],
    ['on the payout blacklist', {}, { payee: { email: 'ana@example.com', exist: true, outBlacklist: true } }, 'toEmail', m.blacklisted],
    ['no amount', { amount: '' }, {}, 'amount', m.amount],
    ['amount 0', { amount: '0' }, {}, 'amount', m.amount],
    ['more than the balance with the fee', { amount: '99.76' }, {}, 'amount', m.balance],
    ['a note of 256 characters', { note: 'x'.repeat(256) }, {}, 'note', m.note],
    ['a reference of 141 characters', { reference: 'x'.repeat(141) }, {}, 'reference', m.reference],
    ['a sender e-mail not among mine, when I have several', { fromEmailId: '9' }, { emails: [{ id: 1, email: 'me@example.com' }, { id: 2, email: 'me2@example.com' }] }, 'fromEmailId', m.fromEmail],
    ['a coupon with a dash', { couponCode: 'NO-FEE' }, {}, 'couponCode', m.coupon],
    ['a template without a name', { saveTemplate: 'true', templateName: ' ' }, {}, 'templateName', m.templateName],
    ['a template name of 61 characters', { saveTemplate: 'true', templateName: 'x'.repeat(61) }, {}, 'templateName', m.templateName],
  ])('%s', (_name, over, f, field, descriptor) => {
    const errors = fields(over, f);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toEqual({ descriptor });
  });

  it.each<[string, Partial<P2pValues>, Partial<P2pFacts>]>([
    ['exactly the balance with the fee', { amount: '99.75' }, {}],
    ['a fee not known yet', { amount: '100' }, { fee: null }],
    ['a payee check of another (older) e-mail does not count', {}, { payee: { email: 'old@example.com', exist: false } }],
    ['no payee check yet', {}, { payee: null }],
    ['a note of 255, a reference of 140', { note: 'x'.repeat(255), reference: 'x'.repeat(140) }, {}],
    ['one e-mail: no choice needed', { fromEmailId: '' }, {}],
    ['a template named in 60 characters', { saveTemplate: 'true', templateName: 'x'.repeat(60) }, {}],
    ['a coupon of letters and digits', { couponCode: 'NoFee2026' }, {}],
  ])('no error: %s', (_name, over, f) => expect(fields(over, f)).toEqual({}));

  it('recurring options follow the shared rule', () => {
    expect(Object.keys(fields({ recurring: 'true' }))).toEqual(['frequency', 'endDate']);
    expect(fields({ recurring: 'true', frequency: 'monthly', userCancel: 'true' })).toEqual({});
  });
});

describe('the p2p submit body (001 s7)', () => {
  it('sends only what was given, amounts as exact text, the platform, and the requestId', () => {
    expect(p2pRequest(v({}), accounts, 'req-1')).toEqual({ accountId: 1, amount: '10.00', currency: 'USD', toEmail: 'ana@example.com', platform: 'web', requestId: 'req-1' });
    expect(
      p2pRequest(
        v({ amount: '12,5', note: ' Dinner ', reference: 'R1', fromEmailId: '2', couponCode: 'nofee', saveTemplate: 'true', templateName: ' Ana ', recurring: 'true', frequency: 'weekly', transactions: '4' }),
        accounts,
        'req-2',
      ),
    ).toEqual({
      accountId: 1,
      amount: '12.50',
      currency: 'USD',
      toEmail: 'ana@example.com',
      platform: 'web',
      requestId: 'req-2',
      note: 'Dinner',
      reference: 'R1',
      fromEmailId: 2,
      couponCode: 'NOFEE',
      templateName: 'Ana',
      subscriptionFrequency: 'weekly',
      subscriptionTransactions: 4,
      subscriptionUserCancel: false,
    });
    // A template name is not sent unless saving is ticked.
    expect(p2pRequest(v({ templateName: 'Ana' }), accounts, 'req-3')).not.toHaveProperty('templateName');
  });
});

describe('filling the form from a recent transfer or a template', () => {
  it.each([
    ['a recent transfer: its account', { toEmail: 'ana@example.com', amount: '75.00', accountId: 1 }, { toEmail: 'ana@example.com', amount: '75.00', accountId: '1' }],
    ['a template: the account in its currency', { toEmail: 'ana@example.com', amount: '5.00', currencyCode: 'USDT', note: 'Gift' }, { toEmail: 'ana@example.com', amount: '5.00', accountId: '2', note: 'Gift' }],
    ['an account that is not mine: not chosen', { toEmail: 'ana@example.com', accountId: 99 }, { toEmail: 'ana@example.com' }],
    ['a currency I do not hold: not chosen', { toEmail: 'ana@example.com', currencyCode: 'EUR' }, { toEmail: 'ana@example.com' }],
    ['an amount that is not one', { toEmail: 'ana@example.com', amount: '1e5' }, { toEmail: 'ana@example.com' }],
  ])('%s', (_name, source, expected) => expect(p2pPrefill(source, accounts)).toEqual(expected));
});
