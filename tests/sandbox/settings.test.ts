// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { LOGIN_THROTTLE } from '../../sandbox/login-throttle.ts';
import { REAUTH_PROOF_TTL_MS } from '../../sandbox/reauth.ts';
import { SETTINGS_CODE_TTL_MS, SETTINGS_SENDS } from '../../sandbox/handlers/settings.ts';
import { DEEPLINK_TTL_MS } from '../../sandbox/handlers/auth.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { AUTH_MESSAGES } from '../../sandbox/auth-messages.ts';
import { mainWire, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * Security settings (issue 49, docs/decisions.md "Settings and security: the calls (issue 49)"):
 * re-authentication (POST /auth/check-password, its proof in X-Reauth-Proof), the two-step
 * verification change and its confirmation (the session rotated), the password change and its
 * confirmation (every other session ended), linking a device by QR code, every refusal and limit,
 * idempotency, and the faults a test injects. The clock is the sandbox's injectable `now`.
 */
const PASSWORD = 'Demo-pass-1';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const REAUTH_MESSAGE = 'Confirm it is you first';

let now = Date.parse('2026-12-01T09:00:00Z');
let sb: Sandbox;
let requestCount = 0;
const requestId = () => `settings-${(requestCount += 1).toString().padStart(4, '0')}-${Math.random().toString(36).slice(2, 10)}`;

interface Session {
  accessToken: string;
  refreshToken: string;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const bearer = (token: string, more: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...more });
const control = (path: string, body: unknown = {}) => post(`/__sandbox/${path}`, body);
const json = async (res: Response): Promise<any> => res.json();

/** A main-service call as the app sends it (the request rules applied): its status and body. */
async function main(token: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await post(`/main/?method=${method}`, mainWire(method, body), bearer(token, headers));
  return { status: res.status, body: await json(res), headers: res.headers };
}

/** Signs in with the demo password, whatever the flow: the SMS or authenticator code read from the inbox, a push approved on the other device. */
async function signIn(login: string, password = PASSWORD): Promise<Session> {
  const res = await post('/auth/login', { client: 'spa', username: login, password, codeChallenge: CHALLENGE });
  const reply = await json(res);
  if (res.status !== 200) throw new Error(`sign-in of ${login}: ${res.status} ${JSON.stringify(reply)}`);
  if (reply.authFlow === 'simple') return { accessToken: reply.accessToken, refreshToken: reply.refreshToken };
  const { pending } = await json(await fetch(`${sb.url}/__sandbox/inbox`));
  const mine = (pending as { key: string; login: string; otp: string | null; status: string }[]).find((p) => p.login === login);
  if (!mine) throw new Error(`no pending sign-in of ${login}`);
  if (reply.authFlow === 'push') expect((await control(`push/${mine.key}/approve`)).status).toBe(200);
  const tokens = await json(await post('/auth/token', { code: reply.code, codeVerifier: VERIFIER, ...(mine.otp ? { otp: mine.otp } : {}) }));
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

const checkPassword = (token: string, body: Record<string, unknown>, language?: string) =>
  post('/auth/check-password', body, bearer(token, language ? { 'Accept-Language': language } : {}));

/** A proof for a user without two-step verification (the password alone). */
async function proofOf(session: Session): Promise<string> {
  const res = await checkPassword(session.accessToken, { password: PASSWORD });
  const reply = await json(res);
  expect(res.status, JSON.stringify(reply)).toBe(200);
  expect(reply.expiresIn).toBe(300);
  return reply.proof as string;
}

const twoStepRequest = (session: Session, body: Record<string, unknown>, proof: string | null, language?: string) =>
  post('/customer/two-step-verification', body, bearer(session.accessToken, { ...(proof ? { 'X-Reauth-Proof': proof } : {}), ...(language ? { 'Accept-Language': language } : {}) }));
const twoStepConfirm = (session: Session, reqId: string, code: string, language?: string) =>
  post(`/customer/two-step-verification/${encodeURIComponent(reqId)}/confirm`, { code }, bearer(session.accessToken, language ? { 'Accept-Language': language } : {}));

const outboxOf = async (login: string) => (await json(await fetch(`${sb.url}/__sandbox/outbox?login=${encodeURIComponent(login)}`))).messages as { to: string; subject: string; code: string | null }[];
const deviceCodesOf = async (login: string) => (await json(await fetch(`${sb.url}/__sandbox/settings-codes?login=${encodeURIComponent(login)}`))).codes as { kind: string; what: string; code: string }[];
const latestSms = async (login: string) => {
  const [sms] = await outboxOf(login);
  expect(sms?.subject).toMatch(/^SMS \d{2}: /);
  return sms!;
};
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
const modeOf = async (session: Session) => (await main(session.accessToken, 'customerInfo')).body.customer.login2faMode as string;
const refresh = (refreshToken: string) => post('/auth/refresh', { refreshToken });

/** Sets the two-step mode through the calls (request, the SMS code, confirm): the session after the rotation. */
async function setMode(login: string, session: Session, proof: string, mode: string): Promise<Session> {
  const asked = await json(await twoStepRequest(session, { mode, requestId: requestId() }, proof));
  const { code } = await latestSms(login);
  const res = await twoStepConfirm(session, asked.reqId, code!);
  expect(res.status).toBe(200);
  return json(res);
}

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-settings-')), 'db.sqlite'), now: () => now, accessTokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());
beforeEach(async () => {
  // Each test an hour later (its 15-minute windows are its own), the users it uses as seeded.
  now += 60 * 60_000;
  await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
  // The users whose password, mode or device a test changes (the limits end with the hour).
  for (const brand of ['brand1', 'brand2', 'brand3']) await control('sign-in-state', { userLogin: `security@${brand}.test` });
});

describe('two-step verification mode per user (sandbox)', () => {
  it('customer info says the seeded mode: off for security@, sms, push, and otp for the otp sign-in flow', async () => {
    expect(await modeOf(await signIn('security@brand1.test'))).toBe('no');
    expect(await modeOf(await signIn('security-sms@brand1.test'))).toBe('sms');
    expect(await modeOf(await signIn('security-push@brand1.test'))).toBe('push');
    expect(await modeOf(await signIn('otp@brand1.test'))).toBe('otp');
    expect(await modeOf(await signIn('direct@brand1.test'))).toBe('no');
  });

  it('security@ has no linked device; security-push@ has', async () => {
    const plain = await signIn('security@brand1.test');
    expect(await json(await fetch(`${sb.url}/auth/profile`, { headers: bearer(plain.accessToken) }))).toMatchObject({ scp: 'none' });
    expect(await json(await fetch(`${sb.url}/device-api/device`, { headers: bearer(plain.accessToken) }))).toEqual([]);
    const push = await signIn('security-push@brand1.test');
    expect(await json(await fetch(`${sb.url}/auth/profile`, { headers: bearer(push.accessToken) }))).toMatchObject({ scp: 'push' });
  });
});

describe('re-authentication: POST /auth/check-password (sandbox)', () => {
  it('two-step off: the password answers a proof for 300 s; a wrong one is a 401 with a message and code PASSWORD, in the request’s language', async () => {
    const session = await signIn('security@brand1.test');
    const ok = await json(await checkPassword(session.accessToken, { password: PASSWORD }));
    expect(ok).toEqual({ proof: expect.any(String), expiresIn: 300 });
    const wrong = await checkPassword(session.accessToken, { password: 'Not-the-password-1' });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ message: 'The password is not correct', code: 'PASSWORD' });
    const ru = await checkPassword(session.accessToken, { password: 'Not-the-password-1' }, 'ru');
    expect(await json(ru)).toEqual({ message: AUTH_MESSAGES.ru.wrongPassword, code: 'PASSWORD' });
    expect(ru.headers.get('content-language')).toBe('ru');
  });

  it('needs a session, and a body by the contract', async () => {
    expect((await post('/auth/check-password', { password: PASSWORD })).status).toBe(401);
    const session = await signIn('security@brand1.test');
    expect((await checkPassword(session.accessToken, {})).status).toBe(400);
    expect((await checkPassword(session.accessToken, { password: PASSWORD, extra: 1 })).status).toBe(400);
  });

  it('five wrong passwords within 15 minutes: the fifth is a 429 with Retry-After; meanwhile the right one too; 15 minutes later it works', async () => {
    const session = await signIn('security@brand2.test');
    for (let i = 1; i < LOGIN_THROTTLE.maxFailures; i++) expect((await checkPassword(session.accessToken, { password: `Wrong-pass-${i}` })).status).toBe(401);
    const fifth = await checkPassword(session.accessToken, { password: 'Wrong-pass-5' });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe(String(LOGIN_THROTTLE.windowSeconds));
    expect((await json(fifth)).message).toBe('Too many wrong passwords or codes. Try again in 15 minutes.');
    now += 60_000;
    const right = await checkPassword(session.accessToken, { password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe(String(LOGIN_THROTTLE.windowSeconds - 60));
    now += LOGIN_THROTTLE.windowSeconds * 1000;
    expect((await checkPassword(session.accessToken, { password: PASSWORD })).status).toBe(200);
  });

  it('two-step by SMS: the password alone answers secondFactor sms and sends a code; a wrong code is a 401 (code OTP); the right one answers the proof', async () => {
    const login = 'security-sms@brand1.test';
    const session = await signIn(login);
    // A code given before any was sent is a wrong code.
    expect(await json(await checkPassword(session.accessToken, { password: PASSWORD, code: '123456' }))).toMatchObject({ code: 'OTP' });
    const first = await checkPassword(session.accessToken, { password: PASSWORD });
    expect(await json(first)).toEqual({ secondFactor: 'sms' });
    const sms = await latestSms(login);
    expect(sms.subject).toMatch(/your code to confirm it is you$/);
    expect(sms.to).toMatch(/^\+40 7•• ••• \d{3}$/);
    // No linked device: the code is only in the SMS.
    expect(await deviceCodesOf(login)).toEqual([]);
    const wrong = await checkPassword(session.accessToken, { password: PASSWORD, code: wrongCodeFor(sms.code!) });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ message: 'The code is not correct', code: 'OTP' });
    // The right code with a wrong password is still a wrong password.
    expect(await json(await checkPassword(session.accessToken, { password: 'Not-the-password-1', code: sms.code }))).toMatchObject({ code: 'PASSWORD' });
    const proof = await json(await checkPassword(session.accessToken, { password: PASSWORD, code: sms.code }));
    expect(proof).toEqual({ proof: expect.any(String), expiresIn: 300 });
    // The code served once.
    expect((await checkPassword(session.accessToken, { password: PASSWORD, code: sms.code })).status).toBe(401);
  });

  it('two-step by push: the code shows on the linked device only (no SMS); a new ask voids the last code', async () => {
    const login = 'security-push@brand1.test';
    const session = await signIn(login);
    const before = (await outboxOf(login)).length;
    expect(await json(await checkPassword(session.accessToken, { password: PASSWORD }))).toEqual({ secondFactor: 'push' });
    const [first] = await deviceCodesOf(login);
    expect(first).toMatchObject({ kind: 'reauth', what: 'confirm it is you', code: expect.stringMatching(/^\d{6}$/) });
    expect(await outboxOf(login)).toHaveLength(before);
    expect(await (await fetch(`${sb.url}/__sandbox/device`)).text()).toContain(`<code>${first!.code}</code>`);
    expect(await json(await checkPassword(session.accessToken, { password: PASSWORD }))).toEqual({ secondFactor: 'push' });
    const [second] = await deviceCodesOf(login);
    expect(await deviceCodesOf(login)).toHaveLength(1);
    if (second!.code !== first!.code) expect((await checkPassword(session.accessToken, { password: PASSWORD, code: first!.code })).status).toBe(401);
    expect((await checkPassword(session.accessToken, { password: PASSWORD, code: second!.code })).status).toBe(200);
  });

  it('wrong codes count with wrong passwords: five lock the call (429)', async () => {
    const login = 'security-sms@brand2.test';
    const session = await signIn(login);
    await checkPassword(session.accessToken, { password: PASSWORD });
    const { code } = await latestSms(login);
    for (let i = 0; i < 2; i++) expect((await checkPassword(session.accessToken, { password: 'Wrong-pass-1' })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await checkPassword(session.accessToken, { password: PASSWORD, code: wrongCodeFor(code!) })).status).toBe(401);
    const fifth = await checkPassword(session.accessToken, { password: PASSWORD, code: wrongCodeFor(code!) });
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await checkPassword(session.accessToken, { password: PASSWORD, code })).status).toBe(429);
  });
});

