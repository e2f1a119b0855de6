import Big from 'big.js';
import { luhnChecksumOk } from '../transfers/external-rails.ts';

/**
 * Global pay batches' rules (001 s3, s4, s7, s9; docs/decisions.md "Global pay"), importing only
 * big.js and the import-free rails module, so the sandbox checks and prices with the same rules as
 * the app (Node runs it as it is): the file's columns and each row's checks, the dictionary of countries and payment
 * methods, who pays the fee and how much it is, the totals per currency (exact decimals, never a
 * float sum), the statuses of a batch and of a payment, and what a recipient fills in on
 * /receive/{id}. Table-tested in tests/unit/global-pay-rules.test.ts.
 */

// ---- the dictionary: payment methods and the countries they reach -----------------------------

/** How a recipient may receive a global payment (the names the calls use; the app words them). */
export const GLOBAL_PAY_METHODS = ['bankTransfer', 'card', 'wallet', 'instantPayment'] as const;
export type GlobalPayMethod = (typeof GLOBAL_PAY_METHODS)[number];

const EVERYWHERE: readonly GlobalPayMethod[] = ['bankTransfer', 'wallet'];
const WITH_CARDS: readonly GlobalPayMethod[] = ['bankTransfer', 'card', 'wallet'];
const WITH_INSTANT: readonly GlobalPayMethod[] = ['bankTransfer', 'instantPayment', 'wallet'];

/** The countries a batch pays to, with the methods each offers (dictionary countries and methods). */
export const GLOBAL_PAY_COUNTRIES: Readonly<Record<string, readonly GlobalPayMethod[]>> = {
  AT: WITH_CARDS, BE: WITH_CARDS, BG: EVERYWHERE, CA: WITH_CARDS, CH: WITH_CARDS, CZ: EVERYWHERE, DE: WITH_CARDS, DK: EVERYWHERE, ES: WITH_CARDS,
  FI: EVERYWHERE, FR: WITH_CARDS, GB: WITH_CARDS, GR: EVERYWHERE, HU: EVERYWHERE, IE: WITH_CARDS, IT: WITH_CARDS, LT: EVERYWHERE, NL: WITH_CARDS,
  NO: EVERYWHERE, PL: WITH_CARDS, PT: WITH_CARDS, RO: WITH_CARDS, SE: EVERYWHERE, UA: WITH_CARDS, US: WITH_CARDS, AU: WITH_CARDS,
  BR: ['bankTransfer', 'card', 'instantPayment', 'wallet'], MX: WITH_INSTANT, IN: WITH_INSTANT, PH: EVERYWHERE, JP: EVERYWHERE, MD: EVERYWHERE,
};

/** The methods a country offers (none for a country the batch cannot pay to). */
export const countryPaymentMethods = (countryCode: string): readonly GlobalPayMethod[] => GLOBAL_PAY_COUNTRIES[countryCode.toUpperCase()] ?? [];

export const isGlobalPayMethod = (name: string): name is GlobalPayMethod => (GLOBAL_PAY_METHODS as readonly string[]).includes(name);

/** The currencies a payment may be in (2 decimals each). */
export const GLOBAL_PAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BRL', 'MXN', 'INR', 'PLN', 'RON', 'CHF'] as const;
export const BENEFICIARY_TYPES = ['individual', 'business'] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];
/** Which side pays a payment's fee: the sender (on top of the amount) or the recipient (out of it). */
export const FEE_SHARES = ['sender', 'recipient'] as const;
export type FeeShare = (typeof FEE_SHARES)[number];

// ---- limits -----------------------------------------------------------------------------------

export const GLOBAL_PAY_MAX_ROWS = 10_000;
export const GLOBAL_PAY_MAX_BYTES = 10_000_000;
export const GLOBAL_PAY_MIN_AMOUNT = '1.00';
export const GLOBAL_PAY_MAX_AMOUNT = '50000.00';
export const GLOBAL_PAY_NAME_MAX = 100;
export const GLOBAL_PAY_DESCRIPTION_MAX = 140;
export const GLOBAL_PAY_BATCH_NAME_MAX = 60;
/** A recipient's link works this long after the payment reaches them. */
export const RECEIVE_LINK_DAYS = 14;

// ---- the file ---------------------------------------------------------------------------------

