import Big from 'big.js';
import {
  checkGlobalPayRow,
  duplicateKey,
  GLOBAL_PAY_COLUMNS,
  paymentFee,
  senderPays,
  type GlobalPayCellError,
  type GlobalPayPaymentInput,
  type GlobalPayTotal,
} from './global-pay-rules';
import type { GlobalPayPaymentFact } from './global-pay.logic';
import { normalizeAmount } from '../shared/amount';

/**
 * The global pay tables' pure rules (docs/decisions.md "Global pay at 10,000 payments"):
 *
 * - before upload, a file's bad lines fixed in place: the line with the customer's fixes, what is
 *   still wrong with it, whether every bad line is fixed or left out, and the lines written back;
 * - after upload, the draft's table: a cell's change checked by the same row rule as the file (the
 *   sandbox applies it too), which payments are shown (filter and sort), and the totals per currency
 *   carried forward from the payments that changed (exact, never a float sum, never all 10,000 again).
 *
 * Table-tested in tests/unit/global-pay-table.test.ts.
 */

// ---- before upload: fixing the file's bad lines in place ------------------------------------------

/** A line of the file with a problem: its number (the header is line 1) and its cells as read. */
export interface GlobalPayBadRow {
  line: number;
  cells: readonly string[];
}

/** The customer's fixes, by line and then by column. */
export type GlobalPayFixes = Readonly<Record<number, Readonly<Record<string, string>>>>;

/** The line's cells by column name, with the customer's fixes laid over them (a line with too few or too many values takes the header's columns). */
export function fixedRow(header: readonly string[], row: GlobalPayBadRow, fixes: GlobalPayFixes): Record<string, string> {
  const fixed = fixes[row.line] ?? {};
  return Object.fromEntries(header.map((column, i) => [column, fixed[column] ?? row.cells[i] ?? '']));
}

/** The columns whose values decide whether a line repeats an earlier one. */
const DUPLICATE_COLUMNS = ['beneficiaryEmail', 'amount', 'currency'] as const;

/**
 * What is still wrong with a bad line once fixed: the row rule on its fixed cells, and "duplicate"
 * while a line that repeated an earlier one still has the same recipient, amount and currency (as
 * the repeat check reads them: the e-mail in any case, the amount however it is written)
 * (the whole file is checked again before upload, so a new repeat is found then).
 */
export function fixLineProblems(header: readonly string[], row: GlobalPayBadRow, fixes: GlobalPayFixes, problems: readonly { column: string; problem: string }[]): GlobalPayCellError[] {
  const fixedCells = fixedRow(header, row, fixes);
  const errors = checkGlobalPayRow(fixedCells);
  if (errors.length === 0 && problems.some((p) => p.problem === 'duplicate')) {
    // The same key as the file's repeat check (e-mail in any case, the amount however it is written).
    const key = (cells: Record<string, string>) => duplicateKey({ beneficiaryEmail: cells.beneficiaryEmail ?? '', amount: cells.amount ?? '', currency: cells.currency ?? '' });
    if (key(fixedCells) === key(fixedRow(header, row, {}))) errors.push({ column: 'beneficiaryEmail', problem: 'duplicate' });
  }
  return errors;
}

/** The columns a bad line offers to fix: the ones with problems (a repeat: its recipient, amount and currency; a line with the wrong number of values: all of them). */
export function fixColumns(header: readonly string[], problems: readonly { column: string; problem: string }[]): string[] {
  if (problems.some((p) => p.problem === 'cells')) return [...header];
  const columns = new Set<string>();
  for (const p of problems) {
    if (p.problem === 'duplicate') DUPLICATE_COLUMNS.forEach((c) => columns.add(c));
    else if (p.column) columns.add(p.column);
  }
  return header.filter((column) => columns.has(column));
}

/** Problems a line cannot be fixed from: the file's own (size, count, emptiness, header), which need another file. */
const isLineProblem = (p: { line: number; problem: string }) => p.line > 1 && !['tooBig', 'tooManyRows', 'empty', 'header', 'unknownColumn'].includes(p.problem);

/** The file's problems can be fixed here: all of them are on lines read with their cells. */
export function canFixInPlace(problems: readonly { line: number; problem: string }[], badRows: readonly GlobalPayBadRow[]): boolean {
  const lines = new Set(badRows.map((row) => row.line));
  return problems.length > 0 && problems.every((p) => isLineProblem(p) && lines.has(p.line));
}

/** Every bad line is fixed (nothing left wrong) or left out: the file can be written back and checked again. */
export function fixesReady(
  header: readonly string[],
  badRows: readonly GlobalPayBadRow[],
  problems: readonly { line: number; column: string; problem: string }[],
  fixes: GlobalPayFixes,
  omitted: readonly number[],
): boolean {
  if (!canFixInPlace(problems, badRows)) return false;
  const left = new Set(omitted);
  return badRows.every((row) => left.has(row.line) || fixLineProblems(header, row, fixes, problems.filter((p) => p.line === row.line)).length === 0);
}