describe('the proof of re-authentication (X-Reauth-Proof)', () => {
  it('missing, unknown, another user’s or another session’s: 403 "Confirm it is you first" (code REAUTH) on every change that needs it (the two-step change, the password change), translated', async () => {
    const session = await signIn('security@brand1.test');
    const other = await signIn('security@brand2.test');
    const sameUserOtherSession = await signIn('security@brand1.test');
    const foreign = await proofOf(other);
    const otherSession = await proofOf(sameUserOtherSession);
    for (const proof of [null, 'not-a-proof', foreign, otherSession]) {
      const res = await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof);
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ message: REAUTH_MESSAGE, code: 'REAUTH' });
      const headers: Record<string, string> = proof ? { 'X-Reauth-Proof': proof } : {};
      for (const [method, body] of [
        ['changePassword', { password: PASSWORD, passwordNew: 'New-pass-2026', passwordNewRepeat: 'New-pass-2026', requestId: requestId() }],
      ] as const) {
        const reply = await main(session.accessToken, method, body, headers);
        expect([method, reply.status, reply.body]).toEqual([method, 403, { message: REAUTH_MESSAGE, code: 'REAUTH' }]);
      }
    }
    const es = await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, null, 'es');
    expect((await json(es)).message).toBe(SANDBOX_TEXTS.es[REAUTH_MESSAGE]);
    expect(es.headers.get('content-language')).toBe('es');
    const pt = await main(session.accessToken, 'changePassword', { password: PASSWORD, passwordNew: 'New-pass-2026', passwordNewRepeat: 'New-pass-2026', requestId: requestId() }, { 'Accept-Language': 'pt' });
    expect(pt.body.message).toBe(SANDBOX_TEXTS.pt[REAUTH_MESSAGE]);
  });

  it('serves several changes within five minutes, then expires', async () => {
    const login = 'security@brand3.test';
    const session = await signIn(login);
    const proof = await proofOf(session);
    const withProof = { 'X-Reauth-Proof': proof };
    expect((await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof)).status).toBe(200);
    expect((await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof)).status).toBe(200);
    now += REAUTH_PROOF_TTL_MS - 1000;
    expect((await main(session.accessToken, 'changePassword', { password: PASSWORD, passwordNew: 'New-pass-2026', passwordNewRepeat: 'New-pass-2026', requestId: requestId() }, withProof)).body.responseCode).toBe('00');
    now += 1000;
    expect((await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof)).status).toBe(403);
    expect((await main(session.accessToken, 'changePassword', { password: PASSWORD, passwordNew: 'New-pass-2027', passwordNewRepeat: 'New-pass-2027', requestId: requestId() }, withProof)).status).toBe(403);
  });

  it('dies with the session: after logout, neither the token nor a new session can use it', async () => {
    const session = await signIn('security@brand1.test');
    const proof = await proofOf(session);
    expect((await post('/auth/logout', { refreshToken: session.refreshToken })).status).toBe(204);
    expect((await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof)).status).toBe(401);
    const next = await signIn('security@brand1.test');
    expect((await twoStepRequest(next, { mode: 'sms', requestId: requestId() }, proof)).status).toBe(403);
  });
});

