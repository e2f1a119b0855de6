import { createHash, randomUUID } from 'node:crypto';
import { transaction, type Db } from './db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from './handler-types.ts';
import type { Realtime } from './realtime.ts';
import { denied, owner } from './access.ts';
import { ok, refusedListed as refused } from './kernel/replies.ts';
import { nowIso } from './kernel/ledger.ts';
import { refusedIn, say, SANDBOX_MESSAGES } from './messages.ts';
import type { PerformResult, Work, WorkDoer } from './work.ts';

/**
 * Transaction approval (001 s3 Approval, s4, s7): each customer's transactionApproveMode (their
 * profile's `approveMode`, none unless a demo user says otherwise) decides how a money movement is
 * confirmed. With a mode other than none the submit moves nothing: it holds the work (what to do
 * once approved) under an operation id with a code, and answers operationId, approveType,
 * approvalSentTo and availableApprovalMethods. The work is done once, when the code is confirmed
 * (approveTransfer with trxid, approvePayment with operationId) or when the push is approved on
 * "the other device" (/__sandbox/device, or POST /__sandbox/approvals/decide); a push result goes
 * to the customer's sessions on the realtime channel. Three wrong codes end the operation.
 *
 * Nothing is lost with a reply: a repeat of the confirmation that ended an operation (same
 * operation, same code) answers what the first one answered and does nothing again, and
 * approvalStatus says where an operation stands (waiting with the attempts left, approved,
 * rejected, failed with the reason), so the app never has to guess whether money moved.
 *
 * The work is typed per kind (sandbox/work.ts). Holding needs nothing more; doing the work needs
 * the performers' table (sandbox/performers.ts), which `createApprovals` is given explicitly.
 */
export type ApproveType = 'none' | 'push' | 'sms' | 'otp' | 'approvalCode';
export const APPROVE_TYPES: readonly ApproveType[] = ['none', 'push', 'sms', 'otp', 'approvalCode'];
const CODE_METHODS: readonly ApproveType[] = ['sms', 'otp', 'approvalCode'];
export const MAX_CODE_ATTEMPTS = 3;
/** A code may be sent again at most this often (a resend keeps the wrong-code count: issue 46). */
export const MAX_RESENDS = 3;
/** An operation not confirmed within this long expires: its held money is released (issue 46). */
export const OPERATION_TTL_MS = 15 * 60_000;

interface ApprovalRow {
  operation_id: string;
  customer_id: number;
  /** Who confirms it when not the customer (an approver deciding a company's requests); null: the customer. */
  caller_id: number | null;
  transaction_id: number | null;
  approve_type: ApproveType;
  code: string;
  attempts: number;
  /** How often its code was sent again. */
  resends: number;
  /** When it was held (ISO): it expires OPERATION_TTL_MS later. */
  created: string;
  status: 'waiting' | 'approved' | 'rejected' | 'failed';
  work: string;
  /** The code of the confirmation that ended it, and the reply it had (a repeat answers the same). */
  confirmed_code: string | null;
  confirm_reply: string | null;
  /** Why it failed or was rejected (approvalStatus says it). */
  reason: string | null;
}

export function approveModeOf(db: Db, customerId: number): ApproveType {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string } | undefined;
  const mode = row ? (JSON.parse(row.profile) as { approveMode?: string }).approveMode : undefined;
  return APPROVE_TYPES.includes(mode as ApproveType) ? (mode as ApproveType) : 'none';
}

/** A six-digit code the sandbox shows on the other device (deterministic per operation and round). */
function codeFor(operationId: string, round: number): string {
  const n = createHash('sha256').update(`${operationId}:${round}`).digest().readUInt32BE(0);
  return String(100_000 + (n % 900_000));
}

/** The customer's phone as an SMS reply names it, masked (the sandbox's phones end in the customer id's last three digits). */
export const smsNumberOf = (customerId: number): string => `+40 7•• ••• ${String(customerId).padStart(3, '0').slice(-3)}`;

