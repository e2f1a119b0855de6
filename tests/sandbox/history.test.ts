// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { centsText, generateHistory } from '../../sandbox/seed-history.ts';
import { pdfLines } from '../support/pdf-text';
import { mainWire } from './client';

/**
 * The history area of the sandbox (docs/decisions.md "History"): the filtered list and
 * its summary on history@'s 100,000 transactions, debit authorisations, batches, exports (by the
 * sandbox's clock), statements and documents, payment instructions. Every reply is validated
 * against the YAML by the sandbox itself (`call` refuses anything but a 200). Expected figures are
 * computed here, independently, from the database's rows with BigInt decimals.
 */
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
/** The sandbox's clock (24 November 2026, 10:00 UTC): exports are ready 3 s after they start. */
let clock = Date.UTC(2026, 10, 24, 10);
let sb: Sandbox;

interface Row {
  id: number;
  account_id: number;
  created: string;
  type: string;
  amount: string;
  amount_units: number;
  currency: string;
  status: string;
  counterparty: string | null;
  counterparty_email: string | null;
  /** The amount in 10^-8 units, parsed here (not the stored amount_units). */
  u: bigint;
}
interface Account {
  accountId: number;
  type: number;
  subType?: string;
  balance: string;
  currencyCode: string;
  settlementAccountId?: number;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const tokens = new Map<string, string>();
const tokenOf = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, (await (await post('/auth/login', { client: 'spa', username: user, password: 'Demo-pass-1', codeChallenge: challenge })).json()).accessToken);
  return tokens.get(user)!;
};
const call = async (token: string, method: string, body: Record<string, unknown> = {}): Promise<any> => {
  const res = await post(`/main/?method=${method}`, mainWire(method, body), { Authorization: `Bearer ${token}` });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};