describe('two-step verification change (sandbox)', () => {
  it('off → SMS: a code by SMS; a wrong code is a 400 with the message; the right one rotates the session (the old refresh token refused), and the next sign-in asks for an SMS code', async () => {
    const login = 'security@brand1.test';
    const session = await signIn(login);
    const proof = await proofOf(session);
    const res = await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof);
    expect(res.status).toBe(200);
    const asked = await json(res);
    expect(asked).toEqual({ reqId: expect.any(String), phoneNumber: expect.stringMatching(/^\+40 7•• ••• \d{3}$/), smsIdentifier: expect.stringMatching(/^\d{2}$/) });
    const sms = await latestSms(login);
    expect(sms.subject).toBe(`SMS ${asked.smsIdentifier}: your code to change two-step verification`);
    expect(sms.to).toBe(asked.phoneNumber);
    expect(sms.code).toMatch(/^\d{6}$/);
    // No linked device: nothing on the other device.
    expect(await deviceCodesOf(login)).toEqual([]);

    const wrong = await twoStepConfirm(session, asked.reqId, wrongCodeFor(sms.code!));
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ message: 'The code is not correct', code: 'OTP' });
    const wrongUk = await twoStepConfirm(session, asked.reqId, wrongCodeFor(sms.code!), 'uk');
    expect((await json(wrongUk)).message).toBe(AUTH_MESSAGES.uk.wrongCode);

    const confirmed = await twoStepConfirm(session, asked.reqId, sms.code!);
    expect(confirmed.status).toBe(200);
    const rotated = (await json(confirmed)) as Session;
    expect(rotated).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    // The old tokens of this session stop working; the new ones work.
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await main(session.accessToken, 'customerInfo')).status).toBe(401);
    expect(await modeOf(rotated)).toBe('sms');
    const renewed = await refresh(rotated.refreshToken);
    expect(renewed.status).toBe(200);
    const current = (await json(renewed)) as Session;
    // The reqId served once.
    expect((await twoStepConfirm(current, asked.reqId, sms.code!)).status).toBe(400);
    // The next sign-in asks for the SMS code.
    const next = await json(await post('/auth/login', { client: 'spa', username: login, password: PASSWORD, codeChallenge: CHALLENGE }));
    expect(next).toMatchObject({ authFlow: 'sms', smsIdentifier: expect.stringMatching(/^\d{2}$/) });

    // And back to off (the proof went on with the rotated session): the next sign-in is simple again.
    const back = await json(await twoStepRequest(current, { mode: 'no', requestId: requestId() }, proof));
    const off = await twoStepConfirm(current, back.reqId, (await latestSms(login)).code!);
    expect(off.status).toBe(200);
    const afterOff = (await json(off)) as Session;
    expect(await modeOf(afterOff)).toBe('no');
    expect(await json(await post('/auth/login', { client: 'spa', username: login, password: PASSWORD, codeChallenge: CHALLENGE }))).toMatchObject({ authFlow: 'simple' });
  });

  it('a user with a linked device: the code shows on the other device too; push → SMS and back to push', async () => {
    const login = 'security-push@brand2.test';
    let session = await signIn(login);
    await checkPassword(session.accessToken, { password: PASSWORD });
    const [reauth] = await deviceCodesOf(login);
    const { proof } = await json(await checkPassword(session.accessToken, { password: PASSWORD, code: reauth!.code }));
    const asked = await json(await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof));
    const sms = await latestSms(login);
    const [shown] = await deviceCodesOf(login);
    expect(shown).toMatchObject({ kind: 'twoStep', what: 'two-step verification: sms', code: sms.code });
    session = (await json(await twoStepConfirm(session, asked.reqId, sms.code!))) as Session;
    expect(await modeOf(session)).toBe('sms');
    expect(await json(await post('/auth/login', { client: 'spa', username: login, password: PASSWORD, codeChallenge: CHALLENGE }))).toMatchObject({ authFlow: 'sms' });
    session = await setMode(login, session, proof, 'push');
    expect(await modeOf(session)).toBe('push');
    expect(await json(await post('/auth/login', { client: 'spa', username: login, password: PASSWORD, codeChallenge: CHALLENGE }))).toMatchObject({ authFlow: 'push' });
  });

  it('refused with 422: the mode already set, otp (no enrolment), push without a linked device; the body by the contract (400)', async () => {
    const session = await signIn('security@brand1.test');
    const proof = await proofOf(session);
    const refused = async (mode: string, message: string) => {
      const res = await twoStepRequest(session, { mode, requestId: requestId() }, proof);
      expect([mode, res.status, (await json(res)).message]).toEqual([mode, 422, message]);
    };
    await refused('no', 'Two-step verification is already set this way.');
    await refused('otp', 'An authenticator app cannot be set up here. Choose SMS or a linked device.');
    await refused('push', 'Link a device first to approve sign-ins on it.');
    expect((await twoStepRequest(session, { mode: 'email', requestId: requestId() }, proof)).status).toBe(400);
    expect((await twoStepRequest(session, { mode: 'sms' }, proof)).status).toBe(400);
    expect(await outboxOf('security@brand1.test')).toEqual([]);
  });

  it('resend is the same call with a new requestId: a new code and reqId, the old one void; the same requestId answers the same and sends nothing; with another mode, 422', async () => {
    const login = 'security@brand2.test';
    const session = await signIn(login);
    const proof = await proofOf(session);
    const id = requestId();
    const first = await json(await twoStepRequest(session, { mode: 'sms', requestId: id }, proof));
    const firstSms = await latestSms(login);
    expect(await json(await twoStepRequest(session, { mode: 'sms', requestId: id }, proof))).toEqual(first);
    expect(await outboxOf(login)).toHaveLength(1);
    const other = await twoStepRequest(session, { mode: 'push', requestId: id }, proof);
    expect({ status: other.status, message: (await json(other)).message }).toEqual({ status: 422, message: REUSED_WITH_OTHER_DETAILS.message });
    const second = await json(await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof));
    expect(second.reqId).not.toBe(first.reqId);
    expect(await outboxOf(login)).toHaveLength(2);
    const voided = await twoStepConfirm(session, first.reqId, firstSms.code!);
    expect(voided.status).toBe(400);
    expect((await json(voided)).message).toBe('This code can no longer be used. Ask for a new code.');
    expect((await twoStepConfirm(session, second.reqId, (await latestSms(login)).code!)).status).toBe(200);
  });

  it('an unknown reqId, another session’s, or one older than 10 minutes: 400 with a message', async () => {
    const login = 'security@brand3.test';
    const session = await signIn(login);
    const proof = await proofOf(session);
    expect((await twoStepConfirm(session, 'tsv-unknown', '123456')).status).toBe(400);
    const asked = await json(await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof));
    const { code } = await latestSms(login);
    const elsewhere = await signIn(login);
    expect((await twoStepConfirm(elsewhere, asked.reqId, code!)).status).toBe(400);
    const stranger = await signIn('security@brand1.test');
    expect((await twoStepConfirm(stranger, asked.reqId, code!)).status).toBe(400);
    now += SETTINGS_CODE_TTL_MS + 1000;
    const late = await twoStepConfirm(session, asked.reqId, code!);
    expect(late.status).toBe(400);
    expect((await json(late)).message).toBe('This code can no longer be used. Ask for a new code.');
    expect(await modeOf(session)).toBe('no');
  });

  it('the fifth wrong code within 15 minutes is a 429 with Retry-After, the reqId void; a new request waits too', async () => {
    const login = 'security@brand1.test';
    const session = await signIn(login);
    const proof = await proofOf(session);
    const asked = await json(await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof));
    const { code } = await latestSms(login);
    for (let i = 1; i < LOGIN_THROTTLE.maxFailures; i++) expect((await twoStepConfirm(session, asked.reqId, wrongCodeFor(code!))).status).toBe(400);
    const fifth = await twoStepConfirm(session, asked.reqId, wrongCodeFor(code!));
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe(String(LOGIN_THROTTLE.windowSeconds));
    expect((await json(fifth)).message).toBe('Too many wrong codes for this account. Try again in 15 minutes.');
    expect((await twoStepConfirm(session, asked.reqId, code!)).status).toBe(429);
    const again = await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof);
    expect(again.status).toBe(429);
    now += LOGIN_THROTTLE.windowSeconds * 1000;
    // The void reqId stays void; a new proof and a new request work.
    expect((await twoStepConfirm(session, asked.reqId, code!)).status).toBe(400);
    expect((await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, await proofOf(session))).status).toBe(200);
  });

  it(`at most ${SETTINGS_SENDS.max} codes in 15 minutes: then 429 with Retry-After`, async () => {
    const session = await signIn('security@brand2.test');
    const proof = await proofOf(session);
    for (let i = 0; i < SETTINGS_SENDS.max; i++) expect((await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof)).status).toBe(200);
    const over = await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, proof);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBe(SETTINGS_SENDS.windowMs / 1000);
  });
});

