import type { MainBody } from '@contract/main-methods';
import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currencyDecimals, isPositiveAmount, normalizeAmount } from '../shared/amount';
import type { OwnAccount } from './own-transfer.logic';
import { binOf, cardDigits, passesLuhn } from '../cards/card.logic';
import {
  beneficiaryFields,
  EFT_BRANCH_COUNTRIES,
  compact,
  CRYPTO_CURRENCIES,
  EXTERNAL_TYPES,
  INSTANT_KEY_TYPES,
  isAccountNumberValid,
  isEmailText,
  isExternalType,
  isInstantKeyType,
  isIbanValid,
  isInstantKeyValid,
  isRoutingNumberValid,
  isSortCodeValid,
  isSwiftFormat,
  ibanSwiftMismatch,
  isTaxIdValid,
  isWalletAddressValid,
  ibanLengthOf,
  NEW_CARD,
  TEMPLATE_TYPES,
  wireRail,
  type ExternalField,
  type ExternalType,
  type FieldRequirement,
  type InstantKeyType,
  type MassFileMethod,
  type WireRail,
} from './external-rails';

/** The rails and identifiers are part of these rules (one module for the app; the sandbox imports the rails file itself). */
export * from './external-rails';


/**
 * External transfers (/transfer/external; 001 s3, s5, s7, s9) as pure rules, one table for six
 * kinds: which rails a wire takes by the country sets, what identifies the beneficiary for each
 * kind and country, when each lookup may be asked, the form's rule, the submit's body, and how a
 * template or a recent transfer fills the form. The sandbox checks with the same checks (IBAN,
 * SWIFT, routing number, wallet and instant-key formats), so client and service agree.
 * Table-tested in tests/unit/external-rules.test.ts.
 */

// ---- the form ---------------------------------------------------------------------------------

/** The form's values (text, as the transfer statechart keeps them); extra parameters as `param.<name>`. */
export interface ExternalValues extends Record<ExternalField, string> {
  type: string;
  accountId: string;
  countryCode: string;
  currencyCode: string;
  amount: string;
  reference: string;
  saveTemplate: string;
  templateName: string;
  [extra: `param.${string}`]: string | undefined;
}

export const EXTRA_PARAM_PREFIX = 'param.';

export const emptyExternal: ExternalValues = {
  type: '',
  accountId: '',
  countryCode: '',
  currencyCode: '',
  amount: '',
  reference: '',
  saveTemplate: '',
  templateName: '',
  beneficiaryName: '',
  beneficiaryAddress: '',
  iban: '',
  swiftCode: '',
  accountNumber: '',
  routingNumber: '',
  sortCode: '',
  bankCode: '',
  branchCode: '',
  cardId: '',
  cardNumber: '',
  walletAddress: '',
  toCurrencyCode: '',
  isOwn: '',
  instantKeyType: '',
  instantKey: '',
  taxId: '',
  toEmail: '',
  securityQuestion: '',
  securityAnswer: '',
};

/** A kind offered to a country, with the currencies it arrives in (availableTransfersToCountry). */
export interface AvailableTransfer {
  type: ExternalType;
  currencies: readonly string[];
}

/** An extra parameter a kind asks (extraParamsByTransfer; options flattened). */
export interface ExtraParam {
  name: string;
  required: boolean;
  pattern?: string | undefined;
  label?: string | undefined;
  options?: readonly { value: string; label: string }[] | undefined;
}

/** What transferDetails says (001 s3): a false check blocks the submit until the profile is fixed. */
export interface TransferDetails {
  hasRequirements?: boolean | undefined;
  isCustomerAddressDateValid?: boolean | undefined;
  isCustomerAddressMatchesActive?: boolean | undefined;
  isExtraParamsValid?: boolean | undefined;
  details?: string | undefined;
}

export type DetailsBlock = 'addressExpired' | 'addressMismatch' | 'extraParams' | null;

