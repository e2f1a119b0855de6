import { parse } from 'csv-parse/sync';
import type { BodyOf, HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import type { Db } from '../db.ts';
import { denied, owner } from '../access.ts';
import { holdOrRequest, transferRefusal } from '../requests.ts';
import { currencyDecimals, decimal, decimalsOf, subtract, units } from '../kernel/money.ts';
import { account, CLOSED, idempotent, insertBatch, insertTransaction, nowIso, rejectHeld, setBalance } from '../kernel/ledger.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import { isText } from '../kernel/file-kinds.ts';
import { BOUNDED_INPUT_MESSAGES } from '../kernel/bounded-input.ts';
import type { MassPayment, MassWork, PerformResult, Performers } from '../work.ts';
import {
  addressRefusal,
  BIN_BLACKLIST,
  branchesOf,
  counterpartyOf,
  cryptoTransferFee,
  eftBank,
  externalFee,
  ibanBankOf,
  keepExternal,
  keptBeneficiary,
  offerOf,
  sourceAccount,
} from './external.ts';
import {
  CRYPTO_CURRENCIES,
  EFT_BRANCH_COUNTRIES,
  MASS_FILE_COLUMNS,
  MASS_FILE_MAX_ROWS,
  checkMassRow,
  compact,
  ibanSwiftMismatch,
  missingMassColumns,
  type MassFileMethod,
} from '../../machines/transfers/external-rails.ts';
import { isMassTransferOffered, type MassTransferType, type PermissionFlags } from '../../machines/transfers/permissions.logic.ts';
import { permissionFlagsFor } from '../company-people-store.ts';

/**
 * Mass transfers by file (001 s5, s7: wire, EFT, card payout (oct), crypto): a multipart request
 * whose `data` part says the kind (`method`) and whose `file` part is a CSV with a header row.
 * Every row is checked with the app's own rules (checkMassRow) and then with what only the
 * service knows (the kind offered to the row's country and its currencies, EFT banks and
 * branches, the bin blacklist, the source currency's decimals). The summary sums the valid rows
 * in the SOURCE account's currency (the file's amounts are what leaves the account, as in a
 * single external transfer: no exchange) with each row's single-transfer fee. onlySummary moves
 * nothing; a send (once per requestId, no bad row) makes a batch (history's batch transfers) and
 * one debit per payment plus one fee row, confirmed in the sender's approval mode.
 * Also the sample files' links (massSampleLinkList): the app serves them from public/samples/.
 */

/** Per kind: its transaction type, the permission flag's kind, the name of a batch, and whether the bank still has to pay it. */
const KINDS: Readonly<Record<MassFileMethod, { type: 'wire' | 'eft' | 'oct' | 'crypto_eft'; flag: MassTransferType; name: string; banked: boolean }>> = {
  wire: { type: 'wire', flag: 'wire', name: 'Wire', banked: true },
  eft: { type: 'eft', flag: 'eft', name: 'EFT', banked: true },
  oct: { type: 'oct', flag: 'oct', name: 'Card payout', banked: false },
  crypto: { type: 'crypto_eft', flag: 'crypto_eft', name: 'Crypto', banked: false },
};

const PLURAL: Readonly<Record<MassFileMethod, string>> = { wire: 'wire transfers', eft: 'EFT transfers', oct: 'card payouts', crypto: 'crypto transfers' };
const capital = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How a message names a column. */
const COLUMN_NAMES: Readonly<Record<string, string>> = {
  beneficiaryName: 'the beneficiary name',
  beneficiaryAddress: 'the beneficiary address',
  countryCode: 'the country',
  currencyCode: 'the currency',
  amount: 'the amount',
  iban: 'the IBAN',
  swiftCode: 'the SWIFT code',
  accountNumber: 'the account number',
  routingNumber: 'the routing number',
  sortCode: 'the sort code',
  bankCode: 'the bank code',
  branchCode: 'the branch code',
  cardNumber: 'the card number',
  toCurrencyCode: 'the crypto currency',
  walletAddress: 'the wallet address',
  reference: 'the reference',
};

type Problem = 'required' | 'format' | 'amount' | 'country' | 'currency' | 'unknown' | 'mismatch';
interface RowError {
  line: number;
  column: string;
  problem: Problem;
  message: string;
}

/** The message of a problem the shared rules found (checkMassRow). */
function sharedMessage(line: number, column: string, problem: Problem): string {
  const name = COLUMN_NAMES[column] ?? `the ${column}`;
  if (problem === 'required') return `Line ${line}: ${name} is missing`;
  if (problem === 'amount') return `Line ${line}: the amount must be a number above zero with at most 8 decimals`;
  if (problem === 'country') return `Line ${line}: the country must be a two-letter code`;
  if (problem === 'currency' && column === 'toCurrencyCode') return `Line ${line}: the crypto currency must be one of ${CRYPTO_CURRENCIES.join(', ')}`;
  if (problem === 'currency') return `Line ${line}: the currency must be a currency code`;
  if (problem === 'mismatch') return `Line ${line}: the SWIFT code is of a bank in another country than the IBAN`;
  return `Line ${line}: ${name} is not valid`;
}

/** A valid row, ready to send: its amount in the source account's decimals and its fee. */
/** A payment of the file, with its line. */
interface Payment extends MassPayment {
  line: number;
}

const cell = (row: Readonly<Record<string, string>>, name: string) => (row[name] ?? '').trim();

/**
 * What only the service knows about a row the shared rules passed (columns they already found
 * wrong are not checked again): the kind offered to the country, the currency it arrives in,
 * the EFT bank and branch, the card's bin, the source currency's decimals.
 */
function serviceErrors(method: MassFileMethod, row: Readonly<Record<string, string>>, line: number, wrong: ReadonlySet<string>, sourceCurrency: string): RowError[] {
  const errors: RowError[] = [];
  const add = (column: string, problem: Problem, message: string) => errors.push({ line, column, problem, message: `Line ${line}: ${message}` });
  const country = cell(row, 'countryCode').toUpperCase();
  if (method !== 'crypto' && !wrong.has('countryCode')) {
    const offer = offerOf(KINDS[method].type, country);
    if (!offer) add('countryCode', 'country', `${PLURAL[method]} do not go to ${country}`);
    else if (!wrong.has('currencyCode') && !offer.currencies.includes(cell(row, 'currencyCode').toUpperCase())) {
      add('currencyCode', 'currency', `to ${country} this arrives in ${offer.currencies.join(', ')} only`);
    }
    if (offer && method === 'eft' && !wrong.has('bankCode')) {
      const bankCode = cell(row, 'bankCode');
      if (!eftBank(country, bankCode)) add('bankCode', 'unknown', `the bank code is not one of the banks of ${country}`);
      else if (EFT_BRANCH_COUNTRIES.includes(country) && !wrong.has('branchCode') && cell(row, 'branchCode')) {
        if (!branchesOf(country, bankCode).some((b) => b.value === cell(row, 'branchCode'))) add('branchCode', 'unknown', "the branch code is not one of the bank's branches");
      }
    }
  }
  if (method === 'oct' && !wrong.has('cardNumber') && BIN_BLACKLIST.includes(cell(row, 'cardNumber').replace(/[\s-]+/g, '').slice(0, 6))) {
    add('cardNumber', 'unknown', 'payouts cannot go to cards of this bank');
  }
  if (method === 'wire' && !wrong.has('iban') && !wrong.has('swiftCode') && cell(row, 'iban') && cell(row, 'swiftCode')) {
    const bankSwift = ibanBankOf(compact(cell(row, 'iban')))?.swiftCode;
    if (ibanSwiftMismatch(cell(row, 'iban'), cell(row, 'swiftCode'), bankSwift) === 'bank') add('swiftCode', 'mismatch', `the SWIFT code is not of the IBAN's bank (${bankSwift})`);
  }
  const places = currencyDecimals(sourceCurrency);
  if (!wrong.has('amount') && decimalsOf(cell(row, 'amount')) > places) add('amount', 'amount', `the amount can have at most ${places} decimals in ${sourceCurrency}`);
  return errors;
}

interface ReadFile {
  payments: Payment[];
  errors: RowError[];
}

/**
 * Reads the file: the header (line 1, or the first non-empty line) names the columns; each other
 * non-empty line is a payment. Lines are the file's physical lines (empty lines are skipped but
 * counted; a quoted value over several lines counts from its first). A line whose number of values
 * differs from the header's is one error (column '', problem format) and is not checked further.
 * Answers the refusal of the whole file, or the valid payments and every row error in line order.
 */
function readFile(db: Db, acting: number, method: MassFileMethod, text: string, sourceCurrency: string): { refusal: HandlerReply } | ReadFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/\r\n?/g, '\n'), { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { refusal: vf('file', `The file cannot be read${line ? ` (line ${line})` : ''}: check its quotes and separators`) };
  }
  // A line of separators only (",,,") is as empty as an empty line.
  const lines = records.filter((r) => r.record.some((value) => value !== ''));
  const [head, ...rows] = lines;
  if (!head) return { refusal: vf('file', 'The file is empty') };
  const header = head.record;
  const missing = missingMassColumns(method, header);
  if (missing.length) return { refusal: vf('file', `The file has no column ${missing.join(', ')}: the first line must name the columns`) };
  if (rows.length === 0) return { refusal: vf('file', 'The file has no payments: only the header line') };
  if (rows.length > MASS_FILE_MAX_ROWS) return { refusal: vf('file', `The file has ${rows.length} payments: at most ${MASS_FILE_MAX_ROWS} at once`) };

  const names = header.map((h) => h.trim());
  const places = currencyDecimals(sourceCurrency);
  const type = KINDS[method].type;
  const payments: Payment[] = [];
  const errors: RowError[] = [];
  for (const { record, info } of rows) {
    // The line the record starts on: its last line less the line breaks inside quoted values.
    const line = info.lines - record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0);
    if (record.length !== names.length) {
      errors.push({ line, column: '', problem: 'format', message: `Line ${line}: it has ${record.length} values, the header has ${names.length}` });
      continue;
    }
    const row: Record<string, string> = {};
    names.forEach((name, i) => {
      if (!(name in row)) row[name] = record[i] ?? '';
    });
    const shared: RowError[] = checkMassRow(method, row).map((e) => ({ line, column: e.column, problem: e.problem, message: sharedMessage(line, e.column, e.problem) }));
    const found = [...shared, ...serviceErrors(method, row, line, new Set(shared.map((e) => e.column)), sourceCurrency)];
    if (found.length) {
      errors.push(...found);
      continue;
    }
    const country = method === 'crypto' ? '' : cell(row, 'countryCode').toUpperCase();
    const currency = (method === 'crypto' ? cell(row, 'toCurrencyCode') : cell(row, 'currencyCode')).toUpperCase();
    const amount = decimal(units(cell(row, 'amount')), places);
    const fee = method === 'crypto' ? cryptoTransferFee(currency, false, sourceCurrency) : externalFee(type as 'wire' | 'eft' | 'oct', country, amount, sourceCurrency);
    const values: Record<string, string> = { ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.trim()])), ...(method === 'crypto' ? { toCurrencyCode: currency } : {}) };
    payments.push({ line, amount, fee, country, currency, counterparty: counterpartyOf(db, acting, type, values), beneficiary: keptBeneficiary(type, country, values) });
  }
  errors.sort((a, b) => a.line - b.line);
  return { payments, errors };
}

