// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { otpFor } from '../../sandbox/handlers/auth.ts';

const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const password = 'Demo-pass-1';

let clock = Date.parse('2026-11-22T10:00:00Z');
let sb: Sandbox;
let dir: string;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const main = (method: string, body: Record<string, unknown> = {}, token?: string) =>
  post(`/main/?method=${method}`, { method, ...body }, token ? { Authorization: `Bearer ${token}` } : {});
const login = async (user: string, extra: Record<string, unknown> = {}) =>
  post('/auth/login', { client: 'spa', username: user, password, codeChallenge: challenge, ...extra });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
  sb = await createSandbox({ dbPath: join(dir, 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 60 });
});
afterAll(() => sb.close());
beforeEach(() => {
  sb.faults.clear();
});

describe('sandbox: contract validation', () => {
  it('answers a valid call, with no-store and nosniff', async () => {
    const res = await main('dictionaries', { lang: 'ro' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.json();
    expect(body.responseCode).toBe('00');
    expect(body.countries.find((c: { code: string }) => c.code === 'DE').name).toBe('Germania');
  });

  it('rejects a request that breaks the contract with the reason', async () => {
    const res = await main('dictionaries', { lang: 'xx' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/lang/);
    const bad = await post('/auth/login', { client: 'spa', username: 'not-an-email', password: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/email/);
  });

  it('requires the body method to equal the query method', async () => {
    const res = await post('/main/?method=dictionaries', { method: 'ipInfo', lang: 'en' });
    expect(res.status).toBe(400);
  });

  it('a reply that breaks the contract is a loud 500', async () => {
    const broken = await createSandbox({
      dbPath: join(dir, 'broken.sqlite'),
      handlers: { main: { ipInfo: () => ({ status: 200, body: { responseCode: 42 } }) } },
    });
    try {
      const res = await fetch(`${broken.url}/main/?method=ipInfo`, { method: 'POST', body: JSON.stringify({ method: 'ipInfo' }) });
      expect(res.status).toBe(500);
      expect((await res.json()).message).toMatch(/broke the contract/);
    } finally {
      await broken.close();
    }
  });

  it('an operation without a handler answers 501; unknown paths 404', async () => {
    expect((await fetch(`${sb.url}/public-api/status`)).status).toBe(501);
    expect((await fetch(`${sb.url}/nope`)).status).toBe(404);
  });

  it('refuses to start with a handler for an unknown operation', async () => {
    await expect(createSandbox({ dbPath: join(dir, 'x.sqlite'), handlers: { main: { noSuchMethod: () => ({ status: 200 }) } } })).rejects.toThrow(
      /unknown operation/,
    );
  });

  it('allows the app origins with CORS', async () => {
    const res = await fetch(`${sb.url}/main/?method=ipInfo`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,x-client-version' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    const foreign = await fetch(`${sb.url}/main/?method=ipInfo`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('sandbox: auth flows', () => {
  it('simple flow signs in at once; protected methods need the token', async () => {
    const body = await (await login('personal@brand1.test')).json();
    expect(body.authFlow).toBe('simple');
    expect((await main('customerInfo')).status).toBe(401);
    const info = await (await main('customerInfo', {}, body.accessToken)).json();
    expect(info.customer.login).toBe('personal@brand1.test');
    const balances = await (await main('balanceInquiry', {}, body.accessToken)).json();
    expect(balances.accounts.map((a: { currency: string }) => a.currency)).toEqual(['USD', 'EUR', 'RON']);
    expect(balances.accounts[0].balance).toMatch(/^\d+\.\d{2}$/);
  });

  it('wrong password is a 401 with a message', async () => {
    const res = await post('/auth/login', { client: 'spa', username: 'personal@brand1.test', password: 'nope' });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBeTruthy();
  });

  it('direct flow: code + PKCE verifier (RFC 7636 vector) give tokens; a wrong verifier does not', async () => {
    const { code } = await (await login('direct@brand2.test')).json();
    expect((await post('/auth/token', { code, codeVerifier: 'x'.repeat(43) })).status).toBe(401);
    const tokens = await (await post('/auth/token', { code, codeVerifier: verifier })).json();
    expect(tokens.accessToken).toBeTruthy();
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
  });

  it('otp flow: wrong code 401, right code tokens, five wrong codes 429', async () => {
    const first = await (await login('otp@brand1.test')).json();
    const key = (await (await fetch(`${sb.url}/__sandbox/inbox`)).json()).pending[0].key;
    expect((await post('/auth/token', { code: first.code, codeVerifier: verifier, otp: '000000' })).status).toBe(401);
    const ok = await post('/auth/token', { code: first.code, codeVerifier: verifier, otp: otpFor(key) });
    expect(ok.status).toBe(200);
    const second = await (await login('otp@brand1.test')).json();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/auth/token', { code: second.code, codeVerifier: verifier, otp: '000000' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('sms flow shows a masked phone and a two-digit identifier', async () => {
    const body = await (await login('sms@brand3.test')).json();
    expect(body.phoneNumber).toContain('*');
    expect(body.smsIdentifier).toMatch(/^\d{2}$/);
  });

  it('migration and terms', async () => {
    expect((await (await login('soft-migration@brand1.test')).json()).migration).toMatchObject({ req: 'soft', daysLeft: 14 });
    expect((await (await login('strict-migration@brand1.test')).json()).migration).toMatchObject({ req: 'strict' });
    const terms = await login('terms@brand1.test');
    expect(terms.status).toBe(403);
    const termsBody = await terms.json();
    expect(termsBody.code).toBe('TE');
    const accepted = await login('terms@brand1.test', { acceptTerms: termsBody.terms.id });
    expect(accepted.status).toBe(200);
  });

  it('push flow: approval from the other device reaches the waiting page over the realtime channel', async () => {
    const body = await (await login('push@brand1.test')).json();
    expect((await post('/auth/token', { code: body.code, codeVerifier: verifier })).status).toBe(401); // not approved yet
    const ws = new WebSocket(`${sb.url.replace('http', 'ws')}/realtime`);
    const messages: { type: string }[] = [];
    await new Promise<void>((resolve) => {
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: body.tmpJwt }));
      ws.onmessage = (e) => {
        messages.push(JSON.parse(String(e.data)));
        if (messages.length === 1) resolve();
      };
    });
    const key = (await (await fetch(`${sb.url}/__sandbox/inbox`)).json()).pending.find((p: { flow: string }) => p.flow === 'push').key;
    const approvedMessage = new Promise<{ type: string }>((resolve) => (ws.onmessage = (e) => resolve(JSON.parse(String(e.data)))));
    expect((await post(`/__sandbox/push/${key}/approve`, {})).status).toBe(200);
    expect(await approvedMessage).toMatchObject({ type: 'login.approved', key });
    ws.close();
    expect((await post('/auth/token', { code: body.code, codeVerifier: verifier })).status).toBe(200);
  });

  it('refresh rotates; replaying a used refresh token revokes the chain', async () => {
    const first = await (await login('personal@brand2.test')).json();
    const second = await (await post('/auth/refresh', { refreshToken: first.refreshToken })).json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await post('/auth/refresh', { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: second.refreshToken })).status).toBe(401);
  });

  it('access tokens expire on the injectable clock', async () => {
    const { accessToken } = await (await login('personal@brand4.test')).json();
    expect((await main('customerInfo', {}, accessToken)).status).toBe(200);
    clock += 61_000;
    expect((await main('customerInfo', {}, accessToken)).status).toBe(401);
  });
});

describe('sandbox: faults, persistence, reset', () => {
  it.each([
    ['401', 401],
    ['429', 429],
    ['500', 500],
  ])('injects %s', async (kind, status) => {
    await post('/__sandbox/faults', { match: 'main:ipInfo', kind, times: 1 });
    expect((await main('ipInfo')).status).toBe(status);
    expect((await main('ipInfo')).status).toBe(200);
  });

  it('injects an empty body, a dropped connection and latency', async () => {
    await post('/__sandbox/faults', { match: 'POST /main/', kind: 'empty', times: 1 });
    const empty = await main('ipInfo');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    await post('/__sandbox/faults', { match: 'main:ipInfo', kind: 'drop', times: 1 });
    await expect(main('ipInfo')).rejects.toThrow();
    await post('/__sandbox/faults', { match: '*', kind: 'latency', ms: 150, times: 1 });
    const started = performance.now();
    expect((await main('ipInfo')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('keeps data across a restart, and reset restores the seed', async () => {
    const path = join(dir, 'persist.sqlite');
    const a = await createSandbox({ dbPath: path });
    a.db.prepare("UPDATE accounts SET balance_minor = 1 WHERE currency = 'USD'").run();
    await a.close();
    const b = await createSandbox({ dbPath: path });
    const count = (b.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE balance_minor = 1").get() as { n: number }).n;
    expect(count).toBeGreaterThan(0);
    b.reset();
    expect((b.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE balance_minor = 1").get() as { n: number }).n).toBe(0);
    await b.close();
  });
});