/** Why transfer details block the submit (address first: it is fixed in the profile), or null. */
export function detailsBlock(details: TransferDetails | null | undefined): DetailsBlock {
  if (!details) return null;
  if (details.isCustomerAddressDateValid === false) return 'addressExpired';
  if (details.isCustomerAddressMatchesActive === false) return 'addressMismatch';
  if (details.isExtraParamsValid === false) return 'extraParams';
  return null;
}

/** What the screen knows from the service at submit time. */
export interface ExternalFacts {
  accounts: readonly OwnAccount[];
  available: readonly AvailableTransfer[] | null;
  extraParams: readonly ExtraParam[];
  details: TransferDetails | null;
  /** The fee for these values, when the service answered it. */
  fee: string | null;
  /** The smallest and largest amount from this account now (transactionMaxAmount). */
  maxAmount: { minAmount?: string | null | undefined; amount?: string | null | undefined } | null;
  /** The customer's confirmed cards at other banks (OCT). */
  cards: readonly { cardId: number; confirmed: boolean }[];
  /** Bins a card payout cannot go to. */
  binBlacklist: readonly string[];
  /** Fields whose typed value a lookup refused (a SWIFT code no bank has, an instant key no account has). */
  refused?: readonly ExternalField[] | undefined;
  /** The SWIFT code of the typed IBAN's bank, when its look-up knows the bank (the IBAN and SWIFT must agree). */
  ibanBankSwift?: string | null | undefined;
}

export const externalMessages = {
  account: msg`Choose the account to send from.`,
  country: msg`Choose the country the money goes to.`,
  type: msg`Choose how to send it.`,
  typeNotOffered: msg`This kind of transfer is not available to this country.`,
  currency: msg`Choose the currency the money arrives in.`,
  amount: msg`Type an amount above 0, for example 25.50.`,
  belowMin: msg`The smallest amount is {min}.`,
  aboveMax: msg`The largest amount you can send now is {max}. Your limits are shown above.`,
  balance: msg`There is not enough money on this account (the fee included).`,
  required: msg`This field is required.`,
  beneficiaryName: msg`Type the beneficiary's full name (at most 140 characters).`,
  beneficiaryAddress: msg`Type the beneficiary's address (at most 200 characters).`,
  iban: msg`This IBAN is not valid: check its length and its digits.`,
  swiftCode: msg`A SWIFT code has 8 or 11 letters and digits, for example DEUTDEFF.`,
  accountNumber: msg`This account number is not valid here.`,
  routingNumber: msg`A routing number has 9 digits; check them.`,
  sortCode: msg`A sort code has 6 digits.`,
  bankCode: msg`Choose the beneficiary's bank.`,
  branchCode: msg`Choose the bank's branch.`,
  cardId: msg`Choose the card to pay out to.`,
  cardNumber: msg`This card number is not valid.`,
  cardBlacklisted: msg`Payouts cannot go to cards of this bank.`,
  walletAddress: msg`This is not a {currency} wallet address.`,
  toCurrencyCode: msg`Choose the crypto currency to send.`,
  instantKeyType: msg`Choose what the key is.`,
  instantKey: msg`This key does not match its kind.`,
  taxId: msg`Type a valid CPF (11 digits) or CNPJ (14 digits).`,
  toEmail: msg`Type the recipient's whole e-mail address.`,
  securityQuestion: msg`Type a question the recipient can answer (at most 40 characters).`,
  securityAnswer: msg`The answer has 3 to 25 letters or digits, without spaces.`,
  reference: msg`A reference has at most 140 characters.`,
  templateName: msg`Name the template (at most 60 characters).`,
  extraParam: msg`Fill this in as asked.`,
  swiftUnknown: msg`No bank has this SWIFT code. Check it with the beneficiary.`,
  swiftOtherCountry: msg`This SWIFT code is of a bank in another country than the IBAN. Check both with the beneficiary.`,
  swiftOtherBank: msg`This SWIFT code is of another bank than the IBAN, whose bank's code is {swift}. Check both with the beneficiary.`,
  ibanUnknown: msg`This IBAN is not valid: check its length and its digits.`,
  instantKeyUnknown: msg`No account has this key. Check it with the beneficiary.`,
  addressExpired: msg`Your address on file has expired. Update it in your profile before sending this transfer.`,
  addressMismatch: msg`Your address on file does not match your current one. Update it in your profile before sending this transfer.`,
  extraParams: msg`Your profile is missing details this transfer needs. Complete your profile before sending it.`,
} satisfies Record<string, MessageDescriptor>;