const generate = (token: string, name: string, body: Record<string, unknown>) => post(`/documents/pdf/api/generator_pdf/${name}`, body, { Authorization: `Bearer ${token}` });
const getFile = (token: string | null, link: string) => fetch(`${sb.url}/documents${link}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const customerId = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const accountsOf = async (token: string): Promise<Account[]> => (await call(token, 'balanceInquiry')).accounts;
const payment = (accounts: Account[], currency: string): Account => accounts.find((a) => a.type === 1001 && a.currencyCode === currency)!;
const rowsOf = (login: string): Row[] =>
  (sb.db.prepare('SELECT * FROM transactions WHERE customer_id = ? ORDER BY created DESC, id DESC').all(customerId(login)) as unknown as Row[]).map((r) => ({ ...r, u: units(r.amount) }));

// ---- independent exact decimals and filter ---------------------------------------------------

const units = (text: string): bigint => {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)!;
  const value = BigInt(m[2]!) * 10n ** 8n + BigInt((m[3] ?? '').padEnd(8, '0'));
  return m[1] ? -value : value;
};
const text = (value: bigint, places: number): string => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = abs / 10n ** 8n;
  const fraction = (abs % 10n ** 8n).toString().padStart(8, '0').slice(0, places);
  return `${sign}${whole}.${fraction}`;
};
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const sum = (rows: Row[]) => rows.reduce((s, r) => s + r.u, 0n);

type Filter = Partial<{
  accountId: number;
  keyword: string;
  transactionType: string;
  transactionDirection: 'in' | 'out';
  status: string;
  fromDate: string;
  toDate: string;
  fromAmount: string;
  toAmount: string;
  email: string;
}>;
function matches(r: Row, f: Filter): boolean {
  const abs = r.u < 0n ? -r.u : r.u;
  const k = f.keyword?.toLowerCase();
  return (
    (f.accountId === undefined || r.account_id === f.accountId) &&
    (!k || [r.counterparty, r.counterparty_email, r.type].some((v) => v?.toLowerCase().includes(k))) &&
    (!f.transactionType || r.type === f.transactionType) &&
    (!f.transactionDirection || (f.transactionDirection === 'in' ? r.u > 0n : r.u < 0n)) &&
    (!f.status || r.status === f.status) &&
    (!f.fromDate || r.created >= f.fromDate) &&
    (!f.toDate || r.created < nextDay(f.toDate)) &&
    (!f.fromAmount || abs >= units(f.fromAmount)) &&
    (!f.toAmount || abs <= units(f.toAmount)) &&
    (!f.email || r.counterparty_email?.toLowerCase() === f.email.toLowerCase())
  );
}

/** A CSV (RFC 4180: quotes, doubled quotes, CRLF) as rows of fields. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

let history: Row[];
let token: string;
let accounts: Account[];
let usd: Account;
let eur: Account;

beforeAll(async () => {
  // Access tokens outlive the clock's moves (files expire after 30 minutes of it).
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-history-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 86_400 });
  history = rowsOf('history@brand1.test');
  token = await tokenOf('history@brand1.test');
  accounts = await accountsOf(token);
  usd = payment(accounts, 'USD');
  eur = payment(accounts, 'EUR');
}, 120_000);
afterAll(() => sb.close());

describe('sandbox: history demo data', () => {
  it('history@ has exactly 100,000 transactions on brand1 and 600 on another brand, as the list totals say', async () => {
    expect(history).toHaveLength(100_000);
    expect((await call(token, 'transactionHistory', { pageSize: 1 })).total).toBe(100_000);
    expect(rowsOf('history@brand3.test')).toHaveLength(600);
    expect((await call(await tokenOf('history@brand3.test'), 'transactionHistory', { pageSize: 1 })).total).toBe(600);
  });

  it('covers two years, every transaction type, all statuses, both directions, three accounts; p2p has e-mails', () => {
    expect(history[history.length - 1]!.created >= '2024-11-24').toBe(true);
    expect(history[0]!.created < '2026-11-24').toBe(true);
    expect(new Set(history.map((r) => r.type))).toEqual(
      new Set(['p2p', 'wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac', 'card', 'between_accounts', 'deposit', 'fee']),
    );
    const statuses = new Map<string, number>();
    for (const r of history) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    expect(statuses.get('completed')!).toBeGreaterThan(90_000);
    expect(statuses.get('processing')!).toBeGreaterThan(100);
    expect(statuses.get('rejected')!).toBeGreaterThan(1_000);
    expect(history.some((r) => r.u > 0n) && history.some((r) => r.u < 0n)).toBe(true);
    expect(history.filter((r) => r.u > 0n).every((r) => r.type === 'deposit' || r.type === 'p2p')).toBe(true);
    expect(new Set(history.map((r) => r.account_id))).toEqual(new Set(accounts.filter((a) => a.type === 1001).map((a) => a.accountId)));
    expect(history.every((r) => /^-?\d+\.\d{2}$/.test(r.amount))).toBe(true);
    const p2p = history.filter((r) => r.type === 'p2p');
    expect(p2p.every((r) => /^[a-z]+\.[a-z]+@example\.com$/.test(r.counterparty_email ?? ''))).toBe(true);
    expect(new Set(history.map((r) => r.counterparty).filter(Boolean)).size).toBeGreaterThan(120);
  });

  it('every stored amount_units is the amount × 10^8 exactly, in every customer’s rows', () => {
    const all = sb.db.prepare('SELECT amount, amount_units FROM transactions').all() as { amount: string; amount_units: number }[];
    expect(all.length).toBeGreaterThan(100_000);
    expect(all.filter((r) => units(r.amount) !== BigInt(r.amount_units))).toEqual([]);
  });

  it('each balance is an opening balance plus the account’s completed transactions, exactly', () => {
    const opening = (a: Account) => text(units(a.balance) - sum(history.filter((r) => r.account_id === a.accountId && r.status === 'completed')), 2);
    expect([opening(usd), opening(eur), opening(payment(accounts, 'RON'))]).toEqual(['25000.00', '18000.00', '90000.00']);
  });

  it('the seed is the same every time (a seeded PRNG of the customer id)', () => {
    const ron = payment(accounts, 'RON');
    const generated: string[] = [];
    generateHistory(customerId('history@brand1.test'), [{ id: usd.accountId, currency: 'USD' }, { id: eur.accountId, currency: 'EUR' }, { id: ron.accountId, currency: 'RON' }], 100_000, (r) =>
      generated.push([r.accountId, r.created, r.type, centsText(r.cents), r.status, r.counterparty, r.email].join('|')),
    );
    const stored = [...history].reverse().map((r) => [r.account_id, r.created, r.type, r.amount, r.status, r.counterparty, r.counterparty_email].join('|'));
    expect(stored).toEqual(generated);
  });
});

describe('sandbox: transactionHistory filters', () => {
  const check = async (filter: Filter, pageSize = 100) => {
    const expected = history.filter((r) => matches(r, filter));
    const reply = await call(token, 'transactionHistory', { ...filter, pageSize });
    expect(reply.total).toBe(expected.length);
    expect(reply.transactions.map((t: { transactionId: number }) => t.transactionId)).toEqual(expected.slice(0, pageSize).map((r) => r.id));
    const first = reply.transactions[0];
    if (first) {
      const row = expected[0]!;
      expect(first).toEqual({
        transactionId: row.id,
        accountId: row.account_id,
        created: row.created,
        type: row.type,
        amount: row.amount,
        currencyCode: row.currency,
        status: row.status,
        ...(row.counterparty ? { description: row.counterparty } : {}),
      });
    }
    return expected;
  };

  it('each filter alone: the rows match it, newest first, and total counts them all', async () => {
    expect((await check({ accountId: eur.accountId })).length).toBeGreaterThan(20_000);
    expect((await check({ keyword: 'ANA' })).length).toBeGreaterThan(100);
    expect((await check({ keyword: 'instant_' })).length).toBeGreaterThan(1_000);
    expect((await check({ transactionType: 'interac' })).length).toBeGreaterThan(1_000);
    expect((await check({ transactionDirection: 'in' })).length).toBeGreaterThan(5_000);
    expect((await check({ transactionDirection: 'out' })).length).toBeGreaterThan(50_000);
    expect((await check({ status: 'rejected' })).length).toBeGreaterThan(1_000);
    expect((await check({ fromDate: '2025-03-01' })).length).toBeGreaterThan(50_000);
    expect((await check({ toDate: '2025-03-01' })).length).toBeGreaterThan(10_000);
    expect((await check({ fromDate: '2026-02-28', toDate: '2026-02-28' })).length).toBeGreaterThan(50);
    expect((await check({ fromAmount: '4000' })).length).toBeGreaterThan(100);
    expect((await check({ toAmount: '1.00' })).length).toBeGreaterThan(100);
    const email = history.find((r) => r.type === 'p2p')!.counterparty_email!;
    expect((await check({ email: email.toUpperCase() })).length).toBeGreaterThan(5);
  });

  it('% and _ in a keyword are taken literally', async () => {
    expect((await check({ keyword: '%' })).length).toBe(0);
    expect((await call(token, 'transactionHistory', { keyword: '_' })).total).toBe(history.filter((r) => r.type.includes('_')).length);
  });

  it('filters combined', async () => {
    expect((await check({ accountId: usd.accountId, transactionType: 'card', transactionDirection: 'out', status: 'completed', fromDate: '2025-06-01', toDate: '2025-09-30', fromAmount: '20', toAmount: '100.00' })).length).toBeGreaterThan(50);
    expect((await check({ accountId: eur.accountId, keyword: 'popescu', transactionDirection: 'in', fromDate: '2025-01-01' })).length).toBeGreaterThan(5);
    expect((await check({ transactionType: 'deposit', transactionDirection: 'out' })).length).toBe(0);
  });

  it('pages do not repeat or skip rows, and the last page holds the rest', async () => {
    const filter: Filter = { accountId: usd.accountId, transactionType: 'wire', fromDate: '2026-08-01' };
    const expected = history.filter((r) => matches(r, filter));
    const seen: number[] = [];
    const pages = Math.ceil(expected.length / 20);
    for (let page = 1; page <= pages; page += 1) {
      const reply = await call(token, 'transactionHistory', { ...filter, pageNumber: page, pageSize: 20 });
      expect(reply.total).toBe(expected.length);
      seen.push(...reply.transactions.map((t: { transactionId: number }) => t.transactionId));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect((await call(token, 'transactionHistory', { ...filter, pageNumber: pages + 1, pageSize: 20 })).transactions).toEqual([]);
    // The default page size is 20.
    expect((await call(token, 'transactionHistory', filter)).transactions).toHaveLength(20);
  });

  it('a start date after the end date, a smallest amount above the largest, another customer’s account are refused', async () => {
    const dates = await call(token, 'transactionHistory', { fromDate: '2026-02-01', toDate: '2026-01-01' });
    expect([dates.responseCode, dates.validationErrors[0].param]).toEqual(['VF', 'toDate']);
    const amounts = await call(token, 'transactionHistory', { fromAmount: '10', toAmount: '9.99' });
    expect([amounts.responseCode, amounts.validationErrors[0].param]).toEqual(['VF', 'toAmount']);
    const other = payment(await accountsOf(await tokenOf('history@brand2.test')), 'USD');
    expect((await call(token, 'transactionHistory', { accountId: other.accountId })).responseCode).toBe('ENOA');
  });
});

describe('sandbox: history summary', () => {
  const expectedSummary = (account: Account, f: Filter, places = 2) => {
    const completed = history.filter((r) => r.account_id === account.accountId && r.status === 'completed');
    const end = f.toDate ? nextDay(f.toDate) : null;
    const ending = units(account.balance) - sum(completed.filter((r) => end !== null && r.created >= end));
    const range = completed.filter((r) => (!f.fromDate || r.created >= f.fromDate) && (!end || r.created < end));
    const all = history.filter((r) => matches(r, { ...f, accountId: account.accountId }));
    return {
      beginningBalance: text(ending - sum(range), places),
      totalDebit: text(-sum(range.filter((r) => r.u < 0n)), places),
      totalCredit: text(sum(range.filter((r) => r.u > 0n)), places),
      endingBalance: text(ending, places),
      processingCount: all.filter((r) => r.status === 'processing').length,
      rejectedCount: all.filter((r) => r.status === 'rejected').length,
      currencyCode: account.currencyCode,
    };
  };

  it('over the filter’s dates, from the balance now and the completed transactions (other filters do not touch balances)', async () => {
    const filter: Filter = { fromDate: '2026-03-01', toDate: '2026-08-31', transactionType: 'card', keyword: 'a' };
    const reply = await call(token, 'transactionHistory', { accountId: usd.accountId, ...filter, pageSize: 1 });
    const expected = expectedSummary(usd, filter);
    expect(reply.summary).toEqual(expected);
    expect(expected.processingCount + expected.rejectedCount).toBeGreaterThan(0);
    // The other filters change the counts only.
    const plain = await call(token, 'transactionHistory', { accountId: usd.accountId, fromDate: filter.fromDate, toDate: filter.toDate, pageSize: 1 });
    expect({ ...plain.summary, processingCount: 0, rejectedCount: 0 }).toEqual({ ...reply.summary, processingCount: 0, rejectedCount: 0 });
    expect(plain.summary.processingCount).toBeGreaterThan(reply.summary.processingCount);
  });

  it('with one date, with none, with a status filter', async () => {
    for (const filter of [{ fromDate: '2025-12-01' }, { toDate: '2025-05-15' }, {}, { status: 'processing', fromDate: '2026-11-01' }] as Filter[]) {
      const reply = await call(token, 'transactionHistory', { accountId: eur.accountId, ...filter, pageSize: 1 });
      expect(reply.summary).toEqual(expectedSummary(eur, filter));
    }
    // With no dates the beginning balance is the opening balance and the ending balance is the balance now.
    const all = await call(token, 'transactionHistory', { accountId: eur.accountId, pageSize: 1 });
    expect([all.summary.beginningBalance, all.summary.endingBalance]).toEqual(['18000.00', eur.balance]);
  });

  it('is only given for one account; a crypto account has 8 decimals', async () => {
    expect((await call(token, 'transactionHistory', { pageSize: 1 })).summary).toBeUndefined();
    const rich = await tokenOf('personal@brand1.test');
    const usdt = (await accountsOf(rich)).find((a) => a.currencyCode === 'USDT')!;
    const reply = await call(rich, 'transactionHistory', { accountId: usdt.accountId });
    expect(reply.summary).toEqual({
      beginningBalance: '250.12345678',
      totalDebit: '0.00000000',
      totalCredit: '0.00000000',
      endingBalance: '250.12345678',
      processingCount: 0,
      rejectedCount: 0,
      currencyCode: 'USDT',
    });
  });
});

describe('sandbox: debit and authorisation history', () => {
  it('a settlement account of a debit card: its authorisations, 10 a page, newest first', async () => {
    const card = accounts.find((a) => a.subType === 'DEBIT')!;
    expect(card.settlementAccountId).toBe(usd.accountId);
    const first = await call(token, 'debitAuthorizationHistory', { accountId: usd.accountId });
    expect(first.total).toBe(35);
    expect(first.authorizations).toHaveLength(10);
    const all = [...first.authorizations];
    for (const pageNumber of [2, 3, 4]) all.push(...(await call(token, 'debitAuthorizationHistory', { accountId: usd.accountId, pageNumber })).authorizations);
    expect(all).toHaveLength(35);
    expect(new Set(all.map((a) => a.authorizationId)).size).toBe(35);
    expect(all.map((a) => a.created)).toEqual([...all.map((a) => a.created)].sort().reverse());
    expect(all.every((a) => a.cardAccountId === card.accountId && a.merchant)).toBe(true);
    expect(new Set(all.map((a) => a.status))).toEqual(new Set(['pending', 'settled', 'reversed', 'declined']));
  });

  it('any other account is refused with VF accountId (a prepaid card’s settlement account too); cards@’s debit card settles to USD', async () => {
    const refused = await call(token, 'debitAuthorizationHistory', { accountId: eur.accountId });
    expect(refused).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'accountId', description: 'Debit and authorisation history is kept for settlement accounts' }] });
    const rich = await tokenOf('personal@brand1.test');
    expect((await call(rich, 'debitAuthorizationHistory', { accountId: payment(await accountsOf(rich), 'USD').accountId })).responseCode).toBe('VF');
    expect((await call(rich, 'debitAuthorizationHistory', { accountId: usd.accountId })).responseCode).toBe('VF');
    const cards = await tokenOf('cards@brand1.test');
    expect(await call(cards, 'debitAuthorizationHistory', { accountId: payment(await accountsOf(cards), 'USD').accountId })).toEqual({ responseCode: '00', total: 0, authorizations: [] });
  });
});

describe('sandbox: batch transfer history', () => {
  it('pages of 20, newest first, with a total; business@ has its own 8', async () => {
    const pages = [];
    for (const pageNumber of [1, 2, 3]) pages.push(await call(token, 'batchTransferHistory', { pageNumber }));
    expect(pages.map((p) => p.total)).toEqual([45, 45, 45]);
    expect(pages.map((p) => p.batches.length)).toEqual([20, 20, 5]);
    const all = pages.flatMap((p) => p.batches);
    expect(new Set(all.map((b) => b.batchId)).size).toBe(45);
    expect(all.map((b) => b.created)).toEqual([...all.map((b) => b.created)].sort().reverse());
    expect(new Set(all.map((b) => b.type)).size).toBeGreaterThan(4);
    expect(all.find((b) => b.type === 'crypto')?.totalAmount).toMatch(/^\d+\.\d{8}$/);
    expect((await call(await tokenOf('business@brand2.test'), 'batchTransferHistory', {})).total).toBe(8);
    expect((await call(await tokenOf('simple@brand1.test'), 'batchTransferHistory', {})).total).toBe(0);
  });

  it('search (any case, literal), types, from and to', async () => {
    const all = (await call(token, 'batchTransferHistory', { pageSize: 100 })).batches as { batchName: string; type: string; created: string }[];
    const payroll = await call(token, 'batchTransferHistory', { search: 'PAYROLL', pageSize: 100 });
    expect(payroll.total).toBe(all.filter((b) => b.batchName.toLowerCase().includes('payroll')).length);
    expect(payroll.total).toBeGreaterThan(0);
    expect((await call(token, 'batchTransferHistory', { search: '%' })).total).toBe(0);
    const types = await call(token, 'batchTransferHistory', { types: ['wire', 'crypto'], pageSize: 100 });
    expect(types.total).toBe(all.filter((b) => b.type === 'wire' || b.type === 'crypto').length);
    expect(types.batches.every((b: { type: string }) => b.type === 'wire' || b.type === 'crypto')).toBe(true);
    const dated = await call(token, 'batchTransferHistory', { from: '2025-06-01', to: '2026-01-31', pageSize: 100 });
    expect(dated.total).toBe(all.filter((b) => b.created >= '2025-06-01' && b.created < '2026-02-01').length);
    expect(dated.total).toBeGreaterThan(5);
    expect((await call(token, 'batchTransferHistory', { from: '2026-02-01', to: '2026-01-01' })).responseCode).toBe('VF');
  });
});

describe('sandbox: history exports', () => {
  const start = (body: Record<string, unknown>, who = token) => call(who, 'transactionHistoryExportStart', body);
  const status = (exportId: string, who = token) => call(who, 'transactionHistoryExportStatus', { exportId });

  it('CSV: pending with progress for 3 s, then ready; the file holds exactly the rows of the same filter', async () => {
    const filter: Filter = { accountId: eur.accountId, fromDate: '2026-01-01', toDate: '2026-03-31', transactionDirection: 'out', fromAmount: '10', toAmount: '500' };
    const { responseCode, exportId } = await start({ type: 'csv', accountId: eur.accountId, fromDate: '2026-01-01', toDate: '2026-03-31', transactionDirection: 'out', amountFrom: '10', amountTo: '500' });
    expect([responseCode, exportId]).toEqual(['00', expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/)]);
    expect(await status(exportId)).toEqual({ responseCode: '00', status: 'pending', progress: 0 });
    clock += 1_500;
    expect(await status(exportId)).toEqual({ responseCode: '00', status: 'pending', progress: 50 });
    clock += 1_500;
    const ready = await status(exportId);
    expect(ready).toEqual({ responseCode: '00', status: 'ready', fileName: expect.stringMatching(/\.csv$/), redirectLink: expect.stringMatching(/^\/files\/[A-Za-z0-9_-]+$/) });
    expect(await status(exportId)).toEqual(ready); // built once

    const res = await getFile(token, ready.redirectLink);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${ready.fileName}"`);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual(['date', 'account', 'type', 'description', 'e-mail', 'amount', 'currency', 'status']);
    const expected = history.filter((r) => matches(r, filter));
    expect(expected.length).toBeGreaterThan(100);
    expect(rows).toEqual(expected.map((r) => [r.created, String(r.account_id), r.type, r.counterparty ?? '', r.counterparty_email ?? '', r.amount, r.currency, r.status]));
  });

  it('customerEmail filters on the counterparty’s e-mail; the list’s other fields apply', async () => {
    const email = history.find((r) => r.type === 'p2p')!.counterparty_email!;
    const { exportId } = await start({ type: 'csv', customerEmail: email, keyword: 'p2p' });
    clock += 3_000;
    const ready = await status(exportId);
    const [, ...rows] = parseCsv(await (await getFile(token, ready.redirectLink)).text());
    expect(rows.map((r) => r[4])).toEqual(history.filter((r) => matches(r, { email, keyword: 'p2p' })).map((r) => r.counterparty_email));
    expect(rows.length).toBeGreaterThan(3);
  });

  it('PDF: a titled document with the customer, the filter and the rows, over several numbered pages', async () => {
    const filter: Filter = { accountId: usd.accountId, fromDate: '2026-10-01', toDate: '2026-10-31' };
    const { exportId } = await start({ type: 'pdf', ...filter });
    clock += 3_000;
    const ready = await status(exportId);
    expect(ready.fileName).toMatch(/\.pdf$/);
    const res = await getFile(token, ready.redirectLink);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const content = pdfLines.raw(bytes);
    const expected = history.filter((r) => matches(r, filter));
    const pages = Math.max(...[...content.matchAll(/\(Page \d+ of (\d+)\)/g)].map((m) => Number(m[1])));
    expect(pages).toBeGreaterThan(1);
    expect(content).toContain('(Account history)');
    expect(content).toContain('(Ana Demo 1)');
    expect(content).toContain(`(USD account ${usd.accountId} \xb7 from 2026-10-01 to 2026-10-31)`);
    expect(content).toContain(`(Page ${pages} of ${pages})`);
    // Every row's amount is there, as many times as the rows have it.
    for (const amount of new Set(expected.slice(0, 50).map((r) => r.amount))) {
      expect([amount, content.split(`(${amount})`).length - 1]).toEqual([amount, expected.filter((r) => r.amount === amount).length]);
    }
  });

  it('fails when nothing matches, and when a PDF would hold more than 5,000 rows', async () => {
    const none = await start({ type: 'csv', keyword: 'no such counterparty' });
    const big = await start({ type: 'pdf', accountId: usd.accountId });
    clock += 3_000;
    expect(await status(none.exportId)).toEqual({ responseCode: '00', status: 'failed', reason: 'No transactions match this export' });
    expect(await status(big.exportId)).toEqual({ responseCode: '00', status: 'failed', reason: 'A PDF holds at most 5,000 transactions; export CSV or narrow the filter' });
  });

  it('refuses what the list refuses, another customer’s account, and a bad type (400)', async () => {
    expect((await start({ type: 'csv', amountFrom: '5', amountTo: '1' })).validationErrors[0].param).toBe('amountTo');
    expect((await start({ type: 'csv', fromDate: '2026-05-01', toDate: '2026-04-01' })).validationErrors[0].param).toBe('toDate');
    const other = payment(await accountsOf(await tokenOf('history@brand2.test')), 'USD');
    expect((await start({ type: 'pdf', accountId: other.accountId })).responseCode).toBe('ENOA');
    const res = await post('/main/?method=transactionHistoryExportStart', { method: 'transactionHistoryExportStart', type: 'xls' }, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(400);
  });

  it('send to e-mail: only a ready export, only to a confirmed address of the customer (issue 46); it appears in the sandbox’s outbox', async () => {
    const { exportId } = await start({ type: 'csv', transactionType: 'fee', fromDate: '2026-11-01' });
    const early = await call(token, 'transactionHistoryExportSend', { exportId, email: 'history@brand1.test' });
    expect([early.responseCode, early.validationErrors[0].param]).toEqual(['VF', 'exportId']);
    clock += 3_000;
    // Any other address is refused, whatever was typed: nothing is sent.
    const elsewhere = await call(token, 'transactionHistoryExportSend', { exportId, email: 'me@example.com' });
    expect(elsewhere).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'email', description: 'Send it to one of your confirmed e-mail addresses' }] });
    expect((await (await fetch(`${sb.url}/__sandbox/outbox?login=history@brand1.test`)).json()).messages).toEqual([]);
    expect(await call(token, 'transactionHistoryExportSend', { exportId, email: 'History.Payments@brand1.test' })).toEqual({ responseCode: '00' });
    const outbox = await (await fetch(`${sb.url}/__sandbox/outbox?login=history@brand1.test`)).json();
    expect(outbox.messages[0]).toMatchObject({ login: 'history@brand1.test', to: 'History.Payments@brand1.test', subject: expect.stringContaining('.csv'), sentAt: new Date(clock).toISOString() });
    expect((await (await fetch(`${sb.url}/__sandbox/outbox?login=history@brand2.test`)).json()).messages).toEqual([]);
  });

  it('another customer’s export is ENOA; an unknown one VF; the file is theirs only, with a token, for 30 minutes', async () => {
    const { exportId } = await start({ type: 'csv', transactionType: 'oct', fromDate: '2026-11-01' });
    clock += 3_000;
    const { redirectLink } = await status(exportId);
    const other = await tokenOf('history@brand2.test');
    expect((await status(exportId, other)).responseCode).toBe('ENOA');
    expect((await call(other, 'transactionHistoryExportSend', { exportId, email: 'x@example.com' })).responseCode).toBe('ENOA');
    expect((await status('no-such-export')).responseCode).toBe('VF');
    expect((await getFile(other, redirectLink)).status).toBe(404);
    expect((await getFile(null, redirectLink)).status).toBe(401);
    expect((await getFile(token, '/files/no-such-file-id')).status).toBe(404);
    expect((await getFile(token, redirectLink)).status).toBe(200);
    clock += 30 * 60 * 1000;
    expect((await getFile(token, redirectLink)).status).toBe(404);
  });
});

