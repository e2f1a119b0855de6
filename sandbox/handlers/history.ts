import type { SQLInputValue } from 'node:sqlite';
import { customerEmails } from './p2p.ts';
import type { BodyOf, Handler, HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import type { Db } from '../db.ts';
import { currencyDecimals, decimal, units } from '../kernel/money.ts';
import { historyCsv, type CsvRow } from '../documents/csv.ts';
import { buildPdf, type PdfColumn } from '../documents/pdf.ts';
import { fileLink, randomId, storeFile } from '../documents/files.ts';
import { denied, owner } from '../access.ts';
import { ok, refused, vf } from '../kernel/replies.ts';

/**
 * History (docs/decisions.md "History"; spec 001 s3, s6, s7, s9): the filtered list
 * with its summary, debit authorisations of settlement accounts, batch transfers, exports (CSV or
 * PDF, ready 3 s after the start by the sandbox's clock), monthly statements and payment
 * instructions. Filters run in SQL on the transactions' indexes; money is summed as exact integer
 * units of 10^-8 (amount_units), never as floats.
 */

export interface HistoryFilter {
  accountId?: number;
  keyword?: string;
  transactionType?: string;
  transactionDirection?: 'in' | 'out';
  status?: string;
  fromDate?: string;
  toDate?: string;
  /** On the absolute amount. */
  fromAmount?: string;
  toAmount?: string;
  /** The counterparty's e-mail, exactly (any case). */
  email?: string;
}

export interface TransactionRow {
  id: number;
  account_id: number;
  created: string;
  type: string;
  amount: string;
  currency: string;
  status: string;
  counterparty: string | null;
  counterparty_email: string | null;
  reference: string | null;
  note: string | null;
  /** The invoice a p2p transfer paid (issue 51), else null. */
  invoice_id: number | null;
}

/** The columns a TransactionRow is read from. */
export const TRANSACTION_COLUMNS = 'id, account_id, created, type, amount, currency, status, counterparty, counterparty_email, reference, note, invoice_id';

const DAY = 86_400_000;
/** A PDF export holds at most this many transactions (a CSV has no limit). */
export const PDF_MAX_ROWS = 5_000;
/** An export is "made" in 3 s (by the sandbox's clock), then ready or failed. */
export const EXPORT_MS = 3_000;

const notYourAccount: HandlerReply = refused('You have no access to this account', 'ENOA');
const notYourExport: HandlerReply = refused('You have no access to this export', 'ENOA');

/** The day after a YYYY-MM-DD date (the exclusive end of an inclusive day range). */
export const dayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** A LIKE pattern that finds `text` anywhere (its % and _ taken literally; ESCAPE '\'). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The acting customer's account, or undefined. */
export function ownAccount(db: Db, accountId: unknown, acting: number): { id: number; currency: string; balance: string; type: number } | undefined {
  if (typeof accountId !== 'number') return undefined;
  return db.prepare('SELECT id, currency, balance, type FROM accounts WHERE id = ? AND customer_id = ?').get(accountId, acting) as
    | { id: number; currency: string; balance: string; type: number }
    | undefined;
}

/** The filter from a request, under the list's names or the export's (amountFrom, amountTo, customerEmail). */
function filterOf(body: BodyOf<'transactionHistory' | 'transactionHistoryExportStart'>, names: { fromAmount: string; toAmount: string; email: string }): HistoryFilter {
  // The list and the export name the amount and e-mail filters differently: read by name.
  const fields: Readonly<Record<string, unknown>> = body;
  const text = (key: string) => (typeof fields[key] === 'string' && fields[key] !== '' ? fields[key] : undefined);
  const filter: HistoryFilter = {};
  if (typeof body.accountId === 'number') filter.accountId = body.accountId;
  const set = <K extends keyof HistoryFilter>(key: K, value: HistoryFilter[K] | undefined) => {
    if (value !== undefined) filter[key] = value;
  };
  set('keyword', text('keyword'));
  set('transactionType', text('transactionType'));
  set('transactionDirection', text('transactionDirection') as HistoryFilter['transactionDirection']);
  set('status', text('status'));
  set('fromDate', text('fromDate'));
  set('toDate', text('toDate'));
  set('fromAmount', text(names.fromAmount));
  set('toAmount', text(names.toAmount));
  set('email', text(names.email));
  return filter;
}

/** The checks the contract cannot express: date and amount order, no negative amounts. */
function checkFilter(filter: HistoryFilter, names: { fromAmount: string; toAmount: string }): HandlerReply | null {
  if (filter.fromDate && filter.toDate && filter.fromDate > filter.toDate) return vf('toDate', 'The end date is before the start date');
  if (filter.fromAmount && units(filter.fromAmount) < 0n) return vf(names.fromAmount, 'Enter an amount of zero or more');
  if (filter.toAmount && units(filter.toAmount) < 0n) return vf(names.toAmount, 'Enter an amount of zero or more');
  if (filter.fromAmount && filter.toAmount && units(filter.toAmount) < units(filter.fromAmount)) {
    return vf(names.toAmount, 'The largest amount is below the smallest');
  }
  return null;
}

/** The SQL condition of a filter (always the customer first, so the indexes apply). */
export function whereOf(acting: number, filter: HistoryFilter): { sql: string; args: SQLInputValue[] } {
  const parts = ['customer_id = ?'];
  const args: SQLInputValue[] = [acting];
  const add = (sql: string, ...values: SQLInputValue[]) => {
    parts.push(sql);
    args.push(...values);
  };
  if (filter.accountId !== undefined) add('account_id = ?', filter.accountId);
  if (filter.keyword) {
    const like = containsPattern(filter.keyword);
    add("(counterparty LIKE ? ESCAPE '\\' OR counterparty_email LIKE ? ESCAPE '\\' OR type LIKE ? ESCAPE '\\' OR reference LIKE ? ESCAPE '\\' OR note LIKE ? ESCAPE '\\')", like, like, like, like, like);
  }
  if (filter.transactionType) add('type = ?', filter.transactionType);
  if (filter.transactionDirection === 'in') add('amount_units > 0');
  if (filter.transactionDirection === 'out') add('amount_units < 0');
  if (filter.status) add('status = ?', filter.status);
  if (filter.fromDate) add('created >= ?', filter.fromDate);
  if (filter.toDate) add('created < ?', dayAfter(filter.toDate));
  if (filter.fromAmount) add('abs(amount_units) >= ?', units(filter.fromAmount));
  if (filter.toAmount) add('abs(amount_units) <= ?', units(filter.toAmount));
  if (filter.email) add('counterparty_email = ? COLLATE NOCASE', filter.email);
  return { sql: parts.join(' AND '), args };
}

const toTransaction = (r: TransactionRow) => ({
  transactionId: r.id,
  accountId: r.account_id,
  created: r.created,
  type: r.type,
  amount: r.amount,
  currencyCode: r.currency,
  status: r.status,
  ...(r.counterparty ? { description: r.counterparty } : {}),
  ...(r.reference ? { reference: r.reference } : {}),
  ...(r.note ? { note: r.note } : {}),
  ...(r.invoice_id !== null ? { invoiceId: r.invoice_id } : {}),
});

/** A sum of amount_units as an exact bigint (SQLite sums integers exactly; read as BigInt). */
function sumUnits(db: Db, sql: string, args: SQLInputValue[]): { credit: bigint; debit: bigint; net: bigint } {
  const statement = db.prepare(sql);
  statement.setReadBigInts(true);
  const row = statement.get(...args) as { credit: bigint; debit: bigint };
  return { credit: row.credit, debit: row.debit, net: row.credit + row.debit };
}

/**
 * The summary of one account over the filter's dates (docs/decisions.md "History"): ending
 * balance = the balance now minus completed transactions after the end date; beginning = ending
 * minus completed transactions in the range; debit and credit = completed outgoing and incoming
 * amounts in the range (the filter's other fields do not touch balances); processing and rejected
 * = transactions matching the whole filter with that status.
 */
function summaryOf(db: Db, acting: number, account: { id: number; currency: string; balance: string }, filter: HistoryFilter, counts: { processing: number; rejected: number }) {
  const sums = (range: string, args: SQLInputValue[]) =>
    sumUnits(
      db,
      `SELECT COALESCE(SUM(CASE WHEN amount_units > 0 THEN amount_units END), 0) AS credit,
              COALESCE(SUM(CASE WHEN amount_units < 0 THEN amount_units END), 0) AS debit
       FROM transactions WHERE customer_id = ? AND account_id = ? AND status = 'completed'${range}`,
      [acting, account.id, ...args],
    );
  const end = filter.toDate ? dayAfter(filter.toDate) : null;
  const after = end ? sums(' AND created >= ?', [end]).net : 0n;
  const rangeSql = `${filter.fromDate ? ' AND created >= ?' : ''}${end ? ' AND created < ?' : ''}`;
  const range = sums(rangeSql, [...(filter.fromDate ? [filter.fromDate] : []), ...(end ? [end] : [])]);
  const ending = units(account.balance) - after;
  const places = currencyDecimals(account.currency);
  return {
    beginningBalance: decimal(ending - range.net, places),
    totalDebit: decimal(-range.debit, places),
    totalCredit: decimal(range.credit, places),
    endingBalance: decimal(ending, places),
    processingCount: counts.processing,
    rejectedCount: counts.rejected,
    currencyCode: account.currency,
  };
}

// ---- exports ----------------------------------------------------------------------------------

interface ExportRow {
  id: string;
  customer_id: number;
  type: 'csv' | 'pdf';
  request: string;
  created: number;
  status: 'pending' | 'ready' | 'failed';
  reason: string | null;
  file_id: string | null;
}

export const EXPORT_REASONS = {
  empty: 'No transactions match this export',
  tooLarge: `A PDF holds at most ${PDF_MAX_ROWS.toLocaleString('en-US')} transactions; export CSV or narrow the filter`,
};

/** The customer's name as documents print it. */
export function customerName(db: Db, customerId: number): string {
  const row = db.prepare('SELECT first_name, last_name, business_name FROM customers WHERE id = ?').get(customerId) as
    | { first_name: string | null; last_name: string | null; business_name: string | null }
    | undefined;
  return row?.business_name ?? [row?.first_name, row?.last_name].filter(Boolean).join(' ');
}

/** The filter in words, for the PDF's heading. */
export function filterInWords(filter: HistoryFilter, account: { id: number; currency: string } | undefined): string {
  const parts = [account ? `${account.currency} account ${account.id}` : 'All accounts'];
  if (filter.fromDate && filter.toDate) parts.push(`from ${filter.fromDate} to ${filter.toDate}`);
  else if (filter.fromDate) parts.push(`from ${filter.fromDate}`);
  else if (filter.toDate) parts.push(`until ${filter.toDate}`);
  else parts.push('all dates');
  if (filter.transactionType) parts.push(`type ${filter.transactionType}`);
  if (filter.transactionDirection) parts.push(filter.transactionDirection === 'in' ? 'incoming' : 'outgoing');
  if (filter.status) parts.push(filter.status);
  if (filter.fromAmount && filter.toAmount) parts.push(`amounts ${filter.fromAmount} to ${filter.toAmount}`);
  else if (filter.fromAmount) parts.push(`amounts from ${filter.fromAmount}`);
  else if (filter.toAmount) parts.push(`amounts up to ${filter.toAmount}`);
  if (filter.keyword) parts.push(`containing "${filter.keyword}"`);
  if (filter.email) parts.push(`e-mail ${filter.email}`);
  return parts.join(' · ');
}

export const HISTORY_PDF_COLUMNS: PdfColumn[] = [
  { title: 'Date (UTC)', width: 72 },
  { title: 'Account', width: 40 },
  { title: 'Type', width: 82 },
  { title: 'Description', width: 156 },
  { title: 'Amount', width: 70, align: 'right' },
  { title: 'Currency', width: 40 },
  { title: 'Status', width: 55 },
];

/** A transaction as a PDF table row (the columns above). */
export const pdfRow = (r: TransactionRow): string[] => [r.created.slice(0, 16).replace('T', ' '), String(r.account_id), r.type, r.counterparty ?? '', r.amount, r.currency, r.status];

/** Exports being built now (a PDF is built asynchronously): a second poll waits for the same build. */
const building = new Map<string, Promise<void>>();

/** Builds an export's file once (or records why it failed); the row is then ready or failed. */
async function finish(db: Db, row: ExportRow, now: number): Promise<void> {
  const filter = JSON.parse(row.request) as HistoryFilter;
  const where = whereOf(row.customer_id, filter);
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM transactions WHERE ${where.sql}`).get(...where.args) as { n: number };
  const fail = (reason: string) => db.prepare("UPDATE exports SET status = 'failed', reason = ? WHERE id = ?").run(reason, row.id);
  if (n === 0) return void fail(EXPORT_REASONS.empty);
  if (row.type === 'pdf' && n > PDF_MAX_ROWS) return void fail(EXPORT_REASONS.tooLarge);
  const day = new Date(row.created).toISOString().slice(0, 10);
  let name: string;
  let content: Uint8Array | string;
  if (row.type === 'csv') {
    name = `account-history-${day}.csv`;
    // Rows as arrays (node:sqlite makes them much faster than objects: an export can hold 100,000).
    const query = db.prepare(
      `SELECT created, account_id, type, counterparty, counterparty_email, amount, currency, status FROM transactions WHERE ${where.sql} ORDER BY created DESC, id DESC`,
    );
    query.setReturnArrays(true);
    content = await historyCsv(query.all(...where.args) as unknown as CsvRow[]);
  } else {
    name = `account-history-${day}.pdf`;
    const rows = db
      .prepare(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE ${where.sql} ORDER BY created DESC, id DESC`)
      .all(...where.args) as unknown as TransactionRow[];
    const account = filter.accountId !== undefined ? ownAccount(db, filter.accountId, row.customer_id) : undefined;
    content = await buildPdf({
      title: 'Account history',
      lines: [customerName(db, row.customer_id), filterInWords(filter, account), `${n.toLocaleString('en-US')} transaction${n === 1 ? '' : 's'}, newest first`],
      table: { columns: HISTORY_PDF_COLUMNS, rows: rows.map(pdfRow) },
      created: new Date(now),
    });
  }
  const fileId = storeFile(db, { customerId: row.customer_id, name, mime: row.type === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf', content, now });
  db.prepare("UPDATE exports SET status = 'ready', file_id = ? WHERE id = ?").run(fileId, row.id);
}

/** The export after the clock has moved: still pending, or (once) built into ready or failed. */
async function settle(ctx: Pick<HandlerContext, 'db' | 'now'>, row: ExportRow): Promise<ExportRow> {
  if (row.status !== 'pending' || ctx.now() - row.created < EXPORT_MS) return row;
  let work = building.get(row.id);
  if (!work) {
    work = finish(ctx.db, row, ctx.now()).finally(() => building.delete(row.id));
    building.set(row.id, work);
  }
  await work;
  return ctx.db.prepare('SELECT * FROM exports WHERE id = ?').get(row.id) as unknown as ExportRow;
}

/** The acting customer's export by body.exportId: the row, or the reply to give instead. */
function exportOf(ctx: Pick<HandlerContext, 'db'> & { body: { exportId?: unknown } }, acting: number): ExportRow | HandlerReply {
  const row = ctx.db.prepare('SELECT * FROM exports WHERE id = ?').get(String(ctx.body.exportId)) as ExportRow | undefined;
  if (!row) return vf('exportId', 'No such export');
  if (row.customer_id !== acting) return notYourExport;
  return row;
}
const isReply = (v: ExportRow | HandlerReply): v is HandlerReply => 'status' in v && typeof v.status === 'number';

// ---- statements -------------------------------------------------------------------------------

/** 'YYYY-MM-01' of a year and month (0–11). */
const monthStart = (year: number, month: number): string => `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;

/** The statement months of an account: from its first transaction's month to last month, newest first. */
export function statementMonths(db: Db, acting: number, accountId: number, now: number): string[] {
  const first = db.prepare('SELECT MIN(created) AS first FROM transactions WHERE customer_id = ? AND account_id = ?').get(acting, accountId) as { first: string | null };
  if (!first.first) return [];
  let year = Number(first.first.slice(0, 4));
  let month = Number(first.first.slice(5, 7)) - 1;
  const today = new Date(now);
  const months: string[] = [];
  while (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth())) {
    months.push(monthStart(year, month));
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return months.reverse();
}

/**
 * A month of an account: its transactions (oldest first) and the opening and closing balances
 * (the balance now minus completed transactions after the month's end, and after its start).
 */
export function monthOf(db: Db, acting: number, account: { id: number; currency: string; balance: string }, dateFrom: string) {
  const year = Number(dateFrom.slice(0, 4));
  const month = Number(dateFrom.slice(5, 7)) - 1;
  const end = month === 11 ? monthStart(year + 1, 0) : monthStart(year, month + 1);
  const completedFrom = (from: string) =>
    sumUnits(
      db,
      `SELECT COALESCE(SUM(CASE WHEN amount_units > 0 THEN amount_units END), 0) AS credit, COALESCE(SUM(CASE WHEN amount_units < 0 THEN amount_units END), 0) AS debit
       FROM transactions WHERE customer_id = ? AND account_id = ? AND status = 'completed' AND created >= ?`,
      [acting, account.id, from],
    ).net;
  const balance = units(account.balance);
  const places = currencyDecimals(account.currency);
  const rows = db
    .prepare(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions
       WHERE customer_id = ? AND account_id = ? AND created >= ? AND created < ? ORDER BY created, id`,
    )
    .all(acting, account.id, dateFrom, end) as unknown as TransactionRow[];
  return {
    rows,
    opening: decimal(balance - completedFrom(dateFrom), places),
    closing: decimal(balance - completedFrom(end), places),
    end,
  };
}

