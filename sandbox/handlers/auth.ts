import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { requesterOf } from '../kernel/requester.ts';
import type { AuthHandlerMap, HandlerReply } from '../handler-types.ts';
import { hashPassword } from '../passwords.ts';
import { authText, pickLanguage, type AuthMessageKey } from '../auth-messages.ts';
import { clearFailures, LOGIN_THROTTLE, lockedFor, recordFailure } from '../login-throttle.ts';
import type { Db } from '../db.ts';
import { recordSignIn, signInAddressRefused } from './security-lists.ts';

/**
 * The auth service: every login flow, token exchange with PKCE, refresh rotation, logout,
 * push re-send and QR deeplink. Demo users and their flows are in seed.ts. A customer whose allowed
 * IP list is on signs in only from an address on it (after the right password; issue 50), and
 * every sign-in that ends with tokens is kept in their login history (sandbox/handlers/security-lists.ts).
 */
export const CURRENT_TERMS = { id: 'terms-2026-11', title: 'Terms of service (November 2026)', text: 'We updated our terms of service. Please read and accept them to continue.' };
const MAX_CODE_ATTEMPTS = 5;
/** How long a sign-in's code can be exchanged (or asked about) after the sign-in began (issue 47). */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
/** Store-link texts per phone number: at most STORE_LINKS_MAX in STORE_LINKS_WINDOW_MS. */
const STORE_LINKS_MAX = 3;
const STORE_LINKS_WINDOW_MS = 10 * 60_000;

/**
 * A refusal with its message in the request's language (sandbox/auth-messages.ts), which
 * Content-Language names; `retryAfter` (seconds) adds the Retry-After of a 429 and fills the
 * message's wait.
 */
export function refuse(headers: Pick<Headers, 'get'>, status: number, key: AuthMessageKey, extra: Record<string, unknown> = {}, retryAfter?: number): HandlerReply {
  const language = pickLanguage(headers.get('accept-language'));
  return {
    status,
    body: { ...extra, message: authText(language, key, retryAfter === undefined ? {} : { retrySeconds: retryAfter }) },
    headers: { 'Content-Language': language, ...(retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) }) },
  };
}

/**
 * A sign-in's one-time code, counted per account (issue 46) across every pending sign-in and the
 * mobile app's path: the wrong codes share the wrong-password limits (sandbox/login-throttle.ts,
 * 5 in 15 minutes, then 15 minutes locked) under the account's own key, so signing in again for a
 * fresh attempt count does not help. While locked even the right code waits (429 with
 * Retry-After); a right code clears the count. Null when the code may pass.
 */
function checkCode(db: Db, customerId: number, right: boolean, at: number, headers: Headers): HandlerReply | null {
  const key = `otp:${customerId}`;
  const locked = lockedFor(db, key, at);
  if (locked !== null) return refuse(headers, 429, 'codesLocked', {}, locked);
  if (right) {
    clearFailures(db, key);
    return null;
  }
  return recordFailure(db, key, at) ? refuse(headers, 429, 'codesLocked', {}, LOGIN_THROTTLE.windowSeconds) : refuse(headers, 401, 'wrongCode', { code: 'OTP' });
}

const base64Url = (buf: Buffer) => buf.toString('base64url');
const s256 = (verifier: string) => base64Url(createHash('sha256').update(verifier).digest());
/** Deterministic per login attempt: derived from its key, readable through /__sandbox/inbox. */
export const otpFor = (key: string) => String(parseInt(createHash('sha256').update(`otp:${key}`).digest('hex').slice(0, 8), 16) % 1_000_000).padStart(6, '0');

