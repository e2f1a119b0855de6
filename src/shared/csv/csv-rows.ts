import Papa from 'papaparse';

/**
 * A CSV text read row by row with Papa Parse (quotes, separators and line breaks inside cells done
 * right), for the file checks of mass files and global pay: every non-empty line's trimmed cells
 * with its line number (the first line is 1; empty lines keep the numbering), the first of them
 * as the header, and the share read so far for a progress bar (at most `steps` reports, then 1).
 */
export function readCsvRows(
  text: string,
  handlers: {
    onHeader: (cells: string[], line: number) => void;
    onRow: (cells: string[], line: number) => void;
    onProgress?: ((share: number) => void) | undefined;
  },
  steps = 50,
): { header: boolean } {
  let line = 0;
  let header = false;
  const every = Math.max(1, Math.floor(text.length / steps));
  let reported = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    step: (result) => {
      line += 1;
      const cells = result.data.map((cell) => unguarded(cell.trim()));
      const offset = result.meta.cursor;
      if (handlers.onProgress && offset - reported >= every) {
        reported = offset;
        handlers.onProgress(Math.min(1, offset / Math.max(1, text.length)));
      }
      if (cells.every((cell) => cell === '')) return;
      if (!header) {
        header = true;
        handlers.onHeader(cells, line);
      } else handlers.onRow(cells, line);
    },
  });
  handlers.onProgress?.(1);
  return { header };
}

/** A cell a spreadsheet would run as a formula: it starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Rows written back as CSV text, the one writer of every file the app writes (issue 47): Papa
 * Parse quotes what needs quoting, and a cell a spreadsheet would run as a formula gets a leading
 * apostrophe (OWASP's CSV injection advice), so an uploaded cell such as `=HYPERLINK(…)` opens as
 * text. `readCsvRows` takes that apostrophe off again, so a file the app wrote reads back as it was.
 */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return Papa.unparse(rows.map((row) => [...row]), { newline: '\n', escapeFormulae: FORMULA_START });
}

/** A cell as written before `writeCsv` guarded it (only a guarded formula start loses its apostrophe). */
const unguarded = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/**
 * A file's text, read no further than one byte past `maxBytes` (issue 47): a file over the limit
 * reads as "too big" for the checks that follow, at once and without the whole of it in memory; a
 * file within it reads whole.
 */
export const readTextAtMost = (file: Blob, maxBytes: number): Promise<string> => file.slice(0, maxBytes + 1).text();