// ---- handlers ---------------------------------------------------------------------------------

const LIST_NAMES = { fromAmount: 'fromAmount', toAmount: 'toAmount', email: 'email' };
const EXPORT_NAMES = { fromAmount: 'amountFrom', toAmount: 'amountTo', email: 'customerEmail' };

const page = (body: BodyOf<'transactionHistory' | 'debitAuthorizationHistory' | 'batchTransferHistory' | 'transactionHistoryExportList'>, size: number) => {
  const pageSize = typeof body.pageSize === 'number' ? body.pageSize : size;
  const pageNumber = typeof body.pageNumber === 'number' ? body.pageNumber : 1;
  return { limit: pageSize, offset: (pageNumber - 1) * pageSize };
};

const transactionHistory: Handler<'transactionHistory'> = (ctx) => {
  const acting = owner(ctx);
  if (acting === null) return denied;
  const filter = filterOf(ctx.body, LIST_NAMES);
  const problem = checkFilter(filter, LIST_NAMES);
  if (problem) return problem;
  const account = filter.accountId !== undefined ? ownAccount(ctx.db, filter.accountId, acting) : undefined;
  if (filter.accountId !== undefined && !account) return notYourAccount;
  const where = whereOf(acting, filter);
  // The summary's processing and rejected counts come with the total (one pass); without an account there is no summary.
  const counts = ctx.db
    .prepare(
      account
        ? `SELECT COUNT(*) AS total, COALESCE(SUM(status = 'processing'), 0) AS processing, COALESCE(SUM(status = 'rejected'), 0) AS rejected FROM transactions WHERE ${where.sql}`
        : `SELECT COUNT(*) AS total, 0 AS processing, 0 AS rejected FROM transactions WHERE ${where.sql}`,
    )
    .get(...where.args) as { total: number; processing: number; rejected: number };
  const { limit, offset } = page(ctx.body, 20);
  const rows = ctx.db
    .prepare(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions
       WHERE ${where.sql} ORDER BY created DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.args, limit, offset) as unknown as TransactionRow[];
  return ok({
    total: counts.total,
    transactions: rows.map(toTransaction),
    ...(account ? { summary: summaryOf(ctx.db, acting, account, filter, counts) } : {}),
  });
};

