import type { DatabaseSync } from 'node:sqlite';
import { IDENTITY_EXPIRY_DAYS, IDENTITY_STATUSES, type IdentityCheckStatus, type ReputationEventType, type SubscriptionStatus } from '../machines/merchant/merchant-checks.rules.ts';
import { customerById } from './kernel/customers.ts';
import { CLOSED, PAYMENT } from './kernel/ledger.ts';
import {
  identityFeeFor,
  insertIdentityCheck,
  insertReputationEntry,
  insertSubscription,
  removeMerchantChecks,
  type InstallmentStatus,
  type SubscriptionFrequency,
} from './merchant-checks-store.ts';
import { COUNTRIES } from './reference-lists.ts';
import { MERCHANT_LOCAL } from './seed-merchant.ts';

/**
 * Merchant tools, 2 of 2 as seeded (issue 56; sandbox/merchant-checks-store.ts), relative to the
 * seed's clock (`now`), so a fresh seed is always the same for the same clock. In every brand:
 *   - merchant@ ("Copper Kettle <n> Ltd") has 120 subscribers (MERCHANT_SUBSCRIPTION_COUNT: two
 *     full pages of 50 and 20): weekly, monthly and yearly, in the currencies of its open payment
 *     accounts (USD, EUR, RON); 96 active (every n but n % 10 = 3 or 7), 12 cancelled (n % 10 = 3)
 *     and 12 completed (n % 10 = 7); every third one (not completed) runs until cancelled
 *     (installmentsTotal null). Each has 1 to 12 installments: the past ones paid, some failed
 *     ((n + number) % 11 = 0), an active one's next scheduled within one period from now and the
 *     rest scheduled, a cancelled one's from its cancellation on cancelled, a completed one's all paid.
 *   - merchant@ has 25 identity verification checks (MERCHANT_IDENTITY_CHECK_COUNT), five in each
 *     status: invited and in progress within the last 13 days, approved, declined and expired 15
 *     to 59 days ago (an expired one 14 days after its invitation), each paid from its USD, EUR or
 *     RON account with the fee of IDENTITY_FEES (no ledger row: the seed's balances stay as they are).
 *   - merchant-new@ has no subscribers and no checks.
 * Reputation is everybody's (seeded once): REPUTATION_DEMO's three e-mails; nothing for any other.
 * Ids are the customer's id × 1000 + n (subscriptions, checks), a subscription's × 100 + number
 * (installments): the same in every seed and again after POST /__sandbox/sign-in-state of merchant@
 * (restoreMerchantChecks); rows made later take ids after every seeded one.
 */

export const MERCHANT_SUBSCRIPTION_COUNT = 120;
export const MERCHANT_IDENTITY_CHECK_COUNT = 25;

/** The seeded subscription n's status: 12 cancelled, 12 completed, the other 96 active. */
export const seededSubscriptionStatus = (n: number): SubscriptionStatus => (n % 10 === 3 ? 'cancelled' : n % 10 === 7 ? 'completed' : 'active');
/** The seeded check n's status: five of each, in IDENTITY_STATUSES order. */
export const seededCheckStatus = (n: number): IdentityCheckStatus => IDENTITY_STATUSES[(n - 1) % IDENTITY_STATUSES.length]!;

/** The e-mails reputation knows (nothing is reported about any other). */
export const REPUTATION_DEMO = {
  /** Five payments that went through. */
  trusted: 'trusted.buyer@example.com',
  /** Two payments, then a chargeback (the newest). */
  chargeback: 'chargeback.payer@example.com',
  /** A fraud report, a chargeback, an account closed (the newest). */
  fraud: 'fraud.suspect@example.com',
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

// ---- days --------------------------------------------------------------------------------------------

const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const at = (ms: number): string => new Date(ms).toISOString();
const addDays = (dayMs: number, days: number): number => dayMs + days * DAY;

/** A day `months` months on (back when negative), the day of the month kept where the month has it, else its last day. */
function addMonths(dayMs: number, months: number): number {
  const date = new Date(dayMs);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const month = new Date(first);
  const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), Math.min(date.getUTCDate(), last));
}

