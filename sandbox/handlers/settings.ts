import { randomBytes, randomInt } from 'node:crypto';
import { passwordChangeProblems, type PasswordChangeProblem, type TwoStepMode } from '../../machines/settings/settings.rules.ts';
import { smsNumberOf } from '../approvals.ts';
import { authText, pickLanguage } from '../auth-messages.ts';
import { transaction, type Db } from '../db.ts';
import type { AuthHandlerMap, HandlerMap, HandlerReply } from '../handler-types.ts';
import { idempotent, requestHash } from '../kernel/ledger.ts';
import { ok, refusedListed, vf, vfMany, type Issue } from '../kernel/replies.ts';
import { clearFailures, LOGIN_THROTTLE, lockedFor, recordFailure } from '../login-throttle.ts';
import { unprocessable } from '../messages.ts';
import { hashPassword } from '../passwords.ts';
import { issueProof, moveProofs, proofRefusal } from '../reauth.ts';
import { familyOf, familyOfToken } from '../tokens.ts';
import { refuse, samePassword } from './auth.ts';

/**
 * Security settings (spec 001 s5, s7 Settings, s8; issue 49, docs/decisions.md "Settings and
 * security: the calls (issue 49)"):
 *
 * - Re-authentication, POST /auth/check-password (an extension): the password, and with two-step
 *   verification on a second step with the second factor's code, answer a proof (sandbox/reauth.ts).
 *   Wrong passwords and codes count per user (login-throttle's numbers, key `reauth:<id>`): the
 *   fifth within 15 minutes locks the call for 15 minutes (429 with Retry-After).
 * - Two-step verification (login2faMode, customers.two_step_mode): POST
 *   /customer/two-step-verification (mode, requestId; a proof) sends a code; POST
 *   /customer/two-step-verification/{reqId}/confirm (code) sets the mode, sets the sign-in flow to
 *   match (no → simple, sms → sms, otp → otp, push → push: the next sign-in asks for the new second
 *   factor) and rotates the session. Wrong codes count per user (key `twoStep:<id>`): the fifth is a
 *   429, and a new request does not reset the count.
 * - The password change, main-service changePassword (a proof) and changePasswordConfirm (code,
 *   requestKey): the new password is kept hashed with the request until its code confirms it; then
 *   every other session of the user ends, this one goes on.
 *
 * Every code is six digits, sent by SMS to the outbox (GET /__sandbox/outbox) and, for a user with
 * a linked device, shown on the other-device page (GET /__sandbox/device, JSON at
 * /__sandbox/settings-codes); a re-authentication's code goes where the mode sends it (otp and
 * push: the device page only). A request (its reqId or requestKey) belongs to the session that made
 * it and lives SETTINGS_CODE_TTL_MS; a new one of the same kind voids the last. At most
 * SETTINGS_SENDS.max codes of a kind per user in SETTINGS_SENDS.windowMs.
 */
/** The sign-in flow a two-step mode gives (sandbox/handlers/auth.ts login). */
export const FLOW_OF_MODE: Readonly<Record<TwoStepMode, 'simple' | 'sms' | 'otp' | 'push'>> = { no: 'simple', sms: 'sms', otp: 'otp', push: 'push' };
/** The two-step mode of a sign-in flow (the seed's users): sms, otp and push are on, every other flow is off. */
export const modeOfFlow = (flow: string): TwoStepMode => (flow === 'sms' || flow === 'otp' || flow === 'push' ? flow : 'no');

export const SETTINGS_CODE_TTL_MS = 10 * 60_000;
/** A re-authentication's second step waits as long as the proof it leads to lives. */
export const REAUTH_CODE_TTL_MS = 5 * 60_000;
export const SETTINGS_SENDS = { max: 5, windowMs: 15 * 60_000 } as const;
/** Wrong codes that end a password change request. */
export const PASSWORD_CODE_TRIES = 5;

type Kind = 'twoStep' | 'password' | 'reauth';
type Channel = 'sms' | 'otp' | 'push';

