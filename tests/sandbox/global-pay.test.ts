// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { seededLinkId } from '../../sandbox/seed-global-pay.ts';
import { GLOBAL_PAY_COLUMNS, GLOBAL_PAY_COUNTRIES, RECEIVE_METHOD_FIELDS, paymentFee } from '../../machines/batches/global-pay-rules.ts';
import { sandboxClient } from './client';

/**
 * Global pay batches in the sandbox (001 s3, s4, s7; sandbox/handlers/global-pay.ts): the upload
 * (every row error by its line and column, duplicates, an identical batch answered 92, once per
 * requestId), the draft's edits, the fee side and the methods, reject, the submit in each approval
 * mode (none, a code, an initiate-only user's request) moving the money once, the clock (moved on
 * with /__sandbox/global-pay/advance) settling each payment by its rule, the recipient's public
 * calls on the receive links, the resend of a failed payment. Replies are validated against the
 * contract by the sandbox itself (a reply that broke it answers 500, which `call` throws on).
 */
let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);

const HEADER = [...GLOBAL_PAY_COLUMNS.required, ...GLOBAL_PAY_COLUMNS.optional].join(',');
/** The sample a customer downloads: five right payments, then three lines wrong on purpose (README: a newcomer sees the problems and fixes them in place). */
const SAMPLE_FILE = readFileSync(new URL('../../public/samples/global-pay.csv', import.meta.url), 'utf8');
/** Its header and five right payments: the clean file most tests upload. */
const SAMPLE = SAMPLE_FILE.split('\n').slice(0, 6).join('\n');
let counter = 0;
const requestId = (label: string) => `${label}-${String((counter += 1)).padStart(6, '0')}`;

