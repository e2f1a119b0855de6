import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currencyDecimals, isPositiveAmount, normalizeAmount } from '../shared/amount';
import type { MainBody } from '@contract/main-methods';
import { accountKind, CARD_STATUS, isClosed, type AccountFacts } from '../accounts/account.logic';

/**
 * A transfer between the customer's own accounts (001 s3 Between-accounts transfer, s4 Recurring
 * options, s5, s7) as pure rules: the exchange rate, the amount in either currency, which lookups
 * may run (fee, maximum amount, limits), the form's rule, and the submit's body. Table-tested in
 * tests/unit/own-transfer-rules.test.ts. Amounts are exact decimal text (big.js), never floats.
 */

export interface OwnAccount {
  accountId: number;
  currencyCode: string;
  balance: string;
}

/** The form's values (text, as the form machine keeps them). */
export interface OwnTransferValues {
  fromAccount: string;
  toAccount: string;
  amount: string;
  /** Which account's currency the amount is typed in (001 s3: toAmount with its currency). */
  amountIn: 'from' | 'to' | string;
  reference: string;
  /** "true" when the transfer repeats (001 s4 Recurring options). */
  recurring: string;
  frequency: string;
  endDate: string;
  transactions: string;
  userCancel: string;
}

export const emptyOwnTransfer: OwnTransferValues = { fromAccount: '', toAccount: '', amount: '', amountIn: 'from', reference: '', recurring: '', frequency: '', endDate: '', transactions: '', userCancel: '' };

export const SUBSCRIPTION_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
export const isSubscriptionFrequency = (value: string): value is SubscriptionFrequency => (SUBSCRIPTION_FREQUENCIES as readonly string[]).includes(value);

export const FREQUENCY_LABELS: Readonly<Record<SubscriptionFrequency, MessageDescriptor>> = {
  weekly: msg`Every week`,
  monthly: msg`Every month`,
  quarterly: msg`Every three months`,
  yearly: msg`Every year`,
};

/**
 * Which accounts a transfer between own accounts may take money from: open accounts that are not
 * cards (payment, prepayment, receiving); money never leaves a card this way (the service refuses it).
 */
export function ownTransferSources<A extends AccountFacts>(accounts: readonly A[]): A[] {
  return accounts.filter((a) => !isClosed(a) && accountKind(a.type) !== 'card' && accountKind(a.type) !== 'other');
}

/**
 * Where it may go from the chosen source: any other open account; a prepaid card only while it
 * allows a load (active) and only in the source's currency (a card is loaded without an exchange);
 * never a debit card (it spends from its settlement account).
 */
export function ownTransferDestinations<A extends AccountFacts>(accounts: readonly A[], fromAccount: string): A[] {
  const from = accounts.find((a) => String(a.accountId) === fromAccount);
  return accounts.filter((a) => {
    if (isClosed(a) || String(a.accountId) === fromAccount) return false;
    const kind = accountKind(a.type);
    if (kind === 'other') return false;
    if (kind !== 'card') return true;
    return a.subType !== 'DEBIT' && a.accountStatusId === CARD_STATUS.active && (!from || from.currencyCode === a.currencyCode);
  });
}

/** The recurring options of a transfer form (001 s4), as the form keeps them. */
export type RecurringValues = Pick<OwnTransferValues, 'recurring' | 'frequency' | 'endDate' | 'transactions' | 'userCancel'>;

/**
 * Recurring options (001 s4), for own-account and p2p transfers alike: a frequency, and an end —
 * a date after today, a number of transfers (1–999), or "until I cancel".
 */
export function validateRecurring(values: RecurringValues, today: string): Partial<Record<keyof RecurringValues, { descriptor: MessageDescriptor }>> {
  const errors: Partial<Record<keyof RecurringValues, { descriptor: MessageDescriptor }>> = {};
  if (values.recurring !== 'true') return errors;
  if (!isSubscriptionFrequency(values.frequency)) errors.frequency = { descriptor: ownTransferMessages.frequency };
  const end = values.endDate.trim();
  const count = values.transactions.trim();
  if (end && !(/^\d{4}-\d{2}-\d{2}$/.test(end) && end > today)) errors.endDate = { descriptor: ownTransferMessages.endDate };
  if (count && !/^[1-9]\d{0,2}$/.test(count)) errors.transactions = { descriptor: ownTransferMessages.transactions };
  if (!end && !count && values.userCancel !== 'true') errors.endDate = { descriptor: ownTransferMessages.endOrCount };
  return errors;
}

