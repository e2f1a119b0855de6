import { randomInt } from 'node:crypto';
import type { Db } from './db.ts';
import { customerById } from './kernel/customers.ts';

/**
 * The company's e-mails (issue 54; spec 002 s7 Company emails): the rows of company_emails, one a
 * company address. Every business has at least its primary e-mail, its login, confirmed: the seed
 * writes it (sandbox/seed-company-emails.ts), and a business that has no row yet (one registered in
 * the sandbox) gets it the first time its e-mails are read (emailsOf). The calls are
 * sandbox/handlers/company-emails.ts.
 *
 * A confirmation code is six digits, good for EMAIL_CODE.ttlMs and EMAIL_CODE.tries wrong tries;
 * every code goes to the outbox (GET /__sandbox/outbox?login=<the company's login>) as an e-mail to
 * the address, and the outbox is what counts the codes an address was sent (at most
 * EMAIL_CODE.perHour in an hour).
 */

/** A company has at most this many e-mails (the primary among them). */
export const MAX_COMPANY_EMAILS = 10;

/** A confirmation code's life: 30 minutes, 5 wrong tries; at most 5 codes an hour per address. */
export const EMAIL_CODE = { ttlMs: 30 * 60_000, tries: 5, perHour: 5, windowMs: 60 * 60_000 } as const;

/** The subject of the e-mail that carries a code (the outbox's; the code is its `code`). */
export const EMAIL_CODE_SUBJECT = 'Your code to confirm the company e-mail';

/** A row of company_emails. */
export interface CompanyEmailRow {
  id: number;
  company_id: number;
  email: string;
  is_primary: number;
  confirmed: number;
  code: string | null;
  /** When the last code went out (ISO). */
  code_sent: string | null;
  code_failures: number;
}

/** An e-mail as the contract has it (main.yaml CompanyEmail): status Primary marks the primary; when the last code went out for an unconfirmed one. */
export const toCompanyEmail = (row: CompanyEmailRow) => ({
  id: row.id,
  email: row.email,
  status: row.is_primary === 1 ? 'Primary' : null,
  confirmed: row.confirmed === 1,
  codeSentAt: row.confirmed === 1 ? null : row.code_sent,
});

/** The facts the rules read (machines/business/company-access.rules.ts CompanyEmailFacts). */
export const emailFacts = (row: CompanyEmailRow) => ({ status: row.is_primary === 1 ? 'Primary' : null, confirmed: row.confirmed === 1 });

const storedEmails = (db: Db, companyId: number): CompanyEmailRow[] =>
  db.prepare('SELECT * FROM company_emails WHERE company_id = ? ORDER BY is_primary DESC, id').all(companyId) as unknown as CompanyEmailRow[];

/** The company's e-mails, the primary first, then by id; a business without any gets its login as its confirmed primary first. */
export function emailsOf(db: Db, companyId: number): CompanyEmailRow[] {
  const stored = storedEmails(db, companyId);
  if (stored.length > 0) return stored;
  const company = customerById(db, companyId);
  if (!company || company.kind !== 'business') return [];
  db.prepare('INSERT INTO company_emails (company_id, email, is_primary, confirmed) VALUES (?, ?, 1, 1)').run(companyId, company.login);
  return storedEmails(db, companyId);
}

/** One e-mail of the company, or undefined (another company's, or none). */
export const companyEmail = (db: Db, companyId: number, emailId: number): CompanyEmailRow | undefined =>
  db.prepare('SELECT * FROM company_emails WHERE id = ? AND company_id = ?').get(emailId, companyId) as CompanyEmailRow | undefined;

/** A fresh code: six digits. */
export const newEmailCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Seconds until this address may be sent another code (the oldest of the hour's codes leaves the hour), or null while it may. */
export function codeWait(db: Db, companyId: number, email: string, now: number): number | null {
  const sent = (
    db
      .prepare('SELECT created FROM outbox WHERE customer_id = ? AND lower(to_email) = lower(?) AND subject = ? AND created > ? ORDER BY created')
      .all(companyId, email, EMAIL_CODE_SUBJECT, now - EMAIL_CODE.windowMs) as { created: number }[]
  ).map((row) => row.created);
  if (sent.length < EMAIL_CODE.perHour) return null;
  return Math.max(1, Math.ceil((sent[sent.length - EMAIL_CODE.perHour]! + EMAIL_CODE.windowMs - now) / 1000));
}

/** Sends a code to the address: the outbox's e-mail (to the company's outbox). */
export function mailEmailCode(db: Db, companyId: number, email: string, code: string, now: number): void {
  db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, NULL, ?)').run(companyId, email, EMAIL_CODE_SUBJECT, now, code);
}

/** A new code for an unconfirmed e-mail (the old one stops working, the wrong tries start again), sent to it. */
export function renewEmailCode(db: Db, row: Pick<CompanyEmailRow, 'id' | 'company_id' | 'email'>, now: number, code = newEmailCode()): void {
  db.prepare('UPDATE company_emails SET code = ?, code_sent = ?, code_failures = 0 WHERE id = ?').run(code, new Date(now).toISOString(), row.id);
  mailEmailCode(db, row.company_id, row.email, code, now);
}

/** Whether the e-mail's code can still be used at `now`: sent less than 30 minutes ago, fewer than 5 wrong tries. */
export const codeUsable = (row: Pick<CompanyEmailRow, 'code' | 'code_sent' | 'code_failures'>, now: number): boolean =>
  row.code !== null && row.code_sent !== null && now - Date.parse(row.code_sent) < EMAIL_CODE.ttlMs && row.code_failures < EMAIL_CODE.tries;

/** Makes this e-mail the company's only primary. */
export function makePrimary(db: Db, companyId: number, emailId: number): void {
  db.prepare('UPDATE company_emails SET is_primary = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE company_id = ?').run(emailId, companyId);
}