function sentTo(db: Db, customerId: number, type: ApproveType): string | undefined {
  const { login } = db.prepare('SELECT login FROM customers WHERE id = ?').get(customerId) as { login: string };
  if (type === 'sms') return smsNumberOf(customerId);
  if (type === 'approvalCode') return `${login.slice(0, 1)}•••${login.slice(login.indexOf('@'))}`;
  if (type === 'push') return 'Pixel 8';
  return undefined; // otp: the authenticator app, nothing is sent
}

const methodsFor = (type: ApproveType): ApproveType[] => (type === 'push' ? ['push', 'sms'] : [...CODE_METHODS]);

/**
 * A code that is sent goes to the outbox (GET /__sandbox/outbox): by e-mail for approvalCode, by
 * SMS for sms, to whoever confirms it. An authenticator (otp) makes its own codes and a push has
 * none, so nothing is sent for those.
 */
function sendCode(db: Db, row: Pick<ApprovalRow, 'customer_id' | 'caller_id' | 'approve_type' | 'code'>, now: string) {
  if (row.approve_type !== 'sms' && row.approve_type !== 'approvalCode') return;
  const to = row.caller_id ?? row.customer_id;
  const { login } = db.prepare('SELECT login FROM customers WHERE id = ?').get(to) as { login: string };
  const [address, subject] = row.approve_type === 'sms' ? [sentTo(db, to, 'sms')!, 'SMS: your approval code'] : [login, 'Your approval code'];
  db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, NULL, ?)').run(to, address, subject, Date.parse(now), row.code);
}

/** The approval fields of a reply (001 s3 Approval). */
/** Is the operation held for this signed-in user (who started it: the employee acting for a company, else the customer)? */
const heldFor = (row: Pick<ApprovalRow, 'customer_id' | 'caller_id'>, userId: number | null | undefined): boolean => (row.caller_id ?? row.customer_id) === userId;

function approvalFields(db: Db, row: Pick<ApprovalRow, 'operation_id' | 'customer_id' | 'caller_id' | 'approve_type' | 'transaction_id'>) {
  const to = sentTo(db, row.caller_id ?? row.customer_id, row.approve_type);
  return {
    operationId: row.operation_id,
    approveType: row.approve_type,
    ...(to ? { approvalSentTo: to } : {}),
    availableApprovalMethods: methodsFor(row.approve_type),
    ...(row.transaction_id !== null ? { transactionId: row.transaction_id } : {}),
  };
}

/**
 * Holds work for approval in the customer's mode (not none): the reply's approval fields. The work
 * is done for `customerId` (the acting customer, whose calls confirm it); `callerId` is who confirms
 * it when that is someone else (an approver of a company, in their own mode): the code is sent to
 * them, the push result goes to their sessions and the other device lists it under their login.
 */
export function holdForApproval(db: Db, customerId: number, mode: Exclude<ApproveType, 'none'>, work: Work, transactionId: number | null, now: string, callerId: number | null = null) {
  const operationId = randomUUID();
  db.prepare('INSERT INTO approvals (operation_id, customer_id, caller_id, transaction_id, approve_type, code, attempts, status, work, created) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)').run(
    operationId,
    customerId,
    callerId,
    transactionId,
    mode,
    codeFor(operationId, 0),
    'waiting',
    JSON.stringify(work),
    now,
  );
  sendCode(db, { customer_id: customerId, caller_id: callerId, approve_type: mode, code: codeFor(operationId, 0) }, now);
  return approvalFields(db, { operation_id: operationId, customer_id: customerId, caller_id: callerId, approve_type: mode, transaction_id: transactionId });
}

/** A held operation's stored work. */
const workOf = (row: Pick<ApprovalRow, 'work'>): Work => JSON.parse(row.work) as Work;

const byTransaction = (db: Db, customerId: number, transactionId: unknown) =>
  db.prepare('SELECT * FROM approvals WHERE customer_id = ? AND transaction_id = ? ORDER BY created DESC, rowid DESC LIMIT 1').get(customerId, Number(transactionId)) as ApprovalRow | undefined;