/**
 * The file's problems still open while lines are fixed in place (issue 45: the red summary kept
 * listing lines already fixed): a line left out has none; a line with fixes has what is still wrong
 * with its fixed cells (fixLineProblems); any other problem stays as the check found it. In the
 * problems' order, a fixed line's where its first problem was.
 */
export function openProblems<P extends { line: number; column: string; problem: string }>(
  header: readonly string[],
  badRows: readonly GlobalPayBadRow[],
  problems: readonly P[],
  fixes: GlobalPayFixes,
  omitted: readonly number[],
): (P | { line: number; column: string; problem: string })[] {
  const left = new Set(omitted);
  const rows = new Map(badRows.map((row) => [row.line, row]));
  const done = new Set<number>();
  const out: (P | { line: number; column: string; problem: string })[] = [];
  for (const p of problems) {
    if (left.has(p.line)) continue;
    const row = rows.get(p.line);
    if (!row || !fixes[p.line]) {
      out.push(p);
      continue;
    }
    if (done.has(p.line)) continue;
    done.add(p.line);
    const own = problems.filter((q) => q.line === p.line);
    out.push(...fixLineProblems(header, row, fixes, own).map((e) => ({ line: p.line, column: e.column, problem: e.problem })));
  }
  return out;
}

/** What the file is written back with: each fixed line's cells in the header's order, or null for a line left out. */
export function fixReplacements(header: readonly string[], badRows: readonly GlobalPayBadRow[], fixes: GlobalPayFixes, omitted: readonly number[]): Record<number, string[] | null> {
  const left = new Set(omitted);
  const replacements: Record<number, string[] | null> = {};
  for (const row of badRows) {
    if (left.has(row.line)) replacements[row.line] = null;
    else if (fixes[row.line] || row.cells.length !== header.length) {
      const cells = fixedRow(header, row, fixes);
      replacements[row.line] = header.map((column) => cells[column] ?? '');
    }
  }
  return replacements;
}

// ---- after upload: a cell of the draft's table ----------------------------------------------------

/** The cells the table edits in place (the rest: the payment's dialog). */
export const INLINE_COLUMNS = ['amount', 'beneficiaryEmail', 'description'] as const;
export type GlobalPayInlineColumn = (typeof INLINE_COLUMNS)[number];

/** A payment as a file's row (the row rule checks a change against the payment's other fields). */
export function paymentRow(payment: GlobalPayPaymentInput): Record<string, string> {
  return {
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description,
    beneficiaryType: payment.beneficiaryType,
    beneficiaryName: payment.beneficiaryName,
    beneficiaryEmail: payment.beneficiaryEmail,
    beneficiaryCountryCode: payment.beneficiaryCountryCode,
    feeShare: payment.feeShare,
    paymentMethods: '',
  };
}

/**
 * A cell's new value (an amount may be typed with a decimal comma) checked by the file's row rule against the payment's other fields: the
 * change to send (an amount written with cents; nothing when the value is the same) or the problem
 * to show on the cell.
 */
export function checkPaymentChange(
  payment: GlobalPayPaymentInput,
  column: GlobalPayInlineColumn,
  value: string,
): { changes: Partial<GlobalPayPaymentInput> } | { problem: GlobalPayCellError['problem'] } {
  const text = column === 'amount' ? normalizeAmount(value) : value.trim();
  const error = checkGlobalPayRow({ ...paymentRow(payment), [column]: text }).find((e) => e.column === column);
  if (error) return { problem: error.problem };
  const next = column === 'amount' ? Big(text).toFixed(2) : text;
  return next === payment[column] ? { changes: {} } : { changes: { [column]: next } };
}

// ---- after upload: which payments the table shows -------------------------------------------------

export const PAYMENT_SORTS = ['line', 'recipient', 'amount', 'currency'] as const;
export type GlobalPaySort = (typeof PAYMENT_SORTS)[number];
export const PAYMENT_SHOWS = ['all', 'active', 'removed', 'failed'] as const;
export type GlobalPayShow = (typeof PAYMENT_SHOWS)[number];

export interface GlobalPayTableView {
  /** Words to find in the recipient's name or e-mail, the description or the currency (any case). */
  query: string;
  show: GlobalPayShow;
  sort: GlobalPaySort;
  descending: boolean;
}
export const DEFAULT_TABLE_VIEW: GlobalPayTableView = { query: '', show: 'all', sort: 'line', descending: false };

/** An amount as a whole number of cents, exactly (amounts have at most two decimals and nine digits: far inside a safe integer). */
const cents = (amount: string): number => {
  const [whole = '0', part = ''] = amount.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
};