/** The upload as the app sends it: a JSON `data` part (with a new requestId unless the test gives one) and the CSV. */
async function upload(token: string, data: Record<string, unknown>, file: string): Promise<any> {
  const body = new FormData();
  body.append('data', new Blob([JSON.stringify({ requestId: requestId('upload'), ...data })], { type: 'application/json' }));
  body.append('file', new Blob([file], { type: 'text/csv' }), 'batch.csv');
  const res = await fetch(`${sb.url}/main/?method=globalPayUploadBatch`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`globalPayUploadBatch answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
/** A recipient's call: no token. */
async function open(method: string, body: Record<string, unknown>): Promise<any> {
  const res = await post(`/main/?method=${method}`, { method, ...body });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
const advance = async (batchId: number, seconds: number) => expect((await post(`/__sandbox/global-pay/advance?batchId=${batchId}&seconds=${seconds}`, {})).status).toBe(200);
const linksOf = async (query: string) => ((await (await fetch(`${sb.url}/__sandbox/receive-links?${query}`)).json()) as { links: { paymentId: number; id: string; url: string; status: string }[] }).links;
const approvalsOf = async (login: string) =>
  ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string; batchId: number } }[] }).approvals;

interface Account {
  accountId: number;
  type: number;
  accountStatusId: number;
  currencyCode: string;
  balance: string;
}
const accountsOf = async (token: string, body: Record<string, unknown> = {}) => (await call(token, 'balanceInquiry', body)).accounts as Account[];
const payment = async (token: string, currency: string, body: Record<string, unknown> = {}) =>
  (await accountsOf(token, body)).find((a) => a.type === 1001 && a.currencyCode === currency && a.accountStatusId !== 11)!;
const batchOf = async (token: string, batchId: number, body: Record<string, unknown> = {}) => (await call(token, 'globalPayGetBatch', { batchId, ...body })).batch;
const countBatches = (customerId: number) => (sb.db.prepare('SELECT COUNT(*) AS n FROM global_pay_batches WHERE customer_id = ?').get(customerId) as { n: number }).n;
const customerIdOf = async (token: string) => (await call(token, 'customerInfo')).customer.customerId as number;
const historyRow = (batchId: number) => sb.db.prepare('SELECT type, status, payments_count AS count, total_amount AS total, currency FROM batches WHERE id = ?').get(batchId);
const minus = (a: string, ...b: string[]) => b.reduce((x, y) => x.minus(y), Big(a)).toFixed(2);
const byEmail = (payments: { beneficiaryEmail: string }[], email: string) => payments.find((p) => p.beneficiaryEmail === email)! as any;

/** A row of the file, in the header's order. */
const line = (amount: string, currency: string, name: string, email: string, country: string, extra: { type?: string; description?: string; feeShare?: string; methods?: string } = {}) =>
  [amount, currency, extra.type ?? 'individual', name, email, country, extra.description ?? '', extra.feeShare ?? '', extra.methods ?? ''].join(',');

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-global-pay-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: global pay upload', () => {
  it('the downloadable sample has three lines wrong on purpose, each with its own amount or e-mail problem; nothing is created from it', async () => {
    const token = await tokenOf('globalpay@brand3.test');
    const usd = await payment(token, 'USD');
    const reply = await upload(token, { accountId: usd.accountId, batchName: 'Sample as downloaded' }, SAMPLE_FILE);
    expect(reply.responseCode).toBe('VF');
    expect(reply.rowErrors.map((e: { line: number; column: string; problem: string }) => [e.line, e.column, e.problem])).toEqual([
      [7, 'amount', 'amountNegative'],
      [8, 'amount', 'amountNotNumber'],
      [9, 'beneficiaryEmail', 'email'],
    ]);
  });

  it('creates a draft from the sample file: every payment with its fee, the methods it allows, listed in the history as a draft', async () => {
    const token = await tokenOf('globalpay@brand2.test');
    const usd = await payment(token, 'USD');
    const reply = await upload(token, { accountId: usd.accountId, batchName: 'Sample batch' }, SAMPLE);
    expect(reply).toEqual({ responseCode: '00', result: 'created', date: expect.any(String), batchId: expect.any(Number) });
    const batch = await batchOf(token, reply.batchId);
    expect(batch).toMatchObject({ batchId: reply.batchId, batchName: 'Sample batch', accountId: usd.accountId, currencyCode: 'USD', status: 'draft', created: reply.date });
    expect(batch.submitted).toBeUndefined();
    expect(batch.payments.map((p: any) => [p.amount, p.currency, p.fee, p.feeShare, p.beneficiaryCountryCode, p.status])).toEqual([
      ['1200.00', 'USD', '12.00', 'sender', 'US', 'draft'],
      ['850.50', 'EUR', '8.51', 'recipient', 'DE', 'draft'],
      ['3200.00', 'BRL', '25.00', 'sender', 'BR', 'draft'],
      ['640.00', 'GBP', '6.40', 'sender', 'GB', 'draft'],
      ['2100.00', 'RON', '21.00', 'sender', 'RO', 'draft'],
    ]);
    for (const p of batch.payments) expect(p.fee).toBe(paymentFee(p.amount));
    expect(batch.payments[2]).toMatchObject({
      beneficiaryName: 'Estúdio Sol Ltda',
      beneficiaryType: 'business',
      description: 'Invoice 2026-031',
      paymentMethods: [
        { name: 'bankTransfer', forbidden: false },
        { name: 'card', forbidden: true },
        { name: 'instantPayment', forbidden: true },
        { name: 'wallet', forbidden: false },
      ],
    });
    expect(batch.payments[0].paymentMethods.every((m: { forbidden: boolean }) => !m.forbidden)).toBe(true);
    // Payment ids are unique and ordered; the history lists the draft (it opens there to go on editing).
    expect(new Set(batch.payments.map((p: { id: number }) => p.id)).size).toBe(5);
    expect(historyRow(reply.batchId)).toEqual({ type: 'globalPay', status: 'draft', count: 5, total: '3993.08', currency: 'USD' });
    const history = await call(token, 'batchTransferHistory', { types: ['globalPay'] });
    expect(history.batches.find((b: { batchId: number }) => b.batchId === reply.batchId)).toMatchObject({ status: 'draft', paymentsCount: 5 });
    // Without a name: named by date.
    const unnamed = await upload(token, { accountId: usd.accountId, ignoreIdenticalBatch: true }, SAMPLE);
    expect((await batchOf(token, unnamed.batchId)).batchName).toMatch(/^Global pay \d{1,2} [A-Z][a-z]{2}$/);
  });

  it('answers VF with every row error by its file line and column; duplicates are flagged on the later row', async () => {
    const token = await tokenOf('globalpay@brand2.test');
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const before = countBatches(id);
    const file = [
      HEADER,
      line('10.00', 'USD', 'A One', 'a.one@example.com', 'US'),
      line('abc', 'USD', 'B Two', 'b.two@example.com', 'US'),
      '',
      line('0.50', 'XYZ', 'C Three', 'not-an-email', 'ZZ', { type: 'company', feeShare: 'both' }),
      line('10', 'usd', '"Multi\nLine"', 'A.One@example.com', 'US'),
      line('1.00', 'EUR', 'D Four', 'd.four@example.com', 'DE', { feeShare: 'recipient' }),
      line('20.00', 'GBP', '', 'e.five@example.com', 'GB', { methods: 'card;crypto' }),
      line('30.00', 'EUR', 'F Six', 'f.six@example.com', 'DE', { description: 'x'.repeat(141) }),
    ].join('\r\n');
    const reply = await upload(token, { accountId: usd.accountId, requestId: requestId('bad') }, file);
    expect(reply).toEqual({
      responseCode: 'VF',
      responseDescription: 'The file has errors',
      rowErrors: [
        { line: 3, column: 'amount', problem: 'amountNotNumber', message: 'Line 3: the amount must be a number, like 120.50' },
        { line: 5, column: 'amount', problem: 'amountRange', message: 'Line 5: the amount must be between 1.00 and 50000.00' },
        { line: 5, column: 'currency', problem: 'currency', message: 'Line 5: the currency must be one of USD, EUR, GBP, CAD, AUD, BRL, MXN, INR, PLN, RON, CHF' },
        { line: 5, column: 'beneficiaryType', problem: 'beneficiaryType', message: 'Line 5: the beneficiary type must be individual or business' },
        { line: 5, column: 'beneficiaryEmail', problem: 'email', message: 'Line 5: the beneficiary e-mail is not a valid e-mail address' },
        { line: 5, column: 'beneficiaryCountryCode', problem: 'country', message: 'Line 5: payments cannot be sent to this country' },
        { line: 5, column: 'feeShare', problem: 'feeShare', message: 'Line 5: the fee side must be sender or recipient' },
        // The same e-mail (any case), amount (10 = 10.00) and currency as line 2; the name spans lines 6 and 7.
        { line: 6, column: 'beneficiaryEmail', problem: 'duplicate', message: 'Line 6: the same payment (e-mail, amount and currency) is already on line 2' },
        { line: 8, column: 'amount', problem: 'feeAboveAmount', message: 'Line 8: the fee (1.00) is not less than the amount, so the recipient cannot pay it' },
        { line: 9, column: 'beneficiaryName', problem: 'required', message: 'Line 9: the beneficiary name is missing' },
        { line: 9, column: 'paymentMethods', problem: 'method', message: 'Line 9: the payment methods must be ones the country offers (bankTransfer, card, wallet)' },
        { line: 10, column: 'description', problem: 'tooLong', message: 'Line 10: the description is too long: at most 140 characters' },
      ],
    });
    expect(countBatches(id)).toBe(before);
  });

  it('refuses a header without the required columns (line 1, each column named), an empty file, a file of only the header', async () => {
    const token = await tokenOf('globalpay@brand2.test');
    const usd = await payment(token, 'USD');
    expect(await upload(token, { accountId: usd.accountId }, '\uFEFFamount,currency,beneficiaryName,extra\n10.00,USD,A')).toEqual({
      responseCode: 'VF',
      responseDescription: 'The file has errors',
      rowErrors: ['beneficiaryType', 'beneficiaryEmail', 'beneficiaryCountryCode'].map((column) => ({ line: 1, column, problem: 'header', message: `Line 1: the column ${column} is missing` })),
    });
    expect(await upload(token, { accountId: usd.accountId }, ' \n')).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is empty' }] });
    expect(await upload(token, { accountId: usd.accountId }, `${HEADER}\n,,,,\n`)).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file has no payments: only the header line' }] });
    expect((await upload(token, { accountId: usd.accountId }, `${HEADER}\n"10.00,USD`)).validationErrors[0].description).toMatch(/^The file cannot be read \(line 2\)/);
  });

  it('refuses an account that is not the customer’s open payment account (VF accountId)', async () => {
    const token = await tokenOf('business@brand2.test');
    const other = await payment(await tokenOf('personal@brand2.test'), 'USD');
    const accounts = await accountsOf(token);
    const closed = accounts.find((a) => a.accountStatusId === 11)!;
    const card = accounts.find((a) => a.type >= 2006 && a.type <= 2135)!;
    const crypto = accounts.find((a) => a.type === 1001 && a.currencyCode === 'USDT')!;
    for (const [accountId, description] of [
      [other.accountId, 'Choose one of your payment accounts'],
      [card.accountId, 'Choose one of your payment accounts'],
      [crypto.accountId, 'Choose one of your payment accounts'],
      [closed.accountId, 'Choose one of your payment accounts'],
    ] as const) {
      expect(await upload(token, { accountId }, SAMPLE)).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'accountId', description }] });
    }
    // Without the mass-sending flag for global pay: 13.
    const id = await customerIdOf(token);
    const profile = JSON.parse((sb.db.prepare('SELECT profile FROM customers WHERE id = ?').get(id) as { profile: string }).profile);
    profile.permissionFlags.massSending.globalTransfer = false;
    sb.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(profile), id);
    expect(await upload(token, { accountId: (await payment(token, 'USD')).accountId }, SAMPLE)).toMatchObject({ responseCode: '13', responseDescription: 'Global payments are not allowed for this profile' });
  });

  it('answers 92 for an identical batch (its id and date), creates it with ignoreIdenticalBatch; once per requestId', async () => {
    const token = await tokenOf('globalpay@brand3.test');
    const id = await customerIdOf(token);
    const usd = await payment(token, 'USD');
    const data = { accountId: usd.accountId, batchName: 'First', requestId: requestId('upload') };
    const first = await upload(token, data, SAMPLE);
    expect(first.result).toBe('created');
    // The same requestId and file: the first reply, nothing created again; with another file: refused (issue 46).
    const count = countBatches(id);
    expect(await upload(token, data, SAMPLE)).toEqual(first);
    await expect(upload(token, data, `${HEADER}\n${line('5.00', 'USD', 'Z', 'z@example.com', 'US')}`)).rejects.toThrow(/answered 422: .*already used for a request with other details/);
    expect(countBatches(id)).toBe(count);
    // The same payments in another order, trimmed, codes in lower case: identical.
    const [head, ...rows] = SAMPLE.trim().split('\n');
    const shuffled = [head, ...rows.reverse().map((r) => r.replace('USD', 'usd').replace(/,/g, ' , '))].join('\n');
    const identical = await upload(token, { accountId: usd.accountId, requestId: requestId('upload') }, shuffled);
    expect(identical).toEqual({ responseCode: '92', responseDescription: 'An identical batch exists', result: 'identical', date: first.date, batchId: first.batchId });
    expect(countBatches(id)).toBe(count);
    // Another account is another batch.
    const eur = await payment(token, 'EUR');
    expect((await upload(token, { accountId: eur.accountId }, SAMPLE)).result).toBe('created');
    const second = await upload(token, { accountId: usd.accountId, ignoreIdenticalBatch: true }, shuffled);
    expect(second).toMatchObject({ responseCode: '00', result: 'created' });
    expect(second.batchId).not.toBe(first.batchId);
    // A rejected batch is not identical to anything.
    await call(token, 'globalPayReject', { batchId: first.batchId });
    await call(token, 'globalPayReject', { batchId: second.batchId });
    expect((await upload(token, { accountId: usd.accountId }, SAMPLE)).result).toBe('created');
  });

  it('answers an unknown batch, or another customer’s, as no such batch', async () => {
    const token = await tokenOf('globalpay@brand4.test');
    const theirs = sb.db.prepare("SELECT id FROM global_pay_batches WHERE batch_name = 'March payroll' AND customer_id <> ?").get(await customerIdOf(token)) as { id: number };
    for (const batchId of [theirs.id, 999_999]) {
      expect(await call(token, 'globalPayGetBatch', { batchId })).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'batchId', description: 'No such batch' }] });
      expect((await call(token, 'globalPayBatchStatus', { batchId })).responseCode).toBe('VF');
      expect((await call(token, 'globalPaySubmit', { batchId, requestId: requestId('other') })).responseCode).toBe('VF');
    }
  });
});