/** The file's columns, required ones first (the header row names them; order is free). */
export const GLOBAL_PAY_COLUMNS = {
  required: ['amount', 'currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'],
  optional: ['description', 'feeShare', 'paymentMethods'],
} as const;
export type GlobalPayColumn = (typeof GLOBAL_PAY_COLUMNS)['required'][number] | (typeof GLOBAL_PAY_COLUMNS)['optional'][number];
const ALL_COLUMNS: readonly string[] = [...GLOBAL_PAY_COLUMNS.required, ...GLOBAL_PAY_COLUMNS.optional];

/** What is wrong with a cell (the app words it in the customer's language; the sandbox in English). */
export type GlobalPayProblem = 'required' | AmountProblem | 'currency' | 'email' | 'country' | 'beneficiaryType' | 'feeShare' | 'method' | 'tooLong' | 'feeAboveAmount' | 'duplicate';
export interface GlobalPayCellError {
  column: GlobalPayColumn | '';
  problem: GlobalPayProblem;
}

/** The header's missing required columns and the columns it names that a batch does not know. */
export function checkGlobalPayHeader(header: readonly string[]): { missing: string[]; unknown: string[] } {
  const names = header.map((h) => h.trim()).filter((h) => h !== '');
  return { missing: GLOBAL_PAY_COLUMNS.required.filter((name) => !names.includes(name)), unknown: names.filter((name) => !ALL_COLUMNS.includes(name)) };
}

