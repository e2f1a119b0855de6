import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import type { HandlerReply } from './handler-types.ts';
import { familyOf } from './tokens.ts';

/**
 * Re-authentication before a sensitive change (issue 49, docs/decisions.md "Settings and security:
 * the calls (issue 49)"; beyond the spec, OWASP ASVS 5.0). POST /auth/check-password answers a
 * proof (sandbox/handlers/settings.ts); the change carries it as the header X-Reauth-Proof: the
 * two-step verification change, the password change, and from the profile the e-mail change
 * (usernameChangeRequestCreate) and the phone change (phoneUpdate). A proof is random, kept hashed
 * (table reauth_proofs), bound to its user and session (the refresh token family of the access
 * token it was asked with), serves any number of changes for REAUTH_PROOF_TTL_MS and dies with the
 * session (a session's access token stops working when it ends, and a proof needs the same session).
 * Without a valid proof a change is refused with 403, code REAUTH, "Confirm it is you first".
 */
export const REAUTH_PROOF_TTL_MS = 5 * 60_000;
export const REAUTH_HEADER = 'x-reauth-proof';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new proof for the user's session. */
export function issueProof(db: Db, customerId: number, family: string, at: number): { proof: string; expiresIn: number } {
  const proof = randomBytes(24).toString('base64url');
  db.prepare('DELETE FROM reauth_proofs WHERE expires <= ?').run(at);
  db.prepare('INSERT INTO reauth_proofs (hash, customer_id, family, expires) VALUES (?, ?, ?, ?)').run(sha(proof), customerId, family, at + REAUTH_PROOF_TTL_MS);
  return { proof, expiresIn: REAUTH_PROOF_TTL_MS / 1000 };
}

/** A session rotated (a two-step verification change): its proofs go on with it. */
export function moveProofs(db: Db, fromFamily: string, toFamily: string): void {
  db.prepare('UPDATE reauth_proofs SET family = ? WHERE family = ?').run(toFamily, fromFamily);
}

/** The refusal of a change without a valid proof (the same body for both services: a message and code REAUTH). */
export const REAUTH_REQUIRED: HandlerReply = { status: 403, body: { message: 'Confirm it is you first', code: 'REAUTH' } };

/**
 * Null when the request carries a proof of this user and this session that has not expired; else
 * the 403 to answer. For signed-in operations only (the server has checked the bearer).
 */
export function proofRefusal(ctx: { db: Db; customerId: number | null; headers: Pick<Headers, 'get'>; now: () => number }): HandlerReply | null {
  const proof = ctx.headers.get(REAUTH_HEADER)?.trim();
  const family = familyOf(ctx.headers);
  if (!proof || !family || ctx.customerId === null) return REAUTH_REQUIRED;
  const row = ctx.db.prepare('SELECT customer_id, family, expires FROM reauth_proofs WHERE hash = ?').get(sha(proof)) as
    | { customer_id: number; family: string; expires: number }
    | undefined;
  if (!row || row.customer_id !== ctx.customerId || row.family !== family || row.expires <= ctx.now()) return REAUTH_REQUIRED;
  return null;
}

/** A handler that first asks for a valid proof. */
export const withProof =
  <C extends { db: Db; customerId: number | null; headers: Pick<Headers, 'get'>; now: () => number }, R>(handler: (ctx: C) => R) =>
  (ctx: C): R | HandlerReply =>
    proofRefusal(ctx) ?? handler(ctx);