describe('sandbox: global pay draft edits', () => {
  const draft = async (login: string) => {
    const token = await tokenOf(login);
    const usd = await payment(token, 'USD');
    const { batchId } = await upload(token, { accountId: usd.accountId, ignoreIdenticalBatch: true }, SAMPLE);
    return { token, batchId, batch: await batchOf(token, batchId) };
  };

  it('updates payments in one call (adds, updates, deletes, restores) once per requestId; a refused payment changes nothing', async () => {
    const { token, batchId, batch } = await draft('globalpay@brand4.test');
    const [p1, p2, p3, p4] = batch.payments;
    await call(token, 'globalPayRemove', { batchId, paymentIds: [p4.id] });
    const body = {
      batchId,
      requestId: requestId('update'),
      adds: [
        { amount: '75.5', currency: 'CAD', beneficiaryType: 'individual', beneficiaryName: 'New One', beneficiaryEmail: 'new.one@example.com', beneficiaryCountryCode: 'CA', feeShare: 'sender' },
        {
          amount: '300.00',
          currency: 'MXN',
          description: 'Fees',
          beneficiaryType: 'business',
          beneficiaryName: 'Nuevo SA',
          beneficiaryEmail: 'pagos@nuevo.example',
          beneficiaryCountryCode: 'MX',
          feeShare: 'recipient',
          paymentMethods: [
            { name: 'bankTransfer', forbidden: true },
            { name: 'instantPayment', forbidden: false },
            { name: 'wallet', forbidden: true },
          ],
        },
      ],
      updates: [{ id: p1.id, amount: '1500.00', beneficiaryEmail: 'john.c@example.com' }],
      deletes: [p2.id],
      restores: [p4.id],
    };
    const reply = await call(token, 'globalPayUpdatePayments', body);
    expect(reply.responseCode).toBe('00');
    const [a1, a2, u1, d1, r1] = reply.payments;
    expect(a1).toMatchObject({ amount: '75.50', currency: 'CAD', fee: '1.00', status: 'draft', description: '', paymentMethods: GLOBAL_PAY_COUNTRIES.CA!.map((name) => ({ name, forbidden: false })) });
    expect(a2).toMatchObject({ amount: '300.00', fee: '3.00', feeShare: 'recipient', paymentMethods: [{ name: 'bankTransfer', forbidden: true }, { name: 'instantPayment', forbidden: false }, { name: 'wallet', forbidden: true }] });
    expect(a2.id).toBe(a1.id + 1);
    expect(a1.id).toBeGreaterThan(Math.max(...batch.payments.map((p: { id: number }) => p.id)));
    expect(u1).toMatchObject({ id: p1.id, amount: '1500.00', fee: '15.00', beneficiaryEmail: 'john.c@example.com', beneficiaryName: p1.beneficiaryName });
    expect(d1).toMatchObject({ id: p2.id, status: 'removed' });
    expect(r1).toMatchObject({ id: p4.id, status: 'draft' });
    // Once per requestId: the same reply, nothing added twice.
    expect(await call(token, 'globalPayUpdatePayments', body)).toEqual(reply);
    const after = await batchOf(token, batchId);
    expect(after.payments).toHaveLength(7);
    // A refusal names each payment's field and changes nothing at all.
    const refused = await call(token, 'globalPayUpdatePayments', {
      batchId,
      requestId: requestId('update'),
      adds: [{ amount: '99999.00', currency: 'USD', beneficiaryType: 'individual', beneficiaryName: 'Too Much', beneficiaryEmail: 'much@example.com', beneficiaryCountryCode: 'US', feeShare: 'sender' }],
      updates: [
        { id: p3.id, beneficiaryEmail: 'broken' },
        { id: 12345, amount: '1.00' },
      ],
      deletes: [p1.id],
      restores: [999],
    });
    expect(refused).toEqual({
      responseCode: 'VF',
      validationErrors: [
        { param: 'adds[0].amount', description: 'The amount must be between 1.00 and 50000.00' },
        { param: 'updates[0].beneficiaryEmail', description: 'The beneficiary e-mail is not a valid e-mail address' },
        { param: 'updates[1].id', description: 'No such payment in this batch' },
        { param: 'restores[0]', description: 'No such payment in this batch' },
      ],
    });
    // An update is checked on its whole result: a 1.00 payment whose recipient pays the fee.
    expect(await call(token, 'globalPayUpdatePayments', { batchId, requestId: requestId('update'), updates: [{ id: a2.id, amount: '1.00' }] })).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'updates[0].amount', description: 'The fee (1.00) is not less than the amount, so the recipient cannot pay it' }],
    });
    expect(await batchOf(token, batchId)).toEqual(after);
  });

  it('removes and restores payments; replaces the whole draft (full update)', async () => {
    const { token, batchId, batch } = await draft('globalpay@brand4.test');
    const ids = batch.payments.map((p: { id: number }) => p.id);
    const removed = await call(token, 'globalPayRemove', { batchId, paymentIds: [ids[0], ids[2], ids[0]] });
    expect(removed.payments.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [ids[0], 'removed'],
      [ids[2], 'removed'],
    ]);
    expect(historyRow(batchId)).toMatchObject({ count: 3 });
    expect((await call(token, 'globalPayRestore', { batchId, paymentIds: [ids[2]] })).payments).toMatchObject([{ id: ids[2], status: 'draft' }]);
    expect((await batchOf(token, batchId)).payments.map((p: { status: string }) => p.status)).toEqual(['removed', 'draft', 'draft', 'draft', 'draft']);
    expect(await call(token, 'globalPayRemove', { batchId, paymentIds: [424242] })).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'paymentIds', description: 'No such payment in this batch: 424242' }] });

    const eur = await payment(token, 'EUR');
    const full = await call(token, 'globalPayFullUpdate', {
      batchId,
      batchName: '  Renamed  ',
      accountId: eur.accountId,
      payments: [{ amount: '40.00', currency: 'PLN', beneficiaryType: 'individual', beneficiaryName: 'Jan Kowalski', beneficiaryEmail: 'jan@example.com', beneficiaryCountryCode: 'PL', feeShare: 'sender' }],
    });
    expect(full.batch).toMatchObject({ batchId, batchName: 'Renamed', accountId: eur.accountId, currencyCode: 'EUR', status: 'draft', payments: [{ amount: '40.00', currency: 'PLN', fee: '1.00', status: 'draft' }] });
    expect(full.batch.payments[0].id).toBeGreaterThan(Math.max(...ids));
    // 41.00 PLN at 0.25 USD, in EUR at 1.08: 9.490… rounded up.
    expect(historyRow(batchId)).toEqual({ type: 'globalPay', status: 'draft', count: 1, total: '9.50', currency: 'EUR' });
    expect((await call(token, 'globalPayFullUpdate', { batchId, accountId: 1 })).validationErrors).toEqual([{ param: 'accountId', description: 'Choose one of your payment accounts' }]);
    expect((await call(token, 'globalPayFullUpdate', { batchId, payments: [{ ...full.batch.payments[0], id: undefined, status: undefined, fee: undefined, beneficiaryCountryCode: 'CN' }] })).validationErrors).toEqual([
      { param: 'payments[0].beneficiaryCountryCode', description: 'Payments cannot be sent to this country' },
    ]);
    expect((await batchOf(token, batchId)).payments).toEqual(full.batch.payments);
  });

  it('sets the fee side per payment and for all; refuses it all when a fee would not fit the amount', async () => {
    const { token, batchId, batch } = await draft('globalpay@brand5.test');
    const ids = batch.payments.map((p: { id: number }) => p.id);
    const one = await call(token, 'globalPaySetFeeSide', { batchId, feeShare: 'recipient', paymentIds: [ids[0]] });
    expect(one.payments).toEqual([{ ...batch.payments[0], feeShare: 'recipient' }]);
    await call(token, 'globalPayRemove', { batchId, paymentIds: [ids[4]] });
    const all = await call(token, 'globalPaySetFeeSide', { batchId, feeShare: 'sender' });
    expect(all.payments.map((p: { id: number; feeShare: string }) => [p.id, p.feeShare])).toEqual(ids.slice(0, 4).map((id: number) => [id, 'sender']));
    // A payment of 1.00 cannot have its fee (1.00) paid by its recipient: nothing changes.
    const small = (
      await call(token, 'globalPayUpdatePayments', {
        batchId,
        requestId: requestId('small'),
        adds: [{ amount: '1.00', currency: 'USD', beneficiaryType: 'individual', beneficiaryName: 'Small', beneficiaryEmail: 'small@example.com', beneficiaryCountryCode: 'US', feeShare: 'sender' }],
      })
    ).payments[0];
    const before = await batchOf(token, batchId);
    expect(await call(token, 'globalPaySetFeeSide', { batchId, feeShare: 'recipient' })).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'feeShare', description: `Payment ${small.id}: the fee (1.00) is not less than the amount, so the recipient cannot pay it` }],
    });
    expect(await batchOf(token, batchId)).toEqual(before);
  });

  it('forbids and allows a payment’s method; refuses the last allowed one and a method the payment does not have', async () => {
    const { token, batchId, batch } = await draft('globalpay@brand5.test');
    const brazil = batch.payments[2];
    const forbid = (name: string, forbidden = true) => call(token, 'globalPaySetMethodForbidden', { batchId, paymentId: brazil.id, name, forbidden });
    expect((await forbid('bankTransfer')).payments[0].paymentMethods).toEqual([
      { name: 'bankTransfer', forbidden: true },
      { name: 'card', forbidden: true },
      { name: 'instantPayment', forbidden: true },
      { name: 'wallet', forbidden: false },
    ]);
    expect(await forbid('wallet')).toEqual({ responseCode: '13', responseDescription: 'At least one payment method must stay allowed', errors: ['At least one payment method must stay allowed'] });
    expect((await forbid('card', false)).payments[0].paymentMethods.filter((m: { forbidden: boolean }) => !m.forbidden).map((m: { name: string }) => m.name)).toEqual(['card', 'wallet']);
    expect((await forbid('wallet')).responseCode).toBe('00');
    // The United Kingdom offers no instant payment.
    expect(await call(token, 'globalPaySetMethodForbidden', { batchId, paymentId: batch.payments[3].id, name: 'instantPayment', forbidden: true })).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'name', description: 'This payment cannot be received by this method' }],
    });
  });

  it('rejects a draft: nothing is sent, nothing can change any more, the history shows it cancelled', async () => {
    const { token, batchId, batch } = await draft('globalpay@brand5.test');
    const rejected = await call(token, 'globalPayReject', { batchId });
    expect(rejected).toEqual({ responseCode: '00', batchId, status: 'rejected', payments: batch.payments.map((p: { id: number }) => ({ id: p.id, status: 'draft' })) });
    const locked = { responseCode: '13', responseDescription: 'The batch can no longer be changed', errors: ['The batch can no longer be changed'] };
    expect(await call(token, 'globalPayRemove', { batchId, paymentIds: [batch.payments[0].id] })).toEqual(locked);
    expect(await call(token, 'globalPaySubmit', { batchId, requestId: requestId('late') })).toEqual(locked);
    expect(await call(token, 'globalPayReject', { batchId })).toEqual(locked);
    expect(historyRow(batchId)).toMatchObject({ status: 'cancelled' });
  });

  it('answers the dictionary and a country’s methods', async () => {
    const token = await tokenOf('globalpay@brand1.test');
    const dictionary = await call(token, 'globalPayDictionary');
    expect(dictionary.countries).toContainEqual({ code: 'BR', paymentMethods: ['bankTransfer', 'card', 'instantPayment', 'wallet'] });
    expect(dictionary.countries).toHaveLength(Object.keys(GLOBAL_PAY_COUNTRIES).length);
    expect(dictionary.paymentMethods).toEqual(Object.entries(RECEIVE_METHOD_FIELDS).map(([name, fields]) => ({ name, fields })));
    expect(await call(token, 'globalPayCountryPaymentMethods', { countryCode: 'mx' })).toEqual({ responseCode: '00', countryCode: 'MX', paymentMethods: ['bankTransfer', 'instantPayment', 'wallet'] });
    expect(await call(token, 'globalPayCountryPaymentMethods', { countryCode: 'CN' })).toEqual({ responseCode: '00', countryCode: 'CN', paymentMethods: [] });
  });
});

