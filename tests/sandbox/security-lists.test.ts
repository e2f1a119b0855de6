// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { AUTH_MESSAGES } from '../../sandbox/auth-messages.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { ACCEPTED_AT, clientAddress, countryOfAddress, deviceOf, SEEDED_SIGN_INS } from '../../sandbox/handlers/security-lists.ts';
import { NOTIFICATION_CATALOGUE } from '../../machines/settings/notification-settings.rules.ts';
import { mainWire, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * The security lists of the settings (issue 50, sandbox/handlers/security-lists.ts): the allowed
 * IP list (a proof for every change, enforced at sign-in from the client address, which tests name
 * with X-Sandbox-Client-Address), the payout blacklist (read by the p2p checks at once), the login
 * history (seeded, and every sign-in recorded), notification settings and the agreements. Every
 * write once per requestId. The clock is the sandbox's injectable `now`.
 */
const PASSWORD = 'Demo-pass-1';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REAUTH = { message: 'Confirm it is you first', code: 'REAUTH' };

let now = Date.parse('2026-12-01T09:00:00Z');
let sb: Sandbox;
let requestCount = 0;
const requestId = () => `lists-${(requestCount += 1).toString().padStart(5, '0')}`;

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

const login = (username: string, headers: Record<string, string> = {}, password = PASSWORD) => post('/auth/login', { client: 'spa', username, password, codeChallenge: CHALLENGE }, headers);

/** Signs in (simple flow, or an SMS/authenticator code from the inbox): the access token. */
async function signIn(username: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await login(username, headers);
  const reply = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(reply)}`);
  if (reply.authFlow === 'simple') return reply.accessToken as string;
  const { pending } = (await (await fetch(`${sb.url}/__sandbox/inbox`)).json()) as { pending: { login: string; otp: string | null }[] };
  const mine = pending.find((p) => p.login === username)!;
  const tokens = (await (await post('/auth/token', { code: reply.code, codeVerifier: VERIFIER, ...(mine.otp ? { otp: mine.otp } : {}) }, headers)).json()) as any;
  return tokens.accessToken as string;
}

/** The header of a re-authentication proof (the demo password; two-step verification off). */
async function proof(token: string): Promise<Record<string, string>> {
  const res = await post('/auth/check-password', { password: PASSWORD }, { Authorization: `Bearer ${token}` });
  const reply = (await res.json()) as { proof: string };
  expect(res.status).toBe(200);
  return { 'X-Reauth-Proof': reply.proof };
}

const idOf = (loginName: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(loginName) as { id: number }).id;
const ipsOf = async (token: string) => (await call(token, 'accessIpList')) as { mode: string; ips: { id: number; ip: string; toIp: string | null; created: string }[] };
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const refusal = (text: string) => ({ responseCode: 'UE', responseDescription: text });

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-security-lists-')), 'db.sqlite'), now: () => now, accessTokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());
beforeEach(() => {
  // Each test an hour later: the wrong-password windows and proofs of one never reach the next.
  now += 60 * 60_000;
});

describe('the client address and what the sandbox reads from a request', () => {
  it('X-Sandbox-Client-Address when it is an address, else the socket’s (IPv4-mapped read as IPv4), else 127.0.0.1', () => {
    const headers = (value?: string) => new Headers(value === undefined ? {} : { 'X-Sandbox-Client-Address': value });
    expect(clientAddress(headers('198.51.100.7'), '127.0.0.1')).toBe('198.51.100.7');
    expect(clientAddress(headers('2001:DB8:0:0::1'), '127.0.0.1')).toBe('2001:db8::1');
    expect(clientAddress(headers('::ffff:203.0.113.9'), null)).toBe('203.0.113.9');
    expect(clientAddress(headers('not an address'), '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress(headers('10.1'), '192.0.2.4')).toBe('192.0.2.4');
    expect(clientAddress(headers(), undefined)).toBe('127.0.0.1');
    expect(countryOfAddress('127.0.0.1')).toBe('RO');
    expect(countryOfAddress('10.0.0.1')).toBe('RO');
    expect(countryOfAddress('198.51.100.255')).toBe('DE');
    expect(countryOfAddress('203.0.113.0')).toBe('BR');
    expect(countryOfAddress('2001:db8:1::9')).toBe('GB');
    expect(countryOfAddress('8.8.8.8')).toBe('RO');
  });

  it('the device from the User-Agent: browser and system, the browser alone, or nothing', () => {
    expect(deviceOf(CHROME_ON_LINUX)).toBe('Chrome on Linux');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS');
    expect(deviceOf('node')).toBeNull();
    expect(deviceOf(null)).toBeNull();
  });

  it('ipInfo answers the client address and its country (public)', async () => {
    const ask = async (address?: string) => (await main(null, 'ipInfo', {}, address ? { 'X-Sandbox-Client-Address': address } : {})).body;
    expect(await ask()).toEqual({ responseCode: '00', ip: '127.0.0.1', country_code: 'RO', privacy: { vpn: false, proxy: false, tor: false, hosting: false } });
    expect(await ask('198.51.100.20')).toMatchObject({ ip: '198.51.100.20', country_code: 'DE' });
    expect(await ask('203.0.113.9')).toMatchObject({ ip: '203.0.113.9', country_code: 'BR' });
    expect(await ask('2001:DB8::5')).toMatchObject({ ip: '2001:db8::5', country_code: 'GB' });
    expect(await ask('192.168.1.10')).toMatchObject({ ip: '192.168.1.10', country_code: 'RO' });
    expect(await ask('garbage')).toMatchObject({ ip: '127.0.0.1', country_code: 'RO' });
  });
});

describe('the allowed IP list (sandbox)', () => {
  it('answers the mode and the entries oldest first: ip-allowed@ on with two, security-lists@ off with one', async () => {
    const allowed = await ipsOf(await signIn('ip-allowed@brand1.test'));
    expect(allowed.mode).toBe('on');
    expect(allowed.ips.map(({ ip, toIp }) => ({ ip, toIp }))).toEqual([
      { ip: '127.0.0.1', toIp: null },
      { ip: '198.51.100.0', toIp: '198.51.100.255' },
    ]);
    const toEdit = await ipsOf(await signIn('security-lists@brand1.test'));
    expect(toEdit).toEqual({ responseCode: '00', mode: 'off', ips: [{ id: expect.any(Number), ip: '203.0.113.7', toIp: null, created: expect.stringMatching(/Z$/) }] });
    expect((await ipsOf(await signIn('simple@brand1.test'))).ips).toEqual([]);
  });

  it('a change without a proof is refused (403 REAUTH) and changes nothing; without a session 401', async () => {
    const token = await signIn('security-lists@brand5.test');
    const before = await ipsOf(token);
    const [first] = before.ips;
    expect(await main(token, 'accessIpAdd', { ip: '10.0.0.1', requestId: requestId() })).toMatchObject({ status: 403, body: REAUTH });
    expect(await main(token, 'accessIpDelete', { id: first!.id, requestId: requestId() })).toMatchObject({ status: 403, body: REAUTH });
    expect(await main(token, 'accessIpSetMode', { mode: 'on', requestId: requestId() })).toMatchObject({ status: 403, body: REAUTH });
    expect(await main(token, 'accessIpAdd', { ip: '10.0.0.1', requestId: requestId() }, { 'X-Reauth-Proof': 'made-up' })).toMatchObject({ status: 403, body: REAUTH });
    expect((await main(null, 'accessIpAdd', { ip: '10.0.0.1', requestId: requestId() })).status).toBe(401);
    expect((await main(null, 'blacklistAdd', { email: 'x@example.com', blockType: 'all', requestId: requestId() })).status).toBe(401);
    expect((await main(null, 'notificationSettingsSet', { identified: 'offers', value: true, requestId: requestId() })).status).toBe(401);
    expect(await ipsOf(token)).toEqual(before);
  });

  it('refuses a malformed entry VF by field, in the request’s language', async () => {
    const token = await signIn('security-lists@brand1.test');
    const headers = await proof(token);
    const add = async (entry: Record<string, unknown>, language?: string) =>
      call(token, 'accessIpAdd', { ...entry, requestId: requestId() }, { ...headers, ...(language ? { 'Accept-Language': language } : {}) });
    expect(vfOf(await add({ ip: '   ' }))).toEqual([['ip', 'Enter an IP address']]);
    expect(vfOf(await add({ ip: '10.1' }))).toEqual([['ip', 'Enter an IPv4 or IPv6 address']]);
    expect(vfOf(await add({ ip: '10.0.0.0/24' }))).toEqual([['ip', 'Enter an IPv4 or IPv6 address']]);
    expect(vfOf(await add({ ip: 'x', toIp: 'y' }))).toEqual([
      ['ip', 'Enter an IPv4 or IPv6 address'],
      ['toIp', 'Enter an IPv4 or IPv6 address'],
    ]);
    expect(vfOf(await add({ ip: '10.0.0.1', toIp: '::1' }))).toEqual([['toIp', 'The range must start and end in the same IP version']]);
    expect(vfOf(await add({ ip: '10.0.0.9', toIp: '10.0.0.1' }))).toEqual([['toIp', 'The range must not end before it starts']]);
    expect(vfOf(await add({ ip: '10.0.0.9', toIp: '10.0.0.1' }, 'ru'))).toEqual([['toIp', SANDBOX_TEXTS.ru['The range must not end before it starts']]]);
    expect((await ipsOf(token)).ips).toHaveLength(1);
  });

  it('adds in canonical form (one address when toIp is empty or the same), once per requestId; a duplicate is UE', async () => {
    const token = await signIn('security-lists@brand1.test');
    const headers = await proof(token);
    const v6 = { ip: '2001:DB8:0:0::1', requestId: requestId() };
    const added = await call(token, 'accessIpAdd', v6, headers);
    expect(added).toEqual({ responseCode: '00', ip: { id: expect.any(Number), ip: '2001:db8::1', toIp: null, created: new Date(now).toISOString() } });
    // The same requestId: the first reply, nothing added again; other details with it: 422.
    expect(await call(token, 'accessIpAdd', v6, headers)).toEqual(added);
    const reused = await main(token, 'accessIpAdd', { ...v6, ip: '2001:db8::2' }, headers);
    expect([reused.status, reused.body.message]).toEqual([422, REUSED_WITH_OTHER_DETAILS.message]);
    expect((await call(token, 'accessIpAdd', { ip: '10.0.0.1', toIp: '10.0.0.1', requestId: requestId() }, headers)).ip).toMatchObject({ ip: '10.0.0.1', toIp: null });
    expect((await call(token, 'accessIpAdd', { ip: ' 192.168.1.0 ', toIp: '192.168.1.255', requestId: requestId() }, headers)).ip).toMatchObject({ ip: '192.168.1.0', toIp: '192.168.1.255' });
    expect((await call(token, 'accessIpAdd', { ip: '::ffff:192.0.2.1', toIp: '', requestId: requestId() }, headers)).ip).toMatchObject({ ip: '192.0.2.1', toIp: null });
    expect(await call(token, 'accessIpAdd', { ip: '2001:db8::1', requestId: requestId() }, headers)).toEqual(refusal('This address is on the list already'));
    expect(await call(token, 'accessIpAdd', { ip: '10.0.0.1', toIp: null, requestId: requestId() }, headers)).toEqual(refusal('This address is on the list already'));
    const { ips } = await ipsOf(token);
    expect(ips.map((e) => [e.ip, e.toIp])).toEqual([
      ['203.0.113.7', null],
      ['2001:db8::1', null],
      ['10.0.0.1', null],
      ['192.168.1.0', '192.168.1.255'],
      ['192.0.2.1', null],
    ]);
  });

  it('holds at most 50 entries: the 51st is UE', async () => {
    const token = await signIn('security-lists@brand2.test');
    const headers = await proof(token);
    for (let i = 1; i <= 49; i += 1) expect((await call(token, 'accessIpAdd', { ip: `10.0.1.${i}`, requestId: requestId() }, headers)).responseCode).toBe('00');
    expect((await ipsOf(token)).ips).toHaveLength(50);
    expect(await call(token, 'accessIpAdd', { ip: '10.0.2.1', requestId: requestId() }, headers)).toEqual(refusal('The list holds at most 50 entries'));
    const ru = await main(token, 'accessIpAdd', { ip: '10.0.2.1', requestId: requestId() }, { ...headers, 'Accept-Language': 'ru' });
    expect([ru.body.responseDescription, ru.language]).toEqual(['В списке может быть не больше 50 записей', 'ru']);
    expect((await ipsOf(token)).ips).toHaveLength(50);
  });

  it('deletes and sets the mode: not the last entry while on, not on while empty, an unknown id UE; once per requestId', async () => {
    const token = await signIn('security-lists@brand3.test');
    const headers = await proof(token);
    const [seeded] = (await ipsOf(token)).ips;
    expect(await call(token, 'accessIpDelete', { id: 999_999, requestId: requestId() }, headers)).toEqual(refusal('No such entry'));
    // Another customer's entry is no entry of this one.
    const others = await ipsOf(await signIn('ip-allowed@brand3.test'));
    expect(await call(token, 'accessIpDelete', { id: others.ips[0]!.id, requestId: requestId() }, headers)).toEqual(refusal('No such entry'));
    const on = { mode: 'on', requestId: requestId() };
    expect(await call(token, 'accessIpSetMode', on, headers)).toEqual({ responseCode: '00', mode: 'on' });
    expect(await call(token, 'accessIpDelete', { id: seeded!.id, requestId: requestId() }, headers)).toEqual(refusal('Turn the allowed IP list off before removing its last entry'));
    expect(await call(token, 'accessIpSetMode', { mode: 'off', requestId: requestId() }, headers)).toEqual({ responseCode: '00', mode: 'off' });
    // The first reply again, and the mode stays off.
    expect(await call(token, 'accessIpSetMode', on, headers)).toEqual({ responseCode: '00', mode: 'on' });
    expect((await ipsOf(token)).mode).toBe('off');
    const remove = { id: seeded!.id, requestId: requestId() };
    expect(await call(token, 'accessIpDelete', remove, headers)).toEqual({ responseCode: '00' });
    expect(await call(token, 'accessIpDelete', remove, headers)).toEqual({ responseCode: '00' });
    expect((await main(token, 'accessIpDelete', { ...remove, id: seeded!.id + 1 }, headers)).status).toBe(422);
    expect(await ipsOf(token)).toEqual({ responseCode: '00', mode: 'off', ips: [] });
    expect(await call(token, 'accessIpSetMode', { mode: 'on', requestId: requestId() }, headers)).toEqual(refusal('Add an address before turning the list on'));
    expect((await ipsOf(token)).mode).toBe('off');
  });

  it('is the signed-in user’s own: fromCustomerId is ignored', async () => {
    const token = await signIn('approver@brand1.test');
    const company = idOf('business@brand1.test');
    expect(await ipsOf(token)).toEqual({ responseCode: '00', mode: 'off', ips: [] });
    expect(await call(token, 'accessIpList', { fromCustomerId: company })).toEqual({ responseCode: '00', mode: 'off', ips: [] });
    const added = await call(token, 'accessIpAdd', { ip: '10.9.9.9', fromCustomerId: company, requestId: requestId() }, await proof(token));
    expect(added.ip.ip).toBe('10.9.9.9');
    const rows = sb.db.prepare('SELECT customer_id FROM access_ips WHERE ip = ?').all('10.9.9.9') as { customer_id: number }[];
    expect(rows).toEqual([{ customer_id: idOf('approver@brand1.test') }]);
  });
});

describe('sign-in with the allowed IP list on (sandbox)', () => {
  it('allows an address on the list, refuses the right password from elsewhere (403, translated), checks the password first', async () => {
    expect((await login('ip-allowed@brand1.test')).status).toBe(200);
    expect((await login('ip-allowed@brand1.test', { 'X-Sandbox-Client-Address': '198.51.100.77' })).status).toBe(200);
    expect((await login('ip-allowed@brand1.test', { 'X-Sandbox-Client-Address': '::ffff:198.51.100.8' })).status).toBe(200);
    const outside = await login('ip-allowed@brand1.test', { 'X-Sandbox-Client-Address': '203.0.113.5' });
    expect(outside.status).toBe(403);
    expect(await outside.json()).toEqual({ message: 'Sign-in from this address is not allowed for this account' });
    const ru = await login('ip-allowed@brand1.test', { 'X-Sandbox-Client-Address': '2001:db8::1', 'Accept-Language': 'ru' });
    expect([ru.status, ((await ru.json()) as { message: string }).message, ru.headers.get('content-language')]).toEqual([403, AUTH_MESSAGES.ru.addressNotAllowed, 'ru']);
    const wrong = await login('ip-allowed@brand1.test', { 'X-Sandbox-Client-Address': '203.0.113.5' }, 'Not-the-password-1');
    expect(wrong.status).toBe(401);
  });

  it('a refusal for the address is not a wrong password: many of them lock nothing', async () => {
    for (let i = 0; i < 7; i += 1) expect((await login('ip-allowed@brand2.test', { 'X-Sandbox-Client-Address': '203.0.113.5' })).status).toBe(403);
    expect((await login('ip-allowed@brand2.test', { 'X-Sandbox-Client-Address': '198.51.100.1' })).status).toBe(200);
  });

  it('follows the list at once: turned off, anywhere; an entry added, from there', async () => {
    const token = await signIn('ip-allowed@brand4.test');
    const headers = await proof(token);
    const elsewhere = { 'X-Sandbox-Client-Address': '203.0.113.40' };
    expect((await login('ip-allowed@brand4.test', elsewhere)).status).toBe(403);
    await call(token, 'accessIpAdd', { ip: '203.0.113.0', toIp: '203.0.113.63', requestId: requestId() }, headers);
    expect((await login('ip-allowed@brand4.test', elsewhere)).status).toBe(200);
    expect((await login('ip-allowed@brand4.test', { 'X-Sandbox-Client-Address': '203.0.113.64' })).status).toBe(403);
    await call(token, 'accessIpSetMode', { mode: 'off', requestId: requestId() }, headers);
    expect((await login('ip-allowed@brand4.test', { 'X-Sandbox-Client-Address': '203.0.113.64' })).status).toBe(200);
  });
});

describe('the payout blacklist (sandbox)', () => {
  it('answers the list newest first; checkPayee’s outBlacklist follows all and p2p entries, mass p2p all and mass entries', async () => {
    const token = await signIn('security-lists@brand1.test');
    expect(await call(token, 'blacklistList')).toEqual({
      responseCode: '00',
      users: [
        { email: 'direct@brand1.test', blockType: 'all' },
        { email: 'otp@brand1.test', blockType: 'p2p' },
        { email: 'sms@brand1.test', blockType: 'mass' },
      ],
    });
    const out = async (email: string) => (await call(token, 'checkPayee', { email })).outBlacklist as boolean;
    expect([await out('direct@brand1.test'), await out('OTP@brand1.test'), await out('sms@brand1.test'), await out('push@brand1.test')]).toEqual([true, true, false, false]);
    const { accounts } = await call(token, 'balanceInquiry');
    const usd = (accounts as { accountId: number; type: number; currencyCode: string }[]).find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const summary = await call(token, 'p2pMassTransfer', { accountId: usd.accountId, onlySummary: true, textContent: 'direct@brand1.test,1.00\notp@brand1.test,1.00\nsms@brand1.test,1.00' });
    expect(summary.summary.count).toBe(1);
    expect(summary.summary.errors).toEqual([
      { line: 1, message: 'This e-mail is on your payout blacklist' },
      { line: 3, message: 'This e-mail is on your payout blacklist' },
    ]);
    const single = await call(token, 'p2pTransfer', { accountId: usd.accountId, amount: '1.00', toEmail: 'otp@brand1.test', requestId: requestId() });
    expect(vfOf(single)).toEqual([['toEmail', 'This e-mail is on your payout blacklist']]);
    // The rich users keep simple@ blacklisted for everything.
    const rich = await signIn('personal@brand1.test');
    expect(await call(rich, 'blacklistList')).toEqual({ responseCode: '00', users: [{ email: 'simple@brand1.test', blockType: 'all' }] });
  });

  it('adds (lower-cased) and deletes at once, as the p2p checks see it; once per requestId', async () => {
    const token = await signIn('security-lists@brand4.test');
    const out = async (email: string) => (await call(token, 'checkPayee', { email })).outBlacklist as boolean;
    expect(await out('push@brand4.test')).toBe(false);
    const add = { email: ' Push@Brand4.test ', blockType: 'p2p', requestId: requestId() };
    const added = await call(token, 'blacklistAdd', add);
    expect(added).toEqual({ responseCode: '00', user: { email: 'push@brand4.test', blockType: 'p2p' } });
    expect(await out('push@brand4.test')).toBe(true);
    expect(await call(token, 'blacklistAdd', add)).toEqual(added);
    const reused = await main(token, 'blacklistAdd', { ...add, blockType: 'mass' });
    expect([reused.status, reused.body.message]).toEqual([422, REUSED_WITH_OTHER_DETAILS.message]);
    expect((await call(token, 'blacklistList')).users[0]).toEqual({ email: 'push@brand4.test', blockType: 'p2p' });
    expect((await call(token, 'blacklistList')).users).toHaveLength(4);
    // A mass entry does not stop a single transfer.
    await call(token, 'blacklistAdd', { email: 'simple@brand4.test', blockType: 'mass', requestId: requestId() });
    expect(await out('simple@brand4.test')).toBe(false);
    const remove = { email: 'PUSH@brand4.test', requestId: requestId() };
    expect(await call(token, 'blacklistDelete', remove)).toEqual({ responseCode: '00' });
    expect(await out('push@brand4.test')).toBe(false);
    expect(await call(token, 'blacklistDelete', remove)).toEqual({ responseCode: '00' });
    expect(await call(token, 'blacklistDelete', { email: 'push@brand4.test', requestId: requestId() })).toEqual(refusal('This e-mail is not on the black list'));
    const ro = await main(token, 'blacklistDelete', { email: 'nobody@example.com', requestId: requestId() }, { 'Accept-Language': 'ro' });
    expect(ro.body.responseDescription).toBe(SANDBOX_TEXTS.ro['This e-mail is not on the black list']);
  });

  it('refuses VF the e-mail (missing, not one, the customer’s own) and UE one already listed; a block type outside the contract is a 400', async () => {
    const token = await signIn('security-lists@brand1.test');
    const add = (email: string, blockType = 'all', headers: Record<string, string> = {}) => call(token, 'blacklistAdd', { email, blockType, requestId: requestId() }, headers);
    expect(vfOf(await add(''))).toEqual([['email', 'Enter an e-mail address']]);
    expect(vfOf(await add('  '))).toEqual([['email', 'Enter an e-mail address']]);
    expect(vfOf(await add('not-an-email'))).toEqual([['email', 'Enter a valid e-mail address']]);
    expect(vfOf(await add('two words@example.com'))).toEqual([['email', 'Enter a valid e-mail address']]);
    expect(vfOf(await add('Security-Lists@brand1.test'))).toEqual([['email', 'You cannot block your own e-mail address']]);
    expect(vfOf(await add('security-lists@brand1.test', 'all', { 'Accept-Language': 'pt' }))).toEqual([['email', SANDBOX_TEXTS.pt['You cannot block your own e-mail address']]]);
    expect(await add('DIRECT@brand1.test', 'p2p')).toEqual(refusal('This e-mail is on the black list already'));
    const wrongType = await main(token, 'blacklistAdd', { email: 'x@example.com', blockType: 'cards', requestId: requestId() });
    expect(wrongType.status).toBe(400);
    expect((await call(token, 'blacklistList')).users).toHaveLength(3);
  });

  it('holds at most 200 e-mails: the 201st is UE', async () => {
    const token = await signIn('security-lists@brand2.test');
    for (let i = 4; i <= 200; i += 1) expect((await call(token, 'blacklistAdd', { email: `payee${i}@example.com`, blockType: 'all', requestId: requestId() })).responseCode).toBe('00');
    expect((await call(token, 'blacklistList')).users).toHaveLength(200);
    expect(await call(token, 'blacklistAdd', { email: 'one-more@example.com', blockType: 'all', requestId: requestId() })).toEqual(refusal('The black list holds at most 200 e-mails'));
  });
});

describe('login history (sandbox)', () => {
  it('has 60 seeded sign-ins over two years, from several countries, some without a device or a place; every sign-in is added first', async () => {
    const before = SEEDED_SIGN_INS;
    const token = await signIn('security-lists@brand6.test', { 'User-Agent': CHROME_ON_LINUX, 'X-Sandbox-Client-Address': '198.51.100.23' });
    const first = await call(token, 'loginHistory');
    expect(first.total).toBe(before + 1);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toEqual({ date: new Date(now).toISOString(), device: 'Chrome on Linux', ip: '198.51.100.23', countryCode: 'DE', city: null });
    const all = (await call(token, 'loginHistory', { pageSize: 100 })).items as { date: string; device: string | null; ip: string | null; countryCode: string | null; city: string | null }[];
    expect(all).toHaveLength(before + 1);
    const dates = all.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Date.parse(dates.at(-1)!)).toBeGreaterThan(now - 2 * 366 * 86_400_000);
    expect(new Set(all.map((item) => item.countryCode))).toEqual(new Set(['RO', 'DE', 'BR', null]));
    expect(all.some((item) => item.device === null)).toBe(true);
    expect(all.some((item) => item.ip === null && item.device !== null)).toBe(true);
    expect(all.filter((item) => item.city === 'São Paulo').every((item) => item.countryCode === 'BR' && item.ip?.startsWith('203.0.113.'))).toBe(true);
    // Pages: the fourth page of 20 holds the last one; past the end, none.
    expect(await call(token, 'loginHistory', { pageNumber: 4, pageSize: 20 })).toEqual({ responseCode: '00', total: before + 1, items: [all.at(-1)] });
    expect((await call(token, 'loginHistory', { pageNumber: 2, pageSize: 25 })).items).toEqual(all.slice(25, 50));
    expect(await call(token, 'loginHistory', { pageNumber: 9 })).toEqual({ responseCode: '00', total: before + 1, items: [] });
  });

  it('records a sign-in that ends at the second step (an SMS code), with the device and address of that request', async () => {
    const headers = { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'X-Sandbox-Client-Address': '203.0.113.77' };
    const token = await signIn('sms@brand2.test', headers);
    const { items } = await call(token, 'loginHistory', { pageSize: 1 });
    expect(items).toEqual([{ date: new Date(now).toISOString(), device: 'Firefox on Windows', ip: '203.0.113.77', countryCode: 'BR', city: null }]);
    // A refused sign-in is not one.
    expect((await login('ip-allowed@brand5.test', { 'X-Sandbox-Client-Address': '203.0.113.5' })).status).toBe(403);
    const allowed = await signIn('ip-allowed@brand5.test');
    expect((await call(allowed, 'loginHistory')).total).toBe(SEEDED_SIGN_INS + 1);
  });

  it('filters by the customer’s days (Bucharest), both inclusive; an end before the start is VF toDate; a non-date breaks the contract', async () => {
    // 22:30 UTC on 3 December is 00:30 on 4 December in Bucharest.
    now = Date.parse('2026-12-03T22:30:00Z');
    const token = await signIn('security-lists@brand5.test', { 'User-Agent': CHROME_ON_LINUX });
    const days = async (fromDate?: string, toDate?: string) =>
      (await call(token, 'loginHistory', { ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}), pageSize: 100 })) as { total: number; items: { date: string }[] };
    const today = await days('2026-12-04', '2026-12-04');
    expect(today.items.map((item) => item.date)).toEqual(['2026-12-03T22:30:00.000Z']);
    expect((await days(undefined, '2026-12-03')).items.map((item) => item.date)).not.toContain('2026-12-03T22:30:00.000Z');
    const all = await days();
    const lastYear = await days('2025-12-04', '2026-12-04');
    expect(lastYear.total).toBe(lastYear.items.length);
    expect(lastYear.items.every((item) => item.date >= '2025-12-03T22:00:00.000Z')).toBe(true);
    expect(lastYear.total).toBeGreaterThan(20);
    expect(lastYear.total).toBeLessThan(all.total);
    const wrongOrder = await call(token, 'loginHistory', { fromDate: '2026-12-05', toDate: '2026-12-01' });
    expect(vfOf(wrongOrder)).toEqual([['toDate', 'The end date must not be before the start date']]);
    const uk = await main(token, 'loginHistory', { fromDate: '2026-12-05', toDate: '2026-12-01' }, { 'Accept-Language': 'uk' });
    expect(vfOf(uk.body)).toEqual([['toDate', SANDBOX_TEXTS.uk['The end date must not be before the start date']]]);
    expect((await main(token, 'loginHistory', { fromDate: '2026-02-30' })).status).toBe(400);
  });
});

describe('notification settings (sandbox)', () => {
  const catalogue = NOTIFICATION_CATALOGUE.flatMap(({ group, identified }) => identified.map((key) => ({ identified: key as string, group: group as string })));

  it('answers every setting in the catalogue’s order: the defaults, or what security-lists@ has', async () => {
    const defaults = (await call(await signIn('simple@brand1.test'), 'notificationSettingsGet')).settings;
    expect(defaults).toEqual(catalogue.map((s) => ({ identified: s.identified, value: s.group !== 'news', group: s.group })));
    const mine = (await call(await signIn('security-lists@brand1.test'), 'notificationSettingsGet')).settings as { identified: string; value: boolean }[];
    expect(mine.map((s) => s.identified)).toEqual(catalogue.map((s) => s.identified));
    expect(mine.find((s) => s.identified === 'cardPayment')?.value).toBe(false);
    expect(mine.find((s) => s.identified === 'productNews')?.value).toBe(true);
  });

  it('sets one setting, kept at once; an unknown one is UE; once per requestId', async () => {
    const token = await signIn('security-lists@brand3.test');
    const set = { identified: 'offers', value: true, requestId: requestId() };
    const reply = await call(token, 'notificationSettingsSet', set);
    expect(reply).toEqual({ responseCode: '00', setting: { identified: 'offers', value: true, group: 'news' } });
    const valueOf = async (key: string) => ((await call(token, 'notificationSettingsGet')).settings as { identified: string; value: boolean }[]).find((s) => s.identified === key)?.value;
    expect(await valueOf('offers')).toBe(true);
    await call(token, 'notificationSettingsSet', { identified: 'offers', value: false, requestId: requestId() });
    expect(await call(token, 'notificationSettingsSet', set)).toEqual(reply);
    expect(await valueOf('offers')).toBe(false);
    expect((await main(token, 'notificationSettingsSet', { ...set, value: false })).status).toBe(422);
    expect(await call(token, 'notificationSettingsSet', { identified: 'nope', value: true, requestId: requestId() })).toEqual(refusal('No such notification setting'));
  });

  it('a customer without stored settings has the defaults, and keeps a change', async () => {
    const token = await signIn('direct@brand3.test');
    sb.db.prepare('DELETE FROM notification_settings WHERE customer_id = ?').run(idOf('direct@brand3.test'));
    expect((await call(token, 'notificationSettingsGet')).settings).toHaveLength(catalogue.length);
    await call(token, 'notificationSettingsSet', { identified: 'newSignIn', value: false, requestId: requestId() });
    const settings = (await call(token, 'notificationSettingsGet')).settings as { identified: string; value: boolean }[];
    expect(settings.map((s) => s.identified)).toEqual(catalogue.map((s) => s.identified));
    expect(settings.filter((s) => !s.value).map((s) => s.identified)).toEqual(['newSignIn', 'productNews', 'offers']);
  });
});

describe('legal info and agreements (sandbox)', () => {
  it('lists the brand’s two agreements, named in the request’s language', async () => {
    const token = await signIn('security-lists@brand2.test');
    expect(await call(token, 'legalInfo')).toEqual({
      responseCode: '00',
      agreements: [
        { id: 'terms-brand2-2026-11', name: 'Terms of service', acceptedAt: ACCEPTED_AT },
        { id: 'privacy-brand2-2026-11', name: 'Privacy notice', acceptedAt: ACCEPTED_AT },
      ],
    });
    const pt = await call(token, 'legalInfo', {}, { 'Accept-Language': 'pt-PT' });
    expect(pt.agreements.map((a: { name: string }) => a.name)).toEqual(['Termos do serviço', 'Aviso de privacidade']);
  });

  it('downloads an agreement as a PDF in base64; another brand’s is UE', async () => {
    const token = await signIn('security-lists@brand2.test');
    const reply = await call(token, 'agreementDownload', { id: 'privacy-brand2-2026-11' });
    expect(reply.id).toBe('privacy-brand2-2026-11');
    const bytes = Buffer.from(reply.pdf as string, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(100_000);
    expect((await call(token, 'agreementDownload', { id: 'terms-brand2-2026-11' })).pdf).not.toBe(reply.pdf);
    expect(await call(token, 'agreementDownload', { id: 'terms-brand1-2026-11' })).toEqual(refusal('No such agreement'));
    expect(await call(token, 'agreementDownload', { id: 'whatever' })).toEqual(refusal('No such agreement'));
  });
});
