import { transaction, type Db } from './db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from './handler-types.ts';
import { approveModeOf, holdForApproval } from './approvals.ts';
import { accessFor, callerFor, denied, owner } from './access.ts';
import { ok, refusedListed as refused, vf } from './kernel/replies.ts';
import { idempotent, nowIso } from './kernel/ledger.ts';
import type { PerformResult, RequestDecisionWork, Work, WorkDoer } from './work.ts';

/**
 * Business transaction requests (001 s3 Business transaction request, s4 Business approver, s6
 * access right levels, s7 Business). The acting customer is the company (fromCustomerId); the
 * caller is the signed-in user. A business owner has every right; an authorised user's transfers
 * access level for that company (`permissions.transfers` of their authorized_users row) decides the rest:
 *
 *   0, 1, 5  no transfers: every money-moving submit (and the request list) answers 13;
 *   2        full access: transfers move (or are held) as for the company, and approves others' requests;
 *   3        initiate: a money-moving submit stores a waiting REQUEST instead (nothing moves, no
 *            approval yet) and answers its transactionRequestId; lists their own requests only;
 *   4        confirmed: like 2 (approves, and their own transfers move as with full access).
 *
 * Personal customers move their own money; admins move nobody's. Every money-moving handler (own accounts, p2p,
 * mass p2p, external, mass file) calls `holdOrRequest` where it would hold or do the work: the
 * work a request stores is exactly the work an approval would hold, with the same processing
 * debit row (the history shows it as pending), so approving runs the performers (sandbox/performers.ts).
 * A decision runs in the APPROVER's own approval mode: none does the work at once; any other
 * mode holds one approval (work kind `requestDecision`) that approvePayment (or the push on the
 * other device) confirms. Nobody decides a request they created.
 */

export type TransferRight = 'full' | 'initiate' | 'none';
export interface Rights {
  transfers: TransferRight;
  /** Approves and declines the company's requests, and lists all of them: the owner, levels 2 and 4. */
  approves: boolean;
  /** A business user (the owner or an employee): transaction requests are theirs alone. */
  business: boolean;
}

/** What the caller may do for the acting customer (see the file's comment; the rights come from sandbox/access.ts accessFor). */
export function rightsOf(db: Db, callerId: number | null, acting: number): Rights {
  const none: Rights = { transfers: 'none', approves: false, business: false };
  const caller = callerId === null ? undefined : (db.prepare('SELECT kind FROM customers WHERE id = ?').get(callerId) as { kind: string } | undefined);
  const access = accessFor(db, callerId, acting);
  // Admins read and support; they never move a customer's money (issue 46).
  if (!caller || !access || caller.kind === 'admin') return none;
  if (callerId === acting) {
    if (caller.kind === 'business') return { transfers: 'full', approves: true, business: true };
    if (caller.kind === 'personal') return { transfers: 'full', approves: false, business: false };
    return { ...none, business: true };
  }
  // An authorised user of the acting company, with the rights of that relation.
  const level = access.transfers;
  if (level === 2 || level === 4) return { transfers: 'full', approves: true, business: true };
  if (level === 3) return { transfers: 'initiate', approves: false, business: true };
  return { ...none, business: true };
}

export const NO_TRANSFERS = 'Your access rights do not allow transfers';
const NO_APPROVALS = 'Your access rights do not allow approving requests';
const NOT_WAITING = 'This request is no longer waiting';
const OWN_REQUEST = 'You cannot approve your own request';
const MASS_REQUEST = 'This is a mass request: decide it with its batch';

/** The refusal of a money-moving submit by a caller without transfer rights (levels 0, 1, 5), or null. */
export function transferRefusal(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number): HandlerReply | null {
  return rightsOf(ctx.db, ctx.customerId, acting).transfers === 'none' ? refused(NO_TRANSFERS) : null;
}

/** What the request list shows of a transfer (001 s3 Business transaction request). */
export interface RequestFacts {
  /** betweenAccounts, p2p, wire, eft, oct, crypto_eft, instant_payment, interac, mass_p2p, mass_wire, mass_eft, mass_oct, mass_crypto */
  transactionType: string;
  /** What leaves the account (without the fee), in its currency. */
  amount: string;
  fee: string;
  currency: string;
  accountId: number;
  /** A name, an e-mail, a masked identifier, or a batch's name. */
  beneficiary: string;
  /** A mass request's payments (a mass request is grouped 'mass'). */
  count?: number;
  /** A mass request's batch in History › Batch transfers (the handler names it: kernel/ledger.ts insertBatch). */
  batchId?: number;
}

