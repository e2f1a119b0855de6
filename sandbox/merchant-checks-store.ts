import type { components } from '../api-schemas/generated/main.ts';
import { isCryptoCode } from '../machines/shared/crypto-currencies.ts';
import { matchesIdentityFilters, type IdentityCheckStatus, type IdentityFilters, type ReputationEventType, type SubscriptionStatus } from '../machines/merchant/merchant-checks.rules.ts';
import type { Db } from './db.ts';
import { CLOSED, insertTransaction, PAYMENT, setBalance, type AccountRow } from './kernel/ledger.ts';
import { currencyDecimals, decimal, subtract, units } from './kernel/money.ts';

/**
 * Merchant tools, 2 of 2 (issue 56; main.yaml tag merchant): the state behind the subscribers,
 * identity verification and reputation pages. The calls are sandbox/handlers/merchant-checks.ts,
 * the seed sandbox/seed-merchant-checks.ts.
 *
 *   merchant_subscriptions, merchant_installments  the subscriptions payers took out with a
 *       customer and their installments (paid, failed, scheduled, cancelled). A subscription's
 *       installmentsPaid, paidTotal and nextPaymentAt are read from its installments (paidTotal:
 *       the exact sum, in the currency's decimals; nextPaymentAt: the first scheduled one's day
 *       at 00:00 UTC); next_payment_at is kept in step for whoever reads the table.
 *   merchant_identity_checks  the identity verification checks a customer ran, with the fee
 *       charged for each (IDENTITY_FEES by the paying account's currency).
 *   reputation_entries  what payment providers reported about payers' e-mails: one list for every
 *       merchant (not a customer's own), the e-mail kept in lower case.
 */

export type Subscription = components['schemas']['Subscription'];
export type Installment = components['schemas']['Installment'];
export type IdentityVerification = components['schemas']['IdentityVerification'];
export type IdentityFee = components['schemas']['IdentityFee'];
export type ReputationEntry = components['schemas']['ReputationEntry'];
export type SubscriptionFrequency = Subscription['frequency'];
export type InstallmentStatus = Installment['status'];

// ---- the identity check fee --------------------------------------------------------------------

/**
 * What one identity verification check costs, by the paying account's currency (issue 56; a
 * decision of the sandbox: the spec gives a fee per accountId and no amounts). Any other bank
 * currency: OTHER_FIAT_FEE of that currency. A crypto account pays no fee (identityFeeFor null):
 * the check is paid from an account in a bank currency.
 */
export const IDENTITY_FEES: Readonly<Record<string, string>> = { EUR: '2.50', USD: '2.90', GBP: '2.20', RON: '12.00', CHF: '2.70' };
export const OTHER_FIAT_FEE = '3.00';

/** The fee of a check paid from an account in this currency (exact text), or null for a crypto currency. */
export const identityFeeFor = (currency: string): string | null => (isCryptoCode(currency) ? null : (IDENTITY_FEES[currency] ?? OTHER_FIAT_FEE));

/** The customer's open payment account with this id (type 1001, not closed), or undefined. */
export const openPaymentAccount = (db: Db, customerId: number, accountId: number): AccountRow | undefined =>
  db.prepare('SELECT * FROM accounts WHERE id = ? AND customer_id = ? AND type = ? AND status_id <> ?').get(accountId, customerId, PAYMENT, CLOSED) as AccountRow | undefined;

