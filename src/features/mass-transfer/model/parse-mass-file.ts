import Big from 'big.js';
import { checkMassRow, MASS_FILE_MAX_BYTES, MASS_FILE_MAX_ROWS, missingMassColumns, type MassCellProblem, type MassFileMethod } from '@machines/transfers/external-rails';
import { readCsvRows } from '@/shared/csv';

/**
 * A mass transfer file checked in the browser before it is sent: the CSV is read with
 * Papa Parse (a kept parser, streaming in chunks), every row goes through the same row rule the
 * service applies (`checkMassRow`), and the customer sees each problem with its line and column
 * before anything is uploaded. Runs in a Web Worker (`parse-mass-file.worker.ts`); this module is
 * the pure part, tested in tests/unit/mass-file-parse.test.ts.
 */
export interface MassFileProblem {
  /** The file's line: the header is line 1. */
  line: number;
  column: string;
  problem: MassCellProblem | 'header' | 'cells' | 'tooBig' | 'tooManyRows' | 'empty';
}

export interface MassFileCheck {
  rows: number;
  /** Sum of the rows' amounts as written (exact; the service sums in the account's currency). */
  total: string;
  problems: MassFileProblem[];
}

/** Checks the text of a file; `onProgress` hears the share read so far (0 to 1). */
export function checkMassFileText(method: MassFileMethod, text: string, onProgress?: (share: number) => void): MassFileCheck {
  const problems: MassFileProblem[] = [];
  if (new TextEncoder().encode(text).length > MASS_FILE_MAX_BYTES) return { rows: 0, total: '0', problems: [{ line: 0, column: '', problem: 'tooBig' }] };
  let header: string[] | null = null;
  let rows = 0;
  let total = new Big(0);
  readCsvRows(
    text,
    {
      onProgress,
      onHeader: (cells, line) => {
        header = cells;
        for (const column of missingMassColumns(method, cells)) problems.push({ line, column, problem: 'header' });
      },
      onRow: (cells, line) => {
        rows += 1;
        if (rows > MASS_FILE_MAX_ROWS || !header) return;
        if (cells.length !== header.length) {
          problems.push({ line, column: '', problem: 'cells' });
          return;
        }
        const names = header;
        const row = Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
        for (const error of checkMassRow(method, row)) problems.push({ line, ...error });
        if (/^\d{1,15}(\.\d{1,8})?$/.test(row.amount ?? '')) total = total.plus(row.amount!);
      },
    },
    20,
  );
  if (!header) problems.push({ line: 1, column: '', problem: 'empty' });
  else if (rows === 0) problems.push({ line: 2, column: '', problem: 'empty' });
  if (rows > MASS_FILE_MAX_ROWS) problems.push({ line: 0, column: '', problem: 'tooManyRows' });
  return { rows: Math.min(rows, MASS_FILE_MAX_ROWS), total: total.toFixed(), problems };
}
