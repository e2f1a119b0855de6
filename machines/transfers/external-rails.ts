/**
 * External transfers' rails and identifiers (001 s5, s9), importing only modules without imports
 * of their own, so the sandbox checks with the same rules as the app (Node runs it as it is): the
 * six kinds, the country sets that decide a wire's rails, what identifies a beneficiary for
 * each kind and country (the one table bankListRequirements answers from), and the checks of IBAN, SWIFT, routing number, sort code,
 * account numbers, wallet addresses, tax ids and instant keys. Table-tested in
 * tests/unit/external-rules.test.ts.
 */
import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { MASS_FILE_METHODS, type MassFileMethod } from './mass-file-pages.ts';
import { CRYPTO_CURRENCIES } from '../shared/crypto-currencies.ts';

export const EXTERNAL_TYPES = ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'] as const;
export type ExternalType = (typeof EXTERNAL_TYPES)[number];
export const isExternalType = (value: string): value is ExternalType => (EXTERNAL_TYPES as readonly string[]).includes(value);

// ---- country sets (001 s9) --------------------------------------------------------------------

/** The SEPA scheme's countries (EU, EEA, and CH, GB, MC, SM, AD, VA, and the French, Portuguese and Spanish territories it covers): 46 codes. */
export const SEPA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO', 'CH', 'GB', 'MC', 'SM', 'AD', 'VA', 'GI', 'GG', 'JE', 'IM', 'PM', 'BL', 'MF', 'GF', 'GP', 'MQ',
];
export const ACH_COUNTRIES: readonly string[] = ['US'];
export const FASTER_PAYMENTS_COUNTRIES: readonly string[] = ['GB'];

export type WireRail = 'fasterPayments' | 'ach' | 'sepa' | 'swift';

/** Which rails a wire to a country takes: Faster Payments for GB (before SEPA, which also lists GB), ACH for US, SEPA, else SWIFT. */
export function wireRail(countryCode: string): WireRail {
  const country = countryCode.toUpperCase();
  if (FASTER_PAYMENTS_COUNTRIES.includes(country)) return 'fasterPayments';
  if (ACH_COUNTRIES.includes(country)) return 'ach';
  if (SEPA_COUNTRIES.includes(country)) return 'sepa';
  return 'swift';
}

/** 001 s5: EFT to these countries needs the bank's branch code as well as its bank code. */
export const EFT_BRANCH_COUNTRIES: readonly string[] = ['BR', 'JP', 'HK', 'LK'];

// ---- identifiers ------------------------------------------------------------------------------

/** Luhn's check digit (ISO/IEC 7812) of a string of digits: the one checksum every card rule uses (app and sandbox). */
export function luhnChecksumOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Identifiers are typed with spaces for reading; they are compared and sent without them. */
export const compact = (text: string): string => text.replace(/[\s-]+/g, '').toUpperCase();

/**
 * IBANs by a kept library (ibantools, issue 47): every country of the ISO 13616 registry with its
 * length, its BBAN format, the mod-97 check digits and, where a country has one, its national check
 * (the hand-written table it replaces knew 41 countries and refused valid IBANs of 82 others).
 * SEPA membership stays the spec's country set (SEPA_COUNTRIES), not the library's.
 */
export function isIbanValid(text: string): boolean {
  return isValidIBAN(electronicFormatIBAN(text) ?? '');
}

/** The IBAN's length in its country (the registry's), or undefined for a country without IBANs. */
export function ibanLengthOf(countryCode: string): number | undefined {
  const spec = getCountrySpecifications()[countryCode.toUpperCase()];
  return spec?.IBANRegistry && spec.chars ? spec.chars : undefined;
}

/** A SWIFT (BIC) code: 4 letters of the bank, 2 of the country, 2 of the place, optionally 3 of the branch. */
export const isSwiftFormat = (text: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(text));

/**
 * IBAN countries whose banks may have a SWIFT code of another country: France's overseas
 * departments and collectivities use French IBANs, the Crown Dependencies British ones.
 */
const SWIFT_COUNTRIES_OF_IBAN: Readonly<Record<string, readonly string[]>> = {
  FR: ['GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF'],
  GB: ['JE', 'GG', 'IM'],
};

/** How a wire's IBAN and SWIFT code disagree: the SWIFT's bank is in another country, or is another bank. */
export type BankMismatch = 'country' | 'bank';

