import Big from 'big.js';
import { isCryptoCode } from '../shared/crypto-currencies.ts';
import { isEmailValid } from '../shared/email.ts';
import { openPaymentAccounts } from './merchant.rules.ts';

/**
 * Merchant tools, 2 of 2 (issue 56; spec 001 s2 accounts/subscribers, security/verification and its
 * history, security/reputation; s3 subscription, identity verification item with a fee per
 * accountId, reputation entry; s5 the reputation e-mail trimmed, identity list filters without
 * empty values; s7 the calls; s9 page sizes) as pure rules shared by the pages, the statecharts and
 * the sandbox. Decisions: docs/decisions.md "Merchant tools, 2 of 2 (issue 56)".
 */

export const SUBSCRIBER_PAGE_SIZE = 50;
export const REPUTATION_PAGE_SIZE = 100;
export const IDENTITY_PAGE_SIZE = 1000;

// ---- subscribers ----------------------------------------------------------------------------

/**
 * More subscribers exist while fewer than the total were read (a decision: the spec gives the
 * first page, pageNumber 1 and 50 a page, and no rule for the rest; unlike the IPN rule of 001 s9
 * no empty page is read at an exact multiple).
 */
export const hasMoreSubscribers = (pageSize: number, pageNumber: number, total: number): boolean => pageSize * pageNumber < total;

export type SubscriptionStatus = 'active' | 'cancelled' | 'completed';

/** Only an active subscription can be cancelled (a cancelled or completed one takes nothing more). */
export const isCancellable = (subscription: { status: SubscriptionStatus | string }): boolean => subscription.status === 'active';

export interface CancelSummary {
  /** Installments already taken, and their sum: they stay paid. */
  paidCount: number;
  paidTotal: string;
  /** Installments that will not be taken: a number, or null while it ran until cancelled. */
  stoppedCount: number | null;
  /** The next one that will not be taken, when there was one. */
  nextPaymentAt: string | null;
}

/** What cancelling says before it is confirmed: what stops and what was already paid. */
export function cancelSummary(subscription: { installmentsPaid: number; installmentsTotal: number | null; paidTotal: string; nextPaymentAt: string | null }): CancelSummary {
  return {
    paidCount: subscription.installmentsPaid,
    paidTotal: subscription.paidTotal,
    stoppedCount: subscription.installmentsTotal === null ? null : Math.max(0, subscription.installmentsTotal - subscription.installmentsPaid),
    nextPaymentAt: subscription.nextPaymentAt,
  };
}

// ---- identity verification checks --------------------------------------------------------------

export const IDENTITY_STATUSES = ['invited', 'inProgress', 'approved', 'declined', 'expired'] as const;
export type IdentityCheckStatus = (typeof IDENTITY_STATUSES)[number];
export const isIdentityStatus = (text: string): text is IdentityCheckStatus => (IDENTITY_STATUSES as readonly string[]).includes(text);

/** A check's state is final once approved, declined or expired; invited and in progress still change. */
export const isFinalIdentityStatus = (status: IdentityCheckStatus): boolean => status === 'approved' || status === 'declined' || status === 'expired';

/** Days an invitation may wait before the check expires. */
export const IDENTITY_EXPIRY_DAYS = 14;

export interface IdentityFilters {
  status: string;
  email: string;
  fromDate: string;
  toDate: string;
}

