import { SignJWT, jwtVerify } from 'jose';
import type { Db } from './db.ts';
import { customerById } from './kernel/customers.ts';

/**
 * The support token (support.yaml supportToken; spec 002 s7 "Help desk, with remote token auth via
 * jwt_token"): the JWT the bank signs for the help desk's remote authentication, which the help
 * desk's calls carry in their `jwt_token` header (helpdesk.yaml, security `jwtToken`; sandbox/server.ts
 * checks it before a help desk handler runs). HS256 with the sandbox's own support secret (not the
 * access tokens' one: an access token is no support token, and the other way round).
 *
 *   header  { "alg": "HS256" }
 *   claims  sub       the acting customer's id, as text (the help desk contact the token names)
 *           email     the customer's login e-mail (the contact's e-mail: threads to the customer are addressed to it)
 *           name      the customer's display name (a company's name, else the person's)
 *           widgetId  the help desk widget it was asked for (supportToken's `widgetId`)
 *           brand     the customer's brand (its help desk)
 *           iat, exp  seconds; it lives SUPPORT_TOKEN_TTL_MS on the sandbox's clock (`now`, never Date.now)
 *
 * Refused (401 on the help desk): missing, not a JWT, another algorithm, badly signed, expired
 * (exp at or before now), issued later than now, a claim missing or of another type, a customer
 * who does not exist or is of another brand than the token says.
 */
export const SUPPORT_TOKEN_TTL_MS = 5 * 60_000;

const secret = new TextEncoder().encode('sandbox-support-token-secret-not-for-production-use');

export interface SupportClaims {
  sub: string;
  email: string;
  name: string;
  widgetId: string;
  brand: string;
  iat: number;
  exp: number;
}

/** A support token for the customer, issued now: the token and when it expires (ISO). */
export async function signSupportToken(who: { customerId: number; email: string; name: string; widgetId: string; brand: string }, now: number): Promise<{ token: string; expiresAt: string }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + SUPPORT_TOKEN_TTL_MS / 1000;
  const token = await new SignJWT({ email: who.email, name: who.name, widgetId: who.widgetId, brand: who.brand })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(who.customerId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(secret);
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The claims of a support token that is valid at `now`, else null (see the refusals above). */
export async function supportClaimsOf(token: string, now: number): Promise<SupportClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(now), requiredClaims: ['sub', 'iat', 'exp'] });
    const { sub, email, name, widgetId, brand, iat, exp } = payload;
    if (typeof sub !== 'string' || !/^[1-9]\d{0,14}$/.test(sub)) return null;
    if (typeof email !== 'string' || typeof name !== 'string' || typeof widgetId !== 'string' || typeof brand !== 'string') return null;
    if (typeof iat !== 'number' || typeof exp !== 'number' || iat * 1000 > now) return null;
    return { sub, email, name, widgetId, brand, iat, exp };
  } catch {
    return null;
  }
}

/** The customer a support token names when it is valid at `now` (and the customer exists, of the token's brand), else null. */
export async function verifySupportToken(db: Db, token: string, now: number): Promise<number | null> {
  const claims = await supportClaimsOf(token, now);
  if (!claims) return null;
  const customer = customerById(db, Number(claims.sub));
  return customer && customer.brand === claims.brand ? customer.id : null;
}
