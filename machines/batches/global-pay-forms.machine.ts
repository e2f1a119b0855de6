import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { normalizeAmount } from '../shared/amount';
import { checkGlobalPayRow, checkReceiveDetails, isBeneficiaryEmail, isGlobalPayMethod, type GlobalPayProblem, type ReceiveProblem } from './global-pay-rules';

/**
 * The two forms of global pay, on the form statechart: a payment of a draft batch (add or edit,
 * checked with the same row rule as the file and the service) and the recipient's choice on
 * /receive/{id} (a method and what it needs).
 */

/** Each problem of a payment's field in the customer's words (the file's problems use them too). */
export const globalPayProblemMessages: Record<GlobalPayProblem, MessageDescriptor> = {
  required: msg`Required.`,
  amountNotNumber: msg`Enter the amount as a number, for example 120.50.`,
  amountNegative: msg`The amount cannot be negative.`,
  amountDecimals: msg`Enter an amount with at most 2 decimals.`,
  amountRange: msg`Enter an amount from 1.00 to 50,000.00.`,
  currency: msg`Choose a currency a global payment can be made in.`,
  email: msg`Enter a valid e-mail address.`,
  country: msg`Global payments cannot be made to this country.`,
  beneficiaryType: msg`Choose individual or business.`,
  feeShare: msg`Choose who pays the fee: sender or recipient.`,
  method: msg`A payment method this country does not offer.`,
  tooLong: msg`Too long.`,
  feeAboveAmount: msg`The amount must be more than the fee when the recipient pays it.`,
  duplicate: msg`The same recipient, amount and currency as an earlier line.`,
};

export const PAYMENT_FORM_FIELDS = ['amount', 'currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode', 'description', 'feeShare'] as const;

/** A payment's fields checked with the row rule (a decimal comma typed is read as the point). */
export function validateGlobalPayPayment(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const error of checkGlobalPayRow({ ...values, amount: normalizeAmount(values.amount ?? '') })) {
    if (error.column) errors[error.column] = { descriptor: globalPayProblemMessages[error.problem] };
  }
  return errors;
}

export const globalPayPaymentFormMachine = createFormMachine('globalPayPaymentForm', validateGlobalPayPayment);
export const emptyGlobalPayPayment: FormValues = {
  amount: '',
  currency: '',
  beneficiaryType: 'individual',
  beneficiaryName: '',
  beneficiaryEmail: '',
  beneficiaryCountryCode: '',
  description: '',
  feeShare: 'sender',
};

/** A failed payment sent again: the same or a corrected e-mail. */
export function validateGlobalPayResend(values: FormValues): FormErrors {
  return isBeneficiaryEmail((values.beneficiaryEmail ?? '').trim()) ? {} : { beneficiaryEmail: { descriptor: globalPayProblemMessages.email } };
}
export const globalPayResendFormMachine = createFormMachine('globalPayResendForm', validateGlobalPayResend);

export const batchNameMessages = {
  required: msg`Enter a name for the batch.`,
  tooLong: msg`At most 60 characters.`,
};
/** A draft batch's new name: 1 to 60 characters. */
export function validateGlobalPayBatchName(values: FormValues): FormErrors {
  const name = (values.batchName ?? '').trim();
  if (!name) return { batchName: { descriptor: batchNameMessages.required } };
  return name.length > 60 ? { batchName: { descriptor: batchNameMessages.tooLong } } : {};
}
export const globalPayRenameFormMachine = createFormMachine('globalPayRenameForm', validateGlobalPayBatchName);

const receiveProblemMessages: Record<ReceiveProblem, MessageDescriptor> = {
  required: msg`Required.`,
  format: msg`Check this: it is not valid.`,
};
export const receiveMessages = {
  chooseMethod: msg`Choose how you want to receive the money.`,
};

/** The recipient's choice: a method (`paymentMethod`) and its fields. */
export function validateReceiveChoice(values: FormValues): FormErrors {
  const method = values.paymentMethod ?? '';
  if (!isGlobalPayMethod(method)) return { paymentMethod: { descriptor: receiveMessages.chooseMethod } };
  const errors: FormErrors = {};
  for (const [field, problem] of Object.entries(checkReceiveDetails(method, values))) errors[field] = { descriptor: receiveProblemMessages[problem] };
  return errors;
}

export const receiveFormMachine = createFormMachine('receiveForm', validateReceiveChoice);
export const emptyReceiveForm: FormValues = { paymentMethod: '', accountHolderName: '', accountNumber: '', cardNumber: '', instantKey: '' };
