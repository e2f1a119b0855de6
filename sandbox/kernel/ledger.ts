import { createHash } from 'node:crypto';
import { transaction, type Db } from '../db.ts';
import type { Handler, HandlerContext, HandlerReply, OperationId } from '../handler-types.ts';
import { denied, owner } from '../access.ts';
import { units } from './money.ts';
import { unprocessable } from '../messages.ts';
import { responseCodeOf, vf } from './replies.ts';

/**
 * The ledger: accounts and their activity rows (transactions), the look-ups every money handler
 * makes, and idempotent submits. Money moves inside the caller's database transaction.
 */

/** An account row (cards are accounts too: the card_ columns). */
export interface AccountRow {
  id: number;
  customer_id: number;
  type: number;
  sub_type: string | null;
  status_id: number;
  currency: string;
  balance: string;
  balance_min: string | null;
  pending: string | null;
  card_is_virtual: number | null;
  card_alias: string | null;
  card_expiry_month: number | null;
  card_expiry_year: number | null;
  card_reissued_status_id: number | null;
  settlement_account_id: number | null;
  wallet_address: string | null;
  card_pin: string | null;
  card_express: number | null;
  card_network: string | null;
}

/** Account status 11: closed (001 s4). */
export const CLOSED = 11;
/** Account type 1001: a payment account. */
export const PAYMENT = 1001;

/** The customer's account with this id, or undefined (not theirs, or not an id). */
export function account(db: Db, id: unknown, acting: number): AccountRow | undefined {
  if (typeof id !== 'number') return undefined;
  return db.prepare('SELECT * FROM accounts WHERE id = ? AND customer_id = ?').get(id, acting) as AccountRow | undefined;
}

/** An account row read again by id (after a change). */
export const reread = (db: Db, id: number): AccountRow => db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as unknown as AccountRow;

/** The request's time as the rows keep it. */
export const nowIso = (ctx: Pick<HandlerContext, 'now'>): string => new Date(ctx.now()).toISOString();

/**
 * What the sender wrote on a transfer and both sides see again on its rows (history, details):
 * the reference (spec 001 s7, every transfer kind that has one) and a p2p transfer's note. Kept as
 * typed, trimmed; blank is none. Plain text: the app renders it as text.
 */
export interface TransferText {
  reference?: string | null;
  note?: string | null;
}

/** A transfer body's reference and note as its rows keep them (trimmed; blank or absent is none). */
export function transferTextOf(body: { reference?: unknown; note?: unknown }): TransferText {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return { reference: text(body.reference), note: text(body.note) };
}