export function samePassword(stored: string, given: string): boolean {
  const [salt] = stored.split(':');
  const a = Buffer.from(stored);
  const b = Buffer.from(hashPassword(given, salt));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What an unknown login's password is checked against (no password hashes to it: its salt is unique). */
const UNKNOWN_LOGIN_HASH = hashPassword(randomBytes(16).toString('hex'), 'unknown-login');

interface Customer {
  id: number;
  password_hash: string;
  auth_flow: string;
  migration: string;
  terms_pending: number;
  profile: string;
}

interface Pending {
  key: string;
  customer_id: number;
  flow: string;
  code: string;
  challenge: string | null;
  otp: string | null;
  status: string;
  attempts: number;
  created_at: number;
}

/**
 * The pending sign-in a code stands for, if the code may still be used with this verifier, else the
 * refusal: unknown or older than 10 minutes (issue 47: a link found later in a mail or a history),
 * used up by wrong codes (no Retry-After: the answer is to sign in again), or another verifier.
 * The exchange and the question "whose is it?" (`codeOwner`) ask the same.
 */
function liveSignIn(db: Db, code: string, verifier: string, at: number, headers: Headers): { pending: Pending } | { refusal: HandlerReply } {
  const pending = db.prepare('SELECT * FROM pending_logins WHERE code = ?').get(code) as Pending | undefined;
  if (!pending || at - pending.created_at > SIGN_IN_CODE_TTL_MS) return { refusal: refuse(headers, 401, 'codeUnknown') };
  if (pending.attempts >= MAX_CODE_ATTEMPTS) return { refusal: refuse(headers, 429, 'tooManyAttempts') };
  if (pending.challenge !== s256(verifier)) return { refusal: refuse(headers, 401, 'pkceFailed') };
  return { pending };
}

/**
 * OAuth (SEI) authorisations waiting for the customer's consent (table `sei_authorisations`): the
 * partner's display name, the access it asks for and where the browser goes afterwards. Created by
 * GET /auth/sei/authorize (or the control call); one decision each, within 10 minutes; the code
 * given on consent is bound to the customer who consented (issue 47).
 */
export const SEI_SCOPES = ['accounts.read', 'transactions.read', 'payments.prepare'] as const;
export type SeiScope = (typeof SEI_SCOPES)[number];
const SEI_AUTHORISATION_TTL_MS = 10 * 60_000;
export function createSeiAuthorisation(
  db: Db,
  at: number,
  { client = 'Partner Books', redirectUri = 'https://partner.example/oauth/callback', scopes = ['accounts.read', 'transactions.read'] }: { client?: string; redirectUri?: string; scopes?: readonly SeiScope[] } = {},
): string {
  const id = randomBytes(9).toString('hex');
  db.prepare('INSERT INTO sei_authorisations (id, client_name, scopes, redirect_uri, created_at) VALUES (?, ?, ?, ?, ?)').run(id, client, JSON.stringify(scopes), redirectUri, at);
  return id;
}

interface SeiAuthorisationRow {
  client_name: string;
  scopes: string;
  redirect_uri: string;
}

/** An authorisation still waiting for a decision (not decided, not older than 10 minutes), or undefined. */
function pendingSei(db: Db, id: string, at: number): SeiAuthorisationRow | undefined {
  return db.prepare('SELECT client_name, scopes, redirect_uri FROM sei_authorisations WHERE id = ? AND code IS NULL AND created_at >= ?').get(id, at - SEI_AUTHORISATION_TTL_MS) as
    | SeiAuthorisationRow
    | undefined;
}

/** Store-link texts sent per phone number (then 429 until the oldest leaves the window). */
const storeLinkSends = new Map<string, number[]>();
/** Store-link texts sent per requester, whatever the numbers (issue 46: not a free SMS gateway). */
const storeLinkSendsFrom = new Map<string, number[]>();
const STORE_LINKS_PER_REQUESTER = 10;
const STORE_LINKS_REQUESTER_WINDOW_MS = 60 * 60_000;
/** Pushes sent again for one pending sign-in (issue 46), then the sign-in starts over. */
const MAX_PUSH_RESENDS = 3;

const waitSeconds = (times: number[], windowMs: number, at: number) => Math.max(1, Math.ceil((Math.min(...times) + windowMs - at) / 1000));

export const authHandlers: AuthHandlerMap = {
  /** Where the browser goes to start an authorisation: the app's own /auth/sei page with a new id. */
  seiAuthorize({ db, now, headers }) {
    const origin = headers.get('origin') ?? 'http://127.0.0.1:5173';
    const id = createSeiAuthorisation(db, now());
    return { status: 200, body: { authorizeUrl: `${origin}/auth/sei?authorizationId=${id}` } };
  },

  /** Who asks and for what (an extension, issue 47), while the authorisation waits. */
  seiAuthorizationInfo({ db, now, params, headers }) {
    const pending = pendingSei(db, params.authorizationId, now());
    if (!pending) return refuse(headers, 404, 'authorisationNotFound');
    return { status: 200, body: { clientName: pending.client_name, scopes: JSON.parse(pending.scopes) as SeiScope[] } };
  },

  /** The customer allows it: a code bound to them goes back to the partner; the authorisation is used up. */
  seiAuthorization({ db, now, params, headers, customerId }) {
    const pending = pendingSei(db, params.authorizationId, now());
    if (!pending || customerId === null) return refuse(headers, 404, 'authorisationNotFound');
    const code = randomBytes(16).toString('hex');
    db.prepare('UPDATE sei_authorisations SET customer_id = ?, code = ? WHERE id = ? AND code IS NULL').run(customerId, code, params.authorizationId);
    const target = new URL(pending.redirect_uri);
    target.searchParams.set('code', code);
    return { status: 200, body: { redirect_uri: target.toString() } };
  },

  sendStoreUrls({ body, now, headers }) {
    const at = now();
    const recent = (storeLinkSends.get(body.phoneNumber) ?? []).filter((t) => at - t < STORE_LINKS_WINDOW_MS);
    if (recent.length >= STORE_LINKS_MAX) return refuse(headers, 429, 'tooManyTexts', {}, waitSeconds(recent, STORE_LINKS_WINDOW_MS, at));
    const requester = requesterOf(headers);
    const fromHere = (storeLinkSendsFrom.get(requester) ?? []).filter((t) => at - t < STORE_LINKS_REQUESTER_WINDOW_MS);
    if (fromHere.length >= STORE_LINKS_PER_REQUESTER) return refuse(headers, 429, 'tooManyTextsFromHere', {}, waitSeconds(fromHere, STORE_LINKS_REQUESTER_WINDOW_MS, at));
    storeLinkSends.set(body.phoneNumber, [...recent, at]);
    storeLinkSendsFrom.set(requester, [...fromHere, at]);
    console.log(`[sandbox] app store links sent by SMS to ${body.phoneNumber}`);
    return { status: 204 };
  },

  async login({ db, tokens, realtime, now, body, headers }) {
    const login = body.username.toLowerCase();
    // Too many wrong passwords (sandbox/login-throttle.ts): refused, right or wrong, until the lock ends.
    const locked = lockedFor(db, login, now());
    if (locked !== null) return refuse(headers, 429, 'tooManySignIns', {}, locked);
    const customer = db.prepare('SELECT id, password_hash, auth_flow, migration, terms_pending, profile FROM customers WHERE login = ?').get(
      login,
    ) as Customer | undefined;
    // An unknown login is checked against a hash all the same, so the answer takes as long as for
    // a known one with a wrong password (issue 46: the timing tells nothing).
    const matches = samePassword(customer?.password_hash ?? UNKNOWN_LOGIN_HASH, body.password);
    if (!customer || !matches) {
      recordFailure(db, login, now());
      return refuse(headers, 401, 'wrongCredentials');
    }
    clearFailures(db, login);
    const profile = JSON.parse(customer.profile) as { blocked?: boolean; inactive?: boolean };
    if (profile.blocked) return refuse(headers, 403, 'blocked');
    if (profile.inactive) return refuse(headers, 403, 'inactive');
    // The allowed IP list (issue 50): the right password from elsewhere is refused, not counted as wrong.
    if (signInAddressRefused(db, customer.id, headers)) return refuse(headers, 403, 'addressNotAllowed');
    if (customer.terms_pending === 1) {
      if (body.acceptTerms !== CURRENT_TERMS.id) return refuse(headers, 403, 'termsRequired', { code: 'TE', terms: CURRENT_TERMS });
      db.prepare('UPDATE customers SET terms_pending = 0 WHERE id = ?').run(customer.id);
    }
    const migration =
      customer.migration === 'soft'
        ? { req: 'soft', daysLeft: 14, strat: 'migrate' }
        : customer.migration === 'strict'
          ? { req: 'strict', strat: 'enable' }
          : undefined;
    if (customer.auth_flow === 'simple') {
      const t = await tokens.issue(customer.id);
      recordSignIn(db, customer.id, headers, now());
      return { status: 200, body: { authFlow: 'simple', accessToken: t.accessToken, refreshToken: t.refreshToken, userId: customer.id } };
    }
    if (!body.codeChallenge) return refuse(headers, 422, 'codeChallengeRequired');
    const key = randomBytes(12).toString('hex');
    const code = randomBytes(16).toString('hex');
    const needsOtp = customer.auth_flow === 'otp' || customer.auth_flow === 'sms';
    db.prepare(
      'INSERT INTO pending_logins (key, customer_id, flow, code, challenge, otp, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(key, customer.id, customer.auth_flow, code, body.codeChallenge, needsOtp ? otpFor(key) : null, needsOtp || customer.auth_flow === 'direct' ? 'ready' : 'waiting', now());
    const tmpJwt = await tokens.issuePending(key);
    const reply: Record<string, unknown> = { authFlow: customer.auth_flow, code, tmpJwt, userId: customer.id };
    if (customer.auth_flow === 'sms') {
      reply.phoneNumber = '+40 7** *** 123';
      reply.smsIdentifier = String(parseInt(key.slice(0, 4), 16) % 100).padStart(2, '0');
    }
    if (customer.auth_flow === 'push') {
      // Signed-in sessions of the same customer (the linked device, another browser) are asked too.
      realtime.toCustomer(customer.id, {
        type: 'login.request',
        key,
        device: 'Chromium on Linux',
        location: 'Bucharest, RO',
        createdAt: new Date(now()).toISOString(),
      });
    }
    if (customer.auth_flow === 'verifyDevice') {
      reply.devices = (
        db.prepare('SELECT name, type, location, last_activity_at FROM devices WHERE customer_id = ? AND linked = 1 ORDER BY rowid').all(customer.id) as {
          name: string;
          type: string;
          location: string | null;
          last_activity_at: string | null;
        }[]
      ).map((d) => ({ name: d.name, type: d.type, location: d.location, lastActivityAt: d.last_activity_at }));
    }
    if (migration) reply.migration = migration;
    return { status: 200, body: reply };
  },

  async token({ db, tokens, body, now, headers }) {
    // Mobile-app wrapper mode (spec 000 s4): the app's device secret and push token replace the
    // code; they redeem the customer's sign-in that is ready (password given, approval done) and
    // no older than 5 minutes.
    if (body.secret || body.pushToken) {
      const device = db.prepare('SELECT customer_id FROM devices WHERE secret = ? AND push_token = ? AND linked = 1').get(body.secret ?? '', body.pushToken ?? '') as
        | { customer_id: number }
        | undefined;
      if (!device) return refuse(headers, 401, 'unknownDevice');
      const pending = db
        .prepare("SELECT key, otp FROM pending_logins WHERE customer_id = ? AND status = 'ready' AND created_at > ? ORDER BY created_at DESC")
        .get(device.customer_id, now() - 5 * 60_000) as { key: string; otp: string | null } | undefined;
      if (!pending) return refuse(headers, 401, 'noDeviceSignIn');
      // The device replaces the code, not the second factor: a one-time code is still checked,
      // and counted against the account like any other (issue 46).
      if (pending.otp !== null) {
        const refusal = checkCode(db, device.customer_id, body.otp === pending.otp, now(), headers);
        if (refusal) return refusal;
      }
      db.prepare('DELETE FROM pending_logins WHERE key = ?').run(pending.key);
      const issued = await tokens.issue(device.customer_id);
      recordSignIn(db, device.customer_id, headers, now());
      return { status: 200, body: issued };
    }
    if (!body.code || !body.codeVerifier) return refuse(headers, 400, 'codeAndVerifierRequired');
    const live = liveSignIn(db, body.code, body.codeVerifier, now(), headers);
    if ('refusal' in live) return live.refusal;
    const { pending } = live;
    if (pending.status === 'waiting') return refuse(headers, 401, 'notApproved');
    if (pending.status === 'declined') return refuse(headers, 401, 'declined');
    if (pending.otp !== null) {
      const right = body.otp === pending.otp;
      const refusal = checkCode(db, pending.customer_id, right, now(), headers);
      if (refusal) {
        if (!right) db.prepare('UPDATE pending_logins SET attempts = attempts + 1 WHERE key = ?').run(pending.key);
        return refusal.status === 401 && pending.attempts + 1 >= MAX_CODE_ATTEMPTS ? refuse(headers, 429, 'tooManyWrongCodes') : refusal;
      }
    }
    db.prepare('DELETE FROM pending_logins WHERE key = ?').run(pending.key);
    const issued = await tokens.issue(pending.customer_id);
    recordSignIn(db, pending.customer_id, headers, now());
    return { status: 200, body: issued };
  },

  /**
   * Whose sign-in a link's code is (an extension, issue 47): the app asks before it exchanges, so a
   * link cannot sign anyone into an account they did not choose. Nothing is used up; refused as the
   * exchange would be.
   */
  codeOwner({ db, body, now, headers }) {
    const live = liveSignIn(db, body.code, body.codeVerifier, now(), headers);
    if ('refusal' in live) return live.refusal;
    const { pending } = live;
    const owner = db.prepare('SELECT login FROM customers WHERE id = ?').get(pending.customer_id) as { login: string } | undefined;
    if (!owner) return refuse(headers, 401, 'codeUnknown');
    return { status: 200, body: { username: owner.login } };
  },

  async refresh({ tokens, body, headers }) {
    const rotated = await tokens.rotate(body.refreshToken);
    return rotated ? { status: 200, body: rotated } : refuse(headers, 401, 'sessionExpired');
  },

  logout({ tokens, body }) {
    if (body.refreshToken) tokens.revoke(body.refreshToken);
    return { status: 204 };
  },

  /** From a signed-in device: approve (true) or decline (false) a waiting push sign-in of the same customer. */
  confirmLogin({ db, realtime, customerId, params, body, headers }) {
    const pending = db.prepare("SELECT customer_id FROM pending_logins WHERE key = ? AND status = 'waiting'").get(params.key) as
      | { customer_id: number }
      | undefined;
    if (!pending || pending.customer_id !== customerId) return refuse(headers, 404, 'loginNotWaiting');
    db.prepare('UPDATE pending_logins SET status = ? WHERE key = ?').run(body.result ? 'ready' : 'declined', params.key);
    realtime.toLogin(params.key, { type: body.result ? 'login.approved' : 'login.declined', key: params.key });
    return { status: 204 };
  },

  // The push of a waiting sign-in sent again, at most MAX_PUSH_RESENDS times (issue 46): then the
  // sign-in starts over (a new password entry), so nobody floods a phone with approval requests.
  async resendPush({ tokens, headers, db, realtime, now }) {
    const key = await tokens.verifyPending((headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
    if (!key) return refuse(headers, 401, 'noPendingSignIn');
    const pending = db.prepare("SELECT customer_id, resends FROM pending_logins WHERE key = ? AND status = 'waiting'").get(key) as { customer_id: number; resends: number } | undefined;
    if (!pending) return refuse(headers, 401, 'loginNotWaiting');
    if (pending.resends >= MAX_PUSH_RESENDS) return refuse(headers, 429, 'tooManyPushes');
    db.prepare('UPDATE pending_logins SET resends = resends + 1 WHERE key = ?').run(key);
    realtime.toCustomer(pending.customer_id, { type: 'login.request', key, device: 'Chromium on Linux', location: 'Bucharest, RO', createdAt: new Date(now()).toISOString() });
    return { status: 204 };
  },

  /**
   * The QR code's deeplink (issue 49: two callers): a waiting push sign-in (its tmpJwt) gets one
   * that approves it; a signed-in user (the access token) gets one that links the phone that opens
   * it. Each lives DEEPLINK_TTL_MS and opens once (POST /__sandbox/deeplinks/open plays the phone).
   */
  async scpRequest({ db, tokens, headers, now }) {
    const bearer = (headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
    const key = await tokens.verifyPending(bearer);
    if (key) {
      const pending = db.prepare('SELECT customer_id FROM pending_logins WHERE key = ?').get(key) as { customer_id: number } | undefined;
      if (!pending) return refuse(headers, 401, 'noPendingSignIn');
      const link = newDeeplink(db, 'approveLogin', pending.customer_id, key, now());
      return { status: 200, body: { deeplink: `sandboxpay://approve-login?key=${key}&link=${link}` } };
    }
    const customerId = await tokens.verifyAccess(bearer);
    if (customerId === null) return refuse(headers, 401, 'noPendingSignIn');
    return { status: 200, body: { deeplink: `sandboxpay://link-device?link=${newDeeplink(db, 'linkDevice', customerId, null, now())}` } };
  },
};

/** How long a QR code's deeplink can be opened (the page asks a new one every 60 s while it shows it). */
export const DEEPLINK_TTL_MS = 120_000;

function newDeeplink(db: Db, kind: 'approveLogin' | 'linkDevice', customerId: number, loginKey: string | null, at: number): string {
  const token = randomBytes(16).toString('hex');
  db.prepare('DELETE FROM deeplinks WHERE created < ?').run(at - 24 * 60 * 60_000);
  db.prepare('INSERT INTO deeplinks (token, kind, customer_id, login_key, created) VALUES (?, ?, ?, ?, ?)').run(token, kind, customerId, loginKey, at);
  return token;
}

/**
 * A deeplink opened by the phone (its `link` parameter): what it is for, used up now; or why it
 * cannot be opened (unknown, already opened, or older than DEEPLINK_TTL_MS).
 */
export function openDeeplink(db: Db, deeplink: string, at: number): { kind: 'approveLogin' | 'linkDevice'; customerId: number; loginKey: string | null } | { refused: 'unknown' | 'used' | 'expired' } {
  let token: string | null = null;
  try {
    token = new URL(deeplink).searchParams.get('link');
  } catch {
    token = null;
  }
  const row = token
    ? (db.prepare('SELECT kind, customer_id, login_key, created, used_at FROM deeplinks WHERE token = ?').get(token) as
        | { kind: 'approveLogin' | 'linkDevice'; customer_id: number; login_key: string | null; created: number; used_at: number | null }
        | undefined)
    : undefined;
  if (!row) return { refused: 'unknown' };
  if (row.used_at !== null) return { refused: 'used' };
  if (at - row.created > DEEPLINK_TTL_MS) return { refused: 'expired' };
  db.prepare('UPDATE deeplinks SET used_at = ? WHERE token = ?').run(at, token);
  return { kind: row.kind, customerId: row.customer_id, loginKey: row.login_key };
}
