import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from './db.ts';

/**
 * Access tokens: HS256 JWTs with a short lifetime, checked against the injectable clock.
 * Refresh tokens: opaque, stored hashed, rotated on every use; presenting a used one revokes
 * its whole family (replay detection), except within REUSE_GRACE_MS of its use: a page reloaded
 * while its refresh was on the way presents the token it still holds, and gets a new pair of the
 * same family instead of being signed out (the "reuse interval" of common identity providers).
 */
export const REUSE_GRACE_MS = 3000;

export interface TokenService {
  issue(customerId: number, family?: string): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
  verifyAccess(token: string): Promise<number | null>;
  /** A short-lived token for a pending login (push approval channel, QR, re-send). */
  issuePending(key: string): Promise<string>;
  verifyPending(token: string): Promise<string | null>;
  rotate(refreshToken: string): Promise<{ accessToken: string; refreshToken: string; expiresIn: number } | null>;
  revoke(refreshToken: string): void;
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
  const service: TokenService = {
    async issue(customerId, family = randomBytes(8).toString('hex')) {
      const accessToken = await sign({ sub: String(customerId), typ: 'access' }, accessTtlSeconds);
      const refreshToken = randomBytes(32).toString('base64url');
      db.prepare('INSERT INTO refresh_tokens (hash, customer_id, family) VALUES (?, ?, ?)').run(sha(refreshToken), customerId, family);
      return { accessToken, refreshToken, expiresIn: accessTtlSeconds };
    },
    async verifyAccess(token) {
      const payload = token ? await verify(token) : null;
      return payload?.typ === 'access' ? Number(payload.sub) : null;
    },
    issuePending: (key) => sign({ sub: key, typ: 'pending' }, 600),
    async verifyPending(token) {
      const payload = token ? await verify(token) : null;
      return payload?.typ === 'pending' ? String(payload.sub) : null;
    },
    async rotate(refreshToken) {
      const row = db.prepare('SELECT customer_id, family, used, used_at, revoked FROM refresh_tokens WHERE hash = ?').get(sha(refreshToken)) as
        | { customer_id: number; family: string; used: number; used_at: number | null; revoked: number }
        | undefined;
      if (!row || row.revoked) return null;
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
  };
  return service;
}