/** The methods a row names (`;`, `|` or spaces between names); an empty cell allows every method of the country. */
export const splitMethods = (text: string): string[] =>
  text
    .split(/[;|\s]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** A payment's e-mail: one @, a dot in the domain followed by at least 2 characters, no spaces, at most 254 characters. */
export const isBeneficiaryEmail = (text: string): boolean => text.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(text);

/** An amount as the file and the calls carry it: digits, a point and at most 2 decimals. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** What is wrong with an amount typed or in a file: not a number, negative, more than 2 decimals, or out of 1.00–50,000.00 (zero among them). */
export type AmountProblem = 'amountNotNumber' | 'amountNegative' | 'amountDecimals' | 'amountRange';

/**
 * The one amount rule of a cell and a file's line (issue 45: "-15.00", "abc", "NaN" and "1e3" all
 * said "at most 2 decimals"): a minus before a number is negative; anything but digits with an
 * optional point and decimals is not a number (an exponent, a thousands separator, words); more than
 * 2 decimals is too precise; then the range. Null when the amount is right (or empty: required is
 * another rule).
 */
export function globalPayAmountProblem(text: string): AmountProblem | null {
  const amount = text.trim();
  if (!amount) return null;
  if (/^-\s*\d+(\.\d+)?$/.test(amount)) return 'amountNegative';
  if (!/^\d+(\.\d+)?$/.test(amount)) return 'amountNotNumber';
  if (/\.\d{3,}$/.test(amount)) return 'amountDecimals';
  if (!AMOUNT.test(amount) || Big(amount).lt(GLOBAL_PAY_MIN_AMOUNT) || Big(amount).gt(GLOBAL_PAY_MAX_AMOUNT)) return 'amountRange';
  return null;
}

/** What a payment is made of, as text (a file's row, or the form's values). */
export interface GlobalPayRow {
  amount: string;
  currency: string;
  description?: string | undefined;
  beneficiaryType: string;
  beneficiaryName: string;
  beneficiaryEmail: string;
  beneficiaryCountryCode: string;
  feeShare?: string | undefined;
  paymentMethods?: string | undefined;
}

/**
 * Every problem of one payment, in the columns' order, one per column: required cells, the amount's
 * format and range (1.00 to 50,000.00), a known currency, the e-mail, a country the batch pays
 * to, the beneficiary type, the fee side, method names the country offers, the lengths, and a
 * fee the recipient cannot pay out of the amount.
 */
export function checkGlobalPayRow(row: Readonly<Partial<Record<string, string>>>): GlobalPayCellError[] {
  const errors: GlobalPayCellError[] = [];
  const value = (name: string) => (row[name] ?? '').trim();
  for (const column of GLOBAL_PAY_COLUMNS.required) if (!value(column)) errors.push({ column, problem: 'required' });
  const has = (column: GlobalPayColumn) => errors.some((e) => e.column === column);
  const add = (column: GlobalPayColumn, problem: GlobalPayProblem) => {
    if (!has(column)) errors.push({ column, problem });
  };
  const amount = value('amount');
  const amountProblem = globalPayAmountProblem(amount);
  if (amountProblem) add('amount', amountProblem);
  const currency = value('currency').toUpperCase();
  if (currency && !(GLOBAL_PAY_CURRENCIES as readonly string[]).includes(currency)) add('currency', 'currency');
  if (value('beneficiaryType') && !(BENEFICIARY_TYPES as readonly string[]).includes(value('beneficiaryType'))) add('beneficiaryType', 'beneficiaryType');
  if (value('beneficiaryName').length > GLOBAL_PAY_NAME_MAX) add('beneficiaryName', 'tooLong');
  if (value('beneficiaryEmail') && !isBeneficiaryEmail(value('beneficiaryEmail'))) add('beneficiaryEmail', 'email');
  const country = value('beneficiaryCountryCode').toUpperCase();
  if (country && countryPaymentMethods(country).length === 0) add('beneficiaryCountryCode', 'country');
  if (value('description').length > GLOBAL_PAY_DESCRIPTION_MAX) add('description', 'tooLong');
  const feeShare = value('feeShare');
  if (feeShare && !(FEE_SHARES as readonly string[]).includes(feeShare)) add('feeShare', 'feeShare');
  const offered = countryPaymentMethods(country);
  if (offered.length && splitMethods(value('paymentMethods')).some((name) => !(offered as readonly string[]).includes(name))) add('paymentMethods', 'method');
  if (!has('amount') && amount && (feeShare || 'sender') === 'recipient' && !Big(amount).gt(paymentFee(amount))) add('amount', 'feeAboveAmount');
  return errors.sort((a, b) => ALL_COLUMNS.indexOf(a.column) - ALL_COLUMNS.indexOf(b.column));
}

/** Two payments are the same when they pay the same e-mail the same amount in the same currency. */
export const duplicateKey = (row: Pick<GlobalPayRow, 'beneficiaryEmail' | 'amount' | 'currency'>): string =>
  `${row.beneficiaryEmail.trim().toLowerCase()}|${AMOUNT.test(row.amount.trim()) ? Big(row.amount.trim()).toFixed(2) : row.amount.trim()}|${row.currency.trim().toUpperCase()}`;

/** A checked row as the calls carry it: trimmed, codes upper case, the fee side defaulted, the allowed methods named. */
export function paymentFromRow(row: Readonly<Partial<Record<string, string>>>): GlobalPayPaymentInput {
  const value = (name: string) => (row[name] ?? '').trim();
  const country = value('beneficiaryCountryCode').toUpperCase();
  const allowed = splitMethods(value('paymentMethods'));
  return {
    amount: Big(value('amount')).toFixed(2),
    currency: value('currency').toUpperCase(),
    description: value('description'),
    beneficiaryType: value('beneficiaryType') as BeneficiaryType,
    beneficiaryName: value('beneficiaryName'),
    beneficiaryEmail: value('beneficiaryEmail'),
    beneficiaryCountryCode: country,
    feeShare: (value('feeShare') || 'sender') as FeeShare,
    paymentMethods: countryPaymentMethods(country).map((name) => ({ name, forbidden: allowed.length > 0 && !allowed.includes(name) })),
  };
}

// ---- payments, fees and totals ----------------------------------------------------------------

export interface GlobalPayPaymentMethod {
  name: string;
  forbidden: boolean;
}
/** A payment as the calls carry it (001 s3 Global pay batch), without its id. */
export interface GlobalPayPaymentInput {
  amount: string;
  currency: string;
  description: string;
  beneficiaryType: BeneficiaryType;
  beneficiaryName: string;
  beneficiaryEmail: string;
  beneficiaryCountryCode: string;
  feeShare: FeeShare;
  paymentMethods: readonly GlobalPayPaymentMethod[];
}

/** The fee of one payment: 1 % of the amount, at least 1.00 and at most 25.00, rounded half up to cents. */
export function paymentFee(amount: string): string {
  const fee = Big(amount).times('0.01').round(2, Big.roundHalfUp);
  if (fee.lt('1')) return '1.00';
  if (fee.gt('25')) return '25.00';
  return fee.toFixed(2);
}

/** What the sender pays for a payment (the amount, plus the fee when the sender pays it). */
export const senderPays = (payment: Pick<GlobalPayPaymentInput, 'amount' | 'feeShare'>): string =>
  payment.feeShare === 'sender' ? Big(payment.amount).plus(paymentFee(payment.amount)).toFixed(2) : Big(payment.amount).toFixed(2);

/** What reaches the recipient (the amount, less the fee when the recipient pays it). */
export const recipientGets = (payment: Pick<GlobalPayPaymentInput, 'amount' | 'feeShare'>): string =>
  payment.feeShare === 'recipient' ? Big(payment.amount).minus(paymentFee(payment.amount)).toFixed(2) : Big(payment.amount).toFixed(2);

export interface GlobalPayTotal {
  currency: string;
  count: number;
  /** The payments' amounts. */
  amount: string;
  /** Every fee of the payments, whoever pays it. */
  fee: string;
  /** What the sender pays: the amounts and the fees the sender pays. */
  debit: string;
}

/** Totals per currency (sorted by currency) of the payments that are not removed; exact, never a float sum. */
export function batchTotals(payments: readonly (Pick<GlobalPayPaymentInput, 'amount' | 'currency' | 'feeShare'> & { status?: string })[]): GlobalPayTotal[] {
  const sums = new Map<string, { count: number; amount: Big; fee: Big; debit: Big }>();
  for (const payment of payments) {
    if (payment.status === 'removed') continue;
    const sum = sums.get(payment.currency) ?? { count: 0, amount: Big(0), fee: Big(0), debit: Big(0) };
    sum.count += 1;
    sum.amount = sum.amount.plus(payment.amount);
    sum.fee = sum.fee.plus(paymentFee(payment.amount));
    sum.debit = sum.debit.plus(senderPays(payment));
    sums.set(payment.currency, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, count: sum.count, amount: sum.amount.toFixed(2), fee: sum.fee.toFixed(2), debit: sum.debit.toFixed(2) }));
}