export type ExternalErrors = Record<string, { descriptor: MessageDescriptor }>;

const describe = (descriptor: MessageDescriptor, values?: Record<string, string>) => ({ descriptor: values ? { ...descriptor, values } : descriptor });

/** Checks one field of a kind's beneficiary (its format; whether it is required is the caller's). */
function fieldError(name: ExternalField, values: ExternalValues, facts: ExternalFacts): { descriptor: MessageDescriptor } | null {
  const value = values[name].trim();
  const rail: WireRail | 'eft' = values.type === 'eft' ? 'eft' : wireRail(values.countryCode);
  switch (name) {
    case 'beneficiaryName':
      return value.length >= 2 && value.length <= 140 ? null : describe(externalMessages.beneficiaryName);
    case 'beneficiaryAddress':
      return value.length >= 5 && value.length <= 200 ? null : describe(externalMessages.beneficiaryAddress);
    case 'iban':
      return isIbanValid(value) ? null : describe(externalMessages.iban);
    case 'swiftCode':
      return isSwiftFormat(value) ? null : describe(externalMessages.swiftCode);
    case 'accountNumber':
      return isAccountNumberValid(value, rail) ? null : describe(externalMessages.accountNumber);
    case 'routingNumber':
      return isRoutingNumberValid(value) ? null : describe(externalMessages.routingNumber);
    case 'sortCode':
      return isSortCodeValid(value) ? null : describe(externalMessages.sortCode);
    case 'bankCode':
      return value ? null : describe(externalMessages.bankCode);
    case 'branchCode':
      return value ? null : describe(externalMessages.branchCode);
    case 'cardId':
      return value === NEW_CARD || facts.cards.some((c) => c.confirmed && String(c.cardId) === value) ? null : describe(externalMessages.cardId);
    case 'cardNumber':
      if (!passesLuhn(value)) return describe(externalMessages.cardNumber);
      return facts.binBlacklist.includes(binOf(value) ?? '') ? describe(externalMessages.cardBlacklisted) : null;
    case 'toCurrencyCode':
      return (CRYPTO_CURRENCIES as readonly string[]).includes(value) ? null : describe(externalMessages.toCurrencyCode);
    case 'walletAddress':
      return isWalletAddressValid(value, values.toCurrencyCode) ? null : describe(externalMessages.walletAddress, { currency: values.toCurrencyCode || 'crypto' });
    case 'isOwn':
      return null;
    case 'instantKeyType':
      return (INSTANT_KEY_TYPES as readonly string[]).includes(value) ? null : describe(externalMessages.instantKeyType);
    case 'instantKey':
      return isInstantKeyValid(value, values.instantKeyType) ? null : describe(externalMessages.instantKey);
    case 'taxId':
      return isTaxIdValid(value) ? null : describe(externalMessages.taxId);
    case 'toEmail':
      return isEmailText(value) ? null : describe(externalMessages.toEmail);
    case 'securityQuestion':
      return value.length >= 3 && value.length <= 40 ? null : describe(externalMessages.securityQuestion);
    case 'securityAnswer':
      return /^[A-Za-z0-9]{3,25}$/.test(value) ? null : describe(externalMessages.securityAnswer);
  }
}

/** Which beneficiary fields this form asks now (a card payout to a saved card asks no card number). */
export function activeFields(values: Pick<ExternalValues, 'type' | 'countryCode' | 'cardId'>): FieldRequirement[] {
  if (!(EXTERNAL_TYPES as readonly string[]).includes(values.type) || !values.countryCode) return [];
  const fields = beneficiaryFields(values.type as ExternalType, values.countryCode);
  if (values.type === 'oct') return fields.map((f) => (f.name === 'cardNumber' || f.name === 'beneficiaryName' ? { ...f, required: values.cardId === NEW_CARD } : f)).filter((f) => f.required || f.name === 'cardId');
  return fields;
}

