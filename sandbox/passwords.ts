import { scryptSync } from 'node:crypto';

/** A password as the sandbox keeps it, `salt:scrypt hash`; the seed's deterministic salt makes it byte-for-byte repeatable. */
export function hashPassword(password: string, salt = 'sandbox-salt'): string {
  return `${salt}:${scryptSync(password, salt, 32).toString('hex')}`;
}
