// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { mainWire } from './client';

/**
 * POST /service/check-urls (the safe subset, by machines/shared/link-check.rules.ts; the contract's
 * bounds checked both ways; a fault gives a 500) and ipInfo's demo knob (/__sandbox/ip-info: a
 * country and privacy flags for the unplaced addresses, for everyone or one scope).
 */
let sb: Sandbox;
beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-link-check-')), 'db.sqlite'), accessTokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function token(): Promise<string> {
  const res = await post('/auth/login', { client: 'spa', username: 'personal@brand1.test', password: 'Demo-pass-1', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' });
  const reply = (await res.json()) as { authFlow: string; accessToken: string };
  expect(reply.authFlow).toBe('simple');
  return reply.accessToken;
}

describe('POST /service/check-urls (sandbox)', () => {
  it('answers the safe subset in order; signed in only; the bounds refused; a fault fails it', async () => {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const asked = ['https://docs.example/a', 'http://docs.example/b', 'https://malware.example/c', 'https://198.51.100.7/', 'https://x.phish.example/', 'https://help.brand1.test/faq'];
    const res = await post('/service/check-urls', { urls: asked }, bearer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ urls: ['https://docs.example/a', 'https://help.brand1.test/faq'] });
    // Not signed in.
    expect((await post('/service/check-urls', { urls: ['https://docs.example/a'] })).status).toBe(401);
    // The contract's bounds: none, more than 20, an empty or too long address, not a list.
    for (const body of [{ urls: [] }, { urls: Array.from({ length: 21 }, (_, i) => `https://docs.example/${i}`) }, { urls: [''] }, { urls: [`https://docs.example/${'a'.repeat(2048)}`] }, { urls: 'https://docs.example/' }, {}]) {
      expect((await post('/service/check-urls', body, bearer)).status).toBe(400);
    }
    expect((await post('/service/check-urls', { urls: Array.from({ length: 20 }, (_, i) => `https://docs.example/${i}`) }, bearer)).status).toBe(200);
    // A fault gives a 500 once.
    await post('/__sandbox/faults', { match: 'auth:checkUrls', kind: '500', times: 1 });
    expect((await post('/service/check-urls', { urls: ['https://docs.example/a'] }, bearer)).status).toBe(500);
    expect((await post('/service/check-urls', { urls: ['https://docs.example/a'] }, bearer)).status).toBe(200);
  });
});

describe('ipInfo demo knob (sandbox)', () => {
  const ipInfo = async (headers: Record<string, string> = {}) => (await (await post('/main/?method=ipInfo', mainWire('ipInfo', {}), headers)).json()) as { country_code: string; privacy: Record<string, boolean> };
  const NO_FLAGS = { vpn: false, proxy: false, tor: false, hosting: false };

  it('a country and flags for the unplaced addresses; the ranges keep theirs; a scope only for its requests; forgotten on DELETE and reset', async () => {
    expect(await ipInfo()).toMatchObject({ country_code: 'RO', privacy: NO_FLAGS });
    expect((await post('/__sandbox/ip-info', { country_code: 'pt' })).status).toBe(200);
    expect(await ipInfo()).toMatchObject({ country_code: 'PT', privacy: NO_FLAGS });
    expect(await ipInfo({ 'X-Sandbox-Client-Address': '198.51.100.20' })).toMatchObject({ country_code: 'DE', privacy: NO_FLAGS });
    // One scope's own: a VPN in Spain; others keep the setting for everyone.
    expect((await post('/__sandbox/ip-info', { country_code: 'ES', vpn: true, scope: 'test-a' })).status).toBe(200);
    expect(await ipInfo({ 'X-Sandbox-Scope': 'test-a' })).toMatchObject({ country_code: 'ES', privacy: { ...NO_FLAGS, vpn: true } });
    expect(await ipInfo({ 'X-Sandbox-Scope': 'test-b' })).toMatchObject({ country_code: 'PT' });
    // The scope's cleanup (as the e2e fixture's) forgets it.
    await fetch(`${sb.url}/__sandbox/faults?scope=test-a`, { method: 'DELETE' });
    expect(await ipInfo({ 'X-Sandbox-Scope': 'test-a' })).toMatchObject({ country_code: 'PT', privacy: NO_FLAGS });
    await fetch(`${sb.url}/__sandbox/ip-info`, { method: 'DELETE' });
    expect(await ipInfo()).toMatchObject({ country_code: 'RO' });
    await post('/__sandbox/ip-info', { tor: true });
    expect(await ipInfo()).toMatchObject({ country_code: 'RO', privacy: { ...NO_FLAGS, tor: true } });
    await post('/__sandbox/reset', {});
    expect(await ipInfo()).toMatchObject({ country_code: 'RO', privacy: NO_FLAGS });
  });

  it('refuses what it cannot set', async () => {
    for (const body of [{ country_code: 'PRT' }, { country_code: 7 }, { vpn: 'yes' }, { colour: 'red' }, { scope: '' }, [1]]) {
      expect((await post('/__sandbox/ip-info', body)).status).toBe(400);
    }
  });
});