describe('sandbox: global pay submit, settle, recipients', () => {
  /** The settle rules' file: a bounce, an existing customer (wallet), the same with the wallet forbidden, anyone else. */
  const settleFile = (brand: string) =>
    [
      HEADER,
      line('100.00', 'USD', 'Bounce Me', 'bounce.me@bounce.example', 'US'),
      line('200.00', 'EUR', 'Ana Demo', `personal@${brand}.test`, 'DE'),
      line('50.00', 'USD', 'Simple Demo', `simple@${brand}.test`, 'US', { methods: 'bankTransfer;card' }),
      line('300.00', 'GBP', 'Olivia Reed', 'olivia.reed@example.com', 'GB', { feeShare: 'recipient' }),
    ].join('\n');

  it('mode none: debits once per requestId, then processing (2 s), then each payment settles by its rule (4 s); recipients finish the batch', async () => {
    const login = 'globalpay@brand1.test';
    const token = await tokenOf(login);
    const usd = await payment(token, 'USD');
    const { batchId } = await upload(token, { accountId: usd.accountId, batchName: 'Settle rules' }, settleFile('brand1'));
    const body = { batchId, requestId: requestId('submit') };
    const sent = await call(token, 'globalPaySubmit', body);
    expect(sent).toEqual({ responseCode: '00', approveType: 'none', status: 'pending', transactionId: expect.any(Number) });
    // 101.00 USD + 202.00 EUR (218.16 USD) + 51.00 USD + 300.00 GBP (381.00 USD).
    const debit = '751.16';
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, debit));
    expect(sb.db.prepare('SELECT type, amount, currency, counterparty FROM transactions WHERE id = ?').get(sent.transactionId)).toEqual({ type: 'p2p', amount: `-${debit}`, currency: 'USD', counterparty: 'Global pay: Settle rules' });
    // Once per requestId.
    expect(await call(token, 'globalPaySubmit', body)).toEqual(sent);
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, debit));
    let batch = await batchOf(token, batchId);
    expect(batch).toMatchObject({ status: 'submitted', submitted: expect.any(String) });
    expect(batch.payments.every((p: { status: string }) => p.status === 'processing')).toBe(true);
    expect(historyRow(batchId)).toEqual({ type: 'globalPay', status: 'processing', count: 4, total: debit, currency: 'USD' });
    // Editing a submitted batch is refused.
    expect((await call(token, 'globalPayUpdatePayments', { batchId, requestId: requestId('edit'), deletes: [batch.payments[0].id] })).responseDescription).toBe('The batch can no longer be changed');
    expect((await call(token, 'globalPayReject', { batchId })).responseDescription).toBe('The batch can no longer be changed');

    await advance(batchId, 2);
    expect((await call(token, 'globalPayBatchStatus', { batchId })).status).toBe('processing');
    await advance(batchId, 2);
    const status = await call(token, 'globalPayBatchStatus', { batchId });
    expect(status).toEqual({
      responseCode: '00',
      batchId,
      status: 'processing',
      payments: [
        { id: batch.payments[0].id, status: 'failed', failureReason: 'emailBounced' },
        { id: batch.payments[1].id, status: 'completed', receivedBy: 'wallet' },
        { id: batch.payments[2].id, status: 'awaitingRecipient' },
        { id: batch.payments[3].id, status: 'awaitingRecipient' },
      ],
    });
    // The bounced payment's 101.00 USD came back, once.
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, debit, '-101.00'));
    await call(token, 'globalPayGetBatch', { batchId });
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, debit, '-101.00'));

    const links = await linksOf(`batchId=${batchId}`);
    // The links as the e-mails carry them: the sender's brand, the recipient's language.
    expect(links).toEqual([
      { paymentId: batch.payments[2].id, id: expect.stringMatching(/^r[A-Za-z0-9_-]{22}$/), url: `/receive/${links[0]!.id}?brand=brand1&lang=en`, status: 'open' },
      { paymentId: batch.payments[3].id, id: expect.stringMatching(/^r[A-Za-z0-9_-]{22}$/), url: `/receive/${links[1]!.id}?brand=brand1&lang=en`, status: 'open' },
    ]);
    const [simple, olivia] = links as [(typeof links)[0], (typeof links)[0]];

    // The recipient's page, without a token.
    const meta = await open('p2pGlobalPayMeta', { id: olivia.id });
    expect(meta).toEqual({
      responseCode: '00',
      status: 'open',
      amount: '300.00',
      currency: 'GBP',
      fee: '3.00',
      feeShare: 'recipient',
      recipientGets: '297.00',
      description: '',
      senderName: 'Demo Trading 1 SRL',
      beneficiaryName: 'Olivia Reed',
      beneficiaryCountryCode: 'GB',
      expires: expect.any(String),
    });
    expect(Date.parse(meta.expires) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect((await open('p2pGlobalPayMethods', { id: simple.id })).paymentMethods).toEqual([
      { name: 'bankTransfer', fields: ['accountHolderName', 'accountNumber'] },
      { name: 'card', fields: ['cardNumber'] },
    ]);
    expect(await open('p2pGlobalPaySubmit', { id: simple.id, paymentMethod: 'wallet' })).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'paymentMethod', description: 'This payment cannot be received this way' }] });
    expect(await open('p2pGlobalPaySubmit', { id: simple.id, paymentMethod: 'card', details: { cardNumber: '4111 1111 1111 1112' } })).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'details.cardNumber', description: 'The card number is not valid' }],
    });
    expect(await open('p2pGlobalPaySubmit', { id: olivia.id, paymentMethod: 'bankTransfer', details: { accountNumber: 'GB29NWBK60161331926819' } })).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'details.accountHolderName', description: 'Enter the account holder name' }],
    });
    expect(await open('p2pGlobalPaySubmit', { id: simple.id, paymentMethod: 'card', details: { cardNumber: '4111 1111 1111 1111' } })).toEqual({ responseCode: '00', status: 'used', receivedBy: 'card' });
    expect(sb.db.prepare('SELECT details FROM global_pay_links WHERE id = ?').get(simple.id)).toEqual({ details: JSON.stringify({ cardNumber: '411111••••••1111' }) });
    expect(await open('p2pGlobalPaySubmit', { id: simple.id, paymentMethod: 'card', details: { cardNumber: '4111 1111 1111 1111' } })).toEqual({ responseCode: 'UL', responseDescription: 'This link has already been used' });
    expect(await open('p2pGlobalPayMeta', { id: simple.id })).toMatchObject({ status: 'used', receivedBy: 'card' });
    expect((await call(token, 'globalPayBatchStatus', { batchId })).status).toBe('processing');
    // The last recipient completes the batch; the sender's sessions hear of it on the realtime channel.
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    expect(await open('p2pGlobalPaySubmit', { id: olivia.id, paymentMethod: 'bankTransfer', details: { accountHolderName: 'Olivia Reed', accountNumber: 'GB29NWBK60161331926819' } })).toMatchObject({ responseCode: '00' });
    expect(told).toHaveBeenCalledWith(await customerIdOf(token), expect.objectContaining({ type: 'globalPayBatch', batchId, status: 'completed' }));
    told.mockRestore();
    batch = await batchOf(token, batchId);
    expect(batch.status).toBe('completed');
    expect(batch.payments.map((p: any) => [p.status, p.receivedBy ?? p.failureReason])).toEqual([
      ['failed', 'emailBounced'],
      ['completed', 'wallet'],
      ['completed', 'card'],
      ['completed', 'bankTransfer'],
    ]);
    expect(historyRow(batchId)).toMatchObject({ status: 'partiallyCompleted' });
    expect((await call(token, 'batchTransferHistory', { types: ['globalPay'] })).batches[0]).toMatchObject({ batchId, type: 'globalPay', status: 'partiallyCompleted', paymentsCount: 4 });
    expect((await linksOf(`batchId=${batchId}`)).map((l) => l.status)).toEqual(['used', 'used']);
    // Unknown links.
    expect(await open('p2pGlobalPayMeta', { id: 'rNoSuchLinkAtAll000000' })).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'id', description: 'No such link' }] });
  });

  it('a link that expires fails its payment (refunded) and answers EL; the failed payment is sent again to a corrected e-mail', async () => {
    const token = await tokenOf('globalpay@brand6.test');
    const eur = await payment(token, 'EUR');
    const file = [HEADER, line('500.00', 'EUR', 'Late Reader', 'late.reader@example.com', 'PT'), line('60.00', 'EUR', 'Typo', 'typo@bounce.example', 'IE')].join('\n');
    const { batchId } = await upload(token, { accountId: eur.accountId }, file);
    await call(token, 'globalPaySubmit', { batchId, requestId: requestId('submit') });
    expect((await payment(token, 'EUR')).balance).toBe(minus(eur.balance, '505.00', '61.00'));
    await advance(batchId, 4);
    const [link] = await linksOf(`batchId=${batchId}`);
    expect(link!.url).toBe(`/receive/${link!.id}?brand=brand6&lang=pt`);
    expect((await open('p2pGlobalPayMeta', { id: link!.id })).status).toBe('open');
    await advance(batchId, 15 * 24 * 3600);
    expect(await open('p2pGlobalPayMeta', { id: link!.id })).toMatchObject({ status: 'expired' });
    expect(await open('p2pGlobalPaySubmit', { id: link!.id, paymentMethod: 'wallet' })).toEqual({ responseCode: 'EL', responseDescription: 'This link has expired' });
    const settled = await call(token, 'globalPayBatchStatus', { batchId });
    expect(settled.status).toBe('completed');
    expect(settled.payments.map((p: any) => p.failureReason)).toEqual(['linkExpired', 'emailBounced']);
    expect((await payment(token, 'EUR')).balance).toBe(eur.balance);
    expect(historyRow(batchId)).toMatchObject({ status: 'rejected' });

    // Resend the bounced one to a corrected address, once per requestId; only a failed payment.
    const typo = settled.payments[1].id;
    expect(await call(token, 'globalPayResendPayment', { batchId, paymentId: typo, requestId: requestId('resend'), beneficiaryEmail: 'not an e-mail' })).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'beneficiaryEmail', description: 'The beneficiary e-mail is not a valid e-mail address' }],
    });
    const body = { batchId, paymentId: typo, requestId: requestId('resend'), beneficiaryEmail: 'typo.fixed@example.com' };
    const resent = await call(token, 'globalPayResendPayment', body);
    expect(resent).toEqual({ responseCode: '00', approveType: 'none', status: 'pending', transactionId: expect.any(Number) });
    expect(await call(token, 'globalPayResendPayment', body)).toEqual(resent);
    expect((await payment(token, 'EUR')).balance).toBe(minus(eur.balance, '61.00'));
    let batch = await batchOf(token, batchId);
    expect(batch.status).toBe('processing');
    expect(byEmail(batch.payments, 'typo.fixed@example.com')).toMatchObject({ id: typo, status: 'processing' });
    expect(byEmail(batch.payments, 'typo.fixed@example.com').failureReason).toBeUndefined();
    expect((await call(token, 'globalPayResendPayment', { batchId, paymentId: typo, requestId: requestId('resend') })).responseDescription).toBe('Only a failed payment can be sent again');
    await advance(batchId, 4);
    batch = await batchOf(token, batchId);
    expect(batch.status).toBe('processing');
    expect(byEmail(batch.payments, 'typo.fixed@example.com').status).toBe('awaitingRecipient');
    const fresh = (await linksOf(`batchId=${batchId}`)).find((l) => l.paymentId === typo)!;
    expect(await open('p2pGlobalPaySubmit', { id: fresh.id, paymentMethod: 'card', details: { cardNumber: '4000056655665556' } })).toMatchObject({ responseCode: '00', receivedBy: 'card' });
    expect((await batchOf(token, batchId)).status).toBe('completed');
    expect(historyRow(batchId)).toMatchObject({ status: 'partiallyCompleted' });
  });

  it('refuses a submit the account cannot cover, an empty batch; nothing moves', async () => {
    const token = await tokenOf('globalpay@brand3.test');
    const usd = await payment(token, 'USD');
    const rows = Array.from({ length: 3 }, (_, i) => line('50000.00', 'USD', `Big ${i}`, `big${i}@example.com`, 'US'));
    const { batchId } = await upload(token, { accountId: usd.accountId }, [HEADER, ...rows].join('\n'));
    expect(await call(token, 'globalPaySubmit', { batchId, requestId: requestId('poor') })).toEqual({ responseCode: '13', responseDescription: 'Insufficient funds', errors: ['Insufficient funds'] });
    const ids = (await batchOf(token, batchId)).payments.map((p: { id: number }) => p.id);
    await call(token, 'globalPayRemove', { batchId, paymentIds: ids });
    expect((await call(token, 'globalPaySubmit', { batchId, requestId: requestId('empty') })).responseDescription).toBe('The batch has no payments to send');
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    expect((await batchOf(token, batchId)).status).toBe('draft');
  });
});