interface Summary {
  count: number;
  total: string;
  fee: string;
  currencyCode: string;
  errors: RowError[];
}

const summaryOf = (read: ReadFile, currency: string): Summary => {
  const places = currencyDecimals(currency);
  return {
    count: read.payments.length,
    total: decimal(read.payments.reduce((sum, p) => sum + units(p.amount), 0n), places),
    fee: decimal(read.payments.reduce((sum, p) => sum + units(p.fee), 0n), places),
    currencyCode: currency,
    errors: read.errors,
  };
};


type Checked = { reply: HandlerReply } | { from: NonNullable<ReturnType<typeof account>>; method: MassFileMethod; read: ReadFile; summary: Summary };

/** The refusals in order (the permission flag, the account, the address, the file), then the file read and summed. */
function check(ctx: HandlerContext<'massTransfer'>, acting: number): Checked {
  const method = ctx.body.method;
  if (!isMassTransferOffered(permissionFlagsFor(ctx.db, ctx.customerId, acting) as PermissionFlags, KINDS[method].flag)) {
    return { reply: refused(`${capital(PLURAL[method])} by file are not allowed for this profile`) };
  }
  const source = sourceAccount(ctx.db, ctx.body.accountId, acting);
  if ('refusal' in source) return { reply: source.refusal };
  const address = addressRefusal(ctx.db, acting);
  if (address) return { reply: address };
  const file = ctx.files.file;
  if (!file || !file.text.trim()) return { reply: vf('file', 'The file is empty') };
  // A CSV by its bytes, whatever type it was sent as (Windows names a .csv application/vnd.ms-excel).
  if (!isText(file.bytes)) return { reply: vf('file', BOUNDED_INPUT_MESSAGES.notText) };
  const read = readFile(ctx.db, acting, method, file.text, source.from.currency);
  if ('refusal' in read) return { reply: read.refusal };
  return { from: source.from, method, read, summary: summaryOf(read, source.from.currency) };
}