interface SettingsChange {
  id: string;
  kind: Kind;
  customer_id: number;
  family: string;
  code: string;
  channel: Channel;
  on_device: number;
  change: string;
  status: 'waiting' | 'done' | 'void';
  attempts: number;
  created: number;
  confirmed_code: string | null;
}

/** A linked device approves sign-ins (the auth profile's scp is push, 000 s3): it shows the settings codes too. */
export function hasLinkedDevice(db: Db, customerId: number): boolean {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string } | undefined;
  return row ? (JSON.parse(row.profile) as { scp?: string }).scp === 'push' : false;
}

export function twoStepModeOf(db: Db, customerId: number): TwoStepMode {
  const row = db.prepare('SELECT two_step_mode FROM customers WHERE id = ?').get(customerId) as { two_step_mode: TwoStepMode } | undefined;
  return row?.two_step_mode ?? 'no';
}

/** Seconds until the user may be sent another code of this kind, or null. */
function sendWait(db: Db, customerId: number, kind: Kind, at: number): number | null {
  const sent = (db.prepare('SELECT created FROM settings_changes WHERE customer_id = ? AND kind = ? AND created > ? ORDER BY created').all(customerId, kind, at - SETTINGS_SENDS.windowMs) as { created: number }[]).map(
    (r) => r.created,
  );
  if (sent.length < SETTINGS_SENDS.max) return null;
  return Math.max(1, Math.ceil((sent[0]! + SETTINGS_SENDS.windowMs - at) / 1000));
}

const SMS_TEXT: Readonly<Record<Kind, string>> = {
  twoStep: 'your code to change two-step verification',
  password: 'your code to change your password',
  reauth: 'your code to confirm it is you',
};

/**
 * A new code of this kind for the user's session (the waiting one of the same kind voided): by SMS
 * to the outbox for the sms channel, and on the other-device page for otp and push, or for an SMS
 * when the user has a linked device.
 */
function sendCode(db: Db, customerId: number, family: string, kind: Kind, channel: Channel, what: object, at: number) {
  const id = `${kind === 'password' ? 'pwd' : kind === 'twoStep' ? 'tsv' : 'rea'}-${randomBytes(12).toString('hex')}`;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const smsIdentifier = String(randomInt(0, 100)).padStart(2, '0');
  const onDevice = channel !== 'sms' || hasLinkedDevice(db, customerId);
  db.prepare("UPDATE settings_changes SET status = 'void' WHERE customer_id = ? AND kind = ? AND status = 'waiting'").run(customerId, kind);
  db.prepare('INSERT INTO settings_changes (id, kind, customer_id, family, code, channel, on_device, change, status, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    id,
    kind,
    customerId,
    family,
    code,
    channel,
    onDevice ? 1 : 0,
    JSON.stringify(what),
    'waiting',
    at,
  );
  const phone = smsNumberOf(customerId);
  if (channel === 'sms') {
    db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, NULL, ?)').run(customerId, phone, `SMS ${smsIdentifier}: ${SMS_TEXT[kind]}`, at, code);
  }
  return { id, code, smsIdentifier, phone };
}

const change = <T>(row: SettingsChange): T => JSON.parse(row.change) as T;

/** The waiting codes the other-device page shows (newest first), with what each confirms. */
export function deviceSettingsCodes(db: Db, at: number, login?: string) {
  const rows = db
    .prepare(
      `SELECT s.*, c.login FROM settings_changes s JOIN customers c ON c.id = s.customer_id
       WHERE s.status = 'waiting' AND s.on_device = 1 AND s.created > (CASE s.kind WHEN 'reauth' THEN ? ELSE ? END) ${login ? 'AND c.login = ?' : ''}
       ORDER BY s.created DESC, s.rowid DESC LIMIT 50`,
    )
    .all(at - REAUTH_CODE_TTL_MS, at - SETTINGS_CODE_TTL_MS, ...(login ? [login] : [])) as unknown as (SettingsChange & { login: string })[];
  return rows.map((r) => ({
    login: r.login,
    kind: r.kind,
    what: r.kind === 'twoStep' ? `two-step verification: ${change<{ mode: string }>(r).mode}` : r.kind === 'password' ? 'password change' : 'confirm it is you',
    code: r.code,
    channel: r.channel,
    sentAt: new Date(r.created).toISOString(),
  }));
}

