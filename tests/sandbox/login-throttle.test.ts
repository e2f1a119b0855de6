// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { LOGIN_THROTTLE } from '../../sandbox/login-throttle.ts';
import { otpFor } from '../../sandbox/handlers/auth.ts';

/**
 * The auth service limits wrong passwords (sandbox/login-throttle.ts): LOGIN_THROTTLE.maxFailures
 * wrong passwords within the window lock the login for the window; every attempt meanwhile is a
 * 429 with Retry-After. The clock is the sandbox's injectable `now`.
 */
const password = 'Demo-pass-1';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const { maxFailures: N, windowSeconds } = LOGIN_THROTTLE;

let clock = Date.parse('2026-11-22T10:00:00Z');
let sb: Sandbox;
let dir: string;

const attempt = (username: string, pass: string, lang = 'en') =>
  fetch(`${sb.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang, Origin: 'http://127.0.0.1:4174' },
    body: JSON.stringify({ client: 'spa', username, password: pass, codeChallenge: challenge }),
  });
const wrong = async (username: string, times: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await attempt(username, 'wrong-password')).status);
  return statuses;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-throttle-'));
  sb = await createSandbox({ dbPath: join(dir, 'db.sqlite'), now: () => clock });
});
afterAll(() => sb.close());
beforeEach(() => {
  sb.reset();
  clock = Date.parse('2026-11-22T10:00:00Z');
});

describe('sandbox: wrong passwords are limited per login', () => {
  it('the limit is 5 wrong passwords in 15 minutes', () => {
    expect(LOGIN_THROTTLE).toEqual({ maxFailures: 5, windowSeconds: 900 });
  });

  it(`${N - 1} wrong passwords are 401s and the right one still signs in`, async () => {
    expect(await wrong('lockout@brand1.test', N - 1)).toEqual(Array(N - 1).fill(401));
    expect((await attempt('lockout@brand1.test', password)).status).toBe(200);
  });

  it(`after ${N} wrong passwords every attempt, right or wrong, is a 429 with Retry-After and a message`, async () => {
    expect(await wrong('lockout@brand1.test', N)).toEqual(Array(N).fill(401));
    for (const pass of ['wrong-password', password]) {
      const res = await attempt('lockout@brand1.test', pass);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe(String(windowSeconds));
      expect(res.headers.get('content-language')).toBe('en');
      expect((await res.json()).message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    }
    // Other logins are not affected; nor is the same e-mail of another brand.
    expect((await attempt('lockout@brand2.test', password)).status).toBe(200);
  });

  it('the app can read Retry-After across origins (CORS exposes it)', async () => {
    await wrong('lockout@brand1.test', N);
    const res = await attempt('lockout@brand1.test', password);
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
  });

  it('the login is counted whatever the case of the e-mail; unknown logins are counted too', async () => {
    await wrong('LockOut@Brand1.test', N);
    expect((await attempt('lockout@brand1.test', password)).status).toBe(429);
    expect(await wrong('nobody@brand1.test', N + 1)).toEqual([...Array(N).fill(401), 429]);
  });

  it('Retry-After counts down, and the lock ends when the window has passed', async () => {
    await wrong('lockout@brand1.test', N);
    clock += 10 * 60_000 + 500;
    const res = await attempt('lockout@brand1.test', password);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(windowSeconds - 600)); // 299.5 s, rounded up
    expect((await res.json()).message).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
    clock += 5 * 60_000;
    expect((await attempt('lockout@brand1.test', password)).status).toBe(200);
  });

  it('after the lock ends, a wrong password starts a new count', async () => {
    await wrong('lockout@brand1.test', N);
    clock += windowSeconds * 1000;
    expect(await wrong('lockout@brand1.test', N)).toEqual(Array(N).fill(401));
    expect((await attempt('lockout@brand1.test', password)).status).toBe(429);
  });

  it('wrong passwords older than the window do not count', async () => {
    await wrong('lockout@brand1.test', N - 1);
    clock += windowSeconds * 1000;
    expect(await wrong('lockout@brand1.test', N - 1)).toEqual(Array(N - 1).fill(401));
    expect((await attempt('lockout@brand1.test', password)).status).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    await wrong('lockout@brand1.test', N - 1);
    expect((await attempt('lockout@brand1.test', password)).status).toBe(200);
    expect(await wrong('lockout@brand1.test', N - 1)).toEqual(Array(N - 1).fill(401));
    expect((await attempt('lockout@brand1.test', password)).status).toBe(200);
  });

  it('the count survives a restart (SQLite) and is cleared by /__sandbox/reset and the unlock call', async () => {
    const path = join(dir, 'restart.sqlite');
    const first = await createSandbox({ dbPath: path, now: () => clock });
    const at = (s: Sandbox, pass: string) =>
      fetch(`${s.url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client: 'spa', username: 'lockout@brand3.test', password: pass }),
      });
    for (let i = 0; i < N; i++) await at(first, 'wrong-password');
    await first.close();
    const second = await createSandbox({ dbPath: path, now: () => clock });
    try {
      expect((await at(second, password)).status).toBe(429);
      expect((await fetch(`${second.url}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
      expect((await at(second, password)).status).toBe(200);
      for (let i = 0; i < N; i++) await at(second, 'wrong-password');
      expect((await at(second, password)).status).toBe(429);
      const unlock = await fetch(`${second.url}/__sandbox/login-failures?login=${encodeURIComponent('lockout@brand3.test')}`, { method: 'DELETE' });
      expect(unlock.ok).toBe(true);
      expect((await at(second, password)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('a 429 without the Retry-After the contract requires is a loud 500 (the contract checks reply headers)', async () => {
    const broken = await createSandbox({
      dbPath: join(dir, 'broken.sqlite'),
      handlers: { auth: { login: () => ({ status: 429, body: { message: 'Too many' } }) } },
    });
    try {
      const res = await fetch(`${broken.url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client: 'spa', username: 'lockout@brand1.test', password }),
      });
      expect(res.status).toBe(500);
      expect((await res.json()).message).toMatch(/retry-after/i);
    } finally {
      await broken.close();
    }
  });
});

