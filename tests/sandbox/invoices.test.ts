// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { FUNDING_FAILED, MAX_FUNDING } from '../../sandbox/handlers/invoices.ts';
import { regulatedEntityOf, serviceAddress } from '../../sandbox/documents/regulated-entity.ts';
import { p2pFee } from '../../sandbox/handlers/p2p.ts';
import { SEEDED_INVOICES_EACH_WAY } from '../../sandbox/seed-invoices.ts';
import { INVOICE_PAGE_SIZE } from '../../machines/invoices/invoice-search.ts';
import { mainWire, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * Invoices (issue 51, sandbox/handlers/invoices.ts, sandbox/invoice-store.ts, sandbox/seed-invoices.ts):
 * the received and sent lists (pages of 20, every filter, the customer's days, ranges out of order),
 * who may read one, create and reject (each refusal by param, once per requestId, the realtime
 * message), paying with p2pTransfer's invoiceId (money moved once, both sides paid, mismatches,
 * payment pending for a business approver, an approval code), the business funding invoice and its
 * fault, the PDF and who may fetch it, the "unpaid invoice" limit, and restoring the seed. The clock
 * is the sandbox's injectable `now`.
 */
const PASSWORD = 'Demo-pass-1';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const START = Date.parse('2026-12-01T09:00:00Z');

let now = START;
let sb: Sandbox;
let requestCount = 0;
const requestId = () => `invoices-${(requestCount += 1).toString().padStart(5, '0')}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** A main-service call as the app sends it: its status and body. */
async function main(token: string | null, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await post(`/main/?method=${method}`, mainWire(method, body), { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers });
  return { status: res.status, body: (await res.json()) as any, language: res.headers.get('content-language') };
}
/** A call that must answer 200: its body. */
async function call(token: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any> {
  const reply = await main(token, method, body, headers);
  if (reply.status !== 200) throw new Error(`${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}
const control = (path: string, body: unknown) => post(`/__sandbox/${path}`, body);

async function signIn(username: string): Promise<string> {
  const res = await post('/auth/login', { client: 'spa', username, password: PASSWORD, codeChallenge: CHALLENGE });
  const reply = (await res.json()) as any;
  if (res.status !== 200 || reply.authFlow !== 'simple') throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(reply)}`);
  return reply.accessToken as string;
}

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const accountOf = (login: string, currency: string) =>
  sb.db.prepare('SELECT id, balance FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = ? ORDER BY id LIMIT 1').get(idOf(login), currency) as { id: number; balance: string };
const balanceOf = (accountId: number) => (sb.db.prepare('SELECT balance FROM accounts WHERE id = ?').get(accountId) as { balance: string }).balance;
/** Exact cents of a 2-decimal amount (the test's own arithmetic, never a float). */
const cents = (amount: string) => BigInt(amount.replace('.', ''));
/** Cents back to a 2-decimal amount. */
const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });
const received = (token: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => call(token, 'invoiceReceivedList', body, headers);
const sent = (token: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => call(token, 'invoiceSentList', body, headers);
const getInvoice = (token: string, invoiceId: number, body: Record<string, unknown> = {}) => call(token, 'invoiceGet', { invoiceId, ...body });
const pdf = (token: string | null, invoiceId: number | string) => fetch(`${sb.url}/documents/invoices/${invoiceId}/pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
/** The text a PDF shows: its content streams inflated (the sandbox writes text operators into flate streams). */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  let out = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      out += inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      // Not a flate stream (fonts, metadata).
    }
  }
  return out;
}
/** The Bucharest day of an instant (every demo customer lives in RO). */
const bucharestDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-invoices-')), 'db.sqlite'), now: () => now, accessTokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());
beforeEach(() => {
  // Each test an hour later.
  now += 60 * 60_000;
});
afterEach(() => vi.restoreAllMocks());

