import type { Handler, HandlerContext, HandlerMap, HandlerReply, MainOperation } from '../handler-types.ts';
import type { Db } from '../db.ts';
import { isCardType, maskCardNumber } from '../seed-accounts.ts';
import { denied, owner } from '../access.ts';
import { holdOrRequest, transferRefusal } from '../requests.ts';
import { currencyDecimals, decimal, decimalsOf, subtract, units } from '../kernel/money.ts';
import { account, CLOSED, idempotent, insertTransaction, nowIso, rejectHeld, setBalance, transferTextOf, type AccountRow } from '../kernel/ledger.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import type { ExternalWork, PerformResult, Performers } from '../work.ts';
import { pickLanguage } from '../auth-messages.ts';
import type { Language } from '../../machines/shared/languages.ts';
import { luhn } from './cards.ts';
import { maxAmountOf, transferFee } from './own-transfer.ts';
import {
  beneficiaryFields,
  compact,
  CRYPTO_CURRENCIES,
  EFT_BRANCH_COUNTRIES,
  EXTERNAL_TYPES,
  INSTANT_KEY_TYPES,
  isAccountNumberValid,
  isEmailText,
  isIbanValid,
  isInstantKeyValid,
  isRoutingNumberValid,
  isSortCodeValid,
  isSwiftFormat,
  ibanSwiftMismatch,
  isTaxIdValid,
  type BankMismatch,
  isWalletAddressValid,
  TEMPLATE_TYPES,
  wireRail,
  type ExternalField,
  type ExternalType,
} from '../../machines/transfers/external-rails.ts';
import { permissionFlagsFor } from '../company-people-store.ts';

/**
 * External transfers (001 s3, s5, s7, s9): which kinds go to a country and in which currencies,
 * what identifies the beneficiary (the shared table of machines/transfers/external-rails.ts, so
 * the sandbox refuses exactly what the app's form refuses), extra parameters, banks and branches,
 * SWIFT, IBAN and instant-key lookups, the bin blacklist, fees, transfer details, and the submit:
 * idempotent by requestId, confirmed in the sender's approval mode, optionally saved as a wire or
 * EFT template. Each transfer keeps its country, arrival currency and beneficiary by transaction
 * id (external_transfers), so recent transfers can fill the form again. Sandbox figures (the real
 * ones are not in the spec): the tables below, fees in the source account's currency.
 */
const CRYPTO: readonly string[] = CRYPTO_CURRENCIES;

const closed = refused('This account is closed', 'CA');
const isExternalType = (value: unknown): value is ExternalType => (EXTERNAL_TYPES as readonly string[]).includes(String(value));

// ---- which kinds go where -----------------------------------------------------------------

interface Offer {
  type: ExternalType;
  currencies: readonly string[];
}

const crypto: Offer = { type: 'crypto_eft', currencies: CRYPTO };
const sepa: Offer[] = [{ type: 'wire', currencies: ['EUR', 'USD'] }, { type: 'oct', currencies: ['EUR', 'USD'] }, crypto];
const outsideEurope = (...currencies: string[]): Offer[] => [{ type: 'wire', currencies }, { type: 'oct', currencies: ['USD'] }, crypto];

/** The one table of availableTransfersToCountry: the kinds each dictionary country can receive. */
const AVAILABLE: Readonly<Record<string, readonly Offer[]>> = {
  RO: sepa,
  ES: sepa,
  PT: sepa,
  DE: sepa,
  FR: sepa,
  IT: sepa,
  PL: sepa,
  GB: [{ type: 'wire', currencies: ['GBP', 'EUR', 'USD'] }, { type: 'oct', currencies: ['GBP', 'EUR', 'USD'] }, crypto],
  US: [{ type: 'wire', currencies: ['USD'] }, { type: 'oct', currencies: ['USD'] }, crypto],
  CA: [
    { type: 'wire', currencies: ['CAD', 'USD'] },
    { type: 'eft', currencies: ['CAD'] },
    { type: 'interac', currencies: ['CAD'] },
    { type: 'oct', currencies: ['CAD', 'USD'] },
    crypto,
  ],
  BR: [{ type: 'wire', currencies: ['USD'] }, { type: 'eft', currencies: ['BRL'] }, { type: 'instant_payment', currencies: ['BRL'] }, { type: 'oct', currencies: ['USD'] }, crypto],
  JP: [{ type: 'wire', currencies: ['JPY', 'USD'] }, { type: 'eft', currencies: ['JPY'] }, crypto],
  HK: [{ type: 'wire', currencies: ['HKD', 'USD'] }, { type: 'eft', currencies: ['HKD'] }, crypto],
  LK: [{ type: 'wire', currencies: ['USD'] }, { type: 'eft', currencies: ['LKR'] }],
  IN: [{ type: 'wire', currencies: ['INR', 'USD'] }, { type: 'eft', currencies: ['INR'] }, crypto],
  UA: outsideEurope('USD', 'EUR'),
  MD: outsideEurope('USD', 'EUR'),
  MX: outsideEurope('USD', 'EUR'),
  AU: [{ type: 'wire', currencies: ['AUD', 'USD'] }, { type: 'oct', currencies: ['AUD', 'USD'] }, crypto],
  TR: outsideEurope('USD', 'EUR'),
};

const offersTo = (country: string): readonly Offer[] => AVAILABLE[country] ?? [];
/** What a kind to a country arrives in, or undefined when it is not offered there. */
export const offerOf = (type: string, country: string): Offer | undefined => offersTo(country).find((o) => o.type === type);

// ---- banks and branches -------------------------------------------------------------------

interface Bank {
  bankCode: string;
  bankName: string;
  /** Branches (value: the branch code with its leading zeros) where the country asks one (001 s5). */
  branches?: readonly { value: string; label: string }[];
}

