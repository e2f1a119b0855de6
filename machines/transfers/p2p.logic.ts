import type { MainBody } from '@contract/main-methods';
import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currencyDecimals, isPositiveAmount, normalizeAmount } from '../shared/amount';
import { isEmailValid } from '../shared/email';
import { subscriptionFields, validateRecurring, type OwnAccount, type RecurringValues } from './own-transfer.logic';

/**
 * Peer-to-peer by e-mail (/transfer/p2p; 001 s3, s4, s5, s7) as pure rules: when an e-mail is
 * valid and worth a server check, when the fee may be asked, the form's rule, the submit's body,
 * and how a recent transfer or a template fills the form. Table-tested in tests/unit/p2p-rules.test.ts.
 */

/** 001 s5: an e-mail field is valid when empty, or longer than 5 characters with "@" and "." (machines/shared/email.ts). */
export { isEmailValid };

/** 001 s5: an invalid e-mail skips the server check, and so does an empty one (nothing to check). */
export const isPayeeCheckable = (text: string): boolean => text.trim() !== '' && isEmailValid(text);

/** What the payee check asks for a typed e-mail (the lookup statechart's query): the address in lower case, or null when nothing may be asked. */
export const payeeQuery = (text: string): string | null => (isPayeeCheckable(text) ? text.trim().toLowerCase() : null);

/** The payee check waits this long after the e-mail changes (the lookup's settle delay). */
export const PAYEE_CHECK_DELAY_MS = 400;

/** The form's values (text, as the transfer statechart keeps them). */
export interface P2pValues extends RecurringValues {
  accountId: string;
  toEmail: string;
  amount: string;
  note: string;
  reference: string;
  fromEmailId: string;
  couponCode: string;
  /** "true" when the customer saves this transfer as a template. */
  saveTemplate: string;
  templateName: string;
}

export const emptyP2p: P2pValues = {
  accountId: '',
  toEmail: '',
  amount: '',
  note: '',
  reference: '',
  fromEmailId: '',
  couponCode: '',
  saveTemplate: '',
  templateName: '',
  recurring: '',
  frequency: '',
  endDate: '',
  transactions: '',
  userCancel: '',
};

/** What the payee check said (001 s7: exist, exists, isEmployee, outBlacklist). */
export interface PayeeFacts {
  email: string;
  exist: boolean;
  isEmployee?: boolean | undefined;
  outBlacklist?: boolean | undefined;
  name?: string | undefined;
}

/** 001 s5: the p2p fee is asked only with an amount above 0 (and an account to send from). */
export function p2pFeeLookup(values: Pick<P2pValues, 'accountId' | 'amount'>, accounts: readonly OwnAccount[]): { amount: string; accountId: number } | null {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  if (!from || !isPositiveAmount(values.amount, currencyDecimals(from.currencyCode))) return null;
  return { amount: new Big(normalizeAmount(values.amount)).toFixed(currencyDecimals(from.currencyCode)), accountId: from.accountId };
}

export const p2pMessages = {
  account: msg`Choose the account to send from.`,
  email: msg`Type the recipient's whole e-mail address.`,
  noPayee: msg`There is no customer with this e-mail. Check it, or ask them to open an account.`,
  blacklisted: msg`This e-mail is on your payout blacklist. Remove it there to send money to it.`,
  self: msg`This is your own e-mail. To move money between your accounts, use Between your accounts.`,
  amount: msg`Type an amount above 0, for example 25.50.`,
  balance: msg`There is not enough money on this account (the fee included).`,
  note: msg`A note has at most 255 characters.`,
  reference: msg`A reference has at most 140 characters.`,
  fromEmail: msg`Choose the e-mail the recipient sees.`,
  coupon: msg`A coupon code has letters and digits only, at most 32.`,
  templateName: msg`Name the template (at most 60 characters).`,
} satisfies Record<string, MessageDescriptor>;

export type P2pErrors = Partial<Record<keyof P2pValues, { descriptor: MessageDescriptor }>>;

/** What the screen knows from the service at submit time. */
export interface P2pFacts {
  accounts: readonly OwnAccount[];
  /** The payee check of the typed e-mail, if it answered. */
  payee: PayeeFacts | null;
  /** The customer's own e-mails (ids as text) and addresses. */
  emails: readonly { id: number; email: string }[];
  fee: string | null;
  today: string;
}

