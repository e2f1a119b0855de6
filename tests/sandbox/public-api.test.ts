// @vitest-environment node
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALLOWED_IPS_MAX,
  API_KEYS_MAX,
  apiAddressAllowed,
  DELIVERY_TIMEOUT_MS,
  EXPIRED_KEY_KEPT_MS,
  keyState,
  parseSignatureHeader,
  RETRY_DELAY_MS,
  SIGNATURE_HEADER,
  WEBHOOKS_MAX,
} from '../../machines/public-api/public-api.rules';
import {
  CANNOT_ACT,
  CURSOR_INVALID,
  CURSOR_OTHER_FILTERS,
  ENTRY_NAME_TEXTS,
  EXPIRED_KEY,
  FILTER_TEXTS,
  FULL_ACCESS_ONLY,
  IP_TEXTS,
  KEY_NAME_TEXTS,
  LIMIT_TEXT,
  NO_SUCH_DELIVERY,
  NO_SUCH_ENTRY,
  NO_SUCH_KEY,
  NO_SUCH_WEBHOOK,
  NOT_ROLLABLE,
  OVERLAP,
  TOO_MANY_ENTRIES,
  TOO_MANY_KEYS,
  TOO_MANY_WEBHOOKS,
  URL_TAKEN,
  WEBHOOK_GONE,
  WEBHOOK_NAME_TEXTS,
  WEBHOOK_URL_TEXTS,
} from '../../sandbox/handlers/public-api.ts';
import { SANDBOX_MESSAGES } from '../../sandbox/messages.ts';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { ACCOUNTING_URL, apiRequestCountOf, deliveryCountOf, ORDERS_URL, pendingCountOf, seededKeySecret, seededWebhookSecret } from '../../sandbox/seed-public-api.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';

/**
 * The public API area's sandbox (sandbox/handlers/public-api.ts, sandbox/public-api-store.ts,
 * sandbox/seed-public-api.ts, the control API's request checker, events, clock and webhook sink):
 * who may call (403 for anyone but a full merchant user acting for the customer), the seeded demo
 * data and its counts, every field problem (400) and every refusal nothing on a form fixes (422),
 * once per requestId (a repeat answers the kept reply, its secret too; another body or another
 * operation 409), paging by cursor, deliveries signed as the rules say and checked with node:crypto,
 * retries on the sandbox's clock, resends, pings, the sink's modes, keys rolled and expiring, the
 * allowed IP check of a request made with a key, and the sign-in state putting it all back.
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The sandbox's clock: it only moves forward. */
let clock = Date.parse('2026-12-01T09:00:00Z');
const SEEDED_AT = clock;
const iso = (ms: number) => new Date(ms).toISOString();

let sb: Sandbox;
let requestCount = 0;
const rid = (tag = 'pa') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

const MERCHANT = 'merchant@brand1.test';
const NEW = 'merchant-new@brand1.test';
const VIEWER = 'merchant-viewer@brand1.test';
const STAFF = 'merchant-staff@brand1.test';
const ADMIN = 'admin@brand1.test';
const BUSINESS = 'business@brand1.test';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const tokens = new Map<string, string>();
async function tokenOf(login: string): Promise<string> {
  const kept = tokens.get(login);
  if (kept) return kept;
  const res = await post('/auth/login', { client: 'spa', username: login, password: 'Demo-pass-1', codeChallenge: CHALLENGE });
  const reply = (await res.json()) as { accessToken?: string };
  if (res.status !== 200 || !reply.accessToken) throw new Error(`sign-in of ${login}: ${res.status} ${JSON.stringify(reply)}`);
  tokens.set(login, reply.accessToken);
  return reply.accessToken;
}

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;

/** A public API call: its status and body. */
async function pa(login: string | null, method: string, path: string, options: { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> } = {}) {
  const url = new URL(`${sb.url}/public-api${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {
    ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(login ? { Authorization: `Bearer ${await tokenOf(login)}` } : {}),
    ...options.headers,
  };
  const res = await fetch(url, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  return { status: res.status, body: (await res.json()) as any };
}
/** A call that must answer 200: its body. */
async function ok(login: string, method: string, path: string, options: Parameters<typeof pa>[3] = {}): Promise<any> {
  const reply = await pa(login, method, path, options);
  if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const listOf = async (login: string, what: 'webhook' | 'apikey' | 'allowedip', customer = login) => (await ok(login, 'GET', `/${what}`, { query: { customerId: idOf(customer) } })).items as any[];
const webhookLog = (login: string, query: Record<string, string | number> = {}) => pa(login, 'GET', '/webhookRequest', { query: { customerId: idOf(login), ...query } });
const apiLog = (login: string, query: Record<string, string | number> = {}) => pa(login, 'GET', '/apirequest', { query: { customerId: idOf(login), ...query } });

/** Every page of a log, following nextCursor. */
async function allPages(read: (query: Record<string, string | number>) => Promise<{ status: number; body: any }>, query: Record<string, string | number> = {}): Promise<{ pages: any[][]; items: any[] }> {
  const pages: any[][] = [];
  let cursor: string | null = null;
  do {
    const reply: { status: number; body: any } = await read({ ...query, ...(cursor ? { cursor } : {}) });
    expect(reply.status).toBe(200);
    pages.push(reply.body.items);
    cursor = reply.body.nextCursor ?? null;
  } while (cursor);
  return { pages, items: pages.flat() };
}

const createWebhook = async (login: string, fields: { name?: string; url: string; enabled?: boolean }) => {
  const body = await ok(login, 'POST', '/webhook', { body: { customerId: idOf(login), name: fields.name ?? 'Hook', enabled: fields.enabled ?? true, url: fields.url, requestId: rid('hook') } });
  return body as { webhook: any; secret: string };
};
const deleteWebhook = (login: string, id: number) => ok(login, 'DELETE', `/webhook/${id}`, { query: { customerId: idOf(login), requestId: rid('del') } });

const sinkUrl = (name: string) => `${sb.url}/__sandbox/webhook-sink/${name}`;
const sink = async (name: string) => (await (await fetch(`${sb.url}/__sandbox/webhook-sink?name=${name}`)).json()) as { mode: string; requests: { headers: Record<string, string>; body: string; answered: number; receivedAt: string }[] };
const sinkMode = async (name: string, mode: string) => expect((await post(`/__sandbox/webhook-sink/${name}/mode`, { mode })).status).toBe(200);
const event = async (login: string, body: Record<string, unknown> = {}) => {
  const res = await post('/__sandbox/public-api/event', { login, ...body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { webhookRequests: any[] }).webhookRequests;
};
const advance = async (login: string, minutes: number) => expect((await post('/__sandbox/public-api/advance', { login, minutes })).status).toBe(200);
const apiRequest = async (body: Record<string, unknown>) => (await (await post('/__sandbox/public-api/request', body)).json()) as { status: number; apiRequest?: any };
const restore = async (login: string) => {
  expect((await post('/__sandbox/sign-in-state', { userLogin: login })).status).toBe(200);
  tokens.delete(login);
};
/** The delivery with this id, read from the customer's log (which makes the due retries first). */
const deliveryOf = async (login: string, id: number) => {
  const reply = await webhookLog(login, { query: String(id) });
  expect(reply.status).toBe(200);
  return reply.body.items.find((item: any) => item.id === id);
};

/** Whether one of the header's v1 signatures is the HMAC-SHA256 of "<t>.<body>" with the secret (node:crypto, as a receiver checks it). */
function signedWith(header: string | undefined, body: string, secret: string): boolean {
  const parsed = header ? parseSignatureHeader(header) : null;
  if (!parsed) return false;
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.${body}`).digest();
  return parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
const SIGNATURE = SIGNATURE_HEADER.toLowerCase();

const fields = (reply: { body: any }) => (reply.body.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const unfixable = (text: string) => ({ status: 422, body: { message: text, errors: [text] } });
const forbidden = (text: string) => ({ status: 403, body: { message: text } });
const notFound = (text: string) => ({ status: 404, body: { message: text } });
const OTHER_DETAILS = { status: 409, body: { message: SANDBOX_MESSAGES.en.requestIdOtherDetails } };
const OTHER_CALL = { status: 409, body: { message: SANDBOX_MESSAGES.en.requestIdOtherCall } };

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-public-api-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 30 * 86_400 });
});
afterAll(() => sb.close());

