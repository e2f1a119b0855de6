// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { units } from '../../sandbox/kernel/money.ts';
import { mainWire, sandboxClient, REUSED_ON_ANOTHER_CALL, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * External transfers in the sandbox (001 s3, s5, s7, s9): availability per country and rails,
 * bank requirements, extra parameters, branches, SWIFT / IBAN / instant-key lookups, the bin
 * blacklist, fees per kind, transfer details, the submit of every kind (its refusals, once per
 * requestId, in the approval mode), templates, recent transfers, and customer-money resetting it.
 * Replies are validated against the contract by the sandbox itself.
 */
let sb: Sandbox;
const { post, tokenOf, call, unprocessable } = sandboxClient(() => sb.url);
interface Account {
  accountId: number;
  type: number;
  accountStatusId: number;
  currencyCode: string;
  balance: string;
}
const accountsOf = async (token: string) => (await call(token, 'balanceInquiry')).accounts as Account[];
const payment = async (token: string, currency: string) => (await accountsOf(token)).find((a) => a.type === 1001 && a.currencyCode === currency)!;
const paramOf = (reply: { validationErrors?: { param: string }[] }) => reply.validationErrors?.[0]?.param;
const textOf = (reply: { validationErrors?: { description: string }[] }) => reply.validationErrors?.[0]?.description;
/** `before` minus the amounts, as exact units of 10^-8 (never floats). */
const minus = (before: string, ...amounts: string[]) => amounts.reduce((sum, a) => sum - units(a), units(before));
let counter = 0;
const requestId = (label: string) => `${label}-${String((counter += 1)).padStart(6, '0')}`;

/** An IBAN with its check digits (ISO 13616: 98 minus the remainder of mod 97). */
const ibanOf = (country: string, bban: string) => {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `${country}${String(98n - (BigInt(digits) % 97n)).padStart(2, '0')}${bban}`;
};

const SEPA_WIRE = { type: 'wire', countryCode: 'DE', currencyCode: 'EUR', beneficiaryName: 'Hans Müller', beneficiaryAddress: 'Unter den Linden 5, Berlin', iban: 'DE89370400440532013000', extraParams: { purposeOfPayment: 'family' } };
const BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-external-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: external transfer look-ups', () => {
  it('offers kinds and currencies per country, with the wire’s rails; the countries list knows the new countries', async () => {
    const token = await tokenOf('personal@brand1.test');
    const to = async (countryCode: string) => (await call(token, 'availableTransfersToCountry', { countryCode })) as { responseCode: string; countryCode: string; transfers: { type: string; currencies: string[]; rail?: string }[] };
    const crypto = { type: 'crypto_eft', currencies: ['BTC', 'ETH', 'USDT', 'USDC'] };
    expect(await to('DE')).toEqual({ responseCode: '00', countryCode: 'DE', transfers: [{ type: 'wire', currencies: ['EUR', 'USD'], rail: 'sepa' }, { type: 'oct', currencies: ['EUR', 'USD'] }, crypto] });
    expect((await to('GB')).transfers[0]).toEqual({ type: 'wire', currencies: ['GBP', 'EUR', 'USD'], rail: 'fasterPayments' });
    expect((await to('US')).transfers).toEqual([{ type: 'wire', currencies: ['USD'], rail: 'ach' }, { type: 'oct', currencies: ['USD'] }, crypto]);
    expect((await to('CA')).transfers.map((t) => [t.type, t.currencies.join(','), t.rail ?? ''])).toEqual([
      ['wire', 'CAD,USD', 'swift'],
      ['eft', 'CAD', ''],
      ['interac', 'CAD', ''],
      ['oct', 'CAD,USD', ''],
      ['crypto_eft', 'BTC,ETH,USDT,USDC', ''],
    ]);
    expect((await to('BR')).transfers.map((t) => t.type)).toEqual(['wire', 'eft', 'instant_payment', 'oct', 'crypto_eft']);
    expect((await to('BR')).transfers.find((t) => t.type === 'instant_payment')!.currencies).toEqual(['BRL']);
    expect((await to('JP')).transfers).toEqual([{ type: 'wire', currencies: ['JPY', 'USD'], rail: 'swift' }, { type: 'eft', currencies: ['JPY'] }, crypto]);
    expect((await to('HK')).transfers.map((t) => t.type)).toEqual(['wire', 'eft', 'crypto_eft']);
    expect((await to('LK')).transfers).toEqual([{ type: 'wire', currencies: ['USD'], rail: 'swift' }, { type: 'eft', currencies: ['LKR'] }]);
    expect((await to('IN')).transfers.map((t) => [t.type, t.currencies.join(',')])).toEqual([['wire', 'INR,USD'], ['eft', 'INR'], ['crypto_eft', 'BTC,ETH,USDT,USDC']]);
    for (const country of ['UA', 'MD', 'MX']) expect((await to(country)).transfers).toEqual([{ type: 'wire', currencies: ['USD', 'EUR'], rail: 'swift' }, { type: 'oct', currencies: ['USD'] }, crypto]);
    expect((await to('AU')).transfers[0]).toEqual({ type: 'wire', currencies: ['AUD', 'USD'], rail: 'swift' });
    for (const country of ['RO', 'ES', 'PT', 'FR', 'IT', 'PL']) expect((await to(country)).transfers[0]!.rail).toBe('sepa');
    expect(await to('AQ')).toEqual({ responseCode: '00', countryCode: 'AQ', transfers: [] });
    const { countries } = await call(token, 'countries', { lang: 'en' });
    expect(countries.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['JP', 'HK', 'LK', 'IN']));
  });

  it('bank requirements by rails (SEPA, ACH, Faster Payments, SWIFT), EFT banks, VF for a kind not offered', async () => {
    const token = await tokenOf('personal@brand1.test');
    const req = (type: string, countryCode: string) => call(token, 'bankListRequirements', { type, countryCode });
    const names = (reply: { requirements: { name: string; required: boolean }[] }) => reply.requirements.map((r) => `${r.name}${r.required ? '' : '?'}`);
    const de = await req('wire', 'DE');
    expect(de).toEqual({ responseCode: '00', requirements: [{ name: 'beneficiaryName', required: true }, { name: 'beneficiaryAddress', required: true }, { name: 'iban', required: true }, { name: 'swiftCode', required: false }], banks: [] });
    expect(names(await req('wire', 'US'))).toEqual(['beneficiaryName', 'beneficiaryAddress', 'accountNumber', 'routingNumber']);
    expect(names(await req('wire', 'GB'))).toEqual(['beneficiaryName', 'beneficiaryAddress', 'accountNumber', 'sortCode']);
    expect(names(await req('wire', 'CA'))).toEqual(['beneficiaryName', 'beneficiaryAddress', 'swiftCode', 'accountNumber']);
    const br = await req('eft', 'BR');
    expect(names(br)).toEqual(['beneficiaryName', 'bankCode', 'accountNumber', 'branchCode']);
    expect(br.banks).toEqual([{ bankCode: '001', bankName: 'Banco do Brasil' }, { bankCode: '237', bankName: 'Bradesco' }, { bankCode: '341', bankName: 'Itaú Unibanco' }]);
    expect((await req('eft', 'JP')).banks.map((b: { bankCode: string }) => b.bankCode)).toEqual(['0001', '0005', '0009']);
    expect((await req('eft', 'HK')).banks.map((b: { bankName: string }) => b.bankName)).toEqual(['HSBC Hong Kong', 'Bank of China (Hong Kong)', 'Hang Seng Bank']);
    expect((await req('eft', 'LK')).banks.map((b: { bankCode: string }) => b.bankCode)).toEqual(['7010', '7056']);
    const ca = await req('eft', 'CA');
    expect(names(ca)).toEqual(['beneficiaryName', 'bankCode', 'accountNumber']);
    expect(ca.banks.map((b: { bankCode: string }) => b.bankCode)).toEqual(['001', '002', '003', '004']);
    expect((await req('eft', 'IN')).banks).toEqual([{ bankCode: 'HDFC', bankName: 'HDFC Bank' }, { bankCode: 'ICIC', bankName: 'ICICI Bank' }, { bankCode: 'SBIN', bankName: 'State Bank of India' }]);
    expect(names(await req('oct', 'DE'))).toEqual(['cardId', 'cardNumber?', 'beneficiaryName?']);
    expect(names(await req('interac', 'CA'))).toEqual(['beneficiaryName', 'toEmail', 'securityQuestion', 'securityAnswer']);
    expect(paramOf(await req('eft', 'US'))).toBe('type');
    expect(paramOf(await req('crypto_eft', 'LK'))).toBe('type');
  });

  it('extra parameters (options flattened), branches of a bank', async () => {
    const token = await tokenOf('personal@brand1.test');
    const extra = async (type: string, countryCode: string) => (await call(token, 'extraParamsByTransfer', { type, countryCode })).extraParams;
    expect(await extra('wire', 'DE')).toEqual([
      {
        name: 'purposeOfPayment',
        required: true,
        label: 'Purpose of payment',
        options: [
          { value: 'family', label: 'Family support' },
          { value: 'salary', label: 'Salary' },
          { value: 'goods', label: 'Goods' },
          { value: 'services', label: 'Services' },
          { value: 'savings', label: 'Own savings' },
        ],
      },
    ]);
    expect((await extra('wire', 'JP'))[0].name).toBe('purposeOfPayment');
    expect(await extra('eft', 'JP')).toEqual([{ name: 'accountType', required: true, label: 'Account type', options: [{ value: 'futsu', label: 'Ordinary' }, { value: 'toza', label: 'Current' }] }]);
    expect(await extra('eft', 'IN')).toEqual([{ name: 'ifsc', required: true, label: 'IFSC code', pattern: '[A-Z]{4}0[A-Z0-9]{6}' }]);
    expect(await extra('eft', 'BR')).toEqual([]);
    expect(await extra('oct', 'DE')).toEqual([]);

    const branches = (countryCode: string, bankCode: string, paramName = 'branchCode') => call(token, 'eftExtraParams', { paramName, countryCode, bankCode });
    const br = await branches('BR', '001');
    expect(br.paramName).toBe('branchCode');
    expect(br.values).toEqual(expect.arrayContaining([{ value: '0001', label: 'Brasília Centro' }, { value: '3382', label: 'São Paulo Paulista' }]));
    for (const [country, bank] of [['BR', '237'], ['BR', '341'], ['JP', '0001'], ['JP', '0005'], ['JP', '0009'], ['HK', '004'], ['HK', '012'], ['HK', '024'], ['LK', '7010'], ['LK', '7056']] as const) {
      const { values } = await branches(country, bank);
      expect([country, bank, values.length >= 2 && values.length <= 3]).toEqual([country, bank, true]);
    }
    expect((await branches('JP', '0001')).values.map((v: { value: string }) => v.value)).toContain('001');
    expect((await branches('CA', '001')).values).toEqual([]);
    expect((await branches('BR', '999')).values).toEqual([]);
    expect(await branches('BR', '001', 'accountType')).toEqual({ responseCode: '00', paramName: 'accountType', values: [] });
  });

  it('SWIFT lookup: a known bank, a well-formed unknown code, a malformed one (VF)', async () => {
    const token = await tokenOf('personal@brand1.test');
    const swift = (swiftCode: string) => call(token, 'swiftLookup', { swiftCode });
    expect(await swift('DEUTDEFFXXX')).toEqual({ responseCode: '00', swiftCode: 'DEUTDEFFXXX', valid: true, bankName: 'Deutsche Bank', city: 'Frankfurt', countryCode: 'DE' });
    expect(await swift('chas us 33')).toEqual({ responseCode: '00', swiftCode: 'CHASUS33', valid: true, bankName: 'JPMorgan Chase Bank', city: 'New York', countryCode: 'US' });
    const known: [string, string, string][] = [
      ['COBADEFF', 'Commerzbank', 'DE'],
      ['BNPAFRPP', 'BNP Paribas', 'FR'],
      ['BTRLRO22', 'Banca Transilvania', 'RO'],
      ['CAIXESBB', 'CaixaBank', 'ES'],
      ['BARCGB22', 'Barclays Bank', 'GB'],
      ['ROYCCAT2', 'Royal Bank of Canada', 'CA'],
      ['HSBCHKHH', 'HSBC', 'HK'],
      ['MHCBJPJT', 'Mizuho Bank', 'JP'],
      ['BRASBRRJ', 'Banco do Brasil', 'BR'],
      ['SBININBB', 'State Bank of India', 'IN'],
    ];
    for (const [code, bankName, countryCode] of known) expect(await swift(code)).toMatchObject({ valid: true, bankName, countryCode });
    expect(await swift('ABCDEFGH')).toEqual({ responseCode: '00', swiftCode: 'ABCDEFGH', valid: false });
    expect(paramOf(await swift('DEU1'))).toBe('swiftCode');
    expect(paramOf(await swift('DEUTDEFF1'))).toBe('swiftCode');
  });

  it('a wire whose SWIFT code is of another country or bank than its IBAN is refused, in the request’s language; nothing moves', async () => {
    const token = await tokenOf('personal@brand1.test');
    const eur = await payment(token, 'EUR');
    const submit = async (swiftCode: string, language: string) => {
      const res = await post('/main/?method=transferSubmit', mainWire('transferSubmit', { ...SEPA_WIRE, swiftCode, accountId: eur.accountId, amount: '10.00', requestId: requestId('mismatch') }), { Authorization: `Bearer ${token}`, 'Accept-Language': language });
      return { reply: (await res.json()) as { responseCode: string; validationErrors?: { param: string; description: string }[] }, language: res.headers.get('Content-Language') };
    };
    // Issue 44: a Commerzbank IBAN with the Royal Bank of Canada's code went through.
    const canada = await submit('ROYCCAT2', 'ru');
    expect(canada.reply.responseCode).toBe('VF');
    expect(paramOf(canada.reply)).toBe('swiftCode');
    expect(textOf(canada.reply)).toBe('Этот SWIFT-код принадлежит банку другой страны, чем IBAN. Уточните оба у получателя.');
    expect(canada.language).toBe('ru');
    const deutsche = await submit('DEUTDEFFXXX', 'pt-PT,pt;q=0.9');
    expect(textOf(deutsche.reply)).toBe('Este código SWIFT é de outro banco que não o do IBAN, cujo código é COBADEFFXXX. Confirme ambos com o beneficiário.');
    expect((await submit('DEUTDEFFXXX', 'de')).reply.validationErrors?.[0]?.description).toMatch(/^This SWIFT code is of another bank than the IBAN/);
    expect((await payment(token, 'EUR')).balance).toBe(eur.balance);
    // The IBAN bank's own code (any branch) goes through.
    expect((await submit('COBADEFF', 'en')).reply.responseCode).toBe('00');
  });

  it('IBAN lookup: valid with a known bank, valid unknown, invalid, malformed (VF)', async () => {
    const token = await tokenOf('personal@brand1.test');
    const iban = (text: string) => call(token, 'ibanLookup', { iban: text });
    expect(await iban('DE89 3704 0044 0532 0130 00')).toEqual({ responseCode: '00', iban: 'DE89370400440532013000', valid: true, countryCode: 'DE', bankName: 'Commerzbank', swiftCode: 'COBADEFFXXX' });
    expect(await iban('ES9121000418450200051332')).toMatchObject({ valid: true, countryCode: 'ES', bankName: 'CaixaBank', swiftCode: 'CAIXESBBXXX' });
    expect(await iban(ibanOf('DE', '500700100123456789'))).toMatchObject({ valid: true, bankName: 'Deutsche Bank', swiftCode: 'DEUTDEFFXXX' });
    expect(await iban(ibanOf('FR', '30004000031234567890143'))).toMatchObject({ valid: true, bankName: 'BNP Paribas', swiftCode: 'BNPAFRPPXXX' });
    const btrl = ibanOf('RO', 'BTRL0000123456789012');
    expect(btrl).toHaveLength(24);
    expect(await iban(btrl)).toEqual({ responseCode: '00', iban: btrl, valid: true, countryCode: 'RO', bankName: 'Banca Transilvania', swiftCode: 'BTRLRO22XXX' });
    for (const [text, country] of [['FR1420041010050500013M02606', 'FR'], ['NL91ABNA0417164300', 'NL'], ['RO49AAAA1B31007593840000', 'RO'], ['PT50000201231234567890154', 'PT']]) {
      expect(await iban(text!)).toEqual({ responseCode: '00', iban: text, valid: true, countryCode: country });
    }
    expect(await iban('DE89370400440532013001')).toEqual({ responseCode: '00', iban: 'DE89370400440532013001', valid: false, countryCode: 'DE' });
    expect(await iban('DE8937040044053201300')).toMatchObject({ valid: false, countryCode: 'DE' });
    expect(paramOf(await iban('HELLO WORLD'))).toBe('iban');
    expect(paramOf(await iban('DE'))).toBe('iban');
  });

  it('instant keys (known, unknown, malformed), instant banks, the bin blacklist', async () => {
    const token = await tokenOf('personal@brand1.test');
    const key = (instantKeyType: string, instantKey: string, extra: Record<string, unknown> = {}) => call(token, 'instantKeyInfo', { instantKeyType, instantKey, ...extra });
    expect(await key('email', 'maria.silva@example.com.br')).toEqual({ responseCode: '00', valid: true, holderName: 'Maria S.', bankCode: '001' });
    expect(await key('taxId', '529.982.247-25')).toEqual({ responseCode: '00', valid: true, holderName: 'João P.', bankCode: '237' });
    expect(await key('phone', '+55 11 98765-4321')).toEqual({ responseCode: '00', valid: true, holderName: 'Ana C.', bankCode: '341' });
    expect(await key('random', '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f', { taxId: '52998224725' })).toEqual({ responseCode: '00', valid: true, holderName: 'Loja Exemplo Ltda.', bankCode: '260' });
    expect(await key('email', 'someone.else@example.com')).toEqual({ responseCode: '00', valid: false });
    expect(paramOf(await key('email', 'not-an-email'))).toBe('instantKey');
    expect(paramOf(await key('taxId', '12345678900'))).toBe('instantKey');
    expect(paramOf(await key('phone', '12345'))).toBe('instantKey');
    expect(paramOf(await key('email', 'maria.silva@example.com.br', { taxId: '11111111111' }))).toBe('taxId');
    expect((await call(token, 'instantBankList', { countryCode: 'BR' })).banks).toEqual([
      { bankCode: '001', bankName: 'Banco do Brasil' },
      { bankCode: '237', bankName: 'Bradesco' },
      { bankCode: '260', bankName: 'Nu Pagamentos' },
      { bankCode: '341', bankName: 'Itaú Unibanco' },
    ]);
    expect((await call(token, 'instantBankList', { countryCode: 'US' })).banks).toEqual([]);
    expect(await call(token, 'binBlacklist')).toEqual({ responseCode: '00', bins: ['400005', '520082'] });
  });

  it('fees per kind in the source account’s currency (exact decimals); crypto by currency, half to one’s own wallet', async () => {
    const token = await tokenOf('personal@brand1.test');
    const usd = await payment(token, 'USD');
    const usdt = await payment(token, 'USDT');
    const fee = (type: string, countryCode: string, amount: string, accountId = usd.accountId) => call(token, 'transferFee', { type, accountId, amount, countryCode, currencyCode: 'USD' });
    expect(await fee('wire', 'DE', '100.00')).toEqual({ responseCode: '00', fee: '1.00', currencyCode: 'USD' });
    expect((await fee('wire', 'GB', '100.00')).fee).toBe('1.50');
    expect((await fee('wire', 'US', '100.00')).fee).toBe('2.00');
    expect((await fee('wire', 'CA', '100.00')).fee).toBe('15.00');
    expect((await fee('eft', 'CA', '100.00')).fee).toBe('0.75');
    expect((await fee('oct', 'US', '50.00')).fee).toBe('1.00');
    expect((await fee('oct', 'US', '250.00')).fee).toBe('2.50');
    expect((await fee('oct', 'US', '123.45')).fee).toBe('1.24');
    expect((await fee('instant_payment', 'BR', '100.00')).fee).toBe('0.50');
    expect((await fee('interac', 'CA', '100.00')).fee).toBe('1.50');
    expect(await fee('oct', 'US', '250.00', usdt.accountId)).toEqual({ responseCode: '00', fee: '2.50000000', currencyCode: 'USDT' });
    expect(paramOf(await fee('crypto_eft', 'US', '100.00'))).toBe('type');
    expect(paramOf(await fee('interac', 'DE', '100.00'))).toBe('type');
    expect(paramOf(await fee('wire', 'DE', '0.00'))).toBe('amount');
    const other = (await accountsOf(await tokenOf('business@brand1.test'))).find((a) => a.type === 1001)!;
    expect((await fee('wire', 'DE', '100.00', other.accountId)).responseCode).toBe('ENOA');

    const crypto = (toCurrencyCode: string, isOwn: boolean, accountId = usd.accountId) => call(token, 'cryptoFee', { accountId, amount: '100.00', isOwn, toCountryCode: 'DE', toCurrencyCode });
    expect(await crypto('BTC', false)).toEqual({ responseCode: '00', fee: '2.50', currencyCode: 'USD' });
    expect((await crypto('ETH', false)).fee).toBe('1.50');
    expect((await crypto('USDT', false)).fee).toBe('1.00');
    expect((await crypto('USDC', false)).fee).toBe('1.00');
    expect((await crypto('BTC', true)).fee).toBe('1.25');
    expect((await crypto('ETH', true)).fee).toBe('0.75');
    expect(await crypto('BTC', false, usdt.accountId)).toEqual({ responseCode: '00', fee: '2.50000000', currencyCode: 'USDT' });
    expect((await crypto('USDC', true, usdt.accountId)).fee).toBe('0.50000000');
    expect(paramOf(await crypto('EUR', false))).toBe('toCurrencyCode');
    expect((await crypto('BTC', false, other.accountId)).responseCode).toBe('ENOA');
  });

  it('transfer details: all clear for personal@, an expired or mismatched address is told (and blocks the submit)', async () => {
    const clear = await call(await tokenOf('personal@brand1.test'), 'transferDetails', { type: 'wire', countryCode: 'DE' });
    expect(clear).toEqual({ responseCode: '00', hasRequirements: true, type: 'wire', isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: true, isExtraParamsValid: true });
    const expiredToken = await tokenOf('address-expired@brand1.test');
    const expired = await call(expiredToken, 'transferDetails', { type: 'eft', countryCode: 'BR' });
    expect(expired).toMatchObject({ hasRequirements: true, type: 'eft', isCustomerAddressDateValid: false, isCustomerAddressMatchesActive: true, isExtraParamsValid: true, details: expect.stringContaining('expired') });
    const mismatch = await call(await tokenOf('address-mismatch@brand1.test'), 'transferDetails', { type: 'wire', countryCode: 'DE' });
    expect(mismatch).toMatchObject({ isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: false, details: expect.stringContaining('does not match') });
    const eur = await payment(expiredToken, 'EUR');
    const submit = await call(expiredToken, 'transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '10.00', requestId: requestId('expired') });
    expect(submit).toEqual({ responseCode: '13', responseDescription: 'Update your address in your profile before sending this transfer' });
    expect((await payment(expiredToken, 'EUR')).balance).toBe(eur.balance);
    const foreign = (await accountsOf(await tokenOf('business@brand1.test')))[0]!;
    expect((await call(expiredToken, 'transferDetails', { type: 'wire', countryCode: 'DE', accountId: foreign.accountId })).responseCode).toBe('ENOA');
  });

  it('every rich customer has a confirmed card at another bank, shown masked', async () => {
    const { cards } = await call(await tokenOf('personal@brand2.test'), 'externalCardList');
    expect(cards).toEqual([{ cardId: expect.any(Number), cardNumber: '411111••••••1111', cardBrand: 'VISA', cardExpiryMonth: 10, cardExpiryYear: 2029, cardHolderName: 'Ana Demo 2', confirmed: true }]);
  });
});

