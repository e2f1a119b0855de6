import { describe, expect, it } from 'vitest';
import { binOf, cardLifecycle, fundingAccounts, groupCardNumber, isObviousPin, maskCardNumber, passesLuhn } from '@machines/cards/card.logic';
import {
  addCardBody,
  cardFormMessages as m,
  isPositiveAmount,
  normalizeAmount,
  validateActivation,
  validateAddCard,
  validateApply,
  validateChangePin,
  validateConfirmCard,
  validateReissue,
  validateRename,
} from '@machines/cards/card-forms';

const keys = (errors: Record<string, unknown>) => Object.keys(errors).sort();

describe('card lifecycle beyond the meta flags (docs/decisions.md "Cards")', () => {
  //              status, virtual, reissued → activate, reissue, upgradeShipping, reissuing
  it.each([
    [21, false, undefined, [true, false, false, false]],
    [21, true, undefined, [false, false, false, false]],
    [2, false, undefined, [false, true, false, false]],
    [71, false, undefined, [false, true, false, false]],
    [38, false, undefined, [false, true, false, false]],
    [2, true, undefined, [false, false, false, false]],
    [27, false, undefined, [false, false, false, false]],
    [18, false, undefined, [false, false, false, false]],
    [2, false, 0, [false, false, true, true]],
    [2, false, 19, [false, false, true, true]],
    [2, false, 20, [false, false, true, true]],
    [4, false, 19, [false, false, false, true]],
    [18, false, 0, [false, false, false, true]],
    [71, false, 0, [false, false, true, true]],
    [2, false, 21, [false, false, false, true]],
    [2, false, 2, [false, true, false, false]],
    [2, false, 4, [false, true, false, false]],
  ] as const)('status %i, virtual %s, reissue %s', (status, virtual, reissued, expected) => {
    const life = cardLifecycle({ type: 2010, accountStatusId: status, cardIsVirtual: virtual, cardReissuedStatusId: reissued });
    expect([life.activate, life.reissue, life.upgradeShipping, life.reissuing]).toEqual(expected);
  });
});

describe('card numbers (001 s5, s9)', () => {
  it.each([
    ['4242424242424242', '424242••••••4242'],
    ['4242 4242 4242 4242', '424242••••••4242'],
    ['4242424242424242123', '424242•••••••••2123'],
    ['424242424242424', '424242424242424'], // 15: shorter than 16, not masked
    ['4242', '4242'],
  ])('mask %s → %s', (number, masked) => expect(maskCardNumber(number)).toBe(masked));

  it('groups in fours for reading', () => expect(groupCardNumber('424242••••••4242')).toBe('4242 42•• •••• 4242'));

  it.each([
    ['4242 42', '424242'],
    ['4242-4242', '424242'],
    ['42424', null],
    ['4242 4x', null],
    ['', null],
  ])('bin of %s is %s', (typed, bin) => expect(binOf(typed)).toBe(bin));

  it.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['4242424242424241', false],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['42424242424', false], // 11 digits
    ['42424242424242424242', false], // 20 digits
    ['4242abcd42424242', false],
  ])('Luhn %s: %s', (number, ok) => expect(passesLuhn(number)).toBe(ok));

  it.each([
    ['1111', true],
    ['1234', true],
    ['6789', true],
    ['9876', true],
    ['3210', true],
    ['1235', false],
    ['4071', false],
    ['0987', false],
    ['123', false],
  ])('obvious PIN %s: %s', (pin, obvious) => expect(isObviousPin(pin)).toBe(obvious));
});

