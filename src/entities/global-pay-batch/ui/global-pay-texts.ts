import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GlobalPayBatchStatus, GlobalPayPaymentStatus } from '@machines/batches/global-pay-rules';

/** The words of global pay's names (methods, statuses, columns, failure reasons), one place for every view. */
export const METHOD_LABELS: Record<string, MessageDescriptor> = {
  bankTransfer: msg`Bank transfer`,
  card: msg`Card`,
  wallet: msg`Wallet`,
  instantPayment: msg`Instant payment`,
};

export const BATCH_STATUS_LABELS: Record<GlobalPayBatchStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  pendingApproval: msg`Waiting for approval`,
  submitted: msg`Submitted`,
  processing: msg`Processing`,
  completed: msg`Completed`,
  rejected: msg`Cancelled`,
};

export const PAYMENT_STATUS_LABELS: Record<GlobalPayPaymentStatus, MessageDescriptor> = {
  draft: msg`Ready`,
  removed: msg`Removed`,
  processing: msg`Processing`,
  awaitingRecipient: msg`Waiting for the recipient`,
  completed: msg`Paid`,
  failed: msg`Failed`,
};

export const FAILURE_LABELS: Record<string, MessageDescriptor> = {
  emailBounced: msg`The e-mail to the recipient bounced. Check the address and send it again.`,
  recipientRefused: msg`The recipient refused the payment.`,
  linkExpired: msg`The recipient did not choose how to receive it in time.`,
};

export const COLUMN_LABELS: Record<string, MessageDescriptor> = {
  amount: msg`Amount`,
  currency: msg`Currency`,
  description: msg`Description`,
  beneficiaryType: msg`Beneficiary type`,
  beneficiaryName: msg`Name`,
  beneficiaryEmail: msg`E-mail`,
  beneficiaryCountryCode: msg`Country`,
  feeShare: msg`Fee paid by`,
  paymentMethods: msg`Payment methods`,
};

export const BENEFICIARY_TYPE_LABELS: Record<string, MessageDescriptor> = {
  individual: msg`Individual`,
  business: msg`Business`,
};

export const FEE_SHARE_LABELS: Record<string, MessageDescriptor> = {
  sender: msg`Sender`,
  recipient: msg`Recipient`,
};