describe('sandbox: external transfer submit', () => {
  it('wires by each rails (SEPA DE, Faster Payments GB, ACH US, SWIFT CA): amount and fee leave, pending, a wire and a fee row', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const cases: [Record<string, unknown>, string][] = [
      [SEPA_WIRE, '1.00'],
      [{ type: 'wire', countryCode: 'GB', currencyCode: 'GBP', beneficiaryName: 'Oliver Smith', beneficiaryAddress: '10 Downing Street, London', accountNumber: '31926819', sortCode: '601613', extraParams: { purposeOfPayment: 'salary' } }, '1.50'],
      [{ type: 'wire', countryCode: 'US', currencyCode: 'USD', beneficiaryName: 'John Doe', beneficiaryAddress: '1 Main Street, Springfield', accountNumber: '123456789', routingNumber: '021000021', extraParams: { purposeOfPayment: 'goods' } }, '2.00'],
      [{ type: 'wire', countryCode: 'CA', currencyCode: 'CAD', beneficiaryName: 'Émilie Tremblay', beneficiaryAddress: '200 Bay Street, Toronto', swiftCode: 'ROYCCAT2', accountNumber: '1234567890', extraParams: { purposeOfPayment: 'services' } }, '15.00'],
    ];
    for (const [fields, fee] of cases) {
      const usd = await payment(token, 'USD');
      const reply = await call(token, 'transferSubmit', { ...fields, accountId: usd.accountId, amount: '100.00', requestId: requestId('rail') });
      expect(reply).toEqual({ responseCode: '00', transactionId: expect.any(Number), approveType: 'none', status: 'pending' });
      expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '100.00', fee));
      const rows = sb.db.prepare('SELECT type, amount, status, counterparty, permission FROM transactions WHERE account_id = ? AND id >= ? ORDER BY id').all(usd.accountId, reply.transactionId);
      expect(rows).toEqual([
        { type: 'wire', amount: '-100.00', status: 'processing', counterparty: fields.beneficiaryName, permission: '3d' },
        { type: 'fee', amount: `-${fee}`, status: 'completed', counterparty: null, permission: null },
      ]);
    }
    const history = await call(token, 'transactionHistory', { transactionType: 'wire', pageSize: 10 });
    expect(history.transactions.filter((t: { status: string }) => t.status === 'processing').length).toBeGreaterThanOrEqual(4);
  });

  it('EFT, card payouts, crypto, instant payments and Interac: the right status, fee and counterparty', async () => {
    const token = await tokenOf('approve-none@brand2.test');
    const usd = () => payment(token, 'USD');
    const send = async (fields: Record<string, unknown>, amount = '40.00', accountId?: number) => call(token, 'transferSubmit', { ...fields, accountId: accountId ?? (await usd()).accountId, amount, requestId: requestId('kind') });
    const last = (id: number) => sb.db.prepare('SELECT type, amount, status, counterparty FROM transactions WHERE id = ?').get(id) as { type: string; amount: string; status: string; counterparty: string };
    const { cards } = await call(token, 'externalCardList');
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ type: 'eft', countryCode: 'BR', currencyCode: 'BRL', beneficiaryName: 'Carlos Souza', bankCode: '001', branchCode: '3382', accountNumber: '12345678' }, '0.75', 'pending', 'Carlos Souza'],
      [{ type: 'eft', countryCode: 'JP', currencyCode: 'JPY', beneficiaryName: 'Sato Kenji', bankCode: '0001', branchCode: '110', accountNumber: '1234567', extraParams: { accountType: 'toza' } }, '0.75', 'pending', 'Sato Kenji'],
      [{ type: 'eft', countryCode: 'IN', currencyCode: 'INR', beneficiaryName: 'Priya Sharma', bankCode: 'HDFC', accountNumber: '50100012345678', extraParams: { ifsc: 'HDFC0001234' } }, '0.75', 'pending', 'Priya Sharma'],
      [{ type: 'eft', countryCode: 'CA', currencyCode: 'CAD', beneficiaryName: 'Luc Gagnon', bankCode: '003', accountNumber: '00123456' }, '0.75', 'pending', 'Luc Gagnon'],
      [{ type: 'oct', countryCode: 'US', currencyCode: 'USD', cardId: cards[0].cardId }, '1.00', 'completed', 'Card •••• 1111'],
      [{ type: 'oct', countryCode: 'GB', currencyCode: 'GBP', cardNumber: '5555555555554444', beneficiaryName: 'Amelia Jones' }, '1.00', 'completed', 'Amelia Jones'],
      [{ type: 'crypto_eft', countryCode: 'DE', toCurrencyCode: 'BTC', walletAddress: BTC_WALLET, isOwn: true }, '1.25', 'completed', 'BTC wallet •••• 5mdq'],
      [{ type: 'crypto_eft', countryCode: 'DE', toCurrencyCode: 'ETH', walletAddress: ETH_WALLET }, '1.50', 'completed', 'ETH wallet •••• 9EE7'],
      [{ type: 'instant_payment', countryCode: 'BR', currencyCode: 'BRL', instantKeyType: 'email', instantKey: 'maria.silva@example.com.br', taxId: '52998224725' }, '0.50', 'completed', 'Key •••• m.br'],
      [{ type: 'instant_payment', countryCode: 'BR', currencyCode: 'BRL', instantKeyType: 'taxId', instantKey: '52998224725', taxId: '52998224725', beneficiaryName: 'João Pereira' }, '0.50', 'completed', 'João Pereira'],
      [{ type: 'interac', countryCode: 'CA', currencyCode: 'CAD', beneficiaryName: 'Sophie Roy', toEmail: 'sophie.roy@example.ca', securityQuestion: 'Our first pet?', securityAnswer: 'Biscuit' }, '1.50', 'completed', 'Sophie Roy'],
    ];
    for (const [fields, fee, status, counterparty] of cases) {
      const before = await usd();
      const reply = await send(fields);
      expect([fields.type, reply]).toEqual([fields.type, { responseCode: '00', transactionId: expect.any(Number), approveType: 'none', status }]);
      expect([fields.type, units((await usd()).balance)]).toEqual([fields.type, minus(before.balance, '40.00', fee)]);
      expect(last(reply.transactionId)).toEqual({ type: fields.type, amount: '-40.00', status: status === 'pending' ? 'processing' : 'completed', counterparty });
    }
    // From a crypto account: the amount and fee in its 8 decimals.
    const usdt = await payment(token, 'USDT');
    const fromUsdt = await send({ type: 'crypto_eft', countryCode: 'DE', toCurrencyCode: 'USDT', walletAddress: ETH_WALLET }, '10.12345678', usdt.accountId);
    expect(fromUsdt.status).toBe('completed');
    expect((await payment(token, 'USDT')).balance).toBe('239.00000000'); // 250.12345678 - 10.12345678 - 1.00000000
    // The card number is kept masked, never whole.
    const stored = sb.db.prepare("SELECT beneficiary FROM external_transfers WHERE type = 'oct'").all() as { beneficiary: string }[];
    expect(stored.map((r) => r.beneficiary).join()).not.toContain('5555555555554444');
  });

  it('refuses what the form refuses: permissions, the account, kind, currency, beneficiary fields, extra params, amounts', async () => {
    const token = await tokenOf('approve-none@brand3.test');
    const accounts = await accountsOf(token);
    const usd = accounts.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const usdt = accounts.find((a) => a.currencyCode === 'USDT')!;
    const submit = (fields: Record<string, unknown>, over: Record<string, unknown> = {}) => call(token, 'transferSubmit', { accountId: usd.accountId, amount: '10.00', ...fields, ...over, requestId: requestId('refuse') });
    const param = async (fields: Record<string, unknown>, over: Record<string, unknown> = {}) => paramOf(await submit(fields, over));
    const ach = { type: 'wire', countryCode: 'US', currencyCode: 'USD', beneficiaryName: 'John Doe', beneficiaryAddress: '1 Main Street, Springfield', accountNumber: '123456789', routingNumber: '021000021', extraParams: { purposeOfPayment: 'goods' } };
    const fps = { type: 'wire', countryCode: 'GB', currencyCode: 'GBP', beneficiaryName: 'Oliver Smith', beneficiaryAddress: '10 Downing Street, London', accountNumber: '31926819', sortCode: '601613', extraParams: { purposeOfPayment: 'salary' } };
    const swift = { type: 'wire', countryCode: 'CA', currencyCode: 'USD', beneficiaryName: 'Émilie Tremblay', beneficiaryAddress: '200 Bay Street, Toronto', swiftCode: 'ROYCCAT2', accountNumber: '1234567890', extraParams: { purposeOfPayment: 'services' } };
    const eftBr = { type: 'eft', countryCode: 'BR', currencyCode: 'BRL', beneficiaryName: 'Carlos Souza', bankCode: '001', branchCode: '3382', accountNumber: '12345678' };
    const eftIn = { type: 'eft', countryCode: 'IN', currencyCode: 'INR', beneficiaryName: 'Priya Sharma', bankCode: 'HDFC', accountNumber: '50100012345678', extraParams: { ifsc: 'HDFC0001234' } };
    const oct = { type: 'oct', countryCode: 'US', currencyCode: 'USD' };
    const crypto = { type: 'crypto_eft', countryCode: 'DE', toCurrencyCode: 'BTC', walletAddress: BTC_WALLET };
    const instant = { type: 'instant_payment', countryCode: 'BR', currencyCode: 'BRL', instantKeyType: 'phone', instantKey: '+5511987654321', taxId: '52998224725' };
    const interac = { type: 'interac', countryCode: 'CA', currencyCode: 'CAD', beneficiaryName: 'Sophie Roy', toEmail: 'sophie.roy@example.ca', securityQuestion: 'Our first pet?', securityAnswer: 'Biscuit' };

    // The permission flags, the account.
    const none = await tokenOf('no-transfers@brand3.test');
    const noneUsd = (await accountsOf(none)).find((a) => a.type === 1001)!;
    expect(await call(none, 'transferSubmit', { ...SEPA_WIRE, accountId: noneUsd.accountId, amount: '10.00', requestId: requestId('noflags') })).toEqual({ responseCode: '13', responseDescription: 'Wire transfers are not allowed for this profile' });
    const closedAccount = accounts.find((a) => a.accountStatusId === 11)!;
    expect((await submit(SEPA_WIRE, { accountId: closedAccount.accountId })).responseCode).toBe('CA');
    expect(await param(SEPA_WIRE, { accountId: accounts.find((a) => a.type === 2010)!.accountId })).toBe('accountId');
    expect((await submit(SEPA_WIRE, { accountId: noneUsd.accountId })).responseCode).toBe('ENOA');
    // The kind to the country, the currency.
    expect(await param(interac, { countryCode: 'DE' })).toBe('type');
    expect(await param(ach, { currencyCode: 'EUR' })).toBe('currencyCode');
    expect(await param(crypto, { toCurrencyCode: 'EUR' })).toBe('toCurrencyCode');
    expect(await param({ ...crypto, toCurrencyCode: undefined })).toBe('toCurrencyCode');
    // Beneficiary fields: required, and each in its format.
    expect(await param({ ...SEPA_WIRE, iban: undefined })).toBe('iban');
    expect(await param(SEPA_WIRE, { iban: 'DE89370400440532013001' })).toBe('iban');
    expect(await param(SEPA_WIRE, { swiftCode: 'DEU1' })).toBe('swiftCode');
    expect(await param(SEPA_WIRE, { beneficiaryName: 'A' })).toBe('beneficiaryName');
    expect(await param(SEPA_WIRE, { beneficiaryAddress: ' ' })).toBe('beneficiaryAddress');
    expect(await param(ach, { routingNumber: '021000022' })).toBe('routingNumber');
    expect(await param(ach, { accountNumber: '12' })).toBe('accountNumber');
    expect(await param(fps, { sortCode: '6016' })).toBe('sortCode');
    expect(await param(fps, { accountNumber: '1234567' })).toBe('accountNumber');
    expect(await param(swift, { swiftCode: undefined })).toBe('swiftCode');
    expect(await param(eftBr, { bankCode: '999' })).toBe('bankCode');
    expect(await param(eftBr, { branchCode: '0911' })).toBe('branchCode');
    expect(await param({ ...eftBr, branchCode: undefined })).toBe('branchCode');
    expect(await param(eftBr, { accountNumber: '12AB' })).toBe('accountNumber');
    expect(await param(oct)).toBe('cardId');
    expect(await param(oct, { cardId: 1 })).toBe('cardId'); // personal@brand1's card, not this customer's
    expect(await param(oct, { cardNumber: '4111111111111112', beneficiaryName: 'Ann Lee' })).toBe('cardNumber');
    const blacklisted = await submit(oct, { cardNumber: '4000056655665556', beneficiaryName: 'Ann Lee' });
    expect([paramOf(blacklisted), textOf(blacklisted)]).toEqual(['cardNumber', 'Payouts cannot go to cards of this bank']);
    expect(paramOf(await submit(oct, { cardNumber: '5200828282828210', beneficiaryName: 'Ann Lee' }))).toBe('cardNumber');
    expect(await param(oct, { cardNumber: '4111111111111111' })).toBe('beneficiaryName');
    expect(await param(crypto, { walletAddress: ETH_WALLET })).toBe('walletAddress');
    expect(await param(instant, { instantKey: '12345' })).toBe('instantKey');
    expect(await param(instant, { taxId: '11111111111' })).toBe('taxId');
    expect(await param({ ...instant, taxId: undefined })).toBe('taxId');
    expect(await param(interac, { toEmail: 'sophie@ca' })).toBe('toEmail');
    expect(await param(interac, { securityAnswer: 'two words' })).toBe('securityAnswer');
    expect(await param(interac, { securityQuestion: 'Q?' })).toBe('securityQuestion');
    // Extra parameters: required, an option, a pattern.
    expect(await param({ ...SEPA_WIRE, extraParams: undefined })).toBe('extraParams.purposeOfPayment');
    expect(await param(SEPA_WIRE, { extraParams: { purposeOfPayment: 'gambling' } })).toBe('extraParams.purposeOfPayment');
    expect(await param(eftIn, { extraParams: { ifsc: 'HDFC1234567' } })).toBe('extraParams.ifsc');
    expect(await param(eftIn, { extraParams: {} })).toBe('extraParams.ifsc');
    // Amounts: above 0, the currency's decimals, the largest amount, the balance with the fee.
    expect(await param(SEPA_WIRE, { amount: '0.00' })).toBe('amount');
    expect(await param(SEPA_WIRE, { amount: '1.001' })).toBe('amount');
    const tooMuch = await submit(SEPA_WIRE, { amount: '10000.01' });
    expect([paramOf(tooMuch), textOf(tooMuch)]).toEqual(['amount', 'The largest amount is 10000.00 USD']);
    const noFee = await submit(crypto, { accountId: usdt.accountId, amount: '250.00000000' });
    expect([paramOf(noFee), textOf(noFee)]).toEqual(['amount', expect.stringContaining('Not enough money')]);
    // Nothing moved.
    expect((await accountsOf(token)).map((a) => a.balance)).toEqual(accounts.map((a) => a.balance));
    const customerId = (await call(token, 'customerInfo')).customer.customerId as number;
    expect((sb.db.prepare("SELECT COUNT(*) AS n FROM idempotent_replies WHERE method = 'transferSubmit' AND customer_id = ?").get(customerId) as { n: number }).n).toBe(0);
  });

  it('a repeated requestId returns the first reply and moves the money once', async () => {
    const token = await tokenOf('approve-none@brand4.test');
    const eur = await payment(token, 'EUR');
    const body = { ...SEPA_WIRE, accountId: eur.accountId, amount: '250.00', requestId: 'external-once-0001' };
    const first = await call(token, 'transferSubmit', body);
    expect(first).toMatchObject({ responseCode: '00', status: 'pending' });
    expect(await call(token, 'transferSubmit', body)).toEqual(first);
    expect(await unprocessable(token, 'transferSubmit', { ...body, amount: '99.00' })).toEqual(REUSED_WITH_OTHER_DETAILS);
    expect(units((await payment(token, 'EUR')).balance)).toBe(minus(eur.balance, '250.00', '1.00'));
    expect(await unprocessable(token, 'p2pTransfer', { accountId: eur.accountId, amount: '1.00', toEmail: 'personal@brand4.test', requestId: 'external-once-0001' })).toEqual(REUSED_ON_ANOTHER_CALL);
  });

  it('in an approval mode nothing moves until the code is confirmed; three wrong codes reject the held transfer', async () => {
    const login = 'approve-sms@brand1.test';
    const token = await tokenOf(login);
    const eur = await payment(token, 'EUR');
    const reply = await call(token, 'transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '300.00', requestId: requestId('held') });
    expect(reply).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String), transactionId: expect.any(Number), availableApprovalMethods: ['sms', 'otp', 'approvalCode'] });
    expect((await payment(token, 'EUR')).balance).toBe(eur.balance);
    expect(sb.db.prepare('SELECT status FROM transactions WHERE id = ?').get(reply.transactionId)).toEqual({ status: 'processing' });
    const { approvals } = (await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string; amount: string } }[] };
    const mine = approvals.find((a) => a.operationId === reply.operationId)!;
    expect(mine.work).toMatchObject({ kind: 'externalTransfer', amount: '300.00' });
    expect(await call(token, 'approvePayment', { operationId: reply.operationId, approvalCode: mine.code })).toEqual({ responseCode: '00', status: 'completed', transactionId: reply.transactionId });
    expect(units((await payment(token, 'EUR')).balance)).toBe(minus(eur.balance, '300.00', '1.00'));
    expect(sb.db.prepare('SELECT status FROM transactions WHERE id = ?').get(reply.transactionId)).toEqual({ status: 'processing' }); // a wire stays processing at the bank
    const { details } = await call(token, 'recentTransferDetails', { transactionId: reply.transactionId });
    expect(details).toMatchObject({ type: 'wire', countryCode: 'DE', beneficiary: { iban: 'DE89370400440532013000' } });

    const after = (await payment(token, 'EUR')).balance;
    const second = await call(token, 'transferSubmit', { type: 'crypto_eft', countryCode: 'DE', toCurrencyCode: 'BTC', walletAddress: BTC_WALLET, accountId: eur.accountId, amount: '20.00', requestId: requestId('held') });
    for (let i = 0; i < 3; i += 1) expect((await call(token, 'approvePayment', { operationId: second.operationId, approvalCode: '000000' })).responseCode).toBe('13');
    expect(sb.db.prepare('SELECT status FROM transactions WHERE id = ?').get(second.transactionId)).toEqual({ status: 'rejected' });
    expect((await payment(token, 'EUR')).balance).toBe(after);
  });

  it('wires and card payouts count toward the limits shown (and the largest amount), as transfers between accounts do', async () => {
    const token = await tokenOf('personal@brand4.test');
    const eur = await payment(token, 'EUR');
    const used = async (type: string) =>
      ((await call(token, 'customerLimits', { type, countryCode: 'DE', fromAccountId: eur.accountId, currencyCode: 'EUR' })).limits as { period: string; used: string }[]).map((l) => l.used);
    const before = await used('wire');
    for (const n of [1, 2]) expect((await call(token, 'transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '25.00', requestId: requestId(`limit-wire-${n}`) })).responseCode).toBe('00');
    const { cards } = await call(token, 'externalCardList');
    if (cards.length) {
      expect((await call(token, 'transferSubmit', { type: 'oct', countryCode: 'US', currencyCode: 'USD', cardId: cards[0].cardId, accountId: eur.accountId, amount: '15.00', requestId: requestId('limit-oct') })).responseCode).toBe('00');
    }
    const moved = cards.length ? 6500n : 5000n;
    const after = await used('wire');
    expect(after.map((u, i) => cents(u) - cents(before[i]!))).toEqual([moved, moved]);
    // The same count whatever kind the form asks for.
    expect(await used('betweenAccounts')).toEqual(after);
  });

  it('saves wire and EFT templates (usable status 1), lists them with the seeded ones; recent transfers give the beneficiary back', async () => {
    const token = await tokenOf('approve-none@brand5.test');
    const eur = await payment(token, 'EUR');
    const usd = await payment(token, 'USD');
    const wire = await call(token, 'transferSubmit', { ...SEPA_WIRE, swiftCode: 'COBADEFFXXX', accountId: eur.accountId, amount: '120.00', templateName: 'Berlin landlord', requestId: requestId('tpl') });
    await call(token, 'transferSubmit', { type: 'eft', countryCode: 'HK', currencyCode: 'HKD', beneficiaryName: 'Chan Tai Man', bankCode: '004', branchCode: '502', accountNumber: '123456789', accountId: usd.accountId, amount: '15.00', templateName: 'Hong Kong supplier', requestId: requestId('tpl') });
    await call(token, 'transferSubmit', { type: 'oct', countryCode: 'US', currencyCode: 'USD', cardNumber: '4111111111111111', beneficiaryName: 'Ann Lee', accountId: usd.accountId, amount: '5.00', templateName: 'Not a template kind', requestId: requestId('tpl') });

    const { templates } = await call(token, 'customerPaymentTemplateList');
    expect(templates.map((t: { name: string; type: string }) => [t.name, t.type])).toEqual([
      ['Berlin landlord', 'wire'],
      ['Hong Kong supplier', 'eft'],
      ['Old supplier', 'wire'],
      ['Rent – Lisbon', 'wire'],
      ['Tokyo office', 'eft'],
    ]);
    const byName = (name: string) => templates.find((t: { name: string }) => t.name === name);
    expect(byName('Berlin landlord')).toEqual({
      id: expect.any(Number),
      name: 'Berlin landlord',
      type: 'wire',
      amount: '120.00',
      currencyCode: 'EUR',
      wireStatus: 1,
      countryCode: 'DE',
      beneficiary: { beneficiaryName: 'Hans Müller', beneficiaryAddress: 'Unter den Linden 5, Berlin', iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX', extraParams: { purposeOfPayment: 'family' } },
    });
    expect(byName('Hong Kong supplier')).toMatchObject({ eftStatus: 1, countryCode: 'HK', currencyCode: 'HKD', beneficiary: { bankCode: '004', branchCode: '502' } });
    expect(byName('Rent – Lisbon')).toEqual({
      id: expect.any(Number),
      name: 'Rent – Lisbon',
      type: 'wire',
      amount: '850.00',
      currencyCode: 'EUR',
      wireStatus: 1,
      countryCode: 'PT',
      beneficiary: { beneficiaryName: 'Maria Ferreira', beneficiaryAddress: 'Rua Augusta 100, Lisboa', iban: 'PT50000201231234567890154', extraParams: { purposeOfPayment: 'family' } },
    });
    expect(byName('Old supplier')).toMatchObject({ wireStatus: 3, countryCode: 'DE', beneficiary: { beneficiaryName: 'Alte Firma GmbH', iban: 'DE89370400440532013000' } });
    const tokyo = byName('Tokyo office');
    expect(tokyo).toMatchObject({ type: 'eft', eftStatus: 2, countryCode: 'JP', currencyCode: 'JPY', beneficiary: { beneficiaryName: 'Sato Kenji', bankCode: '0001', accountNumber: '1234567', extraParams: { accountType: 'futsu' } } });
    const { values } = await call(token, 'eftExtraParams', { paramName: 'branchCode', countryCode: 'JP', bankCode: '0001' });
    expect(values.map((v: { value: string }) => v.value)).toContain(tokyo.beneficiary.branchCode);
    expect((await call(token, 'customerPaymentTemplateList', { type: 'eft' })).templates.map((t: { name: string }) => t.name)).toEqual(['Hong Kong supplier', 'Tokyo office']);
    expect((await call(token, 'customerPaymentTemplateList', { type: 'p2p' })).templates).toEqual([]);
    // Saving again under the same name replaces the template.
    await call(token, 'transferSubmit', { ...SEPA_WIRE, iban: 'ES9121000418450200051332', countryCode: 'ES', accountId: eur.accountId, amount: '130.00', templateName: 'Berlin landlord', requestId: requestId('tpl') });
    expect((await call(token, 'customerPaymentTemplateList', { type: 'wire' })).templates.find((t: { name: string }) => t.name === 'Berlin landlord')).toMatchObject({ amount: '130.00', countryCode: 'ES', beneficiary: { iban: 'ES9121000418450200051332' } });

    // Recent transfers: type = the kind, name = the beneficiary; the details fill the form again.
    const recent = (body: Record<string, unknown>) => call(token, 'recentTransfers', { limit: 10, ...body });
    const wires = (await recent({ types: ['wire'] })).transfers;
    expect(wires[0]).toMatchObject({ type: 'wire', name: 'Hans Müller', permission: '3d', isDisabled: false, amount: '130.00', currencyCode: 'EUR' });
    expect(wires.map((t: { name: string }) => t.name)).toEqual(['Hans Müller', 'Atelier Lumière SARL']);
    expect((await recent({ types: ['wire', 'eft', 'oct'], countryCode: 'HK' })).transfers.map((t: { type: string; name: string }) => [t.type, t.name])).toEqual([['eft', 'Chan Tai Man']]);
    expect((await recent({ types: ['oct'] })).transfers.map((t: { name: string }) => t.name)).toEqual(['Ann Lee']);
    const { details } = await call(token, 'recentTransferDetails', { transactionId: wire.transactionId });
    expect(details).toEqual({
      transactionId: wire.transactionId,
      type: 'wire',
      accountId: eur.accountId,
      amount: '120.00',
      currencyCode: 'EUR',
      name: 'Hans Müller',
      countryCode: 'DE',
      beneficiary: { beneficiaryName: 'Hans Müller', beneficiaryAddress: 'Unter den Linden 5, Berlin', iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX', extraParams: { purposeOfPayment: 'family' } },
    });
    const octId = (await recent({ types: ['oct'] })).transfers[0].transactionId;
    expect((await call(token, 'recentTransferDetails', { transactionId: octId })).details).toMatchObject({ type: 'oct', countryCode: 'US', currencyCode: 'USD', beneficiary: { cardNumber: '411111••••••1111', beneficiaryName: 'Ann Lee' } });
    const seeded = wires.find((t: { name: string }) => t.name === 'Atelier Lumière SARL');
    expect((await call(token, 'recentTransferDetails', { transactionId: seeded.transactionId })).details).toMatchObject({ type: 'wire', countryCode: 'FR', currencyCode: 'EUR', amount: '1250.00', beneficiary: { iban: 'FR1420041010050500013M02606', extraParams: { purposeOfPayment: 'services' } } });
  });

  it('/__sandbox/customer-money gives back the seeded templates, external transfers, external card and balances', async () => {
    const login = 'approve-none@brand6.test';
    const token = await tokenOf(login);
    const id = (await call(token, 'customerInfo')).customer.customerId as number;
    const count = (table: string) => (sb.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ?`).get(id) as { n: number }).n;
    expect([count('payment_templates'), count('external_transfers'), count('external_cards')]).toEqual([3, 1, 1]);
    const eur = await payment(token, 'EUR');
    await call(token, 'transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '50.00', templateName: 'Temporary', requestId: requestId('reset') });
    await call(token, 'externalCardAdd', { cardNumber: '5555555555554444', cardExpiryMonth: 8, cardExpiryYear: 2030, cardHolderName: 'Ana Demo 6' });
    expect([count('payment_templates'), count('external_transfers'), count('external_cards')]).toEqual([4, 2, 2]);
    expect((await post('/__sandbox/customer-money', { userLogin: login })).status).toBe(200);
    expect([count('payment_templates'), count('external_transfers'), count('external_cards')]).toEqual([3, 1, 1]);
    expect((await payment(token, 'EUR')).balance).toBe('8300.16');
    expect((await call(token, 'customerPaymentTemplateList')).templates.map((t: { name: string }) => t.name)).toEqual(['Old supplier', 'Rent – Lisbon', 'Tokyo office']);
    const wires = (await call(token, 'recentTransfers', { types: ['wire'], limit: 10 })).transfers;
    expect(wires.map((t: { name: string }) => t.name)).toEqual(['Atelier Lumière SARL']);
    expect((await call(token, 'recentTransferDetails', { transactionId: wires[0].transactionId })).details.countryCode).toBe('FR');
    expect((await call(token, 'externalCardList')).cards).toHaveLength(1);
  });
});

/** Decimal text in cents, for expectations (no float). */
function cents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const n = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return text.startsWith('-') ? -n : n;
}
