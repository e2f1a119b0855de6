/**
 * PKCE (RFC 7636) for every non-simple login flow (spec 000 s4, s5): a verifier of
 * 43-128 characters from the unreserved set, and its S256 challenge in URL-safe base64
 * without padding. The app uses 128 characters (spec constant).
 */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const VALID = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isValidVerifier(value: string): boolean {
  return VALID.test(value);
}

/** Uniformly random: bytes at or above the largest multiple of 66 are rejected (no modulo bias). */
export function generateCodeVerifier(length = 128, random: (n: number) => Uint8Array = randomBytes): string {
  if (length < 43 || length > 128) throw new RangeError('PKCE verifier length must be 43-128');
  const limit = 256 - (256 % UNRESERVED.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(length)) {
      if (byte < limit && out.length < length) out += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return out;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

export function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const b of view) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function codeChallengeS256(verifier: string): Promise<string> {
  if (!isValidVerifier(verifier)) throw new RangeError('invalid PKCE verifier');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(digest);
}

export async function createPkcePair(length = 128): Promise<{ verifier: string; challenge: string }> {
  const verifier = generateCodeVerifier(length);
  return { verifier, challenge: await codeChallengeS256(verifier) };
}