/** EFT banks per country (bankListRequirements), with their branches for BR, JP, HK and LK (eftExtraParams). */
const EFT_BANKS: Readonly<Record<string, readonly Bank[]>> = {
  BR: [
    { bankCode: '001', bankName: 'Banco do Brasil', branches: [{ value: '0001', label: 'Brasília Centro' }, { value: '3382', label: 'São Paulo Paulista' }, { value: '2234', label: 'Rio de Janeiro Centro' }] },
    { bankCode: '237', bankName: 'Bradesco', branches: [{ value: '3396', label: 'Osasco Cidade de Deus' }, { value: '0435', label: 'Rio de Janeiro Copacabana' }] },
    { bankCode: '341', bankName: 'Itaú Unibanco', branches: [{ value: '0911', label: 'São Paulo Faria Lima' }, { value: '1572', label: 'Belo Horizonte Savassi' }] },
  ],
  JP: [
    { bankCode: '0001', bankName: 'Mizuho Bank', branches: [{ value: '001', label: 'Tokyo Head Office' }, { value: '110', label: 'Shinjuku' }, { value: '250', label: 'Osaka' }] },
    { bankCode: '0005', bankName: 'MUFG Bank', branches: [{ value: '001', label: 'Tokyo Head Office' }, { value: '310', label: 'Umeda' }] },
    { bankCode: '0009', bankName: 'Sumitomo Mitsui Banking', branches: [{ value: '015', label: 'Ginza' }, { value: '101', label: 'Osaka Main Office' }] },
  ],
  HK: [
    { bankCode: '004', bankName: 'HSBC Hong Kong', branches: [{ value: '001', label: 'Central Head Office' }, { value: '088', label: 'Causeway Bay' }, { value: '502', label: 'Mong Kok' }] },
    { bankCode: '012', bankName: 'Bank of China (Hong Kong)', branches: [{ value: '801', label: 'Bank of China Tower' }, { value: '869', label: 'Tsim Sha Tsui' }] },
    { bankCode: '024', bankName: 'Hang Seng Bank', branches: [{ value: '001', label: 'Central Head Office' }, { value: '299', label: 'Kowloon Main' }] },
  ],
  LK: [
    { bankCode: '7010', bankName: 'Bank of Ceylon', branches: [{ value: '001', label: 'Colombo City Office' }, { value: '660', label: 'Kandy' }] },
    { bankCode: '7056', bankName: 'Commercial Bank of Ceylon', branches: [{ value: '001', label: 'Colombo Head Office' }, { value: '008', label: 'Galle' }] },
  ],
  CA: [
    { bankCode: '001', bankName: 'Bank of Montreal' },
    { bankCode: '002', bankName: 'Scotiabank' },
    { bankCode: '003', bankName: 'Royal Bank of Canada' },
    { bankCode: '004', bankName: 'TD Canada Trust' },
  ],
  IN: [
    { bankCode: 'HDFC', bankName: 'HDFC Bank' },
    { bankCode: 'ICIC', bankName: 'ICICI Bank' },
    { bankCode: 'SBIN', bankName: 'State Bank of India' },
  ],
};

export const eftBank = (country: string, bankCode: string): Bank | undefined => (EFT_BANKS[country] ?? []).find((b) => b.bankCode === bankCode);
export const branchesOf = (country: string, bankCode: string) => (EFT_BRANCH_COUNTRIES.includes(country) ? (eftBank(country, bankCode)?.branches ?? []) : []);

/** Banks taking instant payments (instantBankList). */
const INSTANT_BANKS: Readonly<Record<string, readonly Bank[]>> = {
  BR: [
    { bankCode: '001', bankName: 'Banco do Brasil' },
    { bankCode: '237', bankName: 'Bradesco' },
    { bankCode: '260', bankName: 'Nu Pagamentos' },
    { bankCode: '341', bankName: 'Itaú Unibanco' },
  ],
};

/** Banks by the first 8 characters of their SWIFT code (swiftLookup). */
const SWIFT_BANKS: Readonly<Record<string, { bankName: string; city: string; countryCode: string }>> = {
  DEUTDEFF: { bankName: 'Deutsche Bank', city: 'Frankfurt', countryCode: 'DE' },
  COBADEFF: { bankName: 'Commerzbank', city: 'Frankfurt', countryCode: 'DE' },
  BNPAFRPP: { bankName: 'BNP Paribas', city: 'Paris', countryCode: 'FR' },
  BTRLRO22: { bankName: 'Banca Transilvania', city: 'Cluj-Napoca', countryCode: 'RO' },
  CAIXESBB: { bankName: 'CaixaBank', city: 'Barcelona', countryCode: 'ES' },
  CHASUS33: { bankName: 'JPMorgan Chase Bank', city: 'New York', countryCode: 'US' },
  BARCGB22: { bankName: 'Barclays Bank', city: 'London', countryCode: 'GB' },
  ROYCCAT2: { bankName: 'Royal Bank of Canada', city: 'Toronto', countryCode: 'CA' },
  HSBCHKHH: { bankName: 'HSBC', city: 'Hong Kong', countryCode: 'HK' },
  MHCBJPJT: { bankName: 'Mizuho Bank', city: 'Tokyo', countryCode: 'JP' },
  BRASBRRJ: { bankName: 'Banco do Brasil', city: 'Brasília', countryCode: 'BR' },
  SBININBB: { bankName: 'State Bank of India', city: 'Mumbai', countryCode: 'IN' },
};

