// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { maskEmail } from '../../sandbox/handlers/recovery.ts';

/**
 * Account recovery and activation by hand (spec 002 s3, s5, s7): the person's data
 * checked at once (a retryable rejection, the third one final), an unknown e-mail answered like a
 * known one with nothing sent, the code e-mailed and checked (wrong, expired, too many tries), the
 * new password set with e-mail, code and password (the sign-up's rule) and signed in with; the
 * activation code sent again; the rate limits answered 429 with Retry-After.
 */
const start = Date.parse('2026-11-26T10:00:00Z');
let now = start;
let sb: Sandbox;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const main = (method: string, body: Record<string, unknown>) => post(`/main/?method=${method}`, { method, ...body });
const call = async (method: string, body: Record<string, unknown>): Promise<any> => {
  const res = await main(method, body);
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};
const outboxOf = async (login: string) => (await (await fetch(`${sb.url}/__sandbox/outbox?login=${encodeURIComponent(login)}`)).json()).messages as { subject: string; code: string | null; link: string | null }[];
const signIn = (username: string, password: string) => post('/auth/login', { client: 'spa', username, password });

const LOGIN = 'recovery@brand1.test';
const data = { firstName: 'Ana', lastName: 'Demo 1', dob: '1988-07-14' };

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-recovery-')), 'db.sqlite'), now: () => now });
});
afterAll(() => sb.close());
beforeEach(() => {
  now += 60 * 60_000; // each test an hour later: the 15-minute windows are its own
});

