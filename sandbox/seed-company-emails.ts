import type { DatabaseSync } from 'node:sqlite';
import { mailEmailCode } from './company-emails-store.ts';
import { customerById } from './kernel/customers.ts';

/**
 * The company e-mails of the seed (issue 54; sandbox/company-emails-store.ts): every business
 * customer of every brand has its login as its primary e-mail, confirmed; company-access@ (the
 * company's people and access) also has billing@company-access.test confirmed and
 * ops@company-access.test unconfirmed, its code (SEEDED_EMAIL_CODE) sent at the seed's clock (in
 * the outbox). Ids are the company's id × 100 + 1, 2, 3 (the same in every seed, and again after
 * POST /__sandbox/sign-in-state of the business: restoreCompanyEmails); e-mails added later take
 * ids after every seeded one.
 */

/** The demo user whose company has more e-mails than its login (sandbox/seed.ts DEMO_USERS; absent there: none has). */
export const EMAILS_LOCAL = 'company-access';
/** The code the seed sent to ops@company-access.test (good for 30 minutes from the seed's clock). */
export const SEEDED_EMAIL_CODE = '481620';

interface SeededEmail {
  email: string;
  primary: boolean;
  confirmed: boolean;
}

/** A business's e-mails as seeded; none for anyone else. */
function seededEmails(db: DatabaseSync, customerId: number): SeededEmail[] {
  const row = customerById(db, customerId);
  if (!row || row.kind !== 'business') return [];
  const primary = { email: row.login, primary: true, confirmed: true };
  if (row.login !== `${EMAILS_LOCAL}@${row.brand}.test`) return [primary];
  return [primary, { email: 'billing@company-access.test', primary: false, confirmed: true }, { email: 'ops@company-access.test', primary: false, confirmed: false }];
}

function writeSeeded(db: DatabaseSync, companyId: number, now: number): void {
  const insert = db.prepare('INSERT INTO company_emails (id, company_id, email, is_primary, confirmed, code, code_sent, code_failures) VALUES (?, ?, ?, ?, ?, ?, ?, 0)');
  seededEmails(db, companyId).forEach((email, i) => {
    const code = email.confirmed ? null : SEEDED_EMAIL_CODE;
    insert.run(companyId * 100 + i + 1, companyId, email.email, email.primary ? 1 : 0, email.confirmed ? 1 : 0, code, code ? new Date(now).toISOString() : null);
    if (code) mailEmailCode(db, companyId, email.email, code, now);
  });
}

/** Every business customer's e-mails (after every customer exists). */
export function seedCompanyEmails(db: DatabaseSync, now: number): void {
  const businesses = (db.prepare("SELECT id FROM customers WHERE kind = 'business' ORDER BY id").all() as { id: number }[]).map((row) => row.id);
  for (const id of businesses) writeSeeded(db, id, now);
}

/** A business's e-mails as seeded (POST /__sandbox/sign-in-state); nothing for anyone else. */
export function restoreCompanyEmails(db: DatabaseSync, customerId: number, now: number): void {
  if (customerById(db, customerId)?.kind !== 'business') return;
  db.prepare('DELETE FROM company_emails WHERE company_id = ?').run(customerId);
  writeSeeded(db, customerId, now);
}