/** Adds an activity row (ids follow the highest one, from 900001) and answers its id. */
export function insertTransaction(
  db: Db,
  row: {
    customerId: number;
    accountId: number;
    created: string;
    type: string;
    amount: string;
    currency: string;
    counterparty: string | null;
    status?: 'completed' | 'processing';
    email?: string | null;
    permission?: 'own' | '3d' | null;
    text?: TransferText | undefined;
    /** The invoice a p2p transfer pays (issue 51): both sides' rows name it. */
    invoiceId?: number | undefined;
  },
): number {
  const { next } = db.prepare('SELECT COALESCE(MAX(id), 900000) + 1 AS next FROM transactions').get() as { next: number };
  db.prepare(
    `INSERT INTO transactions (id, customer_id, account_id, created, type, amount, amount_units, currency, status, counterparty, counterparty_email, permission, disabled, reference, note, invoice_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  ).run(
    next,
    row.customerId,
    row.accountId,
    row.created,
    row.type,
    row.amount,
    units(row.amount),
    row.currency,
    row.status ?? 'completed',
    row.counterparty,
    row.email ?? null,
    row.permission ?? null,
    row.text?.reference ?? null,
    row.text?.note ?? null,
    row.invoiceId ?? null,
  );
  return next;
}

/** Batch ids follow the highest one of History › Batch transfers and of global pay's batches, from 60001 (one id space: a global pay batch is listed under its own id). */
const BATCH_ID_FLOOR = 60_000;

/** The id the next batch gets. */
export function nextBatchId(db: Db): number {
  const { next } = db
    .prepare(`SELECT MAX(COALESCE((SELECT MAX(id) FROM batches), ${BATCH_ID_FLOOR}), COALESCE((SELECT MAX(id) FROM global_pay_batches), ${BATCH_ID_FLOOR})) + 1 AS next`)
    .get() as { next: number };
  return next;
}

/**
 * Adds a batch to History › Batch transfers (mass files, mass p2p, global pay) and answers its id:
 * the one given (a handler that named it before, e.g. in a company request), else the next.
 */
export function insertBatch(
  db: Db,
  row: { id?: number; customerId: number; name: string; type: string; created: string; status: string; count: number; total: string; currency: string },
): number {
  const id = row.id ?? nextBatchId(db);
  db.prepare('INSERT INTO batches (id, customer_id, name, type, created, status, payments_count, total_amount, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    id,
    row.customerId,
    row.name,
    row.type,
    row.created,
    row.status,
    row.count,
    row.total,
    row.currency,
  );
  return id;
}

/** Sets an account's balance (decimal text). */
export const setBalance = (db: Db, accountId: number, balance: string): void => void db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(balance, accountId);

/** A held transfer's processing row completes (at the time the money moved). */
export const completeHeld = (db: Db, transactionId: number, created: string): void =>
  void db.prepare("UPDATE transactions SET status = 'completed', created = ? WHERE id = ?").run(created, transactionId);

/** A held transfer's processing row is rejected (the work was not done): what a transfer's releaser does. */
export const rejectHeld = (db: Db, acting: number, transactionId: number | null): void => {
  if (transactionId !== null) db.prepare("UPDATE transactions SET status = 'rejected' WHERE id = ? AND customer_id = ?").run(transactionId, acting);
};

/**
 * Idempotent submits, strict as Stripe's API (docs/decisions.md, issue 46): every submit carries a
 * requestId (without one: 422, nothing done). The first '00' reply per customer and requestId is
 * kept with a hash of the request (its body, and an upload's file); a repeat with the same request
 * gets that reply unchanged without doing anything again; the same requestId with other details, or
 * on another call, is refused (422, in the request's language). Refused attempts are not kept, so a
 * corrected request may reuse its id. The look-up, the work and keeping the reply are one
 * transaction, so a repeat can never move money twice. `refusal` is asked first (a money-moving
 * submit: sandbox/requests.ts transferRefusal, a business user without transfer rights). `keeps`
 * names other replies that also end the request for good (a permission change's decision that
 * failed with 409 or 422, issue 54: the change is failed, so a repeat answers the same status and
 * body); they are kept with their status.
 */
export function idempotent<M extends OperationId>(
  method: M,
  work: (ctx: HandlerContext<M>, acting: number) => HandlerReply,
  options: {
    refusal?: (ctx: HandlerContext<M>, acting: number) => HandlerReply | null;
    keeps?: (reply: HandlerReply) => boolean;
  } = {},
): Handler<M> {
  return (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const requestId = requestIdOf(ctx.body);
    if (requestId === null) return unprocessable(ctx.headers, 'requestIdMissing', 'requestId');
    const refusal = options.refusal?.(ctx, acting) ?? null;
    if (refusal) return refusal;
    const hash = requestHash(ctx.body, ctx.files);
    return transaction(ctx.db, () => {
      const kept = ctx.db.prepare('SELECT method, body_hash, reply FROM idempotent_replies WHERE customer_id = ? AND request_id = ?').get(acting, requestId) as
        | { method: string; body_hash: string; reply: string }
        | undefined;
      if (kept) {
        if (kept.method !== method) return unprocessable(ctx.headers, 'requestIdOtherCall', 'requestId');
        if (kept.body_hash !== hash) return unprocessable(ctx.headers, 'requestIdOtherDetails', 'requestId');
        const stored = JSON.parse(kept.reply) as unknown;
        return isKeptWithStatus(stored) ? { status: stored[KEPT_STATUS], body: stored.body } : { status: 200, body: stored };
      }
      const reply = work(ctx, acting);
      const keep = responseCodeOf(reply) === '00' || (options.keeps?.(reply) ?? false);
      if (keep) {
        // A 200 reply is kept as its body (as every other submit's); another status with it.
        const stored = reply.status === 200 ? reply.body : { [KEPT_STATUS]: reply.status, body: reply.body };
        ctx.db
          .prepare('INSERT INTO idempotent_replies (customer_id, request_id, method, body_hash, reply) VALUES (?, ?, ?, ?, ?)')
          .run(acting, requestId, method, hash, JSON.stringify(stored));
      }
      return reply;
    });
  };
}

/** A kept reply of another status than 200 (`keeps`): its status under this key, beside its body. */
const KEPT_STATUS = '$status';
const isKeptWithStatus = (stored: unknown): stored is { [KEPT_STATUS]: number; body: unknown } =>
  typeof stored === 'object' && stored !== null && typeof (stored as Record<string, unknown>)[KEPT_STATUS] === 'number';

/** The body's requestId: a non-empty string, else null (a missing one must not become the key "undefined"). */
const requestIdOf = (body: unknown): string | null => {
  const value = typeof body === 'object' && body !== null && 'requestId' in body ? body.requestId : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** JSON with every object's keys in order, so the same request hashes the same whatever its key order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value) ?? 'null';

/** A request's fingerprint: its body and its uploaded files (name, type and content). */
export function requestHash(body: unknown, files: Readonly<Record<string, { name: string; type: string; text: string; bytes?: Uint8Array }>> = {}): string {
  const hash = createHash('sha256').update(canonical(body));
  for (const part of Object.keys(files).sort()) {
    const file = files[part]!;
    // The bytes where the server kept them: two binary files can read as the same text.
    hash.update(`\0${part}\0${file.name}\0${file.type}\0`).update(file.bytes ?? file.text);
  }
  return hash.digest('hex');
}
