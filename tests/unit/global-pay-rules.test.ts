import { deMethods, paymentFact, paymentInput } from '../support/global-pay-payments';
import {
  BATCH_STATUSES,
  GLOBAL_PAY_COLUMNS,
  GLOBAL_PAY_COUNTRIES,
  GLOBAL_PAY_CURRENCIES,
  batchTotals,
  checkGlobalPayHeader,
  checkGlobalPayRow,
  checkReceiveDetails,
  countryPaymentMethods,
  duplicateKey,
  isBatchSettled,
  isBatchUnderway,
  isBeneficiaryEmail,
  isCardNumber,
  isGlobalPayMethod,
  paymentFee,
  paymentFromRow,
  recipientGets,
  senderPays,
  splitMethods,
  statusPollDelay,
  type FeeShare,
  type GlobalPayCellError,
  type GlobalPayMethod,
  type GlobalPayPaymentInput,
} from '@machines/batches/global-pay-rules';
import {
  applyEdit,
  canSubmit,
  draftPayment,
  editedIds,
  inverseEdit,
  mergeSaved,
  nextSaveGroup,
  paidOrUnderway,
  paymentChanges,
  resumeAt,
  saveCallOf,
  withStatuses,
  type GlobalPayEdit,
  type GlobalPayEditRequest,
  type GlobalPayPaymentFact,
} from '@machines/batches/global-pay.logic';

/**
 * Global pay batches (001 s3, s4, s7, s9): the file's columns and each row's checks, the fee and
 * the totals, the statuses, the recipient's details, and the batch statechart's pure edits; every
 * branch and boundary of each rule.
 */

// ---- the rows -----------------------------------------------------------------------------------

/** A whole row with no problem: 100.00 EUR to an individual in Germany, the sender paying the fee. */
const validRow: Record<string, string> = {
  amount: '100.00',
  currency: 'EUR',
  beneficiaryType: 'individual',
  beneficiaryName: 'Anna Schmidt',
  beneficiaryEmail: 'anna@example.com',
  beneficiaryCountryCode: 'DE',
};
const checkRow = (over: Record<string, string | undefined>) => checkGlobalPayRow({ ...validRow, ...over });
const err = (column: GlobalPayCellError['column'], problem: GlobalPayCellError['problem']): GlobalPayCellError => ({ column, problem });
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('the dictionary: countries and their payment methods', () => {
  it.each([
    ['a country with cards: bank transfer, card, wallet', 'DE', ['bankTransfer', 'card', 'wallet']],
    ['lower case is read as upper', 'de', ['bankTransfer', 'card', 'wallet']],
    ['a country without cards: bank transfer and wallet', 'BG', ['bankTransfer', 'wallet']],
    ['Brazil offers all four', 'BR', ['bankTransfer', 'card', 'instantPayment', 'wallet']],
    ['Mexico: instant payments, no cards', 'MX', ['bankTransfer', 'instantPayment', 'wallet']],
    ['India: instant payments, no cards', 'IN', ['bankTransfer', 'instantPayment', 'wallet']],
    ['a country the batch does not pay to: none', 'XX', []],
    ['a three-letter code: none', 'DEU', []],
    ['no country: none', '', []],
  ])('%s', (_name, country, methods) => expect(countryPaymentMethods(country)).toEqual(methods));

  it('every country offers bank transfers and wallets, and only known methods', () => {
    for (const methods of Object.values(GLOBAL_PAY_COUNTRIES)) {
      expect(methods).toEqual(expect.arrayContaining(['bankTransfer', 'wallet']));
      expect(methods.every(isGlobalPayMethod)).toBe(true);
    }
  });

  it.each([
    ['bankTransfer', 'bankTransfer', true],
    ['card', 'card', true],
    ['wallet', 'wallet', true],
    ['instantPayment', 'instantPayment', true],
    ['case matters: Card', 'Card', false],
    ['an unknown name', 'crypto', false],
    ['empty', '', false],
  ])('a method name: %s', (_name, name, known) => expect(isGlobalPayMethod(name)).toBe(known));
});