describe('sandbox: statements and documents', () => {
  it('one statement per month from the first transaction’s month to last month, newest first, 12 a page', async () => {
    const first = await call(token, 'transactionHistoryExportList', { accountId: usd.accountId, source: 'monthly' });
    expect(first.total).toBe(24); // November 2024 .. October 2026 (the clock is in November 2026)
    expect(first.exports).toHaveLength(12);
    expect(first.exports[0]).toEqual({ accountId: usd.accountId, dateFrom: '2026-10-01' });
    expect(first.exports[11].dateFrom).toBe('2025-11-01');
    const second = await call(token, 'transactionHistoryExportList', { accountId: usd.accountId, source: 'monthly', pageNumber: 2 });
    expect(second.exports.map((e: { dateFrom: string }) => e.dateFrom).at(-1)).toBe('2024-11-01');
    expect((await call(token, 'transactionHistoryExportList', { accountId: usd.accountId, source: 'monthly', pageNumber: 3 })).exports).toEqual([]);
    const cards = await tokenOf('cards@brand1.test');
    expect((await call(cards, 'transactionHistoryExportList', { accountId: payment(await accountsOf(cards), 'EUR').accountId, source: 'monthly' })).total).toBe(0);
    expect((await call(cards, 'transactionHistoryExportList', { accountId: usd.accountId, source: 'monthly' })).responseCode).toBe('ENOA');
  });

  it('a statement PDF of a month with its opening and closing balances; a transaction confirmation', async () => {
    const completed = history.filter((r) => r.account_id === usd.accountId && r.status === 'completed');
    const balanceAt = (day: string) => text(units(usd.balance) - sum(completed.filter((r) => r.created >= day)), 2);
    const reply = await generate(token, 'statement', { accountId: usd.accountId, dateFrom: '2026-02-01' });
    expect(reply.status).toBe(200);
    const { redirectLink } = await reply.json();
    const file = await getFile(token, redirectLink);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="statement-${usd.accountId}-2026-02.pdf"`);
    const content = pdfLines.raw(new Uint8Array(await file.arrayBuffer()));
    expect(content).toContain(`(Opening balance: ${balanceAt('2026-02-01')} USD)`);
    expect(content).toContain(`(Closing balance: ${balanceAt('2026-03-01')} USD)`);
    const inMonth = history.filter((r) => r.account_id === usd.accountId && r.created >= '2026-02-01' && r.created < '2026-03-01');
    expect(content.split(`(${inMonth[0]!.amount})`).length - 1).toBeGreaterThan(0);

    const row = history.find((r) => r.type === 'p2p')!;
    const confirmation = await generate(token, 'transactionConfirmation', { transactionId: row.id });
    const pdf = pdfLines.raw(new Uint8Array(await (await getFile(token, (await confirmation.json()).redirectLink)).arrayBuffer()));
    expect(pdf).toContain(`(Transaction ${row.id})`);
    expect(pdf).toContain(`(Amount: ${row.amount} ${row.currency})`);
    expect(pdf).toContain('(Page 1 of 1)');
  });

  it('an unknown document, another customer’s account or transaction, a bad month are 404 with a message; files are the owner’s', async () => {
    const unknown = await generate(token, 'invoice', {});
    expect([unknown.status, typeof (await unknown.json()).message]).toEqual([404, 'string']);
    const other = await tokenOf('history@brand2.test');
    expect((await generate(other, 'statement', { accountId: usd.accountId, dateFrom: '2026-02-01' })).status).toBe(404);
    expect((await generate(other, 'transactionConfirmation', { transactionId: history[0]!.id })).status).toBe(404);
    expect((await generate(token, 'statement', { accountId: usd.accountId, dateFrom: '2026-02-15' })).status).toBe(404);
    expect((await generate(token, 'statement', { accountId: usd.accountId, dateFrom: '2027-01-01' })).status).toBe(404);
    const mine = await (await generate(token, 'statement', { accountId: usd.accountId, dateFrom: '2026-01-01' })).json();
    expect((await getFile(other, mine.redirectLink)).status).toBe(404);
    expect((await getFile(token, mine.redirectLink)).status).toBe(200);
  });
});

describe('sandbox: payment instructions', () => {
  const validIban = (iban: string) => BigInt(`${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;

  it('one per open payment account in a bank currency, not viewed; USD has an account number and SWIFT, EUR and RON an IBAN', async () => {
    const { instructions } = await call(token, 'paymentInstructionList');
    expect(instructions.map((i: { accountId: number }) => i.accountId)).toEqual(accounts.filter((a) => a.type === 1001).map((a) => a.accountId));
    expect(instructions.every((i: { viewed: boolean; bankName: string }) => !i.viewed && i.bankName === 'First Demo Bank')).toBe(true);
    const byCurrency = Object.fromEntries(instructions.map((i: { currencyCode: string }) => [i.currencyCode, i]));
    expect(byCurrency.USD).toMatchObject({ bankAccountNumber: expect.stringMatching(/^\d{8,}$/), swift: 'FDBKUS33', beneficiaryName: 'Ana Demo 1' });
    expect(validIban(byCurrency.EUR.bankAccountNumber) && byCurrency.EUR.bankAccountNumber.startsWith('DE')).toBe(true);
    expect(validIban(byCurrency.RON.bankAccountNumber) && byCurrency.RON.bankAccountNumber.startsWith('RO')).toBe(true);
    expect((await call(token, 'paymentInstructionList', { accountId: eur.accountId })).instructions).toEqual([byCurrency.EUR]);
    // A rich customer: its closed account and its crypto account have none.
    const rich = await call(await tokenOf('personal@brand1.test'), 'paymentInstructionList');
    expect(rich.instructions.map((i: { currencyCode: string }) => i.currencyCode)).toEqual(['USD', 'EUR', 'RON']);
    expect((await call(await tokenOf('no-accounts@brand1.test'), 'paymentInstructionList')).instructions).toEqual([]);
  });

  it('marking one viewed needs its own account; another customer’s is refused', async () => {
    const other = await tokenOf('history@brand4.test');
    const { instructions } = await call(other, 'paymentInstructionList');
    const [first, second] = instructions;
    expect((await call(other, 'paymentInstructionViewed', { instructionId: first.id, accountId: second.accountId })).responseCode).toBe('VF');
    expect((await call(token, 'paymentInstructionViewed', { instructionId: first.id, accountId: first.accountId })).responseCode).toBe('VF');
    expect(await call(other, 'paymentInstructionViewed', { instructionId: first.id, accountId: first.accountId })).toEqual({ responseCode: '00' });
    const after = (await call(other, 'paymentInstructionList')).instructions;
    expect(after.map((i: { viewed: boolean }) => i.viewed)).toEqual([true, false, false]);
  });
});

describe('sandbox: reseeding one customer', () => {
  it('gives history@ its seeded transactions, batches, authorisations and instructions back, and forgets its exports and e-mails', async () => {
    const login = 'history@brand5.test';
    const who = await tokenOf(login);
    const before = rowsOf(login);
    const { instructions } = await call(who, 'paymentInstructionList');
    await call(who, 'paymentInstructionViewed', { instructionId: instructions[0].id, accountId: instructions[0].accountId });
    const { exportId } = await call(who, 'transactionHistoryExportStart', { type: 'csv' });
    clock += 3_000;
    expect((await call(who, 'transactionHistoryExportSend', { exportId, email: login })).responseCode).toBe('00');
    sb.db.prepare('DELETE FROM transactions WHERE customer_id = ? AND type = ?').run(customerId(login), 'card');

    expect((await post('/__sandbox/customer-money', { userLogin: login })).status).toBe(200);
    const after = rowsOf(login);
    expect(after).toHaveLength(600);
    const content = (rows: Row[]) => rows.map(({ id: _id, account_id: _account, ...rest }) => rest);
    expect(content(after)).toEqual(content(before));
    expect((await call(who, 'paymentInstructionList')).instructions.every((i: { viewed: boolean }) => !i.viewed)).toBe(true);
    expect((await call(who, 'batchTransferHistory', {})).total).toBe(45);
    const usd5 = payment(await accountsOf(who), 'USD');
    expect((await call(who, 'debitAuthorizationHistory', { accountId: usd5.accountId })).total).toBe(35);
    expect((await call(who, 'transactionHistoryExportStatus', { exportId })).responseCode).toBe('VF');
    expect((await (await fetch(`${sb.url}/__sandbox/outbox?login=${login}`)).json()).messages).toEqual([]);
  });
});