describe('the demo data', () => {
  it('merchant@: keys Old production (rolled, expiring in 20 hours), Staging (off), Production (on, just used); the Production secret works', async () => {
    const keys = await listOf(MERCHANT, 'apikey');
    expect(keys.map((k) => [k.name, keyState(k, clock)])).toEqual([
      ['Old production', 'expiring'],
      ['Staging', 'disabled'],
      ['Production', 'active'],
    ]);
    expect(keys[0].expiresAt).toBe(iso(SEEDED_AT + 20 * HOUR));
    expect(keys[2].lastUsedAt).toBe(iso(SEEDED_AT - 7 * MINUTE));
    expect(keys[2].secretLastFour).toBe(seededKeySecret('brand1', 'production').slice(-4));
    expect(keys.every((k) => !('secret' in k))).toBe(true);
    const rolledTo = sb.db.prepare('SELECT rolled_to_id AS id FROM pa_api_keys WHERE id = ?').get(keys[0].id) as { id: number };
    expect(rolledTo.id).toBe(keys[2].id);
    expect(seededKeySecret('brand1', 'production')).toBe('sk_sandbox_demoProductionbrand1000000000000');
    expect(seededKeySecret('brand1', 'production')).toMatch(/^sk_sandbox_[0-9A-Za-z]{32}$/);
    const used = await apiRequest({ secret: seededKeySecret('brand1', 'production') });
    expect(used.status).toBe(200);
    expect(used.apiRequest).toMatchObject({ apiKeyId: keys[2].id, apiKeyName: 'Production', method: 'GET', path: '/v1/balance', responseStatus: 200, ipAddress: '127.0.0.1', createdAt: iso(clock) });
    // The seed keeps no secret: only its hash.
    const stored = JSON.stringify(sb.db.prepare('SELECT * FROM pa_api_keys').all());
    expect(stored).not.toContain(seededKeySecret('brand1', 'production'));
    expect(stored).toContain(createHash('sha256').update(seededKeySecret('brand1', 'production')).digest('hex'));
  });

  it('merchant@: webhooks Orders (on) and Accounting (off), allowed IPs Office and Sandbox host (on), Old office (off)', async () => {
    const hooks = await listOf(MERCHANT, 'webhook');
    expect(hooks.map((h) => [h.name, h.url, h.enabled, h.secretLastFour, h.previousSecretExpiresAt])).toEqual([
      ['Orders', ORDERS_URL, true, seededWebhookSecret('brand1', 'orders').slice(-4), null],
      ['Accounting', ACCOUNTING_URL, false, seededWebhookSecret('brand1', 'accounting').slice(-4), null],
    ]);
    const entries = await listOf(MERCHANT, 'allowedip');
    expect(entries.map((e) => [e.name, e.enabled, e.ipFrom, e.ipTo])).toEqual([
      ['Office', true, '198.51.100.0', '198.51.100.255'],
      ['Sandbox host', true, '127.0.0.1', null],
      ['Old office', false, '203.0.113.7', null],
    ]);
  });

  it('the counts: 1,000 API requests and 300 deliveries in brand1, 120 and 45 in every other brand; merchant-new@ has nothing', async () => {
    const count = (table: string, login: string) => (sb.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ?`).get(idOf(login)) as { n: number }).n;
    expect([apiRequestCountOf('brand1'), deliveryCountOf('brand1'), apiRequestCountOf('brand2'), deliveryCountOf('brand2')]).toEqual([1000, 300, 120, 45]);
    for (const brand of ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6']) {
      // brand1's merchant@ made one request above.
      expect([brand, count('pa_api_requests', `merchant@${brand}.test`) - (brand === 'brand1' ? 1 : 0), count('pa_webhook_requests', `merchant@${brand}.test`)]).toEqual([brand, apiRequestCountOf(brand), deliveryCountOf(brand)]);
      expect(count('pa_api_keys', `merchant-new@${brand}.test`) + count('pa_webhooks', `merchant-new@${brand}.test`) + count('pa_api_requests', `merchant-new@${brand}.test`)).toBe(0);
    }
    for (const what of ['webhook', 'apikey', 'allowedip'] as const) expect(await listOf(NEW, what)).toEqual([]);
    expect((await webhookLog(NEW)).body).toEqual({ items: [], nextCursor: null });
    expect((await apiLog(NEW)).body).toEqual({ items: [], nextCursor: null });
  });

  it('brand1’s API log: 1,000 (and the one above) in pages of 50, newest first, over 30 days; every status; the 403s from outside the allowed ranges', async () => {
    const { pages, items } = await allPages((query) => apiLog(MERCHANT, query));
    expect(pages.length).toBe(21);
    expect(pages.slice(0, 20).every((page) => page.length === 50)).toBe(true);
    expect(items.length).toBe(1001);
    expect(new Set(items.map((i) => i.id)).size).toBe(1001);
    const order = items.map((i) => `${i.createdAt}|${String(i.id).padStart(12, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(items.every((i) => Date.parse(i.createdAt) >= SEEDED_AT - 30 * DAY && Date.parse(i.createdAt) <= clock)).toBe(true);
    expect(new Set(items.map((i) => i.responseStatus))).toEqual(new Set([200, 400, 401, 403, 404, 429, 500]));
    expect(items.filter((i) => i.responseStatus === 200).length).toBeGreaterThan(750);
    expect(new Set(items.map((i) => i.apiKeyName))).toEqual(new Set(['Old production', 'Staging', 'Production']));
    const entries = (await listOf(MERCHANT, 'allowedip')).map((e) => ({ enabled: e.enabled, ipFrom: e.ipFrom, ipTo: e.ipTo }));
    expect(items.filter((i) => i.responseStatus === 403).every((i) => !apiAddressAllowed(entries, i.ipAddress))).toBe(true);
    expect(items.filter((i) => i.responseStatus !== 403).every((i) => apiAddressAllowed(entries, i.ipAddress))).toBe(true);
    // Staging is refused once it was turned off; Production is only used after the roll.
    const staging = items.filter((i) => i.apiKeyName === 'Staging' && Date.parse(i.createdAt) >= SEEDED_AT - 12 * DAY);
    expect(staging.length).toBeGreaterThan(0);
    expect(staging.every((i) => i.responseStatus === 401)).toBe(true);
    expect(items.filter((i) => i.apiKeyName === 'Production').every((i) => Date.parse(i.createdAt) >= SEEDED_AT - (6 * DAY + 4 * HOUR))).toBe(true);
    expect(items[0]).toEqual({ id: expect.any(Number), apiKeyId: expect.any(Number), apiKeyName: 'Production', method: 'GET', path: '/v1/balance', responseStatus: 200, ipAddress: '127.0.0.1', createdAt: iso(clock), durationMs: expect.any(Number) });
  });

  it('brand1’s webhook log: 300 in pages of 20; mostly delivered at once, some after retries, some failed after 1 + 3 attempts (a few resent by hand), the newest few pending', async () => {
    const { pages, items } = await allPages((query) => webhookLog(MERCHANT, query));
    expect(pages.map((p) => p.length)).toEqual([...Array(15).fill(20)]);
    expect(new Set(items.map((i) => i.id)).size).toBe(300);
    const statuses = items.map((i) => i.status);
    expect(statuses.filter((s) => s === 'delivered').length).toBeGreaterThan(240);
    expect(statuses.filter((s) => s === 'pending').length).toBe(pendingCountOf('brand1'));
    expect(statuses.filter((s) => s === 'failed').length).toBeGreaterThan(5);
    const automatic = (i: any) => i.attempts.filter((a: any) => !a.manual);
    expect(items.filter((i) => i.status === 'delivered' && automatic(i).length > 1).length).toBeGreaterThan(5);
    const failed = items.filter((i) => i.status === 'failed');
    expect(failed.every((i) => automatic(i).length === 4 && i.nextAttemptAt === null && automatic(i).every((a: any) => a.responseStatus === null || a.responseStatus >= 500))).toBe(true);
    expect(failed.flatMap(automatic).some((a: any) => a.responseStatus === null && a.durationMs === 3000)).toBe(true);
    expect(items.some((i) => i.status === 'delivered' && i.attempts.some((a: any) => a.manual))).toBe(true);
    const pending = items.filter((i) => i.status === 'pending');
    expect(pending.every((i) => Date.parse(i.nextAttemptAt) > clock && Date.parse(i.nextAttemptAt) <= clock + RETRY_DELAY_MS && i.attempts.length >= 1 && i.attempts.length <= 3)).toBe(true);
    expect(new Set(items.map((i) => i.eventType))).toEqual(new Set(['transfer.incoming', 'ipn.created']));
    expect(new Set(items.map((i) => i.webhookName))).toEqual(new Set(['Orders', 'Accounting']));
    const payload = JSON.parse(items[0].payload);
    expect(payload).toEqual({ id: expect.stringMatching(/^evt_\d+$/), type: items[0].eventType, createdAt: items[0].createdAt, data: expect.objectContaining({ amount: expect.any(String), currencyCode: expect.any(String) }) });
  });

  it('another brand: 45 deliveries in pages of 20, 20 and 5; 120 requests in 50, 50 and 20', async () => {
    const login = 'merchant@brand3.test';
    expect((await allPages((query) => webhookLog(login, query))).pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect((await allPages((query) => apiLog(login, query))).pages.map((p) => p.length)).toEqual([50, 50, 20]);
  });
});

describe('who may call', () => {
  it('merchant-staff@ (full merchant access) acting for merchant@ (customerId and X-Customer-Id) sees what merchant@ sees', async () => {
    const acting = { 'X-Customer-Id': String(idOf(MERCHANT)) };
    for (const what of ['webhook', 'apikey', 'allowedip'] as const) {
      expect((await ok(STAFF, 'GET', `/${what}`, { query: { customerId: idOf(MERCHANT) }, headers: acting })).items).toEqual(await listOf(MERCHANT, what));
    }
    expect((await pa(STAFF, 'GET', '/apirequest', { query: { customerId: idOf(MERCHANT) }, headers: acting })).body).toEqual((await apiLog(MERCHANT)).body);
    const created = await ok(STAFF, 'POST', '/allowedip', { body: { customerId: idOf(MERCHANT), name: 'Staff', enabled: false, ipFrom: '192.0.2.200', requestId: rid() }, headers: acting });
    expect(created.allowedIp).toMatchObject({ customerId: idOf(MERCHANT), name: 'Staff' });
    expect(await ok(STAFF, 'DELETE', `/allowedip/${created.allowedIp.id}`, { query: { customerId: idOf(MERCHANT), requestId: rid() }, headers: acting })).toEqual({ id: created.allowedIp.id });
  });

  it('merchant-viewer@ (merchant level 1), an admin and an employee for themselves: 403 on every call; the text in the request’s language', async () => {
    const customerId = idOf(MERCHANT);
    const acting = { 'X-Customer-Id': String(customerId) };
    const calls: [string, string, Parameters<typeof pa>[3]][] = [
      ['GET', '/webhook', { query: { customerId } }],
      ['GET', '/apikey', { query: { customerId } }],
      ['GET', '/allowedip', { query: { customerId } }],
      ['GET', '/apirequest', { query: { customerId } }],
      ['GET', '/webhookRequest', { query: { customerId } }],
      ['POST', '/webhook', { body: { customerId, name: 'x', enabled: true, url: 'https://viewer.example/hook', requestId: rid() } }],
      ['POST', '/webhook/ping', { body: { customerId, url: 'https://viewer.example/hook' } }],
      ['POST', '/apikey', { body: { customerId, name: 'x', enabled: true, requestId: rid() } }],
      ['DELETE', '/apikey/1', { query: { customerId, requestId: rid() } }],
      ['POST', '/webhookRequest/1/resend', { body: { customerId, requestId: rid() } }],
    ];
    for (const [method, path, options] of calls) {
      expect([method, path, await pa(VIEWER, method, path, { ...options, headers: acting })]).toEqual([method, path, forbidden(FULL_ACCESS_ONLY)]);
    }
    // admin@ administers business@ (they may act for it), but admins have no merchant access.
    expect(await pa(ADMIN, 'GET', '/webhook', { query: { customerId: idOf(BUSINESS) }, headers: { 'X-Customer-Id': String(idOf(BUSINESS)) } })).toEqual(forbidden(FULL_ACCESS_ONLY));
    expect(await pa(VIEWER, 'GET', '/apikey', { query: { customerId: idOf(VIEWER) } })).toEqual(forbidden(FULL_ACCESS_ONLY));
    expect(await pa(VIEWER, 'GET', '/apikey', { query: { customerId }, headers: { ...acting, 'Accept-Language': 'ru' } })).toEqual(forbidden(SANDBOX_TEXTS.ru[FULL_ACCESS_ONLY]!));
  });

  it('another customer’s id, an X-Customer-Id naming someone else, no customerId: 403; no token: 401', async () => {
    expect(await pa(MERCHANT, 'GET', '/webhook', { query: { customerId: idOf(NEW) } })).toEqual(forbidden(CANNOT_ACT));
    expect(await pa(MERCHANT, 'POST', '/apikey', { body: { customerId: idOf(NEW), name: 'x', enabled: true, requestId: rid() } })).toEqual(forbidden(CANNOT_ACT));
    expect(await pa(STAFF, 'GET', '/webhook', { query: { customerId: idOf(STAFF) }, headers: { 'X-Customer-Id': String(idOf(MERCHANT)) } })).toEqual(forbidden(CANNOT_ACT));
    expect(await pa(MERCHANT, 'GET', '/webhook', { query: { customerId: idOf(MERCHANT) }, headers: { 'X-Customer-Id': String(idOf(NEW)) } })).toEqual(forbidden(CANNOT_ACT));
    expect(await pa(MERCHANT, 'GET', '/webhook', { query: { customerId: 'me' } })).toEqual(forbidden(CANNOT_ACT));
    expect(await pa(MERCHANT, 'GET', '/webhook')).toEqual(forbidden(CANNOT_ACT));
    expect((await pa(null, 'GET', '/webhook', { query: { customerId: idOf(MERCHANT) } })).status).toBe(401);
    expect(await listOf(NEW, 'apikey')).toEqual([]);
  });

  it('another customer’s webhook, key, entry or delivery: 404, and nothing changes', async () => {
    const [hook] = await listOf(MERCHANT, 'webhook');
    const [key] = await listOf(MERCHANT, 'apikey');
    const [entry] = await listOf(MERCHANT, 'allowedip');
    const [delivery] = (await webhookLog(MERCHANT)).body.items;
    const customerId = idOf(NEW);
    expect(await pa(NEW, 'PUT', `/webhook/${hook.id}`, { body: { customerId, name: 'Mine', enabled: true, url: 'https://new.example/hook', requestId: rid() } })).toEqual(notFound(NO_SUCH_WEBHOOK));
    expect(await pa(NEW, 'DELETE', `/webhook/${hook.id}`, { query: { customerId, requestId: rid() } })).toEqual(notFound(NO_SUCH_WEBHOOK));
    expect(await pa(NEW, 'POST', `/webhook/${hook.id}/secret`, { body: { customerId, expiresIn: 'now', requestId: rid() } })).toEqual(notFound(NO_SUCH_WEBHOOK));
    expect(await pa(NEW, 'PUT', `/apikey/${key.id}`, { body: { customerId, name: 'Mine', enabled: true, requestId: rid() } })).toEqual(notFound(NO_SUCH_KEY));
    expect(await pa(NEW, 'DELETE', `/apikey/${key.id}`, { query: { customerId, requestId: rid() } })).toEqual(notFound(NO_SUCH_KEY));
    expect(await pa(NEW, 'POST', `/apikey/${key.id}/roll`, { body: { customerId, expiresIn: 'now', requestId: rid() } })).toEqual(notFound(NO_SUCH_KEY));
    expect(await pa(NEW, 'PUT', `/allowedip/${entry.id}`, { body: { customerId, name: 'Mine', enabled: true, ipFrom: '10.0.0.1', requestId: rid() } })).toEqual(notFound(NO_SUCH_ENTRY));
    expect(await pa(NEW, 'DELETE', `/allowedip/${entry.id}`, { query: { customerId, requestId: rid() } })).toEqual(notFound(NO_SUCH_ENTRY));
    expect(await pa(NEW, 'POST', `/webhookRequest/${delivery.id}/resend`, { body: { customerId, requestId: rid() } })).toEqual(notFound(NO_SUCH_DELIVERY));
    expect(await pa(MERCHANT, 'DELETE', '/webhook/0', { query: { customerId: idOf(MERCHANT), requestId: rid() } })).toEqual(notFound(NO_SUCH_WEBHOOK));
    expect(await listOf(MERCHANT, 'webhook')).toContainEqual(hook);
    expect(await listOf(MERCHANT, 'apikey')).toContainEqual(key);
    expect(await listOf(MERCHANT, 'allowedip')).toContainEqual(entry);
    expect((await deliveryOf(MERCHANT, delivery.id)).attempts).toEqual(delivery.attempts);
  });
});

describe('webhooks', () => {
  it('a create answers the secret once (whsec_ and 32 base62); the list shows its last four', async () => {
    const { webhook, secret } = await createWebhook(NEW, { name: '  Shop  ', url: ' https://new-shop.example/hooks ' });
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(webhook).toEqual({ id: expect.any(Number), customerId: idOf(NEW), name: 'Shop', enabled: true, url: 'https://new-shop.example/hooks', secretLastFour: secret.slice(-4), previousSecretExpiresAt: null, createdAt: iso(clock) });
    expect(await listOf(NEW, 'webhook')).toEqual([webhook]);
    await deleteWebhook(NEW, webhook.id);
  });

  it('field problems: 400 with validationErrors by param, all at once; http only for the sandbox’s own host', async () => {
    const customerId = idOf(NEW);
    const create = (body: Record<string, unknown>) => pa(NEW, 'POST', '/webhook', { body: { customerId, name: 'Hook', enabled: true, url: 'https://a.example/h', requestId: rid(), ...body } });
    const both = await create({ name: '  ', url: '' });
    expect(both.status).toBe(400);
    expect(fields(both)).toEqual([
      ['name', WEBHOOK_NAME_TEXTS.required],
      ['url', WEBHOOK_URL_TEXTS.required],
    ]);
    expect(both.body.message).toBe(WEBHOOK_NAME_TEXTS.required);
    expect(fields(await create({ name: 'x'.repeat(101) }))).toEqual([['name', WEBHOOK_NAME_TEXTS.tooLong]]);
    expect(fields(await create({ url: 'http://shop.example/hook' }))).toEqual([['url', WEBHOOK_URL_TEXTS.notHttps]]);
    expect(fields(await create({ url: 'https://user:pass@shop.example/hook' }))).toEqual([['url', WEBHOOK_URL_TEXTS.credentials]]);
    expect(fields(await create({ url: 'not an address' }))).toEqual([['url', WEBHOOK_URL_TEXTS.invalid]]);
    expect(fields(await create({ url: `https://a.example/${'x'.repeat(250)}` }))).toEqual([['url', WEBHOOK_URL_TEXTS.tooLong]]);
    const local = await create({ url: 'http://127.0.0.1:9/hook' });
    expect(local.status).toBe(200);
    await deleteWebhook(NEW, local.body.webhook.id);
    // A body that breaks the contract is the server's 400.
    expect((await pa(NEW, 'POST', '/webhook', { body: { customerId, name: 'x', enabled: 'yes', url: 'https://a.example', requestId: rid() } })).status).toBe(400);
  });

  it('an address another webhook has, and more than 10 webhooks: 422 with errors', async () => {
    const made = [];
    for (let i = 0; i < WEBHOOKS_MAX; i += 1) made.push((await createWebhook(NEW, { name: `Hook ${i}`, url: `https://hooks.example/${i}` })).webhook);
    const customerId = idOf(NEW);
    expect(await pa(NEW, 'POST', '/webhook', { body: { customerId, name: 'Again', enabled: true, url: 'https://hooks.example/3', requestId: rid() } })).toEqual(unfixable(URL_TAKEN));
    expect(await pa(NEW, 'POST', '/webhook', { body: { customerId, name: 'Eleventh', enabled: true, url: 'https://hooks.example/11', requestId: rid() } })).toEqual(unfixable(TOO_MANY_WEBHOOKS));
    expect(TOO_MANY_WEBHOOKS).toBe('You have 10 webhooks already: delete one first');
    // An update to another's address too; its own address stays its own.
    expect(await pa(NEW, 'PUT', `/webhook/${made[0].id}`, { body: { customerId, name: 'Zero', enabled: false, url: 'https://hooks.example/1', requestId: rid() } })).toEqual(unfixable(URL_TAKEN));
    const updated = await ok(NEW, 'PUT', `/webhook/${made[0].id}`, { body: { customerId, name: 'Zero', enabled: false, url: 'https://hooks.example/0', requestId: rid() } });
    expect(updated).toEqual({ webhook: { ...made[0], name: 'Zero', enabled: false } });
    expect(fields(await pa(NEW, 'PUT', `/webhook/${made[0].id}`, { body: { customerId, name: '', enabled: false, url: 'https://hooks.example/0', requestId: rid() } }))).toEqual([['name', WEBHOOK_NAME_TEXTS.required]]);
    for (const hook of made) await deleteWebhook(NEW, hook.id);
    expect(await listOf(NEW, 'webhook')).toEqual([]);
  });

  it('once per requestId: a repeat answers the same webhook and secret and makes nothing; another body or another operation 409; a refusal is not kept', async () => {
    const customerId = idOf(NEW);
    const requestId = rid();
    const body = { customerId, name: 'Once', enabled: true, url: 'https://once.example/hook', requestId };
    const first = await pa(NEW, 'POST', '/webhook', { body });
    expect(first.status).toBe(200);
    expect(await pa(NEW, 'POST', '/webhook', { body })).toEqual(first);
    expect(await listOf(NEW, 'webhook')).toHaveLength(1);
    expect(await pa(NEW, 'POST', '/webhook', { body: { ...body, name: 'Twice' } })).toEqual(OTHER_DETAILS);
    expect(await pa(NEW, 'POST', '/apikey', { body: { customerId, name: 'Once', enabled: true, requestId } })).toEqual(OTHER_CALL);
    expect(await pa(NEW, 'DELETE', `/webhook/${first.body.webhook.id}`, { query: { customerId, requestId } })).toEqual(OTHER_CALL);
    // The 409 in the request's language.
    expect((await pa(NEW, 'POST', '/webhook', { body: { ...body, name: 'Twice' }, headers: { 'Accept-Language': 'ro' } })).body).toEqual({ message: SANDBOX_MESSAGES.ro.requestIdOtherDetails });
    // A refused request is not kept: the corrected one with the same requestId goes through.
    const again = rid();
    expect((await pa(NEW, 'POST', '/webhook', { body: { ...body, url: 'ftp://x', requestId: again } })).status).toBe(400);
    expect((await pa(NEW, 'POST', '/webhook', { body: { ...body, url: 'https://once.example/other', requestId: again } })).status).toBe(200);
    for (const hook of await listOf(NEW, 'webhook')) await deleteWebhook(NEW, hook.id);
  });

  it('a delete: once per requestId (a repeat answers { id }, another id 409), then 404; a missing or malformed requestId 400', async () => {
    const customerId = idOf(NEW);
    const a = (await createWebhook(NEW, { url: 'https://del.example/a' })).webhook;
    const b = (await createWebhook(NEW, { url: 'https://del.example/b' })).webhook;
    const requestId = rid();
    expect(await pa(NEW, 'DELETE', `/webhook/${a.id}`, { query: { customerId, requestId } })).toEqual({ status: 200, body: { id: a.id } });
    expect(await pa(NEW, 'DELETE', `/webhook/${a.id}`, { query: { customerId, requestId } })).toEqual({ status: 200, body: { id: a.id } });
    expect(await pa(NEW, 'DELETE', `/webhook/${b.id}`, { query: { customerId, requestId } })).toEqual(OTHER_DETAILS);
    expect(await pa(NEW, 'DELETE', `/webhook/${a.id}`, { query: { customerId, requestId: rid() } })).toEqual(notFound(NO_SUCH_WEBHOOK));
    const missing = await pa(NEW, 'DELETE', `/webhook/${b.id}`, { query: { customerId } });
    expect(missing).toEqual({ status: 400, body: { message: SANDBOX_MESSAGES.en.requestIdMissing, validationErrors: [{ param: 'requestId', description: SANDBOX_MESSAGES.en.requestIdMissing }] } });
    expect((await pa(NEW, 'DELETE', `/webhook/${b.id}`, { query: { customerId, requestId: 'short' } })).status).toBe(400);
    expect(await listOf(NEW, 'webhook')).toEqual([b]);
    await deleteWebhook(NEW, b.id);
  });
});

describe('deliveries, the signature and the sink', () => {
  it('an event: one delivery per webhook that is on, posted once to the sink with a signature a receiver checks with node:crypto', async () => {
    const { webhook, secret } = await createWebhook(NEW, { name: 'Sink', url: sinkUrl('new-a') });
    const off = (await createWebhook(NEW, { name: 'Off', url: sinkUrl('new-off'), enabled: false })).webhook;
    const [delivery, ...others] = await event(NEW);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({ webhookId: webhook.id, webhookName: 'Sink', url: sinkUrl('new-a'), eventType: 'transfer.incoming', status: 'delivered', createdAt: iso(clock), nextAttemptAt: null });
    expect(delivery.attempts).toEqual([{ at: iso(clock), responseStatus: 200, durationMs: expect.any(Number), responseExcerpt: '{"ok":true}', manual: false }]);
    expect(JSON.parse(delivery.payload)).toEqual({ id: expect.stringMatching(/^evt_\d+$/), type: 'transfer.incoming', createdAt: iso(clock), data: { amount: '25.00', currencyCode: 'EUR', payerEmail: 'payer@example.com' } });
    const { requests } = await sink('new-a');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toBe(delivery.payload);
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    const header = requests[0]!.headers[SIGNATURE];
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(parseSignatureHeader(header!)!.timestamp).toBe(Math.floor(clock / 1000));
    expect(signedWith(header, requests[0]!.body, secret)).toBe(true);
    expect(signedWith(header, `${requests[0]!.body} `, secret)).toBe(false);
    expect(signedWith(header, requests[0]!.body, 'whsec_another')).toBe(false);
    expect((await sink('new-off')).requests).toEqual([]);
    expect((await webhookLog(NEW)).body.items[0]).toEqual(delivery);
    await deleteWebhook(NEW, webhook.id);
    await deleteWebhook(NEW, off.id);
  });

  it('a failing address: retried 10 minutes apart on the sandbox’s clock, 1 + 3 attempts, then failed; a later 2xx delivers', async () => {
    await sinkMode('new-fail', 'fail');
    const { webhook } = await createWebhook(NEW, { name: 'Failing', url: sinkUrl('new-fail') });
    const [delivery] = await event(NEW, { type: 'ipn.created', amount: '7.5', currencyCode: 'EUR' });
    expect(JSON.parse(delivery.payload).data).toEqual({ amount: '7.5', currencyCode: 'EUR', payerEmail: 'payer@example.com', paymentStatus: 'completed' });
    expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: iso(clock + RETRY_DELAY_MS) });
    expect(delivery.attempts).toEqual([{ at: iso(clock), responseStatus: 500, durationMs: expect.any(Number), responseExcerpt: expect.stringContaining('fails on purpose'), manual: false }]);
    // Not due yet: reading the log changes nothing.
    expect((await deliveryOf(NEW, delivery.id)).attempts).toHaveLength(1);
    // Due on the clock: the log makes the retry before it is read.
    clock += RETRY_DELAY_MS;
    const second = await deliveryOf(NEW, delivery.id);
    expect(second.attempts.map((a: any) => [a.at, a.responseStatus])).toEqual([
      [iso(clock - RETRY_DELAY_MS), 500],
      [iso(clock), 500],
    ]);
    expect(second).toMatchObject({ status: 'pending', nextAttemptAt: iso(clock + RETRY_DELAY_MS) });
    // The control API's clock: each 10 minutes makes one more.
    await advance(NEW, 10);
    expect((await deliveryOf(NEW, delivery.id)).attempts).toHaveLength(3);
    await advance(NEW, 10);
    const last = await deliveryOf(NEW, delivery.id);
    expect(last).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(last.attempts).toHaveLength(4);
    await advance(NEW, 60);
    expect((await deliveryOf(NEW, delivery.id)).attempts).toHaveLength(4);
    expect((await sink('new-fail')).requests.map((r) => r.answered)).toEqual([500, 500, 500, 500]);
    expect((sb.db.prepare('SELECT automatic_attempts AS n FROM pa_webhook_requests WHERE id = ?').get(delivery.id) as { n: number }).n).toBe(4);

    // Delivered on a retry once the address answers 2xx.
    const [next] = await event(NEW);
    expect(next.status).toBe('pending');
    await sinkMode('new-fail', 'ok');
    await advance(NEW, 10);
    const delivered = await deliveryOf(NEW, next.id);
    expect(delivered).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(delivered.attempts.map((a: any) => a.responseStatus)).toEqual([500, 200]);

    // A resend by hand of the failed one: one manual attempt, not counted; delivered now, so no retry is due.
    const body = { customerId: idOf(NEW), requestId: rid('resend') };
    const resent = await pa(NEW, 'POST', `/webhookRequest/${delivery.id}/resend`, { body });
    expect(resent.status).toBe(200);
    expect(resent.body.webhookRequest).toMatchObject({ id: delivery.id, status: 'delivered', nextAttemptAt: null });
    expect(resent.body.webhookRequest.attempts.map((a: any) => [a.responseStatus, a.manual])).toEqual([
      [500, false],
      [500, false],
      [500, false],
      [500, false],
      [200, true],
    ]);
    const posted = (await sink('new-fail')).requests.length;
    // Once per requestId: the same attempt, no second post; another body 409.
    expect(await pa(NEW, 'POST', `/webhookRequest/${delivery.id}/resend`, { body })).toEqual(resent);
    expect((await sink('new-fail')).requests.length).toBe(posted);
    expect(await pa(NEW, 'POST', `/webhookRequest/${next.id}/resend`, { body })).toEqual(OTHER_DETAILS);
    expect((sb.db.prepare('SELECT automatic_attempts AS n FROM pa_webhook_requests WHERE id = ?').get(delivery.id) as { n: number }).n).toBe(4);
    await deleteWebhook(NEW, webhook.id);
  });

  it('a resend that fails leaves the retries as they were; a deleted webhook: its pending delivery stops and a resend is 422', async () => {
    await sinkMode('new-resend', 'fail');
    const { webhook } = await createWebhook(NEW, { name: 'Resend', url: sinkUrl('new-resend') });
    const [delivery] = await event(NEW);
    const resent = await ok(NEW, 'POST', `/webhookRequest/${delivery.id}/resend`, { body: { customerId: idOf(NEW), requestId: rid() } });
    expect(resent.webhookRequest).toMatchObject({ status: 'pending', nextAttemptAt: delivery.nextAttemptAt });
    expect(resent.webhookRequest.attempts.map((a: any) => a.manual)).toEqual([false, true]);
    expect((sb.db.prepare('SELECT automatic_attempts AS n FROM pa_webhook_requests WHERE id = ?').get(delivery.id) as { n: number }).n).toBe(1);
    await deleteWebhook(NEW, webhook.id);
    const after = await deliveryOf(NEW, delivery.id);
    expect(after).toMatchObject({ status: 'failed', nextAttemptAt: null, webhookName: 'Resend' });
    expect(await pa(NEW, 'POST', `/webhookRequest/${delivery.id}/resend`, { body: { customerId: idOf(NEW), requestId: rid() } })).toEqual(unfixable(WEBHOOK_GONE));
    await advance(NEW, 30);
    expect((await deliveryOf(NEW, delivery.id)).attempts).toHaveLength(2);
  });

  it('a webhook turned off: its pending retries stop; a resend by hand still goes', async () => {
    await sinkMode('new-off-later', 'fail');
    const { webhook } = await createWebhook(NEW, { name: 'Later off', url: sinkUrl('new-off-later') });
    const [delivery] = await event(NEW);
    expect(delivery.status).toBe('pending');
    await ok(NEW, 'PUT', `/webhook/${webhook.id}`, { body: { customerId: idOf(NEW), name: 'Later off', enabled: false, url: webhook.url, requestId: rid() } });
    expect(await deliveryOf(NEW, delivery.id)).toMatchObject({ status: 'failed', nextAttemptAt: null });
    await advance(NEW, 30);
    expect((await sink('new-off-later')).requests).toHaveLength(1);
    await sinkMode('new-off-later', 'ok');
    const resent = await ok(NEW, 'POST', `/webhookRequest/${delivery.id}/resend`, { body: { customerId: idOf(NEW), requestId: rid() } });
    expect(resent.webhookRequest).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    await deleteWebhook(NEW, webhook.id);
  });

  it('an address that does not answer in 3 s: no status, no answer, the time waited', async () => {
    await sinkMode('new-slow', 'timeout');
    const { webhook } = await createWebhook(NEW, { name: 'Slow', url: sinkUrl('new-slow') });
    const [delivery] = await event(NEW);
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts).toEqual([{ at: iso(clock), responseStatus: null, durationMs: expect.any(Number), responseExcerpt: null, manual: false }]);
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS - 100);
    expect(delivery.attempts[0].durationMs).toBeLessThan(DELIVERY_TIMEOUT_MS + 900);
    expect((await sink('new-slow')).requests).toHaveLength(1);
    await deleteWebhook(NEW, webhook.id);
  }, 15_000);

  it('only the sandbox’s own origin is contacted: another host, or another port of 127.0.0.1, gets nothing (no status, no time)', async () => {
    const a = (await createWebhook(NEW, { name: 'Away', url: 'https://hooks.example.org/in' })).webhook;
    const b = (await createWebhook(NEW, { name: 'Other port', url: 'http://127.0.0.1:9/in' })).webhook;
    const deliveries = await event(NEW);
    expect(deliveries.map((d) => [d.webhookName, d.status, d.attempts])).toEqual([
      ['Away', 'pending', [{ at: iso(clock), responseStatus: null, durationMs: 0, responseExcerpt: null, manual: false }]],
      ['Other port', 'pending', [{ at: iso(clock), responseStatus: null, durationMs: 0, responseExcerpt: null, manual: false }]],
    ]);
    await deleteWebhook(NEW, a.id);
    await deleteWebhook(NEW, b.id);
  });

  it('a rotated secret signs beside the new one until it expires (two v1), then only the new one; "now" keeps none', async () => {
    const { webhook, secret: old } = await createWebhook(NEW, { name: 'Rotating', url: sinkUrl('new-rotate') });
    const body = { customerId: idOf(NEW), expiresIn: '1h', requestId: rid() };
    const rotated = await ok(NEW, 'POST', `/webhook/${webhook.id}/secret`, { body });
    expect(rotated.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.webhook).toEqual({ ...webhook, secretLastFour: rotated.secret.slice(-4), previousSecretExpiresAt: iso(clock + HOUR) });
    expect(await pa(NEW, 'POST', `/webhook/${webhook.id}/secret`, { body })).toEqual({ status: 200, body: rotated });
    await event(NEW);
    const both = (await sink('new-rotate')).requests.at(-1)!;
    const parsed = parseSignatureHeader(both.headers[SIGNATURE]!)!;
    expect(parsed.signatures).toHaveLength(2);
    expect(signedWith(`t=${parsed.timestamp},v1=${parsed.signatures[0]}`, both.body, rotated.secret)).toBe(true);
    expect(signedWith(`t=${parsed.timestamp},v1=${parsed.signatures[1]}`, both.body, old)).toBe(true);
    // An hour on, the old one has stopped.
    await advance(NEW, 61);
    expect((await listOf(NEW, 'webhook'))[0].previousSecretExpiresAt).toBeNull();
    await event(NEW);
    const one = (await sink('new-rotate')).requests.at(-1)!;
    expect(parseSignatureHeader(one.headers[SIGNATURE]!)!.signatures).toHaveLength(1);
    expect(signedWith(one.headers[SIGNATURE], one.body, rotated.secret)).toBe(true);
    expect(signedWith(one.headers[SIGNATURE], one.body, old)).toBe(false);
    const now = await ok(NEW, 'POST', `/webhook/${webhook.id}/secret`, { body: { customerId: idOf(NEW), expiresIn: 'now', requestId: rid() } });
    expect(now.webhook.previousSecretExpiresAt).toBeNull();
    await event(NEW);
    const last = (await sink('new-rotate')).requests.at(-1)!;
    expect(parseSignatureHeader(last.headers[SIGNATURE]!)!.signatures).toHaveLength(1);
    expect(signedWith(last.headers[SIGNATURE], last.body, now.secret)).toBe(true);
    await deleteWebhook(NEW, webhook.id);
  });

  it('a ping: posted once, signed when the address is one of the customer’s webhooks, unsigned otherwise; not in the log; the address rule 400', async () => {
    const { secret } = await createWebhook(NEW, { name: 'Pinged', url: sinkUrl('new-ping') });
    const logged = (await webhookLog(NEW)).body.items.length;
    const customerId = idOf(NEW);
    const pinged = await ok(NEW, 'POST', '/webhook/ping', { body: { customerId, url: sinkUrl('new-ping') } });
    expect(pinged).toEqual({ delivered: true, responseStatus: 200, durationMs: expect.any(Number), responseExcerpt: '{"ok":true}' });
    const [received] = (await sink('new-ping')).requests;
    expect(JSON.parse(received!.body)).toEqual({ id: expect.stringMatching(/^evt_\d+$/), type: 'webhook.ping', createdAt: iso(clock), data: {} });
    expect(signedWith(received!.headers[SIGNATURE], received!.body, secret)).toBe(true);
    await sinkMode('new-ping-other', 'fail');
    expect(await ok(NEW, 'POST', '/webhook/ping', { body: { customerId, url: sinkUrl('new-ping-other') } })).toEqual({
      delivered: false,
      responseStatus: 500,
      durationMs: expect.any(Number),
      responseExcerpt: expect.stringContaining('fails on purpose'),
    });
    expect((await sink('new-ping-other')).requests[0]!.headers[SIGNATURE]).toBeUndefined();
    expect(await ok(NEW, 'POST', '/webhook/ping', { body: { customerId, url: 'https://nowhere.example/hook' } })).toEqual({ delivered: false, responseStatus: null, durationMs: 0, responseExcerpt: null });
    const bad = await pa(NEW, 'POST', '/webhook/ping', { body: { customerId, url: 'http://nowhere.example/hook' } });
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual([['url', WEBHOOK_URL_TEXTS.notHttps]]);
    expect((await webhookLog(NEW)).body.items.length).toBe(logged);
    for (const hook of await listOf(NEW, 'webhook')) await deleteWebhook(NEW, hook.id);
  });

  it('a payment with an IPN (POST /__sandbox/merchant/payment) is an ipn.created event for the webhooks', async () => {
    const { webhook } = await createWebhook(NEW, { name: 'Payments', url: sinkUrl('new-ipn') });
    const res = await post('/__sandbox/merchant/payment', { login: NEW, amount: '12.34' });
    expect(res.status).toBe(200);
    const { ipnMessage } = (await res.json()) as { ipnMessage: any };
    const [received] = (await sink('new-ipn')).requests;
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'ipn.created', data: { notificationId: ipnMessage.id, transactionId: ipnMessage.transactionId, amount: '12.34', paymentStatus: 'completed' } });
    expect((await webhookLog(NEW, { query: 'ipn.created' })).body.items[0]).toMatchObject({ webhookId: webhook.id, status: 'delivered' });
    await deleteWebhook(NEW, webhook.id);
  });

  it('the sink’s modes (ok by default, fail, timeout) and what it received, emptied by a reset', async () => {
    expect(await sink('fresh')).toEqual({ mode: 'ok', requests: [] });
    expect((await post('/__sandbox/webhook-sink/fresh/mode', { mode: 'sometimes' })).status).toBe(400);
    const answered = await post('/__sandbox/webhook-sink/fresh', { hello: 1 }, { 'X-Test': 'yes' });
    expect([answered.status, await answered.json()]).toEqual([200, { ok: true }]);
    await sinkMode('fresh', 'fail');
    expect((await post('/__sandbox/webhook-sink/fresh', {})).status).toBe(500);
    const { mode, requests } = await sink('fresh');
    expect(mode).toBe('fail');
    expect(requests.map((r) => [r.body, r.answered, r.headers['x-test'], r.receivedAt])).toEqual([
      ['{"hello":1}', 200, 'yes', iso(clock)],
      ['{}', 500, undefined, iso(clock)],
    ]);
  });
});

