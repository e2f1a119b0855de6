import Papa from 'papaparse';
import Big from 'big.js';
import { createHash, randomBytes } from 'node:crypto';
import { transaction, type Db } from '../db.ts';
import type { Handler, HandlerContext, HandlerMap, HandlerReply, MainOperation } from '../handler-types.ts';
import { heldWork, type Approvals } from '../approvals.ts';
import { holdOrRequest, transferRefusal } from '../requests.ts';
import { maskCardNumber } from '../seed-accounts.ts';
import { isCryptoCode } from '../../machines/shared/crypto-currencies.ts';
import { denied, owner } from '../access.ts';
import { add, rate, subtract, units } from '../kernel/money.ts';
import { account, CLOSED, idempotent, insertBatch, insertTransaction, nextBatchId, nowIso } from '../kernel/ledger.ts';
import { ok, refused as refusal, refusedListed as refused, vf, vfMany } from '../kernel/replies.ts';
import { isText } from '../kernel/file-kinds.ts';
import { BOUNDED_INPUT_MESSAGES } from '../kernel/bounded-input.ts';
import type { GlobalPayResendWork, GlobalPaySubmitWork, PerformResult, Performers, Work } from '../work.ts';
import { isMassTransferOffered, type PermissionFlags } from '../../machines/transfers/permissions.logic.ts';
import {
  GLOBAL_PAY_COLUMNS,
  GLOBAL_PAY_COUNTRIES,
  GLOBAL_PAY_CURRENCIES,
  GLOBAL_PAY_DESCRIPTION_MAX,
  GLOBAL_PAY_MAX_AMOUNT,
  GLOBAL_PAY_MAX_BYTES,
  GLOBAL_PAY_MAX_ROWS,
  GLOBAL_PAY_METHODS,
  GLOBAL_PAY_MIN_AMOUNT,
  GLOBAL_PAY_NAME_MAX,
  RECEIVE_LINK_DAYS,
  RECEIVE_METHOD_FIELDS,
  checkGlobalPayHeader,
  checkGlobalPayRow,
  checkReceiveDetails,
  countryPaymentMethods,
  duplicateKey,
  isBeneficiaryEmail,
  isGlobalPayMethod,
  paymentFee,
  paymentFromRow,
  recipientGets,
  senderPays,
  type GlobalPayBatchStatus,
  type GlobalPayCellError,
  type GlobalPayMethod,
  type GlobalPayPaymentInput,
  type GlobalPayPaymentMethod,
  type GlobalPayPaymentStatus,
  type GlobalPayProblem,
} from '../../machines/batches/global-pay-rules.ts';
import { permissionFlagsFor } from '../company-people-store.ts';

/**
 * Global pay batches (001 s3, s4, s7; docs/decisions.md "Global pay"): a CSV file becomes a draft
 * batch of payments to e-mail addresses in other countries and currencies, checked row by row with
 * the app's own rules (machines/batches/global-pay-rules.ts). The draft is edited (payments added,
 * changed, removed and restored, the fee side, the methods a recipient may choose), then submitted
 * in the customer's approval mode (none: at once; a code mode: globalPayBatchApproval or
 * approvePayment with the code; push: the other device; an initiate-only user: a mass transaction
 * request of the company with this batchId). The paying account is debited once, in its own
 * currency: each payment's senderPays converted at the sandbox's indicative rates (accounts.ts
 * `rate`, plus EXTRA_USD_RATES below), rounded up to the cent per payment, and that figure is kept
 * per payment (`debited`), so a failed payment gives back exactly what it took.
 *
 * No timers: the status moves lazily, from the clock, whenever the batch is read (every call that
 * loads it, the recipient's calls, the control endpoints):
 *   - 2 s after submit the batch is `processing`;
 *   - 4 s after a payment started processing it settles: an e-mail at `bounce.example` fails
 *     (emailBounced, the money goes back); an e-mail that is a sandbox customer's login, with the
 *     wallet method allowed, is paid to the wallet (completed, receivedBy wallet); any other
 *     recipient is sent a receive link (awaitingRecipient, the link open for RECEIVE_LINK_DAYS);
 *   - a link that expires unused fails its payment (linkExpired, the money goes back);
 *   - the batch is `completed` once no payment is processing or waiting for its recipient.
 * A failed payment may be sent again (globalPayResendPayment, to a corrected e-mail), debited
 * again and settled again on its own clock. The recipient's calls (p2pGlobalPay*) are public: the
 * link id ('r' and 22 random base64url characters) is the key.
 *
 * Every batch also has a row in the history's batch transfers (table `batches`, type globalPay,
 * the same id): a draft (opened from the history to go on editing), hidden ('waiting') while it
 * waits for approval, then processing,
 * completed / partiallyCompleted / rejected (every payment failed) as it settles; cancelled when
 * the sender rejects a draft, rejected when its approval fails or an approver declines it.
 * The submit's debit (and each refund) is a transaction row of type p2p (the contract's
 * TransactionType has no global pay type), counterparty "Global pay: <batch name>".
 */

// ---- rows ---------------------------------------------------------------------------------

interface BatchRow {
  id: number;
  customer_id: number;
  account_id: number;
  batch_name: string;
  status: GlobalPayBatchStatus;
  created: string;
  submitted: string | null;
  content_key: string;
  request_ids: string;
}

interface PaymentRow {
  id: number;
  batch_id: number;
  line: number | null;
  amount: string;
  currency: string;
  description: string;
  beneficiary_type: string;
  beneficiary_name: string;
  beneficiary_email: string;
  beneficiary_country_code: string;
  fee_share: string;
  payment_methods: string;
  /** 'replaced': a tombstone of a full update, never answered. */
  status: GlobalPayPaymentStatus | 'replaced';
  fee: string;
  received_by: string | null;
  failure_reason: string | null;
  processing_since: string | null;
  debited: string | null;
}

interface LinkRow {
  id: string;
  payment_id: number;
  created: string;
  expires: string;
  used_at: string | null;
  method: string | null;
  details: string | null;
}

type FailureReason = 'emailBounced' | 'recipientRefused' | 'linkExpired';
interface ValidationError {
  param: string;
  description: string;
}