export interface Pending {
  /** The work, exactly as an approval would hold it. */
  work: Work;
  request: RequestFacts;
  /** Inserts what holding reserves (the processing debit row and what goes with it) and answers the row's id. */
  reserve: () => number | null;
  /** The handler's own reply fields (a mass summary, a batch id). */
  extra?: Record<string, unknown>;
}

/**
 * Where a money-moving submit holds or does its work. A caller who may only initiate gets a
 * waiting request (the reply's transactionRequestId); in an approval mode other than none the
 * work is held (the reply's approval fields); else null: the handler moves the money now.
 */
export function holdOrRequest(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number, created: string, pending: Pending): HandlerReply | null {
  const { db } = ctx;
  if (rightsOf(db, ctx.customerId, acting).transfers === 'initiate') {
    const held = pending.reserve();
    const id = insertRequest(db, acting, ctx.customerId!, created, pending.work, pending.request, held);
    return ok({ approveType: 'none', status: 'pending', transactionRequestId: id, ...pending.extra });
  }
  const mode = approveModeOf(db, acting);
  if (mode === 'none') return null;
  const held = pending.reserve();
  // Held for whoever is signed in: an employee acting for the company confirms it themselves (issue 46).
  return ok({ ...holdForApproval(db, acting, mode, pending.work, held, created, callerFor(ctx, acting)), ...pending.extra });
}

function insertRequest(db: Db, acting: number, createdBy: number, created: string, work: Work, facts: RequestFacts, held: number | null): number {
  const mass = facts.transactionType.startsWith('mass_');
  const batchId = facts.batchId ?? null;
  // A mass request's batch (each mass handler names one) is not in the batch history until approved (its statuses have no "waiting").
  if (batchId !== null) db.prepare("UPDATE batches SET status = 'waiting' WHERE id = ? AND customer_id = ?").run(batchId, acting);
  const { next } = db.prepare('SELECT COALESCE(MAX(id), 40000) + 1 AS next FROM transaction_requests').get() as { next: number };
  db.prepare(
    `INSERT INTO transaction_requests (id, customer_id, created_by, created, transaction_type, grouped, amount, fee, currency, account_id, beneficiary, count, batch_id, held_transaction_id, work, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting')`,
  ).run(next, acting, createdBy, created, facts.transactionType, mass ? 'mass' : 'single', facts.amount, facts.fee, facts.currency, facts.accountId, facts.beneficiary, mass ? (facts.count ?? null) : null, batchId, held, JSON.stringify(work));
  return next;
}

interface RequestRow {
  id: number;
  customer_id: number;
  created_by: number;
  created: string;
  transaction_type: string;
  grouped: 'single' | 'mass';
  amount: string;
  fee: string;
  currency: string;
  account_id: number;
  beneficiary: string;
  count: number | null;
  batch_id: number | null;
  held_transaction_id: number | null;
  work: string;
  status: 'waiting' | 'approved' | 'declined' | 'failed';
  decided_by: number | null;
  decided: string | null;
}

const waitingRequest = (db: Db, acting: number, id: number) =>
  db.prepare("SELECT * FROM transaction_requests WHERE id = ? AND customer_id = ? AND status = 'waiting'").get(id, acting) as RequestRow | undefined;

const mark = (db: Db, id: number, status: RequestRow['status'], decidedBy: number, now: string) =>
  db.prepare('UPDATE transaction_requests SET status = ?, decided_by = ?, decided = ? WHERE id = ?').run(status, decidedBy, now, id);

/** A batch the request made waits no more: completed with its money moved (a mass file's performer sets its own), else rejected. */
const settleBatch = (db: Db, row: RequestRow, status: 'completed' | 'rejected') => {
  if (row.batch_id !== null) db.prepare("UPDATE batches SET status = ? WHERE id = ? AND customer_id = ? AND status = 'waiting'").run(status, row.batch_id, row.customer_id);
};

/** The caller's refusal to decide these requests, or null: approvers only, waiting requests only, never their own. */
function decisionRefusal(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number, rows: (RequestRow | undefined)[]): HandlerReply | null {
  if (!rightsOf(ctx.db, ctx.customerId, acting).approves) return refused(NO_APPROVALS);
  if (rows.some((r) => r === undefined)) return refused(NOT_WAITING);
  if (rows.some((r) => r!.created_by === ctx.customerId)) return refused(OWN_REQUEST);
  return null;
}