// ---- moving the money ---------------------------------------------------------------------

/**
 * Debits the source by every payment and the fees: one row per payment (the held row becomes the
 * first one's), one fee row, each payment's country and beneficiary kept; the batch's status.
 * All or nothing (the caller's transaction).
 */
function moveMass(db: Db, acting: number, work: MassWork, held: number | null, created: string): PerformResult & { transactionId?: number } {
  const from = account(db, work.fromId, acting);
  if (!from || from.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  const total = decimal(work.payments.reduce((sum, p) => sum + units(p.amount), 0n), currencyDecimals(work.currency));
  if (units(from.balance) < units(total) + units(work.fee)) return { ok: false, reason: 'Not enough money on this account' };
  setBalance(db, from.id, subtract(subtract(from.balance, total), work.fee));
  let first: number | undefined;
  for (const p of work.payments) {
    let id: number;
    if (first === undefined && held !== null) {
      id = held;
      db.prepare('UPDATE transactions SET amount = ?, amount_units = ?, counterparty = ?, status = ?, created = ? WHERE id = ? AND customer_id = ?').run(`-${p.amount}`, units(`-${p.amount}`), p.counterparty, work.status, created, held, acting);
    } else {
      id = insertTransaction(db, { customerId: acting, accountId: from.id, created, type: work.type, amount: `-${p.amount}`, currency: work.currency, counterparty: p.counterparty, permission: '3d', status: work.status });
    }
    keepExternal(db, id, acting, work.type, p.country, p.currency, p.beneficiary);
    first ??= id;
  }
  if (units(work.fee) > 0n) insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'fee', amount: `-${work.fee}`, currency: work.currency, counterparty: null });
  db.prepare('UPDATE batches SET status = ? WHERE id = ? AND customer_id = ?').run(work.status, work.batchId, acting);
  return { ok: true, ...(first !== undefined ? { transactionId: first } : {}) };
}

