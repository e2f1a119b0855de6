import {
  MASS_FILE_PERMISSION,
  MASS_FILE_SAMPLE,
  massFileMethodOf,
  massFilePageOf,
  activeFields,
  checkMassRow,
  missingMassColumns,
  beneficiaryFields,
  branchLookup,
  compact,
  cryptoFeeLookup,
  detailsBlock,
  emptyExternal,
  externalArrives,
  bankMismatchMessage,
  externalMessages as m,
  externalPrefill,
  externalRequest,
  feeLookup,
  ibanLookupKey,
  instantKeyLookup,
  isAccountNumberValid,
  isIbanValid,
  isInstantKeyValid,
  isRoutingNumberValid,
  isSortCodeValid,
  isSwiftFormat,
  ibanSwiftMismatch,
  isTaxIdValid,
  isTemplateUsable,
  isWalletAddressValid,
  limitsLookup,
  rateLookup,
  SEPA_COUNTRIES,
  swiftLookupKey,
  validateExternal,
  wireRail,
  type ExternalFacts,
  type ExternalValues,
} from '@machines/transfers/external.logic';

/** External transfers (001 s3, s5, s7, s9): every rule of the one table, each branch and boundary. */
const accounts = [
  { accountId: 1, currencyCode: 'USD', balance: '100.00' },
  { accountId: 2, currencyCode: 'EUR', balance: '5000.00' },
  { accountId: 3, currencyCode: 'USDT', balance: '5.12345678' },
];
const facts: ExternalFacts = {
  accounts,
  available: [
    { type: 'wire', currencies: ['EUR', 'USD'] },
    { type: 'oct', currencies: ['EUR'] },
    { type: 'crypto_eft', currencies: ['BTC', 'ETH', 'USDT', 'USDC'] },
  ],
  extraParams: [],
  details: { hasRequirements: true, isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: true, isExtraParamsValid: true },
  fee: '1.00',
  maxAmount: { minAmount: '0.01', amount: '80.00' },
  cards: [
    { cardId: 7, confirmed: true },
    { cardId: 8, confirmed: false },
  ],
  binBlacklist: ['400005'],
};
const sepaWire: ExternalValues = {
  ...emptyExternal,
  type: 'wire',
  accountId: '1',
  countryCode: 'DE',
  currencyCode: 'EUR',
  amount: '25',
  beneficiaryName: 'Anna Schmidt',
  beneficiaryAddress: 'Hauptstraße 1, Berlin',
  iban: 'DE89 3704 0044 0532 0130 00',
};
const check = (over: Partial<ExternalValues>, f: Partial<ExternalFacts> = {}) => validateExternal({ ...sepaWire, ...over }, { ...facts, ...f });
const d = (descriptor: unknown, values?: Record<string, string>) => ({ descriptor: values ? { ...(descriptor as object), values } : descriptor });

describe('country sets (001 s9) and a wire’s rails', () => {
  it('SEPA has 46 countries, none twice', () => {
    expect(SEPA_COUNTRIES).toHaveLength(46);
    expect(new Set(SEPA_COUNTRIES).size).toBe(46);
  });
  it.each([
    ['GB: Faster Payments, though it is in SEPA too', 'GB', 'fasterPayments'],
    ['US: ACH', 'US', 'ach'],
    ['DE: SEPA', 'DE', 'sepa'],
    ['RO: SEPA', 'RO', 'sepa'],
    ['CH: SEPA', 'CH', 'sepa'],
    ['lower case is read as upper', 'fr', 'sepa'],
    ['CA: SWIFT', 'CA', 'swift'],
    ['MD (not SEPA): SWIFT', 'MD', 'swift'],
  ])('%s', (_name, country, rail) => expect(wireRail(country)).toBe(rail));
});

