// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { units } from '../../sandbox/kernel/money.ts';
import { massFileHeader } from '../../sandbox/handlers/mass-transfer.ts';
import { MASS_FILE_MAX_BYTES, MASS_FILE_MAX_ROWS } from '../../machines/transfers/external-rails.ts';
import { sandboxClient } from './client';

/**
 * Mass transfers by file in the sandbox (001 s5, s7): the multipart contract (a JSON `data` part
 * validated like a JSON body, the file part required, at most 5 MB, faults as for any request),
 * the refusals, every bad row by its file line and column, the summary's exact total and fee,
 * onlySummary moving nothing, the send (once per requestId, in the approval mode, a batch in the
 * history), the sample files of public/samples/ and their links. Replies are validated against
 * the contract by the sandbox itself.
 */
const NOW = Date.parse('2026-11-26T10:00:00Z');
let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);

/** The multipart request the app sends (src/shared/api/main-client.ts upload): a JSON `data` part and the file. */
const form = (parts: { data?: unknown; dataText?: string; file?: string | Blob; fileName?: string }) => {
  const body = new FormData();
  if (parts.dataText !== undefined) body.append('data', parts.dataText);
  else if (parts.data !== undefined) body.append('data', new Blob([JSON.stringify(parts.data)], { type: 'application/json' }));
  if (parts.file !== undefined) body.append('file', typeof parts.file === 'string' ? new Blob([parts.file], { type: 'text/csv' }) : parts.file, parts.fileName ?? 'payments.csv');
  return body;
};
const send = (token: string | null, body: FormData | string, method = 'massTransfer') =>
  fetch(`${sb.url}/main/?method=${method}`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body });
const upload = async (token: string, data: Record<string, unknown>, file: string): Promise<any> => {
  const res = await send(token, form({ data, file }));
  const json = await res.json();
  if (res.status !== 200) throw new Error(`massTransfer answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};

interface Account {
  accountId: number;
  type: number;
  accountStatusId: number;
  currencyCode: string;
  balance: string;
}
const accountsOf = async (token: string) => (await call(token, 'balanceInquiry')).accounts as Account[];
const payment = async (token: string, currency: string) => (await accountsOf(token)).find((a) => a.type === 1001 && a.currencyCode === currency && a.accountStatusId !== 11)!;
const customerIdOf = async (token: string) => (await call(token, 'customerInfo')).customer.customerId as number;
const count = (table: string, customerId: number) => (sb.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ?`).get(customerId) as { n: number }).n;
const paramOf = (reply: { validationErrors?: { param: string }[] }) => reply.validationErrors?.[0]?.param;
const textOf = (reply: { validationErrors?: { description: string }[] }) => reply.validationErrors?.[0]?.description;
const minus = (before: string, ...amounts: string[]) => amounts.reduce((sum, a) => sum - units(a), units(before));
const sample = (name: string) => readFileSync(new URL(`../../public/samples/${name}`, import.meta.url), 'utf8');
let counter = 0;
const requestId = (label: string) => `${label}-${String((counter += 1)).padStart(6, '0')}`;
const approvalsOf = async (login: string) =>
  ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string; batchId: number } }[] }).approvals;

const WIRE_HEADER = massFileHeader('wire').join(',');
/** A SEPA wire row of the sample's header (iban, no routing), amount as given. */
const deWire = (amount: string, name = 'Hans Müller') => `${name},"Unter den Linden 5, Berlin",DE,EUR,${amount},DE89370400440532013000,,,,,`;

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-mass-')), 'db.sqlite'), now: () => NOW });
});
afterAll(() => sb.close());

