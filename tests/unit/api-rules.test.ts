// @vitest-environment node
import {
  anonymousCaller,
  dispatchUrl,
  dropNulls,
  ExactNumber,
  isConvertibleNumber,
  numericStringsToNumbers,
  prepareMainBody,
  requestHeaders,
  stringifyExact,
  type Caller,
} from '../../src/shared/api/rules';

const exact = (text: string) => new ExactNumber(text);

const business: Caller = { kind: 'business', actingCustomerId: 4211, authSecret: null, fromEmail: null };
const admin: Caller = { ...business, kind: 'admin' };
const personal: Caller = { kind: 'personal', actingCustomerId: 77, authSecret: null, fromEmail: null };

describe('request rules (spec 000 s5, s7)', () => {
  it('sends only non-null values, at every depth', () => {
    expect(dropNulls({ a: 1, b: null, c: undefined, d: { e: null, f: 'x' }, g: [{ h: null, i: 2 }] })).toEqual({
      a: 1,
      d: { f: 'x' },
      g: [{ i: 2 }],
    });
    expect(dropNulls({ zero: 0, empty: '', no: false })).toEqual({ zero: 0, empty: '', no: false });
  });

  it.each([
    ['10', true],
    ['10.50', true],
    ['-3', true],
    ['0', true],
    ['0.5', true],
    ['007', false], // leading zero: an identifier, digits would be lost
    ['+40123', false],
    ['1e5', false],
    ['12a', false],
    ['', false],
    ['99999999999999999999', false], // beyond safe integers: an account number, not a number
  ])('isConvertibleNumber(%j) = %s', (text, expected) => {
    expect(isConvertibleNumber(text)).toBe(expected);
  });

  it('turns numeric strings into exact numbers, money too, except address, name, description, bank, postal fields, codes, passwords, PINs, phones and card numbers', () => {
    expect(
      numericStringsToNumbers({
        amount: '10.50',
        toAmount: '90071992.54740993',
        verificationAmount: '1.37',
        fee: '2',
        binNumber: '411111',
        cardNumber: '4111111111111111',
        extraParams: { lastFourDigits: '1032', cvv: '123', accountType: '1', purpose: '12' },
        iban: '123',
        routingNumber: '021000021',
        taxId: '52998224725',
        instantKey: '5511987654321',
        securityAnswer: '1234',
        securityQuestion: '42',
        accountNumber: '1234567',
        sortCode: '401256',
        swiftCode: '12345678',
        branchCode: '0001',
        pinRepeat: '0123',
        pageNumber: '2',
        accountId: '123',
        address: '12',
        firstName: '42',
        businessName: '1',
        description: '100',
        bankCode: '2000',
        postalCode: '10001',
        nested: { count: '3', streetAddress: '5' },
        list: ['1', 'x'],
        otp: '012345',
        activationCode: '246810',
        approvalCode: '1234',
        otpCode: '123456',
        password: '11111111',
        pin: '4321',
        phoneNumber: '40712345678',
        search: '2026',
        keyword: '500',
        query: '42',
        note: '7',
        reference: '12345',
        textContent: '1',
        toEmail: '1',
      }),
    ).toEqual({
      amount: exact('10.50'),
      toAmount: exact('90071992.54740993'),
      verificationAmount: exact('1.37'),
      fee: exact('2'),
      binNumber: '411111',
      cardNumber: '4111111111111111',
      extraParams: { lastFourDigits: '1032', cvv: '123', accountType: '1', purpose: '12' },
      iban: '123',
      routingNumber: '021000021',
      taxId: '52998224725',
      instantKey: '5511987654321',
      securityAnswer: '1234',
      securityQuestion: '42',
      accountNumber: '1234567',
      sortCode: '401256',
      swiftCode: '12345678',
      branchCode: '0001',
      pinRepeat: '0123',
      pageNumber: exact('2'),
      accountId: exact('123'),
      address: '12',
      firstName: '42',
      businessName: '1',
      description: '100',
      bankCode: '2000',
      postalCode: '10001',
      nested: { count: exact('3'), streetAddress: '5' },
      list: [exact('1'), 'x'],
      otp: '012345',
      activationCode: '246810',
      approvalCode: '1234',
      otpCode: '123456',
      password: '11111111',
      pin: '4321',
      phoneNumber: '40712345678',
      search: '2026',
      keyword: '500',
      query: '42',
      note: '7',
      reference: '12345',
      textContent: '1',
      toEmail: '1',
    });
  });

  it('adds fromCustomerId for business and admin callers only', () => {
    const ctx = { method: 'balanceInquiry', language: 'en', rule: undefined };
    expect(prepareMainBody({}, { ...ctx, caller: business }).fromCustomerId).toBe(4211);
    expect(prepareMainBody({}, { ...ctx, caller: admin }).fromCustomerId).toBe(4211);
    expect(prepareMainBody({}, { ...ctx, caller: personal })).not.toHaveProperty('fromCustomerId');
    expect(prepareMainBody({}, { ...ctx, caller: anonymousCaller })).not.toHaveProperty('fromCustomerId');
  });

  it('puts the method in the body and adds lang, fromEmail and authSecret where the method asks', () => {
    const caller: Caller = { ...anonymousCaller, fromEmail: 'a@b.test', authSecret: 's3cret' };
    expect(prepareMainBody({ x: null }, { method: 'countries', caller, language: 'uk', rule: { lang: true } })).toEqual({
      method: 'countries',
      lang: 'uk',
    });
    expect(
      prepareMainBody({}, { method: 'm', caller, language: 'en', rule: { fromEmail: true, authSecret: true } }),
    ).toEqual({ method: 'm', fromEmail: 'a@b.test', authSecret: 's3cret' });
    expect(prepareMainBody({}, { method: 'm', caller, language: 'en', rule: undefined })).toEqual({ method: 'm' });
  });

  it('sends a body as typed where the method asks (asTyped: numeric text stays text, nulls still go)', () => {
    const body = { share: '25', registrationNumber: '12345678', accessRights: null, nested: { answer: '2', count: '3' } };
    expect(prepareMainBody(body, { method: 'createAccount', caller: anonymousCaller, language: 'en', rule: { asTyped: true } })).toEqual({
      method: 'createAccount',
      share: '25',
      registrationNumber: '12345678',
      nested: { answer: '2', count: '3' },
    });
    expect(prepareMainBody(body, { method: 'other', caller: anonymousCaller, language: 'en', rule: undefined })).toMatchObject({ share: exact('25'), registrationNumber: exact('12345678'), nested: { count: exact('3') } });
  });

  // Issue 47 item 9: the digits as typed, never through a float; with JSON.rawJSON and without it.
  describe.each([
    ['JSON.rawJSON', undefined],
    ['the nonce marker (browsers without rawJSON)', null],
  ] as const)('the exact writer, %s', (_name, rawJson) => {
    const write = (value: unknown) => (rawJson === null ? stringifyExact(value, null) : stringifyExact(value));
    it.each([
      ['0.1 and 0.2 stay themselves (their float sum would not)', { a: '0.1', b: '0.2', c: '0.3' }, '{"a":0.1,"b":0.2,"c":0.3}'],
      ['a trailing zero is kept', { amount: '100.50' }, '{"amount":100.50}'],
      ['an 8-decimal crypto amount', { amount: '0.00000001' }, '{"amount":0.00000001}'],
      ['a 17-digit amount (beyond a double)', { amount: '123456789.12345678' }, '{"amount":123456789.12345678}'],
      ['a 17-digit amount with 2 decimals', { amount: '999999999999999.99' }, '{"amount":999999999999999.99}'],
      ['negative', { toAmount: '-12.30' }, '{"toAmount":-12.30}'],
      ['in arrays and nested objects', { payments: [{ amount: '1.10', currency: 'EUR' }] }, '{"payments":[{"amount":1.10,"currency":"EUR"}]}'],
      ['kept text stays a string', { amount: '5', postalCode: '10001', otp: '012345' }, '{"amount":5,"postalCode":"10001","otp":"012345"}'],
      ['typed text that looks like the marker stays text', { note: '\u0000abc:1', description: '\u00001.5' }, '{"note":"\\u0000abc:1","description":"\\u00001.5"}'],
    ])('%s', (_label, body, wire) => {
      const text = write(numericStringsToNumbers(body));
      expect(text).toBe(wire);
    });

    it('what it writes is JSON whose source text reads back exactly', () => {
      const text = write(numericStringsToNumbers({ amount: '123456789.12345678', fee: '0.10' }));
      const sources: Record<string, string> = {};
      JSON.parse(text, function (key, value, context?: { source?: string }) {
        if (typeof value === 'number' && context?.source) sources[key] = context.source;
        return value;
      });
      expect(sources).toEqual({ amount: '123456789.12345678', fee: '0.10' });
    });
  });

  it('an exact number takes only a plain decimal (no exponent, sign or leading zero)', () => {
    for (const bad of ['1e5', '+1', '01', '1.', '.5', 'NaN', '']) expect(() => new ExactNumber(bad)).toThrow();
    expect(new ExactNumber('-0.5').text).toBe('-0.5');
  });

  it('sends language, client version, bearer token and the acting customer header', () => {
    expect(requestHeaders({ language: 'ro', clientVersion: '2.1.2', accessToken: 'tok', caller: business })).toEqual({
      'Accept-Language': 'ro',
      'X-Client-Version': '2.1.2',
      Authorization: 'Bearer tok',
      'X-Customer-Id': '4211',
    });
    expect(requestHeaders({ language: 'en', clientVersion: '2.1.2', accessToken: null, caller: personal })).toEqual({
      'Accept-Language': 'en',
      'X-Client-Version': '2.1.2',
    });
  });

  it('maps /<method> to /?method=<method> under the main base', () => {
    expect(dispatchUrl('http://h:1/main/customerInfo', '/main')).toEqual({
      url: 'http://h:1/main/?method=customerInfo',
      method: 'customerInfo',
    });
    expect(dispatchUrl('http://h:1/main/a/b', '/main')).toBeNull();
    expect(dispatchUrl('http://h:1/auth/login', '/main')).toBeNull();
  });
});
