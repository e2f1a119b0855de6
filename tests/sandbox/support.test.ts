// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { CONVERSATION_LIMIT, OLD_TICKET_WINDOW_MS, TICKET_PAGE_SIZE, ticketStatusId, type TicketStatusId } from '../../machines/support/ticket-status.rules';
import {
  CONTENT_TEXT,
  CONVERSATIONS_TEXT,
  DEPARTMENT_TEXT,
  FIELD_REQUIRED,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  FILE_TYPE,
  LIST_TEXT,
  NO_SUCH_ATTACHMENT,
  NO_SUCH_THREAD,
  NO_SUCH_TICKET,
  NOT_LISTED,
  PHONE_TEXT,
  STATUS_TEXT,
  tooLong,
  tooManyFiles,
  UNKNOWN_FIELD,
  UPLOAD_GONE,
} from '../../sandbox/handlers/helpdesk.ts';
import { CANNOT_ACT, TICKET_NUMBER_TEXT, WIDGET_TEXT } from '../../sandbox/handlers/support.ts';
import { SANDBOX_MESSAGES } from '../../sandbox/messages.ts';
import { SEEDED_TICKETS, seededTicketNumber } from '../../sandbox/seed-support.ts';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { ATTACHMENT_MAX_BYTES, COMPOSE_SETTINGS, DEPARTMENTS, TICKET_FIELDS } from '../../sandbox/support-store.ts';
import { SUPPORT_TOKEN_TTL_MS } from '../../sandbox/support-token.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { samplePdf, samplePng } from '../support/sample-files';
import { contractsClient, refusal } from './contracts-client';

/**
 * Support tickets (issue 60): the bank's own support service (sandbox/handlers/support.ts: the
 * support token, the agent, the stats, the tickets by number; bearer token, acting for a company)
 * and the help desk (sandbox/handlers/helpdesk.ts: authenticated by the support token in
 * `jwt_token` only), on sandbox/support-store.ts with the seed of sandbox/seed-support.ts, the
 * display status by the app's own rule (machines/support/ticket-status.rules.ts), and the control
 * API's agent reply, clock, agent page and sign-in state restore.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The sandbox's clock: it only moves forward (09:00 UTC: the agent is available). */
let clock = Date.parse('2026-12-01T09:00:00Z');

let sb: Sandbox;
const S = 'support@brand1.test';
const EMPTY = 'support-empty@brand1.test';
const OTHER = 'support@brand2.test';
const DESK = 'support@northbridgepay.example';
const WIDGET = 'web-app-widget';

const { post, tokenOf, forget, idOf } = contractsClient(() => sb);

type Options = { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> };