/** Banks of an IBAN by the bank code right after the check digits, of the country's usual length (ibanLookup). */
const IBAN_BANKS: Readonly<Record<string, { length: number; banks: Record<string, { bankName: string; swiftCode: string }> }>> = {
  DE: {
    length: 8,
    banks: { '37040044': { bankName: 'Commerzbank', swiftCode: 'COBADEFFXXX' }, '50070010': { bankName: 'Deutsche Bank', swiftCode: 'DEUTDEFFXXX' } },
  },
  FR: { length: 5, banks: { '30004': { bankName: 'BNP Paribas', swiftCode: 'BNPAFRPPXXX' } } },
  ES: { length: 4, banks: { '2100': { bankName: 'CaixaBank', swiftCode: 'CAIXESBBXXX' } } },
  RO: { length: 4, banks: { BTRL: { bankName: 'Banca Transilvania', swiftCode: 'BTRLRO22XXX' } } },
};

/** What an IBAN looks like before its length and check digits are checked: 2 letters, 2 digits, then letters and digits. */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/;

// ---- instant keys, bins --------------------------------------------------------------------

/** Known instant-payment keys (instantKeyInfo), by type and the key as compared (see instantKeyText). */
const INSTANT_KEYS: readonly { type: string; key: string; holderName: string; bankCode: string }[] = [
  { type: 'email', key: 'maria.silva@example.com.br', holderName: 'Maria S.', bankCode: '001' },
  { type: 'taxId', key: '52998224725', holderName: 'João P.', bankCode: '237' },
  { type: 'phone', key: '+5511987654321', holderName: 'Ana C.', bankCode: '341' },
  { type: 'random', key: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f', holderName: 'Loja Exemplo Ltda.', bankCode: '260' },
];

/** A key as compared: an e-mail or random key in lower case, a phone without spacing, a tax id in digits only. */
function instantKeyText(key: string, type: string): string {
  const text = key.trim();
  if (type === 'phone') return text.replace(/[\s()-]+/g, '');
  if (type === 'taxId') return text.replace(/[\s./-]+/g, '');
  return text.toLowerCase();
}

/** Card bins a card payout (OCT) cannot go to. */
export const BIN_BLACKLIST: readonly string[] = ['400005', '520082'];

// ---- extra parameters ---------------------------------------------------------------------

interface ExtraParam {
  name: string;
  required: boolean;
  label?: string;
  pattern?: string;
  options?: { value: string; label: string }[];
}

/**
 * Purposes of payment as the service groups them; the reply flattens the groups into one list
 * of options (001 s3: "Extra params that carry options are flattened"), in PURPOSE_ORDER.
 */
const PURPOSE_GROUPS: readonly { group: string; options: readonly { value: string; label: string }[] }[] = [
  {
    group: 'Personal',
    options: [
      { value: 'family', label: 'Family support' },
      { value: 'salary', label: 'Salary' },
      { value: 'savings', label: 'Own savings' },
    ],
  },
  {
    group: 'Business',
    options: [
      { value: 'goods', label: 'Goods' },
      { value: 'services', label: 'Services' },
    ],
  },
];
const PURPOSE_ORDER = ['family', 'salary', 'goods', 'services', 'savings'];
const flattenOptions = (groups: typeof PURPOSE_GROUPS) =>
  groups.flatMap((g) => g.options.map((o) => ({ value: o.value, label: o.label }))).sort((a, b) => PURPOSE_ORDER.indexOf(a.value) - PURPOSE_ORDER.indexOf(b.value));

/** The extra parameters a kind to a country asks (extraParamsByTransfer), options flattened. */
function extraParamsOf(type: string, country: string): ExtraParam[] {
  if (type === 'wire') return [{ name: 'purposeOfPayment', required: true, label: 'Purpose of payment', options: flattenOptions(PURPOSE_GROUPS) }];
  if (type === 'eft' && country === 'JP') {
    return [{ name: 'accountType', required: true, label: 'Account type', options: [{ value: 'futsu', label: 'Ordinary' }, { value: 'toza', label: 'Current' }] }];
  }
  if (type === 'eft' && country === 'IN') return [{ name: 'ifsc', required: true, label: 'IFSC code', pattern: '[A-Z]{4}0[A-Z0-9]{6}' }];
  return [];
}

/** A service pattern, tested on the whole value. */
const matchesWhole = (pattern: string, value: string): boolean => new RegExp(`^(?:${pattern})$`).test(value);

// ---- fees ---------------------------------------------------------------------------------

const WIRE_FEES: Readonly<Record<string, string>> = { sepa: '1.00', fasterPayments: '1.50', ach: '2.00', swift: '15.00' };
const FLAT_FEES: Readonly<Record<string, string>> = { eft: '0.75', instant_payment: '0.50', interac: '1.50' };
const CRYPTO_FEES: Readonly<Record<string, string>> = { BTC: '2.50', ETH: '1.50', USDT: '1.00', USDC: '1.00' };
const OCT_MIN_FEE = '1.00';

/** `value` units rounded up to the smallest unit of a currency with `places` decimals. */
const roundUp = (value: bigint, places: number): bigint => {
  const step = 10n ** BigInt(8 - places);
  return ((value + step - 1n) / step) * step;
};

/** The fee of a kind other than crypto, in the source account's currency (its decimals). */
export function externalFee(type: Exclude<ExternalType, 'crypto_eft'>, country: string, amount: string, sourceCurrency: string): string {
  const places = currencyDecimals(sourceCurrency);
  if (type === 'wire') return decimal(units(WIRE_FEES[wireRail(country)]!), places);
  if (type === 'oct') {
    const percent = roundUp((units(amount) + 99n) / 100n, places); // 1 %, rounded up
    const min = units(OCT_MIN_FEE);
    return decimal(percent < min ? min : percent, places);
  }
  return decimal(units(FLAT_FEES[type]!), places);
}

/** A crypto transfer's fee by the currency sent, in the source account's currency; half (rounded up) to one's own wallet. */
export function cryptoTransferFee(toCurrency: string, isOwn: boolean, sourceCurrency: string): string {
  const places = currencyDecimals(sourceCurrency);
  const full = units(CRYPTO_FEES[toCurrency] ?? '0');
  return decimal(isOwn ? roundUp((full + 1n) / 2n, places) : full, places);
}

// ---- the customer's profile ---------------------------------------------------------------

interface Profile {
  addressExpired?: boolean;
  addressMismatch?: boolean;
  permissionFlags?: { withdrawOwn?: Record<string, boolean>; sendToOthers?: Record<string, boolean> };
}

const profileOf = (db: Db, customerId: number): Profile =>
  JSON.parse((db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string }).profile) as Profile;