describe('identifiers', () => {
  it.each([
    ['a German IBAN typed with spaces', 'DE89 3704 0044 0532 0130 00', true],
    ['lower case', 'de89370400440532013000', true],
    ['French with a letter inside', 'FR1420041010050500013M02606', true],
    ['Portuguese', 'PT50000201231234567890154', true],
    ['a wrong check digit', 'DE88370400440532013000', false],
    ['one digit short', 'DE8937040044053201300', false],
    ['one digit long', 'DE893704004405320130000', false],
    ['an unknown country', 'XX89370400440532013000', false],
    ['letters where the check digits go', 'DEAB370400440532013000', false],
    ['empty', '', false],
  ])('IBAN: %s', (_name, iban, valid) => expect(isIbanValid(iban)).toBe(valid));

  it.each([
    ['8 characters', 'DEUTDEFF', true],
    ['11 characters with a branch', 'DEUTDEFF500', true],
    ['lower case with spaces', 'deut de ff', true],
    ['9 characters', 'DEUTDEFF5', false],
    ['digits in the bank part', 'DE1TDEFF', false],
    ['7 characters', 'DEUTDEF', false],
  ])('SWIFT: %s', (_name, code, valid) => expect(isSwiftFormat(code)).toBe(valid));

  it.each([
    ['Chase', '021000021', true],
    ['the Federal Reserve of Boston', '011000015', true],
    ['a wrong weighted sum', '021000022', false],
    ['8 digits', '02100002', false],
    ['letters', '02100002A', false],
  ])('routing number: %s', (_name, number, valid) => expect(isRoutingNumberValid(number)).toBe(valid));

  it.each([
    ['6 digits', '401256', true],
    ['typed with dashes', '40-12-56', true],
    ['5 digits', '40125', false],
  ])('sort code: %s', (_name, code, valid) => expect(isSortCodeValid(code)).toBe(valid));

  it.each([
    ['ACH: 4 digits', '1234', 'ach', true],
    ['ACH: 17 digits', '12345678901234567', 'ach', true],
    ['ACH: 18 digits', '123456789012345678', 'ach', false],
    ['ACH: 3 digits', '123', 'ach', false],
    ['Faster Payments: 8 digits', '31926819', 'fasterPayments', true],
    ['Faster Payments: 7 digits', '3192681', 'fasterPayments', false],
    ['EFT: digits only', '0012345', 'eft', true],
    ['EFT: a letter', '00123A5', 'eft', false],
    ['SWIFT countries: letters and digits', 'CA12 3456 789', 'swift', true],
    ['SWIFT countries: 35 characters', 'A'.repeat(35), 'swift', false],
  ] as const)('account number: %s', (_name, number, rail, valid) => expect(isAccountNumberValid(number, rail)).toBe(valid));

  it.each([
    ['BTC bech32', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC', true],
    ['BTC legacy', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'BTC', true],
    ['BTC: an Ethereum address', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'BTC', false],
    ['ETH', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'ETH', true],
    ['USDT takes an Ethereum address', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'USDT', true],
    ['USDC: one hex digit short', '0x742d35Cc6634C0532925a3b844Bc454e4438f44', 'USDC', false],
    ['an unknown currency', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'DOGE', false],
  ])('wallet: %s', (_name, address, currency, valid) => expect(isWalletAddressValid(address, currency)).toBe(valid));

  it.each([
    ['a CPF', '529.982.247-25', true],
    ['a CPF, digits only', '52998224725', true],
    ['a CPF with a wrong check digit', '52998224726', false],
    ['all digits the same', '11111111111', false],
    ['a CNPJ', '11.222.333/0001-81', true],
    ['a CNPJ with a wrong check digit', '11222333000182', false],
    ['12 digits', '529982247251', false],
  ])('tax id: %s', (_name, id, valid) => expect(isTaxIdValid(id)).toBe(valid));

  it.each([
    ['a tax id key', '52998224725', 'taxId', true],
    ['an e-mail key', 'maria.silva@example.com.br', 'email', true],
    ['an e-mail key without a dot', 'maria@example', 'email', false],
    ['a phone key', '+55 11 98765-4321', 'phone', true],
    ['a phone key without +', '5511987654321', 'phone', false],
    ['a random key', '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f', 'random', true],
    ['a random key cut short', '3f2a9c1e-7b4d-4e8a-9c2f', 'random', false],
    ['no kind', 'maria.silva@example.com.br', '', false],
  ])('instant key: %s', (_name, key, type, valid) => expect(isInstantKeyValid(key, type)).toBe(valid));

  it('identifiers are compared without spaces or dashes, in upper case', () => expect(compact(' de89-3704 ')).toBe('DE893704'));
});

describe('what identifies the beneficiary, per kind and country (the one table)', () => {
  const names = (type: Parameters<typeof beneficiaryFields>[0], country: string) => beneficiaryFields(type, country).map((f) => `${f.name}${f.required ? '' : '?'}`);
  it.each([
    ['wire, SEPA: IBAN, SWIFT optional', 'wire', 'DE', ['beneficiaryName', 'beneficiaryAddress', 'iban', 'swiftCode?']],
    ['wire, ACH: account and routing number', 'wire', 'US', ['beneficiaryName', 'beneficiaryAddress', 'accountNumber', 'routingNumber']],
    ['wire, Faster Payments: account number and sort code', 'wire', 'GB', ['beneficiaryName', 'beneficiaryAddress', 'accountNumber', 'sortCode']],
    ['wire, SWIFT: SWIFT code and account number', 'wire', 'CA', ['beneficiaryName', 'beneficiaryAddress', 'swiftCode', 'accountNumber']],
    ['EFT to CA: bank and account', 'eft', 'CA', ['beneficiaryName', 'bankCode', 'accountNumber']],
    ['EFT to BR: and the branch (001 s5)', 'eft', 'BR', ['beneficiaryName', 'bankCode', 'accountNumber', 'branchCode']],
    ['EFT to JP, HK, LK too', 'eft', 'LK', ['beneficiaryName', 'bankCode', 'accountNumber', 'branchCode']],
    ['card payout', 'oct', 'DE', ['cardId', 'cardNumber?', 'beneficiaryName?']],
    ['crypto', 'crypto_eft', 'DE', ['toCurrencyCode', 'walletAddress', 'isOwn?']],
    ['instant payment', 'instant_payment', 'BR', ['instantKeyType', 'instantKey', 'taxId', 'beneficiaryName?']],
    ['Interac', 'interac', 'CA', ['beneficiaryName', 'toEmail', 'securityQuestion', 'securityAnswer']],
  ] as const)('%s', (_name, type, country, expected) => expect(names(type, country)).toEqual(expected));

  it.each([
    ['no kind yet: nothing', { type: '', countryCode: 'DE', cardId: '' }, []],
    ['no country yet: nothing', { type: 'wire', countryCode: '', cardId: '' }, []],
    ['a saved card: only the card', { type: 'oct', countryCode: 'DE', cardId: '7' }, ['cardId']],
    ['another person’s card: its number and name, required', { type: 'oct', countryCode: 'DE', cardId: 'new' }, ['cardId', 'cardNumber', 'beneficiaryName']],
  ])('the fields asked now: %s', (_name, values, expected) => expect(activeFields(values).map((f) => f.name)).toEqual(expected));
});

describe('templates and transfer details', () => {
  it.each([
    ['wire status 1', { type: 'wire', wireStatus: 1 }, true],
    ['wire status 2', { type: 'wire', wireStatus: 2 }, true],
    ['wire status 3', { type: 'wire', wireStatus: 3 }, false],
    ['wire status 0', { type: 'wire', wireStatus: 0 }, false],
    ['a wire template with only an EFT status', { type: 'wire', eftStatus: 1 }, false],
    ['EFT status 2', { type: 'eft', eftStatus: 2 }, true],
    ['p2p: no beneficiary status', { type: 'p2p' }, false],
  ])('usable (001 s3: status 1 or 2): %s', (_name, template, usable) => expect(isTemplateUsable(template)).toBe(usable));

  it.each([
    ['nothing known yet', null, null],
    ['all valid', { isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: true, isExtraParamsValid: true }, null],
    ['checks not given count as valid', {}, null],
    ['an expired address', { isCustomerAddressDateValid: false, isCustomerAddressMatchesActive: true }, 'addressExpired'],
    ['a mismatched address', { isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: false }, 'addressMismatch'],
    ['both: the expired date first', { isCustomerAddressDateValid: false, isCustomerAddressMatchesActive: false }, 'addressExpired'],
    ['missing profile details', { isExtraParamsValid: false }, 'extraParams'],
  ])('what blocks a submit: %s', (_name, details, block) => expect(detailsBlock(details)).toBe(block));
});

describe('the form rule', () => {
  it('a whole SEPA wire has no errors', () => expect(check({})).toEqual({}));

  it.each([
    ['no account', { accountId: '' }, 'accountId', m.account],
    ['no country', { countryCode: '' }, 'countryCode', m.country],
    ['no kind', { type: '' }, 'type', m.type],
    ['a kind not offered to the country', { type: 'interac' }, 'type', m.typeNotOffered],
    ['a currency the kind does not arrive in', { currencyCode: 'GBP' }, 'currencyCode', m.currency],
    ['no amount', { amount: '' }, 'amount', m.amount],
    ['zero', { amount: '0' }, 'amount', m.amount],
    ['three decimals in USD', { amount: '1.001' }, 'amount', m.amount],
    ['no name', { beneficiaryName: '' }, 'beneficiaryName', m.required],
    ['a one-letter name', { beneficiaryName: 'A' }, 'beneficiaryName', m.beneficiaryName],
    ['a short address', { beneficiaryAddress: 'Rua' }, 'beneficiaryAddress', m.beneficiaryAddress],
    ['no IBAN', { iban: '' }, 'iban', m.required],
    ['a wrong IBAN', { iban: 'DE88370400440532013000' }, 'iban', m.iban],
    ['a malformed optional SWIFT', { swiftCode: 'DEUT' }, 'swiftCode', m.swiftCode],
    ['a long reference', { reference: 'r'.repeat(141) }, 'reference', m.reference],
    ['saving a template without a name', { saveTemplate: 'true', templateName: ' ' }, 'templateName', m.templateName],
  ])('%s', (_name, over, field, descriptor) => expect(check(over)[field]).toEqual(d(descriptor)));

  it.each([
    // [case, IBAN, SWIFT, the IBAN's bank's SWIFT (its look-up), expected]
    ['the IBAN bank’s own code', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX', 'COBADEFFXXX', null],
    ['its 8-letter code', 'DE89370400440532013000', 'cobadeff', 'COBADEFFXXX', null],
    ['another branch of the same bank', 'DE89370400440532013000', 'COBADEFF100', 'COBADEFFXXX', null],
    ['a bank of another country (issue 44: Royal Bank of Canada)', 'DE89370400440532013000', 'ROYCCAT2', 'COBADEFFXXX', 'country'],
    ['another country, the IBAN’s bank unknown', 'DE89370400440532013000', 'BNPAFRPP', undefined, 'country'],
    ['another bank of the same country', 'DE89370400440532013000', 'DEUTDEFFXXX', 'COBADEFFXXX', 'bank'],
    ['the same country, the IBAN’s bank unknown: cannot tell', 'DE89370400440532013000', 'DEUTDEFFXXX', null, null],
    ['a French IBAN, a bank in Guadeloupe', 'FR1420041010050500013M02606', 'BNPAGPGP', null, null],
    ['a British IBAN, a bank in Jersey', 'GB29NWBK60161331926819', 'NWBKJESH', null, null],
    ['a British IBAN, a bank in France', 'GB29NWBK60161331926819', 'BNPAFRPP', null, 'country'],
    ['an incomplete IBAN: not compared', 'DE89370400440532', 'ROYCCAT2', null, null],
    ['a malformed SWIFT: not compared', 'DE89370400440532013000', 'ROYC', null, null],
  ] as const)('IBAN and SWIFT agree: %s', (_name, iban, swift, bankSwift, expected) => expect(ibanSwiftMismatch(iban, swift, bankSwift)).toBe(expected));

  it('the form says when a wire’s SWIFT is of another country or bank than its IBAN, under the look-ups and on Send', () => {
    expect(check({ swiftCode: 'ROYCCAT2' }).swiftCode).toEqual(d(m.swiftOtherCountry));
    expect(check({ swiftCode: 'DEUTDEFF' }, { ibanBankSwift: 'COBADEFFXXX' }).swiftCode).toEqual(d(m.swiftOtherBank, { swift: 'COBADEFFXXX' }));
    expect(check({ swiftCode: 'COBADEFF' }, { ibanBankSwift: 'COBADEFFXXX' })).toEqual({});
    expect(bankMismatchMessage({ ...sepaWire, swiftCode: 'ROYCCAT2' }, null)).toEqual(d(m.swiftOtherCountry));
    // Nothing to compare: no SWIFT typed, no IBAN typed, or a kind or rails without an IBAN.
    expect(bankMismatchMessage(sepaWire, 'COBADEFFXXX')).toBeNull();
    expect(bankMismatchMessage({ ...sepaWire, iban: ' ', swiftCode: 'ROYCCAT2' }, null)).toBeNull();
    expect(bankMismatchMessage({ ...sepaWire, countryCode: 'CA', iban: 'DE89370400440532013000', swiftCode: 'ROYCCAT2', accountNumber: '12345678' }, null)).toBeNull();
    expect(bankMismatchMessage({ ...sepaWire, type: 'oct', swiftCode: 'ROYCCAT2' }, null)).toBeNull();
  });

  it('amounts: the smallest, the largest and the balance with the fee', () => {
    expect(check({ amount: '0.01' })).toEqual({});
    expect(check({ amount: '0.01' }, { maxAmount: { minAmount: '0.02', amount: '80.00' } }).amount).toEqual(d(m.belowMin, { min: '0.02 USD' }));
    expect(check({ amount: '80.00' })).toEqual({});
    expect(check({ amount: '80.01' }).amount).toEqual(d(m.aboveMax, { max: '80.00 USD' }));
    // 99.00 + 1.00 fee is the whole balance; 99.01 is more.
    expect(check({ amount: '99' }, { maxAmount: null })).toEqual({});
    expect(check({ amount: '99.01' }, { maxAmount: null }).amount).toEqual(d(m.balance));
    // No fee known yet: the amount alone.
    expect(check({ amount: '100' }, { maxAmount: null, fee: null })).toEqual({});
  });

  it('nothing known of the country yet: the kind and currency are not refused for it', () => {
    expect(check({ type: 'interac', currencyCode: 'CAD', countryCode: 'CA', beneficiaryName: 'Luc Roy', toEmail: 'luc@example.ca', securityQuestion: 'Our dog?', securityAnswer: 'Rex' }, { available: null })).toEqual({});
  });

  it('the rails decide the bank fields', () => {
    const us = { countryCode: 'US', currencyCode: 'USD', iban: '' };
    expect(Object.keys(check(us, { available: [{ type: 'wire', currencies: ['USD'] }] })).sort()).toEqual(['accountNumber', 'routingNumber']);
    expect(check({ ...us, accountNumber: '123456789', routingNumber: '021000021' }, { available: [{ type: 'wire', currencies: ['USD'] }] })).toEqual({});
    expect(check({ ...us, accountNumber: '123456789', routingNumber: '021000022' }, { available: [{ type: 'wire', currencies: ['USD'] }] }).routingNumber).toEqual(d(m.routingNumber));
    const gb = { countryCode: 'GB', currencyCode: 'USD', iban: '', accountNumber: '3192681', sortCode: '401256' };
    expect(check(gb).accountNumber).toEqual(d(m.accountNumber));
    expect(check({ ...gb, accountNumber: '31926819', sortCode: '4012' }).sortCode).toEqual(d(m.sortCode));
    expect(check({ ...gb, accountNumber: '31926819' })).toEqual({});
    expect(check({ countryCode: 'CA', currencyCode: 'USD', iban: '', swiftCode: '', accountNumber: '12345' }).swiftCode).toEqual(d(m.required));
  });

  it('card payouts: a confirmed saved card, or another person’s valid card not on the blacklist', () => {
    const oct = { type: 'oct', currencyCode: 'EUR', beneficiaryName: '', beneficiaryAddress: '', iban: '' };
    expect(check({ ...oct, cardId: '' }).cardId).toEqual(d(m.cardId));
    expect(check({ ...oct, cardId: '8' }).cardId).toEqual(d(m.cardId)); // not confirmed
    expect(check({ ...oct, cardId: '7' })).toEqual({});
    expect(check({ ...oct, cardId: 'new' })).toMatchObject({ cardNumber: d(m.required), beneficiaryName: d(m.required) });
    expect(check({ ...oct, cardId: 'new', cardNumber: '4111 1111 1111 1112', beneficiaryName: 'Ana Ruiz' }).cardNumber).toEqual(d(m.cardNumber));
    expect(check({ ...oct, cardId: 'new', cardNumber: '4242 4242 4242 4242', beneficiaryName: 'Ana Ruiz' })).toEqual({});
    expect(check({ ...oct, cardId: 'new', cardNumber: '4000 0566 5566 5556', beneficiaryName: 'Ana Ruiz' }).cardNumber).toEqual(d(m.cardBlacklisted));
  });

  it('crypto: a currency, and an address of that currency; no arriving currency is asked', () => {
    const crypto = { type: 'crypto_eft', currencyCode: '', beneficiaryName: '', beneficiaryAddress: '', iban: '' };
    expect(check({ ...crypto, toCurrencyCode: '' }).toCurrencyCode).toEqual(d(m.toCurrencyCode));
    expect(check({ ...crypto, toCurrencyCode: 'BTC', walletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' }).walletAddress).toEqual(d(m.walletAddress, { currency: 'BTC' }));
    expect(check({ ...crypto, toCurrencyCode: 'ETH', walletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' })).toEqual({});
  });

  it('instant payments and Interac', () => {
    const available = [
      { type: 'instant_payment' as const, currencies: ['BRL'] },
      { type: 'interac' as const, currencies: ['CAD'] },
    ];
    const instant = { type: 'instant_payment', countryCode: 'BR', currencyCode: 'BRL', beneficiaryName: '', beneficiaryAddress: '', iban: '' };
    expect(check({ ...instant, instantKeyType: 'email', instantKey: 'maria@', taxId: '52998224725' }, { available })).toEqual({ instantKey: d(m.instantKey) });
    expect(check({ ...instant, instantKeyType: 'email', instantKey: 'maria.silva@example.com.br', taxId: '123' }, { available })).toEqual({ taxId: d(m.taxId) });
    expect(check({ ...instant, instantKeyType: 'email', instantKey: 'maria.silva@example.com.br', taxId: '52998224725' }, { available })).toEqual({});
    const interac = { type: 'interac', countryCode: 'CA', currencyCode: 'CAD', beneficiaryName: 'Luc Roy', beneficiaryAddress: '', iban: '', toEmail: 'luc@example.ca', securityQuestion: 'Our dog?' };
    expect(check({ ...interac, securityAnswer: 'R x' }, { available }).securityAnswer).toEqual(d(m.securityAnswer));
    expect(check({ ...interac, toEmail: 'luc@ca', securityAnswer: 'Rex' }, { available }).toEmail).toEqual(d(m.toEmail));
    expect(check({ ...interac, securityAnswer: 'Rex' }, { available })).toEqual({});
  });

  it('extra parameters: required, options, patterns (an unreadable pattern accepts)', () => {
    const extraParams = [
      { name: 'purposeOfPayment', required: true, options: [{ value: 'family', label: 'Family support' }] },
      { name: 'ifsc', required: false, pattern: '[A-Z]{4}0[A-Z0-9]{6}' },
      { name: 'odd', required: false, pattern: '([' },
    ];
    expect(check({}, { extraParams })).toEqual({ 'param.purposeOfPayment': d(m.required) });
    expect(check({ 'param.purposeOfPayment': 'gifts' }, { extraParams })).toEqual({ 'param.purposeOfPayment': d(m.extraParam) });
    expect(check({ 'param.purposeOfPayment': 'family', 'param.ifsc': 'HDFC0001234' }, { extraParams })).toEqual({});
    expect(check({ 'param.purposeOfPayment': 'family', 'param.ifsc': 'HDFC1001234' }, { extraParams })).toEqual({ 'param.ifsc': d(m.extraParam) });
    expect(check({ 'param.purposeOfPayment': 'family', 'param.odd': 'anything' }, { extraParams })).toEqual({});
  });

  it('what a lookup refused for the typed value is refused too', () => {
    expect(check({ swiftCode: 'DEUTDEFF' }, { refused: ['swiftCode'] }).swiftCode).toEqual(d(m.swiftUnknown));
    expect(check({}, { refused: ['iban'] }).iban).toEqual(d(m.ibanUnknown));
    // A field the kind does not ask is not refused, whatever a lookup said.
    expect(check({}, { refused: ['instantKey'] })).toEqual({});
    // A format error is said first.
    expect(check({ swiftCode: 'DEUT' }, { refused: ['swiftCode'] }).swiftCode).toEqual(d(m.swiftCode));
  });

  it('blocking transfer details refuse the submit as `details`', () => {
    expect(check({}, { details: { isCustomerAddressDateValid: false } })).toEqual({ details: d(m.addressExpired) });
    expect(check({}, { details: { isCustomerAddressMatchesActive: false } })).toEqual({ details: d(m.addressMismatch) });
    expect(check({}, { details: { isExtraParamsValid: false } })).toEqual({ details: d(m.extraParams) });
  });
});

describe('the submit’s body (001 s7 transfer submit by type)', () => {
  const body = (over: Partial<ExternalValues>, extraParams: ExternalFacts['extraParams'] = []) => externalRequest({ ...sepaWire, ...over }, accounts, extraParams, 'req-00000001');
  it('a SEPA wire: the kind’s fields only, identifiers compacted, the amount in the account’s decimals', () => {
    expect(body({ amount: '25,5', swiftCode: 'deut de ff', reference: ' rent ', accountNumber: 'left over from another kind' })).toEqual({
      type: 'wire',
      accountId: 1,
      amount: '25.50',
      countryCode: 'DE',
      currencyCode: 'EUR',
      beneficiaryName: 'Anna Schmidt',
      beneficiaryAddress: 'Hauptstraße 1, Berlin',
      iban: 'DE89370400440532013000',
      swiftCode: 'DEUTDEFF',
      reference: 'rent',
      requestId: 'req-00000001',
    });
  });
  it('a template name only when saving one, and only for wire and EFT', () => {
    expect(body({ saveTemplate: 'true', templateName: 'Rent' }).templateName).toBe('Rent');
    expect(body({ saveTemplate: '', templateName: 'Rent' }).templateName).toBeUndefined();
    expect(body({ type: 'oct', cardId: '7', saveTemplate: 'true', templateName: 'Rent' }).templateName).toBeUndefined();
  });
  it('extra parameters as { name: value }, empty ones left out', () => {
    const params = [
      { name: 'purposeOfPayment', required: true },
      { name: 'ifsc', required: false },
    ];
    expect(body({ 'param.purposeOfPayment': 'family', 'param.ifsc': ' ' }, params).extraParams).toEqual({ purposeOfPayment: 'family' });
    expect(body({}, params).extraParams).toBeUndefined();
  });
  it('card payouts: a saved card by id, another person’s by its digits', () => {
    expect(body({ type: 'oct', cardId: '7' })).toMatchObject({ cardId: 7 });
    expect(body({ type: 'oct', cardId: 'new', cardNumber: '4000 0566 5566 5556', beneficiaryName: 'Ana Ruiz' })).toMatchObject({ cardNumber: '4000056655665556', beneficiaryName: 'Ana Ruiz' });
    expect(body({ type: 'oct', cardId: 'new', cardNumber: '4000 0566 5566 5556' }).cardId).toBeUndefined();
  });
  it('crypto: the crypto currency, the address as typed, isOwn as a boolean, no arriving currency', () => {
    const crypto = body({ type: 'crypto_eft', accountId: '3', amount: '0.5', toCurrencyCode: 'BTC', walletAddress: ' bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq ', isOwn: 'true' });
    expect(crypto).toMatchObject({ amount: '0.50000000', toCurrencyCode: 'BTC', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', isOwn: true });
    expect(crypto.currencyCode).toBeUndefined();
  });
  it('instant payments: the tax id as digits', () => {
    expect(body({ type: 'instant_payment', countryCode: 'BR', currencyCode: 'BRL', instantKeyType: 'taxId', instantKey: '52998224725', taxId: '529.982.247-25' })).toMatchObject({ instantKeyType: 'taxId', instantKey: '52998224725', taxId: '52998224725' });
  });
});

describe('lookups: when each may be asked (001 s5)', () => {
  const v = (over: Partial<ExternalValues>): ExternalValues => ({ ...sepaWire, ...over });
  it.each([
    ['all there', {}, { type: 'wire', accountId: 1, amount: '25.00', countryCode: 'DE', currencyCode: 'EUR' }],
    ['no amount', { amount: '' }, null],
    ['zero', { amount: '0' }, null],
    ['no country (the target)', { countryCode: '' }, null],
    ['no currency (the target)', { currencyCode: '' }, null],
    ['no account', { accountId: '' }, null],
    ['no kind', { type: '' }, null],
    ['crypto has its own fee', { type: 'crypto_eft' }, null],
  ])('fee by type: %s', (_name, over, expected) => expect(feeLookup(v(over), accounts)).toEqual(expected));

  it.each([
    ['crypto with an amount and a currency', { type: 'crypto_eft', toCurrencyCode: 'BTC', isOwn: 'true' }, { accountId: 1, amount: '25.00', isOwn: true, toCountryCode: 'DE', toCurrencyCode: 'BTC' }],
    ['no crypto currency', { type: 'crypto_eft', toCurrencyCode: '' }, null],
    ['zero', { type: 'crypto_eft', toCurrencyCode: 'BTC', amount: '0' }, null],
    ['not crypto', { toCurrencyCode: 'BTC' }, null],
  ])('crypto fee: %s', (_name, over, expected) => expect(cryptoFeeLookup(v(over), accounts)).toEqual(expected));

  it.each([
    ['country, currency, account and operation', {}, { operation: 'wire', fromAccountId: 1, countryCode: 'DE', currencyCode: 'EUR' }],
    ['no country', { countryCode: '' }, null],
    ['no currency', { currencyCode: '' }, null],
    ['no account', { accountId: '' }, null],
    ['no operation', { type: '' }, null],
    ['crypto: the crypto currency', { type: 'crypto_eft', toCurrencyCode: 'ETH' }, { operation: 'crypto_eft', fromAccountId: 1, countryCode: 'DE', currencyCode: 'ETH' }],
  ])('maximum amount and limits: %s', (_name, over, expected) => expect(limitsLookup(v(over), accounts)).toEqual(expected));

  it.each([
    ['USD to EUR', {}, { fromCurrencyCode: 'USD', toCurrencyCode: 'EUR' }],
    ['equal currencies: 1, no lookup', { accountId: '2' }, null],
    ['no target currency: 1, no lookup', { currencyCode: '' }, null],
    ['no account: 1, no lookup', { accountId: '' }, null],
    ['crypto: to the crypto currency', { type: 'crypto_eft', toCurrencyCode: 'BTC' }, { fromCurrencyCode: 'USD', toCurrencyCode: 'BTC' }],
  ])('exchange rate: %s', (_name, over, expected) => expect(rateLookup(v(over), accounts)).toEqual(expected));

  it.each([
    ['SWIFT whole', swiftLookupKey('deut deff'), 'DEUTDEFF'],
    ['SWIFT half typed', swiftLookupKey('DEUTD'), null],
    ['IBAN at its country’s length (even if wrong: the service says so)', ibanLookupKey('DE88 3704 0044 0532 0130 00'), 'DE88370400440532013000'],
    ['IBAN one short', ibanLookupKey('DE89 3704 0044 0532 0130 0'), null],
    ['IBAN of an unknown country', ibanLookupKey('XX89370400440532013000'), null],
  ])('%s', (_name, key, expected) => expect(key).toBe(expected));

  it.each([
    ['a valid key with its tax id', { instantKeyType: 'email', instantKey: ' maria.silva@example.com.br ', taxId: '529.982.247-25' }, { instantKeyType: 'email', instantKey: 'maria.silva@example.com.br', taxId: '52998224725' }],
    ['without a tax id', { instantKeyType: 'phone', instantKey: '+5511987654321', taxId: '' }, { instantKeyType: 'phone', instantKey: '+5511987654321' }],
    ['a key not of its kind', { instantKeyType: 'phone', instantKey: 'maria.silva@example.com.br', taxId: '' }, null],
  ])('instant key info: %s', (_name, values, expected) => expect(instantKeyLookup(values)).toEqual(expected));

  it.each([
    ['EFT to BR with a bank', { type: 'eft', countryCode: 'BR', bankCode: '001' }, { paramName: 'branchCode', countryCode: 'BR', bankCode: '001' }],
    ['no bank yet', { type: 'eft', countryCode: 'BR', bankCode: '' }, null],
    ['EFT to CA has no branch', { type: 'eft', countryCode: 'CA', bankCode: '001' }, null],
    ['a wire has no branch', { type: 'wire', countryCode: 'BR', bankCode: '001' }, null],
  ])('EFT branch codes: %s', (_name, values, expected) => expect(branchLookup(values)).toEqual(expected));
});

describe('what arrives (rounded down to the arriving currency)', () => {
  const v = (over: Partial<ExternalValues>): ExternalValues => ({ ...sepaWire, ...over });
  it.each([
    ['USD to EUR at 0.92592592', {}, '0.92592592', { amount: '23.14', currency: 'EUR' }],
    ['the same currency: the amount itself, no rate needed', { accountId: '2' }, null, { amount: '25.00', currency: 'EUR' }],
    ['no rate yet', {}, null, null],
    ['no amount', { amount: '' }, '0.9', null],
    ['no arriving currency', { currencyCode: '' }, '0.9', null],
    ['crypto: 8 decimals', { type: 'crypto_eft', toCurrencyCode: 'BTC' }, '0.00001556', { amount: '0.00038900', currency: 'BTC' }],
  ])('%s', (_name, over, rate, expected) => expect(externalArrives(v(over), accounts, rate)).toEqual(expected));
});

describe('starting from a template or a recent transfer', () => {
  it('fills the kind, country, currency, amount, account, beneficiary and extra parameters', () => {
    expect(
      externalPrefill(
        {
          type: 'wire',
          countryCode: 'PT',
          currencyCode: 'EUR',
          amount: '850.00',
          accountId: 2,
          beneficiary: { beneficiaryName: 'Maria Ferreira', iban: 'PT50000201231234567890154', extraParams: { purposeOfPayment: 'family' } },
        },
        accounts,
      ),
    ).toEqual({ type: 'wire', countryCode: 'PT', currencyCode: 'EUR', amount: '850.00', accountId: '2', beneficiaryName: 'Maria Ferreira', iban: 'PT50000201231234567890154', 'param.purposeOfPayment': 'family' });
  });
  it('leaves out what it cannot use: an unknown kind, another customer’s account, a malformed amount, unknown fields', () => {
    expect(externalPrefill({ type: 'cheque', accountId: 99, amount: '1e3', countryCode: 'deu', beneficiary: { cardId: 7, nickname: 'x' } as never }, accounts)).toEqual({ cardId: '7' });
  });
});

describe('mass files: the header and each row (the same rule the sandbox applies)', () => {
  it.each([
    ['a whole wire header, any order', 'wire', ['amount', 'countryCode', 'beneficiaryName', 'beneficiaryAddress', 'currencyCode', 'iban'], []],
    ['names are trimmed', 'crypto', [' toCurrencyCode ', 'walletAddress', 'amount'], []],
    ['missing columns, in the table’s order', 'eft', ['beneficiaryName', 'amount'], ['countryCode', 'currencyCode', 'bankCode', 'accountNumber']],
    ['a card file without card numbers', 'oct', ['beneficiaryName', 'countryCode', 'currencyCode', 'amount'], ['cardNumber']],
  ] as const)('header: %s', (_name, method, header, missing) => expect(missingMassColumns(method, header)).toEqual(missing));

  const wire = { beneficiaryName: 'Anna Schmidt', beneficiaryAddress: 'Hauptstraße 1, Berlin', countryCode: 'DE', currencyCode: 'EUR', amount: '120.50', iban: 'DE89370400440532013000' };
  it.each([
    ['a whole SEPA wire', 'wire', wire, []],
    ['a SEPA wire needs the IBAN', 'wire', { ...wire, iban: '' }, [{ column: 'iban', problem: 'required' }]],
    ['a wrong IBAN', 'wire', { ...wire, iban: 'DE88370400440532013000' }, [{ column: 'iban', problem: 'format' }]],
    ['a SWIFT code of the IBAN’s country', 'wire', { ...wire, swiftCode: 'COBADEFFXXX' }, []],
    ['a SWIFT code of another country than the IBAN', 'wire', { ...wire, swiftCode: 'ROYCCAT2' }, [{ column: 'swiftCode', problem: 'mismatch' }]],
    ['a wrong IBAN is not compared with the SWIFT', 'wire', { ...wire, iban: 'DE88370400440532013000', swiftCode: 'ROYCCAT2' }, [{ column: 'iban', problem: 'format' }]],
    ['an ACH wire needs the account and routing number', 'wire', { ...wire, countryCode: 'US', iban: '' }, [
      { column: 'accountNumber', problem: 'required' },
      { column: 'routingNumber', problem: 'required' },
    ]],
    ['a bad routing number', 'wire', { ...wire, countryCode: 'US', iban: '', accountNumber: '123456', routingNumber: '021000022' }, [{ column: 'routingNumber', problem: 'format' }]],
    ['zero, or too many decimals', 'wire', { ...wire, amount: '0.00' }, [{ column: 'amount', problem: 'amount' }]],
    ['an amount with a comma', 'wire', { ...wire, amount: '12,50' }, [{ column: 'amount', problem: 'amount' }]],
    ['a country of three letters', 'wire', { ...wire, countryCode: 'DEU' }, [{ column: 'countryCode', problem: 'country' }]],
    ['no name, a short address, a long reference', 'wire', { ...wire, beneficiaryName: '', beneficiaryAddress: 'Rua', reference: 'r'.repeat(141) }, [
      { column: 'beneficiaryName', problem: 'required' },
      { column: 'beneficiaryAddress', problem: 'format' },
      { column: 'reference', problem: 'format' },
    ]],
    ['EFT to Brazil needs the branch', 'eft', { beneficiaryName: 'João P.', countryCode: 'BR', currencyCode: 'BRL', amount: '40', bankCode: '237', accountNumber: '0012345' }, [{ column: 'branchCode', problem: 'required' }]],
    ['EFT to Canada does not', 'eft', { beneficiaryName: 'Luc Roy', countryCode: 'CA', currencyCode: 'CAD', amount: '40', bankCode: '001', accountNumber: '0012345' }, []],
    ['a card that fails Luhn', 'oct', { beneficiaryName: 'Ana Ruiz', cardNumber: '4111 1111 1111 1112', countryCode: 'US', currencyCode: 'USD', amount: '10' }, [{ column: 'cardNumber', problem: 'format' }]],
    ['a good card', 'oct', { beneficiaryName: 'Ana Ruiz', cardNumber: '4242 4242 4242 4242', countryCode: 'US', currencyCode: 'USD', amount: '10' }, []],
    ['crypto: an address of its currency', 'crypto', { toCurrencyCode: 'eth', walletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', amount: '0.5' }, []],
    ['crypto: a BTC address for ETH', 'crypto', { toCurrencyCode: 'ETH', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.5' }, [{ column: 'walletAddress', problem: 'format' }]],
    ['crypto: not a crypto currency', 'crypto', { toCurrencyCode: 'EUR', walletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', amount: '0.5' }, [{ column: 'toCurrencyCode', problem: 'currency' }]],
  ] as const)('row: %s', (_name, method, row, errors) => expect(checkMassRow(method, row)).toEqual(errors));
});

describe('mass file pages (001 s2), permissions and samples', () => {
  it.each([
    ['wire', 'wire', 'wire'],
    ['eft', 'eft', 'eft'],
    ['oct', 'oct', 'oct'],
    ['digital is crypto', 'digital', 'crypto'],
  ] as const)('%s', (_name, page, method) => {
    expect(massFileMethodOf(page)).toBe(method);
    expect(massFilePageOf(method)).toBe(page);
  });
  it.each(['p2p', 'global', 'crypto', 'toString', ''])('%s is not a file page', (page) => expect(massFileMethodOf(page)).toBeNull());
  it('each kind has its permission flag and its sample', () => {
    expect(MASS_FILE_PERMISSION).toEqual({ wire: 'wire', eft: 'eft', oct: 'oct', crypto: 'crypto_eft' });
    expect(MASS_FILE_SAMPLE).toEqual({ wire: 'wire', eft: 'eft', oct: 'creditCard', crypto: 'cryptoEft' });
  });
});
