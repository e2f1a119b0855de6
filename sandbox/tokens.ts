import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import type { Db } from './db.ts';

/**
 * Access tokens: HS256 JWTs with a short lifetime, checked against the injectable clock.
 * Refresh tokens: opaque, stored hashed, rotated on every use; presenting a used one revokes
 * its whole family (replay detection), except within REUSE_GRACE_MS of its use: a page reloaded
 * while its refresh was on the way presents the token it still holds, and gets a new pair of the
 * same family instead of being signed out (the "reuse interval" of common identity providers).
 */
export const REUSE_GRACE_MS = 3000;
/**
 * A session's lifetimes on the service (issue 46): a refresh token not used for 30 minutes has
 * expired (the app refreshes every few minutes while open, and signs out after 15 idle minutes),
 * and no session lasts longer than 12 hours from its sign-in, however active. Every token of a
 * session (its family) dies with it: the refresh tokens, and the access tokens, which name their
 * family (`fam`) and are refused once it is revoked (logout, replay, password change, block).
 */
export const REFRESH_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

export interface TokenService {
  issue(customerId: number, family?: string): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
  verifyAccess(token: string): Promise<number | null>;
  /** A short-lived token for a pending login (push approval channel, QR, re-send). */
  issuePending(key: string): Promise<string>;
  verifyPending(token: string): Promise<string | null>;
  rotate(refreshToken: string): Promise<{ accessToken: string; refreshToken: string; expiresIn: number } | null>;
  revoke(refreshToken: string): void;
  /** Ends every session of the customer (a password changed, the account blocked). */
  revokeAll(customerId: number): void;
  /** Ends every session of the customer but one (a password changed from the settings: this session goes on). */
  revokeOthers(customerId: number, keepFamily: string): void;
  /**
   * The session goes on under new tokens (a two-step verification change, issue 49): its refresh
   * and access tokens stop working, a new family starts with the old one's sign-in time (the
   * absolute lifetime still counts from the sign-in).
   */
  renewSession(customerId: number, family: string): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
}

/**
 * The session (refresh token family) an access token belongs to, read without checking it: only
 * for a token the server has already verified (a handler's bearer on a signed-in operation).
 */
export function familyOf(headers: Pick<Headers, 'get'>): string | null {
  return familyOfToken((headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
}

/** The session of an access token this service issued (read without checking it: see familyOf). */
export function familyOfToken(token: string): string | null {
  try {
    const { fam, typ } = decodeJwt(token);
    return typ === 'access' && typeof fam === 'string' ? fam : null;
  } catch {
    return null;
  }
}

/** Is the customer's sign-in blocked (their profile's `blocked`)? A blocked customer's sessions end at their next refresh. */
function isBlocked(db: Db, customerId: number): boolean {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string } | undefined;
  return row ? (JSON.parse(row.profile) as { blocked?: boolean }).blocked === true : true;
}

const secret = new TextEncoder().encode('sandbox-only-secret-not-for-production-use');
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export function createTokens({ db, now, accessTtlSeconds }: { db: Db; now: () => number; accessTtlSeconds: number }): TokenService {
  const nowSec = () => Math.floor(now() / 1000);
  const sign = (claims: Record<string, unknown>, ttl: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(nowSec()).setExpirationTime(nowSec() + ttl).sign(secret);
  const verify = async (token: string) => {
    try {
      const { payload } = await jwtVerify(token, secret, { currentDate: new Date(now()) });
      return payload;
    } catch {
      return null;
    }
  };
  /** A new pair in the family; `started` (the sign-in time) for a new family that continues another session. */
  const issueIn = async (customerId: number, family: string, started: number | null) => {
    const accessToken = await sign({ sub: String(customerId), typ: 'access', fam: family }, accessTtlSeconds);
    const refreshToken = randomBytes(32).toString('base64url');
    // A rotation keeps the family's start: the absolute lifetime counts from the sign-in.
    const from = started ?? (db.prepare('SELECT MIN(family_started) AS started FROM refresh_tokens WHERE family = ?').get(family) as { started: number | null }).started ?? now();
    db.prepare('INSERT INTO refresh_tokens (hash, customer_id, family, issued, family_started) VALUES (?, ?, ?, ?, ?)').run(sha(refreshToken), customerId, family, now(), from);
    return { accessToken, refreshToken, expiresIn: accessTtlSeconds };
  };
  const service: TokenService = {
    async issue(customerId, family = randomBytes(8).toString('hex')) {
      return issueIn(customerId, family, null);
    },
    async verifyAccess(token) {
      const payload = token ? await verify(token) : null;
      if (payload?.typ !== 'access' || typeof payload.fam !== 'string') return null;
      // The session it belongs to was ended (logout, replay, password change, block): so is the token.
      const revoked = db.prepare('SELECT 1 FROM refresh_tokens WHERE family = ? AND revoked = 1 LIMIT 1').get(payload.fam);
      return revoked ? null : Number(payload.sub);
    },
    issuePending: (key) => sign({ sub: key, typ: 'pending' }, 600),
    async verifyPending(token) {
      const payload = token ? await verify(token) : null;
      return payload?.typ === 'pending' ? String(payload.sub) : null;
    },
    async rotate(refreshToken) {
      const row = db.prepare('SELECT customer_id, family, used, used_at, revoked, issued, family_started FROM refresh_tokens WHERE hash = ?').get(sha(refreshToken)) as
        | { customer_id: number; family: string; used: number; used_at: number | null; revoked: number; issued: number; family_started: number }
        | undefined;
      if (!row || row.revoked) return null;
      const idle = now() - row.issued > REFRESH_IDLE_MS;
      const tooOld = now() - row.family_started > SESSION_ABSOLUTE_MS;
      if (idle || tooOld || isBlocked(db, row.customer_id)) {
        db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(row.family);
        return null;
      }
      if (row.used) {
        if (row.used_at !== null && now() - row.used_at <= REUSE_GRACE_MS) return service.issue(row.customer_id, row.family);
        db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(row.family);
        return null;
      }
      db.prepare('UPDATE refresh_tokens SET used = 1, used_at = ? WHERE hash = ?').run(now(), sha(refreshToken));
      return service.issue(row.customer_id, row.family);
    },
    revoke(refreshToken) {
      const row = db.prepare('SELECT family FROM refresh_tokens WHERE hash = ?').get(sha(refreshToken)) as { family: string } | undefined;
      if (row) db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(row.family);
    },
    revokeAll(customerId) {
      db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE customer_id = ?').run(customerId);
    },
    revokeOthers(customerId, keepFamily) {
      db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE customer_id = ? AND family <> ?').run(customerId, keepFamily);
    },
    async renewSession(customerId, family) {
      const started = (db.prepare('SELECT MIN(family_started) AS started FROM refresh_tokens WHERE family = ?').get(family) as { started: number | null }).started ?? now();
      db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(family);
      return issueIn(customerId, randomBytes(8).toString('hex'), started);
    },
  };
  return service;
}