/**
 * Whether a wire's IBAN and SWIFT code name the same bank (issue 44): 'country' when the SWIFT
 * code's country (letters 5-6) is not the IBAN's (nor one of its territories'); 'bank' when the
 * IBAN's bank is known (its look-up's SWIFT code, `ibanBankSwift`) and is another bank (letters
 * 1-4) than the typed code's; null when they agree, or cannot be compared (either one incomplete,
 * the IBAN's bank unknown). The app's form and the sandbox's submit ask the same rule.
 */
export function ibanSwiftMismatch(ibanText: string, swiftText: string, ibanBankSwift?: string | null): BankMismatch | null {
  const iban = compact(ibanText);
  const swift = compact(swiftText);
  if (!isIbanValid(iban) || !isSwiftFormat(swift)) return null;
  const ibanCountry = iban.slice(0, 2);
  const swiftCountry = swift.slice(4, 6);
  if (swiftCountry !== ibanCountry && !(SWIFT_COUNTRIES_OF_IBAN[ibanCountry] ?? []).includes(swiftCountry)) return 'country';
  if (ibanBankSwift && isSwiftFormat(ibanBankSwift) && compact(ibanBankSwift).slice(0, 4) !== swift.slice(0, 4)) return 'bank';
  return null;
}

/** A US routing (ABA) number: 9 digits whose weighted sum (3, 7, 1) is a multiple of 10. */
export function isRoutingNumberValid(text: string): boolean {
  const digits = compact(text);
  if (!/^\d{9}$/.test(digits)) return false;
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...digits].reduce((sum, d, i) => sum + Number(d) * w[i]!, 0) % 10 === 0;
}

export const isSortCodeValid = (text: string): boolean => /^\d{6}$/.test(compact(text));

/** Account numbers by rail: ACH 4–17 digits, Faster Payments 8 digits, elsewhere 4–34 letters and digits. */
export function isAccountNumberValid(text: string, rail: WireRail | 'eft'): boolean {
  const value = compact(text);
  if (rail === 'ach') return /^\d{4,17}$/.test(value);
  if (rail === 'fasterPayments') return /^\d{8}$/.test(value);
  if (rail === 'eft') return /^\d{4,20}$/.test(value);
  return /^[A-Z0-9]{4,34}$/.test(value);
}

/** The crypto currencies a crypto transfer sends (the shared list), and what their wallet addresses look like. */
export { CRYPTO_CURRENCIES };
export function isWalletAddressValid(address: string, currency: string): boolean {
  const text = address.trim();
  if (currency === 'BTC') return /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/.test(text);
  if (currency === 'ETH' || currency === 'USDT' || currency === 'USDC') return /^0x[0-9a-fA-F]{40}$/.test(text);
  return false;
}

export const INSTANT_KEY_TYPES = ['taxId', 'email', 'phone', 'random'] as const;
export type InstantKeyType = (typeof INSTANT_KEY_TYPES)[number];
export const isInstantKeyType = (value: string): value is InstantKeyType => (INSTANT_KEY_TYPES as readonly string[]).includes(value);

