import { randomBytes, randomInt } from 'node:crypto';
import { requesterOf } from '../kernel/requester.ts';
import type { Db } from '../db.ts';
import type { HandlerMap, HandlerReply } from '../handler-types.ts';
import { hashPassword } from '../passwords.ts';
import { ok, vf } from '../kernel/replies.ts';
import { isStrongPassword } from '../../machines/registration/registration.rules.ts';
import { activationLink, freshActivation, newActivationCode, sendActivation } from './registration.ts';

/**
 * Account recovery and activation by hand (spec 002 s2, s3 Account recovery form, s5, s7):
 *
 * - passwordChangeRequest { email, firstName, lastName, dob } reveals nothing (issue 46): every
 *   request is answered the same, approved with the masked address and a task, whether the e-mail
 *   has an account and whether the data match it; the outcome goes by e-mail. Data that match
 *   (names in any case; the date of birth when one is on record) e-mail a 6-digit code (valid 15
 *   minutes); data that do not match e-mail the account's owner that someone tried (at most once a
 *   day, no code); an unknown e-mail gets nothing. The task of a request without a code takes codes
 *   like any other and never accepts one. Limits, counted separately: per e-mail (the target) 5
 *   requests in 15 minutes; per requester (the client's address: X-Forwarded-For's first, else
 *   "local") 10 requests without a code in 24 hours — each then a 429 with Retry-After. Nobody can
 *   lock the owner out for longer than 15 minutes: their own right data still get a code.
 * - passwordChangeCodeCheck { taskId, emailId, email, code }: emailCodeIsValid; an expired code, an
 *   unknown task and a 6th wrong try answer VF (param code).
 * - passwordChangeWithCode { email, code, password }: the newest task of the e-mail with that code,
 *   not expired; the sign-up's password rule; the password is stored hashed, the task ends.
 * - resendActivationCode { email }: a new code (and link) for an account waiting for activation;
 *   the same answer when there is none. 3 per e-mail per 15 minutes, then 429.
 */

const CODE_MINUTES = 15;
const WINDOW_MS = 15 * 60_000;
const REQUESTS_PER_WINDOW = 5;
const RESENDS_PER_WINDOW = 3;
/** Requests without a code a requester may make in a day (typos included), then a 429 until the oldest is a day old. */
const FAILED_PER_REQUESTER_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;
const MAX_WRONG_CODES = 5;

const tooMany = (seconds: number, description: string): HandlerReply => ({
  status: 429,
  headers: { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) },
  body: { responseCode: 'UE', responseDescription: description },
});

const normal = (text: unknown) => String(text ?? '').trim().toLowerCase();

/** a***@e***.com: enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

interface Customer {
  id: number;
  kind: string;
  first_name: string | null;
  last_name: string | null;
  profile: string;
}

const customerByLogin = (db: Db, email: string) =>
  db.prepare('SELECT id, kind, first_name, last_name, profile FROM customers WHERE login = ?').get(email) as Customer | undefined;

/** The customer's date of birth on record (a registration's, or a demo user's), if any. */
function birthdayOf(customer: Customer): string | null {
  const profile = JSON.parse(customer.profile) as { birthday?: string; registration?: { birthday?: string } };
  return profile.registration?.birthday ?? profile.birthday ?? null;
}

/** The e-mail to an account's owner when recovery was asked for with data that do not match theirs. */
const MISMATCH_SUBJECT = 'Someone asked to recover your account with details that do not match yours';

/** Seconds until the oldest of `times` leaves the window (the wait of a 429). */
const waitOf = (times: number[], now: number) => (Math.min(...times) + WINDOW_MS - now) / 1000;