/** The main service's 429 (the message in the request's language, Retry-After). */
function tooMany(headers: Pick<Headers, 'get'>, key: 'reauthLocked' | 'tooManyCodes', seconds: number): HandlerReply {
  const language = pickLanguage(headers.get('accept-language'));
  return { status: 429, body: { message: authText(language, key, { retrySeconds: seconds }) }, headers: { 'Retry-After': String(seconds), 'Content-Language': language } };
}

interface PasswordRow {
  login: string;
  password_hash: string;
  two_step_mode: TwoStepMode;
}
const passwordRow = (db: Db, customerId: number) => db.prepare('SELECT login, password_hash, two_step_mode FROM customers WHERE id = ?').get(customerId) as PasswordRow | undefined;

const reauthKey = (customerId: number) => `reauth:${customerId}`;
const twoStepKey = (customerId: number) => `twoStep:${customerId}`;

export const settingsAuthHandlers: AuthHandlerMap = {
  /** Re-authentication: the password (and the second factor's code when two-step verification is on) answers a proof. */
  checkPassword({ db, customerId, headers, body, now }) {
    const at = now();
    const family = familyOf(headers);
    const row = customerId === null ? undefined : passwordRow(db, customerId);
    if (customerId === null || !family || !row) return refuse(headers, 401, 'sessionExpired');
    const key = reauthKey(customerId);
    const locked = lockedFor(db, key, at);
    if (locked !== null) return refuse(headers, 429, 'reauthLocked', {}, locked);
    const wrong = (what: 'PASSWORD' | 'OTP') =>
      recordFailure(db, key, at) ? refuse(headers, 429, 'reauthLocked', {}, LOGIN_THROTTLE.windowSeconds) : refuse(headers, 401, what === 'PASSWORD' ? 'wrongPassword' : 'wrongCode', { code: what });
    if (!samePassword(row.password_hash, body.password)) return wrong('PASSWORD');
    const mode = row.two_step_mode;
    if (mode !== 'no') {
      if (body.code === undefined) {
        const wait = sendWait(db, customerId, 'reauth', at);
        if (wait !== null) return refuse(headers, 429, 'tooManyCodes', {}, wait);
        transaction(db, () => sendCode(db, customerId, family, 'reauth', mode, {}, at));
        return { status: 200, body: { secondFactor: mode } };
      }
      const pending = db
        .prepare("SELECT * FROM settings_changes WHERE customer_id = ? AND family = ? AND kind = 'reauth' AND status = 'waiting' AND created > ? ORDER BY created DESC LIMIT 1")
        .get(customerId, family, at - REAUTH_CODE_TTL_MS) as SettingsChange | undefined;
      if (!pending || pending.code !== body.code.trim()) return wrong('OTP');
      db.prepare("UPDATE settings_changes SET status = 'done', confirmed_code = ? WHERE id = ?").run(pending.code, pending.id);
    }
    clearFailures(db, key);
    return { status: 200, body: issueProof(db, customerId, family, at) };
  },

  /** A code for a new two-step verification mode (a proof first); the same requestId answers the same. */
  twoStepVerificationRequest(ctx) {
    const refusal = proofRefusal(ctx);
    if (refusal) return refusal;
    const { db, headers, body, now } = ctx;
    const customerId = ctx.customerId!;
    const family = familyOf(headers)!;
    const at = now();
    const locked = lockedFor(db, twoStepKey(customerId), at);
    if (locked !== null) return refuse(headers, 429, 'codesLocked', {}, locked);
    const hash = requestHash(body);
    const method = 'twoStepVerificationRequest';
    return transaction(db, () => {
      const kept = db.prepare('SELECT method, body_hash, reply FROM idempotent_replies WHERE customer_id = ? AND request_id = ?').get(customerId, body.requestId) as
        | { method: string; body_hash: string; reply: string }
        | undefined;
      if (kept) {
        if (kept.method !== method) return unprocessable(headers, 'requestIdOtherCall', 'requestId');
        if (kept.body_hash !== hash) return unprocessable(headers, 'requestIdOtherDetails', 'requestId');
        return { status: 200, body: JSON.parse(kept.reply) as unknown };
      }
      const current = twoStepModeOf(db, customerId);
      if (body.mode === current) return refuse(headers, 422, 'twoStepSameMode');
      if (body.mode === 'otp') return refuse(headers, 422, 'twoStepOtpNotOffered');
      if (body.mode === 'push' && !hasLinkedDevice(db, customerId)) return refuse(headers, 422, 'twoStepNoDevice');
      const wait = sendWait(db, customerId, 'twoStep', at);
      if (wait !== null) return refuse(headers, 429, 'tooManyCodes', {}, wait);
      const sent = sendCode(db, customerId, family, 'twoStep', 'sms', { mode: body.mode }, at);
      const reply = { reqId: sent.id, phoneNumber: sent.phone, smsIdentifier: sent.smsIdentifier };
      db.prepare('INSERT INTO idempotent_replies (customer_id, request_id, method, body_hash, reply) VALUES (?, ?, ?, ?, ?)').run(customerId, body.requestId, method, hash, JSON.stringify(reply));
      return { status: 200, body: reply };
    });
  },

  /** The code sets the mode (and the sign-in flow with it) and rotates the session. */
  async twoStepVerificationConfirm({ db, tokens, customerId, headers, params, body, now }) {
    const at = now();
    const family = familyOf(headers);
    if (customerId === null || !family) return refuse(headers, 401, 'sessionExpired');
    const key = twoStepKey(customerId);
    const locked = lockedFor(db, key, at);
    if (locked !== null) return refuse(headers, 429, 'codesLocked', {}, locked);
    const row = db.prepare("SELECT * FROM settings_changes WHERE id = ? AND kind = 'twoStep'").get(params.reqId) as SettingsChange | undefined;
    if (!row || row.customer_id !== customerId || row.family !== family || row.status !== 'waiting') return refuse(headers, 400, 'settingsCodeVoid');
    if (at - row.created > SETTINGS_CODE_TTL_MS) {
      db.prepare("UPDATE settings_changes SET status = 'void' WHERE id = ?").run(row.id);
      return refuse(headers, 400, 'settingsCodeVoid');
    }
    if (body.code.trim() !== row.code) {
      db.prepare('UPDATE settings_changes SET attempts = attempts + 1 WHERE id = ?').run(row.id);
      if (recordFailure(db, key, at)) {
        db.prepare("UPDATE settings_changes SET status = 'void' WHERE id = ?").run(row.id);
        return refuse(headers, 429, 'codesLocked', {}, LOGIN_THROTTLE.windowSeconds);
      }
      return refuse(headers, 400, 'wrongCode', { code: 'OTP' });
    }
    const { mode } = change<{ mode: TwoStepMode }>(row);
    transaction(db, () => {
      db.prepare('UPDATE customers SET two_step_mode = ?, auth_flow = ? WHERE id = ?').run(mode, FLOW_OF_MODE[mode], customerId);
      db.prepare("UPDATE settings_changes SET status = 'done', confirmed_code = ? WHERE id = ?").run(row.code, row.id);
      clearFailures(db, key);
    });
    // The session goes on under new tokens; what it was doing (a proof, a waiting change) goes with it.
    const renewed = await tokens.renewSession(customerId, family);
    const next = familyOfToken(renewed.accessToken)!;
    transaction(db, () => {
      moveProofs(db, family, next);
      db.prepare("UPDATE settings_changes SET family = ? WHERE family = ? AND status = 'waiting'").run(next, family);
    });
    return { status: 200, body: { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken } };
  },
};

