// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { DEMO_USERS } from '../../sandbox/seed.ts';
import { EMAIL_CODE, EMAIL_CODE_SUBJECT, MAX_COMPANY_EMAILS } from '../../sandbox/company-emails-store.ts';
import { EMAILS_LOCAL, SEEDED_EMAIL_CODE } from '../../sandbox/seed-company-emails.ts';
import {
  ADMIN_READS_ONLY,
  CODE_USED_UP,
  CODE_WRONG,
  CONFIRM_FIRST,
  CONFIRMED_ALREADY,
  EMAIL_CHANGED,
  FULL_ACCESS_ONLY,
  NO_SUCH_EMAIL,
  NOT_A_COMPANY,
  PRIMARY_ALREADY,
  PRIMARY_NOT_DELETED,
  TOO_MANY_CODES,
  TOO_MANY_EMAILS,
} from '../../sandbox/handlers/company-emails.ts';
import { applyPermissionChange, permissionChangeOf, storePermissionChange } from '../../sandbox/permission-changes.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * The company's e-mails (issue 54, sandbox/handlers/company-emails.ts, sandbox/company-emails-store.ts,
 * sandbox/seed-company-emails.ts): who reads them (anyone who may act for the company) and who
 * changes them (a full-access user; admins read); add with its field errors, the limit and once per
 * requestId; the code from the outbox, its wrong tries, its 30 minutes and the codes an hour;
 * delete; a new primary as a permission change confirmed at once for a company with one
 * full-access user and no approval mode (business@); company.changed to the company and its users;
 * the sign-in state restoring the seeded e-mails. Bodies are sent as plain JSON (the code is text).
 * A new primary that another full-access user approves is tests/sandbox/company-people.test.ts's.
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const MINUTE = 60_000;
/** The sandbox's clock: it only moves forward. */
let clock = Date.parse('2026-12-01T09:00:00Z');

let sb: Sandbox;
let requestCount = 0;
const requestId = (tag = 'email') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

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