/**
 * The form's rule: an open account; a country; a kind offered there and a currency it arrives in;
 * an amount above 0 in the account's decimals, within the smallest and largest amount the service
 * allows now, covered by the balance with the fee; the kind's beneficiary fields (required ones
 * present, every typed one in its format); the extra parameters asked; a reference of at most 140
 * characters; a template name when saving one. Transfer details that block (an expired or
 * mismatched address, missing profile details) refuse the submit as `details`.
 */
export function validateExternal(values: ExternalValues, facts: ExternalFacts): ExternalErrors {
  const errors: ExternalErrors = {};
  const from = facts.accounts.find((a) => String(a.accountId) === values.accountId);
  if (!from) errors.accountId = describe(externalMessages.account);
  if (!/^[A-Z]{2}$/.test(values.countryCode)) errors.countryCode = describe(externalMessages.country);
  const offered = facts.available?.find((a) => a.type === values.type);
  if (!(EXTERNAL_TYPES as readonly string[]).includes(values.type)) errors.type = describe(externalMessages.type);
  else if (facts.available && !offered) errors.type = describe(externalMessages.typeNotOffered);
  if (values.type !== 'crypto_eft' && offered && !offered.currencies.includes(values.currencyCode)) errors.currencyCode = describe(externalMessages.currency);

  const places = currencyDecimals(from?.currencyCode);
  if (!isPositiveAmount(values.amount, places)) errors.amount = describe(externalMessages.amount);
  else if (from) {
    const amount = new Big(normalizeAmount(values.amount));
    const currency = from.currencyCode;
    const min = facts.maxAmount?.minAmount;
    const max = facts.maxAmount?.amount;
    const fee = facts.fee && /^\d+(\.\d+)?$/.test(facts.fee) ? facts.fee : '0';
    if (min && /^\d+(\.\d+)?$/.test(min) && amount.lt(min)) errors.amount = describe(externalMessages.belowMin, { min: `${min} ${currency}` });
    else if (max && /^\d+(\.\d+)?$/.test(max) && amount.gt(max)) errors.amount = describe(externalMessages.aboveMax, { max: `${max} ${currency}` });
    else if (amount.plus(fee).gt(from.balance)) errors.amount = describe(externalMessages.balance);
  }

  for (const field of activeFields(values)) {
    const typed = values[field.name].trim() !== '';
    if (!typed) {
      if (field.required) errors[field.name] = field.name === 'cardId' || field.name === 'bankCode' || field.name === 'branchCode' || field.name === 'instantKeyType' || field.name === 'toCurrencyCode' ? fieldError(field.name, values, facts)! : describe(externalMessages.required);
      continue;
    }
    const error = fieldError(field.name, values, facts) ?? refusedByLookup(field.name, facts) ?? bankMismatch(field.name, values, facts);
    if (error) errors[field.name] = error;
  }
  for (const param of facts.extraParams) {
    const key = `${EXTRA_PARAM_PREFIX}${param.name}` as const;
    const value = (values[key] ?? '').trim();
    if (!value) {
      if (param.required) errors[key] = describe(externalMessages.required);
    } else if (param.options?.length ? !param.options.some((o) => o.value === value) : param.pattern && !safeTest(param.pattern, value)) {
      errors[key] = describe(externalMessages.extraParam);
    }
  }
  if (values.reference.trim().length > 140) errors.reference = describe(externalMessages.reference);
  if (values.saveTemplate === 'true' && (TEMPLATE_TYPES as readonly string[]).includes(values.type) && !/^.{1,60}$/.test(values.templateName.trim())) {
    errors.templateName = describe(externalMessages.templateName);
  }
  const block = detailsBlock(facts.details);
  if (block) errors.details = describe(externalMessages[block]);
  return errors;
}

/**
 * A wire's SWIFT code that names another bank or country than its IBAN (the sandbox refuses it
 * too): what the form says under the look-ups as soon as both are typed, and on Send.
 */
