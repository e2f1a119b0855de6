import {
  checkGlobalPayHeader,
  checkGlobalPayRow,
  duplicateKey,
  GLOBAL_PAY_MAX_BYTES,
  GLOBAL_PAY_MAX_ROWS,
  type GlobalPayProblem,
} from '@machines/batches/global-pay-rules';
import type { GlobalPayBadRow } from '@machines/batches/global-pay-table';
import { readCsvRows, writeCsv } from '@/shared/csv';

/**
 * A global pay file checked in the browser before it is uploaded: Papa Parse (streaming, row by
 * row) and, for every row, the same rule the service applies (`checkGlobalPayRow`) plus
 * duplicates within the file (the same recipient, amount and currency as an earlier line). Runs in
 * a Web Worker (`parse-global-pay.worker.ts`); this module is the pure part, tested in
 * tests/unit/global-pay-parse.test.ts.
 */
export interface GlobalPayFileProblemFact {
  /** The file's line: the header is line 1. */
  line: number;
  column: string;
  problem: GlobalPayProblem | 'header' | 'unknownColumn' | 'cells' | 'tooBig' | 'tooManyRows' | 'empty';
}

export interface GlobalPayFileCheck {
  rows: number;
  problems: GlobalPayFileProblemFact[];
  /** The first line's column names. */
  header: string[];
  /** Every line with a problem, with its cells as read (to fix it in place). */
  badRows: GlobalPayBadRow[];
}

/** Checks the text of a file; `onProgress` hears the share read so far (0 to 1). */
export function checkGlobalPayText(text: string, onProgress?: (share: number) => void): GlobalPayFileCheck {
  const problems: GlobalPayFileProblemFact[] = [];
  const badRows: GlobalPayBadRow[] = [];
  if (text.length > GLOBAL_PAY_MAX_BYTES || new TextEncoder().encode(text).length > GLOBAL_PAY_MAX_BYTES) return { rows: 0, problems: [{ line: 0, column: '', problem: 'tooBig' }], header: [], badRows };
  let header: string[] | null = null;
  let rows = 0;
  const seen = new Map<string, number>();
  readCsvRows(text, {
    onProgress,
    onHeader: (cells, line) => {
      header = cells;
      const { missing, unknown } = checkGlobalPayHeader(cells);
      for (const column of missing) problems.push({ line, column, problem: 'header' });
      for (const column of unknown) problems.push({ line, column, problem: 'unknownColumn' });
    },
    onRow: (cells, line) => {
      rows += 1;
      if (rows > GLOBAL_PAY_MAX_ROWS || !header) return;
      if (cells.length !== header.length) {
        problems.push({ line, column: '', problem: 'cells' });
        badRows.push({ line, cells });
        return;
      }
      const names = header;
      const row = Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
      const errors = checkGlobalPayRow(row);
      for (const error of errors) problems.push({ line, ...error });
      if (errors.length === 0) {
        const key = duplicateKey({ beneficiaryEmail: row.beneficiaryEmail ?? '', amount: row.amount ?? '', currency: row.currency ?? '' });
        if (seen.has(key)) problems.push({ line, column: 'beneficiaryEmail', problem: 'duplicate' });
        else seen.set(key, line);
      }
      if (problems.at(-1)?.line === line) badRows.push({ line, cells });
    },
  });
  if (!header) problems.push({ line: 1, column: '', problem: 'empty' });
  else if (rows === 0) problems.push({ line: 2, column: '', problem: 'empty' });
  if (rows > GLOBAL_PAY_MAX_ROWS) problems.push({ line: 0, column: '', problem: 'tooManyRows' });
  return { rows: Math.min(rows, GLOBAL_PAY_MAX_ROWS), problems, header: header ?? [], badRows };
}

/**
 * The file written back with the customer's fixes (001 s7: only a valid batch is uploaded): each
 * fixed line's cells replace the line's, a line left out (null) is gone, every other line is as
 * it was (empty lines dropped). It is checked again as a new file before upload.
 */
export function applyFixesToText(text: string, replacements: Readonly<Record<number, readonly string[] | null>>): string {
  const rows: string[][] = [];
  readCsvRows(text, {
    onHeader: (cells) => rows.push(cells),
    onRow: (cells, line) => {
      const replacement = replacements[line];
      if (replacement === null) return;
      rows.push(replacement ? [...replacement] : cells);
    },
  });
  return writeCsv(rows);
}

/**
 * The file given back with its problems (to fix it in a spreadsheet): the same rows with one more
 * column, `column`, that says what is wrong on each line (`notes` by line; empty lines left out).
 */
export function annotateGlobalPayText(text: string, notes: Readonly<Record<number, string>>, column: string): string {
  const rows: string[][] = [];
  readCsvRows(text, {
    onHeader: (cells) => rows.push([...cells, column]),
    onRow: (cells, line) => rows.push([...cells, notes[line] ?? '']),
  });
  return writeCsv(rows);
}