describe('sandbox: multipart requests', () => {
  it('validates the data part like a JSON body, requires the file, takes the dispatch method from the query only', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await payment(token, 'USD');
    const data = { onlySummary: true, accountId: usd.accountId, method: 'wire' };
    const broken = await send(token, form({ data: { ...data, method: 'sepa' }, file: `${WIRE_HEADER}\n${deWire('1.00')}` }));
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toMatch(/^Request breaks the contract: .*method/);
    const noAccount = await send(token, form({ data: { onlySummary: true, method: 'wire' }, file: 'x' }));
    expect(noAccount.status).toBe(400);
    expect((await noAccount.json()).message).toMatch(/accountId/);
    const notJson = await send(token, form({ dataText: '{onlySummary: true', file: 'x' }));
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe('Request breaks the contract: the data part is not JSON');
    const noFile = await send(token, form({ data }));
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).message).toBe('Request breaks the contract: the part "file" is required');
    const noData = await send(token, form({ file: 'x' }));
    expect(noData.status).toBe(400);
    expect((await noData.json()).message).toMatch(/"data" is required/);
    // A JSON body to a multipart operation is refused; the data part as a plain text field is read too.
    const json = await post('/main/?method=massTransfer', { ...data, method: 'massTransfer' }, { Authorization: `Bearer ${token}` });
    expect(json.status).toBe(400);
    expect((await json.json()).message).toBe('Request body must be multipart/form-data');
    const textPart = await send(token, form({ dataText: JSON.stringify(data), file: `${WIRE_HEADER}\n${deWire('1.00')}` }));
    expect(await textPart.json()).toMatchObject({ responseCode: '00', summary: { count: 1 } });
    // Signed out: 401 like any operation.
    expect((await send(null, form({ data, file: 'x' }))).status).toBe(401);
  });

  it('leaves JSON operations as they were', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    expect((await call(token, 'balanceInquiry')).responseCode).toBe('00');
    const mismatch = await post('/main/?method=balanceInquiry', { method: 'customerInfo' }, { Authorization: `Bearer ${token}` });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toMatch(/must equal the query's/);
    const notJson = await fetch(`${sb.url}/main/?method=balanceInquiry`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe('Request body is not JSON');
  });

  it('refuses a part larger than 5 MB with the VF the contract allows (it lists no 413)', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await payment(token, 'USD');
    const big = new Blob([`${WIRE_HEADER}\n`, 'x'.repeat(MASS_FILE_MAX_BYTES)], { type: 'text/csv' });
    const res = await send(token, form({ data: { onlySummary: true, accountId: usd.accountId, method: 'wire' }, file: big }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is larger than 5 MB' }] });
    // Exactly 5 MB is read (and refused for its content, not its size).
    const exact = new Blob([`${WIRE_HEADER}\n`.padEnd(MASS_FILE_MAX_BYTES, ' ')], { type: 'text/csv' });
    const ok = await send(token, form({ data: { onlySummary: true, accountId: usd.accountId, method: 'wire' }, file: exact }));
    expect(textOf(await ok.json())).toBe('The file has no payments: only the header line');
  });

  it('applies faults to multipart requests: an injected 500, and a reply lost after the money moved', async () => {
    const login = 'approve-none@brand4.test';
    const token = await tokenOf(login);
    const usd = await payment(token, 'USD');
    const data = { onlySummary: false, accountId: usd.accountId, method: 'wire', requestId: requestId('fault') };
    const file = `${WIRE_HEADER}\n${deWire('10.00')}`;
    await post('/__sandbox/faults', { match: 'main:massTransfer', kind: '500', times: 1 });
    expect((await send(token, form({ data, file }))).status).toBe(500);
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    await post('/__sandbox/faults', { match: 'main:massTransfer', kind: 'dropAfter', times: 1 });
    await expect(send(token, form({ data, file }))).rejects.toThrow();
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '10.00', '1.00'));
    // The retry with the same requestId gets the reply it lost; nothing moves again.
    const retry = await upload(token, data, file);
    expect(retry).toMatchObject({ responseCode: '00', approveType: 'none', status: 'pending', summary: { count: 1, total: '10.00', fee: '1.00' } });
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '10.00', '1.00'));
  });
});