export function bankMismatchMessage(values: ExternalValues, ibanBankSwift: string | null | undefined): { descriptor: MessageDescriptor } | null {
  if (values.type !== 'wire' || !values.iban.trim() || !values.swiftCode.trim() || !activeFields(values).some((f) => f.name === 'iban')) return null;
  const mismatch = ibanSwiftMismatch(values.iban, values.swiftCode, ibanBankSwift);
  if (mismatch === 'country') return describe(externalMessages.swiftOtherCountry);
  if (mismatch === 'bank') return describe(externalMessages.swiftOtherBank, { swift: compact(ibanBankSwift ?? '') });
  return null;
}

const bankMismatch = (name: ExternalField, values: ExternalValues, facts: ExternalFacts) => (name === 'swiftCode' ? bankMismatchMessage(values, facts.ibanBankSwift) : null);

/** What a lookup said of a field's typed value (the view passes the refused fields of the values on screen). */
function refusedByLookup(name: ExternalField, facts: ExternalFacts): { descriptor: MessageDescriptor } | null {
  if (!facts.refused?.includes(name)) return null;
  if (name === 'swiftCode') return describe(externalMessages.swiftUnknown);
  if (name === 'iban') return describe(externalMessages.ibanUnknown);
  if (name === 'instantKey') return describe(externalMessages.instantKeyUnknown);
  return null;
}

/**
 * What arrives in the currency the money arrives in: the amount sent at the rate, rounded down to
 * that currency's decimals (never more than the rate gives); null until there is an amount and a rate.
 */
export function externalArrives(values: ExternalValues, accounts: readonly OwnAccount[], rate: string | null): { amount: string; currency: string } | null {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  const currency = values.type === 'crypto_eft' ? values.toCurrencyCode : values.currencyCode;
  if (!from || !currency || !isPositiveAmount(values.amount, currencyDecimals(from.currencyCode))) return null;
  const effective = from.currencyCode === currency ? '1' : rate;
  if (!effective || !/^\d+(\.\d+)?$/.test(effective)) return null;
  return { amount: new Big(normalizeAmount(values.amount)).times(effective).round(currencyDecimals(currency), Big.roundDown).toFixed(currencyDecimals(currency)), currency };
}

/** A pattern from the service, tested whole; one that is not a valid expression accepts anything. */
function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return true;
  }
}

/** Fields sent as typed but compacted (no spaces; letters upper case): identifiers. */
const COMPACT: ReadonlySet<ExternalField> = new Set(['iban', 'swiftCode', 'accountNumber', 'routingNumber', 'sortCode']);

/**
 * The submit's body (001 s7 transfer submit by type) with the intent's requestId: the kind, the
 * account, the amount in its decimals, the country, the currency it arrives in, the kind's
 * beneficiary fields as text (identifiers compacted), the extra parameters, a reference and, for
 * wire and EFT, a template name when saving one. Empty values are not sent (000 s7).
 */
export function externalRequest(values: ExternalValues, accounts: readonly OwnAccount[], extraParams: readonly ExtraParam[], requestId: string): MainBody<'transferSubmit'> {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  // The form's rule has already refused anything but the six kinds; a body is never guessed.
  if (!isExternalType(values.type)) throw new Error(`externalRequest: not a transfer type: ${values.type}`);
  const body: MainBody<'transferSubmit'> = {
    type: values.type,
    accountId: Number(values.accountId),
    amount: new Big(normalizeAmount(values.amount)).toFixed(currencyDecimals(from?.currencyCode)),
    countryCode: values.countryCode,
    requestId,
  };
  if (values.type !== 'crypto_eft' && values.currencyCode) body.currencyCode = values.currencyCode;
  for (const field of activeFields(values)) {
    const raw = values[field.name].trim();
    if (!raw) continue;
    const name = field.name;
    if (name === 'cardId') {
      if (raw !== NEW_CARD) body.cardId = Number(raw);
    } else if (name === 'isOwn') body.isOwn = raw === 'true';
    else if (name === 'instantKeyType') {
      if (isInstantKeyType(raw)) body.instantKeyType = raw;
    } else if (name === 'cardNumber') body.cardNumber = cardDigits(raw);
    else if (name === 'taxId') body.taxId = raw.replace(/[\s./-]+/g, '');
    else body[name] = COMPACT.has(name) ? compact(raw) : raw;
  }
  const params: Record<string, string> = {};
  for (const param of extraParams) {
    const value = (values[`${EXTRA_PARAM_PREFIX}${param.name}`] ?? '').trim();
    if (value) params[param.name] = value;
  }
  if (Object.keys(params).length) body.extraParams = params;
  if (values.reference.trim()) body.reference = values.reference.trim();
  if (values.saveTemplate === 'true' && (TEMPLATE_TYPES as readonly string[]).includes(values.type) && values.templateName.trim()) body.templateName = values.templateName.trim();
  return body;
}