/** The ids of the customer's open payment accounts (the paying accounts a check may name). */
export const openPaymentAccountIds = (db: Db, customerId: number): number[] =>
  (db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND type = ? AND status_id <> ? ORDER BY id').all(customerId, PAYMENT, CLOSED) as { id: number }[]).map((row) => row.id);

/** The fee as the contract has it. */
export const toIdentityFee = (accountId: number, amount: string, currencyCode: string): IdentityFee => ({ accountId, amount, currencyCode });

// ---- subscriptions ------------------------------------------------------------------------------

export interface SubscriptionRow {
  id: number;
  customer_id: number;
  payer_name: string;
  payer_email: string;
  item_name: string;
  amount: string;
  currency: string;
  frequency: SubscriptionFrequency;
  status: SubscriptionStatus;
  started: string;
  next_payment_at: string | null;
  installments_total: number | null;
  cancelled_at: string | null;
}

export interface InstallmentRow {
  id: number;
  subscription_id: number;
  number: number;
  due_date: string;
  amount: string;
  currency: string;
  status: InstallmentStatus;
  paid_at: string | null;
}

/** A day (YYYY-MM-DD) as the moment the installment is taken: 00:00 UTC. */
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;

/** A subscription's installments in order. */
export const installmentsOf = (db: Db, subscriptionId: number): InstallmentRow[] =>
  db.prepare('SELECT * FROM merchant_installments WHERE subscription_id = ? ORDER BY number').all(subscriptionId) as unknown as InstallmentRow[];

export const toInstallment = (row: InstallmentRow): Installment => ({
  id: row.id,
  number: row.number,
  dueDate: row.due_date,
  amount: row.amount,
  currencyCode: row.currency,
  status: row.status,
  paidAt: row.paid_at,
});

/** A subscription as the contract has it: what was paid (how many, the exact sum) and the next one from its installments. */
export function toSubscription(db: Db, row: SubscriptionRow): Subscription {
  const installments = installmentsOf(db, row.id);
  const paid = installments.filter((one) => one.status === 'paid');
  const next = installments.find((one) => one.status === 'scheduled');
  const paidUnits = paid.reduce((sum, one) => sum + units(one.amount), 0n);
  return {
    subscriptionId: row.id,
    payerName: row.payer_name,
    payerEmail: row.payer_email,
    itemName: row.item_name,
    amount: row.amount,
    currencyCode: row.currency,
    frequency: row.frequency,
    status: row.status,
    startedAt: row.started,
    nextPaymentAt: next ? dayStart(next.due_date) : null,
    installmentsPaid: paid.length,
    installmentsTotal: row.installments_total,
    paidTotal: decimal(paidUnits, currencyDecimals(row.currency)),
    cancelledAt: row.cancelled_at,
  };
}

/** One page of the customer's subscriptions, newest first (by when they started), with how many they have. */
export function subscriptionsOf(db: Db, customerId: number, pageNumber: number, pageSize: number): { total: number; rows: SubscriptionRow[] } {
  const { total } = db.prepare('SELECT COUNT(*) AS total FROM merchant_subscriptions WHERE customer_id = ?').get(customerId) as { total: number };
  const rows = db
    .prepare('SELECT * FROM merchant_subscriptions WHERE customer_id = ? ORDER BY started DESC, id DESC LIMIT ? OFFSET ?')
    .all(customerId, pageSize, (pageNumber - 1) * pageSize) as unknown as SubscriptionRow[];
  return { total, rows };
}

/** The customer's subscription with this id, or undefined (another customer's, or none). */
export const subscriptionOf = (db: Db, customerId: number, id: number): SubscriptionRow | undefined =>
  db.prepare('SELECT * FROM merchant_subscriptions WHERE id = ? AND customer_id = ?').get(id, customerId) as SubscriptionRow | undefined;

/** Cancels a subscription now: nothing more is taken (the scheduled installments cancelled), what was paid stays paid. */
export function cancelSubscription(db: Db, id: number, at: string): void {
  db.prepare("UPDATE merchant_subscriptions SET status = 'cancelled', cancelled_at = ?, next_payment_at = NULL WHERE id = ?").run(at, id);
  db.prepare("UPDATE merchant_installments SET status = 'cancelled' WHERE subscription_id = ? AND status = 'scheduled'").run(id);
}

export interface SubscriptionInput {
  id?: number;
  customerId: number;
  payerName: string;
  payerEmail: string;
  itemName: string;
  amount: string;
  currency: string;
  frequency: SubscriptionFrequency;
  status: SubscriptionStatus;
  started: string;
  installmentsTotal: number | null;
  cancelledAt: string | null;
  installments: readonly { dueDate: string; status: InstallmentStatus; paidAt: string | null }[];
}

/** Keeps a subscription with its installments (numbered from 1, ids the subscription's × 100 + number when it has its own); answers its id. */
export function insertSubscription(db: Db, input: SubscriptionInput): number {
  const next = input.installments.find((one) => one.status === 'scheduled');
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO merchant_subscriptions (id, customer_id, payer_name, payer_email, item_name, amount, currency, frequency, status, started, next_payment_at, installments_total, cancelled_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.id ?? null,
      input.customerId,
      input.payerName,
      input.payerEmail,
      input.itemName,
      input.amount,
      input.currency,
      input.frequency,
      input.status,
      input.started,
      next ? dayStart(next.dueDate) : null,
      input.installmentsTotal,
      input.cancelledAt,
    );
  const id = Number(lastInsertRowid);
  const insert = db.prepare('INSERT INTO merchant_installments (id, subscription_id, number, due_date, amount, currency, status, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  input.installments.forEach((one, i) => insert.run(input.id === undefined ? null : id * 100 + i + 1, id, i + 1, one.dueDate, input.amount, input.currency, one.status, one.paidAt));
  return id;
}

// ---- identity verification checks ----------------------------------------------------------------

export interface IdentityCheckRow {
  id: number;
  customer_id: number;
  account_id: number;
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  reference: string | null;
  status: IdentityCheckStatus;
  fee_amount: string;
  fee_currency: string;
  created: string;
  updated: string;
}

export const toIdentityVerification = (row: IdentityCheckRow): IdentityVerification => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  countryCode: row.country_code,
  reference: row.reference,
  status: row.status,
  accountId: row.account_id,
  fee: toIdentityFee(row.account_id, row.fee_amount, row.fee_currency),
  createdAt: row.created,
  updatedAt: row.updated,
});

