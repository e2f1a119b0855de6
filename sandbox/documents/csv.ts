import { stringify } from 'csv-stringify/sync';

/** The export's columns, in order (the header row). */
export const CSV_COLUMNS = ['date', 'account', 'type', 'description', 'e-mail', 'amount', 'currency', 'status'] as const;

/** One row in CSV_COLUMNS' order: amounts as stored (text), the account id, null for nothing. */
export type CsvRow = [created: string, accountId: number, type: string, description: string | null, email: string | null, amount: string, currency: string, status: string];

/**
 * A text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe. Only free text is guarded (a description can be a card name
 * the customer typed); amounts are written exactly as stored.
 */
const guarded = (text: string | null): string => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ''));

/** Rows per csv-stringify call: the server answers other requests between slices of a long export. */
const SLICE = 5_000;

/**
 * The history export as CSV (RFC 4180 quoting, CRLF line ends), a header row first, built by
 * csv-stringify in slices with a turn of the event loop between them (a 100,000-row export takes
 * about a second and must not stall the sandbox). The header is written as a record rather than
 * with csv-stringify's `columns` option, which makes it more than twice as slow.
 */
export async function historyCsv(rows: CsvRow[]): Promise<string> {
  const options = { record_delimiter: 'windows' } as const;
  const parts = [stringify([[...CSV_COLUMNS]], options)];
  for (let at = 0; at < rows.length; at += SLICE) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = rows.slice(at, at + SLICE).map((r) => [r[0], String(r[1]), r[2], guarded(r[3]), guarded(r[4]), r[5], r[6], r[7]]);
    parts.push(stringify(slice, options));
  }
  return parts.join('');
}