/** The subscription fields of a submit (001 s7), the same for own-account and p2p transfers. */
export type SubscriptionFields = Pick<MainBody<'ownAccountsTransfer'>, 'subscriptionFrequency' | 'subscriptionEndDate' | 'subscriptionTransactions' | 'subscriptionUserCancel'>;

/** The subscription fields of a submit (001 s7), only for a recurring transfer; empty values are not sent. */
export function subscriptionFields(values: RecurringValues): SubscriptionFields {
  if (values.recurring !== 'true') return {};
  return {
    ...(isSubscriptionFrequency(values.frequency) ? { subscriptionFrequency: values.frequency } : {}),
    ...(values.endDate.trim() ? { subscriptionEndDate: values.endDate.trim() } : {}),
    ...(values.transactions.trim() ? { subscriptionTransactions: Number(values.transactions.trim()) } : {}),
    subscriptionUserCancel: values.userCancel === 'true',
  };
}

/** 001 s5: the rate is 1 when the currencies are equal or either is missing; otherwise the service's rate (null until known). */
export function exchangeRate(fromCurrency: string | undefined, toCurrency: string | undefined, serviceRate: string | null | undefined): string | null {
  if (!fromCurrency || !toCurrency || fromCurrency === toCurrency) return '1';
  return serviceRate && /^\d{1,15}(\.\d{1,12})?$/.test(serviceRate) && new Big(serviceRate).gt(0) ? serviceRate : null;
}

const pick = (accounts: readonly OwnAccount[], id: string) => accounts.find((a) => String(a.accountId) === id);

/**
 * Both amounts of the transfer: what leaves the source and what arrives, from the amount typed in
 * either currency and the rate (from → to). The computed side is rounded down to its currency's
 * decimals, so the customer never receives more than the rate gives. Null while something is missing.
 */
export function ownTransferAmounts(values: Pick<OwnTransferValues, 'fromAccount' | 'toAccount' | 'amount' | 'amountIn'>, accounts: readonly OwnAccount[], rate: string | null): { fromAmount: string; toAmount: string } | null {
  const from = pick(accounts, values.fromAccount);
  const to = pick(accounts, values.toAccount);
  if (!from || !to || rate === null) return null;
  const typedIn = values.amountIn === 'to' ? to : from;
  if (!isPositiveAmount(values.amount, currencyDecimals(typedIn.currencyCode))) return null;
  const typed = new Big(normalizeAmount(values.amount));
  if (values.amountIn === 'to') {
    const fromAmount = typed.div(rate).round(currencyDecimals(from.currencyCode), Big.roundUp);
    return { fromAmount: fromAmount.toFixed(currencyDecimals(from.currencyCode)), toAmount: typed.toFixed(currencyDecimals(to.currencyCode)) };
  }
  const toAmount = typed.times(rate).round(currencyDecimals(to.currencyCode), Big.roundDown);
  return { fromAmount: typed.toFixed(currencyDecimals(from.currencyCode)), toAmount: toAmount.toFixed(currencyDecimals(to.currencyCode)) };
}

/**
 * What leaves the source account: the amount and, when the fee is taken in the source's currency,
 * the fee too (a $10.00 transfer with a $0.05 fee leaves $10.05). Null until the fee is known, so
 * the screen never shows less than what will leave; a fee in another currency is not added.
 */
export function leavesAccount(fromAmount: string, fromCurrency: string, fee: { fee: string; currencyCode?: string | undefined } | null | undefined): string | null {
  if (!fee) return null;
  const feeCurrency = fee.currencyCode || fromCurrency;
  if (feeCurrency !== fromCurrency) return fromAmount;
  return new Big(fromAmount).plus(fee.fee || '0').toFixed(currencyDecimals(fromCurrency));
}

/** 001 s5: the fee needs amount, source and destination (and an amount above 0). */
export function feeLookup(values: OwnTransferValues, accounts: readonly OwnAccount[], rate: string | null): { amount: string; fromAccountId: number; toAccountId: number } | null {
  const amounts = ownTransferAmounts(values, accounts, rate);
  if (!amounts || values.fromAccount === values.toAccount) return null;
  return { amount: amounts.fromAmount, fromAccountId: Number(values.fromAccount), toAccountId: Number(values.toAccount) };
}

/** 001 s5: maximum amount and limits need both accounts chosen (own-account case). */
export function maxAmountLookup(values: Pick<OwnTransferValues, 'fromAccount' | 'toAccount'>, accounts: readonly OwnAccount[]): { fromAccountId: number; toAccountId: number; operation: 'betweenAccounts'; currencyCode: string } | null {
  const from = pick(accounts, values.fromAccount);
  const to = pick(accounts, values.toAccount);
  if (!from || !to || from.accountId === to.accountId) return null;
  return { fromAccountId: from.accountId, toAccountId: to.accountId, operation: 'betweenAccounts', currencyCode: from.currencyCode };
}