/** The permission flags (001 s3) that offer a kind: the own-account withdrawal or the send-to-others one. */
const KIND_FLAGS: Readonly<Record<ExternalType, { own: string; others: string; name: string }>> = {
  wire: { own: 'wire', others: 'wire', name: 'Wire transfers' },
  eft: { own: 'bankEft', others: 'eft', name: 'EFT transfers' },
  oct: { own: 'cardOct', others: 'creditCard', name: 'Card payouts' },
  crypto_eft: { own: 'crypto', others: 'crypto', name: 'Crypto transfers' },
  instant_payment: { own: 'instant', others: 'instant', name: 'Instant payments' },
  interac: { own: 'interac', others: 'interac', name: 'Interac transfers' },
};

const mayDo = (permissionFlags: Profile['permissionFlags'], type: ExternalType): boolean => {
  const flags = KIND_FLAGS[type];
  return permissionFlags?.withdrawOwn?.[flags.own] === true || permissionFlags?.sendToOthers?.[flags.others] === true;
};

/** The refusal of any external transfer while the customer's address blocks it (transferDetails), or null. */
export function addressRefusal(db: Db, customerId: number): HandlerReply | null {
  const profile = profileOf(db, customerId);
  return profile.addressExpired === true || profile.addressMismatch === true ? refused('Update your address in your profile before sending this transfer') : null;
}

const ADDRESS_EXPIRED = 'Your address on file has expired: update it in your profile before sending this transfer.';
const ADDRESS_MISMATCH = 'Your address on file does not match your current one: update it in your profile before sending this transfer.';

/** transferDetails (001 s3): whether the customer may send this kind now; a false check blocks the submit. */
function detailsOf(profile: Profile, type: ExternalType, country: string) {
  const isCustomerAddressDateValid = profile.addressExpired !== true;
  const isCustomerAddressMatchesActive = profile.addressMismatch !== true;
  const details = !isCustomerAddressDateValid ? ADDRESS_EXPIRED : !isCustomerAddressMatchesActive ? ADDRESS_MISMATCH : undefined;
  return {
    hasRequirements: beneficiaryFields(type, country).length > 0,
    type,
    isCustomerAddressDateValid,
    isCustomerAddressMatchesActive,
    isExtraParamsValid: true,
    ...(details ? { details } : {}),
  };
}

// ---- the beneficiary ----------------------------------------------------------------------

/** The beneficiary fields a template or a recent transfer gives back (the contract's Beneficiary). */
const KEPT_FIELDS: ReadonlySet<ExternalField> = new Set<ExternalField>([
  'beneficiaryName',
  'beneficiaryAddress',
  'iban',
  'swiftCode',
  'accountNumber',
  'routingNumber',
  'sortCode',
  'bankCode',
  'branchCode',
  'cardId',
  'cardNumber',
  'walletAddress',
  'toCurrencyCode',
  'instantKey',
  'instantKeyType',
  'taxId',
  'toEmail',
]);
/** Identifiers kept compacted (no spaces; letters upper case), as the app sends them. */
const COMPACTED: ReadonlySet<ExternalField> = new Set<ExternalField>(['iban', 'swiftCode', 'accountNumber', 'routingNumber', 'sortCode']);

const cardDigits = (text: string): string => text.replace(/[\s-]+/g, '');

/** What checking a submit's beneficiary needs: the customer (saved cards), the kind, the country and the whole body. */
interface Checked {
  db: Db;
  acting: number;
  type: ExternalType;
  country: string;
  body: Record<string, unknown>;
  /** The request's language (Accept-Language): a refusal's reason is written in it. */
  language: Language;
}

/**
 * Why a wire's SWIFT code and IBAN are refused together (issue 44), in the six interface
 * languages, as the app's form says it (externalMessages.swiftOtherCountry and swiftOtherBank).
 */
const BANK_MISMATCH_TEXTS: Readonly<Record<Language, Record<BankMismatch, string>>> = {
  en: {
    country: 'This SWIFT code is of a bank in another country than the IBAN. Check both with the beneficiary.',
    bank: 'This SWIFT code is of another bank than the IBAN, whose bank’s code is {swift}. Check both with the beneficiary.',
  },
  es: {
    country: 'Este código SWIFT es de un banco de otro país que el IBAN. Compruebe ambos con el beneficiario.',
    bank: 'Este código SWIFT es de otro banco que el del IBAN, cuyo código es {swift}. Compruebe ambos con el beneficiario.',
  },
  pt: {
    country: 'Este código SWIFT é de um banco de outro país que não o do IBAN. Confirme ambos com o beneficiário.',
    bank: 'Este código SWIFT é de outro banco que não o do IBAN, cujo código é {swift}. Confirme ambos com o beneficiário.',
  },
  ro: {
    country: 'Acest cod SWIFT este al unei bănci din altă țară decât IBAN-ul. Verificați-le pe amândouă cu beneficiarul.',
    bank: 'Acest cod SWIFT este al altei bănci decât cea a IBAN-ului, al cărei cod este {swift}. Verificați-le pe amândouă cu beneficiarul.',
  },
  ru: {
    country: 'Этот SWIFT-код принадлежит банку другой страны, чем IBAN. Уточните оба у получателя.',
    bank: 'Этот SWIFT-код принадлежит другому банку, не банку IBAN (его код {swift}). Уточните оба у получателя.',
  },
  uk: {
    country: 'Цей SWIFT-код належить банку іншої країни, ніж IBAN. Уточніть обидва в отримувача.',
    bank: 'Цей SWIFT-код належить іншому банку, не банку IBAN (його код {swift}). Уточніть обидва в отримувача.',
  },
};