const DAY = 24 * 60 * 60 * 1000;
const dayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export const requestHandlers: HandlerMap = {
  /** transaction requests list (pageNumber, pageSize ≤ 50, filters status, transactionType, createdBy, fromDate, toDate) */
  transactionRequestList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const rights = rightsOf(ctx.db, ctx.customerId, acting);
    if (!rights.business || (!rights.approves && rights.transfers !== 'initiate')) return refused(NO_TRANSFERS);
    const { body } = ctx;
    if (given(body.fromDate) && given(body.toDate) && body.fromDate > body.toDate) return vf('toDate', 'The end date is before the start date');
    const parts = ['r.customer_id = ?'];
    const args: (string | number)[] = [acting];
    const add = (sql: string, value: string | number) => {
      parts.push(sql);
      args.push(value);
    };
    // An initiate-only user sees their own requests.
    if (!rights.approves) add('r.created_by = ?', ctx.customerId!);
    if (given(body.status)) add('r.status = ?', body.status);
    if (given(body.transactionType)) add('r.transaction_type = ?', body.transactionType.trim());
    if (given(body.createdBy)) add('lower(c.login) = lower(?)', body.createdBy.trim());
    if (given(body.fromDate)) add('r.created >= ?', body.fromDate);
    if (given(body.toDate)) add('r.created < ?', dayAfter(body.toDate));
    const where = parts.join(' AND ');
    const from = 'FROM transaction_requests r JOIN customers c ON c.id = r.created_by LEFT JOIN customers d ON d.id = r.decided_by';
    const { total } = ctx.db.prepare(`SELECT COUNT(*) AS total ${from} WHERE ${where}`).get(...args) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT r.*, c.login AS creator, d.login AS decider ${from} WHERE ${where} ORDER BY r.created DESC, r.id DESC LIMIT ? OFFSET ?`)
      .all(...args, body.pageSize, (body.pageNumber - 1) * body.pageSize) as unknown as (RequestRow & { creator: string; decider: string | null })[];
    return ok({
      total,
      requests: rows.map((r) => ({
        id: r.id,
        created: r.created,
        transactionType: r.transaction_type,
        groupedTransactionType: r.grouped,
        createdBy: r.creator,
        status: r.status,
        ...(r.batch_id !== null ? { batchId: r.batch_id } : {}),
        ...(r.count !== null ? { count: r.count } : {}),
        amount: r.amount,
        fee: r.fee,
        currencyCode: r.currency,
        accountId: r.account_id,
        beneficiary: r.beneficiary,
        ...(r.decider !== null ? { decidedBy: r.decider } : {}),
        mine: r.created_by === ctx.customerId,
      })),
    });
  },
  /** the waiting requests of the company created by others, for a caller who may approve them; else zeros */
  notificationCounts: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    if (!rightsOf(ctx.db, ctx.customerId, acting).approves) return ok({ massTransactionRequestCount: 0, transactionRequestCount: 0 });
    const rows = ctx.db
      .prepare("SELECT grouped, COUNT(*) AS n FROM transaction_requests WHERE customer_id = ? AND status = 'waiting' AND created_by <> ? GROUP BY grouped")
      .all(acting, ctx.customerId) as { grouped: string; n: number }[];
    const count = (grouped: string) => rows.find((r) => r.grouped === grouped)?.n ?? 0;
    return ok({ massTransactionRequestCount: count('mass'), transactionRequestCount: count('single') });
  },
};

/**
 * Deciding requests: approving does each request's work (`work`, the performers' table given
 * explicitly), declining releases what it reserved. Answers the two decision calls and the
 * performer of a decision held for the approver's approval (work kind requestDecision).
 */
export function createRequestDecisions(work: WorkDoer) {
  /** Declines a waiting request: nothing moves, what it reserved is released (its processing row is rejected). */
  function decline(db: Db, row: RequestRow, decidedBy: number, now: string): void {
    work.release(db, row.customer_id, JSON.parse(row.work) as Work, row.held_transaction_id, now);
    settleBatch(db, row, 'rejected');
    mark(db, row.id, 'declined', decidedBy, now);
  }

  /**
   * Does the work of the requests still waiting, each on its own (a savepoint): done, it is
   * approved; refused by its performer (the balance has gone meanwhile), it is failed, what it
   * reserved is released and the others go on. Answers the approved ids and the first failure's reason.
   */
  function performRequests(db: Db, acting: number, ids: readonly number[], decidedBy: number, now: string): { approved: number[]; reason: string | null } {
    const approved: number[] = [];
    let reason: string | null = null;
    for (const id of ids) {
      const row = waitingRequest(db, acting, id);
      if (!row) continue;
      const held = JSON.parse(row.work) as Work;
      db.exec('SAVEPOINT request_work');
      let result: PerformResult;
      try {
        result = work.perform(db, acting, held, row.held_transaction_id, now);
      } catch (error) {
        db.exec('ROLLBACK TO request_work; RELEASE request_work');
        throw error;
      }
      if (result.ok) {
        db.exec('RELEASE request_work');
        settleBatch(db, row, 'completed');
        mark(db, row.id, 'approved', decidedBy, now);
        approved.push(row.id);
      } else {
        db.exec('ROLLBACK TO request_work; RELEASE request_work');
        work.release(db, acting, held, row.held_transaction_id, now);
        settleBatch(db, row, 'rejected');
        mark(db, row.id, 'failed', decidedBy, now);
        reason ??= result.reason;
      }
    }
    return { approved, reason };
  }

  /**
   * An approval held for a decision: once confirmed, the requests still waiting are done (each
   * approved or failed); when none could be, the approval fails with the reason. Rejected or
   * failed, it leaves the requests waiting (its releaser does nothing).
   */
  function performDecision(db: Db, acting: number, decision: RequestDecisionWork, now: string): PerformResult {
    const { approved, reason } = performRequests(db, acting, decision.requestIds, decision.approverId, now);
    return approved.length > 0 ? { ok: true } : { ok: false, reason: reason ?? NOT_WAITING };
  }

  /** Approves or declines requests the caller may decide (checked by the calls below), in one transaction. */
  function decide(ctx: Pick<HandlerContext, 'db' | 'customerId' | 'now'>, acting: number, rows: RequestRow[], declined: boolean): HandlerReply {
    const { db } = ctx;
    const caller = ctx.customerId!;
    const ids = rows.map((r) => r.id);
    const now = nowIso(ctx);
    if (declined) {
      for (const row of rows) decline(db, row, caller, now);
      return ok({ approveType: 'none', status: 'completed', decided: ids });
    }
    // The approver's own approval mode (their profile), not the company's.
    const mode = approveModeOf(db, caller);
    if (mode === 'none') {
      const { approved, reason } = performRequests(db, acting, ids, caller, now);
      if (approved.length === 0) return refused(reason ?? NOT_WAITING);
      return ok({ approveType: 'none', status: 'completed', decided: approved });
    }
    const decision: RequestDecisionWork = { kind: 'requestDecision', requestIds: ids, approverId: caller };
    return ok({ ...holdForApproval(db, acting, mode, decision, null, now, caller), decided: ids });
  }

  const handlers: HandlerMap = {
    /** approve (declined false) or decline single requests (transactionIds, declined) */
    // A repeat with its requestId answers the first reply and decides nothing again.
    transactionRequestApprove: idempotent(
      'transactionRequestApprove',
      (ctx, acting) => {
        const ids = [...new Set(ctx.body.transactionIds)];
        const rows = ids.map((id) => waitingRequest(ctx.db, acting, id));
        const refusal = decisionRefusal(ctx, acting, rows);
        if (refusal) return refusal;
        if (rows.some((r) => r!.grouped === 'mass')) return refused(MASS_REQUEST);
        return decide(ctx, acting, rows as RequestRow[], ctx.body.declined === true);
      },
    ),
    /** approve or decline a mass request (batchId, declined) */
    massTransactionRequestApprove: idempotent(
      'massTransactionRequestApprove',
      (ctx, acting) => {
        const row = ctx.db.prepare("SELECT * FROM transaction_requests WHERE batch_id = ? AND customer_id = ? AND grouped = 'mass' AND status = 'waiting'").get(ctx.body.batchId, acting) as RequestRow | undefined;
        const refusal = decisionRefusal(ctx, acting, [row]);
        if (refusal) return refusal;
        return decide(ctx, acting, [row!], ctx.body.declined === true);
      },
    ),
  };

  return { handlers, performDecision };
}