// ---- lookups: when each may be asked (001 s5) -------------------------------------------------

/** The fee by type needs an amount above 0 and the target (a country and, but for crypto, a currency). */
export function feeLookup(values: ExternalValues, accounts: readonly OwnAccount[]): { type: ExternalType; accountId: number; amount: string; countryCode: string; currencyCode?: string } | null {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  if (!from || !(EXTERNAL_TYPES as readonly string[]).includes(values.type) || values.type === 'crypto_eft') return null;
  if (!values.countryCode || !values.currencyCode || !isPositiveAmount(values.amount, currencyDecimals(from.currencyCode))) return null;
  return {
    type: values.type as ExternalType,
    accountId: from.accountId,
    amount: new Big(normalizeAmount(values.amount)).toFixed(currencyDecimals(from.currencyCode)),
    countryCode: values.countryCode,
    currencyCode: values.currencyCode,
  };
}

/** The crypto fee (accountId, amount, isOwn, toCountryCode, toCurrencyCode): with an amount above 0 and a crypto currency. */
export function cryptoFeeLookup(values: ExternalValues, accounts: readonly OwnAccount[]): { accountId: number; amount: string; isOwn: boolean; toCountryCode?: string; toCurrencyCode: string } | null {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  if (!from || values.type !== 'crypto_eft' || !(CRYPTO_CURRENCIES as readonly string[]).includes(values.toCurrencyCode)) return null;
  if (!isPositiveAmount(values.amount, currencyDecimals(from.currencyCode))) return null;
  return {
    accountId: from.accountId,
    amount: new Big(normalizeAmount(values.amount)).toFixed(currencyDecimals(from.currencyCode)),
    isOwn: values.isOwn === 'true',
    ...(values.countryCode ? { toCountryCode: values.countryCode } : {}),
    toCurrencyCode: values.toCurrencyCode,
  };
}

/** Maximum amount and limits need the country, the currency, the account and the operation (the kind). */
export function limitsLookup(values: ExternalValues, accounts: readonly OwnAccount[]): { operation: ExternalType; fromAccountId: number; countryCode: string; currencyCode: string } | null {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  if (!from || !(EXTERNAL_TYPES as readonly string[]).includes(values.type) || !values.countryCode) return null;
  const currencyCode = values.type === 'crypto_eft' ? values.toCurrencyCode : values.currencyCode;
  if (!currencyCode) return null;
  return { operation: values.type as ExternalType, fromAccountId: from.accountId, countryCode: values.countryCode, currencyCode };
}

/** The rate from the account's currency to the one it arrives in (1 when equal or either is missing, 001 s5: no lookup then). */
export function rateLookup(values: ExternalValues, accounts: readonly OwnAccount[]): { fromCurrencyCode: string; toCurrencyCode: string } | null {
  const from = accounts.find((a) => String(a.accountId) === values.accountId)?.currencyCode;
  const to = values.type === 'crypto_eft' ? values.toCurrencyCode : values.currencyCode;
  if (!from || !to || from === to) return null;
  return { fromCurrencyCode: from, toCurrencyCode: to };
}