describe('password change (sandbox)', () => {
  const body = (over: Record<string, unknown> = {}) => ({ password: PASSWORD, passwordNew: 'New-pass-2026', passwordNewRepeat: 'New-pass-2026', requestId: requestId(), ...over });

  it('the rules, answered VF by param; a wrong current password refused with a message; the contract’s (400)', async () => {
    const session = await signIn('security@brand1.test');
    const proof = { 'X-Reauth-Proof': await proofOf(session) };
    const vf = async (over: Record<string, unknown>) => (await main(session.accessToken, 'changePassword', body(over), proof)).body;
    expect(await vf({ passwordNew: 'onlyletters', passwordNewRepeat: 'onlyletters' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'passwordNew', description: 'Use 8 to 128 characters with a letter and a digit' }] });
    expect(await vf({ passwordNewRepeat: 'New-pass-2027' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'passwordNewRepeat', description: 'The two passwords are not the same' }] });
    expect(await vf({ passwordNew: PASSWORD, passwordNewRepeat: PASSWORD })).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ param: 'passwordNew', description: 'The new password must differ from the current one' }],
    });
    expect(await vf({ password: '', passwordNewRepeat: '' })).toMatchObject({
      responseCode: 'VF',
      validationErrors: [
        { param: 'password', description: 'Enter your current password' },
        { param: 'passwordNewRepeat', description: 'Repeat the new password' },
      ],
    });
    expect(await vf({ password: 'Not-the-password-1' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'password', description: 'The current password is not correct' }] });
    const ro = await main(session.accessToken, 'changePassword', body({ passwordNewRepeat: 'x' }), { ...proof, 'Accept-Language': 'ro' });
    expect(ro.body.validationErrors[0].description).toBe(SANDBOX_TEXTS.ro['The two passwords are not the same']);
    // Required by the contract: the three passwords and the requestId; the new one at least 8 characters.
    for (const missing of ['password', 'passwordNew', 'passwordNewRepeat', 'requestId'] as const) {
      const { [missing]: _left, ...rest } = body();
      expect([missing, (await main(session.accessToken, 'changePassword', rest, proof)).status]).toEqual([missing, 400]);
    }
    expect((await main(session.accessToken, 'changePassword', body({ passwordNew: 'Ab1', passwordNewRepeat: 'Ab1' }), proof)).status).toBe(400);
    // Nothing was sent.
    expect(await outboxOf('security@brand1.test')).toEqual([]);
  });

  it('the code by SMS; a wrong code refused with the message; the right one changes the password, ends every other session, keeps this one; a repeat answers the same', async () => {
    const login = 'security@brand2.test';
    const session = await signIn(login);
    const otherDevice = await signIn(login);
    const proof = { 'X-Reauth-Proof': await proofOf(session) };
    const asked = await main(session.accessToken, 'changePassword', body(), proof);
    expect(asked.body).toEqual({ responseCode: '00', requestKey: expect.any(String), approvalSentTo: expect.stringMatching(/^\+40 7•• ••• \d{3}$/), smsIdentifier: expect.stringMatching(/^\d{2}$/) });
    const sms = await latestSms(login);
    expect(sms.subject).toBe(`SMS ${asked.body.smsIdentifier}: your code to change your password`);
    const { requestKey } = asked.body;

    const wrong = await main(session.accessToken, 'changePasswordConfirm', { requestKey, code: wrongCodeFor(sms.code!) });
    expect(wrong.body).toEqual({ responseCode: '13', responseDescription: 'The code is not right', errors: ['The code is not right'] });
    const wrongRu = await main(session.accessToken, 'changePasswordConfirm', { requestKey, code: wrongCodeFor(sms.code!) }, { 'Accept-Language': 'ru' });
    expect(wrongRu.body.responseDescription).toBe(SANDBOX_TEXTS.ru['The code is not right']);
    // Not yet changed.
    expect((await post('/auth/login', { client: 'spa', username: login, password: 'New-pass-2026' })).status).toBe(401);

    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey, code: sms.code })).body).toEqual({ responseCode: '00' });
    // A repeat (its reply was lost) answers the same; another code does not.
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey, code: sms.code })).body).toEqual({ responseCode: '00' });
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey, code: wrongCodeFor(sms.code!) })).body.responseCode).toBe('13');

    // The other session has ended; this one goes on.
    expect((await refresh(otherDevice.refreshToken)).status).toBe(401);
    expect((await main(otherDevice.accessToken, 'customerInfo')).status).toBe(401);
    expect((await main(session.accessToken, 'customerInfo')).body.responseCode).toBe('00');
    expect((await refresh(session.refreshToken)).status).toBe(200);
    // The new password signs in; the old one no longer.
    expect((await post('/auth/login', { client: 'spa', username: login, password: PASSWORD })).status).toBe(401);
    const fresh = await signIn(login, 'New-pass-2026');
    expect((await main(fresh.accessToken, 'customerInfo')).body.customer.login).toBe(login);
  });

  it('idempotent on requestId: a repeat answers the same requestKey and sends nothing; other details with it, 422; a new changePassword voids the last requestKey', async () => {
    const login = 'security@brand3.test';
    const session = await signIn(login);
    const proof = { 'X-Reauth-Proof': await proofOf(session) };
    const first = body();
    const asked = await main(session.accessToken, 'changePassword', first, proof);
    const firstSms = await latestSms(login);
    expect((await main(session.accessToken, 'changePassword', first, proof)).body).toEqual(asked.body);
    expect(await outboxOf(login)).toHaveLength(1);
    const changed = await main(session.accessToken, 'changePassword', { ...first, passwordNew: 'Other-pass-2026', passwordNewRepeat: 'Other-pass-2026' }, proof);
    expect({ status: changed.status, message: changed.body.message }).toEqual({ status: 422, message: REUSED_WITH_OTHER_DETAILS.message });
    const second = await main(session.accessToken, 'changePassword', body({ passwordNew: 'Other-pass-2026', passwordNewRepeat: 'Other-pass-2026' }), proof);
    expect(second.body.requestKey).not.toBe(asked.body.requestKey);
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: asked.body.requestKey, code: firstSms.code })).body).toMatchObject({
      responseCode: '13',
      responseDescription: 'This password change has ended: start again',
    });
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: second.body.requestKey, code: (await latestSms(login)).code })).body.responseCode).toBe('00');
    expect((await post('/auth/login', { client: 'spa', username: login, password: 'Other-pass-2026' })).status).toBe(200);
  });

  it('the fifth wrong code ends the request; an unknown requestKey, another session’s, or one older than 10 minutes is refused', async () => {
    const login = 'security@brand1.test';
    const session = await signIn(login);
    const proof = { 'X-Reauth-Proof': await proofOf(session) };
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: 'pwd-unknown', code: '123456' })).body.responseDescription).toBe('This password change has ended: start again');
    const asked = await main(session.accessToken, 'changePassword', body(), proof);
    const { code } = await latestSms(login);
    for (let i = 1; i < 5; i++) expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: asked.body.requestKey, code: wrongCodeFor(code!) })).body.responseDescription).toBe('The code is not right');
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: asked.body.requestKey, code: wrongCodeFor(code!) })).body.responseDescription).toBe('Too many wrong codes: change the password again');
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: asked.body.requestKey, code })).body.responseCode).toBe('13');

    const next = await main(session.accessToken, 'changePassword', body(), proof);
    const nextCode = (await latestSms(login)).code;
    const elsewhere = await signIn(login);
    expect((await main(elsewhere.accessToken, 'changePasswordConfirm', { requestKey: next.body.requestKey, code: nextCode })).body.responseCode).toBe('13');
    now += SETTINGS_CODE_TTL_MS + 1000;
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: next.body.requestKey, code: nextCode })).body.responseCode).toBe('13');
    expect((await post('/auth/login', { client: 'spa', username: login, password: PASSWORD })).status).toBe(200);
  });

  it('a wrong current password counts with re-authentication’s: the fifth is a 429', async () => {
    const session = await signIn('security@brand2.test');
    const proof = { 'X-Reauth-Proof': await proofOf(session) };
    for (let i = 1; i < LOGIN_THROTTLE.maxFailures; i++) expect((await main(session.accessToken, 'changePassword', body({ password: `Wrong-pass-${i}` }), proof)).body.responseCode).toBe('VF');
    const fifth = await main(session.accessToken, 'changePassword', body({ password: 'Wrong-pass-5' }), proof);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe(String(LOGIN_THROTTLE.windowSeconds));
    expect((await checkPassword(session.accessToken, { password: PASSWORD })).status).toBe(429);
  });
});