/** A support-service call as `login` (no bearer for null): status, body, headers. */
async function sp(login: string | null, path: string, options: Options = {}) {
  const url = new URL(`${sb.url}/support${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const res = await fetch(url, { headers: { ...(login ? { Authorization: `Bearer ${await tokenOf(login)}` } : {}), ...options.headers } });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

/** A fresh support token of `login` (acting for `fromCustomerId` when given). */
async function jwtOf(login: string, fromCustomerId?: number): Promise<string> {
  const reply = await sp(login, '/zoho/jwt', { query: { widgetId: WIDGET, ...(fromCustomerId === undefined ? {} : { fromCustomerId }) } });
  if (reply.status !== 200) throw new Error(`supportToken of ${login}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.token as string;
}

/** A help desk call with a support token (none for null; a login's fresh one for a login). */
async function hdRaw(token: string | null, method: string, path: string, options: Options & { form?: FormData } = {}) {
  const url = new URL(`${sb.url}/helpdesk${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...(token === null ? {} : { jwt_token: token }), ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers };
  const body = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
}
async function hd(login: string | null, method: string, path: string, options: Options & { form?: FormData } = {}) {
  const res = await hdRaw(login === null ? null : await jwtOf(login), method, path, options);
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: (type.includes('json') ? await res.json() : new Uint8Array(await res.arrayBuffer())) as any, headers: res.headers };
}
async function ok(login: string, method: string, path: string, options: Options & { form?: FormData } = {}): Promise<any> {
  const reply = await hd(login, method, path, options);
  if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const fieldRefusal = (...issues: [string, string][]) => ({ status: 400, body: { message: issues[0]![1], validationErrors: issues.map(([param, description]) => ({ param, description })) } });
const answerOf = async (login: string, method: string, path: string, options: Options & { form?: FormData } = {}) => {
  const { status, body } = await hd(login, method, path, options);
  return { status, body };
};

/** Every ticket of a login, the most recently changed first. */
const allTickets = async (login: string): Promise<any[]> => (await ok(login, 'GET', '/tickets', { query: { limit: 100 } })).data;
const ticketByNumber = async (login: string, number: number | string): Promise<any> => (await allTickets(login)).find((t) => t.ticketNumber === String(number));
const statsOf = async (login: string) => (await sp(login, '/zoho/tickets/stats')).body;

/** An upload of `login`: the reply. */
async function upload(login: string, name: string, type: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return answerOf(login, 'POST', '/uploads', { form });
}

let requests = 0;
const requestId = () => `support-${(requests += 1).toString().padStart(4, '0')}-test`;
const newTicket = (fields: Record<string, string> = {}, extra: Record<string, unknown> = {}) => ({
  requestId: requestId(),
  fields: { subject: 'Card arrived damaged', description: 'The card arrived bent.', ...fields },
  uploadIds: [],
  ...extra,
});

/** The seeded counts by display status. */
const seededCount = (status: TicketStatusId) => SEEDED_TICKETS.filter((t) => t.expected === status).length;
const SEEDED_STATS = { all: SEEDED_TICKETS.length, open: seededCount('open'), new: seededCount('new'), closed: seededCount('closed') };

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-support-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 60 * 86_400 });
});
afterAll(() => sb.close());

describe('the seed (every display status at the seed clock)', () => {
  it('support@: 28 tickets 10401–10428, 13 open, 6 new, 9 closed; the hand-written status of each is the rule’s', async () => {
    expect(SEEDED_STATS).toEqual({ all: 28, open: 13, new: 6, closed: 9 });
    expect(await statsOf(S)).toEqual(SEEDED_STATS);
    expect(await statsOf(OTHER)).toEqual(SEEDED_STATS);
    const tickets = await allTickets(S);
    expect(tickets.map((t) => t.ticketNumber).sort()).toEqual(SEEDED_TICKETS.map((t) => String(seededTicketNumber(t.n))).sort());
    for (const seeded of SEEDED_TICKETS) {
      const ticket = tickets.find((t) => t.ticketNumber === String(seededTicketNumber(seeded.n)))!;
      expect([seeded.n, ticket.statusId], seeded.subject).toEqual([seeded.n, seeded.expected]);
      // The reply's statusId is the rule's, computed again here from the same fields.
      expect(ticketStatusId(ticket, S, clock)).toBe(ticket.statusId);
      expect(ticket).toMatchObject({ subject: seeded.subject, status: seeded.status });
    }
  });

  it('the 2-week edge: an agent reply exactly 14 days old is new, 14 days and 1 minute old open; a read one open; Closed-No-Reply new until read', async () => {
    const t14 = await ticketByNumber(S, 10415);
    const t14m = await ticketByNumber(S, 10414);
    expect(clock - Date.parse(t14.lastThread.createdAt)).toBe(OLD_TICKET_WINDOW_MS);
    expect(clock - Date.parse(t14m.lastThread.createdAt)).toBe(OLD_TICKET_WINDOW_MS + MINUTE);
    expect([t14.statusId, t14m.statusId]).toEqual(['new', 'open']);
    expect(t14.lastThread.to).toBe(S);
    const read = await ticketByNumber(S, 10419);
    expect(Date.parse(read.cf.cf_read_at)).toBeGreaterThan(Date.parse(read.lastThread.createdAt));
    expect(read.statusId).toBe('open');
    expect(await ticketByNumber(S, 10417)).toMatchObject({ status: 'Closed-No-Reply', statusId: 'new', cf: { cf_read_at: null } });
    expect(await ticketByNumber(S, 10406)).toMatchObject({ status: 'Closed-No-Reply', statusId: 'closed' });
    // A customer's last thread is addressed to the desk: open.
    expect(await ticketByNumber(S, 10428)).toMatchObject({ statusId: 'open', lastThread: { to: DESK } });
  });

  it('statusId filters, with count; the list is the most recently changed first, 20 a page', async () => {
    const token = await jwtOf(S);
    const list = async (query: Record<string, string | number>) => (await (await hdRaw(token, 'GET', '/tickets', { query })).json()) as { data: any[]; count: number };
    for (const status of ['open', 'new', 'closed'] as const) {
      const page = await list({ statusId: status, limit: 100 });
      expect(page.count).toBe(seededCount(status));
      expect(page.data.every((t) => t.statusId === status)).toBe(true);
    }
    const newOnes = (await list({ statusId: 'new' })).data.map((t) => t.ticketNumber);
    expect(newOnes).toEqual(['10426', '10421', '10422', '10417', '10416', '10415']);
    const first = await list({});
    expect([first.data.length, first.count]).toEqual([TICKET_PAGE_SIZE, 28]);
    const second = await list({ from: TICKET_PAGE_SIZE + 1 });
    expect([second.data.length, second.count]).toEqual([8, 28]);
    const all = [...first.data, ...second.data];
    expect(all.map((t) => t.updatedAt)).toEqual([...all.map((t) => t.updatedAt)].sort().reverse());
    expect(new Set(all.map((t) => t.id)).size).toBe(28);
    expect(all[0].ticketNumber).toBe('10426');
    expect(second.data.at(-1).ticketNumber).toBe('10401');
    expect((await list({ from: 100 })).data).toEqual([]);
  });

  it('the 14-day ticket turns open one minute later (the sandbox clock)', async () => {
    clock += MINUTE;
    expect((await ticketByNumber(S, 10415)).statusId).toBe('open');
    expect(await statsOf(S)).toEqual({ ...SEEDED_STATS, open: SEEDED_STATS.open + 1, new: SEEDED_STATS.new - 1 });
  });
});

describe('the support token and the help desk’s auth', () => {
  it('supportToken: an HS256 JWT naming the customer, the widget and the brand, 5 minutes on the sandbox clock', async () => {
    const reply = await sp(S, '/zoho/jwt', { query: { widgetId: WIDGET } });
    expect(reply.status).toBe(200);
    expect(decodeProtectedHeader(reply.body.token)).toMatchObject({ alg: 'HS256' });
    const iat = Math.floor(clock / 1000);
    expect(decodeJwt(reply.body.token)).toEqual({ sub: String(idOf(S)), email: S, name: 'Sofia Lang', widgetId: WIDGET, brand: 'brand1', iat, exp: iat + 300 });
    expect(reply.body.expiresAt).toBe(new Date((iat + 300) * 1000).toISOString());
    expect(SUPPORT_TOKEN_TTL_MS).toBe(5 * MINUTE);
  });

  it('supportToken refuses: no sign-in 401, no widget or a widget over 64 characters 400', async () => {
    expect((await sp(null, '/zoho/jwt', { query: { widgetId: WIDGET } })).status).toBe(401);
    expect(await sp(S, '/zoho/jwt')).toMatchObject(refusal(400, WIDGET_TEXT));
    expect(await sp(S, '/zoho/jwt', { query: { widgetId: '' } })).toMatchObject(refusal(400, WIDGET_TEXT));
    expect(await sp(S, '/zoho/jwt', { query: { widgetId: 'w'.repeat(65) } })).toMatchObject(refusal(400, WIDGET_TEXT));
    expect((await sp(S, '/zoho/jwt', { query: { widgetId: 'w'.repeat(64) } })).status).toBe(200);
  });

  it('the help desk: 401 without the token, with the bearer token only, a malformed, badly signed, other-algorithm or expired one', async () => {
    const missing = await hdRaw(null, 'POST', '/me');
    expect([missing.status, (await missing.json()).message]).toEqual([401, 'The support token is missing']);
    const bearer = await hdRaw(null, 'POST', '/me', { headers: { Authorization: `Bearer ${await tokenOf(S)}` } });
    expect(bearer.status).toBe(401);
    // The access token itself is no support token (another secret).
    expect((await hdRaw(await tokenOf(S), 'POST', '/me')).status).toBe(401);
    expect((await hdRaw('not-a-jwt', 'POST', '/me')).status).toBe(401);
    const good = await jwtOf(S);
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await hdRaw(tampered, 'POST', '/me')).status).toBe(401);
    const claims = decodeJwt(good);
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret'));
    expect((await hdRaw(foreign, 'POST', '/me')).status).toBe(401);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect((await hdRaw(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, 'POST', '/me')).status).toBe(401);
    const bad = await hdRaw(tampered, 'POST', '/me');
    expect((await bad.json()).message).toBe('The support token is not valid or has expired');
    // Valid until 5 minutes have passed on the sandbox's clock, not after.
    expect((await hdRaw(good, 'POST', '/me')).status).toBe(200);
    clock += 5 * MINUTE - 1000;
    expect((await hdRaw(good, 'POST', '/me')).status).toBe(200);
    clock += 1000;
    expect((await hdRaw(good, 'POST', '/me')).status).toBe(401);
    expect((await hdRaw(await jwtOf(S), 'POST', '/me')).status).toBe(200);
  });

  it('CORS lets the app send jwt_token', async () => {
    const res = await fetch(`${sb.url}/helpdesk/tickets`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'jwt_token' },
    });
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('jwt_token');
  });

  it('acting for a company: an authorised user gets its token and tickets; anyone else (or no customer id) 403', async () => {
    const business = idOf('business@brand1.test');
    const token = await jwtOf('employee@brand1.test', business);
    expect(decodeJwt(token)).toMatchObject({ sub: String(business), email: 'business@brand1.test', name: 'Demo Trading 1 SRL' });
    const me = await hdRaw(token, 'POST', '/me');
    expect(await me.json()).toMatchObject({ email: 'business@brand1.test', name: 'Demo Trading 1 SRL' });
    expect((await sp('employee@brand1.test', '/zoho/tickets/stats', { query: { fromCustomerId: business } })).body).toEqual({ all: 0, open: 0, new: 0, closed: 0 });
    // Their own (no fromCustomerId): the employee's own contact.
    expect(decodeJwt(await jwtOf('employee@brand1.test'))).toMatchObject({ sub: String(idOf('employee@brand1.test')), name: 'Ana Demo 1' });
    // The same id as the signed-in customer is theirs.
    expect((await sp(S, '/zoho/tickets/stats', { query: { fromCustomerId: idOf(S) } })).status).toBe(200);
    const refused = refusal(403, CANNOT_ACT);
    for (const path of ['/zoho/jwt', '/zoho/agent', '/zoho/tickets/stats', '/zoho/tickets']) {
      expect(await sp('employee@brand1.test', path, { query: { widgetId: WIDGET, fromCustomerId: idOf('company-b@brand1.test') } }), path).toMatchObject(refused);
      expect(await sp(EMPTY, path, { query: { widgetId: WIDGET, fromCustomerId: idOf(S) } }), path).toMatchObject(refused);
    }
    // An admin reads the customers they administer; they do not write to the help desk as them.
    expect(await sp('admin@brand1.test', '/zoho/jwt', { query: { widgetId: WIDGET, fromCustomerId: idOf('personal@brand1.test') } })).toMatchObject(refused);
    // Not a customer id at all: nobody they may act for either.
    for (const bad of ['abc', '0', '-1', '2147483648', '1.5']) expect(await sp(S, '/zoho/tickets/stats', { query: { fromCustomerId: bad } }), bad).toMatchObject(refused);
  });
});

describe('the support service', () => {
  it('supportAgent: the brand’s agent with an SVG photo, available from 08:00 to 20:00 UTC on the sandbox clock', async () => {
    const agent = (await sp(S, '/zoho/agent')).body;
    expect(agent).toEqual({ name: 'Elena Marsh', photo: expect.stringMatching(/^data:image\/svg\+xml;base64,/), available: true });
    expect(Buffer.from(agent.photo.split(',')[1], 'base64').toString()).toContain('>EM</text>');
    expect((await sp(OTHER, '/zoho/agent')).body.name).toBe('Tomás Rivera');
  });

  it('supportTicketStats: zeros without tickets; supportTickets: newest first, by number', async () => {
    expect(await statsOf(EMPTY)).toEqual({ all: 0, open: 0, new: 0, closed: 0 });
    expect((await sp(EMPTY, '/zoho/tickets')).body).toEqual({ data: [] });
    const all = (await sp(S, '/zoho/tickets')).body.data as { id: string; ticketNumber: string }[];
    expect(all.map((t) => t.ticketNumber)).toEqual(SEEDED_TICKETS.map((t) => String(seededTicketNumber(t.n))).reverse());
    const helpdeskIds = new Map((await allTickets(S)).map((t) => [t.ticketNumber, t.id]));
    for (const ref of all) expect(helpdeskIds.get(ref.ticketNumber)).toBe(ref.id);
    expect((await sp(S, '/zoho/tickets', { query: { ticketNumber: '10421' } })).body).toEqual({ data: [{ id: helpdeskIds.get('10421'), ticketNumber: '10421' }] });
    expect((await sp(S, '/zoho/tickets', { query: { ticketNumber: '99999' } })).body).toEqual({ data: [] });
    // Another customer's number is not theirs.
    expect((await sp(EMPTY, '/zoho/tickets', { query: { ticketNumber: '10421' } })).body).toEqual({ data: [] });
    expect(await sp(S, '/zoho/tickets', { query: { ticketNumber: '1'.repeat(33) } })).toMatchObject(refusal(400, TICKET_NUMBER_TEXT));
    expect((await sp(null, '/zoho/tickets')).status).toBe(401);
  });
});

describe('the help desk', () => {
  it('/me: the contact the token names, made on its first call', async () => {
    const id = idOf(EMPTY);
    expect(sb.db.prepare('SELECT COUNT(*) AS n FROM hd_contacts WHERE customer_id = ?').get(id)).toEqual({ n: 0 });
    const me = await ok(EMPTY, 'POST', '/me');
    expect(me).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Jonas Weber', email: EMPTY });
    expect(await ok(EMPTY, 'POST', '/me')).toEqual(me);
    expect(await ok(S, 'POST', '/me')).toMatchObject({ name: 'Sofia Lang', email: S });
  });

  it('composetickets and ticketsFields', async () => {
    expect(await ok(S, 'POST', '/composetickets')).toEqual({
      departments: DEPARTMENTS,
      attachments: { maxCount: 5, maxSize: 10_485_760, types: ['application/pdf', 'image/jpeg', 'image/png', 'text/plain'] },
    });
    expect(COMPOSE_SETTINGS.attachments.maxSize).toBe(ATTACHMENT_MAX_BYTES);
    const fields = (await ok(S, 'GET', '/ticketsFields')).data;
    expect(fields).toEqual(TICKET_FIELDS);
    expect(fields.map((f: any) => [f.apiName, f.type, f.isMandatory, f.maxLength])).toEqual([
      ['subject', 'Text', true, 255],
      ['description', 'Textarea', true, 32000],
      ['category', 'Picklist', false, 120],
      ['phone', 'Phone', false, 32],
    ]);
    expect(fields[2].allowedValues).toEqual(['Account', 'Cards', 'Transfers', 'Other']);
  });

  it('the list’s query: from, limit and statusId checked', async () => {
    for (const query of [{ from: 0 }, { from: 'x' }, { limit: 0 }, { limit: 101 }, { limit: '2.5' }] as Record<string, string | number>[]) expect(await answerOf(S, 'GET', '/tickets', { query }), JSON.stringify(query)).toEqual(refusal(400, LIST_TEXT));
    expect(await answerOf(S, 'GET', '/tickets', { query: { statusId: 'all' } })).toEqual(refusal(400, STATUS_TEXT));
    expect((await ok(S, 'GET', '/tickets', { query: { limit: 3, from: 2 } })).data).toHaveLength(3);
  });

  it('a ticket, a thread, its attachments and conversations; another contact’s: 404', async () => {
    const march = await ticketByNumber(S, 10421);
    expect(await ok(S, 'GET', `/tickets/${march.id}`)).toEqual(march);
    const conversations = await ok(S, 'GET', `/tickets/${march.id}/conversations`);
    expect(conversations.count).toBe(2);
    expect(conversations.data.map((c: any) => [c.author.type, c.attachmentCount, c.to])).toEqual([
      ['AGENT', 1, S],
      ['END_USER', 0, DESK],
    ]);
    expect(conversations.data[0].author.name).toBe('Elena Marsh');
    expect(conversations.data[1].author.name).toBe('Sofia Lang');
    const preview = await ok(S, 'GET', `/tickets/${march.id}/conversations`, { query: { limit: 1 } });
    expect([preview.data.length, preview.count]).toEqual([1, 2]);
    for (const limit of [0, 101, 'x']) expect(await answerOf(S, 'GET', `/tickets/${march.id}/conversations`, { query: { limit } })).toEqual(refusal(400, CONVERSATIONS_TEXT));
    expect(CONVERSATION_LIMIT).toBe(100);

    const thread = await ok(S, 'GET', `/tickets/${march.id}/threads/${conversations.data[0].id}`);
    expect(thread).toMatchObject({ id: conversations.data[0].id, author: { type: 'AGENT' }, to: S, content: 'Your March statement is attached.' });
    expect(thread.attachments).toEqual([
      { id: expect.stringMatching(/^\d+$/), name: 'statement-march.pdf', size: expect.any(Number), href: `/tickets/${march.id}/threads/${thread.id}/attachments/${thread.attachments[0].id}/content` },
    ]);
    const pdf = await hd(S, 'GET', thread.attachments[0].href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('attachment; filename="statement-march.pdf"');
    expect(Buffer.from(pdf.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.body.length).toBe(thread.attachments[0].size);

    // A PNG of the customer's, and the summary: the first 200 characters.
    const disputed = await ticketByNumber(S, 10420);
    const [first] = (await ok(S, 'GET', `/tickets/${disputed.id}/conversations`)).data;
    const whole = await ok(S, 'GET', `/tickets/${disputed.id}/threads/${first.id}`);
    expect(whole.content.length).toBeGreaterThan(200);
    expect(first.summary).toBe(whole.content.slice(0, 200));
    const png = await hd(S, 'GET', whole.attachments[0].href);
    expect([png.headers.get('content-type'), [...png.body.subarray(0, 4)]]).toEqual(['image/png', [0x89, 0x50, 0x4e, 0x47]]);
    // Plain text, kept as written.
    const pending = (await ok(S, 'GET', `/tickets/${(await ticketByNumber(S, 10424)).id}/conversations`)).data[0];
    expect(pending.summary).toBe('It still shows <pending> after signing in again.');

    // Another contact's ticket, thread and attachment (and ids that are none): 404.
    const href = thread.attachments[0].href as string;
    expect(await answerOf(EMPTY, 'GET', `/tickets/${march.id}`)).toEqual(refusal(404, NO_SUCH_TICKET));
    expect(await answerOf(OTHER, 'GET', `/tickets/${march.id}/conversations`)).toEqual(refusal(404, NO_SUCH_TICKET));
    expect(await answerOf(EMPTY, 'GET', `/tickets/${march.id}/threads/${thread.id}`)).toEqual(refusal(404, NO_SUCH_TICKET));
    expect(await answerOf(EMPTY, 'GET', href)).toEqual(refusal(404, NO_SUCH_TICKET));
    expect(await answerOf(S, 'GET', '/tickets/1')).toEqual(refusal(404, NO_SUCH_TICKET));
    expect(await answerOf(S, 'GET', `/tickets/${march.id}/threads/${first.id}`)).toEqual(refusal(404, NO_SUCH_THREAD));
    expect(await answerOf(S, 'GET', `/tickets/${march.id}/threads/${thread.id}/attachments/${whole.attachments[0].id}/content`)).toEqual(refusal(404, NO_SUCH_ATTACHMENT));
    expect(await answerOf(S, 'PUT', `/tickets/${(await ticketByNumber(OTHER, 10421)).id}`, { body: { cf: { cf_read_at: new Date(clock).toISOString() } } })).toEqual(refusal(404, NO_SUCH_TICKET));
  });

  it('read-at: kept as the later of the two (a late write never makes it new again), a time after now counts as now; a bad time 400', async () => {
    const ticket = await ticketByNumber(S, 10426);
    expect(ticket.statusId).toBe('new');
    const at = new Date(clock - MINUTE).toISOString();
    const read = await ok(S, 'PUT', `/tickets/${ticket.id}`, { body: { cf: { cf_read_at: at } } });
    expect(read).toMatchObject({ statusId: 'open', cf: { cf_read_at: at }, updatedAt: ticket.updatedAt });
    const earlier = await ok(S, 'PUT', `/tickets/${ticket.id}`, { body: { cf: { cf_read_at: new Date(clock - DAY).toISOString() } } });
    expect(earlier.cf.cf_read_at).toBe(at);
    const later = await ok(S, 'PUT', `/tickets/${ticket.id}`, { body: { cf: { cf_read_at: new Date(clock + DAY).toISOString() } } });
    expect(later.cf.cf_read_at).toBe(new Date(clock).toISOString());
    expect((await answerOf(S, 'PUT', `/tickets/${ticket.id}`, { body: { cf: { cf_read_at: 'yesterday' } } })).status).toBe(400);
    expect((await answerOf(S, 'PUT', `/tickets/${ticket.id}`, { body: { cf: {} } })).status).toBe(400);
    expect(await statsOf(S)).toMatchObject({ new: SEEDED_STATS.new - 2 });
  });

  it('uploads: PDF, PNG, JPEG and text taken; empty 400, over 10 MB 413, a type, extension or content not taken 415', async () => {
    const pdf = await upload(EMPTY, 'scan.pdf', 'application/pdf', samplePdf(4096));
    expect(pdf).toEqual({ status: 200, body: { id: expect.stringMatching(/^\d+$/), name: 'scan.pdf', size: 4096 } });
    expect((await upload(EMPTY, 'photo.PNG', 'image/png', samplePng())).status).toBe(200);
    expect((await upload(EMPTY, 'notes.txt', 'text/plain', new TextEncoder().encode('Bonjour, ça va ?'))).status).toBe(200);
    expect((await upload(EMPTY, 'largest.pdf', 'application/pdf', samplePdf(ATTACHMENT_MAX_BYTES))).status).toBe(200);
    expect(await upload(EMPTY, 'too-large.pdf', 'application/pdf', samplePdf(ATTACHMENT_MAX_BYTES + 1))).toEqual(refusal(413, FILE_TOO_LARGE));
    expect(await upload(EMPTY, 'empty.txt', 'text/plain', new Uint8Array())).toEqual(refusal(400, FILE_EMPTY));
    const notTaken = refusal(415, FILE_TYPE);
    expect(await upload(EMPTY, 'setup.exe', 'application/octet-stream', new Uint8Array([0x4d, 0x5a, 0, 0]))).toEqual(notTaken);
    // No content type (the browser did not know it): the extension's, the bytes bearing it out.
    expect(await upload(EMPTY, 'untyped.pdf', '', samplePdf())).toMatchObject({ status: 200, body: { name: 'untyped.pdf' } });
    expect(await upload(EMPTY, 'untyped.pdf', 'application/octet-stream', samplePng())).toEqual(notTaken);
    expect(await upload(EMPTY, 'scan.png', 'application/pdf', samplePdf())).toEqual(notTaken);
    expect(await upload(EMPTY, 'scan', 'application/pdf', samplePdf())).toEqual(notTaken);
    expect(await upload(EMPTY, 'archive.zip', 'application/zip', new Uint8Array([0x50, 0x4b, 3, 4]))).toEqual(notTaken);
    expect(await upload(EMPTY, 'fake.pdf', 'application/pdf', new TextEncoder().encode('<html>not a pdf</html>'))).toEqual(notTaken);
    expect(await upload(EMPTY, 'page.html', 'text/html', new TextEncoder().encode('<p>hi</p>'))).toEqual(notTaken);
    const noFile = await hd(EMPTY, 'POST', '/uploads', { form: new FormData() });
    expect(noFile.status).toBe(400);
  });

  it('create: the fields checked by ticketsFields (validationErrors by apiName), the department and the uploads', async () => {
    const create = (body: unknown, login = EMPTY) => answerOf(login, 'POST', '/tickets', { body });
    expect(await create(newTicket({ subject: '  ' }))).toEqual(fieldRefusal(['subject', FIELD_REQUIRED]));
    expect(await create({ requestId: requestId(), fields: {}, uploadIds: [] })).toEqual(fieldRefusal(['subject', FIELD_REQUIRED], ['description', FIELD_REQUIRED]));
    expect(await create(newTicket({ subject: 's'.repeat(256) }))).toEqual(fieldRefusal(['subject', tooLong(255)]));
    expect(tooLong(255)).toBe('Use at most 255 characters');
    expect(await create(newTicket({ subject: `${'s'.repeat(255)}  ` }))).toMatchObject({ status: 200 });
    expect(await create(newTicket({ category: 'Loans' }))).toEqual(fieldRefusal(['category', NOT_LISTED]));
    expect(await create(newTicket({ phone: 'call me' }))).toEqual(fieldRefusal(['phone', PHONE_TEXT]));
    expect(await create(newTicket({ phone: '+40 72' }))).toEqual(fieldRefusal(['phone', PHONE_TEXT]));
    expect((await create(newTicket({ phone: '(021) 555-0100' }))).status).toBe(200);
    expect(await create(newTicket({ priority: 'High' }))).toEqual(fieldRefusal(['priority', UNKNOWN_FIELD]));
    expect(await create(newTicket({}, { departmentId: '999' }))).toEqual(fieldRefusal(['departmentId', DEPARTMENT_TEXT]));
    // What the contract forbids is the server's 400 before the handler.
    expect((await create({ requestId: 'short', fields: {}, uploadIds: [] })).status).toBe(400);
    expect((await create({ ...newTicket(), extra: true })).status).toBe(400);
    // Uploads: another contact's, an unknown one, more than five.
    const theirs = (await upload(S, 'scan.pdf', 'application/pdf', samplePdf())).body.id as string;
    expect(await create(newTicket({}, { uploadIds: [theirs] }))).toEqual(fieldRefusal(['uploadIds', UPLOAD_GONE]));
    expect(await create(newTicket({}, { uploadIds: ['123'] }))).toEqual(fieldRefusal(['uploadIds', UPLOAD_GONE]));
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(EMPTY, `page-${i}.pdf`, 'application/pdf', samplePdf())));
    expect(await create(newTicket({}, { uploadIds: six.map((u) => u.body.id) }))).toEqual(fieldRefusal(['uploadIds', tooManyFiles(5)]));
    expect(tooManyFiles(5)).toBe('Attach at most 5 files');
    // Several problems at once: each, the first one's words as the message.
    expect(await create(newTicket({ subject: '', category: 'Loans' }, { uploadIds: ['123'] }))).toEqual(
      fieldRefusal(['subject', FIELD_REQUIRED], ['category', NOT_LISTED], ['uploadIds', UPLOAD_GONE]),
    );
  });

  it('create: Open, the next number of the brand, the description the first thread to the desk with the uploads; once per requestId (409 for another body)', async () => {
    const before = await statsOf(EMPTY);
    const scan = (await upload(EMPTY, 'damage.png', 'image/png', samplePng())).body;
    const body = newTicket({ description: '  The card arrived bent.\nCan you send another?  ', category: 'Cards', phone: '+40 721 000 999' }, { departmentId: DEPARTMENTS[1]!.id, uploadIds: [scan.id] });
    const made = await answerOf(EMPTY, 'POST', '/tickets', { body });
    expect(made.status).toBe(200);
    const numbers = [...(await allTickets(S)), ...(await allTickets(EMPTY))].map((t) => Number(t.ticketNumber)).filter((n) => n !== Number(made.body.ticketNumber));
    expect(Number(made.body.ticketNumber)).toBe(Math.max(...numbers) + 1);
    expect(made.body).toMatchObject({
      subject: 'Card arrived damaged',
      status: 'Open',
      statusId: 'open',
      departmentId: DEPARTMENTS[1]!.id,
      cf: { cf_read_at: null },
      lastThread: { to: DESK, createdAt: new Date(clock).toISOString() },
      createdAt: new Date(clock).toISOString(),
      updatedAt: new Date(clock).toISOString(),
    });
    const [first] = (await ok(EMPTY, 'GET', `/tickets/${made.body.id}/conversations`)).data;
    const thread = await ok(EMPTY, 'GET', `/tickets/${made.body.id}/threads/${first.id}`);
    expect(thread).toMatchObject({ author: { name: 'Jonas Weber', type: 'END_USER' }, to: DESK, content: 'The card arrived bent.\nCan you send another?' });
    expect(thread.attachments).toEqual([{ id: scan.id, name: 'damage.png', size: scan.size, href: expect.stringContaining(`/attachments/${scan.id}/content`) }]);
    expect((await hd(EMPTY, 'GET', thread.attachments[0].href)).status).toBe(200);
    expect(await statsOf(EMPTY)).toEqual({ ...before, all: before.all + 1, open: before.open + 1 });

    // The same requestId and body: the first reply again, nothing made.
    expect(await answerOf(EMPTY, 'POST', '/tickets', { body })).toEqual(made);
    expect((await statsOf(EMPTY)).all).toBe(before.all + 1);
    // Another body: 409, in the request's language.
    const other = await hd(EMPTY, 'POST', '/tickets', { body: { ...body, fields: { ...body.fields, subject: 'Another' } }, headers: { 'Accept-Language': 'ro' } });
    expect([other.status, other.body.message, other.headers.get('content-language')]).toEqual([409, SANDBOX_MESSAGES.ro.requestIdOtherDetails, 'ro']);
    // On another call (a reply): 409 too.
    expect(await answerOf(EMPTY, 'POST', `/tickets/${made.body.id}/threads`, { body: { requestId: body.requestId, content: 'Hello', uploadIds: [] } })).toEqual({
      status: 409,
      body: { message: SANDBOX_MESSAGES.en.requestIdOtherCall },
    });
    // The upload is used: not again.
    expect(await answerOf(EMPTY, 'POST', '/tickets', { body: newTicket({}, { uploadIds: [scan.id] }) })).toEqual(fieldRefusal(['uploadIds', UPLOAD_GONE]));
    // Another customer's requestIds are their own.
    expect((await answerOf(S, 'POST', '/tickets', { body: { ...body, uploadIds: [] } })).status).toBe(200);
  });

  it('an upload waits a day for its ticket', async () => {
    const late = (await upload(EMPTY, 'late.pdf', 'application/pdf', samplePdf())).body.id;
    clock += DAY + 1000;
    expect(await answerOf(EMPTY, 'POST', '/tickets', { body: newTicket({}, { uploadIds: [late] }) })).toEqual(fieldRefusal(['uploadIds', UPLOAD_GONE]));
  });

  it('reply: content trimmed 1 to 32000 (400 on content), a closed ticket opens again, once per requestId', async () => {
    const closed = await ticketByNumber(S, 10423);
    expect(closed).toMatchObject({ status: 'Closed', statusId: 'closed' });
    const path = `/tickets/${closed.id}/threads`;
    expect(await answerOf(S, 'POST', path, { body: { requestId: requestId(), content: ' \n ', uploadIds: [] } })).toEqual(fieldRefusal(['content', CONTENT_TEXT]));
    expect((await answerOf(S, 'POST', path, { body: { requestId: requestId(), content: 'x'.repeat(32_001), uploadIds: [] } })).status).toBe(400);
    expect(await answerOf(S, 'POST', path, { body: { requestId: requestId(), content: '', uploadIds: ['1'] } })).toEqual(fieldRefusal(['content', CONTENT_TEXT], ['uploadIds', UPLOAD_GONE]));
    const note = (await upload(S, 'note.txt', 'text/plain', new TextEncoder().encode('details'))).body;
    const body = { requestId: requestId(), content: `  ${'y'.repeat(31_990)}  `, uploadIds: [note.id] };
    const made = await answerOf(S, 'POST', path, { body });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ author: { name: 'Sofia Lang', type: 'END_USER' }, to: DESK, content: 'y'.repeat(31_990), createdAt: new Date(clock).toISOString() });
    expect(made.body.attachments.map((a: any) => a.name)).toEqual(['note.txt']);
    expect(await ok(S, 'GET', `/tickets/${closed.id}`)).toMatchObject({ status: 'Open', statusId: 'open', updatedAt: new Date(clock).toISOString() });
    expect(await answerOf(S, 'POST', path, { body })).toEqual(made);
    expect((await ok(S, 'GET', `/tickets/${closed.id}/conversations`)).count).toBe(3);
    expect((await answerOf(S, 'POST', path, { body: { ...body, content: 'other' } })).status).toBe(409);
    // The same body on another ticket is another call: 409.
    expect((await answerOf(S, 'POST', `/tickets/${(await ticketByNumber(S, 10428)).id}/threads`, { body })).status).toBe(409);
    // A Closed-No-Reply ticket opens again too; another contact's ticket: 404.
    const noReply = await ticketByNumber(S, 10406);
    expect((await answerOf(S, 'POST', `/tickets/${noReply.id}/threads`, { body: { requestId: requestId(), content: 'One more question', uploadIds: [] } })).status).toBe(200);
    expect(await ok(S, 'GET', `/tickets/${noReply.id}`)).toMatchObject({ status: 'Open', statusId: 'open' });
    expect(await answerOf(EMPTY, 'POST', path, { body: { requestId: requestId(), content: 'Hi', uploadIds: [] } })).toEqual(refusal(404, NO_SUCH_TICKET));
  });

  it('refusals in the request’s language', async () => {
    const res = await hd(S, 'GET', '/tickets/1', { headers: { 'Accept-Language': 'ru' } });
    expect([res.status, res.body.message, res.headers.get('content-language')]).toEqual([404, SANDBOX_TEXTS.ru[NO_SUCH_TICKET], 'ru']);
  });
});

describe('the control API: the agent’s reply, the clock, the agent page, the sign-in state', () => {
  it('POST /__sandbox/support/reply: the agent’s thread to the customer (with a PDF), the ticket new until read', async () => {
    const ticket = (await allTickets(EMPTY))[0];
    const before = await statsOf(EMPTY);
    const res = await post('/__sandbox/support/reply', { login: EMPTY, ticketNumber: ticket.ticketNumber, content: '  We are sending a new card today.  ', attachment: true });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { ok: true; ticketId: string; threadId: string };
    expect(reply).toEqual({ ok: true, ticketId: ticket.id, threadId: expect.stringMatching(/^\d+$/) });
    const thread = await ok(EMPTY, 'GET', `/tickets/${ticket.id}/threads/${reply.threadId}`);
    expect(thread).toMatchObject({ author: { name: 'Elena Marsh', type: 'AGENT' }, to: EMPTY, content: 'We are sending a new card today.', createdAt: new Date(clock).toISOString() });
    expect(thread.attachments).toHaveLength(1);
    const pdf = await hd(EMPTY, 'GET', thread.attachments[0].href);
    expect(Buffer.from(pdf.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await ok(EMPTY, 'GET', `/tickets/${ticket.id}`)).toMatchObject({ status: 'Open', statusId: 'new', lastThread: { to: EMPTY } });
    expect(await statsOf(EMPTY)).toMatchObject({ new: before.new + 1, open: before.open - 1 });
    // A closed ticket is Open again.
    const closed = await ticketByNumber(S, 10418);
    expect((await post('/__sandbox/support/reply', { login: S, ticketNumber: 10418, content: 'One more thing.' })).status).toBe(200);
    expect(await ok(S, 'GET', `/tickets/${closed.id}`)).toMatchObject({ status: 'Open', statusId: 'new' });
    // Refusals.
    expect((await post('/__sandbox/support/reply', { login: EMPTY, ticketNumber: '10418', content: 'x' })).status).toBe(404);
    expect((await post('/__sandbox/support/reply', { login: 'nobody@brand1.test', ticketNumber: '10418', content: 'x' })).status).toBe(404);
    expect((await post('/__sandbox/support/reply', { login: S, ticketNumber: '10418', content: '  ' })).status).toBe(400);
  });

  it('GET /__sandbox/support: the tickets per customer, every text escaped, with the agent’s form', async () => {
    expect((await answerOf(EMPTY, 'POST', '/tickets', { body: newTicket({ subject: '<b>Bold</b> & "quoted"' }) })).status).toBe(200);
    const res = await fetch(`${sb.url}/__sandbox/support`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sofia Lang (support@brand1.test)');
    expect(html).toContain('Jonas Weber (support-empty@brand1.test)');
    expect(html).toContain('&#60;b&#62;Bold&#60;/b&#62; &#38; &#34;quoted&#34;');
    expect(html).not.toContain('<b>Bold</b>');
    expect(html).toContain('action="/__sandbox/support/reply"');
    const one = await (await fetch(`${sb.url}/__sandbox/support?login=${EMPTY}`)).text();
    expect(one).not.toContain('Sofia Lang');
    // The page's form: a 303 back to the page, the reply made.
    const ticket = (await allTickets(EMPTY))[0];
    const form = await fetch(`${sb.url}/__sandbox/support/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: EMPTY, ticketNumber: ticket.ticketNumber, content: 'From the page', attachment: 'on' }).toString(),
      redirect: 'manual',
    });
    expect([form.status, form.headers.get('location')]).toEqual([303, `/__sandbox/support?login=${encodeURIComponent(EMPTY)}`]);
    expect((await ok(EMPTY, 'GET', `/tickets/${ticket.id}/conversations`)).data[0]).toMatchObject({ author: { type: 'AGENT' }, summary: 'From the page', attachmentCount: 1 });
  });

  it('POST /__sandbox/support/advance: the customer’s ticket times days back (the 2-week window passes)', async () => {
    const before = (await allTickets(EMPTY)).find((t) => t.statusId === 'new');
    expect(before).toBeDefined();
    const res = await post('/__sandbox/support/advance', { login: EMPTY, days: 15 });
    expect(await res.json()).toEqual({ ok: true, moved: (await allTickets(EMPTY)).length });
    const after = await ok(EMPTY, 'GET', `/tickets/${before.id}`);
    expect(Date.parse(before.updatedAt) - Date.parse(after.updatedAt)).toBe(15 * DAY);
    expect(after.statusId).toBe('open');
    expect((await post('/__sandbox/support/advance', { login: EMPTY, days: -1 })).status).toBe(404);
  });

  it('POST /__sandbox/sign-in-state: support@’s seeded tickets back (at the clock of now), those made since and anyone else’s gone', async () => {
    for (const login of [S, EMPTY]) {
      expect((await post('/__sandbox/sign-in-state', { userLogin: login })).status).toBe(200);
      forget(login);
    }
    expect(await statsOf(S)).toEqual(SEEDED_STATS);
    expect(await statsOf(EMPTY)).toEqual({ all: 0, open: 0, new: 0, closed: 0 });
    const restored = await allTickets(S);
    expect(restored.map((t) => t.ticketNumber).sort()).toEqual(SEEDED_TICKETS.map((t) => String(seededTicketNumber(t.n))).sort());
    expect((await ticketByNumber(S, 10415)).statusId).toBe('new');
    // The kept replies went with the tickets: the same requestId makes a new ticket.
    const body = newTicket();
    expect((await answerOf(EMPTY, 'POST', '/tickets', { body })).status).toBe(200);
    expect((await statsOf(EMPTY)).all).toBe(1);
  });

  it('an agent is unavailable from 20:00 UTC', async () => {
    clock = Date.parse(new Date(clock).toISOString().slice(0, 10) + 'T19:59:59Z') + (new Date(clock).getUTCHours() >= 20 ? DAY : 0);
    expect((await sp(S, '/zoho/agent')).body.available).toBe(true);
    clock += 1000;
    expect((await sp(S, '/zoho/agent')).body.available).toBe(false);
    clock += 12 * 60 * MINUTE - 1000;
    expect((await sp(S, '/zoho/agent')).body.available).toBe(false);
    clock += 1000;
    expect((await sp(S, '/zoho/agent')).body.available).toBe(true);
  });

  it('faults on the help desk by operation: a create carried out with its reply lost, sent again the same ticket', async () => {
    const scope = 'support-fault';
    const fault = (body: Record<string, unknown>) => fetch(`${sb.url}/__sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, scope }) });
    expect((await fault({ match: 'helpdesk:helpdeskTicketCreate', kind: 'dropAfter', times: 1 })).status).toBe(200);
    const token = await jwtOf(S);
    const body = newTicket();
    const before = (await allTickets(S)).length;
    await expect(hdRaw(token, 'POST', '/tickets', { body, headers: { 'X-Sandbox-Scope': scope } })).rejects.toThrow();
    const again = await hdRaw(token, 'POST', '/tickets', { body, headers: { 'X-Sandbox-Scope': scope } });
    expect(again.status).toBe(200);
    expect((await allTickets(S)).length).toBe(before + 1);
  });
});