describe('sandbox: massTransfer refusals', () => {
  it('refuses a kind without its mass-sending flag (13), per kind', async () => {
    const none = await tokenOf('no-transfers@brand1.test');
    const usd = await payment(none, 'USD');
    expect(await upload(none, { onlySummary: true, accountId: usd.accountId, method: 'wire' }, `${WIRE_HEADER}\n${deWire('1.00')}`)).toEqual({
      responseCode: '13',
      responseDescription: 'Wire transfers by file are not allowed for this profile',
    });
    // Only the wire flag off: wire refused, crypto offered.
    const login = 'external@brand2.test';
    const token = await tokenOf(login);
    const id = await customerIdOf(token);
    const profile = JSON.parse((sb.db.prepare('SELECT profile FROM customers WHERE id = ?').get(id) as { profile: string }).profile);
    profile.permissionFlags = { ...profile.permissionFlags, massSending: { ...profile.permissionFlags.massSending, wire: false, creditCard: false } };
    sb.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(profile), id);
    const own = await payment(token, 'USD');
    expect((await upload(token, { onlySummary: true, accountId: own.accountId, method: 'wire' }, `${WIRE_HEADER}\n${deWire('1.00')}`)).responseCode).toBe('13');
    expect((await upload(token, { onlySummary: true, accountId: own.accountId, method: 'oct' }, sample('mass-oct.csv'))).responseDescription).toBe('Card payouts by file are not allowed for this profile');
    expect((await upload(token, { onlySummary: true, accountId: own.accountId, method: 'crypto' }, sample('mass-crypto.csv'))).responseCode).toBe('00');
  });

  it('refuses another customer’s account (ENOA), a closed one (CA), a card (VF accountId), a blocked address (13)', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const other = await payment(await tokenOf('personal@brand1.test'), 'USD');
    const accounts = await accountsOf(token);
    const closed = accounts.find((a) => a.accountStatusId === 11)!;
    const card = accounts.find((a) => a.type >= 2006 && a.type <= 2135)!;
    const file = `${WIRE_HEADER}\n${deWire('1.00')}`;
    const summary = (accountId: number) => upload(token, { onlySummary: true, accountId, method: 'wire' }, file);
    expect((await summary(other.accountId)).responseCode).toBe('ENOA');
    expect((await summary(closed.accountId)).responseCode).toBe('CA');
    expect(paramOf(await summary(card.accountId))).toBe('accountId');
    const expired = await tokenOf('address-expired@brand1.test');
    expect(await upload(expired, { onlySummary: true, accountId: (await payment(expired, 'USD')).accountId, method: 'wire' }, file)).toMatchObject({ responseCode: '13', responseDescription: expect.stringMatching(/address/) });
  });

  it('refuses an empty file, missing columns (named), no payments, too many payments, an unreadable file, a send without requestId', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await payment(token, 'USD');
    const summary = (method: string, file: string) => upload(token, { onlySummary: true, accountId: usd.accountId, method }, file);
    expect(await summary('wire', '')).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is empty' }] });
    expect(textOf(await summary('wire', '\n \n'))).toBe('The file is empty');
    expect(await summary('wire', 'beneficiaryName,countryCode,amount\nA B,DE,1.00')).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'file', description: 'The file has no column beneficiaryAddress, currencyCode: the first line must name the columns' }],
    });
    expect(textOf(await summary('crypto', WIRE_HEADER))).toBe('The file has no column toCurrencyCode, walletAddress: the first line must name the columns');
    expect(textOf(await summary('wire', `${WIRE_HEADER}\n\n`))).toBe('The file has no payments: only the header line');
    const many = [WIRE_HEADER, ...Array.from({ length: MASS_FILE_MAX_ROWS + 1 }, () => deWire('1.00'))].join('\n');
    expect(await summary('wire', many)).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: `The file has ${MASS_FILE_MAX_ROWS + 1} payments: at most ${MASS_FILE_MAX_ROWS} at once` }] });
    expect(paramOf(await summary('wire', `${WIRE_HEADER}\nHans,"Berlin,DE,EUR,1.00\n`))).toBe('file');
    // A send without requestId breaks the contract (it could be carried out twice): 400, nothing moves.
    await expect(upload(token, { onlySummary: false, accountId: usd.accountId, method: 'wire' }, `${WIRE_HEADER}\n${deWire('1.00')}`)).rejects.toThrow(/answered 400: .*requestId/);
  });
});