/** The customer's checks under the filters (the rules' matchesIdentityFilters: empty values dropped), newest first. */
export function identityChecksOf(db: Db, customerId: number, filters: IdentityFilters): IdentityCheckRow[] {
  const rows = db.prepare('SELECT * FROM merchant_identity_checks WHERE customer_id = ? ORDER BY created DESC, id DESC').all(customerId) as unknown as IdentityCheckRow[];
  return rows.filter((row) => matchesIdentityFilters({ status: row.status, email: row.email, createdAt: row.created }, filters));
}

/** A check read again by id. */
export const identityCheckById = (db: Db, id: number): IdentityCheckRow => db.prepare('SELECT * FROM merchant_identity_checks WHERE id = ?').get(id) as unknown as IdentityCheckRow;

export interface IdentityCheckInput {
  id?: number;
  customerId: number;
  accountId: number;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  reference: string | null;
  status: IdentityCheckStatus;
  feeAmount: string;
  feeCurrency: string;
  created: string;
  updated: string;
}

/** Keeps a check as given (the seed's, or a new one: invited); answers its id. */
export function insertIdentityCheck(db: Db, input: IdentityCheckInput): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO merchant_identity_checks (id, customer_id, account_id, first_name, last_name, email, country_code, reference, status, fee_amount, fee_currency, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.id ?? null,
      input.customerId,
      input.accountId,
      input.firstName,
      input.lastName,
      input.email,
      input.countryCode,
      input.reference,
      input.status,
      input.feeAmount,
      input.feeCurrency,
      input.created,
      input.updated,
    );
  return Number(lastInsertRowid);
}

/**
 * Charges a check's fee to the paying account, as every fee is charged (kernel/ledger.ts): the
 * balance less the fee exactly, and a completed fee row that names the person. In the caller's
 * database transaction (with the check it pays for).
 */
export function chargeIdentityFee(db: Db, account: AccountRow, fee: string, person: { firstName: string; lastName: string }, created: string): number {
  setBalance(db, account.id, subtract(account.balance, fee));
  return insertTransaction(db, {
    customerId: account.customer_id,
    accountId: account.id,
    created,
    type: 'fee',
    amount: `-${fee}`,
    currency: account.currency,
    counterparty: `Identity verification: ${person.firstName} ${person.lastName}`,
  });
}

// ---- reputation ----------------------------------------------------------------------------------

export interface ReputationRow {
  id: number;
  email: string;
  event_type: ReputationEventType;
  reported_at: string;
  amount: string | null;
  currency: string | null;
}

export const toReputationEntry = (row: ReputationRow): ReputationEntry => ({
  id: row.id,
  email: row.email,
  eventType: row.event_type,
  reportedAt: row.reported_at,
  amount: row.amount,
  currencyCode: row.currency,
});

/** One page of what was reported about an e-mail (any case), newest first, with how many entries there are. */
export function reputationOf(db: Db, email: string, pageNumber: number, pageSize: number): { total: number; rows: ReputationRow[] } {
  const key = email.toLowerCase();
  const { total } = db.prepare('SELECT COUNT(*) AS total FROM reputation_entries WHERE email = ?').get(key) as { total: number };
  const rows = db
    .prepare('SELECT * FROM reputation_entries WHERE email = ? ORDER BY reported_at DESC, id DESC LIMIT ? OFFSET ?')
    .all(key, pageSize, (pageNumber - 1) * pageSize) as unknown as ReputationRow[];
  return { total, rows };
}

/** Keeps a reported event (the e-mail lower-cased). */
export function insertReputationEntry(db: Db, entry: { email: string; eventType: ReputationEventType; reportedAt: string; amount: string | null; currency: string | null }): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO reputation_entries (email, event_type, reported_at, amount, currency) VALUES (?, ?, ?, ?, ?)')
    .run(entry.email.trim().toLowerCase(), entry.eventType, entry.reportedAt, entry.amount, entry.currency);
  return Number(lastInsertRowid);
}

// ---- everything of a customer -------------------------------------------------------------------------

/** Forgets a customer's subscriptions (their installments with them) and identity checks: before the seed's come back (POST /__sandbox/sign-in-state). Reputation is nobody's own: it stays. */
export function removeMerchantChecks(db: Db, customerId: number): void {
  db.prepare('DELETE FROM merchant_installments WHERE subscription_id IN (SELECT id FROM merchant_subscriptions WHERE customer_id = ?)').run(customerId);
  db.prepare('DELETE FROM merchant_subscriptions WHERE customer_id = ?').run(customerId);
  db.prepare('DELETE FROM merchant_identity_checks WHERE customer_id = ?').run(customerId);
}