/** The day `count` periods after (before) a day. */
const shift = (dayMs: number, frequency: SubscriptionFrequency, count: number): number =>
  frequency === 'weekly' ? addDays(dayMs, 7 * count) : addMonths(dayMs, frequency === 'monthly' ? count : 12 * count);

/** How many days after a day (now, a cancellation) the next installment may fall: less than one period, so the one before is earlier. */
const NEXT_WITHIN: Record<SubscriptionFrequency, number> = { weekly: 6, monthly: 27, yearly: 300 };

// ---- subscriptions ------------------------------------------------------------------------------------

const FREQUENCIES: readonly SubscriptionFrequency[] = ['monthly', 'weekly', 'monthly', 'yearly', 'monthly', 'weekly', 'monthly'];
const FIRST_NAMES = ['Ana', 'Mihai', 'Elena', 'Andrei', 'Ioana', 'Radu', 'Maria', 'Paulo', 'Lucia', 'Diego', 'Sofia', 'Olena', 'Taras', 'Irina', 'Tomás', 'Inês', 'Carmen', 'Victor', 'Daria', 'Jonas'];
const LAST_NAMES = ['Popescu', 'Ionescu', 'Silva', 'Santos', 'García', 'Martín', 'Kovalenko', 'Shevchenko', 'Petrov', 'Berg', 'Costa', 'Dumitru', 'Moreno', 'Ferreira', 'Novak', 'Lazar', 'Marin', 'Rusu'];
/** What payers subscribe to, by how often it is paid. */
const ITEMS: Record<SubscriptionFrequency, readonly string[]> = {
  weekly: ['Tea of the week', 'Fresh beans every week', 'Office coffee supply'],
  monthly: ['Coffee club, 1 kg a month', 'Espresso machine in instalments', 'Barista course', 'Cupping club', 'Office coffee supply'],
  yearly: ['Roastery membership', 'Gift box subscription'],
};

const ascii = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const money = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Subscription n (1 the first) of a customer as seeded, its installments by their days. */
function seededSubscription(n: number, currencies: readonly string[], today: number) {
  const frequency = FREQUENCIES[n % FREQUENCIES.length]!;
  const status = seededSubscriptionStatus(n);
  const openEnded = n % 3 === 0 && status !== 'completed';
  const rows = frequency === 'yearly' ? 1 + (n % 3) : 1 + ((n * 5) % 12);
  // Installments taken (paid or failed) before the next one, or before the cancellation.
  const past = status === 'completed' ? rows : openEnded ? rows - 1 : (n * 7) % rows;
  const timeOfDay = (8 + (n % 10)) * HOUR + ((n * 7) % 60) * MINUTE;
  const offset = 1 + ((n * 13) % NEXT_WITHIN[frequency]);
  const cancelDay = addDays(today, -(2 + ((n * 11) % 30)));
  // The day of installment `past + 1` (the next one, or the first not taken), or of the last (completed).
  const anchor = status === 'completed' ? addDays(today, -(1 + ((n * 3) % 40))) : addDays(status === 'cancelled' ? cancelDay : today, offset);
  const anchorNumber = status === 'completed' ? rows : past + 1;
  const due = (number: number) => shift(anchor, frequency, number - anchorNumber);
  const after: InstallmentStatus = status === 'cancelled' ? 'cancelled' : 'scheduled';
  const installments = Array.from({ length: rows }, (_, i) => {
    const number = i + 1;
    const day = due(number);
    if (number > past) return { dueDate: dayText(day), status: after, paidAt: null };
    const failed = status !== 'completed' && (n + number) % 11 === 0;
    return { dueDate: dayText(day), status: failed ? ('failed' as const) : ('paid' as const), paidAt: failed ? null : at(day + 6 * HOUR + ((n + number) % 50) * MINUTE) };
  });
  const startDay = past === 0 ? addDays(status === 'cancelled' ? cancelDay : today, -(1 + (n % 5))) : addDays(due(1), -(n % 3));
  const currency = currencies[n % currencies.length]!;
  const cents = (500 + ((n * 3797) % 9500)) * (currency === 'RON' ? 4 : 1) * (frequency === 'yearly' ? 10 : 1);
  const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(n * 7) % LAST_NAMES.length]!;
  return {
    payerName: `${first} ${last}`,
    payerEmail: `${ascii(first)}.${ascii(last)}${n}@example.com`,
    itemName: ITEMS[frequency][n % ITEMS[frequency].length]!,
    amount: money(cents),
    currency,
    frequency,
    status,
    started: at(startDay + timeOfDay),
    installmentsTotal: openEnded ? null : rows,
    cancelledAt: status === 'cancelled' ? at(cancelDay + 10 * HOUR + (n % 50) * MINUTE) : null,
    installments,
  };
}