/** The bank of a valid IBAN, when the sandbox's table knows it (ibanLookup's answer). */
export function ibanBankOf(iban: string): { bankName: string; swiftCode: string } | undefined {
  const known = IBAN_BANKS[iban.slice(0, 2)];
  return isIbanValid(iban) && known ? known.banks[iban.slice(4, 4 + known.length)] : undefined;
}

/** Why one typed beneficiary field is refused (the app's form checks, external.logic.ts fieldError), or null. */
function fieldProblem(name: ExternalField, raw: unknown, c: Checked): string | null {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  const text = String(value);
  switch (name) {
    case 'beneficiaryName':
      return text.length >= 2 && text.length <= 140 ? null : "Type the beneficiary's full name (2 to 140 characters)";
    case 'beneficiaryAddress':
      return text.length >= 5 && text.length <= 200 ? null : "Type the beneficiary's address (5 to 200 characters)";
    case 'iban':
      return isIbanValid(text) ? null : 'This IBAN is not valid: check its length and its digits';
    case 'swiftCode':
      return isSwiftFormat(text) ? null : 'A SWIFT code has 8 or 11 letters and digits';
    case 'accountNumber':
      return isAccountNumberValid(text, c.type === 'eft' ? 'eft' : wireRail(c.country)) ? null : 'This account number is not valid here';
    case 'routingNumber':
      return isRoutingNumberValid(text) ? null : 'This routing number is not valid';
    case 'sortCode':
      return isSortCodeValid(text) ? null : 'A sort code has 6 digits';
    case 'bankCode':
      return eftBank(c.country, text) ? null : 'Choose one of the banks of this country';
    case 'branchCode': {
      const branches = branchesOf(c.country, String(c.body.bankCode ?? '').trim());
      return branches.some((b) => b.value === text) ? null : "Choose one of the bank's branches";
    }
    case 'cardId': {
      const card = c.db.prepare('SELECT confirmed FROM external_cards WHERE id = ? AND customer_id = ?').get(Number(value), c.acting) as { confirmed: number } | undefined;
      return card?.confirmed === 1 ? null : 'Choose one of your confirmed cards';
    }
    case 'cardNumber': {
      const digits = cardDigits(text);
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'This card number is not valid';
      return BIN_BLACKLIST.includes(digits.slice(0, 6)) ? 'Payouts cannot go to cards of this bank' : null;
    }
    case 'toCurrencyCode':
      return CRYPTO.includes(text) ? null : 'Choose the crypto currency to send';
    case 'walletAddress':
      return isWalletAddressValid(text, String(c.body.toCurrencyCode ?? '')) ? null : `This is not a ${String(c.body.toCurrencyCode ?? 'crypto')} wallet address`;
    case 'isOwn':
      return null;
    case 'instantKeyType':
      return (INSTANT_KEY_TYPES as readonly string[]).includes(text) ? null : 'Choose what the key is';
    case 'instantKey':
      return isInstantKeyValid(text, String(c.body.instantKeyType ?? '')) ? null : 'This key does not match its kind';
    case 'taxId':
      return isTaxIdValid(text) ? null : 'Type a valid CPF (11 digits) or CNPJ (14 digits)';
    case 'toEmail':
      return isEmailText(text) ? null : "Type the recipient's whole e-mail address";
    case 'securityQuestion':
      return text.length >= 3 && text.length <= 40 ? null : 'Type a question of 3 to 40 characters';
    case 'securityAnswer':
      return /^[A-Za-z0-9]{3,25}$/.test(text) ? null : 'The answer has 3 to 25 letters or digits, without spaces';
  }
}