/**
 * The payments the table shows, in order: those matching every word of the query and the chosen
 * kind (not removed, removed, or with a change that was not saved), sorted by the file's order
 * (added payments last, in the order added), the recipient, the amount or the currency; ties keep
 * the file's order in both directions. With nothing found, shown or sorted, the same array comes back.
 */
export function visiblePayments(payments: readonly GlobalPayPaymentFact[], view: GlobalPayTableView, failedIds: ReadonlySet<number> = new Set()): GlobalPayPaymentFact[] {
  const words = view.query.toLowerCase().split(/\s+/).filter(Boolean);
  // Nothing to find, everything shown in the file's order: the payments themselves (no copy of 10,000).
  if (words.length === 0 && view.show === 'all' && view.sort === 'line' && !view.descending) return payments as GlobalPayPaymentFact[];
  const shown = payments.filter((p) => {
    if (view.show === 'active' && p.status === 'removed') return false;
    if (view.show === 'removed' && p.status !== 'removed') return false;
    if (view.show === 'failed' && !failedIds.has(p.id)) return false;
    if (words.length === 0) return true;
    const text = `${p.beneficiaryName} ${p.beneficiaryEmail} ${p.description} ${p.currency}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  if (view.sort === 'line' && !view.descending) return shown;
  const order = new Map(payments.map((p, i) => [p.id, i]));
  const compare = (a: GlobalPayPaymentFact, b: GlobalPayPaymentFact): number => {
    switch (view.sort) {
      case 'recipient':
        return a.beneficiaryName.localeCompare(b.beneficiaryName) || a.beneficiaryEmail.localeCompare(b.beneficiaryEmail);
      case 'amount':
        return cents(a.amount) - cents(b.amount);
      case 'currency':
        return a.currency.localeCompare(b.currency);
      case 'line':
        return order.get(a.id)! - order.get(b.id)!;
    }
  };
  const direction = view.descending ? -1 : 1;
  return shown.sort((a, b) => direction * compare(a, b) || order.get(a.id)! - order.get(b.id)!);
}

// ---- after upload: the totals carried forward -----------------------------------------------------

type Counted = Pick<GlobalPayPaymentInput, 'amount' | 'currency' | 'feeShare'> & { id: number; status?: string };

/** The payments that differ between two versions of the table (by identity: an edit replaces only what it changed). */
export function changedPayments<P extends { id: number }>(before: readonly P[], after: readonly P[]): { gone: P[]; come: P[] } {
  if (before.length === after.length && before.every((p, i) => p === after[i] || p.id === after[i]!.id)) {
    const gone: P[] = [];
    const come: P[] = [];
    for (let i = 0; i < before.length; i += 1) {
      if (before[i] !== after[i]) {
        gone.push(before[i]!);
        come.push(after[i]!);
      }
    }
    return { gone, come };
  }
  const kept = new Set(after);
  const had = new Set(before);
  return { gone: before.filter((p) => !kept.has(p)), come: after.filter((p) => !had.has(p)) };
}

/**
 * The totals per currency after a change, from the totals before and only the payments that
 * changed (their old part taken away, their new part added; removed payments count nothing): the
 * same figures as batchTotals over every payment, without going over 10,000 of them per keystroke.
 */
export function totalsAfter(totals: readonly GlobalPayTotal[], gone: readonly Counted[], come: readonly Counted[]): GlobalPayTotal[] {
  const sums = new Map(totals.map((t) => [t.currency, { count: t.count, amount: Big(t.amount), fee: Big(t.fee), debit: Big(t.debit) }]));
  const add = (payment: Counted, sign: 1 | -1) => {
    if (payment.status === 'removed' || !/^\d{1,9}(\.\d{1,2})?$/.test(payment.amount)) return;
    const sum = sums.get(payment.currency) ?? { count: 0, amount: Big(0), fee: Big(0), debit: Big(0) };
    const amount = Big(payment.amount).times(sign);
    sum.count += sign;
    sum.amount = sum.amount.plus(amount);
    sum.fee = sum.fee.plus(Big(paymentFee(payment.amount)).times(sign));
    sum.debit = sum.debit.plus(Big(senderPays(payment)).times(sign));
    sums.set(payment.currency, sum);
  };
  for (const payment of gone) add(payment, -1);
  for (const payment of come) add(payment, 1);
  return [...sums.entries()]
    .filter(([, sum]) => sum.count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, count: sum.count, amount: sum.amount.toFixed(2), fee: sum.fee.toFixed(2), debit: sum.debit.toFixed(2) }));
}

/** Every column a file may have, in the file's order (the fix form lists a line's columns so). */
export const FILE_COLUMNS: readonly string[] = [...GLOBAL_PAY_COLUMNS.required, ...GLOBAL_PAY_COLUMNS.optional];