/**
 * The form's rule: an open account to send from; a whole e-mail of a customer who may receive it
 * (not the customer's own, not on the payout blacklist); an amount above 0 in the currency's
 * decimals covered by the balance with the fee; a note of at most 255 and a reference of at most
 * 140 characters; the sender's e-mail among the customer's; a coupon of letters and digits; a
 * template name when saving one; the recurring options (001 s4).
 */
export function validateP2p(values: P2pValues, facts: P2pFacts): P2pErrors {
  const errors: P2pErrors = {};
  const from = facts.accounts.find((a) => String(a.accountId) === values.accountId);
  if (!from) errors.accountId = { descriptor: p2pMessages.account };
  const email = values.toEmail.trim();
  const payee = facts.payee && facts.payee.email.toLowerCase() === email.toLowerCase() ? facts.payee : null;
  if (!isPayeeCheckable(email)) errors.toEmail = { descriptor: p2pMessages.email };
  else if (facts.emails.some((e) => e.email.toLowerCase() === email.toLowerCase())) errors.toEmail = { descriptor: p2pMessages.self };
  else if (payee && !payee.exist) errors.toEmail = { descriptor: p2pMessages.noPayee };
  else if (payee?.outBlacklist) errors.toEmail = { descriptor: p2pMessages.blacklisted };
  if (!isPositiveAmount(values.amount, currencyDecimals(from?.currencyCode))) errors.amount = { descriptor: p2pMessages.amount };
  else if (from) {
    const fee = facts.fee && /^\d+(\.\d+)?$/.test(facts.fee) ? facts.fee : '0';
    if (new Big(normalizeAmount(values.amount)).plus(fee).gt(from.balance)) errors.amount = { descriptor: p2pMessages.balance };
  }
  if (values.note.trim().length > 255) errors.note = { descriptor: p2pMessages.note };
  if (values.reference.trim().length > 140) errors.reference = { descriptor: p2pMessages.reference };
  if (facts.emails.length > 1 && !facts.emails.some((e) => String(e.id) === values.fromEmailId)) errors.fromEmailId = { descriptor: p2pMessages.fromEmail };
  if (values.couponCode.trim() && !/^[A-Za-z0-9]{1,32}$/.test(values.couponCode.trim())) errors.couponCode = { descriptor: p2pMessages.coupon };
  if (values.saveTemplate === 'true' && !/^.{1,60}$/.test(values.templateName.trim())) errors.templateName = { descriptor: p2pMessages.templateName };
  return { ...errors, ...validateRecurring(values, facts.today) };
}

/**
 * The submit's body (001 s7 p2p: accountId, amount, currency, toEmail, note, fromEmailId,
 * reference, subscription fields, couponCode, templateName, platform) with the intent's requestId.
 * Empty values are not sent (000 s7); the platform is the web.
 */
export function p2pRequest(values: P2pValues, accounts: readonly OwnAccount[], requestId: string): MainBody<'p2pTransfer'> {
  const from = accounts.find((a) => String(a.accountId) === values.accountId);
  const body: MainBody<'p2pTransfer'> = {
    accountId: Number(values.accountId),
    amount: new Big(normalizeAmount(values.amount)).toFixed(currencyDecimals(from?.currencyCode)),
    currency: from?.currencyCode ?? '',
    toEmail: values.toEmail.trim(),
    platform: 'web',
    requestId,
  };
  if (values.note.trim()) body.note = values.note.trim();
  if (values.reference.trim()) body.reference = values.reference.trim();
  if (values.fromEmailId) body.fromEmailId = Number(values.fromEmailId);
  if (values.couponCode.trim()) body.couponCode = values.couponCode.trim().toUpperCase();
  if (values.saveTemplate === 'true' && values.templateName.trim()) body.templateName = values.templateName.trim();
  return { ...body, ...subscriptionFields(values) };
}

/** A recent transfer's or a template's fields that fill the form (the rest stays as typed). */
export function p2pPrefill(source: { toEmail?: string | undefined; amount?: string | undefined; accountId?: number | undefined; note?: string | undefined; currencyCode?: string | undefined }, accounts: readonly OwnAccount[]): Partial<P2pValues> {
  const values: Partial<P2pValues> = {};
  if (source.toEmail) values.toEmail = source.toEmail;
  if (source.amount && /^\d{1,15}(\.\d{1,8})?$/.test(source.amount)) values.amount = source.amount;
  if (source.note) values.note = source.note;
  const account =
    (source.accountId !== undefined ? accounts.find((a) => a.accountId === source.accountId) : undefined) ??
    (source.currencyCode ? accounts.find((a) => a.currencyCode === source.currencyCode) : undefined);
  if (account) values.accountId = String(account.accountId);
  return values;
}