const PAYMENT_ACCOUNT = 1001;
/** After submit, the batch is processing from this moment on. */
const PROCESSING_AFTER_MS = 2_000;
/** After a payment starts processing, it settles from this moment on. */
const SETTLE_AFTER_MS = 4_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Payments to this domain bounce (the demo's failed payment). */
export const BOUNCE_DOMAIN = 'bounce.example';
/** Batch ids are the history's (kernel/ledger.ts nextBatchId: the same id names both); payment ids are unique across batches. */
const PAYMENT_ID_FLOOR = 300_000;

/**
 * Indicative rates to USD of the payment currencies the sandbox's rate table (accounts.ts
 * USD_RATES) does not know; the others come from that table. Fixed, for the demo only.
 */
const EXTRA_USD_RATES: Readonly<Record<string, string>> = { MXN: '0.058', PLN: '0.25', CHF: '1.13' };
const usdRate = (currency: string): string => EXTRA_USD_RATES[currency] ?? rate(currency, 'USD');

/** An amount in another currency, converted at the indicative rates and rounded up to the cent (what the account pays). */
export function inAccountCurrency(amount: string, from: string, to: string): string {
  if (from === to) return Big(amount).toFixed(2);
  return Big(amount).times(usdRate(from)).div(usdRate(to)).round(2, Big.roundUp).toFixed(2);
}

const sum = (amounts: readonly string[]): string => amounts.reduce((total, a) => total.plus(a), Big(0)).toFixed(2);
const iso = (ms: number): string => new Date(ms).toISOString();
const invalid = (errors: ValidationError[]): HandlerReply => vfMany(errors);

const LOCKED = 'The batch can no longer be changed';
const NOT_OFFERED = 'Global payments are not allowed for this profile';
const NO_FUNDS = 'Insufficient funds';
const NOT_WAITING = 'There is nothing waiting for a code';
const LAST_METHOD = 'At least one payment method must stay allowed';
const noBatch = vf('batchId', 'No such batch');
const noLink = vf('id', 'No such link');

const batchOf = (db: Db, id: unknown, acting: number) =>
  db.prepare('SELECT * FROM global_pay_batches WHERE id = ? AND customer_id = ?').get(Number(id), acting) as unknown as BatchRow | undefined;
const batchById = (db: Db, id: number) => db.prepare('SELECT * FROM global_pay_batches WHERE id = ?').get(id) as unknown as BatchRow | undefined;
/** A batch's payments (those a full update replaced are kept as tombstones, so a payment id is never given twice). */
const paymentsOf = (db: Db, batchId: number) => db.prepare("SELECT * FROM global_pay_payments WHERE batch_id = ? AND status <> 'replaced' ORDER BY id").all(batchId) as unknown as PaymentRow[];
const paymentById = (db: Db, id: number) => db.prepare('SELECT * FROM global_pay_payments WHERE id = ?').get(id) as unknown as PaymentRow;
const linksOf = (db: Db, paymentId: number) => db.prepare('SELECT * FROM global_pay_links WHERE payment_id = ? ORDER BY created, id').all(paymentId) as unknown as LinkRow[];
const linkById = (db: Db, id: unknown) => db.prepare('SELECT * FROM global_pay_links WHERE id = ?').get(String(id)) as unknown as LinkRow | undefined;
const methodsOf = (row: PaymentRow): GlobalPayPaymentMethod[] => JSON.parse(row.payment_methods) as GlobalPayPaymentMethod[];

/** A payment as the calls carry it, without its id and status. */
const inputOf = (row: PaymentRow): GlobalPayPaymentInput => ({
  amount: row.amount,
  currency: row.currency,
  description: row.description,
  beneficiaryType: row.beneficiary_type as GlobalPayPaymentInput['beneficiaryType'],
  beneficiaryName: row.beneficiary_name,
  beneficiaryEmail: row.beneficiary_email,
  beneficiaryCountryCode: row.beneficiary_country_code,
  feeShare: row.fee_share as GlobalPayPaymentInput['feeShare'],
  paymentMethods: methodsOf(row),
});

/** A payment as the contract's GlobalPayPayment. */
const toPayment = (row: PaymentRow) => ({
  id: row.id,
  ...inputOf(row),
  status: row.status,
  fee: row.fee,
  ...(row.received_by ? { receivedBy: row.received_by } : {}),
  ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
});

const toPaymentStatus = (row: PaymentRow) => ({
  id: row.id,
  status: row.status,
  ...(row.received_by ? { receivedBy: row.received_by } : {}),
  ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
});

const currencyOfAccount = (db: Db, accountId: number): string =>
  (db.prepare('SELECT currency FROM accounts WHERE id = ?').get(accountId) as { currency: string } | undefined)?.currency ?? 'USD';

function batchReply(db: Db, batch: BatchRow) {
  return {
    batchId: batch.id,
    batchName: batch.batch_name,
    accountId: batch.account_id,
    currencyCode: currencyOfAccount(db, batch.account_id),
    status: batch.status,
    created: batch.created,
    ...(batch.submitted ? { submitted: batch.submitted } : {}),
    payments: paymentsOf(db, batch.id).map(toPayment),
  };
}

const statusReply = (db: Db, batch: BatchRow) => ({ batchId: batch.id, status: batch.status, payments: paymentsOf(db, batch.id).map(toPaymentStatus) });

// ---- words (English; the app words the problems itself) -----------------------------------

const COLUMN_NAMES: Readonly<Record<string, string>> = {
  amount: 'the amount',
  currency: 'the currency',
  description: 'the description',
  beneficiaryType: 'the beneficiary type',
  beneficiaryName: 'the beneficiary name',
  beneficiaryEmail: 'the beneficiary e-mail',
  beneficiaryCountryCode: 'the country',
  feeShare: 'the fee side',
  paymentMethods: 'the payment methods',
};
const LIMITS: Readonly<Record<string, number>> = { beneficiaryName: GLOBAL_PAY_NAME_MAX, description: GLOBAL_PAY_DESCRIPTION_MAX };
const capital = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** What is wrong with a cell, as a sentence without its line (lower case first). */
function problemText(column: string, problem: GlobalPayProblem, row: Readonly<Record<string, string | undefined>>): string {
  const name = COLUMN_NAMES[column] ?? `the ${column}`;
  switch (problem) {
    case 'required':
      return `${name} is missing`;
    case 'amountNotNumber':
      return 'the amount must be a number, like 120.50';
    case 'amountNegative':
      return 'the amount cannot be negative';
    case 'amountDecimals':
      return 'the amount must have at most 2 decimals';
    case 'amountRange':
      return `the amount must be between ${GLOBAL_PAY_MIN_AMOUNT} and ${GLOBAL_PAY_MAX_AMOUNT}`;
    case 'currency':
      return `the currency must be one of ${GLOBAL_PAY_CURRENCIES.join(', ')}`;
    case 'email':
      return 'the beneficiary e-mail is not a valid e-mail address';
    case 'country':
      return 'payments cannot be sent to this country';
    case 'beneficiaryType':
      return 'the beneficiary type must be individual or business';
    case 'feeShare':
      return 'the fee side must be sender or recipient';
    case 'method': {
      const offered = countryPaymentMethods((row.beneficiaryCountryCode ?? '').trim());
      return `the payment methods must be ones the country offers (${offered.join(', ')})`;
    }
    case 'tooLong':
      return `${name} is too long: at most ${LIMITS[column] ?? ''} characters`;
    case 'feeAboveAmount':
      return `the fee (${paymentFee((row.amount ?? '0').trim() || '0')}) is not less than the amount, so the recipient cannot pay it`;
    default:
      return `${name} is not valid`;
  }
}

const RECEIVE_FIELD_NAMES: Readonly<Record<string, string>> = {
  accountHolderName: 'account holder name',
  accountNumber: 'account number',
  cardNumber: 'card number',
  instantKey: 'instant payment key',
};

// ---- the paying account, the permission flag ----------------------------------------------

/** Whether the caller's permission flags for the customer (company users have their own) offer global pay. */
const offered = (db: Db, callerId: number | null, customerId: number): boolean => isMassTransferOffered(permissionFlagsFor(db, callerId, customerId) as PermissionFlags, 'globalPay');

/** The customer's open payment account in a bank currency, or the refusal (VF accountId). */
function payingAccount(db: Db, id: unknown, acting: number): { reply: HandlerReply } | { account: NonNullable<ReturnType<typeof account>> } {
  const row = account(db, id, acting);
  if (!row || row.type !== PAYMENT_ACCOUNT || isCryptoCode(row.currency)) return { reply: vf('accountId', 'Choose one of your payment accounts') };
  if (row.status_id === CLOSED) return { reply: vf('accountId', 'This account is closed') };
  return { account: row };
}

// ---- payments from the calls --------------------------------------------------------------

/** A payment's values as the rules read them (a row of text); the allowed methods named only when some are forbidden. */
function rowTextOf(input: {
  amount?: string | undefined;
  currency?: string | undefined;
  description?: string | undefined;
  beneficiaryType?: string | undefined;
  beneficiaryName?: string | undefined;
  beneficiaryEmail?: string | undefined;
  beneficiaryCountryCode?: string | undefined;
  feeShare?: string | undefined;
  allowed?: readonly string[] | undefined;
}): Record<string, string> {
  return {
    amount: input.amount ?? '',
    currency: input.currency ?? '',
    description: input.description ?? '',
    beneficiaryType: input.beneficiaryType ?? '',
    beneficiaryName: input.beneficiaryName ?? '',
    beneficiaryEmail: input.beneficiaryEmail ?? '',
    beneficiaryCountryCode: input.beneficiaryCountryCode ?? '',
    feeShare: input.feeShare ?? '',
    paymentMethods: (input.allowed ?? []).join(';'),
  };
}

const cellErrors = (errors: readonly GlobalPayCellError[], row: Record<string, string>, param: string): ValidationError[] =>
  errors.map((e) => ({ param: `${param}.${e.column || 'payment'}`, description: capital(problemText(e.column, e.problem, row)) }));

type Checked = { errors: ValidationError[] } | { payment: GlobalPayPaymentInput };

/** A new payment (GlobalPayPaymentInput) through the rules: its problems under `param`, or the payment normalised. */
function checkInput(input: Record<string, unknown>, param: string): Checked {
  const methods = Array.isArray(input.paymentMethods) ? (input.paymentMethods as GlobalPayPaymentMethod[]) : [];
  const allowed = methods.filter((m) => !m.forbidden).map((m) => m.name);
  // Every method forbidden is not the same as none named (which allows them all).
  const anyForbidden = methods.some((m) => m.forbidden);
  if (methods.length > 0 && allowed.length === 0) return { errors: [{ param: `${param}.paymentMethods`, description: LAST_METHOD }] };
  const row = rowTextOf({ ...(input as Record<string, string>), allowed: anyForbidden ? allowed : [] });
  const errors = checkGlobalPayRow(row);
  if (errors.length) return { errors: cellErrors(errors, row, param) };
  return { payment: paymentFromRow(row) };
}

const UPDATABLE = ['amount', 'currency', 'description', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode', 'feeShare'] as const;

/**
 * A payment with some fields changed (GlobalPayPaymentUpdate), checked on its whole resulting
 * values. A new country keeps the forbidden marks of the methods it also offers.
 */
function checkUpdate(existing: PaymentRow, update: Record<string, unknown>, param: string): Checked {
  const base = inputOf(existing);
  const merged: Record<string, string> = {};
  for (const field of UPDATABLE) merged[field] = typeof update[field] === 'string' ? (update[field] as string) : String(base[field]);
  const country = merged.beneficiaryCountryCode!.trim().toUpperCase();
  const forbidden = new Set(base.paymentMethods.filter((m) => m.forbidden).map((m) => m.name));
  const methods = countryPaymentMethods(country);
  const allowed = methods.filter((name) => !forbidden.has(name));
  if (methods.length > 0 && allowed.length === 0) return { errors: [{ param: `${param}.paymentMethods`, description: LAST_METHOD }] };
  const row = rowTextOf({ ...merged, allowed: allowed.length < methods.length ? allowed : [] });
  const errors = checkGlobalPayRow(row);
  if (errors.length) return { errors: cellErrors(errors, row, param) };
  return { payment: paymentFromRow(row) };
}

/** Two batches are identical when they pay from the same account the same payments (in any order). */
function contentKeyOf(accountId: number, payments: readonly GlobalPayPaymentInput[]): string {
  const lines = payments
    .map((p) =>
      JSON.stringify([
        p.amount,
        p.currency,
        p.description,
        p.beneficiaryType,
        p.beneficiaryName,
        p.beneficiaryEmail.toLowerCase(),
        p.beneficiaryCountryCode,
        p.feeShare,
        p.paymentMethods.map((m) => [m.name, m.forbidden]),
      ]),
    )
    .sort();
  return `${accountId}:${createHash('sha256').update(lines.join('\n')).digest('base64url')}`;
}

function refreshContentKey(db: Db, batchId: number): void {
  const batch = batchById(db, batchId)!;
  const live = paymentsOf(db, batchId).filter((p) => p.status !== 'removed');
  db.prepare('UPDATE global_pay_batches SET content_key = ? WHERE id = ?').run(contentKeyOf(batch.account_id, live.map(inputOf)), batchId);
}

// ---- creating batches and payments --------------------------------------------------------

function insertPayments(db: Db, batchId: number, payments: readonly { line: number | null; input: GlobalPayPaymentInput }[]): number[] {
  let { next } = db.prepare(`SELECT COALESCE(MAX(id), ${PAYMENT_ID_FLOOR}) AS next FROM global_pay_payments`).get() as { next: number };
  const insert = db.prepare(
    `INSERT INTO global_pay_payments (id, batch_id, line, amount, currency, description, beneficiary_type, beneficiary_name, beneficiary_email, beneficiary_country_code, fee_share, payment_methods, status, fee)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?)`,
  );
  const ids: number[] = [];
  for (const { line, input } of payments) {
    next += 1;
    insert.run(
      next,
      batchId,
      line,
      input.amount,
      input.currency,
      input.description,
      input.beneficiaryType,
      input.beneficiaryName,
      input.beneficiaryEmail,
      input.beneficiaryCountryCode,
      input.feeShare,
      JSON.stringify(input.paymentMethods),
      paymentFee(input.amount),
    );
    ids.push(next);
  }
  return ids;
}

export interface NewBatch {
  customerId: number;
  accountId: number;
  batchName: string;
  created: string;
  requestId?: string | undefined;
  payments: readonly { line: number | null; input: GlobalPayPaymentInput }[];
}

/** A draft batch with its payments (and its hidden row in the history's batches); answers its id and the payments' ids. */
export function createBatch(db: Db, batch: NewBatch): { batchId: number; paymentIds: number[] } {
  const next = nextBatchId(db);
  const inputs = batch.payments.map((p) => p.input);
  db.prepare('INSERT INTO global_pay_batches (id, customer_id, account_id, batch_name, status, created, submitted, content_key, request_ids) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)').run(
    next,
    batch.customerId,
    batch.accountId,
    batch.batchName,
    'draft',
    batch.created,
    contentKeyOf(batch.accountId, inputs),
    JSON.stringify(batch.requestId ? [batch.requestId] : []),
  );
  insertBatch(db, { id: next, customerId: batch.customerId, name: batch.batchName, type: 'globalPay', created: batch.created, status: 'draft', count: 0, total: '0.00', currency: currencyOfAccount(db, batch.accountId) });
  const paymentIds = insertPayments(db, next, batch.payments);
  syncHistory(db, next);
  return { batchId: next, paymentIds };
}

/** A receive link for a payment ('r' and 22 random base64url characters unless given). */
export function insertLink(db: Db, paymentId: number, created: string, expires: string, id = `r${randomBytes(16).toString('base64url')}`): string {
  db.prepare('INSERT INTO global_pay_links (id, payment_id, created, expires, used_at, method, details) VALUES (?, ?, ?, ?, NULL, NULL, NULL)').run(id, paymentId, created, expires);
  return id;
}

const addRequestId = (db: Db, batchId: number, requestId: unknown) => {
  if (typeof requestId !== 'string') return;
  const batch = batchById(db, batchId)!;
  const ids = JSON.parse(batch.request_ids) as string[];
  if (!ids.includes(requestId)) db.prepare('UPDATE global_pay_batches SET request_ids = ? WHERE id = ?').run(JSON.stringify([...ids, requestId]), batchId);
};

/**
 * The batch's row in the history's batch transfers follows it: the name, the payments that are
 * not removed, what they debit (or would) in the account's currency, the status. A rejected
 * batch keeps the status the rejection gave its row (cancelled or rejected).
 */
export function syncHistory(db: Db, batchId: number): void {
  const batch = batchById(db, batchId);
  if (!batch) return;
  const currency = currencyOfAccount(db, batch.account_id);
  const live = paymentsOf(db, batchId).filter((p) => p.status !== 'removed');
  const total = sum(live.map((p) => p.debited ?? inAccountCurrency(senderPays(inputOf(p)), p.currency, currency)));
  const failed = live.filter((p) => p.status === 'failed').length;
  const status: Record<GlobalPayBatchStatus, string | null> = {
    draft: 'draft',
    pendingApproval: 'waiting',
    submitted: 'processing',
    processing: 'processing',
    completed: failed === 0 ? 'completed' : failed === live.length ? 'rejected' : 'partiallyCompleted',
    rejected: null,
  };
  db.prepare("UPDATE batches SET name = ?, payments_count = ?, total_amount = ?, currency = ?, status = COALESCE(?, status) WHERE id = ? AND customer_id = ? AND type = 'globalPay'").run(
    batch.batch_name,
    live.length,
    total,
    currency,
    status[batch.status],
    batchId,
    batch.customer_id,
  );
}

// ---- the clock: processing, settling, links expiring --------------------------------------

/** Gives a failed payment's money back to the paying account (once per failure: the payment fails once per send). */
function refund(db: Db, batch: BatchRow, payment: PaymentRow, now: string): void {
  if (!payment.debited || units(payment.debited) === 0n) return;
  const from = db.prepare('SELECT id, balance, currency FROM accounts WHERE id = ?').get(batch.account_id) as { id: number; balance: string; currency: string } | undefined;
  if (!from) return;
  db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(add(from.balance, payment.debited), from.id);
  insertTransaction(db, { customerId: batch.customer_id, accountId: from.id, created: now, type: 'p2p', amount: payment.debited, currency: from.currency, counterparty: `Global pay refund: ${payment.beneficiary_name}` });
}

function fail(db: Db, batch: BatchRow, payment: PaymentRow, reason: FailureReason, now: string): void {
  db.prepare("UPDATE global_pay_payments SET status = 'failed', failure_reason = ? WHERE id = ?").run(reason, payment.id);
  refund(db, batch, payment, now);
}

/** A payment that has processed long enough reaches its recipient (see the file's comment). */
function settle(db: Db, batch: BatchRow, payment: PaymentRow, nowMs: number): void {
  const now = iso(nowMs);
  const email = payment.beneficiary_email.trim().toLowerCase();
  if (email.slice(email.lastIndexOf('@') + 1) === BOUNCE_DOMAIN) return fail(db, batch, payment, 'emailBounced', now);
  const wallet = methodsOf(payment).some((m) => m.name === 'wallet' && !m.forbidden);
  const customer = db.prepare('SELECT id FROM customers WHERE lower(login) = ?').get(email);
  if (customer && wallet) {
    db.prepare("UPDATE global_pay_payments SET status = 'completed', received_by = 'wallet' WHERE id = ?").run(payment.id);
    return;
  }
  db.prepare("UPDATE global_pay_payments SET status = 'awaitingRecipient' WHERE id = ?").run(payment.id);
  insertLink(db, payment.id, now, iso(nowMs + RECEIVE_LINK_DAYS * DAY_MS));
}

/** The link a payment waits on (its newest unused one). */
const waitingLinkOf = (db: Db, paymentId: number): LinkRow | undefined => linksOf(db, paymentId).filter((l) => l.used_at === null).pop();

/** Moves a submitted batch on to `nowMs` (see the file's comment); nothing for a batch that is not under way. */
export function advanceBatch(db: Db, batchId: number, nowMs: number): void {
  const batch = batchById(db, batchId);
  if (!batch || (batch.status !== 'submitted' && batch.status !== 'processing') || batch.submitted === null) return;
  let status: GlobalPayBatchStatus = batch.status;
  if (status === 'submitted' && nowMs - Date.parse(batch.submitted) >= PROCESSING_AFTER_MS) status = 'processing';
  for (const payment of paymentsOf(db, batchId)) {
    if (payment.status === 'processing' && payment.processing_since !== null && nowMs - Date.parse(payment.processing_since) >= SETTLE_AFTER_MS) {
      settle(db, batch, payment, nowMs);
    } else if (payment.status === 'awaitingRecipient') {
      const link = waitingLinkOf(db, payment.id);
      if (!link || nowMs >= Date.parse(link.expires)) fail(db, batch, payment, 'linkExpired', iso(nowMs));
    }
  }
  if (status === 'processing' && !paymentsOf(db, batchId).some((p) => p.status === 'processing' || p.status === 'awaitingRecipient')) status = 'completed';
  if (status !== batch.status) db.prepare('UPDATE global_pay_batches SET status = ? WHERE id = ?').run(status, batchId);
  syncHistory(db, batchId);
}

/** Moves a batch's clock back by `ms` (submit, each payment's processing start, its links' times): the control API's fast-forward. */
export function shiftBatchClock(db: Db, batchId: number, ms: number): boolean {
  const batch = batchById(db, batchId);
  if (!batch) return false;
  const back = (value: string | null) => (value === null ? null : iso(Date.parse(value) - ms));
  db.prepare('UPDATE global_pay_batches SET submitted = ? WHERE id = ?').run(back(batch.submitted), batchId);
  for (const payment of paymentsOf(db, batchId)) {
    db.prepare('UPDATE global_pay_payments SET processing_since = ? WHERE id = ?').run(back(payment.processing_since), payment.id);
    for (const link of linksOf(db, payment.id)) {
      db.prepare('UPDATE global_pay_links SET created = ?, expires = ?, used_at = ? WHERE id = ?').run(back(link.created), back(link.expires), back(link.used_at), link.id);
    }
  }
  return true;
}

const linkStatus = (link: LinkRow, nowMs: number): 'open' | 'used' | 'expired' => (link.used_at !== null ? 'used' : nowMs >= Date.parse(link.expires) ? 'expired' : 'open');

/** The recipient's language, from their country (the app's languages: en, es, pt, ro, ru, uk). */
const LANGUAGE_OF_COUNTRY: Readonly<Record<string, string>> = { BR: 'pt', PT: 'pt', ES: 'es', MX: 'es', RO: 'ro', MD: 'ro', UA: 'uk' };

/**
 * The receive links of some batches' payments, each batch moved on to `nowMs` first: the control
 * API's list. The url is what the e-mail would carry: /receive/{id} in the sender's brand
 * (`?brand=`, the sandbox's stand-in for the brand's host) and the recipient's language (`lang`).
 */
export function receiveLinks(db: Db, batchIds: readonly number[], nowMs: number) {
  const links: { batchId: number; paymentId: number; id: string; url: string; status: 'open' | 'used' | 'expired' }[] = [];
  for (const batchId of batchIds) {
    advanceBatch(db, batchId, nowMs);
    const batch = batchById(db, batchId);
    if (!batch) continue;
    const { brand } = db.prepare('SELECT brand FROM customers WHERE id = ?').get(batch.customer_id) as { brand: string };
    for (const payment of paymentsOf(db, batchId)) {
      const lang = LANGUAGE_OF_COUNTRY[payment.beneficiary_country_code] ?? 'en';
      for (const link of linksOf(db, payment.id)) {
        links.push({ batchId, paymentId: payment.id, id: link.id, url: `/receive/${link.id}?brand=${encodeURIComponent(brand)}&lang=${lang}`, status: linkStatus(link, nowMs) });
      }
    }
  }
  return links;
}

// ---- moving the money ---------------------------------------------------------------------


/** What each payment of a batch debits from the account, in its currency. */
const debitsOf = (payments: readonly PaymentRow[], currency: string) => payments.map((p) => inAccountCurrency(senderPays(inputOf(p)), p.currency, currency));
/** The fees the sender pays, in the account's currency (what a request shows apart from the amount). */
const senderFeesOf = (payments: readonly PaymentRow[], currency: string) => sum(payments.filter((p) => p.fee_share === 'sender').map((p) => inAccountCurrency(p.fee, p.currency, currency)));

/** Sends a draft (or approved) batch: one debit, every payment processing, the clock started. All or nothing (the caller's transaction). */
function performSubmit(db: Db, acting: number, work: GlobalPaySubmitWork, now: string): PerformResult & { transactionId?: number } {
  const batch = batchOf(db, work.batchId, acting);
  if (!batch || (batch.status !== 'draft' && batch.status !== 'pendingApproval')) return { ok: false, reason: LOCKED };
  const from = account(db, batch.account_id, acting);
  if (!from || from.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  const live = paymentsOf(db, batch.id).filter((p) => p.status !== 'removed');
  if (live.length === 0) return { ok: false, reason: 'The batch has no payments to send' };
  const debits = debitsOf(live, from.currency);
  const total = sum(debits);
  if (units(from.balance) < units(total)) return { ok: false, reason: NO_FUNDS };
  db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(subtract(from.balance, total), from.id);
  const transactionId = insertTransaction(db, { customerId: acting, accountId: from.id, created: now, type: 'p2p', amount: `-${total}`, currency: from.currency, counterparty: `Global pay: ${batch.batch_name}`, permission: '3d' });
  const start = db.prepare("UPDATE global_pay_payments SET status = 'processing', processing_since = ?, debited = ? WHERE id = ?");
  live.forEach((p, i) => start.run(now, debits[i]!, p.id));
  db.prepare("UPDATE global_pay_batches SET status = 'submitted', submitted = ? WHERE id = ?").run(now, batch.id);
  syncHistory(db, batch.id);
  return { ok: true, transactionId };
}

/** Sends a failed payment again (to its corrected e-mail): debited again, processing on its own clock, the batch under way again. */
function performResend(db: Db, acting: number, work: GlobalPayResendWork, now: string): PerformResult & { transactionId?: number } {
  const batch = batchOf(db, work.batchId, acting);
  const payment = batch ? paymentsOf(db, batch.id).find((p) => p.id === work.paymentId) : undefined;
  if (!batch || !payment || payment.status !== 'failed') return { ok: false, reason: 'Only a failed payment can be sent again' };
  const from = account(db, batch.account_id, acting);
  if (!from || from.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  const [debit] = debitsOf([payment], from.currency) as [string];
  if (units(from.balance) < units(debit)) return { ok: false, reason: NO_FUNDS };
  db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(subtract(from.balance, debit), from.id);
  const transactionId = insertTransaction(db, { customerId: acting, accountId: from.id, created: now, type: 'p2p', amount: `-${debit}`, currency: from.currency, counterparty: `Global pay: ${payment.beneficiary_name}`, permission: '3d' });
  db.prepare("UPDATE global_pay_payments SET status = 'processing', processing_since = ?, debited = ?, failure_reason = NULL, received_by = NULL, beneficiary_email = ? WHERE id = ?").run(
    now,
    debit,
    work.beneficiaryEmail ?? payment.beneficiary_email,
    payment.id,
  );
  db.prepare("UPDATE global_pay_batches SET status = 'processing' WHERE id = ? AND status IN ('submitted', 'processing', 'completed')").run(batch.id);
  syncHistory(db, batch.id);
  return { ok: true, transactionId };
}

/** The performers of held global pay sends (sandbox/performers.ts). */
export const globalPayPerformers: Pick<Performers, 'globalPaySubmit' | 'globalPayResend'> = {
  globalPaySubmit: {
    perform: (db, acting, work, _held, now) => performSubmit(db, acting, work, now),
    // A failed approval (wrong codes, a push rejected, the money gone meanwhile) or a declined request: the batch is rejected.
    release: (db, acting, work) => {
      const changed = db.prepare("UPDATE global_pay_batches SET status = 'rejected' WHERE id = ? AND customer_id = ? AND status = 'pendingApproval'").run(work.batchId, acting).changes;
      if (changed) db.prepare("UPDATE batches SET status = 'rejected' WHERE id = ? AND customer_id = ? AND type = 'globalPay'").run(work.batchId, acting);
    },
  },
  globalPayResend: {
    perform: (db, acting, work, _held, now) => performResend(db, acting, work, now),
    // Nothing was reserved: the payment stays failed.
    release: () => undefined,
  },
};

// ---- the file -----------------------------------------------------------------------------

interface RowError {
  line: number;
  column: string;
  problem: GlobalPayProblem | 'header' | 'tooMany';
  message: string;
}

const fileRefusal = (description: string): HandlerReply => vf('file', description);
const rowErrorsReply = (rowErrors: RowError[]): HandlerReply => ({ status: 200, body: { responseCode: 'VF', responseDescription: 'The file has errors', rowErrors } });
/** A line's errors in the columns' order (the rules' own), a duplicate among them. */
const COLUMN_ORDER: readonly string[] = ['', ...GLOBAL_PAY_COLUMNS.required, ...GLOBAL_PAY_COLUMNS.optional];

/**
 * Reads the file: the first non-empty line is the header (its names trimmed, in any order);
 * every other non-empty line is a payment. Lines are the file's physical lines (empty ones are
 * skipped but counted; a quoted value over several lines counts from its first). Answers the
 * refusal, or the payments (normalised by paymentFromRow) with their lines.
 */
function readFile(text: string): { reply: HandlerReply } | { payments: { line: number; input: GlobalPayPaymentInput }[] } {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const records: { values: string[]; line: number }[] = [];
  let start = 0;
  let line = 1;
  let broken: number | null = null;
  Papa.parse<string[]>(clean, {
    delimiter: ',',
    skipEmptyLines: false,
    step: (result) => {
      if (result.errors.length) broken ??= line;
      records.push({ values: result.data, line });
      const end = result.meta.cursor;
      for (let i = start; i < end; i += 1) if (clean.charCodeAt(i) === 10) line += 1;
      start = end;
    },
  });
  if (broken !== null) return { reply: fileRefusal(`The file cannot be read (line ${broken}): check its quotes`) };
  const lines = records.filter((r) => r.values.some((value) => value.trim() !== ''));
  const [head, ...rows] = lines;
  if (!head) return { reply: fileRefusal('The file is empty') };
  const header = head.values.map((name) => name.trim());
  const { missing } = checkGlobalPayHeader(header);
  if (missing.length) return { reply: rowErrorsReply(missing.map((column) => ({ line: head.line, column, problem: 'header', message: `Line ${head.line}: the column ${column} is missing` }))) };
  if (rows.length === 0) return { reply: fileRefusal('The file has no payments: only the header line') };
  if (rows.length > GLOBAL_PAY_MAX_ROWS) {
    return { reply: rowErrorsReply([{ line: rows[GLOBAL_PAY_MAX_ROWS]!.line, column: '', problem: 'tooMany', message: `The file has ${rows.length} payments: at most ${GLOBAL_PAY_MAX_ROWS} at once` }]) };
  }
  const errors: RowError[] = [];
  const payments: { line: number; input: GlobalPayPaymentInput }[] = [];
  const seen = new Map<string, number>();
  for (const { values, line: at } of rows) {
    const row: Record<string, string> = {};
    header.forEach((name, i) => {
      if (!(name in row)) row[name] = (values[i] ?? '').trim();
    });
    const found: RowError[] = checkGlobalPayRow(row).map((e) => ({ line: at, column: e.column, problem: e.problem, message: `Line ${at}: ${problemText(e.column, e.problem, row)}` }));
    if (row.beneficiaryEmail && row.amount && row.currency && !found.some((e) => e.column === 'beneficiaryEmail')) {
      const key = duplicateKey({ beneficiaryEmail: row.beneficiaryEmail, amount: row.amount, currency: row.currency });
      const first = seen.get(key);
      if (first === undefined) seen.set(key, at);
      else found.push({ line: at, column: 'beneficiaryEmail', problem: 'duplicate', message: `Line ${at}: the same payment (e-mail, amount and currency) is already on line ${first}` });
    }
    if (found.length) errors.push(...found.sort((a, b) => COLUMN_ORDER.indexOf(a.column) - COLUMN_ORDER.indexOf(b.column)));
    else payments.push({ line: at, input: paymentFromRow(row) });
  }
  if (errors.length) return { reply: rowErrorsReply(errors) };
  return { payments };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const defaultName = (created: string) => {
  const date = new Date(created);
  return `Global pay ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
};

function upload(ctx: HandlerContext<'globalPayUploadBatch'>, acting: number): HandlerReply {
  const { db, body } = ctx;
  if (!offered(db, ctx.customerId, acting)) return refused(NOT_OFFERED);
  const rights = transferRefusal(ctx, acting);
  if (rights) return rights;
  const source = payingAccount(db, body.accountId, acting);
  if ('reply' in source) return source.reply;
  const file = ctx.files.file;
  if (!file || !file.text.trim()) return fileRefusal('The file is empty');
  // A CSV by its bytes, whatever type it was sent as (Windows names a .csv application/vnd.ms-excel).
  if (!isText(file.bytes)) return fileRefusal(BOUNDED_INPUT_MESSAGES.notText);
  if (file.size > GLOBAL_PAY_MAX_BYTES) return fileRefusal(`The file is larger than ${GLOBAL_PAY_MAX_BYTES / 1_000_000} MB`);
  const read = readFile(file.text);
  if ('reply' in read) return read.reply;
  const contentKey = contentKeyOf(source.account.id, read.payments.map((p) => p.input));
  if (body.ignoreIdenticalBatch !== true) {
    const same = db.prepare("SELECT id, created FROM global_pay_batches WHERE customer_id = ? AND content_key = ? AND status <> 'rejected' ORDER BY id LIMIT 1").get(acting, contentKey) as
      | { id: number; created: string }
      | undefined;
    if (same) return { status: 200, body: { responseCode: '92', responseDescription: 'An identical batch exists', result: 'identical', date: same.created, batchId: same.id } };
  }
  const created = nowIso(ctx);
  const name = typeof body.batchName === 'string' && body.batchName.trim() ? body.batchName.trim() : defaultName(created);
  const { batchId } = createBatch(db, { customerId: acting, accountId: source.account.id, batchName: name, created, requestId: body.requestId, payments: read.payments });
  return ok({ result: 'created', date: created, batchId });
}

// ---- handler shapes -----------------------------------------------------------------------

/** A call for the acting customer, in one transaction. */
const acted =
  <M extends MainOperation>(work: (ctx: HandlerContext<M>, acting: number) => HandlerReply): Handler<M> =>
  (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    return transaction(ctx.db, () => work(ctx, acting));
  };

type Loaded = { reply: HandlerReply } | { batch: BatchRow };
/** A call on one batch (its body names it by batchId). */
type BatchContext = Pick<HandlerContext, 'db' | 'now'> & { body: { batchId?: unknown } };

/** The acting customer's batch, moved on to now; another customer's or an unknown one is "No such batch". */
function loadBatch(ctx: BatchContext, acting: number): Loaded {
  const found = batchOf(ctx.db, ctx.body.batchId, acting);
  if (!found) return { reply: noBatch };
  advanceBatch(ctx.db, found.id, ctx.now());
  return { batch: batchById(ctx.db, found.id)! };
}

/** The batch, when it is still a draft. */
function loadDraft(ctx: BatchContext, acting: number): Loaded {
  const loaded = loadBatch(ctx, acting);
  if ('reply' in loaded) return loaded;
  return loaded.batch.status === 'draft' ? loaded : { reply: refused(LOCKED) };
}

/** A draft's change: the batch loaded, the change made, its content key and history row refreshed. */
const onDraft = <M extends MainOperation>(work: (ctx: HandlerContext<M>, batch: BatchRow, acting: number) => HandlerReply): Handler<M> =>
  acted<M>((ctx, acting) => {
    const loaded = loadDraft({ db: ctx.db, now: ctx.now, body: { batchId: batchIdOf(ctx.body) } }, acting);
    if ('reply' in loaded) return loaded.reply;
    const reply = work(ctx, loaded.batch, acting);
    if ((reply.body as { responseCode?: string }).responseCode === '00') {
      refreshContentKey(ctx.db, loaded.batch.id);
      syncHistory(ctx.db, loaded.batch.id);
    }
    return reply;
  });

/** The batchId of a draft call's body (every call onDraft serves names its batch). */
const batchIdOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'batchId' in body ? body.batchId : undefined);

/** The named payments of a batch (each once, in the order named), or the refusal naming `param`. */
function namedPayments(db: Db, batch: BatchRow, ids: readonly number[], param: string): { reply: HandlerReply } | { payments: PaymentRow[] } {
  const all = new Map(paymentsOf(db, batch.id).map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !all.has(id));
  if (unknown.length) return { reply: vf(param, `No such payment in this batch: ${[...new Set(unknown)].join(', ')}`) };
  return { payments: [...new Set(ids)].map((id) => all.get(id)!) };
}

const setStatus = (db: Db, ids: readonly number[], status: GlobalPayPaymentStatus) => {
  const update = db.prepare('UPDATE global_pay_payments SET status = ? WHERE id = ?');
  for (const id of ids) update.run(status, id);
};
const changedPayments = (db: Db, ids: readonly number[]) => ok({ payments: [...new Set(ids)].map((id) => toPayment(paymentById(db, id))) });

const writePayment = (db: Db, id: number, p: GlobalPayPaymentInput) =>
  db
    .prepare(
      `UPDATE global_pay_payments SET amount = ?, currency = ?, description = ?, beneficiary_type = ?, beneficiary_name = ?, beneficiary_email = ?, beneficiary_country_code = ?,
       fee_share = ?, payment_methods = ?, fee = ? WHERE id = ?`,
    )
    .run(p.amount, p.currency, p.description, p.beneficiaryType, p.beneficiaryName, p.beneficiaryEmail, p.beneficiaryCountryCode, p.feeShare, JSON.stringify(p.paymentMethods), paymentFee(p.amount), id);

/** A code for a held operation of this batch (and payment): approvePayment's check, after the operation is known to be this one's. */
function confirmFor<M extends 'globalPayBatchApproval' | 'globalPaySingleApproval'>(
  confirm: Approvals['confirmOperation'],
  matches: (work: Work, body: HandlerContext<M>['body']) => boolean,
): Handler<M> {
  return (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const work = heldWork(ctx.db, acting, String(ctx.body.operationId));
    if (!work || !matches(work, ctx.body)) return refused(NOT_WAITING);
    return confirm(ctx, ctx.body.operationId, ctx.body.approvalCode);
  };
}

/** The two confirmations of global pay's held sends, through approvePayment's confirmation (sandbox/approvals.ts). */
export const globalPayApprovalHandlers = (confirm: Approvals['confirmOperation']): HandlerMap => ({
  globalPayBatchApproval: confirmFor<'globalPayBatchApproval'>(confirm, (work, body) => work.kind === 'globalPaySubmit' && work.batchId === body.batchId),
  globalPaySingleApproval: confirmFor<'globalPaySingleApproval'>(confirm, (work, body) => work.kind === 'globalPayResend' && work.batchId === body.batchId && work.paymentId === body.paymentId),
});

// ---- the calls ----------------------------------------------------------------------------

const submit = idempotent(
  'globalPaySubmit',
  (ctx, acting) => {
    const { db } = ctx;
    if (!offered(db, ctx.customerId, acting)) return refused(NOT_OFFERED);
    const loaded = loadDraft(ctx, acting);
    if ('reply' in loaded) return loaded.reply;
    const { batch } = loaded;
    const live = paymentsOf(db, batch.id).filter((p) => p.status !== 'removed');
    if (live.length === 0) return refused('The batch has no payments to send');
    const from = account(db, batch.account_id, acting);
    if (!from || from.status_id === CLOSED) return vf('accountId', 'This account is closed');
    const total = sum(debitsOf(live, from.currency));
    if (units(from.balance) < units(total)) return refused(NO_FUNDS);
    const created = nowIso(ctx);
    addRequestId(db, batch.id, ctx.body.requestId);
    const work: GlobalPaySubmitWork = { kind: 'globalPaySubmit', batchId: batch.id, amount: `${total} ${from.currency}` };
    const fee = senderFeesOf(live, from.currency);
    const waits = holdOrRequest(ctx, acting, created, {
      work,
      request: { transactionType: 'mass_globalPay', amount: Big(total).minus(fee).toFixed(2), fee, currency: from.currency, accountId: from.id, beneficiary: batch.batch_name, count: live.length, batchId: batch.id },
      reserve: () => null,
    });
    if (waits) {
      db.prepare("UPDATE global_pay_batches SET status = 'pendingApproval' WHERE id = ?").run(batch.id);
      syncHistory(db, batch.id);
      return waits;
    }
    const done = performSubmit(db, acting, work, created);
    if (!done.ok) return refused(done.reason);
    return ok({ approveType: 'none', status: 'pending', ...(done.transactionId !== undefined ? { transactionId: done.transactionId } : {}) });
  },
  { refusal: transferRefusal },
);

const resend = idempotent(
  'globalPayResendPayment',
  (ctx, acting) => {
    const { db, body } = ctx;
    if (!offered(db, ctx.customerId, acting)) return refused(NOT_OFFERED);
    const loaded = loadBatch(ctx, acting);
    if ('reply' in loaded) return loaded.reply;
    const { batch } = loaded;
    const payment = paymentsOf(db, batch.id).find((p) => p.id === body.paymentId);
    if (!payment) return vf('paymentId', 'No such payment in this batch');
    if (payment.status !== 'failed') return refused('Only a failed payment can be sent again');
    const email = typeof body.beneficiaryEmail === 'string' && body.beneficiaryEmail.trim() ? body.beneficiaryEmail.trim() : undefined;
    if (email !== undefined && !isBeneficiaryEmail(email)) return vf('beneficiaryEmail', 'The beneficiary e-mail is not a valid e-mail address');
    const from = account(db, batch.account_id, acting);
    if (!from || from.status_id === CLOSED) return vf('accountId', 'This account is closed');
    const [debit] = debitsOf([payment], from.currency) as [string];
    if (units(from.balance) < units(debit)) return refused(NO_FUNDS);
    const created = nowIso(ctx);
    addRequestId(db, batch.id, body.requestId);
    const work: GlobalPayResendWork = { kind: 'globalPayResend', batchId: batch.id, paymentId: payment.id, ...(email !== undefined ? { beneficiaryEmail: email } : {}), amount: `${debit} ${from.currency}` };
    const fee = senderFeesOf([payment], from.currency);
    const waits = holdOrRequest(ctx, acting, created, {
      work,
      request: { transactionType: 'globalPay', amount: Big(debit).minus(fee).toFixed(2), fee, currency: from.currency, accountId: from.id, beneficiary: email ?? payment.beneficiary_email },
      reserve: () => null,
    });
    if (waits) return waits;
    const done = performResend(db, acting, work, created);
    if (!done.ok) return refused(done.reason);
    return ok({ approveType: 'none', status: 'pending', ...(done.transactionId !== undefined ? { transactionId: done.transactionId } : {}) });
  },
  { refusal: transferRefusal },
);

const updatePayments = idempotent('globalPayUpdatePayments', (ctx, acting) => {
  const { db, body } = ctx;
  const loaded = loadDraft(ctx, acting);
  if ('reply' in loaded) return loaded.reply;
  const { batch } = loaded;
  const existing = new Map(paymentsOf(db, batch.id).map((p) => [p.id, p]));
  const errors: ValidationError[] = [];
  const adds: GlobalPayPaymentInput[] = [];
  const updates: { id: number; payment: GlobalPayPaymentInput }[] = [];
  ((body.adds ?? []) as Record<string, unknown>[]).forEach((input, i) => {
    const checked = checkInput(input, `adds[${i}]`);
    if ('errors' in checked) errors.push(...checked.errors);
    else adds.push(checked.payment);
  });
  ((body.updates ?? []) as Record<string, unknown>[]).forEach((update, i) => {
    const row = existing.get(Number(update.id));
    if (!row) return void errors.push({ param: `updates[${i}].id`, description: 'No such payment in this batch' });
    const checked = checkUpdate(row, update, `updates[${i}]`);
    if ('errors' in checked) errors.push(...checked.errors);
    else updates.push({ id: row.id, payment: checked.payment });
  });
  for (const list of ['deletes', 'restores'] as const) {
    ((body[list] ?? []) as number[]).forEach((id, i) => {
      if (!existing.has(id)) errors.push({ param: `${list}[${i}]`, description: 'No such payment in this batch' });
    });
  }
  if (errors.length) return invalid(errors);
  const changed = insertPayments(
    db,
    batch.id,
    adds.map((input) => ({ line: null, input })),
  );
  for (const { id, payment } of updates) {
    writePayment(db, id, payment);
    changed.push(id);
  }
  setStatus(db, (body.deletes ?? []) as number[], 'removed');
  setStatus(db, (body.restores ?? []) as number[], 'draft');
  changed.push(...((body.deletes ?? []) as number[]), ...((body.restores ?? []) as number[]));
  addRequestId(db, batch.id, body.requestId);
  refreshContentKey(db, batch.id);
  syncHistory(db, batch.id);
  return changedPayments(db, changed);
});

export const globalPayHandlers: HandlerMap = {
  /** A batch from a CSV file (multipart: data and file), once per requestId. */
  globalPayUploadBatch: idempotent('globalPayUploadBatch', upload),
  globalPayGetBatch: acted((ctx, acting) => {
    const loaded = loadBatch(ctx, acting);
    return 'reply' in loaded ? loaded.reply : ok({ batch: batchReply(ctx.db, loaded.batch) });
  }),
  globalPayBatchStatus: acted((ctx, acting) => {
    const loaded = loadBatch(ctx, acting);
    return 'reply' in loaded ? loaded.reply : ok(statusReply(ctx.db, loaded.batch));
  }),
  globalPaySubmit: submit,
  globalPayResendPayment: resend,
  /** Cancels a draft, or a submit still waiting for its approval (the approval or request ends with it). */
  globalPayReject: acted((ctx, acting) => {
    const { db } = ctx;
    const loaded = loadBatch(ctx, acting);
    if ('reply' in loaded) return loaded.reply;
    const { batch } = loaded;
    if (batch.status !== 'draft' && batch.status !== 'pendingApproval') return refused(LOCKED);
    if (batch.status === 'pendingApproval') {
      db.prepare("UPDATE approvals SET status = 'rejected' WHERE customer_id = ? AND status = 'waiting' AND json_extract(work, '$.kind') = 'globalPaySubmit' AND json_extract(work, '$.batchId') = ?").run(acting, batch.id);
      db.prepare("UPDATE transaction_requests SET status = 'declined', decided_by = ?, decided = ? WHERE customer_id = ? AND batch_id = ? AND status = 'waiting'").run(ctx.customerId, nowIso(ctx), acting, batch.id);
    }
    db.prepare("UPDATE global_pay_batches SET status = 'rejected' WHERE id = ?").run(batch.id);
    db.prepare("UPDATE batches SET status = 'cancelled' WHERE id = ? AND customer_id = ? AND type = 'globalPay'").run(batch.id, acting);
    return ok(statusReply(db, batchById(db, batch.id)!));
  }),
  globalPayUpdatePayments: updatePayments,
  /** The batch's name and account and, when given, all its payments anew. */
  globalPayFullUpdate: onDraft((ctx, batch, acting) => {
    const { db, body } = ctx;
    const errors: ValidationError[] = [];
    let accountId = batch.account_id;
    if (body.accountId !== undefined) {
      const source = payingAccount(db, body.accountId, acting);
      if ('reply' in source) return source.reply;
      accountId = source.account.id;
    }
    const name = typeof body.batchName === 'string' ? body.batchName.trim() : batch.batch_name;
    if (!name) errors.push({ param: 'batchName', description: 'Enter a name for the batch' });
    const payments: GlobalPayPaymentInput[] = [];
    if (Array.isArray(body.payments)) {
      (body.payments as Record<string, unknown>[]).forEach((input, i) => {
        const checked = checkInput(input, `payments[${i}]`);
        if ('errors' in checked) errors.push(...checked.errors);
        else payments.push(checked.payment);
      });
    }
    if (errors.length) return invalid(errors);
    db.prepare('UPDATE global_pay_batches SET batch_name = ?, account_id = ? WHERE id = ?').run(name, accountId, batch.id);
    if (Array.isArray(body.payments)) {
      db.prepare("UPDATE global_pay_payments SET status = 'replaced' WHERE batch_id = ?").run(batch.id);
      insertPayments(
        db,
        batch.id,
        payments.map((input) => ({ line: null, input })),
      );
    }
    refreshContentKey(db, batch.id);
    syncHistory(db, batch.id);
    return ok({ batch: batchReply(db, batchById(db, batch.id)!) });
  }),
  globalPayRemove: onDraft((ctx, batch) => {
    const named = namedPayments(ctx.db, batch, ctx.body.paymentIds, 'paymentIds');
    if ('reply' in named) return named.reply;
    const ids = named.payments.map((p) => p.id);
    setStatus(ctx.db, ids, 'removed');
    return changedPayments(ctx.db, ids);
  }),
  globalPayRestore: onDraft((ctx, batch) => {
    const named = namedPayments(ctx.db, batch, ctx.body.paymentIds, 'paymentIds');
    if ('reply' in named) return named.reply;
    const ids = named.payments.map((p) => p.id);
    setStatus(ctx.db, ids, 'draft');
    return changedPayments(ctx.db, ids);
  }),
  /** The fee side of the named payments, or of every payment not removed; a fee the recipient could not pay refuses it all. */
  globalPaySetFeeSide: onDraft((ctx, batch) => {
    const { db, body } = ctx;
    let targets: PaymentRow[];
    if (Array.isArray(body.paymentIds)) {
      const named = namedPayments(db, batch, body.paymentIds, 'paymentIds');
      if ('reply' in named) return named.reply;
      targets = named.payments;
    } else {
      targets = paymentsOf(db, batch.id).filter((p) => p.status !== 'removed');
    }
    const feeShare = String(body.feeShare);
    const refusals = targets.flatMap((p) => {
      const row = rowTextOf({ ...inputOf(p), feeShare });
      return checkGlobalPayRow(row)
        .filter((e) => e.problem === 'feeAboveAmount')
        .map(() => ({ param: 'feeShare', description: `Payment ${p.id}: ${problemText('amount', 'feeAboveAmount', row)}` }));
    });
    if (refusals.length) return invalid(refusals);
    const update = db.prepare('UPDATE global_pay_payments SET fee_share = ? WHERE id = ?');
    for (const p of targets) update.run(feeShare, p.id);
    return changedPayments(
      db,
      targets.map((p) => p.id),
    );
  }),
  /** Forbids (or allows again) one of a payment's methods; the last allowed one stays. */
  globalPaySetMethodForbidden: onDraft((ctx, batch) => {
    const { db, body } = ctx;
    const payment = paymentsOf(db, batch.id).find((p) => p.id === body.paymentId);
    if (!payment) return vf('paymentId', 'No such payment in this batch');
    const methods = methodsOf(payment);
    const method = methods.find((m) => m.name === body.name);
    if (!method) return vf('name', 'This payment cannot be received by this method');
    if (body.forbidden === true && !methods.some((m) => m.name !== method.name && !m.forbidden)) return refused(LAST_METHOD);
    method.forbidden = body.forbidden === true;
    db.prepare('UPDATE global_pay_payments SET payment_methods = ? WHERE id = ?').run(JSON.stringify(methods), payment.id);
    return changedPayments(db, [payment.id]);
  }),
  globalPayCountryPaymentMethods: (ctx) => {
    if (owner(ctx) === null) return denied;
    const countryCode = String(ctx.body.countryCode).toUpperCase();
    return ok({ countryCode, paymentMethods: [...countryPaymentMethods(countryCode)] });
  },
  globalPayDictionary: (ctx) => {
    if (owner(ctx) === null) return denied;
    return ok({
      countries: Object.entries(GLOBAL_PAY_COUNTRIES).map(([code, paymentMethods]) => ({ code, paymentMethods: [...paymentMethods] })),
      paymentMethods: GLOBAL_PAY_METHODS.map((name) => ({ name, fields: [...RECEIVE_METHOD_FIELDS[name]] })),
    });
  },

  // ---- the recipient's page (public: the link is the key) ----

  p2pGlobalPayMeta: (ctx) =>
    transaction(ctx.db, () => {
      const found = recipientLink(ctx);
      if ('reply' in found) return found.reply;
      const { link, payment, batch } = found;
      const sender = ctx.db.prepare('SELECT first_name, last_name, business_name FROM customers WHERE id = ?').get(batch.customer_id) as {
        first_name: string | null;
        last_name: string | null;
        business_name: string | null;
      };
      const input = inputOf(payment);
      return ok({
        status: linkStatus(link, ctx.now()),
        amount: input.amount,
        currency: input.currency,
        fee: payment.fee,
        feeShare: input.feeShare,
        recipientGets: recipientGets(input),
        description: input.description,
        senderName: sender.business_name ?? [sender.first_name, sender.last_name].filter(Boolean).join(' '),
        beneficiaryName: input.beneficiaryName,
        beneficiaryCountryCode: input.beneficiaryCountryCode,
        expires: link.expires,
        ...(link.method ? { receivedBy: link.method } : {}),
      });
    }),
  p2pGlobalPayMethods: (ctx) =>
    transaction(ctx.db, () => {
      const found = recipientLink(ctx);
      if ('reply' in found) return found.reply;
      const allowed = methodsOf(found.payment).filter((m) => !m.forbidden && isGlobalPayMethod(m.name));
      return ok({ paymentMethods: allowed.map((m) => ({ name: m.name, fields: [...RECEIVE_METHOD_FIELDS[m.name as GlobalPayMethod]] })) });
    }),
  p2pGlobalPaySubmit: (ctx) => {
    const outcome = transaction(ctx.db, (): { reply: HandlerReply; notify?: { customerId: number; batchId: number; status: string } } => {
      const { db, body } = ctx;
      const found = recipientLink(ctx);
      if ('reply' in found) return { reply: found.reply };
      const { link, payment, batch } = found;
      const status = linkStatus(link, ctx.now());
      if (status === 'used') return { reply: refusal('This link has already been used', 'UL') };
      if (status === 'expired' || payment.status !== 'awaitingRecipient') return { reply: refusal('This link has expired', 'EL') };
      // paymentMethod: the body's own `method` is the dispatch name (p2pGlobalPaySubmit).
      const method = String(body.paymentMethod) as GlobalPayMethod;
      if (!methodsOf(payment).some((m) => m.name === method && !m.forbidden)) return { reply: vf('paymentMethod', 'This payment cannot be received this way') };
      const details = (body.details ?? {}) as Record<string, string | undefined>;
      const problems = Object.entries(checkReceiveDetails(method, details));
      if (problems.length) {
        return {
          reply: invalid(
            problems.map(([field, problem]) => ({
              param: `details.${field}`,
              description: problem === 'required' ? `Enter the ${RECEIVE_FIELD_NAMES[field] ?? field}` : `The ${RECEIVE_FIELD_NAMES[field] ?? field} is not valid`,
            })),
          ),
        };
      }
      // What is kept of the details: the method's fields, a card number masked (never the whole number).
      const kept = Object.fromEntries(
        RECEIVE_METHOD_FIELDS[method].map((field) => {
          const text = (details[field] ?? '').trim();
          return [field, field === 'cardNumber' ? maskCardNumber(text.replace(/\s+/g, '')) : text];
        }),
      );
      const now = nowIso(ctx);
      db.prepare('UPDATE global_pay_links SET used_at = ?, method = ?, details = ? WHERE id = ?').run(now, method, JSON.stringify(kept), link.id);
      db.prepare("UPDATE global_pay_payments SET status = 'completed', received_by = ? WHERE id = ?").run(method, payment.id);
      advanceBatch(db, batch.id, ctx.now());
      const after = batchById(db, batch.id)!;
      return { reply: ok({ status: 'used', receivedBy: method }), notify: { customerId: after.customer_id, batchId: after.id, status: after.status } };
    });
    // The sender's sessions hear of it (a page showing the batch refreshes it).
    if (outcome.notify) {
      ctx.realtime?.toCustomer(outcome.notify.customerId, { type: 'globalPayBatch', id: `gp-${outcome.notify.batchId}-${ctx.now()}`, batchId: outcome.notify.batchId, status: outcome.notify.status });
    }
    return outcome.reply;
  },
};

/** A recipient's link with its payment and batch, the batch moved on to now first; an unknown id is "No such link". */
function recipientLink(ctx: Pick<HandlerContext, 'db' | 'now'> & { body: { id?: unknown } }): { reply: HandlerReply } | { link: LinkRow; payment: PaymentRow; batch: BatchRow } {
  const first = linkById(ctx.db, ctx.body.id);
  if (!first) return { reply: noLink };
  const { batch_id: batchId } = paymentById(ctx.db, first.payment_id);
  advanceBatch(ctx.db, batchId, ctx.now());
  return { link: linkById(ctx.db, first.id)!, payment: paymentById(ctx.db, first.payment_id), batch: batchById(ctx.db, batchId)! };
}