describe('the invoice lists (sandbox)', () => {
  it('the seed: 45 each way between invoices@ and invoices-business@, newest sent first, 20 a page; the company also has three from the service', async () => {
    const person = await signIn('invoices@brand1.test');
    const first = await received(person);
    expect(first).toMatchObject({ responseCode: '00', total: SEEDED_INVOICES_EACH_WAY });
    expect(first.invoices).toHaveLength(INVOICE_PAGE_SIZE);
    const third = await received(person, { pageNumber: 3, pageSize: 20 });
    expect(third.invoices).toHaveLength(SEEDED_INVOICES_EACH_WAY - 40);
    const all = [...first.invoices, ...(await received(person, { pageNumber: 2 })).invoices, ...third.invoices];
    expect(new Set(all.map((i: { id: number }) => i.id)).size).toBe(SEEDED_INVOICES_EACH_WAY);
    const dates = all.map((i: { sentDate: string }) => i.sentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.every((i: any) => i.payeeEmail === 'invoices-business@brand1.test' && i.payerEmail === 'invoices@brand1.test' && i.payeeName === 'Lumen Studio 1 Ltd' && i.payerName === 'Ana Demo 1')).toBe(true);
    // A person has no business approver: never payment pending.
    expect(new Set(all.map((i: { statusId: number }) => i.statusId))).toEqual(new Set([1, 2, 3]));
    expect(new Set(all.map((i: { currencyCode: string }) => i.currencyCode))).toEqual(new Set(['USD', 'EUR', 'RON']));
    expect(all.some((i: any) => i.statusId === 1 && i.dueDate < bucharestDay(new Date(now).toISOString()))).toBe(true);
    expect(all.some((i: any) => i.statusId === 1 && i.dueDate >= bucharestDay(new Date(now).toISOString()))).toBe(true);
    expect(all.some((i: any) => i.statusId === 3 && i.rejectionNote)).toBe(true);
    const paid = all.find((i: any) => i.statusId === 2)!;
    expect(paid).toMatchObject({ payerAccountId: accountOf('invoices@brand1.test', paid.currencyCode).id, feePayment: p2pFee(paid.amount, paid.currencyCode) });
    expect(cents(paid.total)).toBe(cents(paid.amount) + cents(paid.feePayment));
    const unpaid = all.find((i: any) => i.statusId === 1)!;
    expect(unpaid).toMatchObject({ feePayment: '0.00', total: unpaid.amount, payerAccountId: null, status: 'Unpaid', isFunding: false, isSystem: false, urlPdf: `/invoices/${unpaid.id}/pdf` });

    expect((await sent(person)).total).toBe(SEEDED_INVOICES_EACH_WAY);
    const company = await signIn('invoices-business@brand1.test');
    const companyReceived = await received(company, { pageSize: 100 });
    expect(companyReceived.total).toBe(SEEDED_INVOICES_EACH_WAY + 3);
    expect(new Set(companyReceived.invoices.map((i: { statusId: number }) => i.statusId))).toEqual(new Set([1, 2, 3, 4]));
    const system = companyReceived.invoices.filter((i: { isSystem: boolean }) => i.isSystem);
    expect(system.map((i: any) => [i.isFunding, i.statusId, i.amount, i.payeeName, i.payeeEmail])).toEqual(
      expect.arrayContaining([
        [true, 1, '2500.00', 'Northbridge Payments Ltd', 'funding@northbridgepay.example'],
        [true, 2, '5000.00', 'Northbridge Payments Ltd', 'funding@northbridgepay.example'],
        [false, 2, '120.00', 'Northbridge Payments Ltd', 'billing@northbridgepay.example'],
      ]),
    );
    expect(system).toHaveLength(3);
  });

  it('status in words in the request’s language, as each side says it: the sender of an unpaid invoice awaits its payment', async () => {
    const person = await signIn('invoices@brand1.test');
    const words = async (list: typeof received, statusId: number, language?: string) =>
      (await list(person, { status: statusId, pageSize: 1 }, language ? { 'Accept-Language': language } : {})).invoices[0].status;
    expect(await words(received, 1)).toBe('Unpaid');
    expect(await words(sent, 1)).toBe('Awaiting payment');
    expect(await words(received, 2)).toBe('Paid');
    expect(await words(sent, 3)).toBe('Rejected');
    expect(await words(received, 1, 'ru')).toBe('Не оплачен');
    expect(await words(sent, 1, 'pt')).toBe('A aguardar pagamento');
    expect(await words(sent, 2, 'uk')).toBe('Оплачено');
    const company = await signIn('invoices-business@brand1.test');
    expect((await received(company, { status: 4, pageSize: 1 })).invoices[0].status).toBe('Payment pending');
    expect((await sent(person, { status: 4, pageSize: 1 }, { 'Accept-Language': 'es' })).invoices[0].status).toBe('Pago en trámite');
  });

  it('filters: status, the amount range (inclusive, exact), the other party’s e-mail in part and any case', async () => {
    const person = await signIn('invoices@brand2.test');
    const everything = (await received(person, { pageSize: 100 })).invoices as any[];
    for (const statusId of [1, 2, 3]) {
      const page = await received(person, { status: statusId, pageSize: 100 });
      expect(page.total).toBe(everything.filter((i) => i.statusId === statusId).length);
      expect(page.invoices.every((i: { statusId: number }) => i.statusId === statusId)).toBe(true);
    }
    expect((await received(person, { status: 4 })).total).toBe(0);
    const one = everything[7];
    // Both ends inclusive, the same amount written with fewer decimals.
    const exact = await received(person, { fromAmount: one.amount, toAmount: one.amount, pageSize: 100 });
    expect(exact.invoices.map((i: { id: number }) => i.id)).toContain(one.id);
    expect(exact.invoices.every((i: { amount: string }) => cents(i.amount) === cents(one.amount))).toBe(true);
    const [whole, fraction] = one.amount.split('.');
    if (fraction.endsWith('0')) expect((await received(person, { fromAmount: `${whole}.${fraction[0]}`, toAmount: `${whole}.${fraction[0]}` })).total).toBe(exact.total);
    const above = everything.filter((i) => cents(i.amount) >= 100_000n).length;
    expect((await received(person, { fromAmount: '1000' })).total).toBe(above);
    expect((await received(person, { toAmount: '999.99' })).total).toBe(everything.length - above);
    expect((await received(person, { fromAmount: '1000.01', toAmount: '1000' })).responseCode).toBe('VF');
    // The other party: the sender on Received (payeeEmail), the payer on Sent (payerEmail).
    expect((await received(person, { payeeEmail: 'LUMEN' })).total).toBe(0);
    expect((await received(person, { payeeEmail: 'INVOICES-Business@' })).total).toBe(SEEDED_INVOICES_EACH_WAY);
    expect((await sent(person, { payerEmail: 'business@brand2' })).total).toBe(SEEDED_INVOICES_EACH_WAY);
    expect((await sent(person, { payerEmail: 'nobody@' })).total).toBe(0);
    // % and _ are letters, not wildcards.
    expect((await sent(person, { payerEmail: '%' })).total).toBe(0);
    expect((await sent(person, { payerEmail: 'invoices_business' })).total).toBe(0);
  });

  it('fromDate and toDate are days of the sent time in the customer’s time zone (Bucharest), both inclusive', async () => {
    // 22:30 UTC on 20 December is 00:30 on the 21st in Bucharest.
    now = Date.parse('2026-12-20T22:30:00Z');
    const person = await signIn('invoices@brand3.test');
    const created = await call(person, 'invoiceCreate', { toEmail: 'invoices-business@brand3.test', amount: '10.00', currency: 'USD', dueDate: '2026-12-21', requestId: requestId() });
    expect(created).toMatchObject({ responseCode: '00', invoice: { sentDate: '2026-12-20T22:30:00.000Z' } });
    const id = created.invoice.id as number;
    const ids = async (range: Record<string, string>) => (await sent(person, { ...range, pageSize: 100 })).invoices.map((i: { id: number }) => i.id) as number[];
    expect(await ids({ fromDate: '2026-12-21', toDate: '2026-12-21' })).toEqual([id]);
    expect(await ids({ fromDate: '2026-12-21' })).toEqual([id]);
    expect(await ids({ toDate: '2026-12-20' })).not.toContain(id);
    expect(await ids({ fromDate: '2026-12-20', toDate: '2026-12-20' })).not.toContain(id);
    // A seeded one, by its own Bucharest day.
    const seeded = (await sent(person, { pageNumber: 2 })).invoices[3];
    const day = bucharestDay(seeded.sentDate);
    expect(await ids({ fromDate: day, toDate: day })).toContain(seeded.id);
  });

  it('ranges out of order and amounts that are not amounts are refused by param (VF), in the request’s language', async () => {
    const person = await signIn('invoices@brand1.test');
    expect(vfOf(await received(person, { fromDate: '2026-11-20', toDate: '2026-11-19' }))).toEqual([['toDate', 'The end date must not be before the start date']]);
    expect(vfOf(await sent(person, { fromAmount: '50.01', toAmount: '50' }))).toEqual([['toAmount', 'The largest amount is below the smallest']]);
    expect(vfOf(await sent(person, { fromAmount: '-5' }))).toEqual([['fromAmount', 'Enter an amount of zero or more']]);
    const ru = await main(person, 'invoiceReceivedList', { fromAmount: '2', toAmount: '1' }, { 'Accept-Language': 'ru' });
    expect(ru.language).toBe('ru');
    expect(vfOf(ru.body)).toEqual([['toAmount', SANDBOX_TEXTS.ru['The largest amount is below the smallest']]]);
    // One day, and one amount, are ranges.
    expect((await received(person, { fromDate: '2026-11-20', toDate: '2026-11-20' })).responseCode).toBe('00');
    expect((await received(person, { fromAmount: '5', toAmount: '5.00' })).responseCode).toBe('00');
  });
});