// ---- identity checks --------------------------------------------------------------------------------

const PEOPLE: readonly (readonly [string, string])[] = [
  ['Ana', 'Popescu'],
  ['João', 'Pereira'],
  ['Olena', 'Bondarenko'],
  ['Lucía', 'Fernández'],
  ['Mark', 'Evans'],
  ['Ioana', 'Stan'],
  ['Pedro', 'Almeida'],
  ['Dmytro', 'Melnyk'],
  ['Sara', 'López'],
  ['Emily', 'Clarke'],
  ['Andrei', 'Munteanu'],
  ['Beatriz', 'Rocha'],
  ['Iryna', 'Tkachenko'],
  ['Pablo', 'Navarro'],
  ['James', 'Walker'],
  ['Cristina', 'Dobre'],
  ['Rui', 'Carvalho'],
  ['Oksana', 'Kravets'],
  ['Marta', 'Ruiz'],
  ['Oliver', 'Hughes'],
  ['Vlad', 'Georgescu'],
  ['Inês', 'Martins'],
  ['Yulia', 'Savchenko'],
  ['Javier', 'Ortega'],
  ['Hannah', 'Wright'],
];

/** Check n as seeded (its days by its status), paid from one of `accounts`. */
function seededCheck(n: number, accounts: readonly { id: number; currency: string }[], now: number) {
  const status = seededCheckStatus(n);
  const [firstName, lastName] = PEOPLE[(n - 1) % PEOPLE.length]!;
  const account = accounts[n % accounts.length]!;
  const waiting = status === 'invited' || status === 'inProgress';
  const created = waiting ? now - (1 + ((n * 5) % 12)) * DAY - (n % 9) * HOUR : now - (15 + ((n * 7) % 45)) * DAY - (n % 9) * HOUR;
  const updated =
    status === 'invited' ? created : status === 'inProgress' ? created + (1 + (n % 5)) * HOUR : status === 'expired' ? created + IDENTITY_EXPIRY_DAYS * DAY : created + (1 + (n % 3)) * DAY;
  return {
    accountId: account.id,
    firstName,
    lastName,
    email: `${ascii(firstName)}.${ascii(lastName)}@example.com`,
    countryCode: COUNTRIES[n % COUNTRIES.length]!,
    reference: n % 3 === 0 ? null : `ORDER-${2040 + n}`,
    status,
    feeAmount: identityFeeFor(account.currency)!,
    feeCurrency: account.currency,
    created: at(created),
    updated: at(updated),
  };
}

// ---- reputation -----------------------------------------------------------------------------------------