describe('API keys', () => {
  it('a create answers the secret once (sk_sandbox_ and 32 base62), kept only as its hash; the name 400; more than 20 live keys 422', async () => {
    const customerId = idOf(NEW);
    const requestId = rid();
    const body = { customerId, name: ' Server ', enabled: true, requestId };
    const made = await ok(NEW, 'POST', '/apikey', { body });
    expect(made.secret).toMatch(/^sk_sandbox_[0-9A-Za-z]{32}$/);
    expect(made.apiKey).toEqual({ id: expect.any(Number), customerId, name: 'Server', enabled: true, secretLastFour: made.secret.slice(-4), createdAt: iso(clock), expiresAt: null, lastUsedAt: null });
    expect(await pa(NEW, 'POST', '/apikey', { body })).toEqual({ status: 200, body: made });
    const row = sb.db.prepare('SELECT * FROM pa_api_keys WHERE id = ?').get(made.apiKey.id) as Record<string, unknown>;
    expect(Object.values(row)).not.toContain(made.secret);
    expect(row.secret_hash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    expect(await listOf(NEW, 'apikey')).toEqual([made.apiKey]);
    const empty = await pa(NEW, 'POST', '/apikey', { body: { customerId, name: ' ', enabled: true, requestId: rid() } });
    expect([empty.status, fields(empty)]).toEqual([400, [['name', KEY_NAME_TEXTS.required]]]);
    for (let i = 1; i < API_KEYS_MAX; i += 1) await ok(NEW, 'POST', '/apikey', { body: { customerId, name: `Key ${i}`, enabled: i % 2 === 0, requestId: rid() } });
    expect(await pa(NEW, 'POST', '/apikey', { body: { customerId, name: 'One more', enabled: true, requestId: rid() } })).toEqual(unfixable(TOO_MANY_KEYS));
    for (const key of await listOf(NEW, 'apikey')) await ok(NEW, 'DELETE', `/apikey/${key.id}`, { query: { customerId, requestId: rid() } });
    expect(await listOf(NEW, 'apikey')).toEqual([]);
  });

  it('a roll: a new key with the name and state, the old one working until its expiry, then 401; rolled again 422; an expired key cannot be turned on', async () => {
    const customerId = idOf(NEW);
    const old = await ok(NEW, 'POST', '/apikey', { body: { customerId, name: 'Live', enabled: true, requestId: rid() } });
    const body = { customerId, expiresIn: '1h', requestId: rid() };
    const rolled = await ok(NEW, 'POST', `/apikey/${old.apiKey.id}/roll`, { body });
    expect(rolled.secret).toMatch(/^sk_sandbox_[0-9A-Za-z]{32}$/);
    expect(rolled.apiKey).toMatchObject({ name: 'Live', enabled: true, expiresAt: null, secretLastFour: rolled.secret.slice(-4) });
    expect(await pa(NEW, 'POST', `/apikey/${old.apiKey.id}/roll`, { body })).toEqual({ status: 200, body: rolled });
    const listed = await listOf(NEW, 'apikey');
    expect(listed.map((k) => [k.id, keyState(k, clock)])).toEqual([
      [old.apiKey.id, 'expiring'],
      [rolled.apiKey.id, 'active'],
    ]);
    expect(listed[0].expiresAt).toBe(iso(clock + HOUR));
    expect(await pa(NEW, 'POST', `/apikey/${old.apiKey.id}/roll`, { body: { ...body, requestId: rid() } })).toEqual(unfixable(NOT_ROLLABLE));
    // Both work until the old one's hour has passed.
    expect((await apiRequest({ secret: old.secret })).status).toBe(200);
    expect((await apiRequest({ secret: rolled.secret })).status).toBe(200);
    await advance(NEW, 61);
    expect((await apiRequest({ secret: old.secret })).status).toBe(401);
    expect((await apiRequest({ secret: rolled.secret })).status).toBe(200);
    expect(await pa(NEW, 'POST', `/apikey/${old.apiKey.id}/roll`, { body: { ...body, requestId: rid() } })).toEqual(unfixable(NOT_ROLLABLE));
    // Off is allowed; on again is not, once expired.
    expect((await ok(NEW, 'PUT', `/apikey/${old.apiKey.id}`, { body: { customerId, name: 'Live (old)', enabled: false, requestId: rid() } })).apiKey).toMatchObject({ name: 'Live (old)', enabled: false });
    expect(await pa(NEW, 'PUT', `/apikey/${old.apiKey.id}`, { body: { customerId, name: 'Live (old)', enabled: true, requestId: rid() } })).toEqual(unfixable(EXPIRED_KEY));
    // A key expired more than 7 days ago is left out of the list.
    await advance(NEW, EXPIRED_KEY_KEPT_MS / MINUTE - 2);
    expect((await listOf(NEW, 'apikey')).map((k) => k.id)).toEqual([old.apiKey.id, rolled.apiKey.id]);
    await advance(NEW, 2);
    expect((await listOf(NEW, 'apikey')).map((k) => k.id)).toEqual([rolled.apiKey.id]);
    // 'now': the old key stops at once.
    const now = await ok(NEW, 'POST', `/apikey/${rolled.apiKey.id}/roll`, { body: { customerId, expiresIn: 'now', requestId: rid() } });
    expect((await apiRequest({ secret: rolled.secret })).status).toBe(401);
    expect((await apiRequest({ secret: now.secret })).status).toBe(200);
    for (const key of await listOf(NEW, 'apikey')) await ok(NEW, 'DELETE', `/apikey/${key.id}`, { query: { customerId, requestId: rid() } });
  });

  it('an update: the name and on or off (off: 401); a delete: its requests stay in the log with its name, the secret stops at once', async () => {
    const customerId = idOf(NEW);
    const made = await ok(NEW, 'POST', '/apikey', { body: { customerId, name: 'Temp', enabled: true, requestId: rid() } });
    expect((await apiRequest({ secret: made.secret, method: 'POST', path: '/v1/transfers' })).apiRequest).toMatchObject({ apiKeyName: 'Temp', method: 'POST', path: '/v1/transfers', responseStatus: 200 });
    const bad = await pa(NEW, 'PUT', `/apikey/${made.apiKey.id}`, { body: { customerId, name: 'x'.repeat(101), enabled: true, requestId: rid() } });
    expect([bad.status, fields(bad)]).toEqual([400, [['name', KEY_NAME_TEXTS.tooLong]]]);
    await ok(NEW, 'PUT', `/apikey/${made.apiKey.id}`, { body: { customerId, name: 'Temp', enabled: false, requestId: rid() } });
    expect((await apiRequest({ secret: made.secret })).status).toBe(401);
    await ok(NEW, 'PUT', `/apikey/${made.apiKey.id}`, { body: { customerId, name: 'Temp', enabled: true, requestId: rid() } });
    expect((await apiRequest({ secret: made.secret })).status).toBe(200);
    expect((await listOf(NEW, 'apikey'))[0].lastUsedAt).toBe(iso(clock));
    await ok(NEW, 'DELETE', `/apikey/${made.apiKey.id}`, { query: { customerId, requestId: rid() } });
    expect(await apiRequest({ secret: made.secret })).toEqual({ status: 401 });
    const log = (await apiLog(NEW, { apiKeyId: made.apiKey.id })).body.items;
    expect(log.map((i: any) => [i.apiKeyId, i.apiKeyName, i.responseStatus])).toEqual([
      [made.apiKey.id, 'Temp', 200],
      [made.apiKey.id, 'Temp', 401],
      [made.apiKey.id, 'Temp', 200],
    ]);
  });
});

describe('allowed IPs and the requests made with a key', () => {
  it('field problems 400 by param; canonical addresses; overlap and more than 50 entries 422', async () => {
    const customerId = idOf(NEW);
    const create = (body: Record<string, unknown>) => pa(NEW, 'POST', '/allowedip', { body: { customerId, name: 'Entry', enabled: true, ipFrom: '10.0.0.1', requestId: rid(), ...body } });
    expect(fields(await create({ name: '', ipFrom: '' }))).toEqual([
      ['name', ENTRY_NAME_TEXTS.required],
      ['ipFrom', IP_TEXTS.required],
    ]);
    expect(fields(await create({ ipFrom: '10.0.0' }))).toEqual([['ipFrom', IP_TEXTS.format]]);
    expect(fields(await create({ ipTo: '2001:db8::1' }))).toEqual([['ipTo', IP_TEXTS.family]]);
    expect(fields(await create({ ipFrom: '10.0.0.9', ipTo: '10.0.0.1' }))).toEqual([['ipTo', IP_TEXTS.order]]);
    const v6 = await create({ name: 'V6', ipFrom: '2001:DB8::0001', ipTo: null });
    expect(v6.body.allowedIp).toEqual({ id: expect.any(Number), customerId, name: 'V6', enabled: true, ipFrom: '2001:db8::1', ipTo: null });
    const range = (await create({ name: 'Range', enabled: false, ipFrom: '10.0.0.0', ipTo: '10.0.0.255' })).body.allowedIp;
    // An entry that is off counts too.
    expect(await create({ ipFrom: '10.0.0.20' })).toEqual(unfixable(OVERLAP));
    expect(await create({ ipFrom: '9.255.255.0', ipTo: '10.0.0.0' })).toEqual(unfixable(OVERLAP));
    // An update may keep its own addresses.
    const updated = await ok(NEW, 'PUT', `/allowedip/${range.id}`, { body: { customerId, name: 'Range', enabled: true, ipFrom: '10.0.0.0', ipTo: '10.0.0.127', requestId: rid() } });
    expect(updated.allowedIp).toEqual({ ...range, enabled: true, ipTo: '10.0.0.127' });
    expect(await pa(NEW, 'PUT', `/allowedip/${range.id}`, { body: { customerId, name: 'Range', enabled: true, ipFrom: '2001:db8::', ipTo: '2001:db8::ff', requestId: rid() } })).toEqual(unfixable(OVERLAP));
    for (let i = 3; i <= ALLOWED_IPS_MAX; i += 1) expect((await create({ name: `E${i}`, ipFrom: `172.16.0.${i}` })).status).toBe(200);
    expect(await listOf(NEW, 'allowedip')).toHaveLength(ALLOWED_IPS_MAX);
    expect(await create({ ipFrom: '172.16.1.1' })).toEqual(unfixable(TOO_MANY_ENTRIES));
    for (const entry of await listOf(NEW, 'allowedip')) await ok(NEW, 'DELETE', `/allowedip/${entry.id}`, { query: { customerId, requestId: rid() } });
    expect(await listOf(NEW, 'allowedip')).toEqual([]);
  });

  it('a request with a key: unknown 401 (not logged); off 401; outside every entry that is on 403; else 200 — each logged; with no entry on, from anywhere', async () => {
    const customerId = idOf(NEW);
    const key = await ok(NEW, 'POST', '/apikey', { body: { customerId, name: 'Checked', enabled: true, requestId: rid() } });
    const before = (sb.db.prepare('SELECT COUNT(*) AS n FROM pa_api_requests').get() as { n: number }).n;
    expect(await apiRequest({ secret: 'sk_sandbox_nobodysKey000000000000000000' })).toEqual({ status: 401 });
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM pa_api_requests').get() as { n: number }).n).toBe(before);
    expect((await apiRequest({ secret: key.secret, address: '203.0.113.50' })).status).toBe(200);
    const office = await ok(NEW, 'POST', '/allowedip', { body: { customerId, name: 'Office', enabled: true, ipFrom: '198.51.100.0', ipTo: '198.51.100.255', requestId: rid() } });
    expect((await apiRequest({ secret: key.secret, address: '203.0.113.50' })).apiRequest).toMatchObject({ responseStatus: 403, ipAddress: '203.0.113.50' });
    expect((await apiRequest({ secret: key.secret, address: '198.51.100.77' })).status).toBe(200);
    expect((await apiRequest({ secret: key.secret })).status).toBe(403);
    await ok(NEW, 'PUT', `/allowedip/${office.allowedIp.id}`, { body: { customerId, name: 'Office', enabled: false, ipFrom: '198.51.100.0', ipTo: '198.51.100.255', requestId: rid() } });
    expect((await apiRequest({ secret: key.secret })).status).toBe(200);
    expect((await post('/__sandbox/public-api/request', { secret: key.secret, address: 'nowhere' })).status).toBe(400);
    const log = (await apiLog(NEW, { apiKeyId: key.apiKey.id })).body.items.map((i: any) => [i.responseStatus, i.ipAddress]);
    expect(log).toEqual([
      [200, '127.0.0.1'],
      [403, '127.0.0.1'],
      [200, '198.51.100.77'],
      [403, '203.0.113.50'],
      [200, '203.0.113.50'],
    ]);
    // merchant@'s seeded entries: the office and the sandbox host, not the old office (off).
    const production = seededKeySecret('brand1', 'production');
    expect((await apiRequest({ secret: production, address: '198.51.100.9' })).status).toBe(200);
    expect((await apiRequest({ secret: production, address: '203.0.113.7' })).status).toBe(403);
    expect((await apiRequest({ secret: seededKeySecret('brand1', 'staging') })).status).toBe(401);
    expect((await apiRequest({ secret: seededKeySecret('brand1', 'oldProduction') })).status).toBe(200);
    await restore(NEW);
  });
});

describe('the logs: filters and paging', () => {
  it('the API log by key and by UTC day (both included); the same rows in pages of 100', async () => {
    const keys = await listOf(MERCHANT, 'apikey');
    const staging = keys.find((k) => k.name === 'Staging');
    const byKey = (await allPages((query) => apiLog(MERCHANT, query), { apiKeyId: staging.id })).items;
    expect(byKey.length).toBe((sb.db.prepare('SELECT COUNT(*) AS n FROM pa_api_requests WHERE api_key_id = ?').get(staging.id) as { n: number }).n);
    expect(byKey.every((i) => i.apiKeyId === staging.id)).toBe(true);
    const day = iso(SEEDED_AT - 10 * DAY).slice(0, 10);
    const nextDay = iso(SEEDED_AT - 9 * DAY).slice(0, 10);
    const oneDay = (await allPages((query) => apiLog(MERCHANT, query), { fromDate: day, toDate: day })).items;
    expect(oneDay.length).toBeGreaterThan(10);
    expect(oneDay.every((i) => i.createdAt.startsWith(day))).toBe(true);
    const twoDays = (await allPages((query) => apiLog(MERCHANT, query), { fromDate: day, toDate: nextDay })).items;
    expect(twoDays.length).toBe((sb.db.prepare('SELECT COUNT(*) AS n FROM pa_api_requests WHERE customer_id = ? AND substr(created_at, 1, 10) IN (?, ?)').get(idOf(MERCHANT), day, nextDay) as { n: number }).n);
    const all50 = (await allPages((query) => apiLog(MERCHANT, query))).items;
    const all100 = await allPages((query) => apiLog(MERCHANT, query), { limit: 100 });
    expect(all100.pages[0]).toHaveLength(100);
    expect(all100.items).toEqual(all50);
  });

  it('the webhook log’s query: an event type, an address, a webhook’s name (any case), a delivery’s id; with days', async () => {
    const all = (await allPages((query) => webhookLog(MERCHANT, query))).items;
    const ipn = (await allPages((query) => webhookLog(MERCHANT, query), { query: 'IPN.created' })).items;
    expect(ipn.map((i) => i.id)).toEqual(all.filter((i) => i.eventType === 'ipn.created').map((i) => i.id));
    const books = (await allPages((query) => webhookLog(MERCHANT, query), { query: 'books.example' })).items;
    expect(books.length).toBeGreaterThan(0);
    expect(books.map((i) => i.id)).toEqual(all.filter((i) => i.url === ACCOUNTING_URL).map((i) => i.id));
    expect((await allPages((query) => webhookLog(MERCHANT, query), { query: 'accounting' })).items.map((i) => i.id)).toEqual(books.map((i) => i.id));
    expect((await webhookLog(MERCHANT, { query: String(all[7].id) })).body.items.map((i: any) => i.id)).toEqual([all[7].id]);
    expect((await webhookLog(MERCHANT, { query: 'nothing-like-this' })).body).toEqual({ items: [], nextCursor: null });
    const day = iso(SEEDED_AT - 3 * DAY).slice(0, 10);
    const oneDay = (await allPages((query) => webhookLog(MERCHANT, query), { fromDate: day, toDate: day, query: 'transfer' })).items;
    expect(oneDay.map((i) => i.id)).toEqual(all.filter((i) => i.createdAt.startsWith(day) && i.eventType === 'transfer.incoming').map((i) => i.id));
  });

  it('a filter’s problem, a limit outside 1 to 100, a cursor not made by the sandbox or made for other filters: 400', async () => {
    const problem = async (reply: Promise<{ status: number; body: any }>) => {
      const { status, body } = await reply;
      return [status, fields({ body })];
    };
    expect(await problem(apiLog(MERCHANT, { fromDate: '2026-02-30' }))).toEqual([400, [['fromDate', FILTER_TEXTS.fromDate]]]);
    expect(await problem(apiLog(MERCHANT, { fromDate: '2026-11-20', toDate: '2026-11-10' }))).toEqual([400, [['toDate', FILTER_TEXTS.range]]]);
    expect(await problem(apiLog(MERCHANT, { apiKeyId: 'key' }))).toEqual([400, [['apiKeyId', FILTER_TEXTS.apiKeyId]]]);
    expect(await problem(webhookLog(MERCHANT, { query: 'x'.repeat(256) }))).toEqual([400, [['query', FILTER_TEXTS.query]]]);
    expect(await problem(webhookLog(MERCHANT, { toDate: 'yesterday' }))).toEqual([400, [['toDate', FILTER_TEXTS.toDate]]]);
    for (const limit of ['0', '101', 'ten']) {
      expect(await problem(apiLog(MERCHANT, { limit }))).toEqual([400, [['limit', LIMIT_TEXT]]]);
      expect(await problem(webhookLog(MERCHANT, { limit }))).toEqual([400, [['limit', LIMIT_TEXT]]]);
    }
    const { nextCursor } = (await apiLog(MERCHANT)).body;
    expect(nextCursor).toEqual(expect.any(String));
    expect((await apiLog(MERCHANT, { cursor: nextCursor, limit: 10 })).status).toBe(200);
    expect(await problem(apiLog(MERCHANT, { cursor: nextCursor, apiKeyId: 1 }))).toEqual([400, [['cursor', CURSOR_OTHER_FILTERS]]]);
    expect(await problem(apiLog(MERCHANT, { cursor: 'not-a-cursor!' }))).toEqual([400, [['cursor', CURSOR_INVALID]]]);
    expect(await problem(apiLog(MERCHANT, { cursor: Buffer.from('{"t":"x"}').toString('base64url') }))).toEqual([400, [['cursor', CURSOR_INVALID]]]);
    const webhookCursor = (await webhookLog(MERCHANT, { query: 'transfer' })).body.nextCursor;
    expect(await problem(webhookLog(MERCHANT, { cursor: webhookCursor }))).toEqual([400, [['cursor', CURSOR_OTHER_FILTERS]]]);
    expect((await webhookLog(MERCHANT, { cursor: webhookCursor, query: ' transfer ' })).status).toBe(200);
    // In the request's language.
    expect((await pa(MERCHANT, 'GET', '/apirequest', { query: { customerId: idOf(MERCHANT), limit: 0 }, headers: { 'Accept-Language': 'uk' } })).body.message).toBe(SANDBOX_TEXTS.uk[LIMIT_TEXT]);
  });
});

describe('POST /__sandbox/sign-in-state gives the public API area back as seeded', () => {
  it('merchant@: the keys, webhooks, entries and logs with their seeded ids; merchant-new@: nothing', async () => {
    // As seeded, relative to the clock of the restore: the same ids and values.
    const seen = (items: any[]) => items.map(({ createdAt: _createdAt, ...rest }) => rest);
    const seeded = { hooks: seen(await listOf(MERCHANT, 'webhook')), entries: seen(await listOf(MERCHANT, 'allowedip')) };
    const customerId = idOf(MERCHANT);
    const [hook] = seeded.hooks;
    await ok(MERCHANT, 'DELETE', `/webhook/${hook.id}`, { query: { customerId, requestId: rid() } });
    await ok(MERCHANT, 'POST', '/apikey', { body: { customerId, name: 'Extra', enabled: true, requestId: rid() } });
    await createWebhook(NEW, { url: 'https://left.example/hook' });
    await restore(MERCHANT);
    await restore(NEW);
    expect(seen(await listOf(MERCHANT, 'webhook'))).toEqual(seeded.hooks);
    expect(seen(await listOf(MERCHANT, 'allowedip'))).toEqual(seeded.entries);
    expect((await listOf(MERCHANT, 'apikey')).map((k) => k.name)).toEqual(['Old production', 'Staging', 'Production']);
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM pa_api_requests WHERE customer_id = ?').get(customerId) as { n: number }).n).toBe(1000);
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM pa_webhook_requests WHERE customer_id = ?').get(customerId) as { n: number }).n).toBe(300);
    expect(await listOf(NEW, 'webhook')).toEqual([]);
  });

  it('a reset empties the sinks and puts their modes back', async () => {
    await sinkMode('reset-me', 'timeout');
    await post('/__sandbox/webhook-sink/other', {});
    expect((await post('/__sandbox/reset', {})).status).toBe(200);
    tokens.clear();
    expect(await sink('reset-me')).toEqual({ mode: 'ok', requests: [] });
    expect((await sink('other')).requests).toEqual([]);
  });
});
