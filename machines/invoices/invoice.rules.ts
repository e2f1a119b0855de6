import Big from 'big.js';
import { currencyDecimals, isPositiveAmount, normalizeAmount } from '../shared/amount.ts';
import { isCalendarDate } from '../settings/login-history.rules.ts';
import { INVOICE_STATUS, type InvoiceTab } from './invoice-search.ts';

/**
 * Invoices (001 s3 Invoice, s4 Invoices, s5, s7; issue 51) as pure rules shared by the page and the
 * sandbox: the status badge, overdue, what a row offers, and the create and funding forms' checks.
 * The spec shows no statusId transitions, so the client assumes none beyond what the service
 * answers (docs/decisions.md "Invoices"). Table-tested in tests/unit/invoice-rules.test.ts.
 */

/** The facts of an invoice the rules read. */
export interface InvoiceFacts {
  statusId: number;
  dueDate: string;
  isFunding: boolean;
  isSystem: boolean;
}

export type InvoiceTone = 'warning' | 'success' | 'danger' | 'info' | 'neutral';

/** The badge's tone by statusId: unpaid warning, paid success, rejected danger, payment pending info; an id the app does not know, neutral. */
export function invoiceTone(statusId: number): InvoiceTone {
  switch (statusId) {
    case INVOICE_STATUS.unpaid:
      return 'warning';
    case INVOICE_STATUS.paid:
      return 'success';
    case INVOICE_STATUS.rejected:
      return 'danger';
    case INVOICE_STATUS.paymentPending:
      return 'info';
    default:
      return 'neutral';
  }
}

/** Unpaid after its due date: the due day is still on time; `today` is the customer's day (YYYY-MM-DD in their time zone). */
export const isOverdue = (invoice: Pick<InvoiceFacts, 'statusId' | 'dueDate'>, today: string): boolean => invoice.statusId === INVOICE_STATUS.unpaid && invoice.dueDate < today;

export interface InvoiceActions {
  view: boolean;
  pay: boolean;
  reject: boolean;
  pdf: boolean;
}

/**
 * What a row offers (one function of the tab and the invoice): every invoice can be viewed and its
 * PDF opened. Only an unpaid invoice the customer received can be paid, overdue or not; a funding
 * invoice is paid by a bank transfer to the details on its PDF, not from here. An unpaid received
 * invoice can be rejected unless the service issued it (funding and other system invoices). A sent
 * invoice offers nothing more (the spec has no cancel).
 */
export function invoiceActions(tab: InvoiceTab, invoice: InvoiceFacts): InvoiceActions {
  const payable = tab === 'received' && invoice.statusId === INVOICE_STATUS.unpaid;
  return {
    view: true,
    pdf: true,
    pay: payable && !invoice.isFunding,
    reject: payable && !invoice.isSystem && !invoice.isFunding,
  };
}

/** 001 s5's e-mail rule (longer than 5 characters with "@" and "."); here the field is required. */
const isEmail = (text: string): boolean => text.length > 5 && text.includes('@') && text.includes('.') && !/\s/.test(text);

export const INVOICE_NOTE_MAX = 500;

export type AmountProblem = 'required' | 'format' | 'zero' | 'places';

/** An amount to invoice: typed, a number, above zero, with no more decimals than the currency has. */
export function amountProblem(text: string, currency: string | undefined): AmountProblem | null {
  const amount = normalizeAmount(text);
  if (!amount) return 'required';
  if (!/^\d{1,15}(\.\d{1,8})?$/.test(amount)) return 'format';
  if (new Big(amount).eq(0)) return 'zero';
  if (!isPositiveAmount(amount, currencyDecimals(currency))) return 'places';
  return null;
}

export interface InvoiceCreateValues {
  toEmail: string;
  amount: string;
  currency: string;
  dueDate: string;
  noteBody: string;
}

export type InvoiceCreateProblem = AmountProblem | 'own' | 'unknownCurrency' | 'past' | 'tooLong';

