import type { Db } from './db.ts';

/**
 * Wrong passwords, limited as a real auth service limits them (the one place for the numbers).
 * Per login (the e-mail as typed, lower-cased; unknown logins count too, so the limit does not
 * tell which accounts exist): the wrong passwords in a window of WINDOW_SECONDS from the first
 * one are counted; the MAX_FAILURES-th locks the login for WINDOW_SECONDS. While locked, every
 * attempt, right or wrong, is a 429 with Retry-After (seconds left), and the password is not
 * checked. A successful sign-in, the end of the window and /__sandbox/reset clear the count.
 * Kept in SQLite (table login_failures), so a restart does not unlock anyone.
 */
export const LOGIN_THROTTLE = {
  /** Wrong passwords allowed in the window; the next attempt is refused. */
  maxFailures: 5,
  /** The counting window and the lock after the last allowed wrong password: 15 minutes. */
  windowSeconds: 15 * 60,
} as const;

interface Row {
  failures: number;
  window_start: number;
  locked_until: number | null;
}

const key = (login: string) => login.trim().toLowerCase();

/** Seconds until this login may try again (Retry-After), or null when it is not locked. */
export function lockedFor(db: Db, login: string, now: number): number | null {
  const row = db.prepare('SELECT locked_until FROM login_failures WHERE login = ?').get(key(login)) as Pick<Row, 'locked_until'> | undefined;
  if (!row?.locked_until || row.locked_until <= now) return null;
  return Math.max(1, Math.ceil((row.locked_until - now) / 1000));
}

/** Counts a wrong password; returns true when it used up the allowance (the login is now locked). */
export function recordFailure(db: Db, login: string, now: number): boolean {
  const windowMs = LOGIN_THROTTLE.windowSeconds * 1000;
  const row = db.prepare('SELECT failures, window_start, locked_until FROM login_failures WHERE login = ?').get(key(login)) as Row | undefined;
  const fresh = !row || now - row.window_start >= windowMs || (row.locked_until !== null && row.locked_until <= now);
  const failures = fresh ? 1 : row.failures + 1;
  const lockedUntil = failures >= LOGIN_THROTTLE.maxFailures ? now + windowMs : null;
  db.prepare(
    `INSERT INTO login_failures (login, failures, window_start, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT(login) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start, locked_until = excluded.locked_until`,
  ).run(key(login), failures, fresh ? now : row.window_start, lockedUntil);
  return lockedUntil !== null;
}

/** Forgets the wrong passwords of one login (a successful sign-in), or of every login. */
export function clearFailures(db: Db, login?: string): void {
  if (login === undefined) db.exec('DELETE FROM login_failures');
  else db.prepare('DELETE FROM login_failures WHERE login = ?').run(key(login));
}