describe('sandbox: massTransfer rows and summary', () => {
  it('reports every bad row of a wire file by its line (empty and multi-line values counted) and column', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await payment(token, 'USD');
    const file = [
      WIRE_HEADER, // 1
      deWire('100.00'), // 2: valid
      'Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,5.00,DE89370400440532013001,,,,,', // 3: IBAN check digits
      '', // 4
      'Penguin Ltd,"1 Ice Road, McMurdo",AQ,USD,5.00,,ABCDAQ22,12345678,,,', // 5: wire not offered to AQ
      'Hans Müller,"Unter den Linden 5, Berlin",DE,GBP,5.00,DE89370400440532013000,,,,,', // 6: DE takes EUR, USD
      'Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,10.125,DE89370400440532013000,,,,,', // 7: 3 decimals in USD
      'Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,5.00', // 8: 5 values, the header has 11
      ',"Unter den Linden 5, Berlin",DE,EUR,0,DE89370400440532013000,BAD,,,,', // 9: name, amount, SWIFT
      'Northwind Traders Inc.,"350 Fifth Avenue', // 10: a value over two lines …
      'New York, NY 10118",US,USD,250.50,,,123456789,021000021,,PO 7781', // 11: … valid
      'Northwind Traders Inc.,"350 Fifth Avenue, New York",US,USD,5.00,,,123456789,,,', // 12: no routing number
      ' ', // 13
      'Crypto Person,"Somewhere 1, Lisbon",PT,E,5.00,PT50000201231234567890154,,,,,', // 14: currency shape
      'Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,5.00,DE89370400440532013000,ROYCCAT2,,,,', // 15: a Canadian bank's SWIFT
      'Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,5.00,DE89370400440532013000,DEUTDEFFXXX,,,,', // 16: another German bank's
      'Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,5.00,DE89370400440532013000,COBADEFFXXX,,,,', // 17: the IBAN's bank: valid
    ].join('\r\n');
    const reply = await upload(token, { onlySummary: true, accountId: usd.accountId, method: 'wire' }, file);
    expect(reply.responseCode).toBe('00');
    expect(reply.summary.errors.map((e: { line: number; column: string; problem: string }) => [e.line, e.column, e.problem])).toEqual([
      [3, 'iban', 'format'],
      [5, 'countryCode', 'country'],
      [6, 'currencyCode', 'currency'],
      [7, 'amount', 'amount'],
      [8, '', 'format'],
      [9, 'beneficiaryName', 'required'],
      [9, 'amount', 'amount'],
      [9, 'swiftCode', 'format'],
      [12, 'routingNumber', 'required'],
      [14, 'currencyCode', 'currency'],
      [15, 'swiftCode', 'mismatch'],
      [16, 'swiftCode', 'mismatch'],
    ]);
    const messages = reply.summary.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual([
      'Line 3: the IBAN is not valid',
      'Line 5: wire transfers do not go to AQ',
      'Line 6: to DE this arrives in EUR, USD only',
      'Line 7: the amount can have at most 2 decimals in USD',
      'Line 8: it has 5 values, the header has 11',
      'Line 9: the beneficiary name is missing',
      'Line 9: the amount must be a number above zero with at most 8 decimals',
      'Line 9: the SWIFT code is not valid',
      'Line 12: the routing number is missing',
      'Line 14: the currency must be a currency code',
      'Line 15: the SWIFT code is of a bank in another country than the IBAN',
      "Line 16: the SWIFT code is not of the IBAN's bank (COBADEFFXXX)",
    ]);
    // The valid rows (2, 10–11 and 17) are summed: SEPA 1.00 twice and ACH 2.00 fees, in the account's USD.
    expect(reply.summary).toMatchObject({ count: 3, total: '355.50', fee: '4.00', currencyCode: 'USD' });
  });

  it('checks EFT banks and branches, card bins, crypto currencies and wallets', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await payment(token, 'USD');
    const errorsOf = async (method: string, file: string) =>
      (await upload(token, { onlySummary: true, accountId: usd.accountId, method }, file)).summary.errors.map((e: { line: number; column: string; problem: string }) => [e.line, e.column, e.problem]);
    const eft = [
      massFileHeader('eft').join(','),
      'Maple Leaf Supplies,CA,CAD,5.00,999,1234567,,', // unknown bank
      'Maria Silva,BR,BRL,5.00,001,12345678,9999,', // not a branch of Banco do Brasil
      'Sato Kenji,JP,JPY,5.00,0001,1234567,,', // JP needs the branch
      'Hans Müller,DE,EUR,5.00,001,1234567,,', // no EFT to DE
      'Chan Tai Man,HK,HKD,5.00,004,12AB,088,', // EFT account numbers are digits
    ].join('\n');
    expect(await errorsOf('eft', eft)).toEqual([
      [2, 'bankCode', 'unknown'],
      [3, 'branchCode', 'unknown'],
      [4, 'branchCode', 'required'],
      [5, 'countryCode', 'country'],
      [6, 'accountNumber', 'format'],
    ]);
    const oct = [
      massFileHeader('oct').join(','),
      'Ann Lee,4000056655665556,US,USD,5.00,', // bin 400005 is blacklisted
      'Ann Lee,5200828282828210,GB,GBP,5.00,', // bin 520082 is blacklisted
      'Ann Lee,4242424242424241,US,USD,5.00,', // Luhn
      'Ann Lee,4242424242424242,US,EUR,5.00,', // a payout to US is in USD
      'Ann Lee,4242424242424242,JP,JPY,5.00,', // no payouts to JP
    ].join('\n');
    expect(await errorsOf('oct', oct)).toEqual([
      [2, 'cardNumber', 'unknown'],
      [3, 'cardNumber', 'unknown'],
      [4, 'cardNumber', 'format'],
      [5, 'currencyCode', 'currency'],
      [6, 'countryCode', 'country'],
    ]);
    const crypto = [
      massFileHeader('crypto').join(','),
      'DOGE,DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L,5.00,',
      'BTC,0x742d35Cc6634C0532925a3b844Bc454e4438f44e,5.00,',
      'ETH,0x742d35Cc6634C0532925a3b844Bc454e4438f44e,0.001,',
      'usdt,0x742d35Cc6634C0532925a3b844Bc454e4438f44e,5.00,', // the currency in any case
    ].join('\n');
    expect(await errorsOf('crypto', crypto)).toEqual([
      [2, 'toCurrencyCode', 'currency'],
      [3, 'walletAddress', 'format'],
      [4, 'amount', 'amount'],
    ]);
  });

  it('sums exactly in the source account’s currency, with each row’s single-transfer fee', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await payment(token, 'USD');
    const usdt = await payment(token, 'USDT');
    const summary = async (accountId: number, method: string, file: string) => (await upload(token, { onlySummary: true, accountId, method }, file)).summary;
    // Card payouts: 1 % rounded up to the cent, at least 1.00 (0.10 + 0.20 + 0.30 never become 0.60000000001).
    const oct = [massFileHeader('oct').join(','), 'Ann Lee,4242424242424242,US,USD,100.01,', 'Ann Lee,4242424242424242,US,USD,0.10,', 'Ann Lee,4242424242424242,US,USD,0.20,', 'Ann Lee,4242424242424242,US,USD,0.30,'].join('\n');
    expect(await summary(usd.accountId, 'oct', oct)).toEqual({ count: 4, total: '100.61', fee: '4.01', currencyCode: 'USD', errors: [] });
    // A USDT account: its 8 decimals, crypto fees by the currency sent.
    expect(await summary(usdt.accountId, 'crypto', sample('mass-crypto.csv'))).toEqual({ count: 4, total: '567.00000000', fee: '6.00000000', currencyCode: 'USDT', errors: [] });
    const wire = await summary(usd.accountId, 'wire', sample('mass-wire.csv'));
    expect(wire).toEqual({ count: 5, total: '4595.74', fee: '6.50', currencyCode: 'USD', errors: [] });
  });

  it('onlySummary moves nothing', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const before = [count('transactions', id), count('batches', id), count('idempotent_replies', id)];
    const reply = await upload(token, { onlySummary: true, accountId: usd.accountId, method: 'wire', requestId: requestId('summary') }, sample('mass-wire.csv'));
    expect(reply).toEqual({ responseCode: '00', approveType: 'none', summary: { count: 5, total: '4595.74', fee: '6.50', currencyCode: 'USD', errors: [] } });
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    expect([count('transactions', id), count('batches', id), count('idempotent_replies', id)]).toEqual(before);
  });
});