// ---- statuses ---------------------------------------------------------------------------------

/**
 * A batch: `draft` while it is edited; `pendingApproval` while its submit waits for the sender's
 * code or a company approver; `submitted`, then `processing`; `completed` once every payment has
 * settled (paid or failed); `rejected` when the sender cancelled it.
 */
export const BATCH_STATUSES = ['draft', 'pendingApproval', 'submitted', 'processing', 'completed', 'rejected'] as const;
export type GlobalPayBatchStatus = (typeof BATCH_STATUSES)[number];
/**
 * A payment: `draft` in a draft batch, `removed` from it (restorable), `processing` after submit,
 * `awaitingRecipient` when the recipient has been sent a link to choose how to receive,
 * `completed` when paid, `failed` with a reason.
 */
export const PAYMENT_STATUSES = ['draft', 'removed', 'processing', 'awaitingRecipient', 'completed', 'failed'] as const;
export type GlobalPayPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Whether a batch's status will not change by itself any more. */
export const isBatchSettled = (status: GlobalPayBatchStatus): boolean => status === 'completed' || status === 'rejected';
/** Whether a batch is still being followed (after submit, before it settles). */
export const isBatchUnderway = (status: GlobalPayBatchStatus): boolean => status === 'pendingApproval' || status === 'submitted' || status === 'processing';

/** Follow a batch: 1 s, 2 s, 4 s, 8 s, then every 15 s (the attempt counts from 0). */
export const statusPollDelay = (attempt: number): number => Math.min(1_000 * 2 ** Math.max(0, attempt), 15_000);

// ---- the recipient's side (/receive/{id}) ------------------------------------------------------

/** What a recipient fills in for each method (a wallet is the account of the e-mail the payment went to). */
export const RECEIVE_METHOD_FIELDS: Readonly<Record<GlobalPayMethod, readonly string[]>> = {
  bankTransfer: ['accountHolderName', 'accountNumber'],
  card: ['cardNumber'],
  wallet: [],
  instantPayment: ['instantKey'],
};

/** A recipient's card number: 13 to 19 digits (spaces allowed) passing Luhn's check. */
export function isCardNumber(text: string): boolean {
  const digits = text.replace(/\s+/g, '');
  return /^\d{13,19}$/.test(digits) && luhnChecksumOk(digits);
}

export type ReceiveProblem = 'required' | 'format';
/** The problems of a recipient's details for a method, by field. */
export function checkReceiveDetails(method: GlobalPayMethod, details: Readonly<Record<string, string | undefined>>): Record<string, ReceiveProblem> {
  const problems: Record<string, ReceiveProblem> = {};
  for (const field of RECEIVE_METHOD_FIELDS[method]) {
    const text = (details[field] ?? '').trim();
    if (!text) problems[field] = 'required';
    else if (field === 'cardNumber' && !isCardNumber(text)) problems[field] = 'format';
    else if (field === 'accountNumber' && !/^[A-Za-z0-9 ]{6,34}$/.test(text)) problems[field] = 'format';
    else if (field === 'accountHolderName' && text.length > GLOBAL_PAY_NAME_MAX) problems[field] = 'format';
    else if (field === 'instantKey' && (text.length < 3 || text.length > 77)) problems[field] = 'format';
  }
  return problems;
}