const REPUTATION: readonly { email: string; eventType: ReputationEventType; daysAgo: number; amount: string | null; currency: string | null }[] = [
  { email: REPUTATION_DEMO.trusted, eventType: 'completedPayment', daysAgo: 92, amount: '49.90', currency: 'EUR' },
  { email: REPUTATION_DEMO.trusted, eventType: 'completedPayment', daysAgo: 71, amount: '120.00', currency: 'USD' },
  { email: REPUTATION_DEMO.trusted, eventType: 'completedPayment', daysAgo: 44, amount: '15.50', currency: 'EUR' },
  { email: REPUTATION_DEMO.trusted, eventType: 'completedPayment', daysAgo: 19, amount: '230.00', currency: 'RON' },
  { email: REPUTATION_DEMO.trusted, eventType: 'completedPayment', daysAgo: 4, amount: '89.00', currency: 'EUR' },
  { email: REPUTATION_DEMO.chargeback, eventType: 'completedPayment', daysAgo: 61, amount: '35.00', currency: 'USD' },
  { email: REPUTATION_DEMO.chargeback, eventType: 'completedPayment', daysAgo: 33, amount: '42.50', currency: 'USD' },
  { email: REPUTATION_DEMO.chargeback, eventType: 'chargeback', daysAgo: 9, amount: '42.50', currency: 'USD' },
  { email: REPUTATION_DEMO.fraud, eventType: 'fraudReport', daysAgo: 26, amount: null, currency: null },
  { email: REPUTATION_DEMO.fraud, eventType: 'chargeback', daysAgo: 15, amount: '310.00', currency: 'EUR' },
  { email: REPUTATION_DEMO.fraud, eventType: 'accountClosed', daysAgo: 3, amount: null, currency: null },
];

// ---- writing -------------------------------------------------------------------------------------------

function writeSeeded(db: DatabaseSync, customerId: number, now: number): void {
  const accounts = (
    db.prepare('SELECT id, currency FROM accounts WHERE customer_id = ? AND type = ? AND status_id <> ? ORDER BY id').all(customerId, PAYMENT, CLOSED) as { id: number; currency: string }[]
  ).filter((account) => identityFeeFor(account.currency) !== null);
  if (accounts.length === 0) return;
  const currencies = [...new Set(accounts.map((account) => account.currency))].sort();
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  for (let n = 1; n <= MERCHANT_SUBSCRIPTION_COUNT; n += 1) insertSubscription(db, { id: customerId * 1000 + n, customerId, ...seededSubscription(n, currencies, today) });
  for (let n = 1; n <= MERCHANT_IDENTITY_CHECK_COUNT; n += 1) insertIdentityCheck(db, { id: customerId * 1000 + n, customerId, ...seededCheck(n, accounts, now) });
}

const isMerchant = (login: string, brand: string): boolean => login === `${MERCHANT_LOCAL}@${brand}.test`;

/** merchant@'s subscribers and identity checks in every brand, and reputation (after every customer and their accounts exist). */
export function seedMerchantChecks(db: DatabaseSync, now: number): void {
  db.prepare("DELETE FROM sqlite_sequence WHERE name IN ('merchant_subscriptions', 'merchant_installments', 'merchant_identity_checks', 'reputation_entries')").run();
  const merchants = db.prepare('SELECT id, brand, login FROM customers ORDER BY id').all() as { id: number; brand: string; login: string }[];
  for (const row of merchants) if (isMerchant(row.login, row.brand)) writeSeeded(db, row.id, now);
  for (const entry of REPUTATION) insertReputationEntry(db, { ...entry, reportedAt: at(now - entry.daysAgo * DAY - (entry.daysAgo % 7) * HOUR) });
}

/** A customer's subscribers and checks as seeded (POST /__sandbox/sign-in-state): theirs go; merchant@'s come back. */
export function restoreMerchantChecks(db: DatabaseSync, customerId: number, now: number): void {
  const row = customerById(db, customerId);
  if (!row) return;
  removeMerchantChecks(db, customerId);
  if (isMerchant(row.login, row.brand)) writeSeeded(db, customerId, now);
}