describe('linking a device by QR code: /auth/scp/request with the signed-in user’s token', () => {
  it('a deeplink that links the phone opening it within 120 s (once); then push is offered', async () => {
    const login = 'security@brand1.test';
    const session = await signIn(login);
    const ask = async () => json(await post('/auth/scp/request', {}, bearer(session.accessToken)));
    const stale = (await ask()).deeplink as string;
    expect(stale).toMatch(/^sandboxpay:\/\/link-device\?link=[0-9a-f]+$/);
    now += DEEPLINK_TTL_MS + 1000;
    expect((await control('deeplinks/open', { deeplink: stale })).status).toBe(410);
    const { deeplink } = await ask();
    const opened = await control('deeplinks/open', { deeplink, name: 'Test phone', type: 'ios' });
    expect(opened.status).toBe(200);
    expect((await control('deeplinks/open', { deeplink })).status).toBe(410);
    expect((await control('deeplinks/open', { deeplink: 'sandboxpay://link-device?link=nope' })).status).toBe(404);
    expect(await json(await fetch(`${sb.url}/auth/profile`, { headers: bearer(session.accessToken) }))).toMatchObject({ scp: 'push' });
    expect(await json(await fetch(`${sb.url}/device-api/device`, { headers: bearer(session.accessToken) }))).toEqual([expect.objectContaining({ name: 'Test phone', type: 'ios' })]);
    const proof = await proofOf(session);
    const asked = await twoStepRequest(session, { mode: 'push', requestId: requestId() }, proof);
    expect(asked.status).toBe(200);
    // Linked now: the code shows on the device as well as in the SMS.
    expect((await deviceCodesOf(login))[0]).toMatchObject({ kind: 'twoStep', code: (await latestSms(login)).code });
  });

  it('a pending push sign-in’s deeplink approves it; no bearer is a 401', async () => {
    expect((await post('/auth/scp/request', {})).status).toBe(401);
    const reply = await json(await post('/auth/login', { client: 'spa', username: 'security-push@brand3.test', password: PASSWORD, codeChallenge: CHALLENGE }));
    const { deeplink } = await json(await post('/auth/scp/request', {}, bearer(reply.tmpJwt)));
    expect(deeplink).toMatch(/^sandboxpay:\/\/approve-login\?key=[0-9a-f]+&link=[0-9a-f]+$/);
    expect(await json(await control('deeplinks/open', { deeplink }))).toEqual({ ok: true, approved: true });
    expect((await post('/auth/token', { code: reply.code, codeVerifier: VERIFIER })).status).toBe(200);
  });
});