const byOperation = (db: Db, customerId: number, operationId: unknown) =>
  db.prepare('SELECT * FROM approvals WHERE customer_id = ? AND operation_id = ?').get(customerId, String(operationId ?? '')) as ApprovalRow | undefined;

/** The stored work of the customer's operation, or undefined (no such operation). */
export function heldWork(db: Db, customerId: number, operationId: string): Work | undefined {
  const row = db.prepare('SELECT work FROM approvals WHERE operation_id = ? AND customer_id = ?').get(operationId, customerId) as { work: string } | undefined;
  return row ? workOf(row) : undefined;
}

/**
 * Confirming held operations: the calls that confirm a code (approveTransfer, approvePayment), send
 * a new one, try a failed transfer again, and the other device's push decision. `work` does (or
 * undoes) the held work by its kind (the performers' table, given explicitly).
 */
export function createApprovals(work: WorkDoer) {
  function finish(db: Db, row: ApprovalRow, status: 'approved' | 'rejected' | 'failed', now: string, reason: string | null = null): PerformResult {
    const held = workOf(row);
    if (status === 'approved') {
      const result = work.perform(db, row.customer_id, held, row.transaction_id, now);
      if (!result.ok) {
        work.release(db, row.customer_id, held, row.transaction_id, now);
        db.prepare("UPDATE approvals SET status = 'failed', reason = ? WHERE operation_id = ?").run(result.reason, row.operation_id);
        return result;
      }
      db.prepare("UPDATE approvals SET status = 'approved' WHERE operation_id = ?").run(row.operation_id);
      return result;
    }
    work.release(db, row.customer_id, held, row.transaction_id, now);
    db.prepare('UPDATE approvals SET status = ?, reason = ? WHERE operation_id = ?').run(status, reason, row.operation_id);
    return { ok: true };
  }

  /** The confirmation that ended an operation, kept so a repeat of it answers the same. */
  function ended(db: Db, row: ApprovalRow, code: string, reply: HandlerReply): HandlerReply {
    db.prepare('UPDATE approvals SET confirmed_code = ?, confirm_reply = ? WHERE operation_id = ?').run(code, JSON.stringify(reply), row.operation_id);
    return reply;
  }

  /**
   * A waiting operation past its lifetime ends here, its held work released (the money back), and
   * says so; null while it may still be confirmed.
   */
  function expiredNow(ctx: Pick<HandlerContext, 'db' | 'now' | 'headers'>, row: ApprovalRow): HandlerReply | null {
    if (row.status !== 'waiting' || Date.parse(nowIso(ctx)) - Date.parse(row.created) <= OPERATION_TTL_MS) return null;
    const { text } = say(ctx.headers, 'approvalExpired');
    transaction(ctx.db, () => finish(ctx.db, row, 'failed', nowIso(ctx), text));
    return refusedIn(ctx.headers, 'approvalExpired');
  }

  /**
   * A code confirmation: the right code does the work once; a wrong one counts; the third wrong one
   * ends it. A repeat of the confirmation that ended it (its reply was lost on the way) answers the
   * same and does nothing again.
   */
  function confirmCode(ctx: Pick<HandlerContext, 'db' | 'now' | 'customerId' | 'headers'>, row: ApprovalRow | undefined, code: unknown): HandlerReply {
    // Only the user it is held for confirms it (its code went to their phone or app): not a colleague acting for the same company.
    if (row && !heldFor(row, ctx.customerId)) return refusedIn(ctx.headers, 'approvalNotYours');
    const given = String(code ?? '');
    if (row && row.status !== 'waiting' && row.confirmed_code !== null && row.confirm_reply !== null && given === row.confirmed_code) {
      return JSON.parse(row.confirm_reply) as HandlerReply;
    }
    if (row?.status === 'approved') return refused('This operation is already confirmed');
    if (!row || row.status !== 'waiting') return refused('There is nothing waiting for a code');
    if (row.approve_type === 'push') return refused('This operation is approved on your phone');
    const expired = expiredNow(ctx, row);
    if (expired) return expired;
    return transaction(ctx.db, () => {
      if (given !== row.code) {
        const attempts = row.attempts + 1;
        ctx.db.prepare('UPDATE approvals SET attempts = ? WHERE operation_id = ?').run(attempts, row.operation_id);
        if (attempts >= MAX_CODE_ATTEMPTS) {
          const reason = 'Too many wrong codes: the operation is cancelled';
          finish(ctx.db, row, 'failed', nowIso(ctx), reason);
          return ended(ctx.db, row, given, refused(reason));
        }
        return refused('The code is not right');
      }
      const result = finish(ctx.db, row, 'approved', nowIso(ctx));
      return ended(ctx.db, row, given, result.ok ? ok({ status: 'completed', ...(row.transaction_id !== null ? { transactionId: row.transaction_id } : {}) }) : refused(result.reason));
    });
  }

  /** approvePayment's confirmation of an operation by its id (global pay's own confirmations go through it too). */
  function confirmOperation(ctx: Pick<HandlerContext, 'db' | 'now' | 'customerId' | 'body' | 'headers'>, operationId: unknown, code: unknown): HandlerReply {
    const acting = owner(ctx);
    if (acting === null) return denied;
    return confirmCode(ctx, byOperation(ctx.db, acting, operationId), code);
  }

  const handlers: HandlerMap = {
    /** approve transfer (trxid, approvalCode) */
    approveTransfer: (ctx) => {
      const acting = owner(ctx);
      if (acting === null) return denied;
      return confirmCode(ctx, byTransaction(ctx.db, acting, ctx.body.trxid), ctx.body.approvalCode);
    },
    /** approve payment (approvalCode, operationId) */
    approvePayment: (ctx) => confirmOperation(ctx, ctx.body.operationId, ctx.body.approvalCode),
    /** resend approval code (approveType, operationId): a new code, by the method asked for when it is available. */
    resendApprovalCode: (ctx) => {
      const acting = owner(ctx);
      if (acting === null) return denied;
      const row = byOperation(ctx.db, acting, ctx.body.operationId);
      if (row && !heldFor(row, ctx.customerId)) return refusedIn(ctx.headers, 'approvalNotYours');
      if (!row || row.status !== 'waiting') return refused('There is nothing waiting for a code');
      const expired = expiredNow(ctx, row);
      if (expired) return expired;
      const type: ApproveType = ctx.body.approveType;
      if (!methodsFor(row.approve_type).includes(type) || type === 'push') return refused('That method is not available for this operation');
      if (row.resends >= MAX_RESENDS) return refusedIn(ctx.headers, 'approvalTooManyResends');
      const code = codeFor(row.operation_id, Number(randomUUID().slice(0, 8).replace(/\D/g, '') || 1));
      // A new code, not new tries: the wrong codes given so far still count.
      ctx.db.prepare('UPDATE approvals SET approve_type = ?, code = ?, resends = resends + 1 WHERE operation_id = ?').run(type, code, row.operation_id);
      sendCode(ctx.db, { ...row, approve_type: type, code }, nowIso(ctx));
      return ok(approvalFields(ctx.db, { ...row, approve_type: type }));
    },
    /**
     * Where an operation stands (an extension the app asks when a reply is lost): its approval
     * fields, waiting (with the code attempts left), approved, rejected or failed (with why).
     */
    approvalStatus: (ctx) => {
      const acting = owner(ctx);
      if (acting === null) return denied;
      const row = byOperation(ctx.db, acting, ctx.body.operationId);
      if (!row) return refused('There is no such operation');
      const confirmed = row.confirm_reply ? (JSON.parse(row.confirm_reply) as HandlerReply).body as { status?: string } : undefined;
      return ok({
        ...approvalFields(ctx.db, row),
        approvalStatus: row.status,
        ...(row.status === 'waiting' && row.approve_type !== 'push' ? { attemptsLeft: MAX_CODE_ATTEMPTS - row.attempts } : {}),
        ...(row.status === 'approved' && confirmed?.status === 'pending' ? { status: 'pending' } : {}),
        ...(row.reason ? { reason: row.reason } : {}),
      });
    },
    /** retry transfer (trxid): a failed or rejected transfer is held again under a new operation. */
    retryTransfer: (ctx) => {
      const acting = owner(ctx);
      if (acting === null) return denied;
      const row = byTransaction(ctx.db, acting, ctx.body.trxid);
      if (!row || (row.status !== 'failed' && row.status !== 'rejected')) return refused('Only a failed transfer can be tried again');
      return transaction(ctx.db, () => {
        const held = workOf(row);
        ctx.db.prepare("UPDATE transactions SET status = 'processing' WHERE id = ? AND customer_id = ?").run(row.transaction_id, acting);
        const mode = approveModeOf(ctx.db, acting);
        if (mode === 'none') {
          const result = finish(ctx.db, { ...row, status: 'waiting' }, 'approved', nowIso(ctx));
          return result.ok ? ok({ approveType: 'none', status: 'completed', transactionId: row.transaction_id }) : refused(result.reason);
        }
        return ok(holdForApproval(ctx.db, acting, mode, held, row.transaction_id, nowIso(ctx), row.caller_id));
      });
    },
  };

  /** A push decision from the other device: the work is done (or not) and the sessions are told. */
  function decide(db: Db, realtime: Realtime, operationId: string, decision: 'approve' | 'reject' | 'fail', message: string | undefined, now: string): boolean {
    const row = db.prepare('SELECT * FROM approvals WHERE operation_id = ?').get(operationId) as ApprovalRow | undefined;
    if (!row || row.status !== 'waiting') return false;
    // Decided on the phone after it expired: too late, it ends as expired, and says so (the other device sends no language: English).
    if (Date.parse(now) - Date.parse(row.created) > OPERATION_TTL_MS) {
      decision = 'fail';
      message = SANDBOX_MESSAGES.en.approvalExpired;
    }
    const outcome = transaction(db, () => (decision === 'approve' ? finish(db, row, 'approved', now) : (finish(db, row, decision === 'reject' ? 'rejected' : 'failed', now, message ?? null), null)));
    const result = decision === 'approve' ? (outcome?.ok ? 'success' : 'failed') : decision === 'reject' ? 'rejected' : 'failed';
    realtime.toCustomer(row.caller_id ?? row.customer_id, {
      type: 'transactionConfirmation',
      id: `op-${operationId}`,
      result,
      operationId,
      ...(row.transaction_id !== null ? { transactionId: row.transaction_id } : {}),
      ...(message ? { message } : {}),
      createdAt: now,
    });
    return true;
  }

  return { handlers, confirmOperation, decide };
}

export type Approvals = ReturnType<typeof createApprovals>;

/** What is waiting for a customer (or everyone): the other device's list, with the codes (under the login of whoever confirms it). */
export function waitingApprovals(db: Db, login?: string) {
  return (
    db
      .prepare(
        `SELECT a.operation_id, a.transaction_id, a.approve_type, a.code, a.status, a.work, c.login FROM approvals a JOIN customers c ON c.id = COALESCE(a.caller_id, a.customer_id)
         WHERE a.status = 'waiting' ${login ? 'AND c.login = ?' : ''} ORDER BY a.created DESC LIMIT 50`,
      )
      .all(...(login ? [login] : [])) as { operation_id: string; transaction_id: number | null; approve_type: string; code: string; status: string; work: string; login: string }[]
  ).map((r) => ({ operationId: r.operation_id, transactionId: r.transaction_id, approveType: r.approve_type, code: r.code, login: r.login, work: JSON.parse(r.work) as Work }));
}