export const recoveryHandlers: HandlerMap = {
  passwordChangeRequest: ({ db, body, now, headers }) => {
    const email = normal(body.email);
    const at = now();
    const recent = (db.prepare('SELECT created FROM recovery_tasks WHERE email = ? AND created > ?').all(email, at - WINDOW_MS) as { created: number }[]).map((r) => r.created);
    if (recent.length >= REQUESTS_PER_WINDOW) return tooMany(waitOf(recent, at), 'Too many recovery requests for this e-mail. Try again later.');
    const requester = requesterOf(headers);
    const failed = (db.prepare('SELECT created FROM recovery_tasks WHERE requester = ? AND code IS NULL AND created > ?').all(requester, at - DAY_MS) as { created: number }[]).map((r) => r.created);
    if (failed.length >= FAILED_PER_REQUESTER_PER_DAY) return tooMany((Math.min(...failed) + DAY_MS - at) / 1000, 'Too many recovery requests. Try again later.');
    const taskId = randomBytes(12).toString('hex');
    const emailId = randomBytes(8).toString('hex');
    const customer = customerByLogin(db, email);
    const birthday = customer ? birthdayOf(customer) : null;
    const matches =
      customer !== undefined &&
      normal(body.firstName) === normal(customer.first_name) &&
      normal(body.lastName) === normal(customer.last_name) &&
      (birthday === null || String(body.dob) === birthday);
    const code = matches ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
    db.prepare(
      "INSERT INTO recovery_tasks (task_id, email, customer_id, status, email_id, code, code_expires, tries, created, requester) VALUES (?, ?, ?, 'approved', ?, ?, ?, 0, ?, ?)",
    ).run(taskId, email, customer?.id ?? null, emailId, code, code ? at + CODE_MINUTES * 60_000 : null, at, requester);
    if (customer && code) {
      db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, NULL, ?)').run(customer.id, email, 'Your account recovery code', at, code);
      console.log(`[sandbox] recovery code for ${email}: ${code}`);
    } else if (customer) {
      // The owner hears of it (once a day): someone, perhaps they with a typo, gave other data.
      const told = db.prepare("SELECT 1 FROM outbox WHERE customer_id = ? AND subject = ? AND created > ?").get(customer.id, MISMATCH_SUBJECT, at - DAY_MS);
      if (!told) db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, NULL, NULL)').run(customer.id, email, MISMATCH_SUBJECT, at);
    }
    // The same answer in every case: nothing tells whether the e-mail has an account or the data matched.
    return ok({ taskId, emailId, verificationStatus: 'approved', isRetryable: false, recoveryEmail: maskEmail(email) });
  },

  passwordChangeCodeCheck: ({ db, body, now }) => {
    const task = db.prepare('SELECT task_id, email, status, email_id, code, code_expires, tries FROM recovery_tasks WHERE task_id = ?').get(String(body.taskId)) as
      | { task_id: string; email: string; status: string; email_id: string | null; code: string | null; code_expires: number | null; tries: number }
      | undefined;
    if (!task || task.email !== normal(body.email) || task.status !== 'approved' || task.email_id !== String(body.emailId)) {
      return vf('code', 'This recovery has ended. Ask for a new code.');
    }
    if (task.tries >= MAX_WRONG_CODES) return vf('code', 'Too many wrong codes. Ask for a new code.');
    if (task.code_expires !== null && task.code_expires < now()) return vf('code', 'The code has expired. Ask for a new code.');
    const valid = task.code !== null && task.code === String(body.code).trim();
    if (!valid) db.prepare('UPDATE recovery_tasks SET tries = tries + 1 WHERE task_id = ?').run(task.task_id);
    return ok({ emailCodeIsValid: valid });
  },

  passwordChangeWithCode: ({ db, body, now, tokens }) => {
    const email = normal(body.email);
    const task = db
      .prepare("SELECT task_id, customer_id, code, code_expires, tries FROM recovery_tasks WHERE email = ? AND status = 'approved' AND code IS NOT NULL ORDER BY created DESC LIMIT 1")
      .get(email) as { task_id: string; customer_id: number; code: string; code_expires: number; tries: number } | undefined;
    if (!task || task.code !== String(body.code).trim() || task.tries >= MAX_WRONG_CODES) {
      // A wrong code counts here too, as in the code check: guessing it by changing the password is no way round the limit (issue 46).
      if (task && task.tries < MAX_WRONG_CODES) db.prepare('UPDATE recovery_tasks SET tries = tries + 1 WHERE task_id = ?').run(task.task_id);
      return vf('code', 'The code is not correct. Ask for a new code.');
    }
    if (task.code_expires < now()) return vf('code', 'The code has expired. Ask for a new code.');
    const password = String(body.password ?? '');
    if (!isStrongPassword(password)) return vf('password', 'Use 8 to 128 characters with a letter and a digit');
    db.prepare('UPDATE customers SET password_hash = ? WHERE id = ?').run(hashPassword(password, randomBytes(8).toString('hex')), task.customer_id);
    // A new password ends every session of the account (whoever knew the old one is signed out).
    tokens.revokeAll(task.customer_id);
    db.prepare("UPDATE recovery_tasks SET status = 'done' WHERE task_id = ?").run(task.task_id);
    db.prepare('DELETE FROM login_failures WHERE login = ?').run(email);
    return ok();
  },

  resendActivationCode: ({ db, body, now }) => {
    const email = normal(body.email);
    const at = now();
    const recent = (
      db.prepare("SELECT o.created FROM outbox o JOIN customers c ON c.id = o.customer_id WHERE c.login = ? AND o.subject LIKE 'Activate%' AND o.created > ?").all(email, at - WINDOW_MS) as { created: number }[]
    ).map((r) => r.created);
    if (recent.length >= RESENDS_PER_WINDOW) return tooMany(waitOf(recent, at), 'Too many activation e-mails for this address');
    const customer = customerByLogin(db, email);
    const profile = customer ? (JSON.parse(customer.profile) as Record<string, unknown>) : null;
    // The same answer whether or not an account waits for activation.
    if (!customer || !profile?.inactive) return ok();
    const code = newActivationCode();
    db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, ...freshActivation(code, at) }), customer.id);
    const action = customer.kind === 'business' ? 'activationBusiness' : customer.kind === 'employee' ? 'activationEmployee' : 'activation';
    sendActivation(db, customer.id, email, 'Activate your account: a new code', activationLink(action, email, code), at);
    return ok();
  },
};