/** A SWIFT lookup once the code is whole (8 or 11 characters); an IBAN lookup once it is (its country's length). */
export const swiftLookupKey = (text: string): string | null => (isSwiftFormat(text) ? compact(text) : null);
export const ibanLookupKey = (text: string): string | null => {
  const iban = compact(text);
  const length = ibanLengthOf(iban.slice(0, 2));
  return length !== undefined && iban.length === length ? iban : null;
};

/** The instant key lookup once the key matches its kind; the key is sent with its kind and the tax id. */
export function instantKeyLookup(values: Pick<ExternalValues, 'instantKeyType' | 'instantKey' | 'taxId'>): { instantKeyType: InstantKeyType; instantKey: string; taxId?: string } | null {
  if (!isInstantKeyValid(values.instantKey, values.instantKeyType)) return null;
  const taxId = values.taxId.replace(/[\s./-]+/g, '');
  return { instantKeyType: values.instantKeyType as InstantKeyType, instantKey: values.instantKey.trim(), ...(taxId ? { taxId } : {}) };
}

/** EFT branch codes (eftExtraParams, paramName branchCode) once a bank of BR, JP, HK or LK is chosen. */
export function branchLookup(values: Pick<ExternalValues, 'type' | 'countryCode' | 'bankCode'>): { paramName: 'branchCode'; countryCode: string; bankCode: string } | null {
  if (values.type !== 'eft' || !EFT_BRANCH_COUNTRIES.includes(values.countryCode) || !values.bankCode) return null;
  return { paramName: 'branchCode', countryCode: values.countryCode, bankCode: values.bankCode };
}

// ---- starting from a template or a recent transfer ---------------------------------------------

export interface ExternalSource {
  type?: string | undefined;
  countryCode?: string | undefined;
  currencyCode?: string | undefined;
  accountId?: number | undefined;
  amount?: string | undefined;
  beneficiary?: Partial<Record<ExternalField, string | number | undefined>> & { extraParams?: Record<string, string> | undefined };
}

/** The values a template or a recent transfer fills (the rest stays as typed). */
export function externalPrefill(source: ExternalSource, accounts: readonly OwnAccount[]): Partial<ExternalValues> {
  const values: Partial<ExternalValues> = {};
  if (source.type && (EXTERNAL_TYPES as readonly string[]).includes(source.type)) values.type = source.type;
  if (source.countryCode && /^[A-Z]{2}$/.test(source.countryCode)) values.countryCode = source.countryCode;
  if (source.currencyCode) values.currencyCode = source.currencyCode;
  if (source.amount && /^\d{1,15}(\.\d{1,8})?$/.test(source.amount)) values.amount = source.amount;
  const account = source.accountId !== undefined ? accounts.find((a) => a.accountId === source.accountId) : undefined;
  if (account) values.accountId = String(account.accountId);
  for (const [name, value] of Object.entries(source.beneficiary ?? {})) {
    if (name === 'extraParams') {
      for (const [param, v] of Object.entries(value as Record<string, string>)) values[`${EXTRA_PARAM_PREFIX}${param}`] = v;
    } else if (name in emptyExternal && value !== undefined) {
      (values as Record<string, string>)[name] = name === 'isOwn' ? (String(value) === 'true' ? 'true' : '') : String(value);
    }
  }
  return values;
}

// ---- mass files: pages, permissions, samples ---------------------------------------------------

export { MASS_FILE_PAGES, massFileMethodOf, massFilePageOf, type MassFilePage } from './mass-file-pages';

/** Which mass-sending flag offers each kind of file (001 s3), by the permission table's names. */
export const MASS_FILE_PERMISSION = { wire: 'wire', eft: 'eft', oct: 'oct', crypto: 'crypto_eft' } as const satisfies Record<MassFileMethod, string>;

/** The sample file's type in the mass sample link list (001 s7: wire, p2p, eft, creditCard, globalPay, cryptoEft). */
export const MASS_FILE_SAMPLE = { wire: 'wire', eft: 'eft', oct: 'creditCard', crypto: 'cryptoEft' } as const satisfies Record<MassFileMethod, string>;