describe('card forms', () => {
  it.each([
    ['1', true],
    ['0.01', true],
    ['25.50', true],
    ['0', false],
    ['0.00', false],
    ['1.234', false],
    ['-1', false],
    ['1e3', false],
    ['1,37', true],
    [' 25,5 ', true],
    ['1,234', false],
    ['1,2,3', false],
    ['', false],
    ['1234567890123456', false],
  ])('amount %s: %s', (text, ok) => expect(isPositiveAmount(text)).toBe(ok));

  it('funding accounts: open payment accounts in the currency', () => {
    const accounts = [
      { accountId: 1, type: 1001, accountStatusId: 1, currencyCode: 'USD', balance: '1' },
      { accountId: 2, type: 1001, accountStatusId: 11, currencyCode: 'USD', balance: '1' },
      { accountId: 3, type: 1001, accountStatusId: 1, currencyCode: 'EUR', balance: '1' },
      { accountId: 4, type: 4002, accountStatusId: 1, currencyCode: 'USD', balance: '1' },
      { accountId: 5, type: 2010, accountStatusId: 2, currencyCode: 'USD', balance: '1' },
    ];
    expect(fundingAccounts(accounts, 'USD').map((a) => a.accountId)).toEqual([1]);
    expect(fundingAccounts(accounts, 'RON')).toEqual([]);
  });

  it.each([
    ['1,37', '1.37'],
    [' 12.5 ', '12.5'],
    ['1,2,3', '1,2,3'],
    ['12', '12'],
  ])('normalize amount %s → %s', (typed, sent) => expect(normalizeAmount(typed)).toBe(sent));

  it('change PIN: format, obvious, mismatch, confirmation', () => {
    expect(validateChangePin({ pin: '4071', pinRepeat: '4071', confirm: 'true' })).toEqual({});
    expect(validateChangePin({ pin: '407', pinRepeat: '407', confirm: 'true' }).pin).toEqual({ descriptor: m.pinFormat });
    expect(validateChangePin({ pin: '1234', pinRepeat: '1234', confirm: 'true' }).pin).toEqual({ descriptor: m.pinObvious });
    expect(keys(validateChangePin({ pin: '4071', pinRepeat: '4072', confirm: 'true' }))).toEqual(['pinRepeat']);
    expect(keys(validateChangePin({ pin: '', pinRepeat: '', confirm: '' }))).toEqual(['confirm', 'pin', 'pinRepeat']);
    expect(keys(validateChangePin({ pin: '4071', pinRepeat: '4071', confirm: 'false' }))).toEqual(['confirm']);
  });

  it('rename: 1 to 40 characters after trimming', () => {
    expect(validateRename({ cardAliasName: 'x' })).toEqual({});
    expect(validateRename({ cardAliasName: 'x'.repeat(40) })).toEqual({});
    expect(keys(validateRename({ cardAliasName: 'x'.repeat(41) }))).toEqual(['cardAliasName']);
    expect(keys(validateRename({ cardAliasName: '   ' }))).toEqual(['cardAliasName']);
  });

  it('reissue: the shipping must be chosen', () => {
    expect(validateReissue({ isExpressShipping: 'true' })).toEqual({});
    expect(validateReissue({ isExpressShipping: 'false' })).toEqual({});
    expect(keys(validateReissue({ isExpressShipping: '' }))).toEqual(['isExpressShipping']);
  });

  it('activation: fee account, known parameters by their rule, others only required', () => {
    expect(validateActivation({ feeAccountId: '50001', 'param.lastFourDigits': '1004', 'param.cvv': '123', 'param.other': 'x', requestId: 'r' })).toEqual({});
    expect(keys(validateActivation({ feeAccountId: '', 'param.lastFourDigits': '10a4', 'param.cvv': '12', 'param.other': ' ' }))).toEqual([
      'feeAccountId',
      'param.cvv',
      'param.lastFourDigits',
      'param.other',
    ]);
  });

  const today = { month: 11, year: 2026 };
  it('add card: Luhn, expiry this month or later, holder name', () => {
    const ok = { cardNumber: '4242 4242 4242 4242', cardExpiryMonth: '11', cardExpiryYear: '2026', cardHolderName: 'Ana Pop' };
    expect(validateAddCard(ok, today)).toEqual({});
    expect(validateAddCard({ ...ok, cardExpiryMonth: '10' }, today).cardExpiryMonth).toEqual({ descriptor: m.expiryPast });
    expect(validateAddCard({ ...ok, cardExpiryYear: '2025', cardExpiryMonth: '12' }, today).cardExpiryMonth).toEqual({ descriptor: m.expiryPast });
    expect(validateAddCard({ ...ok, cardExpiryMonth: '' }, today).cardExpiryMonth).toEqual({ descriptor: m.expiryFormat });
    expect(validateAddCard({ ...ok, cardExpiryMonth: '13' }, today).cardExpiryMonth).toEqual({ descriptor: m.expiryFormat });
    expect(keys(validateAddCard({ ...ok, cardNumber: '4242 4242 4242 4241', cardHolderName: 'A' }, today))).toEqual(['cardHolderName', 'cardNumber']);
    expect(addCardBody(ok)).toEqual({ cardNumber: '4242424242424242', cardExpiryMonth: 11, cardExpiryYear: 2026, cardHolderName: 'Ana Pop' });
  });

  it('confirm card: an amount', () => {
    expect(validateConfirmCard({ verificationAmount: '1.37' })).toEqual({});
    expect(validateConfirmCard({ verificationAmount: '1,37' })).toEqual({});
    expect(keys(validateConfirmCard({ verificationAmount: '1.3.7' }))).toEqual(['verificationAmount']);
  });

  it('apply: an offer; a debit card needs its settlement account', () => {
    expect(validateApply({ offer: 'VISA|1|USD|0', applyType: '1' })).toEqual({});
    expect(keys(validateApply({ offer: '', applyType: '' }))).toEqual(['offer']);
    expect(keys(validateApply({ offer: 'MC|2|USD|0', applyType: '2', settlementAccountId: '' }))).toEqual(['settlementAccountId']);
    expect(validateApply({ offer: 'MC|2|USD|0', applyType: '2', settlementAccountId: '50001' })).toEqual({});
  });
});