describe('one invoice and who may read it (sandbox)', () => {
  it('its payee and its payer read it, each with their word for the status; anyone else: UE; a company not theirs: ENOA', async () => {
    const person = await signIn('invoices@brand1.test');
    const company = await signIn('invoices-business@brand1.test');
    const invoice = (await received(person, { status: 1, pageSize: 1 })).invoices[0];
    expect(await getInvoice(person, invoice.id)).toEqual({ responseCode: '00', invoice });
    expect(await getInvoice(company, invoice.id)).toEqual({ responseCode: '00', invoice: { ...invoice, status: 'Awaiting payment' } });
    expect(await getInvoice(await signIn('personal@brand1.test'), invoice.id)).toEqual(refusal('No such invoice'));
    expect(await getInvoice(person, 1)).toEqual(refusal('No such invoice'));
    // The company's users read its invoices; nobody else's.
    const initiator = await signIn('invoices-initiator@brand1.test');
    expect((await getInvoice(initiator, invoice.id, { fromCustomerId: idOf('invoices-business@brand1.test') })).invoice.id).toBe(invoice.id);
    expect(await getInvoice(initiator, invoice.id)).toEqual(refusal('No such invoice'));
    expect(await getInvoice(initiator, invoice.id, { fromCustomerId: idOf('business@brand1.test') })).toEqual(refusal('You cannot act for this customer', 'ENOA'));
    expect((await received(initiator, { fromCustomerId: idOf('business@brand1.test') })).responseCode).toBe('ENOA');
  });
});