describe('the header row', () => {
  it.each([
    ['the required columns only', [...GLOBAL_PAY_COLUMNS.required], [], []],
    ['every column, in any order', ['paymentMethods', 'beneficiaryEmail', 'feeShare', 'amount', 'beneficiaryCountryCode', 'description', 'currency', 'beneficiaryName', 'beneficiaryType'], [], []],
    ['names are trimmed', [' amount ', 'currency\t', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'], [], []],
    ['empty header cells are ignored', ['amount', '', 'currency', ' ', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'], [], []],
    ['a missing required column', ['currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'], ['amount'], []],
    ['missing optional columns are fine', ['amount', 'currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'], [], []],
    ['an unknown column', [...GLOBAL_PAY_COLUMNS.required, 'iban'], [], ['iban']],
    ['case matters: "Amount" is unknown and amount is missing', ['Amount', 'currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'], ['amount'], ['Amount']],
    ['an empty header: every required column is missing, in their order', [], [...GLOBAL_PAY_COLUMNS.required], []],
  ])('%s', (_name, header, missing, unknown) => expect(checkGlobalPayHeader(header)).toEqual({ missing, unknown }));
});

describe('splitting a row’s methods', () => {
  it.each([
    ['one name', 'card', ['card']],
    ['separated by ;', 'bankTransfer;card', ['bankTransfer', 'card']],
    ['separated by |', 'bankTransfer|wallet', ['bankTransfer', 'wallet']],
    ['separated by a space', 'bankTransfer card', ['bankTransfer', 'card']],
    ['mixed separators and extra spaces', ' bankTransfer ; card |  wallet\tinstantPayment ', ['bankTransfer', 'card', 'wallet', 'instantPayment']],
    ['doubled separators leave no empty names', 'card;;|wallet', ['card', 'wallet']],
    ['an empty cell: no names (every method of the country)', '', []],
    ['only separators: no names', ' ; | ', []],
  ])('%s', (_name, text, names) => expect(splitMethods(text)).toEqual(names));
});

describe('the beneficiary’s e-mail', () => {
  it.each([
    ['an ordinary address', 'anna@example.com', true],
    ['a subdomain', 'anna.schmidt@mail.example.co.uk', true],
    ['a 2-letter top-level domain', 'a@b.co', true],
    ['254 characters', emailOfLength(254), true],
    ['255 characters', emailOfLength(255), false],
    ['no dot in the domain', 'anna@example', false],
    ['a 1-letter top-level domain (the rule asks at least 2 after the last dot)', 'a@b.c', false],
    ['a dot only in the local part', 'anna.schmidt@example', false],
    ['a space in the local part', 'anna schmidt@example.com', false],
    ['a space in the domain', 'anna@exa mple.com', false],
    ['a leading space (the row trims; this rule does not)', ' anna@example.com', false],
    ['no @', 'anna.example.com', false],
    ['two @', 'anna@x@example.com', false],
    ['nothing before @', '@example.com', false],
    ['nothing between @ and the dot', 'anna@.com', false],
    ['empty', '', false],
  ])('%s', (_name, email, valid) => expect(isBeneficiaryEmail(email)).toBe(valid));
});

describe('a row’s checks', () => {
  it('a whole row has no problem', () => expect(checkGlobalPayRow(validRow)).toEqual([]));
  it('a whole row with every optional column has no problem', () =>
    expect(checkRow({ description: 'Invoice 42', feeShare: 'recipient', paymentMethods: 'card;wallet' })).toEqual([]));

  describe.each(GLOBAL_PAY_COLUMNS.required.map((column) => [column]))('the required column %s', (column) => {
    it.each([
      ['empty', ''],
      ['only spaces', '   '],
      ['left out', undefined],
    ])('is required when %s', (_name, value) => expect(checkRow({ [column]: value })).toEqual([err(column, 'required')]));
  });

  it.each([
    ['0.99: below the range', '0.99', [err('amount', 'amountRange')]],
    ['0: below the range', '0', [err('amount', 'amountRange')]],
    ['0.00: below the range', '0.00', [err('amount', 'amountRange')]],
    ['1.00: the smallest', '1.00', []],
    ['1: no decimals', '1', []],
    ['1.5: one decimal', '1.5', []],
    ['50000.00: the largest', '50000.00', []],
    ['50000.01: above the range', '50000.01', [err('amount', 'amountRange')]],
    ['123456789: 9 digits, above the range', '123456789', [err('amount', 'amountRange')]],
    ['1234567890: 10 digits, above the range', '1234567890', [err('amount', 'amountRange')]],
    ['0: zero, below the range', '0', [err('amount', 'amountRange')]],
    ['0.00: zero with decimals, below the range', '0.00', [err('amount', 'amountRange')]],
    ['1.234: three decimals', '1.234', [err('amount', 'amountDecimals')]],
    ['-15.00: negative', '-15.00', [err('amount', 'amountNegative')]],
    ['-5: negative, no decimals', '-5', [err('amount', 'amountNegative')]],
    ['-1.234: negative before too precise', '-1.234', [err('amount', 'amountNegative')]],
    ['1,50: a decimal comma', '1,50', [err('amount', 'amountNotNumber')]],
    ['-1: a sign', '-1', [err('amount', 'amountNegative')]],
    ['+1: a sign', '+1', [err('amount', 'amountNotNumber')]],
    ['.50: no whole part', '.50', [err('amount', 'amountNotNumber')]],
    ['1.: a point without decimals', '1.', [err('amount', 'amountNotNumber')]],
    ['1e3: an exponent', '1e3', [err('amount', 'amountNotNumber')]],
    ['NaN: not a number', 'NaN', [err('amount', 'amountNotNumber')]],
    ['-abc: a minus before words', '-abc', [err('amount', 'amountNotNumber')]],
    ['1 000: a space inside', '1 000', [err('amount', 'amountNotNumber')]],
    ['abc: no number', 'abc', [err('amount', 'amountNotNumber')]],
    ['spaces around are trimmed', ' 10.00 ', []],
    ['leading zeros are fine', '0010.00', []],
  ])('amount %s', (_name, amount, errors) => expect(checkRow({ amount })).toEqual(errors));

  it.each([
    ['a known currency', 'USD', []],
    ['lower case is accepted', 'eur', []],
    ['mixed case with spaces', ' Gbp ', []],
    ['an unknown currency', 'XXX', [err('currency', 'currency')]],
    ['a currency the batch does not pay in (JPY)', 'JPY', [err('currency', 'currency')]],
    ['four letters', 'EURO', [err('currency', 'currency')]],
  ])('currency: %s', (_name, currency, errors) => expect(checkRow({ currency })).toEqual(errors));

  it.each(GLOBAL_PAY_CURRENCIES.map((currency) => [currency]))('currency %s is accepted', (currency) => expect(checkRow({ currency })).toEqual([]));

  it.each([
    ['individual', 'individual', []],
    ['business', 'business', []],
    ['case matters: Business', 'Business', [err('beneficiaryType', 'beneficiaryType')]],
    ['an unknown type', 'company', [err('beneficiaryType', 'beneficiaryType')]],
  ])('beneficiary type: %s', (_name, beneficiaryType, errors) => expect(checkRow({ beneficiaryType })).toEqual(errors));

  it.each([
    ['100 characters: the longest', 'N'.repeat(100), []],
    ['101 characters: too long', 'N'.repeat(101), [err('beneficiaryName', 'tooLong')]],
    ['100 characters and spaces around (trimmed)', `  ${'N'.repeat(100)}  `, []],
    ['one character', 'N', []],
  ])('beneficiary name: %s', (_name, beneficiaryName, errors) => expect(checkRow({ beneficiaryName })).toEqual(errors));

  it.each([
    ['an ordinary address', 'anna@example.com', []],
    ['spaces around are trimmed', '  anna@example.com  ', []],
    ['upper case is fine', 'Anna@Example.COM', []],
    ['254 characters', emailOfLength(254), []],
    ['255 characters', emailOfLength(255), [err('beneficiaryEmail', 'email')]],
    ['no dot in the domain', 'anna@example', [err('beneficiaryEmail', 'email')]],
    ['a space inside', 'anna @example.com', [err('beneficiaryEmail', 'email')]],
    ['a 1-letter top-level domain', 'a@b.c', [err('beneficiaryEmail', 'email')]],
    ['no @', 'anna.example.com', [err('beneficiaryEmail', 'email')]],
  ])('beneficiary e-mail: %s', (_name, beneficiaryEmail, errors) => expect(checkRow({ beneficiaryEmail })).toEqual(errors));

  it.each([
    ['a country the batch pays to', 'FR', []],
    ['lower case is accepted', 'de', []],
    ['an unknown country', 'XX', [err('beneficiaryCountryCode', 'country')]],
    ['a three-letter code', 'DEU', [err('beneficiaryCountryCode', 'country')]],
  ])('country: %s', (_name, beneficiaryCountryCode, errors) => expect(checkRow({ beneficiaryCountryCode })).toEqual(errors));

  it.each(Object.keys(GLOBAL_PAY_COUNTRIES).map((country) => [country]))('country %s is accepted', (beneficiaryCountryCode) =>
    expect(checkRow({ beneficiaryCountryCode })).toEqual([]));

  it.each([
    ['left out', undefined, []],
    ['empty', '', []],
    ['140 characters: the longest', 'd'.repeat(140), []],
    ['141 characters: too long', 'd'.repeat(141), [err('description', 'tooLong')]],
    ['140 characters and spaces around (trimmed)', ` ${'d'.repeat(140)} `, []],
  ])('description: %s', (_name, description, errors) => expect(checkRow({ description })).toEqual(errors));

  it.each([
    ['left out (the sender pays)', undefined, []],
    ['empty (the sender pays)', '', []],
    ['sender', 'sender', []],
    ['recipient', 'recipient', []],
    ['case matters: Sender', 'Sender', [err('feeShare', 'feeShare')]],
    ['an unknown side', 'both', [err('feeShare', 'feeShare')]],
  ])('fee side: %s', (_name, feeShare, errors) => expect(checkRow({ feeShare })).toEqual(errors));

  it.each([
    ['an empty cell allows every method', 'DE', '', []],
    ['only separators', 'DE', ' ; ', []],
    ['one offered method', 'DE', 'card', []],
    ['offered methods with ;', 'DE', 'bankTransfer;card', []],
    ['offered methods with |', 'DE', 'bankTransfer|wallet', []],
    ['offered methods with a space', 'DE', 'card wallet', []],
    ['every method of the country', 'DE', 'bankTransfer; card | wallet', []],
    ['a method the country does not offer', 'DE', 'instantPayment', [err('paymentMethods', 'method')]],
    ['an offered and a not offered method with ;', 'DE', 'card;instantPayment', [err('paymentMethods', 'method')]],
    ['an offered and a not offered method with |', 'BG', 'wallet|card', [err('paymentMethods', 'method')]],
    ['an offered and a not offered method with a space', 'MX', 'bankTransfer card', [err('paymentMethods', 'method')]],
    ['an unknown method', 'DE', 'crypto', [err('paymentMethods', 'method')]],
    ['case matters: Card', 'DE', 'Card', [err('paymentMethods', 'method')]],
    ['instant payments where offered (BR)', 'BR', 'instantPayment', []],
    ['instant payments where offered (MX), lower-case country', 'mx', 'instantPayment;wallet', []],
    ['an unknown country: only the country is wrong, the methods are not judged', 'XX', 'card', [err('beneficiaryCountryCode', 'country')]],
  ])('payment methods: %s', (_name, beneficiaryCountryCode, paymentMethods, errors) => expect(checkRow({ beneficiaryCountryCode, paymentMethods })).toEqual(errors));

  it.each([
    ['the recipient pays 1.00 out of 1.00: nothing would arrive', '1.00', 'recipient', [err('amount', 'feeAboveAmount')]],
    ['the recipient pays 1.00 out of 1 (no decimals)', '1', 'recipient', [err('amount', 'feeAboveAmount')]],
    ['the recipient pays 1.00 out of 1.01: 0.01 arrives', '1.01', 'recipient', []],
    ['the recipient pays 25.00 out of 50000.00', '50000.00', 'recipient', []],
    ['the sender pays the fee on top of 1.00', '1.00', 'sender', []],
    ['no fee side: the sender pays', '1.00', '', []],
    ['an unknown fee side is its own problem, not the amount’s', '1.00', 'Recipient', [err('feeShare', 'feeShare')]],
    ['below the range: one amount problem, the range', '0.50', 'recipient', [err('amount', 'amountRange')]],
    ['a bad format: one amount problem, the format', '1.234', 'recipient', [err('amount', 'amountDecimals')]],
  ])('the fee against the amount: %s', (_name, amount, feeShare, errors) => expect(checkRow({ amount, feeShare })).toEqual(errors));

  it('an empty row: each required column once, in the columns’ order', () =>
    expect(checkGlobalPayRow({})).toEqual(GLOBAL_PAY_COLUMNS.required.map((column) => err(column, 'required'))));

  it('everything wrong: one problem per column, in the columns’ order', () =>
    expect(
      checkGlobalPayRow({
        paymentMethods: 'instantPayment',
        feeShare: 'both',
        description: 'd'.repeat(141),
        beneficiaryCountryCode: 'DE',
        beneficiaryEmail: 'anna@example',
        beneficiaryName: 'N'.repeat(101),
        beneficiaryType: 'company',
        currency: 'XXX',
        amount: '1.234',
      }),
    ).toEqual([
      err('amount', 'amountDecimals'),
      err('currency', 'currency'),
      err('beneficiaryType', 'beneficiaryType'),
      err('beneficiaryName', 'tooLong'),
      err('beneficiaryEmail', 'email'),
      err('description', 'tooLong'),
      err('feeShare', 'feeShare'),
      err('paymentMethods', 'method'),
    ]));

  // The doc comment says "in the columns' order": a required cell or the fee problem does not jump
  // ahead of, or fall behind, the other columns' problems.
  it.each([
    ['a bad amount before a missing currency', { amount: 'abc', currency: '' }, [err('amount', 'amountNotNumber'), err('currency', 'required')]],
    ['an amount out of range before a missing e-mail', { amount: '0.10', beneficiaryEmail: '' }, [err('amount', 'amountRange'), err('beneficiaryEmail', 'required')]],
    ['a missing amount before an unknown currency', { amount: '', currency: 'XXX' }, [err('amount', 'required'), err('currency', 'currency')]],
    ['a missing name before a bad e-mail', { beneficiaryName: '', beneficiaryEmail: 'anna@example' }, [err('beneficiaryName', 'required'), err('beneficiaryEmail', 'email')]],
    ['the recipient’s fee above the amount before an unknown currency', { amount: '1.00', feeShare: 'recipient', currency: 'XXX' }, [err('amount', 'feeAboveAmount'), err('currency', 'currency')]],
    ['the recipient’s fee above the amount before a long description', { amount: '1.00', feeShare: 'recipient', description: 'd'.repeat(141) }, [err('amount', 'feeAboveAmount'), err('description', 'tooLong')]],
  ])('problems come in the columns’ order: %s', (_name, over, errors) => expect(checkRow(over)).toEqual(errors));
});

describe('duplicates', () => {
  const key = { beneficiaryEmail: 'anna@example.com', amount: '5.00', currency: 'EUR' };
  it.each([
    ['the same payment', key, true],
    ['e-mail case and spaces do not matter', { ...key, beneficiaryEmail: '  Anna@Example.COM ' }, true],
    ['5 is 5.00', { ...key, amount: '5' }, true],
    ['5.0 is 5.00, spaces around', { ...key, amount: ' 5.0 ' }, true],
    ['05 is 5.00', { ...key, amount: '05' }, true],
    ['currency case and spaces do not matter', { ...key, currency: ' eur ' }, true],
    ['another amount', { ...key, amount: '5.01' }, false],
    ['another currency', { ...key, currency: 'USD' }, false],
    ['another e-mail', { ...key, beneficiaryEmail: 'ana@example.com' }, false],
  ])('%s', (_name, other, same) => expect(duplicateKey(other) === duplicateKey(key)).toBe(same));

  it.each([
    ['a normalised key', { beneficiaryEmail: ' Anna@Example.com ', amount: '5', currency: 'eur' }, 'anna@example.com|5.00|EUR'],
    ['an amount that is not one stays as typed (trimmed)', { beneficiaryEmail: 'a@b.co', amount: ' 1,50 ', currency: 'USD' }, 'a@b.co|1,50|USD'],
    ['three decimals stay as typed', { beneficiaryEmail: 'a@b.co', amount: '1.234', currency: 'USD' }, 'a@b.co|1.234|USD'],
  ])('the key: %s', (_name, row, expected) => expect(duplicateKey(row)).toBe(expected));
});

describe('a checked row as the calls carry it', () => {
  const allowed = (names: readonly GlobalPayMethod[], forbidden: readonly GlobalPayMethod[] = []) =>
    names.map((name) => ({ name, forbidden: forbidden.includes(name) }));

  it('trimmed, codes upper case, the amount with 2 decimals, the fee side defaulted to the sender, every method allowed', () =>
    expect(
      paymentFromRow({
        amount: ' 5 ',
        currency: ' eur ',
        beneficiaryType: ' business ',
        beneficiaryName: ' Anna Schmidt ',
        beneficiaryEmail: ' anna@example.com ',
        beneficiaryCountryCode: ' de ',
      }),
    ).toEqual({
      amount: '5.00',
      currency: 'EUR',
      description: '',
      beneficiaryType: 'business',
      beneficiaryName: 'Anna Schmidt',
      beneficiaryEmail: 'anna@example.com',
      beneficiaryCountryCode: 'DE',
      feeShare: 'sender',
      paymentMethods: allowed(['bankTransfer', 'card', 'wallet']),
    }));

  it.each([
    ['left out: the sender', undefined, 'sender'],
    ['empty: the sender', '', 'sender'],
    ['sender', 'sender', 'sender'],
    ['recipient', 'recipient', 'recipient'],
    ['recipient with spaces', ' recipient ', 'recipient'],
  ])('the fee side %s', (_name, feeShare, expected) => expect(paymentFromRow({ ...validRow, feeShare }).feeShare).toBe(expected));

  it.each([
    ['amount 1.5', '1.5', '1.50'],
    ['amount 50000', '50000', '50000.00'],
    ['amount 0010.10', '0010.10', '10.10'],
  ])('%s', (_name, amount, expected) => expect(paymentFromRow({ ...validRow, amount }).amount).toBe(expected));

  it.each([
    ['an empty cell: none forbidden', 'DE', '', allowed(['bankTransfer', 'card', 'wallet'])],
    ['left out: none forbidden', 'DE', undefined, allowed(['bankTransfer', 'card', 'wallet'])],
    ['only card: the others forbidden', 'DE', 'card', allowed(['bankTransfer', 'card', 'wallet'], ['bankTransfer', 'wallet'])],
    ['card and wallet with |: bank transfer forbidden', 'DE', 'card|wallet', allowed(['bankTransfer', 'card', 'wallet'], ['bankTransfer'])],
    ['every method named: none forbidden', 'DE', 'bankTransfer;card wallet', allowed(['bankTransfer', 'card', 'wallet'])],
    ['Brazil, only instant payments', 'br', 'instantPayment', allowed(['bankTransfer', 'card', 'instantPayment', 'wallet'], ['bankTransfer', 'card', 'wallet'])],
    ['only a method the country does not offer: all of the country’s forbidden', 'DE', 'instantPayment', allowed(['bankTransfer', 'card', 'wallet'], ['bankTransfer', 'card', 'wallet'])],
    ['an unknown country: no methods', 'XX', 'card', []],
  ])('methods: %s', (_name, beneficiaryCountryCode, paymentMethods, expected) =>
    expect(paymentFromRow({ ...validRow, beneficiaryCountryCode, paymentMethods }).paymentMethods).toEqual(expected));

  it('the description is trimmed and kept', () => expect(paymentFromRow({ ...validRow, description: '  Invoice 42 ' }).description).toBe('Invoice 42'));
});

// ---- fees and totals ----------------------------------------------------------------------------

describe('the fee: 1 %, half up to cents, at least 1.00, at most 25.00', () => {
  it.each([
    ['0.01 (below any payment): the least', '0.01', '1.00'],
    ['1.00: the least', '1.00', '1.00'],
    ['99.99: 0.9999 rounds to 1.00', '99.99', '1.00'],
    ['100.00: exactly 1.00', '100.00', '1.00'],
    ['100.49: 1.0049 rounds down', '100.49', '1.00'],
    ['100.50: 1.005 rounds half up', '100.50', '1.01'],
    ['150.49: 1.5049 rounds down', '150.49', '1.50'],
    ['150.50: 1.505 rounds half up', '150.50', '1.51'],
    ['1234.56: 12.3456', '1234.56', '12.35'],
    ['2500.00: exactly 25.00', '2500.00', '25.00'],
    ['2500.49: 25.0049 rounds to 25.00', '2500.49', '25.00'],
    ['2500.50: 25.005 would round to 25.01, the most is 25.00', '2500.50', '25.00'],
    ['50000.00: the most', '50000.00', '25.00'],
    ['100000 is out of range, but the fee is still the most', '100000', '25.00'],
    ['no decimals', '250', '2.50'],
  ])('%s', (_name, amount, fee) => expect(paymentFee(amount)).toBe(fee));
});

describe('what each side pays and gets', () => {
  it.each([
    ['the sender pays the fee on top', '100.00', 'sender', '101.00', '100.00'],
    ['the recipient pays the fee out of the amount', '100.00', 'recipient', '100.00', '99.00'],
    ['sender, half up fee', '150.50', 'sender', '152.01', '150.50'],
    ['recipient, half up fee', '150.50', 'recipient', '150.50', '148.99'],
    ['sender, the most fee', '50000.00', 'sender', '50025.00', '50000.00'],
    ['recipient, the most fee', '50000.00', 'recipient', '50000.00', '49975.00'],
    ['sender, no decimals typed', '5', 'sender', '6.00', '5.00'],
    ['recipient of 1.01: 0.01 arrives', '1.01', 'recipient', '1.01', '0.01'],
  ] as const)('%s', (_name, amount, feeShare, sends, gets) => {
    expect(senderPays({ amount, feeShare })).toBe(sends);
    expect(recipientGets({ amount, feeShare })).toBe(gets);
  });
});

describe('totals per currency', () => {
  const p = (amount: string, currency: string, feeShare: FeeShare = 'sender', status?: string) => ({ amount, currency, feeShare, ...(status ? { status } : {}) });

  it.each([
    ['no payments', [], []],
    ['one payment, the sender paying', [p('100.00', 'EUR')], [{ currency: 'EUR', count: 1, amount: '100.00', fee: '1.00', debit: '101.00' }]],
    ['one payment, the recipient paying: the fee counts, the debit is the amount', [p('100.00', 'EUR', 'recipient')], [{ currency: 'EUR', count: 1, amount: '100.00', fee: '1.00', debit: '100.00' }]],
    [
      'several currencies, sorted by currency',
      [p('10.00', 'USD'), p('200.00', 'EUR', 'recipient'), p('5.00', 'CHF'), p('300.00', 'EUR')],
      [
        { currency: 'CHF', count: 1, amount: '5.00', fee: '1.00', debit: '6.00' },
        { currency: 'EUR', count: 2, amount: '500.00', fee: '5.00', debit: '503.00' },
        { currency: 'USD', count: 1, amount: '10.00', fee: '1.00', debit: '11.00' },
      ],
    ],
    [
      'removed payments are left out',
      [p('100.00', 'EUR', 'sender', 'removed'), p('50.00', 'EUR', 'sender', 'draft'), p('7.00', 'USD', 'sender', 'removed')],
      [{ currency: 'EUR', count: 1, amount: '50.00', fee: '1.00', debit: '51.00' }],
    ],
    [
      'other statuses count (only removed is left out)',
      [p('10.00', 'EUR', 'sender', 'failed'), p('10.00', 'EUR', 'sender', 'completed'), p('10.00', 'EUR', 'sender', 'awaitingRecipient')],
      [{ currency: 'EUR', count: 3, amount: '30.00', fee: '3.00', debit: '33.00' }],
    ],
    ['only removed payments: nothing', [p('10.00', 'EUR', 'sender', 'removed')], []],
    ['exact decimals: 1.10 + 1.20 is 2.30', [p('1.10', 'EUR'), p('1.20', 'EUR')], [{ currency: 'EUR', count: 2, amount: '2.30', fee: '2.00', debit: '4.30' }]],
    ['amounts typed without decimals', [p('5', 'EUR'), p('2500.5', 'EUR')], [{ currency: 'EUR', count: 2, amount: '2505.50', fee: '26.00', debit: '2531.50' }]],
  ])('%s', (_name, payments, totals) => expect(batchTotals(payments)).toEqual(totals));

  it('1,000 payments of 1.10 sum exactly (a float sum would give 1100.0000000000086)', () => {
    const payments = Array.from({ length: 1_000 }, (_, i) => p('1.10', 'EUR', i % 2 === 0 ? 'sender' : 'recipient'));
    expect(batchTotals(payments)).toEqual([{ currency: 'EUR', count: 1_000, amount: '1100.00', fee: '1000.00', debit: '1600.00' }]);
  });

  it('10,000 payments of 0.10-like cents (1.10, 1.20, 1.30) sum exactly', () => {
    const amounts = ['1.10', '1.20', '1.30'];
    const payments = Array.from({ length: 9_999 }, (_, i) => p(amounts[i % 3]!, 'USD'));
    expect(batchTotals(payments)).toEqual([{ currency: 'USD', count: 9_999, amount: '11998.80', fee: '9999.00', debit: '21997.80' }]);
  });
});

// ---- statuses -----------------------------------------------------------------------------------

describe('a batch’s statuses', () => {
  it.each([
    ['draft', false, false],
    ['pendingApproval', false, true],
    ['submitted', false, true],
    ['processing', false, true],
    ['completed', true, false],
    ['rejected', true, false],
  ] as const)('%s: settled %s, underway %s', (status, settled, underway) => {
    expect(isBatchSettled(status)).toBe(settled);
    expect(isBatchUnderway(status)).toBe(underway);
  });

  it('the table covers every status', () => expect(BATCH_STATUSES).toEqual(['draft', 'pendingApproval', 'submitted', 'processing', 'completed', 'rejected']));

  it.each([
    [-5, 1_000],
    [-1, 1_000],
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 15_000],
    [5, 15_000],
    [6, 15_000],
    [100, 15_000],
  ])('poll attempt %i waits %i ms', (attempt, delay) => expect(statusPollDelay(attempt)).toBe(delay));
});

// ---- the recipient's side -----------------------------------------------------------------------

describe('card numbers (Luhn)', () => {
  it.each([
    ['a valid 16-digit number with spaces', '4111 1111 1111 1111', true],
    ['the same without spaces', '4111111111111111', true],
    ['a valid 13-digit number: the shortest', '4222222222222', true],
    ['a valid 19-digit number: the longest', '4111111111111111110', true],
    ['a wrong check digit', '4111 1111 1111 1112', false],
    ['12 digits (the check digit is right): too short', '411111111117', false],
    ['20 digits (the check digit is right): too long', '41111111111111111115', false],
    ['dashes', '4111-1111-1111-1111', false],
    ['a letter', '4111 1111 1111 111a', false],
    ['empty', '', false],
  ])('%s', (_name, number, valid) => expect(isCardNumber(number)).toBe(valid));
});

describe('what a recipient fills in, per method', () => {
  it.each([
    ['wallet: nothing to fill in', 'wallet', {}, {}],
    ['wallet: whatever is sent is not judged', 'wallet', { cardNumber: 'x' }, {}],
    ['bank transfer: both fields missing', 'bankTransfer', {}, { accountHolderName: 'required', accountNumber: 'required' }],
    ['bank transfer: only spaces', 'bankTransfer', { accountHolderName: '  ', accountNumber: ' ' }, { accountHolderName: 'required', accountNumber: 'required' }],
    ['bank transfer: whole', 'bankTransfer', { accountHolderName: 'Anna Schmidt', accountNumber: 'DE89 3704 0044 0532 0130 00' }, {}],
    ['bank transfer: a 100-character holder', 'bankTransfer', { accountHolderName: 'H'.repeat(100), accountNumber: '123456' }, {}],
    ['bank transfer: a 101-character holder', 'bankTransfer', { accountHolderName: 'H'.repeat(101), accountNumber: '123456' }, { accountHolderName: 'format' }],
    ['bank transfer: a 6-character account number', 'bankTransfer', { accountHolderName: 'Anna', accountNumber: '12345A' }, {}],
    ['bank transfer: a 5-character account number', 'bankTransfer', { accountHolderName: 'Anna', accountNumber: '12345' }, { accountNumber: 'format' }],
    ['bank transfer: a 34-character account number', 'bankTransfer', { accountHolderName: 'Anna', accountNumber: '1'.repeat(34) }, {}],
    ['bank transfer: a 35-character account number', 'bankTransfer', { accountHolderName: 'Anna', accountNumber: '1'.repeat(35) }, { accountNumber: 'format' }],
    ['bank transfer: a dash in the account number', 'bankTransfer', { accountHolderName: 'Anna', accountNumber: '1234-5678' }, { accountNumber: 'format' }],
    ['bank transfer: the account number is trimmed first', 'bankTransfer', { accountHolderName: 'Anna', accountNumber: '   12345   ' }, { accountNumber: 'format' }],
    ['card: missing', 'card', {}, { cardNumber: 'required' }],
    ['card: a valid number', 'card', { cardNumber: '4111 1111 1111 1111' }, {}],
    ['card: a wrong check digit', 'card', { cardNumber: '4111 1111 1111 1112' }, { cardNumber: 'format' }],
    ['card: too short', 'card', { cardNumber: '411111111117' }, { cardNumber: 'format' }],
    ['card: other methods’ fields are not judged', 'card', { cardNumber: '4111111111111111', accountNumber: '1' }, {}],
    ['instant payment: missing', 'instantPayment', { instantKey: undefined }, { instantKey: 'required' }],
    ['instant payment: 2 characters', 'instantPayment', { instantKey: 'ab' }, { instantKey: 'format' }],
    ['instant payment: 3 characters', 'instantPayment', { instantKey: 'abc' }, {}],
    ['instant payment: 77 characters', 'instantPayment', { instantKey: 'k'.repeat(77) }, {}],
    ['instant payment: 78 characters', 'instantPayment', { instantKey: 'k'.repeat(78) }, { instantKey: 'format' }],
    ['instant payment: trimmed before it is measured', 'instantPayment', { instantKey: '  ab  ' }, { instantKey: 'format' }],
  ] as const)('%s', (_name, method, details, problems) => expect(checkReceiveDetails(method, details)).toEqual(problems));
});

// ---- the batch statechart's pure parts ----------------------------------------------------------

const input = paymentInput;
const fact = paymentFact;
const edit = (e: GlobalPayEditRequest & { tempId?: number }): GlobalPayEdit => ({ requestId: 'r-1', ...e });

describe('which payments an edit touches', () => {
  const payments = [fact(1), fact(2, { status: 'removed' }), fact(3), fact(-4)];
  it.each([
    ['an add: its temporary row', edit({ kind: 'add', payment: input(), tempId: -7 }), [-7]],
    ['an add without a temporary id: none', edit({ kind: 'add', payment: input() }), []],
    ['an update: that payment', edit({ kind: 'update', id: 3, changes: { amount: '5.00' } }), [3]],
    ['a forbid: that payment', edit({ kind: 'forbid', id: 1, name: 'card', forbidden: true }), [1]],
    ['a remove: the ids', edit({ kind: 'remove', ids: [1, 3] }), [1, 3]],
    ['a restore: the ids', edit({ kind: 'restore', ids: [2] }), [2]],
    ['a fee side for some: the ids', edit({ kind: 'feeSide', feeShare: 'recipient', ids: [3] }), [3]],
    ['a fee side for an empty list: none', edit({ kind: 'feeSide', feeShare: 'recipient', ids: [] }), []],
    ['a fee side for all: every payment not removed, unsaved ones too', edit({ kind: 'feeSide', feeShare: 'recipient', ids: null }), [1, 3, -4]],
  ])('%s', (_name, e, ids) => expect(editedIds(e, payments)).toEqual(ids));

  it('the ids are a copy (the edit is not changed through them)', () => {
    const e = edit({ kind: 'remove', ids: [1] });
    const ids = editedIds(e, payments);
    ids.push(9);
    expect(e).toMatchObject({ ids: [1] });
  });
});

describe('a new payment before the service answers', () => {
  it.each([
    ['the fee by the rule', input({ amount: '150.50' }), '1.51', deMethods()],
    ['the most fee', input({ amount: '2500.50' }), '25.00', deMethods()],
    ['no amount yet: no fee', input({ amount: '' }), '0.00', deMethods()],
    ['a bad amount: no fee', input({ amount: '1,50' }), '0.00', deMethods()],
    ['no methods given: every method of the country, allowed', input({ paymentMethods: [], beneficiaryCountryCode: 'MX' }), '1.00', [
      { name: 'bankTransfer', forbidden: false },
      { name: 'instantPayment', forbidden: false },
      { name: 'wallet', forbidden: false },
    ]],
    ['methods given: kept', input({ paymentMethods: [{ name: 'card', forbidden: true }] }), '1.00', [{ name: 'card', forbidden: true }]],
  ])('%s', (_name, payment, fee, methods) =>
    expect(draftPayment(-3, payment)).toEqual({ ...payment, id: -3, status: 'draft', fee, paymentMethods: methods }));
});

describe('an edit shown at once', () => {
  const payments: readonly GlobalPayPaymentFact[] = [
    fact(1),
    fact(2, { status: 'removed', feeShare: 'sender' }),
    fact(3, { beneficiaryCountryCode: 'DE', paymentMethods: [{ name: 'bankTransfer', forbidden: true }, { name: 'card', forbidden: false }, { name: 'wallet', forbidden: false }] }),
    fact(4, { status: 'failed' }),
  ];
  const after = (e: GlobalPayEdit) => applyEdit(payments, e);
  const row = (list: readonly GlobalPayPaymentFact[], id: number) => list.find((p) => p.id === id)!;

  it('an add appends a draft row under its temporary id, with the rule’s fee and the country’s methods', () => {
    const next = after(edit({ kind: 'add', payment: input({ amount: '150.50', beneficiaryCountryCode: 'BR', paymentMethods: [] }), tempId: -9 }));
    expect(next).toHaveLength(5);
    expect(next.slice(0, 4)).toEqual(payments);
    expect(next[4]).toEqual({
      ...input({ amount: '150.50', beneficiaryCountryCode: 'BR' }),
      id: -9,
      status: 'draft',
      fee: '1.51',
      paymentMethods: ['bankTransfer', 'card', 'instantPayment', 'wallet'].map((name) => ({ name, forbidden: false })),
    });
  });

  it('an add without a temporary id gets -1', () => expect(after(edit({ kind: 'add', payment: input() }))[4]?.id).toBe(-1));

  it.each([
    ['an amount: the fee follows', { amount: '150.50' }, { amount: '150.50', fee: '1.51' }],
    ['an amount above the fee’s most', { amount: '9999.99' }, { amount: '9999.99', fee: '25.00' }],
    ['a bad amount: the fee stays', { amount: '1,50' }, { amount: '1,50', fee: '1.00' }],
    ['a name: the rest stays', { beneficiaryName: 'Ana Ruiz' }, { beneficiaryName: 'Ana Ruiz', amount: '100.00', fee: '1.00', paymentMethods: deMethods() }],
    ['a country: its methods, all allowed', { beneficiaryCountryCode: 'IN' }, { beneficiaryCountryCode: 'IN', paymentMethods: [{ name: 'bankTransfer', forbidden: false }, { name: 'instantPayment', forbidden: false }, { name: 'wallet', forbidden: false }] }],
    ['a country with methods given: those methods', { beneficiaryCountryCode: 'IN', paymentMethods: [{ name: 'wallet', forbidden: true }] }, { beneficiaryCountryCode: 'IN', paymentMethods: [{ name: 'wallet', forbidden: true }] }],
    ['methods alone: those methods', { paymentMethods: [{ name: 'card', forbidden: true }] }, { paymentMethods: [{ name: 'card', forbidden: true }] }],
  ])('an update of %s', (_name, changes, expected) => {
    const next = after(edit({ kind: 'update', id: 1, changes }));
    expect(row(next, 1)).toEqual({ ...payments[0], ...expected });
    expect(next.slice(1)).toEqual(payments.slice(1));
    expect(next[1]).toBe(payments[1]);
  });

  it('an update to the same country keeps the forbidden marks', () => {
    const next = after(edit({ kind: 'update', id: 3, changes: { beneficiaryCountryCode: 'DE', amount: '20.00' } }));
    expect(row(next, 3).paymentMethods).toEqual(payments[2]!.paymentMethods);
  });

  it('an update to another country drops the forbidden marks', () => {
    const next = after(edit({ kind: 'update', id: 3, changes: { beneficiaryCountryCode: 'FR' } }));
    expect(row(next, 3).paymentMethods).toEqual(deMethods());
  });

  it('an update of an unknown payment changes nothing', () => expect(after(edit({ kind: 'update', id: 99, changes: { amount: '5.00' } }))).toEqual(payments));

  it.each([
    ['a remove marks the ids removed', edit({ kind: 'remove', ids: [1, 3] }), { 1: 'removed', 2: 'removed', 3: 'removed', 4: 'failed' }],
    ['a remove of a removed payment keeps it removed', edit({ kind: 'remove', ids: [2] }), { 1: 'draft', 2: 'removed', 3: 'draft', 4: 'failed' }],
    ['a restore brings a removed payment back as a draft', edit({ kind: 'restore', ids: [2] }), { 1: 'draft', 2: 'draft', 3: 'draft', 4: 'failed' }],
    ['a restore touches only removed payments', edit({ kind: 'restore', ids: [1, 4] }), { 1: 'draft', 2: 'removed', 3: 'draft', 4: 'failed' }],
    ['an unknown id changes nothing', edit({ kind: 'remove', ids: [99] }), { 1: 'draft', 2: 'removed', 3: 'draft', 4: 'failed' }],
  ])('%s', (_name, e, statuses) => expect(Object.fromEntries(after(e).map((p) => [p.id, p.status]))).toEqual(statuses));

  it.each([
    ['a fee side for some ids: only those', edit({ kind: 'feeSide', feeShare: 'recipient', ids: [3] }), { 1: 'sender', 2: 'sender', 3: 'recipient', 4: 'sender' }],
    ['a fee side for all: every payment not removed', edit({ kind: 'feeSide', feeShare: 'recipient', ids: null }), { 1: 'recipient', 2: 'sender', 3: 'recipient', 4: 'recipient' }],
    ['a fee side for a removed id named: it changes too', edit({ kind: 'feeSide', feeShare: 'recipient', ids: [2] }), { 1: 'sender', 2: 'recipient', 3: 'sender', 4: 'sender' }],
  ])('%s', (_name, e, sides) => expect(Object.fromEntries(after(e).map((p) => [p.id, p.feeShare]))).toEqual(sides));

  it.each([
    ['forbidding a method', 1, 'card', true, [{ name: 'bankTransfer', forbidden: false }, { name: 'card', forbidden: true }, { name: 'wallet', forbidden: false }]],
    ['allowing a forbidden method again', 3, 'bankTransfer', false, [{ name: 'bankTransfer', forbidden: false }, { name: 'card', forbidden: false }, { name: 'wallet', forbidden: false }]],
    ['a method the payment does not have: nothing', 1, 'instantPayment', true, deMethods()],
  ])('a forbid: %s', (_name, id, name, forbidden, methods) => {
    const next = after(edit({ kind: 'forbid', id, name, forbidden }));
    expect(row(next, id).paymentMethods).toEqual(methods);
    expect(next.filter((p) => p.id !== id)).toEqual(payments.filter((p) => p.id !== id));
  });

  it('the payments given are not changed', () => {
    const before = structuredClone(payments);
    after(edit({ kind: 'remove', ids: [1] }));
    after(edit({ kind: 'forbid', id: 1, name: 'card', forbidden: true }));
    after(edit({ kind: 'update', id: 1, changes: { amount: '7.00' } }));
    expect(payments).toEqual(before);
  });
});

describe('the service’s answer laid over the payments', () => {
  const payments = [fact(1), fact(-5, { amount: '7.00' }), fact(3)];
  const saved42 = fact(42, { amount: '7.00', fee: '1.00' });

  it.each([
    ['an add: the temporary row becomes the saved one, in its place', edit({ kind: 'add', payment: input(), tempId: -5 }), [saved42], [payments[0], saved42, payments[2]]],
    ['an add with no saved payment: nothing changes', edit({ kind: 'add', payment: input(), tempId: -5 }), [], payments],
    ['an add without a temporary id: nothing to replace', edit({ kind: 'add', payment: input() }), [saved42], payments],
    ['an update: the saved payment replaces its row', edit({ kind: 'update', id: 3, changes: { amount: '9.00' } }), [fact(3, { amount: '9.00' })], [payments[0], payments[1], fact(3, { amount: '9.00' })]],
    ['a remove: every saved payment replaces its row', edit({ kind: 'remove', ids: [1, 3] }), [fact(1, { status: 'removed' }), fact(3, { status: 'removed' })], [fact(1, { status: 'removed' }), payments[1], fact(3, { status: 'removed' })]],
    ['a saved payment not in the batch is not added', edit({ kind: 'update', id: 8, changes: {} }), [fact(8)], payments],
  ])('%s', (_name, e, saved, expected) => expect(mergeSaved(payments, e, saved)).toEqual(expected));
});

describe('where a loaded batch resumes', () => {
  it.each([
    ['draft', 'editing'],
    ['pendingApproval', 'following'],
    ['submitted', 'following'],
    ['processing', 'following'],
    ['completed', 'settled'],
    ['rejected', 'rejected'],
  ] as const)('%s: %s', (status, at) => expect(resumeAt(status)).toBe(at));
});

describe('when a batch may be submitted', () => {
  it.each([
    ['every edit saved, one payment left', [fact(1)], 0, 0, true],
    ['an edit still queued', [fact(1)], 1, 0, false],
    ['an edit failed', [fact(1)], 0, 1, false],
    ['only removed payments', [fact(1, { status: 'removed' }), fact(2, { status: 'removed' })], 0, 0, false],
    ['only unsaved (temporary) rows', [fact(-1), fact(-2)], 0, 0, false],
    ['a saved payment beside an unsaved one', [fact(-1), fact(2)], 0, 0, true],
    ['a removed saved payment and an unsaved one', [fact(1, { status: 'removed' }), fact(-2)], 0, 0, false],
    ['no payments', [], 0, 0, false],
  ])('%s', (_name, payments, queued, failed, may) => expect(canSubmit(payments, queued, failed)).toBe(may));
});

describe('a status reply laid over the payments', () => {
  const payments = [fact(1, { status: 'processing' }), fact(2, { status: 'failed', failureReason: 'Card declined' }), fact(3, { status: 'processing' })];

  it('each named payment takes its status, who received it and why it failed; the others stay', () => {
    const next = withStatuses(payments, [
      { id: 1, status: 'completed', receivedBy: 'card' },
      { id: 2, status: 'awaitingRecipient' },
      { id: 9, status: 'failed', failureReason: 'unknown payment' },
    ]);
    expect(next).toEqual([
      { ...payments[0], status: 'completed', receivedBy: 'card', failureReason: undefined },
      { ...payments[1], status: 'awaitingRecipient', receivedBy: undefined, failureReason: undefined },
      payments[2],
    ]);
    expect(next[2]).toBe(payments[2]);
  });

  it.each([
    ['an empty reply changes nothing', [], payments],
    ['a failure with its reason', [{ id: 3, status: 'failed' as const, failureReason: 'Account closed' }], [payments[0], payments[1], { ...payments[2], status: 'failed', receivedBy: undefined, failureReason: 'Account closed' }]],
  ])('%s', (_name, statuses, expected) => expect(withStatuses(payments, statuses)).toEqual(expected));
});

describe('a rename (full update of the batch name)', () => {
  it('touches no payment and leaves them as they are', async () => {
    const { applyEdit, editedIds } = await import('@machines/batches/global-pay.logic');
    const edit = { kind: 'rename' as const, batchName: 'April', requestId: 'req-rename-1' };
    expect(editedIds(edit, [])).toEqual([]);
    expect(applyEdit([], edit)).toEqual([]);
  });
});

describe('saving in batches (nextSaveGroup, saveCallOf) and undo (inverseEdit)', () => {
  const p = (id: number, over: Partial<GlobalPayPaymentFact> = {}): GlobalPayPaymentFact => ({
    id,
    amount: '100.00',
    currency: 'EUR',
    description: 'March',
    beneficiaryType: 'individual',
    beneficiaryName: `Payee ${id}`,
    beneficiaryEmail: `p${id}@example.com`,
    beneficiaryCountryCode: 'DE',
    feeShare: 'sender',
    paymentMethods: [{ name: 'bankTransfer', forbidden: false }],
    status: 'draft',
    fee: '1.00',
    ...over,
  });
  const e = <T extends GlobalPayEditRequest>(edit: T, n = 1): T & { requestId: string } => ({ ...edit, requestId: `req-${n}` });
  const update = (id: number, n = 1) => e({ kind: 'update', id, changes: { description: `D${id}` } }, n);

  it.each([
    ['an empty queue: nothing', [], 0],
    ['an add goes alone', [e({ kind: 'add', payment: p(0) }), update(1)], 1],
    ['a fee side goes alone', [e({ kind: 'feeSide', feeShare: 'recipient', ids: null }), update(1)], 1],
    ['a rename goes alone', [e({ kind: 'rename', batchName: 'X' }), update(1)], 1],
    ['a method mark goes alone', [e({ kind: 'forbid', id: 1, name: 'card', forbidden: true }), update(1)], 1],
    ['a run of changes, removals and restorations goes together up to the first other edit', [update(1), e({ kind: 'remove', ids: [2] }), e({ kind: 'restore', ids: [2] }), e({ kind: 'rename', batchName: 'X' }), update(3)], 3],
    ['at most 1,000 payments a call', [e({ kind: 'remove', ids: Array.from({ length: 999 }, (_, i) => i + 1) }), update(1), update(2)], 2],
    ['a first run larger than the limit still goes (alone)', [e({ kind: 'remove', ids: Array.from({ length: 1500 }, (_, i) => i + 1) }), update(1)], 1],
  ] as [string, GlobalPayEdit[], number][])('%s', (_name, queue, length) => {
    expect(nextSaveGroup(queue)).toHaveLength(length);
  });

  it.each([
    ['one removal is its own call', [e({ kind: 'remove', ids: [1, 2] })], { kind: 'single' }],
    ['one restoration is its own call', [e({ kind: 'restore', ids: [1] })], { kind: 'single' }],
    ['one add is its own call', [e({ kind: 'add', payment: p(0) })], { kind: 'single' }],
    ['one change is update payments', [update(1, 7)], { kind: 'group', requestId: 'req-7', updates: [{ id: 1, changes: { description: 'D1' } }], deletes: [], restores: [] }],
    [
      'changes of a payment merge in order; the last removal or restoration of a payment wins',
      [update(1, 3), e({ kind: 'update', id: 1, changes: { amount: '5.00', description: 'Later' } }, 4), e({ kind: 'remove', ids: [1, 2] }, 5), e({ kind: 'restore', ids: [1] }, 6)],
      { kind: 'group', requestId: 'req-3', updates: [{ id: 1, changes: { description: 'Later', amount: '5.00' } }], deletes: [2], restores: [1] },
    ],
  ] as [string, GlobalPayEdit[], object][])('%s', (_name, group, call) => {
    expect(saveCallOf(group)).toMatchObject(call);
  });

  const payments = [p(1), p(2, { status: 'removed' }), p(3, { feeShare: 'recipient' })];
  it.each([
    ['an add: not undone this way', { kind: 'add', payment: p(0) }, null],
    ['a change: the fields back', { kind: 'update', id: 1, changes: { amount: '9.00', description: 'X' } }, [{ kind: 'update', id: 1, changes: { amount: '100.00', description: 'March' } }]],
    ['a change of an unknown payment', { kind: 'update', id: 9, changes: { amount: '9.00' } }, null],
    ['a removal: only what it removed comes back', { kind: 'remove', ids: [1, 2] }, [{ kind: 'restore', ids: [1] }]],
    ['a removal of removed payments only', { kind: 'remove', ids: [2] }, null],
    ['a restoration: only what it restored goes again', { kind: 'restore', ids: [1, 2] }, [{ kind: 'remove', ids: [2] }]],
    ['a restoration of nothing removed', { kind: 'restore', ids: [1] }, null],
    ['a fee side for all: each changed payment back to its side', { kind: 'feeSide', feeShare: 'sender', ids: null }, [{ kind: 'feeSide', feeShare: 'recipient', ids: [3] }]],
    ['a fee side for some', { kind: 'feeSide', feeShare: 'recipient', ids: [1, 3] }, [{ kind: 'feeSide', feeShare: 'sender', ids: [1] }]],
    ['a fee side that changes nothing', { kind: 'feeSide', feeShare: 'sender', ids: [1] }, null],
    ['a method mark', { kind: 'forbid', id: 1, name: 'card', forbidden: true }, [{ kind: 'forbid', id: 1, name: 'card', forbidden: false }]],
    ['a method mark of an unknown payment', { kind: 'forbid', id: 9, name: 'card', forbidden: true }, null],
    ['a rename: the name before', { kind: 'rename', batchName: 'New' }, [{ kind: 'rename', batchName: 'March payroll' }]],
  ] as [string, GlobalPayEditRequest, GlobalPayEditRequest[] | null][])('undo of %s', (_name, edit, inverse) => {
    expect(inverseEdit(payments, edit, 'March payroll')).toEqual(inverse);
  });
});

describe('what the screens show (paymentChanges, paidOrUnderway)', () => {
  const base: GlobalPayPaymentInput = {
    amount: '100.00',
    currency: 'EUR',
    description: 'March',
    beneficiaryType: 'individual',
    beneficiaryName: 'Anna',
    beneficiaryEmail: 'anna@example.com',
    beneficiaryCountryCode: 'DE',
    feeShare: 'sender',
    paymentMethods: [{ name: 'bankTransfer', forbidden: false }],
  };
  it.each([
    ['nothing changed', {}, {}],
    ['the amount and the e-mail', { amount: '150.00', beneficiaryEmail: 'a@example.com' }, { amount: '150.00', beneficiaryEmail: 'a@example.com' }],
    ['the fee side and the country', { feeShare: 'recipient', beneficiaryCountryCode: 'PT' }, { feeShare: 'recipient', beneficiaryCountryCode: 'PT' }],
    ['the methods alone are not a change here (their own call)', { paymentMethods: [{ name: 'bankTransfer', forbidden: true }] }, {}],
  ] as [string, Partial<GlobalPayPaymentInput>, Partial<GlobalPayPaymentInput>][])('changes: %s', (_name, after, changes) => {
    expect(paymentChanges(base, { ...base, ...after })).toEqual(changes);
  });

  it('totals of a sent batch leave out failed and removed payments', () => {
    const fact = (id: number, status: GlobalPayPaymentFact['status']): GlobalPayPaymentFact => ({ ...base, id, status, fee: '1.00' });
    const all = [fact(1, 'completed'), fact(2, 'failed'), fact(3, 'awaitingRecipient'), fact(4, 'removed'), fact(5, 'processing')];
    expect(paidOrUnderway(all).map((p) => p.id)).toEqual([1, 3, 5]);
  });
});