/** The performer of a held mass transfer file (sandbox/performers.ts); a release rejects the held row and the batch. */
export const massTransferPerformers: Pick<Performers, 'massTransfer'> = {
  massTransfer: {
    perform: moveMass,
    release: (db, acting, work, held) => {
      rejectHeld(db, acting, held);
      db.prepare("UPDATE batches SET status = 'rejected' WHERE id = ? AND customer_id = ?").run(Number(work.batchId), acting);
    },
  },
};

const batchNameOf = (body: BodyOf<'massTransfer'>, method: MassFileMethod, created: string): string => {
  const given = typeof body.batchName === 'string' ? body.batchName.trim() : '';
  if (given) return given;
  const date = new Date(created);
  return `${KINDS[method].name} batch ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
};

const send = idempotent('massTransfer', (ctx, acting) => {
  const checked = check(ctx, acting);
  if ('reply' in checked) return checked.reply;
  const { from, method, read, summary } = checked;
  if (summary.errors.length > 0) {
    const lines = new Set(summary.errors.map((e) => e.line)).size;
    return {
      status: 200,
      body: { responseCode: 'VF', validationErrors: [{ param: 'file', description: `${lines} ${lines === 1 ? 'line' : 'lines'} of the file cannot be sent: fix ${lines === 1 ? 'it' : 'them'} first` }], summary },
    };
  }
  if (units(from.balance) < units(summary.total) + units(summary.fee)) {
    return vf('amount', `Not enough money on this account for ${summary.total} and the fees of ${summary.fee} ${from.currency}`);
  }
  const created = nowIso(ctx);
  const kind = KINDS[method];
  const name = batchNameOf(ctx.body, method, created);
  const work: Omit<MassWork, 'batchId'> = {
    kind: 'massTransfer',
    type: kind.type,
    fromId: from.id,
    currency: from.currency,
    fee: summary.fee,
    status: kind.banked ? 'processing' : 'completed',
    payments: read.payments.map(({ line: _line, ...p }) => p),
  };
  // One transaction (idempotent's): a failure after the checks above is a sandbox bug, and rolls the batch back too.
  // Its batch in History › Batch transfers: processing until the money moved.
  const batchId = insertBatch(ctx.db, { customerId: acting, name, type: method, created, status: 'processing', count: summary.count, total: summary.total, currency: summary.currencyCode });
  const waits = holdOrRequest(ctx, acting, created, {
    work: { ...work, batchId },
    request: { transactionType: `mass_${method}`, amount: summary.total, fee: summary.fee, currency: from.currency, accountId: from.id, beneficiary: name, count: summary.count, batchId },
    reserve: () => insertTransaction(ctx.db, { customerId: acting, accountId: from.id, created, type: kind.type, amount: `-${summary.total}`, currency: from.currency, counterparty: name, permission: '3d', status: 'processing' }),
    extra: { batchId, summary },
  });
  if (waits) return waits;
  const moved = moveMass(ctx.db, acting, { ...work, batchId }, null, created);
  if (!moved.ok) throw new Error(`massTransfer: ${moved.reason}`);
  return ok({ approveType: 'none', status: kind.banked ? 'pending' : 'completed', batchId, ...(moved.transactionId !== undefined ? { transactionId: moved.transactionId } : {}), summary });
}, { refusal: transferRefusal });

// ---- sample files -------------------------------------------------------------------------

/** Where each kind's sample file is: paths on the app's own origin (public/samples/, copied into the build). */
const SAMPLE_LINKS: Readonly<Record<string, string>> = {
  wire: '/samples/mass-wire.csv',
  p2p: '/samples/mass-p2p.csv',
  eft: '/samples/mass-eft.csv',
  creditCard: '/samples/mass-oct.csv',
  globalPay: '/samples/global-pay.csv',
  cryptoEft: '/samples/mass-crypto.csv',
};

export const massTransferHandlers: HandlerMap = {
  massTransfer: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    if (ctx.body.onlySummary === true) {
      const checked = check(ctx, acting);
      if ('reply' in checked) return checked.reply;
      return ok({ approveType: 'none', summary: checked.summary });
    }
    if (typeof ctx.body.requestId !== 'string') return vf('requestId', 'Sending the batch needs a requestId');
    return send(ctx);
  },
  massSampleLinkList: (ctx) => {
    if (owner(ctx) === null) return denied;
    const types = ctx.body.types.filter((type, i, all) => all.indexOf(type) === i && SAMPLE_LINKS[type]);
    return ok({ links: types.map((type) => ({ type, url: SAMPLE_LINKS[type]! })) });
  },
};

/** The columns of a kind's file, required first (the sample files' header rows). */
export const massFileHeader = (method: MassFileMethod): string[] => [...MASS_FILE_COLUMNS[method].required, ...MASS_FILE_COLUMNS[method].optional];