describe('account recovery (sandbox)', () => {
  it('masks where the code goes', () => {
    expect(maskEmail('recovery@brand1.test')).toBe('r***@b***.test');
    expect(maskEmail('a@b')).toBe('a***@b***');
  });

  it('right data: a code by e-mail; a wrong code says so, the right one is valid; the new password (sign-up rule) signs in, the old one no longer', async () => {
    const asked = await call('passwordChangeRequest', { email: ' Recovery@Brand1.test ', ...data, firstName: 'ANA' });
    expect(asked).toMatchObject({ responseCode: '00', verificationStatus: 'approved', recoveryEmail: 'r***@b***.test' });
    const [mail] = await outboxOf(LOGIN);
    expect(mail).toMatchObject({ subject: 'Your account recovery code', link: null });
    expect(mail!.code).toMatch(/^\d{6}$/);
    const check = (code: string) => call('passwordChangeCodeCheck', { taskId: asked.taskId, emailId: asked.emailId, email: LOGIN, code });
    expect((await check(mail!.code === '000000' ? '111111' : '000000')).emailCodeIsValid).toBe(false);
    expect((await check(mail!.code!)).emailCodeIsValid).toBe(true);
    // Another e-mail's id (an older request's) is not this task's.
    expect((await call('passwordChangeCodeCheck', { taskId: asked.taskId, emailId: 'other', email: LOGIN, code: mail!.code })).responseCode).toBe('VF');
    const weak = await call('passwordChangeWithCode', { email: LOGIN, code: mail!.code, password: 'onlyletters' });
    expect(weak).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'password' }] });
    expect((await call('passwordChangeWithCode', { email: LOGIN, code: mail!.code, password: 'New-pass-2026' })).responseCode).toBe('00');
    expect((await signIn(LOGIN, 'New-pass-2026')).status).toBe(200);
    expect((await signIn(LOGIN, 'Demo-pass-1')).status).toBe(401);
    // The task has ended: the code does not change the password again.
    expect((await call('passwordChangeWithCode', { email: LOGIN, code: mail!.code, password: 'Other-pass-2026' })).responseCode).toBe('VF');
  });

  it('an unknown e-mail is answered like a known one, and nothing is sent', async () => {
    const asked = await call('passwordChangeRequest', { email: 'nobody@example.com', ...data });
    expect(asked).toMatchObject({ responseCode: '00', verificationStatus: 'approved', recoveryEmail: 'n***@e***.com' });
    expect(asked.taskId).toBeTruthy();
    const count = (sb.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_email = 'nobody@example.com'").get() as { n: number }).n;
    expect(count).toBe(0);
    expect((await call('passwordChangeCodeCheck', { taskId: asked.taskId, emailId: asked.emailId, email: 'nobody@example.com', code: '123456' })).emailCodeIsValid).toBe(false);
  });

  it('wrong data get the same answer as right ones (issue 46): the owner is told by e-mail once, no code; their own right data still get a code', async () => {
    const login = 'recovery@brand2.test';
    const wrong = { firstName: 'Ana', lastName: 'Demo 2', dob: '1990-01-01' };
    const right = await call('passwordChangeRequest', { email: 'nobody-else@example.com', ...wrong });
    const answers = [await call('passwordChangeRequest', { email: login, ...wrong }), await call('passwordChangeRequest', { email: login, ...wrong, lastName: 'Demo 9', dob: '1988-07-14' }), right];
    // One shape for every case: nothing tells whether the account exists or the data matched.
    const shapeOf = (answer: Record<string, unknown>) => ({ ...answer, taskId: typeof answer.taskId, emailId: typeof answer.emailId, recoveryEmail: typeof answer.recoveryEmail });
    expect(new Set(answers.map((a) => JSON.stringify(shapeOf(a)))).size).toBe(1);
    expect(answers[0]).toMatchObject({ responseCode: '00', verificationStatus: 'approved', isRetryable: false, recoveryEmail: 'r***@b***.test' });
    const mails = await outboxOf(login);
    expect(mails).toEqual([expect.objectContaining({ subject: 'Someone asked to recover your account with details that do not match yours', code: null })]);
    // Their code check never accepts a code.
    expect((await call('passwordChangeCodeCheck', { taskId: answers[0].taskId, emailId: answers[0].emailId, email: login, code: '123456' })).emailCodeIsValid).toBe(false);
    // A third wrong request locks nobody out: the owner's right data get a code at once.
    await call('passwordChangeRequest', { email: login, ...wrong });
    expect(await call('passwordChangeRequest', { email: login, firstName: 'Ana', lastName: 'Demo 2', dob: '1988-07-14' })).toMatchObject({ verificationStatus: 'approved' });
    expect((await outboxOf(login))[0]).toMatchObject({ subject: 'Your account recovery code', code: expect.stringMatching(/^\d{6}$/) });
  });

  it('a requester who asks ten times without a code in a day waits (429, Retry-After); another requester does not (issue 46)', async () => {
    const ask = (requester: string, email: string) =>
      post('/main/?method=passwordChangeRequest', { method: 'passwordChangeRequest', email, ...data }, { 'X-Forwarded-For': `${requester}, 10.0.0.1` });
    // Different e-mails, so the per-e-mail limit (5 in 15 minutes) is not what stops them.
    for (let i = 0; i < 10; i++) expect((await ask('203.0.113.7', `guess-${i}@example.com`)).status).toBe(200);
    const stopped = await ask('203.0.113.7', 'guess-10@example.com');
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBe(24 * 60 * 60);
    expect((await ask('198.51.100.4', 'guess-11@example.com')).status).toBe(200);
    now += 24 * 60 * 60_000 + 1;
    expect((await ask('203.0.113.7', 'guess-12@example.com')).status).toBe(200);
  });

  it('a customer without a date of birth on record is checked by name only', async () => {
    expect(await call('passwordChangeRequest', { email: 'simple@brand3.test', firstName: 'ana', lastName: 'demo 3', dob: '2000-01-01' })).toMatchObject({ verificationStatus: 'approved' });
  });

  it('guessing the code by changing the password counts as wrong codes: after five, the right code no longer works (issue 46)', async () => {
    const login = 'recovery@brand5.test';
    await call('passwordChangeRequest', { email: login, firstName: 'Ana', lastName: 'Demo 5', dob: '1988-07-14' });
    const code = (await outboxOf(login))[0]!.code!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await call('passwordChangeWithCode', { email: login, code: wrongCode, password: 'New-pass-2026' })).responseCode).toBe('VF');
    expect((await call('passwordChangeWithCode', { email: login, code, password: 'New-pass-2026' })).responseCode).toBe('VF');
    expect((await signIn(login, 'Demo-pass-1')).status).toBe(200);
  });

  it('a new password ends every session of the account: its refresh tokens and access tokens are refused (issue 46)', async () => {
    const login = 'recovery@brand6.test';
    const session = (await (await signIn(login, 'Demo-pass-1')).json()) as { accessToken: string; refreshToken: string };
    expect(session.refreshToken).toEqual(expect.any(String));
    await call('passwordChangeRequest', { email: login, firstName: 'Ana', lastName: 'Demo 6', dob: '1988-07-14' });
    const code = (await outboxOf(login))[0]!.code!;
    expect((await call('passwordChangeWithCode', { email: login, code, password: 'New-pass-2026' })).responseCode).toBe('00');
    expect((await post('/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    const info = await fetch(`${sb.url}/main/?method=customerInfo`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.accessToken}` }, body: JSON.stringify({ method: 'customerInfo' }) });
    expect(info.status).toBe(401);
  });

  it('a code expires after 15 minutes; five wrong codes end the task', async () => {
    const login = 'recovery@brand4.test';
    const asked = await call('passwordChangeRequest', { email: login, firstName: 'Ana', lastName: 'Demo 4', dob: '1988-07-14' });
    const code = (await outboxOf(login))[0]!.code!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const check = (value: string) => call('passwordChangeCodeCheck', { taskId: asked.taskId, emailId: asked.emailId, email: login, code: value });
    for (let i = 0; i < 5; i++) expect((await check(wrongCode)).emailCodeIsValid).toBe(false);
    expect(await check(code)).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'code', description: 'Too many wrong codes. Ask for a new code.' }] });
    expect((await call('passwordChangeWithCode', { email: login, code, password: 'New-pass-2026' })).responseCode).toBe('VF');
    const again = await call('passwordChangeRequest', { email: login, firstName: 'Ana', lastName: 'Demo 4', dob: '1988-07-14' });
    const fresh = (await outboxOf(login))[0]!.code!;
    now += 15 * 60_000 + 1;
    expect(await call('passwordChangeCodeCheck', { taskId: again.taskId, emailId: again.emailId, email: login, code: fresh })).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ param: 'code', description: 'The code has expired. Ask for a new code.' }],
    });
    expect(await call('passwordChangeWithCode', { email: login, code: fresh, password: 'New-pass-2026' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'code' }] });
  });

  it('five requests per e-mail in 15 minutes, then 429 with Retry-After', async () => {
    const body = { email: 'recovery@brand5.test', firstName: 'Ana', lastName: 'Demo 5', dob: '1988-07-14' };
    for (let i = 0; i < 5; i++) expect((await main('passwordChangeRequest', body)).status).toBe(200);
    const limited = await main('passwordChangeRequest', body);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(15 * 60);
    now += 15 * 60_000 + 1;
    expect((await main('passwordChangeRequest', body)).status).toBe(200);
  });
});