/** A main-service call as plain JSON: its status, body and Retry-After. */
async function main(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await post(`/main/?method=${method}`, { method, ...body }, { Authorization: `Bearer ${await tokenOf(login)}`, ...headers });
  return { status: res.status, body: (await res.json()) as any, retryAfter: res.headers.get('retry-after') };
}
/** A call that must answer 200: its body. */
async function call(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any> {
  const reply = await main(login, method, body, headers);
  if (reply.status !== 200) throw new Error(`${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });
const DENIED = refusal('You cannot act for this customer', 'ENOA');
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const OK = { responseCode: '00' };

const OWNER = 'business@brand1.test';
/** Reads business@'s company (access right 1). */
const READER = 'two-companies@brand1.test';
/** company-b@'s user with full access (2); nobody of business@'s company. */
const OUTSIDER = 'company-b-user@brand1.test';
const ADMIN = 'admin@brand1.test';

/** The company's e-mails as the login reads them (for the company of `companyLogin`). */
const emails = async (login: string, companyLogin = login) => (await call(login, 'companyEmailInquiry', { fromCustomerId: idOf(companyLogin) })).emails as any[];
const add = (login: string, email: string, id = requestId(), companyLogin = login) => call(login, 'companyEmailAdd', { email, requestId: id, fromCustomerId: idOf(companyLogin) });
const confirm = (login: string, emailId: number, confirmationCode: string) => call(login, 'companyEmailConfirm', { emailId, confirmationCode });
const resend = (login: string, emailId: number) => main(login, 'companyEmailConfirmRequest', { emailId });
const remove = (login: string, emailId: number, id = requestId()) => call(login, 'companyEmailDelete', { emailId, requestId: id });

/** The codes sent to an address, newest first (the outbox of the company's login). */
async function codesTo(companyLogin: string, address: string): Promise<string[]> {
  const { messages } = (await (await fetch(`${sb.url}/__sandbox/outbox?login=${encodeURIComponent(companyLogin)}`)).json()) as { messages: { to: string; subject: string; code: string | null }[] };
  return messages.filter((m) => m.to === address && m.subject === EMAIL_CODE_SUBJECT).map((m) => m.code!);
}
const lastCode = async (companyLogin: string, address: string) => (await codesTo(companyLogin, address))[0]!;
/** A wrong code for this right one. */
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-company-emails-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 30 * 86_400 });
});
afterAll(() => sb.close());
afterEach(() => vi.restoreAllMocks());

describe('companyEmailInquiry: who reads the e-mails (issue 54)', () => {
  it('the owner: the login, primary and confirmed (seeded with the id company × 100 + 1)', async () => {
    expect(await emails(OWNER)).toEqual([{ id: idOf(OWNER) * 100 + 1, email: OWNER, status: 'Primary', confirmed: true, codeSentAt: null }]);
  });

  it('an authorised user with read rights reads them and cannot add; an admin who administers the company reads them and changes nothing', async () => {
    const company = idOf(OWNER);
    expect(await emails(READER, OWNER)).toEqual(await emails(OWNER));
    expect(await add(READER, 'reader@example.com', requestId(), OWNER)).toEqual(refusal(FULL_ACCESS_ONLY));
    expect(await emails(ADMIN, OWNER)).toEqual(await emails(OWNER));
    expect(await add(ADMIN, 'admin@example.com', requestId(), OWNER)).toEqual(refusal(ADMIN_READS_ONLY));
    const primaryId = company * 100 + 1;
    expect(await call(ADMIN, 'companyEmailDelete', { emailId: primaryId, requestId: requestId(), fromCustomerId: company })).toEqual(refusal(ADMIN_READS_ONLY));
    expect(await call(READER, 'companyEmailConfirmRequest', { emailId: primaryId, fromCustomerId: company })).toEqual(refusal(FULL_ACCESS_ONLY));
    expect(await call(READER, 'companyEmailSetPrimary', { emailId: primaryId, requestId: requestId(), fromCustomerId: company })).toEqual(refusal(FULL_ACCESS_ONLY));
    expect((await emails(OWNER)).length).toBe(1);
  });

  it('someone who may not act for the company is refused (ENOA); a person has no company e-mails (UE, in the page’s language)', async () => {
    expect(await call(OUTSIDER, 'companyEmailInquiry', { fromCustomerId: idOf(OWNER) })).toEqual(DENIED);
    expect(await call(OUTSIDER, 'companyEmailAdd', { email: 'x@example.com', requestId: requestId(), fromCustomerId: idOf(OWNER) })).toEqual(DENIED);
    expect(await call('personal@brand1.test', 'companyEmailInquiry')).toEqual(refusal(NOT_A_COMPANY));
    expect(await call('personal@brand1.test', 'companyEmailInquiry', {}, { 'Accept-Language': 'ru' })).toEqual(refusal(SANDBOX_TEXTS.ru[NOT_A_COMPANY]!));
  });

  it('an authorised user whose access right is 2 changes them (company-b-user@ for company-b@)', async () => {
    const { emailId } = await add(OUTSIDER, 'desk@harbour.example', requestId(), 'company-b@brand1.test');
    expect(await emails('company-b@brand1.test')).toEqual([
      { id: idOf('company-b@brand1.test') * 100 + 1, email: 'company-b@brand1.test', status: 'Primary', confirmed: true, codeSentAt: null },
      { id: emailId, email: 'desk@harbour.example', status: null, confirmed: false, codeSentAt: new Date(clock).toISOString() },
    ]);
  });

  it('an owner whose own access another full-access user lowered (owner_access) reads them and changes nothing', async () => {
    const owner = 'company-b@brand4.test';
    sb.db.prepare('INSERT INTO owner_access (company_id, access_rights, permissions) VALUES (?, 1, ?)').run(idOf(owner), JSON.stringify({ balanceInfo: 1, transfers: 1, history: 1, merchant: 0 }));
    try {
      expect(await emails(owner)).toHaveLength(1);
      expect(await add(owner, 'lowered@example.com')).toEqual(refusal(FULL_ACCESS_ONLY));
    } finally {
      sb.db.prepare('DELETE FROM owner_access WHERE company_id = ?').run(idOf(owner));
    }
    expect((await add(owner, 'lowered@example.com')).responseCode).toBe('00');
  });

  it('a business without any row yet gets its login as its primary the first time they are read', async () => {
    const company = idOf('company-b@brand2.test');
    sb.db.prepare('DELETE FROM company_emails WHERE company_id = ?').run(company);
    const [primary, ...rest] = await emails('company-b@brand2.test');
    expect(rest).toEqual([]);
    expect(primary).toMatchObject({ email: 'company-b@brand2.test', status: 'Primary', confirmed: true, codeSentAt: null });
    expect(primary.id).toBeGreaterThan(idOf('company-b@brand2.test') * 100);
  });

  it.runIf(DEMO_USERS.some((u) => u.local === EMAILS_LOCAL))('company-access@: its login, billing@ confirmed, ops@ unconfirmed with the seeded code in the outbox', async () => {
    const login = `${EMAILS_LOCAL}@brand1.test`;
    const base = idOf(login) * 100;
    expect(await emails(login)).toEqual([
      { id: base + 1, email: login, status: 'Primary', confirmed: true, codeSentAt: null },
      { id: base + 2, email: 'billing@company-access.test', status: null, confirmed: true, codeSentAt: null },
      { id: base + 3, email: 'ops@company-access.test', status: null, confirmed: false, codeSentAt: expect.any(String) },
    ]);
    expect(await codesTo(login, 'ops@company-access.test')).toEqual([SEEDED_EMAIL_CODE]);
  });
});

describe('companyEmailAdd (issue 54)', () => {
  it('the 002 s5 rule and the addresses the company has: VF email', async () => {
    expect(vfOf(await add(OWNER, '   '))).toEqual([['email', 'Enter an e-mail address']]);
    expect(vfOf(await add(OWNER, 'a@b.c'))).toEqual([['email', 'Enter a valid e-mail address']]);
    expect(vfOf(await add(OWNER, 'office@example'))).toEqual([['email', 'Enter a valid e-mail address']]);
    expect(vfOf(await add(OWNER, ' BUSINESS@Brand1.test '))).toEqual([['email', 'The company has this e-mail already']]);
    expect(vfOf(await add(OWNER, '', requestId(), OWNER))).toEqual([['email', 'Enter an e-mail address']]);
  });

  it('added unconfirmed (trimmed), a code to the address in the outbox, which confirms it; the company and its users hear company.changed', async () => {
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    const { responseCode, emailId } = await add(OWNER, '  Finance@Example.com ');
    expect(responseCode).toBe('00');
    expect((await emails(OWNER)).at(-1)).toEqual({ id: emailId, email: 'Finance@Example.com', status: null, confirmed: false, codeSentAt: new Date(clock).toISOString() });
    const code = await lastCode(OWNER, 'Finance@Example.com');
    expect(code).toMatch(/^\d{6}$/);
    // Another case of the same address is the same address.
    expect(vfOf(await add(OWNER, 'finance@example.COM'))).toEqual([['email', 'The company has this e-mail already']]);
    expect(await confirm(OWNER, emailId, code)).toEqual(OK);
    expect((await emails(OWNER)).at(-1)).toEqual({ id: emailId, email: 'Finance@Example.com', status: null, confirmed: true, codeSentAt: null });
    expect(await confirm(OWNER, emailId, code)).toEqual(refusal(CONFIRMED_ALREADY));
    expect(await call(OWNER, 'companyEmailConfirmRequest', { emailId })).toEqual(refusal(CONFIRMED_ALREADY));
    const company = idOf(OWNER);
    const heard = told.mock.calls.filter(([, message]) => (message as { type: string }).type === 'company.changed');
    const audience = (sb.db.prepare('SELECT user_id FROM authorized_users WHERE company_id = ? ORDER BY rowid').all(company) as { user_id: number }[]).map((r) => r.user_id);
    // Added, then confirmed: each time the company and each of its users.
    expect(heard.map(([id]) => id)).toEqual([company, ...audience, company, ...audience]);
    expect(heard[0]![1]).toMatchObject({ type: 'company.changed', customerId: company, id: expect.stringMatching(/^company-/) });
  });

  it('once per requestId: the same request twice adds one e-mail; other details with it: 422', async () => {
    const id = requestId('twice');
    const first = await add(OWNER, 'twice@example.com', id);
    expect(await add(OWNER, 'twice@example.com', id)).toEqual(first);
    expect((await emails(OWNER)).filter((e) => e.email === 'twice@example.com')).toHaveLength(1);
    expect(await codesTo(OWNER, 'twice@example.com')).toHaveLength(1);
    const other = await post('/main/?method=companyEmailAdd', { method: 'companyEmailAdd', email: 'other@example.com', requestId: id }, { Authorization: `Bearer ${await tokenOf(OWNER)}` });
    expect({ status: other.status, param: ((await other.json()) as any).validationErrors?.[0]?.param }).toEqual({ status: REUSED_WITH_OTHER_DETAILS.status, param: 'requestId' });
  });

  it(`at most ${MAX_COMPANY_EMAILS} e-mails a company (UE)`, async () => {
    const owner = 'company-b@brand3.test';
    for (let n = 2; n <= MAX_COMPANY_EMAILS; n += 1) expect((await add(owner, `box${n}@example.com`)).responseCode).toBe('00');
    expect(await emails(owner)).toHaveLength(MAX_COMPANY_EMAILS);
    expect(await add(owner, 'one-more@example.com')).toEqual(refusal(TOO_MANY_EMAILS));
    expect(await add(owner, 'one-more@example.com', requestId(), owner)).toEqual(refusal(TOO_MANY_EMAILS));
  });
});

describe('the confirmation code (issue 54)', () => {
  it('a wrong code counts: the fifth ends the code, even the right one is refused then; a new code (the old one void) confirms', async () => {
    const { emailId } = await add(OWNER, 'wrong@example.com');
    const code = await lastCode(OWNER, 'wrong@example.com');
    for (let n = 1; n < EMAIL_CODE.tries; n += 1) expect(vfOf(await confirm(OWNER, emailId, wrongOf(code)))).toEqual([['confirmationCode', CODE_WRONG]]);
    expect(vfOf(await confirm(OWNER, emailId, wrongOf(code)))).toEqual([['confirmationCode', CODE_USED_UP]]);
    expect(vfOf(await confirm(OWNER, emailId, code))).toEqual([['confirmationCode', CODE_USED_UP]]);
    expect(await resend(OWNER, emailId)).toMatchObject({ status: 200, body: OK });
    const fresh = await lastCode(OWNER, 'wrong@example.com');
    expect(await codesTo(OWNER, 'wrong@example.com')).toHaveLength(2);
    if (fresh !== code) expect(vfOf(await confirm(OWNER, emailId, code))).toEqual([['confirmationCode', CODE_WRONG]]);
    expect(await confirm(OWNER, emailId, fresh)).toEqual(OK);
  });

  it('a code is good for 30 minutes', async () => {
    const { emailId } = await add(OWNER, 'late@example.com');
    const code = await lastCode(OWNER, 'late@example.com');
    clock += EMAIL_CODE.ttlMs;
    expect(vfOf(await confirm(OWNER, emailId, code))).toEqual([['confirmationCode', CODE_USED_UP]]);
    expect((await resend(OWNER, emailId)).status).toBe(200);
    expect((await emails(OWNER)).find((e) => e.id === emailId).codeSentAt).toBe(new Date(clock).toISOString());
    clock += EMAIL_CODE.ttlMs - MINUTE;
    expect(await confirm(OWNER, emailId, await lastCode(OWNER, 'late@example.com'))).toEqual(OK);
  });

  it('at most 5 codes an hour to an address, the add’s among them: then 429 with Retry-After until the oldest is an hour old', async () => {
    const { emailId } = await add(OWNER, 'often@example.com');
    const start = clock;
    for (let n = 2; n <= EMAIL_CODE.perHour; n += 1) {
      clock += MINUTE;
      expect((await resend(OWNER, emailId)).status).toBe(200);
    }
    clock += MINUTE;
    const limited = await resend(OWNER, emailId);
    expect(limited).toEqual({ status: 429, body: { message: TOO_MANY_CODES }, retryAfter: String((start + EMAIL_CODE.windowMs - clock) / 1000) });
    expect((await resend(OWNER, emailId)).status).toBe(429);
    expect(await codesTo(OWNER, 'often@example.com')).toHaveLength(EMAIL_CODE.perHour);
    // Deleted and added again, the address keeps its hour's codes.
    expect(await remove(OWNER, emailId)).toEqual(OK);
    expect((await main(OWNER, 'companyEmailAdd', { email: 'often@example.com', requestId: requestId() })).status).toBe(429);
    clock = start + EMAIL_CODE.windowMs;
    const again = await add(OWNER, 'often@example.com');
    expect(again.responseCode).toBe('00');
    expect((await resend(OWNER, again.emailId)).status).toBe(429);
    clock += MINUTE;
    expect((await resend(OWNER, again.emailId)).status).toBe(200);
  });

  it('an e-mail the company does not have: UE', async () => {
    const other = (await emails('company-b@brand1.test'))[0].id;
    expect(await confirm(OWNER, other, '123456')).toEqual(refusal(NO_SUCH_EMAIL));
    expect(await call(OWNER, 'companyEmailConfirmRequest', { emailId: 999_999 })).toEqual(refusal(NO_SUCH_EMAIL));
    expect(await remove(OWNER, other)).toEqual(refusal(NO_SUCH_EMAIL));
  });
});

describe('companyEmailDelete (issue 54)', () => {
  it('never the primary; any other, once per requestId; the company and its users hear company.changed', async () => {
    const company = idOf(OWNER);
    expect(await remove(OWNER, company * 100 + 1)).toEqual(refusal(PRIMARY_NOT_DELETED));
    const { emailId } = await add(OWNER, 'gone@example.com');
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    const id = requestId('delete');
    expect(await remove(OWNER, emailId, id)).toEqual(OK);
    expect(told.mock.calls.some(([to, message]) => to === company && (message as { type: string }).type === 'company.changed')).toBe(true);
    expect((await emails(OWNER)).some((e) => e.id === emailId)).toBe(false);
    // The same request again: the first reply, nothing more.
    expect(await remove(OWNER, emailId, id)).toEqual(OK);
    expect(await remove(OWNER, emailId)).toEqual(refusal(NO_SUCH_EMAIL));
  });
});

describe('companyEmailSetPrimary (issue 54)', () => {
  it('only a confirmed e-mail that is not the primary already (UE)', async () => {
    const { emailId } = await add(OWNER, 'unconfirmed@example.com');
    expect(await call(OWNER, 'companyEmailSetPrimary', { emailId, requestId: requestId() })).toEqual(refusal(CONFIRM_FIRST));
    expect(await call(OWNER, 'companyEmailSetPrimary', { emailId: idOf(OWNER) * 100 + 1, requestId: requestId() })).toEqual(refusal(PRIMARY_ALREADY));
  });

  it('business@ (one full-access user, no approval mode): the new primary at once, once per requestId; the old one stays, confirmed, and may go', async () => {
    const company = idOf(OWNER);
    const { emailId } = await add(OWNER, 'new-primary@example.com');
    expect(await confirm(OWNER, emailId, await lastCode(OWNER, 'new-primary@example.com'))).toEqual(OK);
    const id = requestId('primary');
    const reply = await call(OWNER, 'companyEmailSetPrimary', { emailId, requestId: id });
    expect(reply).toMatchObject({ responseCode: '00', approveType: 'none' });
    expect(reply.changeRequestId).toBeUndefined();
    const list = await emails(OWNER);
    expect(list[0]).toEqual({ id: emailId, email: 'new-primary@example.com', status: 'Primary', confirmed: true, codeSentAt: null });
    expect(list.filter((e) => e.status === 'Primary')).toHaveLength(1);
    expect(list.find((e) => e.id === company * 100 + 1)).toMatchObject({ email: OWNER, status: null, confirmed: true });
    expect(await call(OWNER, 'companyEmailSetPrimary', { emailId, requestId: id })).toEqual(reply);
    expect(await remove(OWNER, emailId)).toEqual(refusal(PRIMARY_NOT_DELETED));
    // The login is an e-mail like another now, and the primary goes back to it.
    expect(await call(OWNER, 'companyEmailSetPrimary', { emailId: company * 100 + 1, requestId: requestId() })).toMatchObject({ responseCode: '00' });
    expect((await emails(OWNER))[0].id).toBe(company * 100 + 1);
  });
});

describe('the new primary’s applier (sandbox/permission-changes.ts applies a change approved later)', () => {
  it('the e-mail must still be the company’s and confirmed: else the change fails (409)', async () => {
    const company = idOf(OWNER);
    const { emailId } = await add(OWNER, 'applier@example.com');
    const waiting = (id: number) =>
      storePermissionChange(sb.db, {
        companyId: company,
        kind: 'primaryEmail',
        status: 'awaitingApproval',
        authorId: company,
        targetUserId: null,
        representativeId: null,
        emailId: id,
        targetName: 'applier@example.com',
        before: null,
        after: null,
        targetVersion: null,
        createdAt: new Date(clock).toISOString(),
      });
    const unconfirmed = waiting(emailId);
    expect(applyPermissionChange(sb.db, unconfirmed, clock)).toEqual({ ok: false, status: 409, reason: EMAIL_CHANGED });
    expect(permissionChangeOf(sb.db, unconfirmed)).toMatchObject({ status: 'failed', failureReason: EMAIL_CHANGED });
    expect(await remove(OWNER, emailId)).toEqual(OK);
    expect(applyPermissionChange(sb.db, waiting(emailId), clock)).toEqual({ ok: false, status: 409, reason: EMAIL_CHANGED });
    expect((await emails(OWNER))[0].id).toBe(company * 100 + 1);
  });
});

describe('POST /__sandbox/sign-in-state gives a business its e-mails back as seeded (issue 54)', () => {
  it('business@: only its login again, with the seeded id; the codes gone from the outbox', async () => {
    const { emailId } = await add(OWNER, 'before-reset@example.com');
    expect(emailId).toBeGreaterThan(0);
    expect((await post('/__sandbox/sign-in-state', { userLogin: OWNER })).status).toBe(200);
    tokens.delete(OWNER);
    expect(await emails(OWNER)).toEqual([{ id: idOf(OWNER) * 100 + 1, email: OWNER, status: 'Primary', confirmed: true, codeSentAt: null }]);
    expect(await codesTo(OWNER, 'before-reset@example.com')).toEqual([]);
  });
});