/**
 * A sign-in's one-time code is counted per account (issue 46), across every pending sign-in and
 * on the mobile app's path: signing in again for a fresh count does not help.
 */
describe('sign-in codes per account', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const token = (body: Record<string, unknown>, lang = 'en') =>
    fetch(`${sb.url}/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': lang }, body: JSON.stringify(body) });
  /** A new pending sign-in of the user: its code and the one-time code the "other device" shows. */
  const signIn = async (username: string) => {
    const { code } = (await (await attempt(username, password)).json()) as { code: string };
    const { key } = sb.db.prepare('SELECT key FROM pending_logins WHERE code = ?').get(code) as { key: string };
    return { code, otp: otpFor(key) };
  };

  it('wrong codes over two sign-ins lock the account’s codes for 15 minutes (429, Retry-After, the wait in the request’s language); then the right code passes', async () => {
    const user = 'otp@brand2.test';
    const first = await signIn(user);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await token({ code: first.code, codeVerifier: verifier, otp: '000000' })).status);
    const second = await signIn(user);
    statuses.push((await token({ code: second.code, codeVerifier: verifier, otp: '000000' })).status);
    const locked = await token({ code: second.code, codeVerifier: verifier, otp: '000000' }, 'ru');
    expect([...statuses, locked.status]).toEqual([401, 401, 401, 401, 429]);
    expect(locked.headers.get('retry-after')).toBe(String(windowSeconds));
    expect((await locked.json()).message).toBe('Слишком много неверных кодов для этой учётной записи. Повторите попытку через 15 минут.');
    // Even the right code of a fresh sign-in waits.
    const third = await signIn(user);
    const waiting = await token({ code: third.code, codeVerifier: verifier, otp: third.otp });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    clock += windowSeconds * 1000 + 1;
    const fourth = await signIn(user);
    expect((await token({ code: fourth.code, codeVerifier: verifier, otp: fourth.otp })).status).toBe(200);
  });

  it('the mobile app’s path (device secret and push token) counts the same wrong codes', async () => {
    const user = 'sms@brand4.test';
    const { otp } = await signIn(user);
    const id = (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(user) as { id: number }).id;
    const device = { secret: `secret-${id}-1`, pushToken: `push-${id}-1` };
    const statuses: number[] = [];
    for (let i = 0; i < N; i++) statuses.push((await token({ ...device, otp: '000000' })).status);
    expect(statuses).toEqual([...Array<number>(N - 1).fill(401), 429]);
    expect((await token({ ...device, otp })).status).toBe(429);
  });
});

describe('sign-in reveals nothing by its timing (issue 46)', () => {
  it('an unknown login is checked against a password hash too: it takes about as long as a known one with a wrong password (it used to answer 20 times faster)', async () => {
    const median = async (username: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect((await attempt(username, `wrong-${i}`)).status).toBe(401);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    sb.reset();
    const known = await median('personal@brand6.test');
    const unknown = await median('nobody-at-all@brand6.test');
    // Relative, not absolute: both spend a scrypt; without it the unknown one is a few percent of the known.
    expect(unknown / known).toBeGreaterThan(0.4);
  });
});