const given = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * Checks the beneficiary of a submit: every required field of the kind present (a card payout
 * names a saved card, or types a card number with the beneficiary's name), every given one valid.
 * Answers the refusal, or the beneficiary to keep (only the kind's fields; a card number masked).
 */
function checkBeneficiary(c: Checked): { refusal: HandlerReply } | { beneficiary: Record<string, unknown> } {
  const beneficiary: Record<string, unknown> = {};
  for (const field of beneficiaryFields(c.type, c.country)) {
    const raw = c.body[field.name];
    let required = field.required;
    if (c.type === 'oct' && field.name === 'cardId') required = !given(c.body.cardNumber);
    if (c.type === 'oct' && field.name === 'beneficiaryName') required = given(c.body.cardNumber);
    if (!given(raw)) {
      if (required) return { refusal: vf(field.name, 'This field is required') };
      continue;
    }
    const problem = fieldProblem(field.name, raw, c);
    if (problem) return { refusal: vf(field.name, problem) };
    if (!KEPT_FIELDS.has(field.name)) continue;
    if (field.name === 'cardId') beneficiary.cardId = Number(raw);
    else if (field.name === 'cardNumber') beneficiary.cardNumber = maskCardNumber(cardDigits(String(raw)));
    else if (field.name === 'taxId') beneficiary.taxId = String(raw).replace(/[\s./-]+/g, '');
    else beneficiary[field.name] = COMPACTED.has(field.name) ? compact(String(raw)) : String(raw).trim();
  }
  // A wire's IBAN and SWIFT code must name the same bank (the shared rule the form asks too).
  if (c.type === 'wire' && given(c.body.iban) && given(c.body.swiftCode)) {
    const iban = compact(String(c.body.iban));
    const bankSwift = ibanBankOf(iban)?.swiftCode;
    const mismatch = ibanSwiftMismatch(iban, String(c.body.swiftCode), bankSwift);
    if (mismatch) {
      const reply = vf('swiftCode', BANK_MISMATCH_TEXTS[c.language][mismatch].replace('{swift}', bankSwift ?? ''));
      return { refusal: { ...reply, headers: { 'Content-Language': c.language } } };
    }
  }
  return { beneficiary };
}

/** A beneficiary as kept (external_transfers, templates): the kind's fields given, identifiers compacted, a card number masked. */
export function keptBeneficiary(type: ExternalType, country: string, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const beneficiary: Record<string, unknown> = {};
  for (const { name } of beneficiaryFields(type, country)) {
    const raw = values[name];
    if (!given(raw) || !KEPT_FIELDS.has(name)) continue;
    if (name === 'cardNumber') beneficiary.cardNumber = maskCardNumber(cardDigits(String(raw)));
    else beneficiary[name] = COMPACTED.has(name) ? compact(String(raw)) : String(raw).trim();
  }
  return beneficiary;
}

/** The extra parameters of a submit: the required ones present, options and patterns respected. */
function checkExtraParams(type: ExternalType, country: string, sent: unknown): { refusal: HandlerReply } | { params: Record<string, string> } {
  const values = (sent && typeof sent === 'object' ? sent : {}) as Record<string, string>;
  const params: Record<string, string> = {};
  for (const param of extraParamsOf(type, country)) {
    const value = String(values[param.name] ?? '').trim();
    const key = `extraParams.${param.name}`;
    if (!value) {
      if (param.required) return { refusal: vf(key, 'This field is required') };
      continue;
    }
    if (param.options && !param.options.some((o) => o.value === value)) return { refusal: vf(key, 'Choose one of the options') };
    if (param.pattern && !matchesWhole(param.pattern, value)) return { refusal: vf(key, 'This value is not in the expected format') };
    params[param.name] = value;
  }
  return { params };
}

const lastFour = (text: string): string => text.replace(/[\s-]+/g, '').slice(-4);

/** Who the activity shows the money went to: the beneficiary's name, else a masked identifier. */
export function counterpartyOf(db: Db, acting: number, type: ExternalType, body: Record<string, unknown>): string {
  const name = typeof body.beneficiaryName === 'string' ? body.beneficiaryName.trim() : '';
  if (name) return name;
  if (type === 'oct') {
    if (given(body.cardNumber)) return `Card •••• ${lastFour(String(body.cardNumber))}`;
    const card = db.prepare('SELECT masked FROM external_cards WHERE id = ? AND customer_id = ?').get(Number(body.cardId), acting) as { masked: string } | undefined;
    return `Card •••• ${lastFour(card?.masked ?? '')}`;
  }
  if (type === 'crypto_eft') return `${String(body.toCurrencyCode)} wallet •••• ${lastFour(String(body.walletAddress ?? ''))}`;
  if (type === 'instant_payment') return `Key •••• ${lastFour(String(body.instantKey ?? ''))}`;
  return `Account •••• ${lastFour(String(body.iban ?? body.accountNumber ?? ''))}`;
}

// ---- moving the money ---------------------------------------------------------------------

/** Debits the source by amount and fee; the transfer's row (the held one, or a new one) and a fee row; all or nothing (the caller's transaction). */
function moveExternal(db: Db, acting: number, work: ExternalWork, held: number | null, created: string): PerformResult & { transactionId?: number } {
  const from = account(db, work.fromId, acting);
  if (!from || from.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  if (units(from.balance) < units(work.amount) + units(work.fee)) return { ok: false, reason: 'Not enough money on this account' };
  setBalance(db, from.id, subtract(subtract(from.balance, work.amount), work.fee));
  let transactionId = held;
  if (transactionId !== null) db.prepare('UPDATE transactions SET status = ?, created = ? WHERE id = ? AND customer_id = ?').run(work.status, created, transactionId, acting);
  else transactionId = insertTransaction(db, { customerId: acting, accountId: from.id, created, type: work.type, amount: `-${work.amount}`, currency: work.currency, counterparty: work.counterparty, permission: '3d', status: work.status, text: work.text });
  if (units(work.fee) > 0n) insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'fee', amount: `-${work.fee}`, currency: work.currency, counterparty: null });
  return { ok: true, transactionId };
}

/** The performer of a held external transfer (sandbox/performers.ts); a release rejects the held row. */
export const externalPerformers: Pick<Performers, 'externalTransfer'> = {
  externalTransfer: { perform: moveExternal, release: (db, acting, _work, held) => rejectHeld(db, acting, held) },
};

export const keepExternal = (db: Db, transactionId: number, acting: number, type: ExternalType, country: string, currency: string, beneficiary: Record<string, unknown>) =>
  db.prepare('INSERT INTO external_transfers (transaction_id, customer_id, type, country, currency, beneficiary) VALUES (?, ?, ?, ?, ?, ?)').run(transactionId, acting, type, country, currency, JSON.stringify(beneficiary));

// ---- the calls ----------------------------------------------------------------------------

/** The customer's open account that may send (not a card), or the refusal. */
export function sourceAccount(db: Db, id: unknown, acting: number): { refusal: HandlerReply } | { from: NonNullable<ReturnType<typeof account>> } {
  const from = account(db, id, acting);
  if (!from) return { refusal: denied };
  if (from.status_id === CLOSED) return { refusal: closed };
  if (isCardType(from.type)) return { refusal: vf('accountId', 'Money cannot be sent from a card: choose an account') };
  return { from };
}

/** A look-up any signed-in customer may make (it acts for someone the caller may act for). */
const lookup =
  <M extends MainOperation>(answer: (ctx: HandlerContext<M>) => HandlerReply): Handler<M> =>
  (ctx) =>
    owner(ctx) === null ? denied : answer(ctx);

/**
 * The fee a transfer of this kind would cost, by amount, when the kind (and what its fee depends
 * on) is known: between own accounts with the destination, crypto with the currency sent, the
 * other external kinds with the country. Undefined otherwise (the balance is the limit).
 */
function feeForMax(operation: string, from: AccountRow, to: AccountRow | undefined, country: string | undefined, currency: string | undefined): ((amount: string) => string) | undefined {
  if (operation === 'betweenAccounts') return to ? (amount) => transferFee(from, to, amount) : undefined;
  if (operation === 'crypto_eft') return currency && CRYPTO.includes(currency) ? () => cryptoTransferFee(currency, false, from.currency) : undefined;
  if (isExternalType(operation) && operation !== 'crypto_eft' && country) return (amount) => externalFee(operation, country, amount, from.currency);
  return undefined;
}

export const externalHandlers: HandlerMap = {
  /**
   * The smallest and largest amount (001 s7 transaction max amount: fromAccountId, toAccountId,
   * operation, countryCode, currencyCode): the cap, the limits left and the balance less the fee the
   * amount would cost, so the largest amount shown is one that can really be sent.
   */
  transactionMaxAmount: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.fromAccountId, acting);
    const to = ctx.body.toAccountId !== undefined ? account(ctx.db, ctx.body.toAccountId, acting) : undefined;
    if (!from || (ctx.body.toAccountId !== undefined && !to)) return denied;
    const operation = String(ctx.body.operation ?? 'betweenAccounts');
    const feeOf = feeForMax(operation, from, to ?? undefined, ctx.body.countryCode ? String(ctx.body.countryCode).toUpperCase() : undefined, ctx.body.currencyCode);
    return ok({ ...maxAmountOf(ctx.db, from, acting, nowIso(ctx), feeOf), type: operation });
  },
  availableTransfersToCountry: lookup(({ body }) => {
    const country = String(body.countryCode);
    return ok({
      countryCode: country,
      transfers: offersTo(country).map((o) => ({ type: o.type, currencies: [...o.currencies], ...(o.type === 'wire' ? { rail: wireRail(country) } : {}) })),
    });
  }),
  bankListRequirements: lookup(({ body }) => {
    const country = String(body.countryCode);
    const type = body.type;
    if (!offerOf(type, country)) return vf('type', 'This kind of transfer is not available to this country');
    return ok({
      requirements: beneficiaryFields(type, country).map((f) => ({ name: f.name, required: f.required })),
      banks: type === 'eft' ? (EFT_BANKS[country] ?? []).map((b) => ({ bankCode: b.bankCode, bankName: b.bankName })) : [],
    });
  }),
  extraParamsByTransfer: lookup(({ body }) => ok({ extraParams: extraParamsOf(String(body.type), String(body.countryCode)) })),
  eftExtraParams: lookup(({ body }) => {
    const paramName = String(body.paramName);
    const values = paramName === 'branchCode' ? branchesOf(String(body.countryCode), String(body.bankCode).trim()).map((b) => ({ value: b.value, label: b.label })) : [];
    return ok({ paramName, values });
  }),
  swiftLookup: lookup(({ body }) => {
    const swiftCode = compact(String(body.swiftCode));
    if (!isSwiftFormat(swiftCode)) return vf('swiftCode', 'A SWIFT code has 8 or 11 letters and digits');
    const bank = SWIFT_BANKS[swiftCode.slice(0, 8)];
    return ok(bank ? { swiftCode, valid: true, ...bank } : { swiftCode, valid: false });
  }),
  ibanLookup: lookup(({ body }) => {
    const iban = compact(String(body.iban));
    if (!IBAN_SHAPE.test(iban)) return vf('iban', 'An IBAN starts with 2 letters and 2 digits, then letters and digits');
    const countryCode = iban.slice(0, 2);
    const bank = ibanBankOf(iban);
    return ok({ iban, valid: isIbanValid(iban), countryCode, ...(bank ?? {}) });
  }),
  instantKeyInfo: lookup(({ body }) => {
    const type = String(body.instantKeyType);
    const key = String(body.instantKey);
    if (!isInstantKeyValid(key, type)) return vf('instantKey', 'This key does not match its kind');
    if (given(body.taxId) && !isTaxIdValid(String(body.taxId))) return vf('taxId', 'Type a valid CPF (11 digits) or CNPJ (14 digits)');
    const text = instantKeyText(key, type);
    const known = INSTANT_KEYS.find((k) => k.type === type && k.key === text);
    return ok(known ? { valid: true, holderName: known.holderName, bankCode: known.bankCode } : { valid: false });
  }),
  instantBankList: lookup(({ body }) => ok({ banks: (INSTANT_BANKS[String(body.countryCode)] ?? []).map((b) => ({ ...b })) })),
  binBlacklist: lookup(() => ok({ bins: [...BIN_BLACKLIST] })),
  cryptoFee: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.accountId, acting);
    if (!from) return denied;
    const toCurrency = String(ctx.body.toCurrencyCode);
    if (!CRYPTO.includes(toCurrency)) return vf('toCurrencyCode', 'Choose the crypto currency to send');
    if (units(String(ctx.body.amount)) <= 0n) return vf('amount', 'Enter an amount above zero');
    return ok({ fee: cryptoTransferFee(toCurrency, ctx.body.isOwn === true, from.currency), currencyCode: from.currency });
  },
  transferFee: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const type = ctx.body.type;
    if (type === 'crypto_eft') return vf('type', 'The fee of a crypto transfer is asked with cryptoFee');
    const from = account(ctx.db, ctx.body.accountId, acting);
    if (!from) return denied;
    const country = String(ctx.body.countryCode);
    if (!offerOf(type, country)) return vf('type', 'This kind of transfer is not available to this country');
    const amount = String(ctx.body.amount);
    if (units(amount) <= 0n) return vf('amount', 'Enter an amount above zero');
    return ok({ fee: externalFee(type, country, amount, from.currency), currencyCode: from.currency });
  },
  transferDetails: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    if (ctx.body.accountId !== undefined && !account(ctx.db, ctx.body.accountId, acting)) return denied;
    return ok(detailsOf(profileOf(ctx.db, acting), ctx.body.type, String(ctx.body.countryCode)));
  },
  transferSubmit: idempotent('transferSubmit', (ctx, acting) => {
    const { db, body } = ctx;
    const type = body.type;
    if (!isExternalType(type)) return vf('type', 'Choose how to send it');
    const profile = profileOf(db, acting);
    // The caller's own flags for the customer (a company user's may be narrower than the company's).
    if (!mayDo(permissionFlagsFor(db, ctx.customerId, acting) as Profile['permissionFlags'], type)) return refused(`${KIND_FLAGS[type].name} are not allowed for this profile`);
    const source = sourceAccount(db, body.accountId, acting);
    if ('refusal' in source) return source.refusal;
    const { from } = source;
    const country = String(body.countryCode);
    const offer = offerOf(type, country);
    if (!offer) return vf('type', 'This kind of transfer is not available to this country');
    // The currency it arrives in: a crypto currency for crypto, else the one asked (the account's when absent).
    const currency = type === 'crypto_eft' ? String(body.toCurrencyCode ?? '') : String(body.currencyCode ?? from.currency);
    if (type === 'crypto_eft' && !(CRYPTO.includes(currency) && offer.currencies.includes(currency))) return vf('toCurrencyCode', 'Choose the crypto currency to send');
    if (type !== 'crypto_eft' && !offer.currencies.includes(currency)) return vf('currencyCode', `This transfer arrives in ${offer.currencies.join(', ')} only`);
    const details = detailsOf(profile, type, country);
    if (!details.isCustomerAddressDateValid || !details.isCustomerAddressMatchesActive || !details.isExtraParamsValid) {
      return refused('Update your address in your profile before sending this transfer');
    }
    const checked = checkBeneficiary({ db, acting, type, country, body, language: pickLanguage(ctx.headers.get('accept-language')) });
    if ('refusal' in checked) return checked.refusal;
    const extra = checkExtraParams(type, country, body.extraParams);
    if ('refusal' in extra) return extra.refusal;

    const typed = String(body.amount);
    const places = currencyDecimals(from.currency);
    if (units(typed) <= 0n) return vf('amount', 'Enter an amount above zero');
    if (decimalsOf(typed) > places) return vf('amount', `At most ${places} decimals in ${from.currency}`);
    const limit = maxAmountOf(db, from, acting, nowIso(ctx));
    if (units(typed) < units(limit.minAmount)) return vf('amount', `The smallest amount is ${limit.minAmount} ${from.currency}`);
    if (units(typed) > units(limit.amount)) return vf('amount', `The largest amount is ${limit.amount} ${from.currency}`);
    const amount = decimal(units(typed), places);
    const fee = type === 'crypto_eft' ? cryptoTransferFee(currency, body.isOwn === true, from.currency) : externalFee(type, country, amount, from.currency);
    if (units(from.balance) < units(amount) + units(fee)) return vf('amount', `Not enough money on this account for ${amount} and the fee of ${fee} ${from.currency}`);

    const beneficiary = { ...checked.beneficiary, ...(Object.keys(extra.params).length ? { extraParams: extra.params } : {}) };
    const templateName = typeof body.templateName === 'string' ? body.templateName.trim() : '';
    if (templateName && TEMPLATE_TYPES.includes(type)) {
      db.prepare(
        `INSERT INTO payment_templates (customer_id, name, type, amount, currency, country, beneficiary, wire_status, eft_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (customer_id, type, name) DO UPDATE SET amount = excluded.amount, currency = excluded.currency, country = excluded.country, beneficiary = excluded.beneficiary,
         wire_status = excluded.wire_status, eft_status = excluded.eft_status`,
      ).run(acting, templateName, type, amount, currency, country, JSON.stringify(beneficiary), type === 'wire' ? 1 : null, type === 'eft' ? 1 : null);
    }

    const created = nowIso(ctx);
    const banked = type === 'wire' || type === 'eft';
    const work: ExternalWork = { kind: 'externalTransfer', type, fromId: from.id, amount, fee, currency: from.currency, counterparty: counterpartyOf(db, acting, type, body), status: banked ? 'processing' : 'completed', text: transferTextOf(body) };
    const waits = holdOrRequest(ctx, acting, created, {
      work,
      request: { transactionType: type, amount, fee, currency: from.currency, accountId: from.id, beneficiary: work.counterparty },
      reserve: () => {
        const held = insertTransaction(db, { customerId: acting, accountId: from.id, created, type, amount: `-${amount}`, currency: from.currency, counterparty: work.counterparty, permission: '3d', status: 'processing', text: work.text });
        keepExternal(db, held, acting, type, country, currency, beneficiary);
        return held;
      },
    });
    if (waits) return waits;
    const moved = moveExternal(db, acting, work, null, created);
    if (!moved.ok || moved.transactionId === undefined) return vf('amount', moved.ok ? 'The transfer could not be made' : moved.reason);
    keepExternal(db, moved.transactionId, acting, type, country, currency, beneficiary);
    return ok({ transactionId: moved.transactionId, approveType: 'none', status: banked ? 'pending' : 'completed' });
  }, { refusal: transferRefusal }),
};