describe('faults for the settings calls (POST /__sandbox/faults)', () => {
  const fault = (body: Record<string, unknown>) => control('faults', body);

  it('the two-step confirmation: a 400 with a message, a wrong code (in the request’s language), a 429 with Retry-After; once each', async () => {
    const login = 'security@brand1.test';
    const session = await signIn(login);
    const asked = await json(await twoStepRequest(session, { mode: 'sms', requestId: requestId() }, await proofOf(session)));
    const { code } = await latestSms(login);
    await fault({ match: 'auth:twoStepVerificationConfirm', kind: '400', message: 'The service could not check the code', times: 1 });
    const bad = await twoStepConfirm(session, asked.reqId, code!);
    expect([bad.status, await json(bad)]).toEqual([400, { message: 'The service could not check the code' }]);
    await fault({ match: 'auth:twoStepVerificationConfirm', kind: 'wrongCode', times: 1 });
    const wrong = await twoStepConfirm(session, asked.reqId, code!, 'ru');
    expect([wrong.status, await json(wrong), wrong.headers.get('content-language')]).toEqual([400, { message: AUTH_MESSAGES.ru.wrongCode, code: 'OTP' }, 'ru']);
    await fault({ match: 'auth:twoStepVerificationConfirm', kind: '429', retryAfter: 90, times: 1 });
    const many = await twoStepConfirm(session, asked.reqId, code!);
    expect([many.status, many.headers.get('retry-after')]).toEqual([429, '90']);
    // None of them counted: the right code still confirms.
    expect((await twoStepConfirm(session, asked.reqId, code!)).status).toBe(200);
  });

  it('changePasswordConfirm answers 500 once; the change is made on the next try', async () => {
    const login = 'security@brand2.test';
    const session = await signIn(login);
    const asked = await main(session.accessToken, 'changePassword', { password: PASSWORD, passwordNew: 'New-pass-2026', passwordNewRepeat: 'New-pass-2026', requestId: requestId() }, { 'X-Reauth-Proof': await proofOf(session) });
    const { code } = await latestSms(login);
    await fault({ match: 'main:changePasswordConfirm', kind: '500', times: 1 });
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: asked.body.requestKey, code })).status).toBe(500);
    expect((await main(session.accessToken, 'changePasswordConfirm', { requestKey: asked.body.requestKey, code })).body).toEqual({ responseCode: '00' });
  });

  it('a main-service wrong code is the envelope’s refusal', async () => {
    const session = await signIn('security@brand3.test');
    await fault({ match: 'main:changePasswordConfirm', kind: 'wrongCode', times: 1 });
    const reply = await main(session.accessToken, 'changePasswordConfirm', { requestKey: 'pwd-any', code: '123456' }, { 'Accept-Language': 'es' });
    expect(reply.body).toEqual({ responseCode: '13', responseDescription: SANDBOX_TEXTS.es['The code is not right'], errors: [SANDBOX_TEXTS.es['The code is not right']] });
  });
});