describe('sandbox: global pay approval modes', () => {
  it('sms: the submit waits (pendingApproval) until globalPayBatchApproval confirms the code; approvePayment confirms it too', async () => {
    const login = 'globalpay-sms@brand1.test';
    const token = await tokenOf(login);
    const usd = await payment(token, 'USD');
    const { batchId } = await upload(token, { accountId: usd.accountId }, SAMPLE);
    const body = { batchId, requestId: requestId('sms') };
    const held = await call(token, 'globalPaySubmit', body);
    expect(held).toEqual({ responseCode: '00', operationId: expect.any(String), approveType: 'sms', approvalSentTo: expect.any(String), availableApprovalMethods: ['sms', 'otp', 'approvalCode'] });
    expect(await call(token, 'globalPaySubmit', body)).toEqual(held);
    expect((await batchOf(token, batchId)).status).toBe('pendingApproval');
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    expect((await call(token, 'globalPayRemove', { batchId, paymentIds: [1] })).responseDescription).toBe('The batch can no longer be changed');
    const shown = (await approvalsOf(login)).find((a) => a.operationId === held.operationId)!;
    expect(shown.work).toMatchObject({ kind: 'globalPaySubmit', batchId });
    // Another batch's id, a wrong code: refused; the right code sends it.
    expect((await call(token, 'globalPayBatchApproval', { batchId: batchId + 1, operationId: held.operationId, approvalCode: shown.code })).responseDescription).toBe('There is nothing waiting for a code');
    expect(await call(token, 'globalPayBatchApproval', { batchId, operationId: held.operationId, approvalCode: '000000' })).toEqual({ responseCode: '13', responseDescription: 'The code is not right', errors: ['The code is not right'] });
    expect(await call(token, 'globalPayBatchApproval', { batchId, operationId: held.operationId, approvalCode: shown.code })).toEqual({ responseCode: '00', status: 'completed' });
    expect((await batchOf(token, batchId)).status).toBe('submitted');
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, '3993.08'));
    // A repeat (its reply lost) answers the same and sends nothing again; another code is refused.
    expect(await call(token, 'globalPayBatchApproval', { batchId, operationId: held.operationId, approvalCode: shown.code })).toEqual({ responseCode: '00', status: 'completed' });
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, '3993.08'));
    expect((await call(token, 'globalPayBatchApproval', { batchId, operationId: held.operationId, approvalCode: '000000' })).responseDescription).toBe('This operation is already confirmed');

    // The generic approvePayment works as well.
    const eur = await payment(token, 'EUR');
    const second = await upload(token, { accountId: eur.accountId }, `${HEADER}\n${line('20.00', 'EUR', 'Two', 'two@example.com', 'ES')}`);
    const again = await call(token, 'globalPaySubmit', { batchId: second.batchId, requestId: requestId('sms') });
    const code = (await approvalsOf(login)).find((a) => a.operationId === again.operationId)!.code;
    expect((await call(token, 'approvePayment', { operationId: again.operationId, approvalCode: code })).responseCode).toBe('00');
    expect((await batchOf(token, second.batchId)).status).toBe('submitted');
    expect((await payment(token, 'EUR')).balance).toBe(minus(eur.balance, '21.00'));

    // Three wrong codes: the batch is rejected, nothing moved.
    const third = await upload(token, { accountId: eur.accountId }, `${HEADER}\n${line('30.00', 'EUR', 'Three', 'three@example.com', 'ES')}`);
    const failing = await call(token, 'globalPaySubmit', { batchId: third.batchId, requestId: requestId('sms') });
    for (let i = 0; i < 3; i += 1) await call(token, 'globalPayBatchApproval', { batchId: third.batchId, operationId: failing.operationId, approvalCode: '000000' });
    expect((await batchOf(token, third.batchId)).status).toBe('rejected');
    expect((await payment(token, 'EUR')).balance).toBe(minus(eur.balance, '21.00'));

    // A submit waiting for its code can still be rejected: the code no longer works.
    const fourth = await upload(token, { accountId: eur.accountId }, `${HEADER}\n${line('40.00', 'EUR', 'Four', 'four@example.com', 'ES')}`);
    const waiting = await call(token, 'globalPaySubmit', { batchId: fourth.batchId, requestId: requestId('sms') });
    expect((await call(token, 'globalPayReject', { batchId: fourth.batchId })).status).toBe('rejected');
    const stale = (await approvalsOf(login)).find((a) => a.operationId === waiting.operationId);
    expect(stale).toBeUndefined();
    expect((await call(token, 'globalPayBatchApproval', { batchId: fourth.batchId, operationId: waiting.operationId, approvalCode: '123456' })).responseDescription).toBe('There is nothing waiting for a code');
  });

  it('sms: a resent payment waits for globalPaySingleApproval', async () => {
    const login = 'globalpay-sms@brand2.test';
    const token = await tokenOf(login);
    const usd = await payment(token, 'USD');
    const { batchId } = await upload(token, { accountId: usd.accountId }, `${HEADER}\n${line('10.00', 'USD', 'Bounce', 'x@bounce.example', 'US')}`);
    const held = await call(token, 'globalPaySubmit', { batchId, requestId: requestId('sms') });
    await call(token, 'globalPayBatchApproval', { batchId, operationId: held.operationId, approvalCode: (await approvalsOf(login))[0]!.code });
    await advance(batchId, 4);
    const [failed] = (await call(token, 'globalPayBatchStatus', { batchId })).payments;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'emailBounced' });
    expect((await payment(token, 'USD')).balance).toBe(usd.balance);
    const resend = await call(token, 'globalPayResendPayment', { batchId, paymentId: failed.id, requestId: requestId('resend'), beneficiaryEmail: 'x@example.com' });
    expect(resend).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String) });
    expect((await call(token, 'globalPayBatchStatus', { batchId })).payments[0].status).toBe('failed');
    const code = (await approvalsOf(login)).find((a) => a.operationId === resend.operationId)!.code;
    expect((await call(token, 'globalPaySingleApproval', { batchId, paymentId: failed.id + 1, operationId: resend.operationId, approvalCode: code })).responseCode).toBe('13');
    expect(await call(token, 'globalPaySingleApproval', { batchId, paymentId: failed.id, operationId: resend.operationId, approvalCode: code })).toEqual({ responseCode: '00', status: 'completed' });
    const batch = await batchOf(token, batchId);
    expect(batch.status).toBe('processing');
    expect(batch.payments[0]).toMatchObject({ status: 'processing', beneficiaryEmail: 'x@example.com' });
    expect((await payment(token, 'USD')).balance).toBe(minus(usd.balance, '11.00'));
  });

  it('push: the submit waits until the other device approves it', async () => {
    const login = 'globalpay-sms@brand4.test';
    const token = await tokenOf(login);
    const id = await customerIdOf(token);
    const profile = JSON.parse((sb.db.prepare('SELECT profile FROM customers WHERE id = ?').get(id) as { profile: string }).profile);
    sb.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, approveMode: 'push' }), id);
    const eur = await payment(token, 'EUR');
    const { batchId } = await upload(token, { accountId: eur.accountId }, `${HEADER}\n${line('20.00', 'EUR', 'Push', 'push@example.com', 'ES')}`);
    const held = await call(token, 'globalPaySubmit', { batchId, requestId: requestId('push') });
    expect(held).toMatchObject({ approveType: 'push', availableApprovalMethods: ['push', 'sms'] });
    expect((await call(token, 'globalPayBatchApproval', { batchId, operationId: held.operationId, approvalCode: '123456' })).responseDescription).toBe('This operation is approved on your phone');
    expect((await post(`/__sandbox/approvals/${held.operationId}/approve`, {})).status).toBe(200);
    expect((await batchOf(token, batchId)).status).toBe('submitted');
    expect((await payment(token, 'EUR')).balance).toBe(minus(eur.balance, '21.00'));
  });

  it('an initiate-only employee’s submit waits as the company’s mass request; an approver’s approval sends it', async () => {
    const initiator = await tokenOf('initiator@brand3.test');
    const approver = await tokenOf('approver@brand3.test');
    const company = await customerIdOf(await tokenOf('business@brand3.test'));
    const acting = { fromCustomerId: company };
    const usd = await payment(initiator, 'USD', acting);
    const { batchId } = await upload(initiator, { accountId: usd.accountId, ...acting }, SAMPLE);
    const reply = await call(initiator, 'globalPaySubmit', { batchId, requestId: requestId('request'), ...acting });
    expect(reply).toEqual({ responseCode: '00', approveType: 'none', status: 'pending', transactionRequestId: expect.any(Number) });
    expect((await batchOf(initiator, batchId, acting)).status).toBe('pendingApproval');
    const list = await call(approver, 'transactionRequestList', { pageNumber: 1, pageSize: 50, ...acting });
    expect(list.requests.find((r: { id: number }) => r.id === reply.transactionRequestId)).toMatchObject({
      transactionType: 'mass_globalPay',
      groupedTransactionType: 'mass',
      batchId,
      count: 5,
      // The fees the sender pays (12.00 USD, 25.00 BRL, 6.40 GBP, 21.00 RON) in USD, rounded up each; the amount is the rest.
      amount: '3963.88',
      fee: '29.20',
      currencyCode: 'USD',
      status: 'waiting',
    });
    expect((await call(approver, 'massTransactionRequestApprove', { batchId, declined: false, requestId: requestId('decision'), ...acting })).responseCode).toBe('00');
    expect((await batchOf(initiator, batchId, acting)).status).toBe('submitted');
    expect((await payment(initiator, 'USD', acting)).balance).toBe(minus(usd.balance, '3993.08'));
  });
});

