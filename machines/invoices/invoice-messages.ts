import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { linesOf } from '../settings/security-lists-messages';
import { invoiceFilterProblems, type InvoiceFilterField, type RangeProblem } from './invoice-search';
import { fundingAmountProblem, invoiceCreateProblems, rejectNoteProblem, type AmountProblem, type InvoiceCreateProblem, type InvoiceCreateValues } from './invoice.rules';

/**
 * The invoice forms' rules in words (issue 51): the create popup, the reject popup, the business
 * funding invoice and the lists' filter, each by field. The facts a rule needs beyond what is typed
 * come with the form's values: `today` (the customer's day), `currencies` (the customer's account
 * currencies, one per line), `own` (the customer's e-mails, one per line) and, for the funding
 * invoice, `currency`.
 */
export const invoiceMessages = {
  emailRequired: msg`Enter the e-mail of the customer who pays.`,
  emailFormat: msg`Enter an e-mail address, for example ana@example.com.`,
  emailOwn: msg`You cannot send an invoice to yourself.`,
  amountRequired: msg`Enter the amount.`,
  amountFormat: msg`Enter an amount, for example 25.50.`,
  amountZero: msg`The amount must be more than zero.`,
  amountPlaces: msg`This currency does not take that many decimals.`,
  currencyRequired: msg`Choose a currency.`,
  currencyUnknown: msg`Choose the currency of one of your accounts.`,
  dueRequired: msg`Choose the due date.`,
  dueFormat: msg`Enter a date as YYYY-MM-DD, for example 2026-03-01.`,
  duePast: msg`The due date cannot be in the past.`,
  noteTooLong: msg`Keep the note to 500 characters.`,
  rangeDate: msg`Enter a date as YYYY-MM-DD, for example 2026-03-01.`,
  rangeDateOrder: msg`The end date is before the start date.`,
  rangeAmount: msg`Type an amount, for example 25.50.`,
  rangeAmountOrder: msg`The smallest amount is above the largest.`,
  /** 001 s8, exactly. */
  fundingFailed: msg`Failed to generate invoice. Please, try again.`,
} satisfies Record<string, MessageDescriptor>;

const AMOUNT_TEXTS: Record<AmountProblem, MessageDescriptor> = {
  required: invoiceMessages.amountRequired,
  format: invoiceMessages.amountFormat,
  zero: invoiceMessages.amountZero,
  places: invoiceMessages.amountPlaces,
};

const CREATE_TEXTS: Record<keyof InvoiceCreateValues, Partial<Record<InvoiceCreateProblem, MessageDescriptor>>> = {
  toEmail: { required: invoiceMessages.emailRequired, format: invoiceMessages.emailFormat, own: invoiceMessages.emailOwn },
  amount: AMOUNT_TEXTS,
  currency: { required: invoiceMessages.currencyRequired, unknownCurrency: invoiceMessages.currencyUnknown },
  dueDate: { required: invoiceMessages.dueRequired, format: invoiceMessages.dueFormat, past: invoiceMessages.duePast },
  noteBody: { tooLong: invoiceMessages.noteTooLong },
};

/** The create popup's errors by field (invoiceCreateProblems in words). */
export function invoiceCreateErrors(values: FormValues): FormErrors {
  const problems = invoiceCreateProblems(
    { toEmail: values.toEmail ?? '', amount: values.amount ?? '', currency: values.currency ?? '', dueDate: values.dueDate ?? '', noteBody: values.noteBody ?? '' },
    { today: values.today ?? '', currencies: linesOf(values.currencies), ownEmails: linesOf(values.own) },
  );
  const errors: FormErrors = {};
  for (const [field, problem] of Object.entries(problems) as [keyof InvoiceCreateValues, InvoiceCreateProblem][]) {
    const descriptor = CREATE_TEXTS[field][problem];
    if (descriptor) errors[field] = { descriptor };
  }
  return errors;
}

/** The reject popup's note. */
export function invoiceRejectErrors(values: FormValues): FormErrors {
  return rejectNoteProblem(values.note ?? '') ? { note: { descriptor: invoiceMessages.noteTooLong } } : {};
}

/** The funding invoice's amount, in the currency it will be issued in (`currency`). */
export function fundingInvoiceErrors(values: FormValues): FormErrors {
  const problem = fundingAmountProblem(values.amount ?? '', values.currency || undefined);
  return problem ? { amount: { descriptor: AMOUNT_TEXTS[problem] } } : {};
}

const RANGE_TEXTS: Record<InvoiceFilterField, Record<RangeProblem, MessageDescriptor>> = {
  fromDate: { format: invoiceMessages.rangeDate, order: invoiceMessages.rangeDateOrder },
  toDate: { format: invoiceMessages.rangeDate, order: invoiceMessages.rangeDateOrder },
  fromAmount: { format: invoiceMessages.rangeAmount, order: invoiceMessages.rangeAmountOrder },
  toAmount: { format: invoiceMessages.rangeAmount, order: invoiceMessages.rangeAmountOrder },
};

/** The lists' filter errors by field (invoiceFilterProblems in words). */
export function invoiceFilterErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [field, problem] of Object.entries(invoiceFilterProblems(values)) as [InvoiceFilterField, RangeProblem][]) errors[field] = { descriptor: RANGE_TEXTS[field][problem] };
  return errors;
}