/** The service's words for each problem of the password change's rule (machines/settings/settings.rules.ts, the app's too). */
const PASSWORD_PROBLEM_TEXTS: Readonly<Record<PasswordChangeProblem, Partial<Record<'password' | 'passwordNew' | 'passwordNewRepeat', string>>>> = {
  required: { password: 'Enter your current password', passwordNew: 'Use 8 to 128 characters with a letter and a digit', passwordNewRepeat: 'Repeat the new password' },
  weakPassword: { passwordNew: 'Use 8 to 128 characters with a letter and a digit' },
  sameAsCurrent: { passwordNew: 'The new password must differ from the current one' },
  mismatch: { passwordNewRepeat: 'The two passwords are not the same' },
};

/** The rules of a new password (001 s5), answered VF by param, all at once. */
function passwordIssues(body: { password: string; passwordNew: string; passwordNewRepeat: string }): Issue[] {
  return Object.entries(passwordChangeProblems(body)).map(([param, problem]) => ({
    param,
    description: PASSWORD_PROBLEM_TEXTS[problem][param as 'password' | 'passwordNew' | 'passwordNewRepeat'] ?? 'Check this field',
  }));
}

const PASSWORD_CHANGE_ENDED = 'This password change has ended: start again';

export const settingsHandlers: HandlerMap = {
  /** The new password waits for its code (a proof first; idempotent on requestId). */
  changePassword: idempotent(
    'changePassword',
    (ctx) => {
      const { db, body, headers } = ctx;
      const customerId = ctx.customerId!;
      const at = ctx.now();
      const issues = passwordIssues(body);
      if (issues.length) return vfMany(issues);
      const row = passwordRow(db, customerId)!;
      const key = reauthKey(customerId);
      const locked = lockedFor(db, key, at);
      if (locked !== null) return tooMany(headers, 'reauthLocked', locked);
      if (!samePassword(row.password_hash, body.password)) {
        return recordFailure(db, key, at) ? tooMany(headers, 'reauthLocked', LOGIN_THROTTLE.windowSeconds) : vf('password', 'The current password is not correct');
      }
      const wait = sendWait(db, customerId, 'password', at);
      if (wait !== null) return tooMany(headers, 'tooManyCodes', wait);
      const passwordHash = hashPassword(body.passwordNew, randomBytes(8).toString('hex'));
      const sent = sendCode(db, customerId, familyOf(headers)!, 'password', 'sms', { passwordHash }, at);
      return ok({ requestKey: sent.id, approvalSentTo: sent.phone, smsIdentifier: sent.smsIdentifier });
    },
    { refusal: (ctx) => proofRefusal(ctx) },
  ),

  /** The code changes the password and ends every other session; a repeat of the success answers the same. */
  changePasswordConfirm: (ctx) => {
    const { db, body, headers, tokens } = ctx;
    const customerId = ctx.customerId!;
    const at = ctx.now();
    const family = familyOf(headers);
    const code = body.code.trim();
    const row = db.prepare("SELECT * FROM settings_changes WHERE id = ? AND kind = 'password' AND customer_id = ?").get(body.requestKey, customerId) as SettingsChange | undefined;
    if (row?.status === 'done' && row.confirmed_code === code) return ok();
    if (!row || !family || row.status !== 'waiting' || row.family !== family) return refusedListed(PASSWORD_CHANGE_ENDED);
    if (at - row.created > SETTINGS_CODE_TTL_MS) {
      db.prepare("UPDATE settings_changes SET status = 'void' WHERE id = ?").run(row.id);
      return refusedListed(PASSWORD_CHANGE_ENDED);
    }
    if (code !== row.code) {
      const attempts = row.attempts + 1;
      db.prepare(`UPDATE settings_changes SET attempts = ?${attempts >= PASSWORD_CODE_TRIES ? ", status = 'void'" : ''} WHERE id = ?`).run(attempts, row.id);
      return refusedListed(attempts >= PASSWORD_CODE_TRIES ? 'Too many wrong codes: change the password again' : 'The code is not right');
    }
    const { passwordHash } = change<{ passwordHash: string }>(row);
    return transaction(db, () => {
      const { login } = passwordRow(db, customerId)!;
      db.prepare('UPDATE customers SET password_hash = ? WHERE id = ?').run(passwordHash, customerId);
      db.prepare("UPDATE settings_changes SET status = 'done', confirmed_code = ? WHERE id = ?").run(code, row.id);
      // Whoever knew the old password is signed out everywhere else; this session goes on.
      tokens.revokeOthers(customerId, family);
      clearFailures(db, login);
      clearFailures(db, reauthKey(customerId));
      return ok();
    });
  },
};