export const historyHandlers: HandlerMap = {
  transactionHistory,

  debitAuthorizationHistory: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const settles = ctx.db
      .prepare("SELECT 1 FROM accounts WHERE customer_id = ? AND settlement_account_id = ? AND sub_type = 'DEBIT' LIMIT 1")
      .get(acting, ctx.body.accountId);
    if (!settles) return vf('accountId', 'Debit and authorisation history is kept for settlement accounts');
    const { total } = ctx.db.prepare('SELECT COUNT(*) AS total FROM authorizations WHERE customer_id = ? AND settlement_account_id = ?').get(acting, ctx.body.accountId) as { total: number };
    const { limit, offset } = page(ctx.body, 10);
    const rows = ctx.db
      .prepare('SELECT * FROM authorizations WHERE customer_id = ? AND settlement_account_id = ? ORDER BY created DESC, id DESC LIMIT ? OFFSET ?')
      .all(acting, ctx.body.accountId, limit, offset) as { id: number; card_account_id: number; created: string; merchant: string | null; amount: string; currency: string; status: string }[];
    return ok({
      total,
      authorizations: rows.map((r) => ({
        authorizationId: r.id,
        cardAccountId: r.card_account_id,
        created: r.created,
        ...(r.merchant ? { merchant: r.merchant } : {}),
        amount: r.amount,
        currencyCode: r.currency,
        status: r.status,
      })),
    });
  },

  batchTransferHistory: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { body } = ctx;
    if (body.from && body.to && body.from > body.to) return vf('to', 'The end date is before the start date');
    // A batch waiting as a business transaction request (sandbox/requests.ts) is not a transfer yet.
    const parts = ['customer_id = ?', "status <> 'waiting'"];
    const args: SQLInputValue[] = [acting];
    if (body.search) {
      parts.push("name LIKE ? ESCAPE '\\'");
      args.push(containsPattern(body.search));
    }
    if (body.types?.length) {
      parts.push(`type IN (${body.types.map(() => '?').join(', ')})`);
      args.push(...body.types);
    }
    if (body.from) {
      parts.push('created >= ?');
      args.push(body.from);
    }
    if (body.to) {
      parts.push('created < ?');
      args.push(dayAfter(body.to));
    }
    const where = parts.join(' AND ');
    const { total } = ctx.db.prepare(`SELECT COUNT(*) AS total FROM batches WHERE ${where}`).get(...args) as { total: number };
    const { limit, offset } = page(ctx.body, 20);
    const rows = ctx.db.prepare(`SELECT * FROM batches WHERE ${where} ORDER BY created DESC, id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as {
      id: number;
      name: string;
      type: string;
      created: string;
      status: string;
      payments_count: number;
      total_amount: string;
      currency: string;
    }[];
    return ok({
      total,
      batches: rows.map((r) => ({
        batchId: r.id,
        batchName: r.name,
        type: r.type,
        created: r.created,
        status: r.status,
        paymentsCount: r.payments_count,
        totalAmount: r.total_amount,
        currencyCode: r.currency,
      })),
    });
  },

  transactionHistoryExportStart: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const filter = filterOf(ctx.body, EXPORT_NAMES);
    const problem = checkFilter(filter, EXPORT_NAMES);
    if (problem) return problem;
    if (filter.accountId !== undefined && !ownAccount(ctx.db, filter.accountId, acting)) return notYourAccount;
    const exportId = randomId();
    ctx.db
      .prepare("INSERT INTO exports (id, customer_id, type, request, created, status, reason, file_id) VALUES (?, ?, ?, ?, ?, 'pending', NULL, NULL)")
      .run(exportId, acting, ctx.body.type, JSON.stringify(filter), ctx.now());
    return ok({ exportId });
  },

  transactionHistoryExportStatus: async (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const found = exportOf(ctx, acting);
    if (isReply(found)) return found;
    const row = await settle(ctx, found);
    if (row.status === 'pending') return ok({ status: 'pending', progress: Math.max(0, Math.min(99, Math.floor(((ctx.now() - row.created) * 100) / EXPORT_MS))) });
    if (row.status === 'failed') return ok({ status: 'failed', reason: row.reason ?? EXPORT_REASONS.empty });
    const file = ctx.db.prepare('SELECT name FROM files WHERE id = ?').get(row.file_id) as { name: string } | undefined;
    return ok({ status: 'ready', fileName: file?.name ?? `account-history.${row.type}`, redirectLink: fileLink(row.file_id!) });
  },

  transactionHistoryExportSend: async (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const found = exportOf(ctx, acting);
    if (isReply(found)) return found;
    const row = await settle(ctx, found);
    if (row.status !== 'ready') return vf('exportId', row.status === 'failed' ? 'This export failed: there is nothing to send' : 'This export is not ready yet');
    // Only to an address the bank has confirmed for this customer (or the signed-in user's own
    // login): a history is not sent to whatever address a stolen session types (issue 46).
    const to = String(ctx.body.email).trim().toLowerCase();
    const confirmed = [...customerEmails(ctx.db, acting).map((e) => e.email), ...(ctx.customerId !== null ? customerEmails(ctx.db, ctx.customerId).map((e) => e.email) : [])];
    if (!confirmed.some((email) => email.toLowerCase() === to)) return vf('email', 'Send it to one of your confirmed e-mail addresses');
    const file = ctx.db.prepare('SELECT name FROM files WHERE id = ?').get(row.file_id) as { name: string } | undefined;
    ctx.db
      .prepare('INSERT INTO outbox (customer_id, to_email, subject, created) VALUES (?, ?, ?, ?)')
      .run(acting, String(ctx.body.email), `Your account history: ${file?.name ?? row.id}`, ctx.now());
    return ok();
  },

  transactionHistoryExportList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const account = ownAccount(ctx.db, ctx.body.accountId, acting);
    if (!account) return notYourAccount;
    const months = statementMonths(ctx.db, acting, account.id, ctx.now());
    const { limit, offset } = page(ctx.body, 12);
    return ok({ total: months.length, exports: months.slice(offset, offset + limit).map((dateFrom) => ({ accountId: account.id, dateFrom })) });
  },

  paymentInstructionList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { accountId } = ctx.body;
    const byAccount = typeof accountId === 'number';
    if (byAccount && !ownAccount(ctx.db, accountId, acting)) return notYourAccount;
    const rows = ctx.db
      .prepare(`SELECT * FROM instructions WHERE customer_id = ?${byAccount ? ' AND account_id = ?' : ''} ORDER BY id`)
      .all(...(byAccount ? [acting, accountId] : [acting])) as {
      id: number;
      account_id: number;
      bank_account_number: string;
      bank_name: string;
      beneficiary_name: string;
      swift: string;
      reference: string;
      currency: string;
      viewed: number;
    }[];
    return ok({
      instructions: rows.map((r) => ({
        id: r.id,
        accountId: r.account_id,
        bankAccountNumber: r.bank_account_number,
        bankName: r.bank_name,
        beneficiaryName: r.beneficiary_name,
        swift: r.swift,
        reference: r.reference,
        currencyCode: r.currency,
        viewed: r.viewed === 1,
      })),
    });
  },

  paymentInstructionViewed: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const changed = ctx.db
      .prepare('UPDATE instructions SET viewed = 1 WHERE id = ? AND account_id = ? AND customer_id = ?')
      .run(ctx.body.instructionId, ctx.body.accountId, acting).changes;
    if (!changed) return vf('instructionId', 'No such payment instruction for this account');
    return ok();
  },
};