describe('creating an invoice (sandbox)', () => {
  it('to another customer: the creator is the payee (their account in the currency), zero fee until paid, the payer told on the realtime channel; once per requestId', async () => {
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    const person = await signIn('invoices@brand4.test');
    const body = { toEmail: 'INVOICES-business@brand4.test', amount: 125.5, currency: 'EUR', dueDate: '2026-12-31', noteBody: '  Consulting, December  ', requestId: requestId() };
    const first = await call(person, 'invoiceCreate', body);
    expect(first).toEqual({
      responseCode: '00',
      invoice: {
        id: expect.any(Number),
        payeeName: 'Ana Demo 4',
        payerName: 'Lumen Studio 4 Ltd',
        payeeEmail: 'invoices@brand4.test',
        payerEmail: 'invoices-business@brand4.test',
        payeeAccountId: accountOf('invoices@brand4.test', 'EUR').id,
        payerAccountId: null,
        amount: '125.50',
        currencyCode: 'EUR',
        total: '125.50',
        feePayment: '0.00',
        dueDate: '2026-12-31',
        sentDate: new Date(now).toISOString(),
        updatedDate: new Date(now).toISOString(),
        statusId: 1,
        status: 'Awaiting payment',
        noteBody: 'Consulting, December',
        rejectionNote: null,
        isFunding: false,
        isSystem: false,
        urlPdf: `/invoices/${first.invoice.id}/pdf`,
      },
    });
    const payer = idOf('invoices-business@brand4.test');
    expect(told).toHaveBeenCalledWith(payer, { type: 'invoice.received', id: `invoice-${first.invoice.id}-received`, invoiceId: first.invoice.id });
    // The same request again: the first reply, nothing new (no second invoice, no second message).
    expect(await call(person, 'invoiceCreate', body)).toEqual(first);
    expect(told.mock.calls.filter(([, message]) => (message as { type: string }).type === 'invoice.received')).toHaveLength(1);
    expect((await sent(person, { payerEmail: 'invoices-business', fromAmount: '125.5', toAmount: '125.5' })).total).toBe(1);
    // Other details with it: 422, nothing done.
    const res = await main(person, 'invoiceCreate', { ...body, amount: 125.51 });
    expect({ status: res.status, message: res.body.message, param: res.body.validationErrors[0].param }).toEqual({ status: 422, message: REUSED_WITH_OTHER_DETAILS.message, param: 'requestId' });
    // The payer sees it, as unpaid.
    const company = await signIn('invoices-business@brand4.test');
    expect((await received(company, { pageSize: 1 })).invoices[0]).toMatchObject({ id: first.invoice.id, status: 'Unpaid' });
  });

  it('each refusal by param with the service’s words; the largest amount is the p2p maximum', async () => {
    const person = await signIn('invoices@brand1.test');
    const create = (fields: Record<string, unknown>) =>
      call(person, 'invoiceCreate', { toEmail: 'invoices-business@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId(), ...fields });
    expect(vfOf(await create({ toEmail: '' }))).toEqual([['toEmail', 'Enter an e-mail address']]);
    expect(vfOf(await create({ toEmail: 'a@b' }))).toEqual([['toEmail', 'Enter a valid e-mail address']]);
    expect(vfOf(await create({ toEmail: 'Invoices@Brand1.test' }))).toEqual([['toEmail', 'Choose someone else: this is your own e-mail']]);
    expect(vfOf(await create({ toEmail: 'invoices.payments@brand1.test' }))).toEqual([['toEmail', 'Choose someone else: this is your own e-mail']]);
    expect(vfOf(await create({ amount: 0 }))).toEqual([['amount', 'Enter an amount above zero']]);
    expect(vfOf(await create({ amount: -5 }))).toEqual([['amount', 'Enter the amount in digits, with a point before the decimals']]);
    expect(vfOf(await create({ amount: 1.234 }))).toEqual([['amount', 'At most 2 decimals in USD']]);
    expect(vfOf(await create({ amount: 10000.01 }))).toEqual([['amount', 'The largest amount is 10000.00 USD']]);
    expect((await create({ amount: 10000 })).responseCode).toBe('00');
    expect(vfOf(await create({ currency: 'GBP' }))).toEqual([['currency', 'You have no open account in this currency']]);
    // Not a calendar day: the contract's date format refuses it (400) before the rule.
    expect((await main(person, 'invoiceCreate', { toEmail: 'invoices-business@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-02-30', requestId: requestId() })).status).toBe(400);
    expect((await create({ noteBody: 'x'.repeat(500) })).responseCode).toBe('00');
    // Everything at once: each field its own.
    expect(vfOf(await create({ toEmail: 'invoices@brand1.test', amount: 0, currency: 'GBP' }))).toEqual([
      ['toEmail', 'Choose someone else: this is your own e-mail'],
      ['amount', 'Enter an amount above zero'],
      ['currency', 'You have no open account in this currency'],
    ]);
    // Over the contract's 500 characters: the request breaks the contract (400) before the rule.
    expect((await main(person, 'invoiceCreate', { toEmail: 'invoices-business@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-12-31', noteBody: 'x'.repeat(501), requestId: requestId() })).status).toBe(400);
    // In Romanian.
    const ro = await main(person, 'invoiceCreate', { toEmail: 'invoices-business@brand1.test', amount: 10, currency: 'GBP', dueDate: '2026-12-31', requestId: requestId() }, { 'Accept-Language': 'ro' });
    expect(vfOf(ro.body)).toEqual([['currency', SANDBOX_TEXTS.ro['You have no open account in this currency']]]);
  });

  it('the due date is today or later in the creator’s time zone (Bucharest)', async () => {
    // 22:30 UTC on 27 December: already the 28th in Bucharest.
    now = Date.parse('2026-12-27T22:30:00Z');
    const person = await signIn('invoices@brand5.test');
    const create = (dueDate: string) => call(person, 'invoiceCreate', { toEmail: 'invoices-business@brand5.test', amount: 10, currency: 'USD', dueDate, requestId: requestId() });
    expect(vfOf(await create('2026-12-27'))).toEqual([['dueDate', 'The due date cannot be before today']]);
    expect((await create('2026-12-28')).responseCode).toBe('00');
  });

  it('an e-mail no customer has (or an admin’s): UE; an employee cannot pay invoices; someone on the creator’s payout blacklist can be invoiced', async () => {
    const person = await signIn('invoices@brand1.test');
    const create = (toEmail: string) => call(person, 'invoiceCreate', { toEmail, amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() });
    expect(await create('nobody@example.com')).toEqual(refusal('There is no customer with this e-mail'));
    expect(await create('admin@brand1.test')).toEqual(refusal('There is no customer with this e-mail'));
    expect(await create('approver@brand1.test')).toEqual(refusal('This customer cannot pay invoices'));
    const ru = await main(person, 'invoiceCreate', { toEmail: 'nobody@example.com', amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() }, { 'Accept-Language': 'ru' });
    expect(ru.body).toEqual(refusal(SANDBOX_TEXTS.ru['There is no customer with this e-mail']!));
    // security-lists@ blacklists direct@ for every payout: an invoice to them is still sent (the app warns).
    const lists = await signIn('security-lists@brand1.test');
    expect((await call(lists, 'invoiceCreate', { toEmail: 'direct@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() })).responseCode).toBe('00');
  });

  it('a company’s user without transfer rights may not create, reject or ask for funding; an admin neither', async () => {
    const noRights = await signIn('no-rights@brand1.test');
    const company = idOf('business@brand1.test');
    const refused = refusal('Your access rights do not allow transfers', '13');
    expect(await call(noRights, 'invoiceCreate', { fromCustomerId: company, toEmail: 'invoices@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() })).toMatchObject(refused);
    expect(await call(noRights, 'invoiceReject', { fromCustomerId: company, invoiceId: 1, requestId: requestId() })).toMatchObject(refused);
    expect(await call(noRights, 'fundingInvoiceCreate', { fromCustomerId: company, amount: 10, requestId: requestId() })).toMatchObject(refused);
    // Reading is fine.
    expect((await received(noRights, { fromCustomerId: company })).responseCode).toBe('00');
    // An admin moves nobody's money: not for a customer they administer (personal@, issue 52), and
    // for one they do not (invoices@ is not among admin@'s seeded 30) they may not act at all.
    const admin = await signIn('admin@brand1.test');
    expect(await call(admin, 'invoiceCreate', { fromCustomerId: idOf('personal@brand1.test'), toEmail: 'invoices-business@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() })).toMatchObject(refused);
    expect(await call(admin, 'invoiceCreate', { fromCustomerId: idOf('invoices@brand1.test'), toEmail: 'invoices-business@brand1.test', amount: 10, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() })).toEqual({
      responseCode: 'ENOA',
      responseDescription: 'You cannot act for this customer',
    });
  });
});

describe('rejecting an invoice (sandbox)', () => {
  it('the payer rejects an unpaid invoice with a note: rejected on both sides, the note reaches the sender, who is told; once per requestId', async () => {
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    const person = await signIn('invoices@brand2.test');
    const company = await signIn('invoices-business@brand2.test');
    const invoice = (await received(person, { status: 1, pageSize: 1 })).invoices[0];
    const body = { invoiceId: invoice.id, note: ' We never ordered this ', requestId: requestId() };
    const first = await call(person, 'invoiceReject', body);
    expect(first).toEqual({ responseCode: '00', invoice: { ...invoice, statusId: 3, status: 'Rejected', rejectionNote: 'We never ordered this', updatedDate: new Date(now).toISOString() } });
    expect((await getInvoice(company, invoice.id)).invoice).toMatchObject({ statusId: 3, status: 'Rejected', rejectionNote: 'We never ordered this' });
    expect(told).toHaveBeenCalledWith(idOf('invoices-business@brand2.test'), { type: 'invoice.rejected', id: `invoice-${invoice.id}-rejected`, invoiceId: invoice.id });
    now += 60_000;
    expect(await call(person, 'invoiceReject', body)).toEqual(first);
    const res = await main(person, 'invoiceReject', { ...body, note: 'Other words' });
    expect(res.status).toBe(422);
    // A second rejection, or paying it now: it no longer waits.
    expect(await call(person, 'invoiceReject', { invoiceId: invoice.id, requestId: requestId() })).toEqual(refusal('This invoice is no longer waiting for payment'));
  });

  it('without a note; only its payer; never a paid one, nor one from the service; over 500 characters breaks the contract', async () => {
    const person = await signIn('invoices@brand3.test');
    const company = await signIn('invoices-business@brand3.test');
    const [a, b] = (await received(person, { status: 1, pageSize: 2 })).invoices;
    expect(await call(company, 'invoiceReject', { invoiceId: a.id, requestId: requestId() })).toEqual(refusal('Only the customer asked to pay an invoice can reject it'));
    expect(await call(await signIn('personal@brand3.test'), 'invoiceReject', { invoiceId: a.id, requestId: requestId() })).toEqual(refusal('No such invoice'));
    expect((await main(person, 'invoiceReject', { invoiceId: a.id, note: 'x'.repeat(501), requestId: requestId() })).status).toBe(400);
    expect((await call(person, 'invoiceReject', { invoiceId: a.id, note: 'x'.repeat(500), requestId: requestId() })).invoice.rejectionNote).toHaveLength(500);
    expect((await call(person, 'invoiceReject', { invoiceId: b.id, requestId: requestId() })).invoice).toMatchObject({ statusId: 3, rejectionNote: null });
    const paid = (await received(person, { status: 2, pageSize: 1 })).invoices[0];
    expect(await call(person, 'invoiceReject', { invoiceId: paid.id, requestId: requestId() })).toEqual(refusal('This invoice is no longer waiting for payment'));
    const system = ((await received(company, { pageSize: 100 })).invoices as any[]).filter((i) => i.isSystem);
    expect(system.map((i) => [i.isFunding, i.statusId])).toEqual(expect.arrayContaining([[true, 1], [true, 2], [false, 2]]));
    for (const invoice of system) expect(await call(company, 'invoiceReject', { invoiceId: invoice.id, requestId: requestId() })).toEqual(refusal('An invoice from the service cannot be rejected'));
  });
});

describe('paying an invoice with a p2p transfer (sandbox)', () => {
  const pay = (token: string, invoice: any, accountId: number, fields: Record<string, unknown> = {}) =>
    call(token, 'p2pTransfer', { accountId, toEmail: invoice.payeeEmail, amount: invoice.amount, currency: invoice.currencyCode, invoiceId: invoice.id, requestId: requestId(), ...fields });

  it('moves the money once, even when the same request comes twice; paid on both sides with the account, the fee and the total', async () => {
    const person = await signIn('invoices@brand5.test');
    const company = await signIn('invoices-business@brand5.test');
    const invoice = ((await received(person, { status: 1, pageSize: 100 })).invoices as any[]).find((i) => i.currencyCode === 'USD')!;
    const from = accountOf('invoices@brand5.test', 'USD');
    const to = accountOf('invoices-business@brand5.test', 'USD');
    const fee = p2pFee(invoice.amount, 'USD');
    const body = { accountId: from.id, toEmail: invoice.payeeEmail, amount: invoice.amount, currency: 'USD', invoiceId: invoice.id, requestId: requestId() };
    const first = await call(person, 'p2pTransfer', body);
    expect(first).toMatchObject({ responseCode: '00', status: 'completed', approveType: 'none' });
    expect(await call(person, 'p2pTransfer', body)).toEqual(first);
    expect(cents(balanceOf(from.id))).toBe(cents(from.balance) - cents(invoice.amount) - cents(fee));
    expect(cents(balanceOf(to.id))).toBe(cents(to.balance) + cents(invoice.amount));
    const paid = { statusId: 2, status: 'Paid', payerAccountId: from.id, feePayment: fee, total: money(cents(invoice.amount) + cents(fee)), updatedDate: new Date(now).toISOString() };
    expect((await getInvoice(person, invoice.id)).invoice).toEqual({ ...invoice, ...paid });
    expect((await getInvoice(company, invoice.id)).invoice).toEqual({ ...invoice, ...paid, status: 'Paid' });
    // Both sides' history names the invoice the transfer paid; the fee's row does not (home and /history show it as one).
    const rowsOf = async (token: string, accountId: number) => ((await call(token, 'transactionHistory', { accountId, pageNumber: 1, pageSize: 5 })).transactions as any[]).filter((t) => t.invoiceId !== undefined);
    expect(await rowsOf(person, from.id)).toEqual([expect.objectContaining({ type: 'p2p', amount: `-${invoice.amount}`, status: 'completed', invoiceId: invoice.id })]);
    expect(await rowsOf(company, to.id)).toEqual([expect.objectContaining({ type: 'p2p', amount: invoice.amount, status: 'completed', invoiceId: invoice.id })]);
    // Paid: not again, and not rejected.
    expect(await pay(person, invoice, from.id)).toEqual(refusal('This invoice is no longer waiting for payment'));
    expect(await call(person, 'invoiceReject', { invoiceId: invoice.id, requestId: requestId() })).toEqual(refusal('This invoice is no longer waiting for payment'));
  });

  it('only the invoice’s payer, only as issued: the recipient, the amount and the currency by param; never a funding invoice', async () => {
    const person = await signIn('invoices@brand6.test');
    const company = await signIn('invoices-business@brand6.test');
    const invoice = ((await received(person, { status: 1, pageSize: 100 })).invoices as any[]).find((i) => i.currencyCode === 'USD')!;
    const usd = accountOf('invoices@brand6.test', 'USD').id;
    const eur = accountOf('invoices@brand6.test', 'EUR').id;
    expect(vfOf(await pay(person, invoice, usd, { amount: '1.00' }))).toEqual([['amount', `Pay the amount of the invoice: ${invoice.amount} USD`]]);
    expect(vfOf(await pay(person, invoice, usd, { toEmail: 'personal@brand6.test' }))).toEqual([['toEmail', 'Pay the sender of the invoice: invoices-business@brand6.test']]);
    expect(vfOf(await pay(person, invoice, eur, { currency: 'EUR' }))).toEqual([['currency', 'Pay in the currency of the invoice: USD']]);
    expect(vfOf(await pay(person, invoice, usd, { subscriptionFrequency: 'monthly' }))).toEqual([['subscriptionFrequency', 'An invoice is paid once, not on a schedule']]);
    // The same amount written otherwise is the same amount.
    const sent = await call(company, 'invoiceCreate', { toEmail: 'invoices@brand6.test', amount: 40, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() });
    expect((await pay(person, sent.invoice, usd, { amount: '40.0', toEmail: 'Invoices-Business@brand6.test' })).responseCode).toBe('00');
    // Not the payer: the sender, or someone else.
    const other = ((await received(person, { status: 1, pageSize: 100 })).invoices as any[]).find((i) => i.currencyCode === 'USD')!;
    expect(await pay(company, other, accountOf('invoices-business@brand6.test', 'USD').id, { toEmail: 'invoices-business@brand6.test' })).toEqual(refusal('No such invoice'));
    expect(await pay(await signIn('personal@brand6.test'), other, accountOf('personal@brand6.test', 'USD').id)).toEqual(refusal('No such invoice'));
    expect(await pay(person, { ...other, id: 999_999 }, usd)).toEqual(refusal('No such invoice'));
    const funding = ((await received(company, { pageSize: 100 })).invoices as any[]).find((i) => i.isFunding && i.statusId === 1)!;
    expect(await pay(company, funding, accountOf('invoices-business@brand6.test', 'USD').id)).toEqual(refusal('A funding invoice is paid by bank transfer to the details on its PDF'));
    // In Portuguese.
    const pt = await main(person, 'p2pTransfer', { accountId: usd, toEmail: other.payeeEmail, amount: '1.00', currency: 'USD', invoiceId: other.id, requestId: requestId() }, { 'Accept-Language': 'pt' });
    expect(vfOf(pt.body)).toEqual([['amount', `Pague o valor da fatura: ${other.amount} USD`]]);
  });

  it('by a user who may only initiate: payment pending (4) until the owner decides; approved it is paid, declined it is unpaid again', async () => {
    const initiator = await signIn('invoices-initiator@brand4.test');
    const owner = await signIn('invoices-business@brand4.test');
    const person = await signIn('invoices@brand4.test');
    const companyId = idOf('invoices-business@brand4.test');
    const usd = accountOf('invoices-business@brand4.test', 'USD');
    const payee = accountOf('invoices@brand4.test', 'USD');
    const unpaid = ((await received(owner, { status: 1, pageSize: 100 })).invoices as any[]).filter((i) => i.currencyCode === 'USD' && !i.isSystem);
    const [approved, declined] = unpaid;
    const payAs = (invoice: any) => pay(initiator, invoice, usd.id, { fromCustomerId: companyId });
    const waiting = await payAs(approved);
    expect(waiting).toMatchObject({ responseCode: '00', status: 'pending', transactionRequestId: expect.any(Number) });
    expect((await getInvoice(owner, approved.id)).invoice).toMatchObject({ statusId: 4, status: 'Payment pending', payerAccountId: null });
    expect((await getInvoice(person, approved.id)).invoice).toMatchObject({ statusId: 4, status: 'Payment pending' });
    // Pending: neither paid again nor rejected meanwhile.
    expect(await pay(owner, approved, usd.id)).toEqual(refusal('This invoice is no longer waiting for payment'));
    expect(await call(owner, 'invoiceReject', { invoiceId: approved.id, requestId: requestId() })).toEqual(refusal('This invoice is no longer waiting for payment'));
    expect(cents(balanceOf(usd.id))).toBe(cents(usd.balance));
    // The owner approves: the money moves, the invoice is paid.
    const decided = await call(owner, 'transactionRequestApprove', { transactionIds: [waiting.transactionRequestId], declined: false, requestId: requestId() });
    expect(decided).toMatchObject({ responseCode: '00', decided: [waiting.transactionRequestId] });
    const fee = p2pFee(approved.amount, 'USD');
    expect((await getInvoice(person, approved.id)).invoice).toMatchObject({ statusId: 2, status: 'Paid', payerAccountId: usd.id, feePayment: fee });
    expect(cents(balanceOf(usd.id))).toBe(cents(usd.balance) - cents(approved.amount) - cents(fee));
    expect(cents(balanceOf(payee.id))).toBe(cents(payee.balance) + cents(approved.amount));
    // The row held while it waited is the payment: completed, and it names the invoice.
    const held = ((await call(owner, 'transactionHistory', { accountId: usd.id, pageNumber: 1, pageSize: 5 })).transactions as any[]).filter((t) => t.invoiceId === approved.id);
    expect(held).toEqual([expect.objectContaining({ type: 'p2p', amount: `-${approved.amount}`, status: 'completed' })]);
    // Another one declined: unpaid again, nothing moved; it can be paid afresh.
    const second = await payAs(declined);
    expect((await getInvoice(owner, declined.id)).invoice.statusId).toBe(4);
    const before = balanceOf(usd.id);
    await call(owner, 'transactionRequestApprove', { transactionIds: [second.transactionRequestId], declined: true, requestId: requestId() });
    expect((await getInvoice(owner, declined.id)).invoice).toMatchObject({ statusId: 1, status: 'Unpaid', payerAccountId: null, feePayment: '0.00' });
    expect(balanceOf(usd.id)).toBe(before);
    expect((await pay(owner, declined, usd.id)).responseCode).toBe('00');
    expect((await getInvoice(owner, declined.id)).invoice.statusId).toBe(2);
  });

  it('a seeded payment pending waits as the company’s request: approving it pays the invoice', async () => {
    const owner = await signIn('invoices-business@brand2.test');
    const pending = (await received(owner, { status: 4, pageSize: 100 })).invoices as any[];
    expect(pending).toHaveLength(5);
    const requests = (await call(owner, 'transactionRequestList', { pageNumber: 1, pageSize: 50, status: 'waiting' })).requests as any[];
    expect(requests.filter((r) => r.createdBy === 'invoices-initiator@brand2.test')).toHaveLength(5);
    const request = requests.find((r) => r.createdBy === 'invoices-initiator@brand2.test' && r.beneficiary === 'invoices@brand2.test' && r.amount === pending[0].amount)!;
    await call(owner, 'transactionRequestApprove', { transactionIds: [request.id], declined: false, requestId: requestId() });
    expect((await received(owner, { status: 4 })).total).toBe(4);
    expect(((await received(owner, { status: 2, pageSize: 100 })).invoices as any[]).some((i) => i.amount === request.amount && i.updatedDate === new Date(now).toISOString())).toBe(true);
  });

  it('held for the payer’s approval code it stays unpaid; a payment confirmed after another paid it fails and moves nothing', async () => {
    const payee = await signIn('invoices@brand1.test');
    const payer = await signIn('approve-sms@brand1.test');
    const invoice = (await call(payee, 'invoiceCreate', { toEmail: 'approve-sms@brand1.test', amount: 30, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() })).invoice;
    const usd = accountOf('approve-sms@brand1.test', 'USD');
    const first = await pay(payer, invoice, usd.id);
    const second = await pay(payer, invoice, usd.id);
    expect(first).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String) });
    expect((await getInvoice(payer, invoice.id)).invoice.statusId).toBe(1);
    const codes = ((await (await fetch(`${sb.url}/__sandbox/approvals?login=approve-sms@brand1.test`)).json()) as { approvals: { operationId: string; code: string }[] }).approvals;
    const codeOf = (operationId: string) => codes.find((a) => a.operationId === operationId)!.code;
    expect((await call(payer, 'approvePayment', { operationId: first.operationId, approvalCode: codeOf(first.operationId) })).responseCode).toBe('00');
    expect((await getInvoice(payee, invoice.id)).invoice).toMatchObject({ statusId: 2, payerAccountId: usd.id });
    const after = balanceOf(usd.id);
    expect(cents(after)).toBe(cents(usd.balance) - 3000n - cents(p2pFee('30.00', 'USD')));
    expect(await call(payer, 'approvePayment', { operationId: second.operationId, approvalCode: codeOf(second.operationId) })).toMatchObject({ responseCode: '13', responseDescription: 'This invoice is no longer waiting for payment' });
    expect(balanceOf(usd.id)).toBe(after);
  });
});

describe('the "unpaid invoice" limit (sandbox)', () => {
  it('invoices-overdue@ is limited (reason 2, nothing to send) while the invoice from the service is overdue; paying it to the service lifts the limit', async () => {
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    const token = await signIn('invoices-overdue@brand1.test');
    expect((await call(token, 'customerInfo')).customer.limited).toBe(true);
    expect((await call(token, 'customerLimitReasonGet')).reasons).toEqual([{ actionTypeId: 2, requirementDocuments: [] }]);
    const [invoice] = (await received(token)).invoices as any[];
    expect(invoice).toMatchObject({ isSystem: true, isFunding: false, statusId: 1, payeeEmail: 'billing@northbridgepay.example', amount: '35.00', currencyCode: 'EUR', payeeAccountId: null });
    expect(invoice.dueDate < bucharestDay(new Date(now).toISOString())).toBe(true);
    const eur = accountOf('invoices-overdue@brand1.test', 'EUR');
    const paid = await call(token, 'p2pTransfer', { accountId: eur.id, toEmail: 'billing@northbridgepay.example', amount: '35.00', currency: 'EUR', invoiceId: invoice.id, requestId: requestId() });
    expect(paid).toMatchObject({ responseCode: '00', status: 'completed' });
    // Paid to the service: the money leaves, no customer receives it.
    expect(cents(balanceOf(eur.id))).toBe(cents(eur.balance) - 3500n - cents(p2pFee('35.00', 'EUR')));
    expect((await getInvoice(token, invoice.id)).invoice).toMatchObject({ statusId: 2, payerAccountId: eur.id });
    expect((await call(token, 'customerInfo')).customer.limited).toBe(false);
    expect((await call(token, 'customerLimitReasonGet')).reasons).toEqual([]);
    expect(told).toHaveBeenCalledWith(idOf('invoices-overdue@brand1.test'), { type: 'verification.changed', id: `invoice-${invoice.id}-paid` });
    // Others are not limited by invoices: a person with overdue invoices from a customer, a company with a fee not yet due.
    expect((await call(await signIn('invoices@brand1.test'), 'customerInfo')).customer.limited).toBe(false);
    expect((await call(await signIn('invoices-business@brand1.test'), 'customerLimitReasonGet')).reasons).toEqual([]);
  });
});

describe('the business funding invoice (sandbox)', () => {
  it('a business asks for one in its first payment account’s currency: from the service (the brand’s regulated entity), due in 14 days; once per requestId', async () => {
    const token = await signIn('invoices-business@brand3.test');
    const body = { amount: 750, requestId: requestId() };
    const first = await call(token, 'fundingInvoiceCreate', body);
    expect(first).toEqual({
      responseCode: '00',
      invoice: expect.objectContaining({
        payeeName: regulatedEntityOf('brand3').name,
        payeeEmail: serviceAddress('brand3', 'funding'),
        payerName: 'Lumen Studio 3 Ltd',
        payerEmail: 'invoices-business@brand3.test',
        payeeAccountId: accountOf('invoices-business@brand3.test', 'USD').id,
        payerAccountId: null,
        amount: '750.00',
        currencyCode: 'USD',
        total: '750.00',
        feePayment: '0.00',
        statusId: 1,
        status: 'Unpaid',
        noteBody: null,
        isFunding: true,
        isSystem: true,
      }),
    });
    const today = bucharestDay(new Date(now).toISOString());
    expect(first.invoice.dueDate).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10));
    expect(await call(token, 'fundingInvoiceCreate', body)).toEqual(first);
    expect((await main(token, 'fundingInvoiceCreate', { ...body, amount: 751 })).status).toBe(422);
    expect((await received(token, { status: 1, fromAmount: '750', toAmount: '750' })).invoices.filter((i: { isFunding: boolean }) => i.isFunding)).toHaveLength(1);
  });

  it('refused: a person (UE), an amount that is not one by param', async () => {
    expect(await call(await signIn('invoices@brand1.test'), 'fundingInvoiceCreate', { amount: 100, requestId: requestId() })).toEqual(refusal('Only a business can ask for a funding invoice'));
    const token = await signIn('invoices-business@brand1.test');
    const ask = (amount: number) => call(token, 'fundingInvoiceCreate', { amount, requestId: requestId() });
    expect(vfOf(await ask(0))).toEqual([['amount', 'Enter an amount above zero']]);
    expect(vfOf(await ask(1.005))).toEqual([['amount', 'At most 2 decimals in USD']]);
    expect(vfOf(await ask(1000000.01))).toEqual([['amount', `The largest amount is ${MAX_FUNDING} USD`]]);
  });

  it('the fault switch: the failure the app shows (001 s8), in the request’s language, and the PDF of that business’s funding invoices fails; off again, both work', async () => {
    const token = await signIn('invoices-business@brand5.test');
    const funding = ((await received(token, { pageSize: 100 })).invoices as any[]).find((i) => i.isFunding)!;
    expect((await pdf(token, funding.id)).status).toBe(200);
    expect((await control('invoice-funding-fault', { userLogin: 'invoices-business@brand5.test', on: true })).status).toBe(200);
    const body = { amount: 300, requestId: requestId() };
    expect(await call(token, 'fundingInvoiceCreate', body)).toEqual(refusal(FUNDING_FAILED));
    expect((await main(token, 'fundingInvoiceCreate', { amount: 300, requestId: requestId() }, { 'Accept-Language': 'es' })).body).toEqual(refusal(SANDBOX_TEXTS.es[FUNDING_FAILED]!));
    const failed = await pdf(token, funding.id);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: FUNDING_FAILED });
    // Other invoices' PDFs are made.
    const plain = ((await received(token, { pageSize: 100 })).invoices as any[]).find((i) => !i.isFunding)!;
    expect((await pdf(token, plain.id)).status).toBe(200);
    // Every fault removed: it works again, and the same requestId may try again (a failure is not kept).
    expect((await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(token, 'fundingInvoiceCreate', body)).responseCode).toBe('00');
    expect((await pdf(token, funding.id)).status).toBe(200);
    expect((await control('invoice-funding-fault', { userLogin: 'nobody@brand5.test', on: true })).status).toBe(404);
  });
});

describe('the invoice PDF (documents service)', () => {
  it('a real PDF for the payee and the payer, with the parties, amounts, dates, status, notes and the regulated entity; 404 for anyone else; 401 without a session', async () => {
    const person = await signIn('invoices@brand1.test');
    const company = await signIn('invoices-business@brand1.test');
    const invoice = ((await received(person, { status: 3, pageSize: 100 })).invoices as any[]).find((i) => i.rejectionNote && i.noteBody)!;
    for (const token of [person, company]) {
      const res = await pdf(token, invoice.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.id}.pdf"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = pdfText(bytes);
      for (const part of [`Invoice ${invoice.id}`, 'Lumen Studio 1 Ltd', 'invoices@brand1.test', `Amount: ${invoice.amount} ${invoice.currencyCode}`, `Due: ${invoice.dueDate}`, 'Status: Rejected', 'Rejection note:', 'Northbridge Payments Ltd', 'EMI-204771']) {
        expect(text).toContain(part);
      }
    }
    expect((await pdf(await signIn('personal@brand1.test'), invoice.id)).status).toBe(404);
    expect((await pdf(person, 999_999)).status).toBe(404);
    expect((await pdf(null, invoice.id)).status).toBe(401);
    // A funding invoice says so, with the bank details to pay it to.
    const funding = ((await received(company, { pageSize: 100 })).invoices as any[]).find((i) => i.isFunding)!;
    const text = pdfText(new Uint8Array(await (await pdf(company, funding.id)).arrayBuffer()));
    expect(text).toContain(`Funding invoice ${funding.id}`);
    expect(text).toContain('FUNDING INVOICE');
    expect(text).toContain(`INV-${funding.id}`);
  });
});

describe('restoring the seed (POST /__sandbox/sign-in-state)', () => {
  it('gives a customer their seeded invoices back (the other party’s with them), a payment pending with its request, and the funding fault off', async () => {
    const person = await signIn('invoices@brand6.test');
    const owner = await signIn('invoices-business@brand6.test');
    const counts = async (token: string, list: typeof received) => {
      const all = (await list(token, { pageSize: 100 })).invoices as { statusId: number; isSystem: boolean }[];
      return [1, 2, 3, 4].map((s) => all.filter((i) => i.statusId === s && !i.isSystem).length);
    };
    // By statusId 1–4, as sandbox/seed-invoices.ts spreads them over 45 each way.
    const seeded = { received: [17, 17, 11, 0], sent: [15, 15, 10, 5] };
    const unpaid = (await received(person, { status: 1 })).invoices[0];
    await call(person, 'invoiceReject', { invoiceId: unpaid.id, requestId: requestId() });
    await call(person, 'invoiceCreate', { toEmail: 'invoices-business@brand6.test', amount: 5, currency: 'USD', dueDate: '2026-12-31', requestId: requestId() });
    await control('invoice-funding-fault', { userLogin: 'invoices-business@brand6.test', on: true });
    expect(await counts(person, received)).not.toEqual(seeded.received);
    const requestsBefore = (await call(owner, 'transactionRequestList', { pageNumber: 1, pageSize: 50, status: 'waiting' })).total;

    expect((await control('sign-in-state', { userLogin: 'invoices@brand6.test' })).status).toBe(200);
    expect({ received: await counts(person, received), sent: await counts(person, sent) }).toEqual(seeded);
    expect((await received(person, { pageSize: 100 })).invoices.map((i: { id: number }) => i.id)).not.toContain(unpaid.id);
    // The company's payments pending are waiting requests again (the old ones went with their invoices).
    expect((await call(owner, 'transactionRequestList', { pageNumber: 1, pageSize: 50, status: 'waiting' })).total).toBe(requestsBefore);
    // The company's own invoices from the service were not touched (not invoices@'s), and its fault is its own.
    expect(((await received(owner, { pageSize: 100 })).invoices as any[]).filter((i) => i.isSystem)).toHaveLength(3);
    expect((await call(owner, 'fundingInvoiceCreate', { amount: 10, requestId: requestId() })).responseDescription).toBe(FUNDING_FAILED);
    await control('sign-in-state', { userLogin: 'invoices-business@brand6.test' });
    expect(((await received(owner, { pageSize: 100 })).invoices as any[]).filter((i) => i.isSystem)).toHaveLength(3);
    expect((await call(owner, 'fundingInvoiceCreate', { amount: 10, requestId: requestId() })).responseCode).toBe('00');
  });
});