export const ownTransferMessages = {
  from: msg`Choose the account to send from.`,
  to: msg`Choose the account to send to.`,
  same: msg`Choose two different accounts.`,
  amount: msg`Type an amount above 0, for example 25.50.`,
  rate: msg`The exchange rate is not known yet. Try again in a moment.`,
  belowMin: msg`The smallest amount for this transfer is {min}.`,
  aboveMax: msg`The largest amount for this transfer is {max}.`,
  balance: msg`There is not enough money on this account (the fee included).`,
  reference: msg`A reference has at most 140 characters.`,
  frequency: msg`Choose how often it repeats.`,
  endDate: msg`Choose an end date after today.`,
  transactions: msg`Type how many times, from 1 to 999.`,
  endOrCount: msg`Choose an end date or a number of times, or let it run until you cancel it.`,
} satisfies Record<string, MessageDescriptor>;

export type OwnTransferErrors = Partial<Record<keyof OwnTransferValues, { descriptor: MessageDescriptor; values?: Record<string, string> }>>;

/** What the service said before submit: the smallest and largest amount (in the source currency), and the fee. */
export interface OwnTransferFacts {
  minAmount?: string | null;
  maxAmount?: string | null;
  fee?: string | null;
  /** Today (YYYY-MM-DD), for the end date. */
  today: string;
}

/**
 * The form's rule: two different accounts, an amount above 0 in its currency's decimals, within
 * the service's minimum and maximum, covered by the balance with the fee; a reference of at most
 * 140 characters; a recurring transfer needs a frequency and ends on a date after today, after a
 * number of transfers, or when the user cancels it.
 */
export function validateOwnTransfer(values: OwnTransferValues, accounts: readonly OwnAccount[], rate: string | null, facts: OwnTransferFacts): OwnTransferErrors {
  const errors: OwnTransferErrors = {};
  const from = pick(accounts, values.fromAccount);
  const to = pick(accounts, values.toAccount);
  if (!from) errors.fromAccount = { descriptor: ownTransferMessages.from };
  if (!to) errors.toAccount = { descriptor: ownTransferMessages.to };
  else if (from && from.accountId === to.accountId) errors.toAccount = { descriptor: ownTransferMessages.same };
  const typedIn = values.amountIn === 'to' ? to : from;
  if (!isPositiveAmount(values.amount, currencyDecimals(typedIn?.currencyCode))) errors.amount = { descriptor: ownTransferMessages.amount };
  else if (from && to && !errors.toAccount) {
    const amounts = ownTransferAmounts(values, accounts, rate);
    if (!amounts) errors.amount = { descriptor: ownTransferMessages.rate };
    else {
      const sent = new Big(amounts.fromAmount);
      if (facts.minAmount && sent.lt(facts.minAmount)) errors.amount = { descriptor: ownTransferMessages.belowMin, values: { min: `${facts.minAmount} ${from.currencyCode}` } };
      else if (facts.maxAmount && sent.gt(facts.maxAmount)) errors.amount = { descriptor: ownTransferMessages.aboveMax, values: { max: `${facts.maxAmount} ${from.currencyCode}` } };
      else if (sent.plus(facts.fee && /^\d+(\.\d+)?$/.test(facts.fee) ? facts.fee : '0').gt(from.balance)) errors.amount = { descriptor: ownTransferMessages.balance };
    }
  }
  if (values.reference.trim().length > 140) errors.reference = { descriptor: ownTransferMessages.reference };
  Object.assign(errors, validateRecurring(values, facts.today));
  return errors;
}

/**
 * The submit's body (001 s7 own accounts: toAmount, currency, fromAccount, toAccount, subscription
 * fields, reference) with the requestId of this intent. Empty values are not sent (000 s7).
 */
export function ownTransferRequest(values: OwnTransferValues, accounts: readonly OwnAccount[], requestId: string): MainBody<'ownAccountsTransfer'> {
  const typedIn = values.amountIn === 'to' ? pick(accounts, values.toAccount) : pick(accounts, values.fromAccount);
  const body: MainBody<'ownAccountsTransfer'> = {
    fromAccount: Number(values.fromAccount),
    toAccount: Number(values.toAccount),
    toAmount: new Big(normalizeAmount(values.amount)).toFixed(currencyDecimals(typedIn?.currencyCode)),
    currency: typedIn?.currencyCode ?? '',
    requestId,
  };
  if (values.reference.trim()) body.reference = values.reference.trim();
  return { ...body, ...subscriptionFields(values) };
}