/**
 * The create popup's rule, the service's too (001 s7 create: noteBody, toEmail, amount, currency,
 * dueDate): the payer's e-mail by 001 s5 and not the customer's own (any case); the amount as above;
 * a currency of one of the customer's accounts; the due date a real day, today or later (the
 * customer's today); the note at most 500 characters.
 */
export function invoiceCreateProblems(
  values: InvoiceCreateValues,
  facts: { today: string; currencies: readonly string[]; ownEmails: readonly string[] },
): Partial<Record<keyof InvoiceCreateValues, InvoiceCreateProblem>> {
  const problems: Partial<Record<keyof InvoiceCreateValues, InvoiceCreateProblem>> = {};
  const email = values.toEmail.trim();
  if (!email) problems.toEmail = 'required';
  else if (!isEmail(email)) problems.toEmail = 'format';
  else if (facts.ownEmails.some((own) => own.toLowerCase() === email.toLowerCase())) problems.toEmail = 'own';
  const currency = values.currency.trim().toUpperCase();
  if (!currency) problems.currency = 'required';
  else if (!facts.currencies.includes(currency)) problems.currency = 'unknownCurrency';
  const amount = amountProblem(values.amount, currency || undefined);
  if (amount) problems.amount = amount;
  const due = values.dueDate.trim();
  if (!due) problems.dueDate = 'required';
  else if (!isCalendarDate(due)) problems.dueDate = 'format';
  else if (due < facts.today) problems.dueDate = 'past';
  if (values.noteBody.length > INVOICE_NOTE_MAX) problems.noteBody = 'tooLong';
  return problems;
}

/** The reject popup's note: optional, at most 500 characters. */
export const rejectNoteProblem = (note: string): 'tooLong' | null => (note.length > INVOICE_NOTE_MAX ? 'tooLong' : null);

/** The business funding invoice's amount (001 s7: amount), in the currency it is issued in. */
export const fundingAmountProblem = (text: string, currency: string | undefined): AmountProblem | null => amountProblem(text, currency);

/** An account the pay popup may offer (the facts it reads). */
export interface PayingAccount {
  accountId: number;
  currencyCode: string;
  balance: string;
  accountStatusId?: number | undefined;
  type?: number | undefined;
}

/** Payment (1001) accounts pay invoices; cards and prepayment accounts do not. */
const PAYMENT_ACCOUNT = 1001;
const CLOSED = 11;

/**
 * The accounts an invoice can be paid from: open payment accounts in the invoice's currency whose
 * balance covers the amount (the fee is known once one is chosen: `coversTotal`).
 */
export function payingAccounts<A extends PayingAccount>(accounts: readonly A[], invoice: { amount: string; currencyCode: string }): A[] {
  return accounts.filter((account) => account.currencyCode === invoice.currencyCode && isOpenPaymentAccount(account) && new Big(account.balance).gte(invoice.amount));
}

/** An open payment (1001) account: what invoices are issued to, paid from and funded (the service's rule too). */
const isOpenPaymentAccount = (account: Pick<PayingAccount, 'type' | 'accountStatusId'>): boolean =>
  account.accountStatusId !== CLOSED && (account.type === undefined || account.type === PAYMENT_ACCOUNT);

/** The currencies an invoice can be asked in: those of the customer's open payment accounts, each once, in their order. */
export const invoiceCurrencies = (accounts: readonly Pick<PayingAccount, 'currencyCode' | 'type' | 'accountStatusId'>[]): string[] => [
  ...new Set(accounts.filter(isOpenPaymentAccount).map((account) => account.currencyCode)),
];

/** The currency a business's funding invoice is issued in: its first open payment account's (none: no funding invoice). */
export const fundingCurrencyOf = (accounts: readonly Pick<PayingAccount, 'currencyCode' | 'type' | 'accountStatusId'>[]): string | null => accounts.find(isOpenPaymentAccount)?.currencyCode ?? null;

/** amount + fee, exactly. */
export const invoiceTotal = (amount: string, fee: string): string => new Big(amount).plus(fee).toFixed();

/** Whether the balance covers the amount and the fee (the pay button's rule). */
export const coversTotal = (balance: string, amount: string, fee: string): boolean => new Big(balance).gte(new Big(amount).plus(fee));