describe('sandbox: massTransfer send', () => {
  it('sends once per requestId: one debit per payment and one fee row, a batch in the history', async () => {
    const token = await tokenOf('approve-none@brand2.test');
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const batchesBefore = (await call(token, 'batchTransferHistory', {})).total as number;
    const data = { onlySummary: false, accountId: usd.accountId, method: 'wire', batchName: 'November suppliers', requestId: requestId('send') };
    const first = await upload(token, data, sample('mass-wire.csv'));
    expect(first).toEqual({
      responseCode: '00',
      approveType: 'none',
      status: 'pending',
      batchId: expect.any(Number),
      transactionId: expect.any(Number),
      summary: { count: 5, total: '4595.74', fee: '6.50', currencyCode: 'USD', errors: [] },
    });
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '4595.74', '6.50'));
    const rows = sb.db.prepare('SELECT type, amount, currency, status, counterparty, permission FROM transactions WHERE customer_id = ? AND id >= ? ORDER BY id').all(id, first.transactionId);
    expect(rows).toEqual([
      { type: 'wire', amount: '-1250.00', currency: 'USD', status: 'processing', counterparty: 'Hans Müller', permission: '3d' },
      { type: 'wire', amount: '-830.50', currency: 'USD', status: 'processing', counterparty: 'Atelier Lumière SARL', permission: '3d' },
      { type: 'wire', amount: '-99.99', currency: 'USD', status: 'processing', counterparty: 'Lucía García', permission: '3d' },
      { type: 'wire', amount: '-2000.00', currency: 'USD', status: 'processing', counterparty: 'Northwind Traders Inc.', permission: '3d' },
      { type: 'wire', amount: '-415.25', currency: 'USD', status: 'processing', counterparty: 'Thames Design Ltd', permission: '3d' },
      { type: 'fee', amount: '-6.50', currency: 'USD', status: 'completed', counterparty: null, permission: null },
    ]);
    // A repeat answers the first reply and moves nothing again; the same id with another file is refused (issue 46).
    expect(await upload(token, data, sample('mass-wire.csv'))).toEqual(first);
    await expect(upload(token, { ...data, method: 'oct' }, sample('mass-oct.csv'))).rejects.toThrow(/answered 422: .*already used for a request with other details/);
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '4595.74', '6.50'));
    // The batch in the history's batch transfers.
    const history = await call(token, 'batchTransferHistory', {});
    expect(history.total).toBe(batchesBefore + 1);
    expect(history.batches[0]).toEqual({ batchId: first.batchId, batchName: 'November suppliers', type: 'wire', created: '2026-11-26T10:00:00.000Z', status: 'processing', paymentsCount: 5, totalAmount: '4595.74', currencyCode: 'USD' });
    // Each payment keeps its country and beneficiary (recent transfers fill the form again).
    expect((await call(token, 'recentTransferDetails', { transactionId: first.transactionId })).details).toMatchObject({ type: 'wire', amount: '1250.00', currencyCode: 'EUR', countryCode: 'DE', beneficiary: { iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX' } });
  });

  it('names a batch by kind and date when it has no name; card payouts and crypto complete at once', async () => {
    const token = await tokenOf('approve-none@brand3.test');
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const oct = await upload(token, { onlySummary: false, accountId: usd.accountId, method: 'oct', requestId: requestId('oct') }, sample('mass-oct.csv'));
    expect(oct).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed' });
    const crypto = await upload(token, { onlySummary: false, accountId: usd.accountId, method: 'crypto', batchName: '  ', requestId: requestId('crypto') }, sample('mass-crypto.csv'));
    expect(crypto).toMatchObject({ responseCode: '00', status: 'completed' });
    const { batches } = await call(token, 'batchTransferHistory', { types: ['oct', 'crypto'] });
    expect(batches.slice(0, 2).map((b: { batchName: string; type: string; status: string }) => [b.batchName, b.type, b.status])).toEqual([
      ['Crypto batch 26 Nov', 'crypto', 'completed'],
      ['Card payout batch 26 Nov', 'oct', 'completed'],
    ]);
    const cryptoRows = sb.db.prepare("SELECT counterparty, status FROM transactions WHERE customer_id = ? AND type = 'crypto_eft' AND id >= ? ORDER BY id").all(id, crypto.transactionId);
    expect(cryptoRows[0]).toEqual({ counterparty: 'BTC wallet •••• 5mdq', status: 'completed' });
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '445.50', '5.20', '567.00', '6.00'));
    // EFT: pending at the bank.
    const eft = await upload(token, { onlySummary: false, accountId: usd.accountId, method: 'eft', requestId: requestId('eft') }, sample('mass-eft.csv'));
    expect(eft).toMatchObject({ responseCode: '00', status: 'pending', summary: { count: 5, total: '1325.40', fee: '3.75' } });
  });

  it('refuses a send with bad rows (with the summary) or without the money; nothing moves', async () => {
    const token = await tokenOf('approve-none@brand5.test');
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const before = [count('transactions', id), count('batches', id)];
    const file = [WIRE_HEADER, deWire('10.00'), deWire('-1'), '', deWire('abc')].join('\n');
    const reply = await upload(token, { onlySummary: false, accountId: usd.accountId, method: 'wire', requestId: requestId('bad') }, file);
    expect(reply).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'file', description: '2 lines of the file cannot be sent: fix them first' }],
      summary: {
        count: 1,
        total: '10.00',
        fee: '1.00',
        currencyCode: 'USD',
        errors: [
          { line: 3, column: 'amount', problem: 'amount', message: 'Line 3: the amount must be a number above zero with at most 8 decimals' },
          { line: 5, column: 'amount', problem: 'amount', message: 'Line 5: the amount must be a number above zero with at most 8 decimals' },
        ],
      },
    });
    const poor = await upload(token, { onlySummary: false, accountId: usd.accountId, method: 'wire', requestId: requestId('poor') }, `${WIRE_HEADER}\n${deWire('12500.00')}`);
    expect(poor).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'amount', description: 'Not enough money on this account for 12500.00 and the fees of 1.00 USD' }] });
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    expect([count('transactions', id), count('batches', id)]).toEqual(before);
  });

  it('in an approval mode nothing moves until the code is confirmed; a rejected batch moves nothing', async () => {
    const login = 'approve-sms@brand1.test';
    const token = await tokenOf(login);
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const data = { onlySummary: false, accountId: usd.accountId, method: 'oct', batchName: 'Refunds', requestId: requestId('held') };
    const reply = await upload(token, data, sample('mass-oct.csv'));
    expect(reply).toEqual({
      responseCode: '00',
      operationId: expect.any(String),
      approveType: 'sms',
      approvalSentTo: expect.any(String),
      availableApprovalMethods: ['sms', 'otp', 'approvalCode'],
      transactionId: expect.any(Number),
      batchId: expect.any(Number),
      summary: { count: 4, total: '445.50', fee: '5.20', currencyCode: 'USD', errors: [] },
    });
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    const batchOf = async (batchId: number) => (await call(token, 'batchTransferHistory', { pageSize: 100 })).batches.find((b: { batchId: number }) => b.batchId === batchId);
    expect(await batchOf(reply.batchId)).toMatchObject({ batchName: 'Refunds', status: 'processing', paymentsCount: 4, totalAmount: '445.50' });
    expect(sb.db.prepare('SELECT amount, status FROM transactions WHERE id = ?').get(reply.transactionId)).toEqual({ amount: '-445.50', status: 'processing' });
    const mine = (await approvalsOf(login)).find((a) => a.operationId === reply.operationId)!;
    expect(mine.work).toMatchObject({ kind: 'massTransfer', batchId: reply.batchId });
    expect(await call(token, 'approvePayment', { operationId: reply.operationId, approvalCode: mine.code })).toEqual({ responseCode: '00', status: 'completed', transactionId: reply.transactionId });
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '445.50', '5.20'));
    expect(await batchOf(reply.batchId)).toMatchObject({ status: 'completed' });
    const rows = sb.db.prepare('SELECT type, amount, status, counterparty FROM transactions WHERE customer_id = ? AND id >= ? ORDER BY id').all(id, reply.transactionId);
    expect(rows).toEqual([
      { type: 'oct', amount: '-120.00', status: 'completed', counterparty: 'John Smith' },
      { type: 'oct', amount: '-80.00', status: 'completed', counterparty: 'Emma Brown' },
      { type: 'oct', amount: '-45.50', status: 'completed', counterparty: 'Hans Müller' },
      { type: 'oct', amount: '-200.00', status: 'completed', counterparty: 'Jean Dupont' },
      { type: 'fee', amount: '-5.20', status: 'completed', counterparty: null },
    ]);
    // The same requestId again: the first reply, nothing held or moved again.
    expect(await upload(token, data, sample('mass-oct.csv'))).toEqual(reply);
    expect(units((await payment(token, 'USD')).balance)).toBe(minus(usd.balance, '445.50', '5.20'));

    const after = (await payment(token, 'USD')).balance;
    const second = await upload(token, { onlySummary: false, accountId: usd.accountId, method: 'wire', requestId: requestId('held') }, sample('mass-wire.csv'));
    for (let i = 0; i < 3; i += 1) expect((await call(token, 'approvePayment', { operationId: second.operationId, approvalCode: '000000' })).responseCode).toBe('13');
    expect(sb.db.prepare('SELECT status FROM transactions WHERE id = ?').get(second.transactionId)).toEqual({ status: 'rejected' });
    expect(await batchOf(second.batchId)).toMatchObject({ status: 'rejected' });
    expect((await payment(token, 'USD')).balance).toBe(after);
  });

  it('/__sandbox/customer-money forgets the batches, payments and kept replies', async () => {
    const login = 'approve-none@brand6.test';
    const token = await tokenOf(login);
    const id = await customerIdOf(token);
    const tables = ['batches', 'external_transfers', 'idempotent_replies', 'transactions'];
    const seeded = tables.map((t) => count(t, id));
    const usd = await payment(token, 'USD');
    const data = { onlySummary: false, accountId: usd.accountId, method: 'wire', requestId: 'mass-reset-000001' };
    await upload(token, data, sample('mass-wire.csv'));
    expect(tables.map((t) => count(t, id))).toEqual([seeded[0]! + 1, seeded[1]! + 5, seeded[2]! + 1, seeded[3]! + 6]);
    expect((await post('/__sandbox/customer-money', { userLogin: login })).status).toBe(200);
    expect(tables.map((t) => count(t, id))).toEqual(seeded);
    // The requestId is free again.
    const again = await upload(token, { ...data, accountId: (await payment(token, 'USD')).accountId }, sample('mass-wire.csv'));
    expect(again).toMatchObject({ responseCode: '00', status: 'pending' });
  });
});