describe('activation by hand (sandbox)', () => {
  it('an activation code takes five wrong tries, then even the right one is refused until a new code is sent (issue 46)', async () => {
    const login = 'inactive@brand3.test';
    const used = 'This code can no longer be used. Ask for a new code: we will e-mail it to you.';
    const attempt = async (activationCode: string) => (await call('activateAccount', { username: login, activationCode })).validationErrors?.[0]?.description as string | undefined;
    for (let i = 0; i < 4; i++) expect(await attempt(`00000${i}`)).toBe('The activation code is not correct or has expired');
    expect(await attempt('000009')).toBe(used);
    expect(await attempt('246810')).toBe(used);
    expect(await call('resendActivationCode', { email: login })).toEqual({ responseCode: '00' });
    const [mail] = await outboxOf(login);
    expect(await attempt('000000')).toBe('The activation code is not correct or has expired');
    expect((await call('activateAccount', { username: login, activationCode: mail!.code })).accessToken).toBeTruthy();
  });

  it('an activation code lives 72 hours (issue 46); the refusal is in the request’s language', async () => {
    const login = 'inactive-employee@brand4.test';
    expect(await call('resendActivationCode', { email: login })).toEqual({ responseCode: '00' });
    const [mail] = await outboxOf(login);
    now += 72 * 60 * 60_000 + 1;
    const late = await call('activateEmployee', { email: login, activationCode: mail!.code });
    expect(late.validationErrors[0]).toMatchObject({ param: 'activationCode', description: 'This code can no longer be used. Ask for a new code: we will e-mail it to you.' });
    expect(await call('resendActivationCode', { email: login })).toEqual({ responseCode: '00' });
    const [fresh] = await outboxOf(login);
    expect(fresh!.code).not.toBeNull();
    expect((await call('activateEmployee', { email: login, activationCode: fresh!.code })).accessToken).toBeTruthy();
  });

  it('resend activation code: a new code replaces the old one; the typed code activates; an unknown or active e-mail gets the same answer, nothing sent', async () => {
    const login = 'inactive@brand2.test';
    expect(await call('resendActivationCode', { email: 'Inactive@Brand2.test' })).toEqual({ responseCode: '00' });
    const [mail] = await outboxOf(login);
    expect(mail!.code).toMatch(/^\d{6}$/);
    expect(mail!.link).toContain(`code=${mail!.code}`);
    expect((await call('activateAccount', { username: login, activationCode: '246810' })).responseCode).toBe('VF');
    const activated = await call('activateAccount', { username: login, activationCode: mail!.code });
    expect(activated.accessToken).toBeTruthy();
    const before = (sb.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
    expect(await call('resendActivationCode', { email: login })).toEqual({ responseCode: '00' });
    expect(await call('resendActivationCode', { email: 'nobody@example.com' })).toEqual({ responseCode: '00' });
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n).toBe(before);
  });

  it('a business activation code sent again carries its own kind of link; three per 15 minutes, then 429', async () => {
    const login = 'inactive-business@brand1.test';
    for (let i = 0; i < 3; i++) expect((await main('resendActivationCode', { email: login })).status).toBe(200);
    expect((await outboxOf(login))[0]!.link).toContain('action=activationBusiness');
    const limited = await main('resendActivationCode', { email: login });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