/** A Brazilian tax id: a CPF (11 digits) or a CNPJ (14 digits), with their check digits. */
export function isTaxIdValid(text: string): boolean {
  const digits = text.replace(/[\s./-]+/g, '');
  if (/^(\d)\1+$/.test(digits)) return false;
  const check = (base: string, weights: number[]) => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  if (/^\d{11}$/.test(digits)) {
    const d1 = check(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = check(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return digits.endsWith(`${d1}${d2}`);
  }
  if (/^\d{14}$/.test(digits)) {
    const d1 = check(digits.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = check(digits.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    return digits.endsWith(`${d1}${d2}`);
  }
  return false;
}

/** An instant-payment key of its type: a tax id, an e-mail, a phone number (+ and 10–14 digits) or a random key (a UUID). */
export function isInstantKeyValid(key: string, type: string): boolean {
  const text = key.trim();
  if (type === 'taxId') return isTaxIdValid(text);
  if (type === 'email') return text.length > 5 && text.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
  if (type === 'phone') return /^\+\d{10,14}$/.test(text.replace(/[\s()-]+/g, ''));
  if (type === 'random') return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
  return false;
}

export const isEmailText = (text: string) => text.length > 5 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

// ---- the one table ----------------------------------------------------------------------------

/** A field of the form (a body field of transferSubmit, 001 s7). */
export type ExternalField =
  | 'beneficiaryName'
  | 'beneficiaryAddress'
  | 'iban'
  | 'swiftCode'
  | 'accountNumber'
  | 'routingNumber'
  | 'sortCode'
  | 'bankCode'
  | 'branchCode'
  | 'cardId'
  | 'cardNumber'
  | 'walletAddress'
  | 'toCurrencyCode'
  | 'isOwn'
  | 'instantKeyType'
  | 'instantKey'
  | 'taxId'
  | 'toEmail'
  | 'securityQuestion'
  | 'securityAnswer';

export interface FieldRequirement {
  name: ExternalField;
  required: boolean;
}

/** The value of `cardId` that means "another person's card" (a card number is typed). */
export const NEW_CARD = 'new';

/**
 * What identifies the beneficiary for a kind to a country (what bankListRequirements answers):
 * a wire by its rails (SEPA: IBAN, SWIFT optional; ACH: account and routing number; Faster
 * Payments: account number and sort code; SWIFT: SWIFT code and account number), an
 * EFT by bank, account and (BR, JP, HK, LK) branch, a card payout by card, a crypto transfer by
 * wallet, an instant payment by key, an Interac transfer by e-mail with a security question.
 */
export function beneficiaryFields(type: ExternalType, countryCode: string): FieldRequirement[] {
  const req = (...names: ExternalField[]) => names.map((name) => ({ name, required: true }));
  const opt = (...names: ExternalField[]) => names.map((name) => ({ name, required: false }));
  switch (type) {
    case 'wire': {
      const rail = wireRail(countryCode);
      const who = req('beneficiaryName', 'beneficiaryAddress');
      if (rail === 'sepa') return [...who, ...req('iban'), ...opt('swiftCode')];
      if (rail === 'ach') return [...who, ...req('accountNumber', 'routingNumber')];
      if (rail === 'fasterPayments') return [...who, ...req('accountNumber', 'sortCode')];
      return [...who, ...req('swiftCode', 'accountNumber')];
    }
    case 'eft':
      return [...req('beneficiaryName', 'bankCode', 'accountNumber'), ...(EFT_BRANCH_COUNTRIES.includes(countryCode.toUpperCase()) ? req('branchCode') : [])];
    case 'oct':
      return [...req('cardId'), ...opt('cardNumber', 'beneficiaryName')];
    case 'crypto_eft':
      return [...req('toCurrencyCode', 'walletAddress'), ...opt('isOwn')];
    case 'instant_payment':
      return [...req('instantKeyType', 'instantKey', 'taxId'), ...opt('beneficiaryName')];
    case 'interac':
      return req('beneficiaryName', 'toEmail', 'securityQuestion', 'securityAnswer');
  }
}

/** Kinds whose form can be saved as a beneficiary template (001 s3: wire and EFT templates). */
export const TEMPLATE_TYPES: readonly ExternalType[] = ['wire', 'eft'];

/** 001 s3: a wire or EFT template is usable when its status is 1 or 2. */
export function isTemplateUsable(template: { type: string; wireStatus?: number | undefined; eftStatus?: number | undefined }): boolean {
  const status = template.type === 'wire' ? template.wireStatus : template.type === 'eft' ? template.eftStatus : undefined;
  return status === 1 || status === 2;
}

// ---- mass files (001 s5, s7: mass transfer by wire, eft, oct, crypto) --------------------------

/** The kinds a file can carry (the data part's `method`); "digital" on /transfer/mass/digital is crypto. */
export { MASS_FILE_METHODS, type MassFileMethod } from './mass-file-pages.ts';
export const MASS_FILE_MAX_BYTES = 5_000_000;
export const MASS_FILE_MAX_ROWS = 10_000;

/** The columns of each kind's file, required ones first (the header row names them; order is free). */
export const MASS_FILE_COLUMNS: Readonly<Record<MassFileMethod, { required: readonly string[]; optional: readonly string[] }>> = {
  wire: { required: ['beneficiaryName', 'beneficiaryAddress', 'countryCode', 'currencyCode', 'amount'], optional: ['iban', 'swiftCode', 'accountNumber', 'routingNumber', 'sortCode', 'reference'] },
  eft: { required: ['beneficiaryName', 'countryCode', 'currencyCode', 'amount', 'bankCode', 'accountNumber'], optional: ['branchCode', 'reference'] },
  oct: { required: ['beneficiaryName', 'cardNumber', 'countryCode', 'currencyCode', 'amount'], optional: ['reference'] },
  crypto: { required: ['toCurrencyCode', 'walletAddress', 'amount'], optional: ['reference'] },
};

/** What is wrong with a cell (the app words it in the customer's language; the sandbox in English). */
/** mismatch: a wire's SWIFT code of another country than its IBAN (the service also knows the IBAN's bank). */
export type MassCellProblem = 'required' | 'format' | 'amount' | 'country' | 'currency' | 'mismatch';
export interface MassRowError {
  column: string;
  problem: MassCellProblem;
}

/** The header's missing required columns (names compared as written, trimmed). */
export function missingMassColumns(method: MassFileMethod, header: readonly string[]): string[] {
  const names = new Set(header.map((h) => h.trim()));
  return MASS_FILE_COLUMNS[method].required.filter((name) => !names.has(name));
}

const ROW_FIELD_CHECK: Record<string, (value: string, row: Readonly<Record<string, string>>, method: MassFileMethod) => boolean> = {
  beneficiaryName: (v) => v.length >= 2 && v.length <= 140,
  beneficiaryAddress: (v) => v.length >= 5 && v.length <= 200,
  iban: (v) => isIbanValid(v),
  swiftCode: (v) => isSwiftFormat(v),
  accountNumber: (v, row, method) => isAccountNumberValid(v, method === 'eft' ? 'eft' : wireRail(row.countryCode ?? '')),
  routingNumber: (v) => isRoutingNumberValid(v),
  sortCode: (v) => isSortCodeValid(v),
  bankCode: (v) => /^[A-Z0-9]{2,11}$/i.test(v),
  branchCode: (v) => /^[A-Z0-9]{1,11}$/i.test(v),
  cardNumber: (v) => {
    const digits = v.replace(/[\s-]/g, '');
    return /^\d{12,19}$/.test(digits) && luhnChecksumOk(digits);
  },
  // An address is checked against a crypto currency; without one, the currency's error says it.
  walletAddress: (v, row) => {
    const currency = (row.toCurrencyCode ?? '').trim().toUpperCase();
    return !(CRYPTO_CURRENCIES as readonly string[]).includes(currency) || isWalletAddressValid(v, currency);
  },
  reference: (v) => v.length <= 140,
};

/**
 * One row of a mass file, the same on both sides (the app before upload, the service after):
 * the kind's required columns present; an amount above 0 with at most 8 decimals (the account's
 * decimals are the service's check); a country of two letters and a currency of three to five;
 * a crypto currency of CRYPTO_CURRENCIES; and the identifiers a wire's rails or an EFT to BR, JP,
 * HK or LK need (beneficiaryFields), each in its format. Returns every problem, by column.
 */
export function checkMassRow(method: MassFileMethod, row: Readonly<Record<string, string>>): MassRowError[] {
  const errors: MassRowError[] = [];
  const value = (name: string) => (row[name] ?? '').trim();
  const required = new Set<string>(MASS_FILE_COLUMNS[method].required);
  const country = value('countryCode').toUpperCase();
  if (method === 'wire' || method === 'eft') {
    const kind = method === 'wire' ? 'wire' : 'eft';
    if (/^[A-Z]{2}$/.test(country)) for (const field of beneficiaryFields(kind, country)) if (field.required) required.add(field.name);
  }
  for (const column of [...MASS_FILE_COLUMNS[method].required, ...MASS_FILE_COLUMNS[method].optional, ...required]) {
    if (errors.some((e) => e.column === column)) continue;
    const text = value(column);
    if (!text) {
      if (required.has(column)) errors.push({ column, problem: 'required' });
      continue;
    }
    if (column === 'amount') {
      if (!/^\d{1,15}(\.\d{1,8})?$/.test(text) || /^0+(\.0+)?$/.test(text)) errors.push({ column, problem: 'amount' });
    } else if (column === 'countryCode') {
      if (!/^[A-Za-z]{2}$/.test(text)) errors.push({ column, problem: 'country' });
    } else if (column === 'currencyCode') {
      if (!/^[A-Za-z]{3,5}$/.test(text)) errors.push({ column, problem: 'currency' });
    } else if (column === 'toCurrencyCode') {
      if (!(CRYPTO_CURRENCIES as readonly string[]).includes(text.toUpperCase())) errors.push({ column, problem: 'currency' });
    } else if (ROW_FIELD_CHECK[column] && !ROW_FIELD_CHECK[column](text, row, method)) {
      errors.push({ column, problem: 'format' });
    }
  }
  const wrong = (column: string) => errors.some((e) => e.column === column);
  if (method === 'wire' && value('iban') && value('swiftCode') && !wrong('iban') && !wrong('swiftCode') && ibanSwiftMismatch(value('iban'), value('swiftCode'))) {
    errors.push({ column: 'swiftCode', problem: 'mismatch' });
  }
  return errors;
}