describe('sandbox: sample files', () => {
  it.each([
    ['wire', 'mass-wire.csv', 5],
    ['eft', 'mass-eft.csv', 5],
    ['oct', 'mass-oct.csv', 4],
    ['crypto', 'mass-crypto.csv', 4],
  ] as const)('%s: %s names every column and summarises with no error', async (method, name, rows) => {
    const token = await tokenOf('approve-none@brand1.test');
    const text = sample(name);
    expect(text.split('\n')[0]).toBe(massFileHeader(method).join(','));
    for (const currency of ['USD', 'EUR']) {
      const reply = await upload(token, { onlySummary: true, accountId: (await payment(token, currency)).accountId, method }, text);
      expect(reply).toMatchObject({ responseCode: '00', summary: { count: rows, errors: [], currencyCode: currency } });
    }
  });

  it('mass-p2p.csv: p2pMassTransfer summarises it with no error', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const reply = await call(token, 'p2pMassTransfer', { onlySummary: true, accountId: (await payment(token, 'USD')).accountId, textContent: sample('mass-p2p.csv') });
    expect(reply).toMatchObject({ responseCode: '00', summary: { count: 3, total: '155.50', errors: [] } });
  });

  it('massSampleLinkList: paths on the app’s origin, for the asked types', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const all = await call(token, 'massSampleLinkList', { types: ['wire', 'p2p', 'eft', 'creditCard', 'globalPay', 'cryptoEft'] });
    expect(all).toEqual({
      responseCode: '00',
      links: [
        { type: 'wire', url: '/samples/mass-wire.csv' },
        { type: 'p2p', url: '/samples/mass-p2p.csv' },
        { type: 'eft', url: '/samples/mass-eft.csv' },
        { type: 'creditCard', url: '/samples/mass-oct.csv' },
        { type: 'globalPay', url: '/samples/global-pay.csv' },
        { type: 'cryptoEft', url: '/samples/mass-crypto.csv' },
      ],
    });
    for (const { url } of all.links as { url: string }[]) expect(existsSync(new URL(`../../public${url}`, import.meta.url))).toBe(true);
    expect((await call(token, 'massSampleLinkList', { types: ['eft', 'eft'] })).links).toEqual([{ type: 'eft', url: '/samples/mass-eft.csv' }]);
    expect((await call(token, 'massSampleLinkList', { types: ['globalPay'] })).links).toEqual([{ type: 'globalPay', url: '/samples/global-pay.csv' }]);
  });
});