describe('sandbox: global pay seed and samples', () => {
  it('globalpay@ has the draft "March payroll" and the completed "October contractors" with a used and an expired link', async () => {
    const token = await tokenOf('globalpay@brand1.test');
    const id = await customerIdOf(token);
    const rows = sb.db.prepare('SELECT id, batch_name AS name, status FROM global_pay_batches WHERE customer_id = ? ORDER BY id LIMIT 2').all(id) as { id: number; name: string; status: string }[];
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['March payroll', 'draft'],
      ['October contractors', 'completed'],
    ]);
    const draft = await batchOf(token, rows[0]!.id);
    expect(draft.payments.map((p: any) => [p.beneficiaryEmail, p.amount, p.currency, p.feeShare])).toEqual([
      ['john.carter@example.com', '2500.00', 'USD', 'sender'],
      ['lena.fischer@example.com', '1800.00', 'EUR', 'recipient'],
      ['personal@brand1.test', '300.00', 'USD', 'sender'],
      ['ana.souza@bounce.example', '400.00', 'BRL', 'sender'],
    ]);
    const done = await batchOf(token, rows[1]!.id);
    expect(done.payments.map((p: any) => [p.status, p.receivedBy ?? p.failureReason])).toEqual([
      ['completed', 'wallet'],
      ['completed', 'bankTransfer'],
      ['failed', 'linkExpired'],
      ['failed', 'emailBounced'],
    ]);
    expect(historyRow(rows[1]!.id)).toMatchObject({ type: 'globalPay', status: 'partiallyCompleted', count: 4 });
    const links = await linksOf(`batchId=${rows[1]!.id}`);
    expect(links).toEqual([
      { paymentId: done.payments[1].id, id: seededLinkId('Used', 1), url: '/receive/rDemoUsedBrand1xxxxxxxx?brand=brand1&lang=en', status: 'used' },
      { paymentId: done.payments[2].id, id: seededLinkId('Expired', 1), url: '/receive/rDemoExpiredBrand1xxxxx?brand=brand1&lang=en', status: 'expired' },
    ]);
    expect(await open('p2pGlobalPayMeta', { id: 'rDemoUsedBrand1xxxxxxxx' })).toMatchObject({ status: 'used', receivedBy: 'bankTransfer', senderName: 'Demo Trading 1 SRL', amount: '1250.00' });
    expect(await open('p2pGlobalPayMeta', { id: 'rDemoExpiredBrand1xxxxx' })).toMatchObject({ status: 'expired', amount: '480.00', recipientGets: '475.20' });
    expect((await open('p2pGlobalPaySubmit', { id: 'rDemoUsedBrand1xxxxxxxx', paymentMethod: 'wallet' })).responseCode).toBe('UL');
    expect((await open('p2pGlobalPaySubmit', { id: 'rDemoExpiredBrand1xxxxx', paymentMethod: 'wallet' })).responseCode).toBe('EL');
    expect((await linksOf('login=globalpay@brand6.test')).map((l) => l.id)).toEqual(expect.arrayContaining([seededLinkId('Used', 6), seededLinkId('Expired', 6)]));
    // globalpay-sms@ has no batches.
    expect(countBatches(await customerIdOf(await tokenOf('globalpay-sms@brand3.test')))).toBe(0);
  });

  it('the sample names every column and uploads with no error; its link is listed', async () => {
    expect(SAMPLE.split('\n')[0]).toBe(HEADER);
    expect(SAMPLE.trim().split('\n')).toHaveLength(6);
    const token = await tokenOf('globalpay@brand4.test');
    expect((await upload(token, { accountId: (await payment(token, 'EUR')).accountId, ignoreIdenticalBatch: true }, SAMPLE)).result).toBe('created');
    expect((await call(token, 'massSampleLinkList', { types: ['globalPay'] })).links).toEqual([{ type: 'globalPay', url: '/samples/global-pay.csv' }]);
  });
});