export const NO_IDENTITY_FILTERS: IdentityFilters = { status: '', email: '', fromDate: '', toDate: '' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isDate = (text: string): boolean => ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

export type IdentityFilterProblem = 'status' | 'fromDate' | 'toDate' | 'range';

/** What is wrong with the filters: an unknown status, a date that is not a day, the first day after the last. Empty values are right (they are dropped). */
export function identityFilterProblems(filters: IdentityFilters): Partial<Record<keyof IdentityFilters, IdentityFilterProblem>> {
  const problems: Partial<Record<keyof IdentityFilters, IdentityFilterProblem>> = {};
  if (filters.status !== '' && !isIdentityStatus(filters.status)) problems.status = 'status';
  const from = filters.fromDate.trim();
  const to = filters.toDate.trim();
  if (from !== '' && !isDate(from)) problems.fromDate = 'fromDate';
  if (to !== '' && !isDate(to)) problems.toDate = 'toDate';
  if (!problems.fromDate && !problems.toDate && from !== '' && to !== '' && from > to) problems.toDate = 'range';
  return problems;
}

/**
 * The filters as the address holds them (/merchant/security/verification/history?status=…): each a
 * string; an unknown status, a date that is not a day, or anything that is not a string is left out
 * (the address may be typed or old). Empty values are left out too.
 */
export function readIdentityFilters(search: Record<string, unknown>): Partial<IdentityFilters> {
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
  const status = text(search.status);
  const email = text(search.email).slice(0, 255);
  const fromDate = text(search.fromDate);
  const toDate = text(search.toDate);
  return {
    ...(isIdentityStatus(status) ? { status } : {}),
    ...(email ? { email } : {}),
    ...(isDate(fromDate) ? { fromDate } : {}),
    ...(isDate(toDate) ? { toDate } : {}),
  };
}

/** The list's request (001 s5: filters without empty values; s7 pageSize 1000): trimmed, empty ones dropped. */
export function identityListParams(filters: IdentityFilters): { pageNumber: 1; pageSize: typeof IDENTITY_PAGE_SIZE; status?: IdentityCheckStatus; email?: string; fromDate?: string; toDate?: string } {
  const email = filters.email.trim();
  const from = filters.fromDate.trim();
  const to = filters.toDate.trim();
  return {
    pageNumber: 1,
    pageSize: IDENTITY_PAGE_SIZE,
    ...(isIdentityStatus(filters.status) ? { status: filters.status } : {}),
    ...(email ? { email } : {}),
    ...(from ? { fromDate: from } : {}),
    ...(to ? { toDate: to } : {}),
  };
}

/** Whether a check is shown under the filters (the sandbox's rule: status equal, the e-mail a part, the day of creation within the days, inclusive). */
export function matchesIdentityFilters(check: { status: string; email: string; createdAt: string }, filters: IdentityFilters): boolean {
  const params = identityListParams(filters);
  if (params.status && check.status !== params.status) return false;
  if (params.email && !check.email.toLowerCase().includes(params.email.toLowerCase())) return false;
  const day = check.createdAt.slice(0, 10);
  if (params.fromDate && day < params.fromDate) return false;
  if (params.toDate && day > params.toDate) return false;
  return true;
}

export const PERSON_NAME_MAX = 100;
export const REFERENCE_MAX = 100;

export interface IdentityCheckValues {
  accountId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  reference: string;
}

export type IdentityCheckField = keyof IdentityCheckValues;
export type IdentityCheckProblem = 'account' | 'required' | 'tooLong' | 'email' | 'country';

/**
 * What is wrong with a check before it is sent: a paying account of the customer; the person's
 * first and last names (trimmed, at most 100); their e-mail (required, and the 001 s5 rule); a
 * country (two letters, one of `countries` when they are known); a reference of at most 100.
 */
export function identityCheckProblems(values: IdentityCheckValues, known: { accountIds: readonly number[]; countries?: readonly string[] }): Partial<Record<IdentityCheckField, IdentityCheckProblem>> {
  const problems: Partial<Record<IdentityCheckField, IdentityCheckProblem>> = {};
  if (values.accountId === null || !known.accountIds.includes(values.accountId)) problems.accountId = 'account';
  for (const field of ['firstName', 'lastName'] as const) {
    const text = values[field].trim();
    if (!text) problems[field] = 'required';
    else if (text.length > PERSON_NAME_MAX) problems[field] = 'tooLong';
  }
  const email = values.email.trim();
  if (!email) problems.email = 'required';
  else if (!isEmailValid(email)) problems.email = 'email';
  const country = values.countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || (known.countries !== undefined && known.countries.length > 0 && !known.countries.includes(country))) problems.countryCode = 'country';
  if (values.reference.trim().length > REFERENCE_MAX) problems.reference = 'tooLong';
  return problems;
}

/** The accounts that may pay a check's fee: open payment accounts in a bank currency (a crypto account cannot: the service's rule). */
export const feePayingAccounts = <A extends { type: number; accountStatusId: number; currencyCode: string }>(accounts: readonly A[]): A[] =>
  openPaymentAccounts(accounts).filter((account) => !isCryptoCode(account.currencyCode.toUpperCase()));

/** The fee can be paid from the account: its balance covers it (exact decimals). */
export const feeCovered = (balance: string, fee: string): boolean => new Big(balance).gte(fee);

// ---- reputation --------------------------------------------------------------------------------

/**
 * The e-mail a reputation look-up asks for (001 s5: the text trimmed; the e-mail rule: an invalid
 * one skips the server call, and so does an empty one), or null when nothing may be asked.
 */
export function reputationEmail(text: string): string | null {
  const email = text.trim();
  return email !== '' && isEmailValid(email) && isWholeEmail(email) ? email : null;
}

/**
 * An e-mail typed to its end, as a look-up made while typing needs (a decision beyond the 001 s5
 * rule, which `name.surname@` already passes): one "@" with something before it, and after it a
 * domain with a dot that has text on both sides, no spaces.
 */
export const isWholeEmail = (email: string): boolean => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);

export const REPUTATION_EVENTS = ['chargeback', 'fraudReport', 'refundRequest', 'completedPayment', 'accountClosed'] as const;
export type ReputationEventType = (typeof REPUTATION_EVENTS)[number];

/** What an entry says about the payer: against them (a chargeback, fraud, a closed account), for them (a payment that went through), or neither (a refund asked: a normal right). */
export const REPUTATION_TONE: Record<ReputationEventType, 'negative' | 'positive' | 'neutral'> = {
  chargeback: 'negative',
  fraudReport: 'negative',
  accountClosed: 'negative',
  completedPayment: 'positive',
  refundRequest: 'neutral',
};

export type ReputationVerdict = 'unknown' | 'good' | 'caution' | 'risky';

/**
 * The look-up in one word: nothing reported (unknown); a fraud report or a closed account (risky);
 * else any chargeback (caution); else good (payments that went through, refunds asked).
 */
export function reputationVerdict(entries: readonly { eventType: ReputationEventType }[]): ReputationVerdict {
  if (entries.length === 0) return 'unknown';
  if (entries.some((entry) => entry.eventType === 'fraudReport' || entry.eventType === 'accountClosed')) return 'risky';
  if (entries.some((entry) => entry.eventType === 'chargeback')) return 'caution';
  return 'good';
}
