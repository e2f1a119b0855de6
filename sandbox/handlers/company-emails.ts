import { cleanEmailCode, emailActions, emailStateOf, isEmailCodeComplete, mayManage, newEmailProblem, type NewEmailProblem, type PeopleEditor } from '../../machines/business/company-access.rules.ts';
import { denied, owner } from '../access.ts';
import { companyAudience } from '../company-file-store.ts';
import {
  codeUsable,
  codeWait,
  companyEmail,
  emailFacts,
  emailsOf,
  makePrimary,
  MAX_COMPANY_EMAILS,
  renewEmailCode,
  toCompanyEmail,
  type CompanyEmailRow,
} from '../company-emails-store.ts';
import { transaction, type Db } from '../db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { customerById } from '../kernel/customers.ts';
import { idempotent } from '../kernel/ledger.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import { registerChangeApplier, submitPermissionChange } from '../permission-changes.ts';
import type { Realtime } from '../realtime.ts';

/**
 * The company's e-mails (issue 54; main.yaml tag companyEmails; spec 002 s2 /company-emails, s7
 * Company emails). Every call acts for the customer of fromCustomerId as the other company calls do
 * (sandbox/access.ts: ENOA for a customer the caller may not act for), and only a business has
 * e-mails (anyone else: UE). The rows are sandbox/company-emails-store.ts's.
 *
 * - companyEmailInquiry: anyone who may act for the company (an authorised user with any rights,
 *   the owner, an admin who administers it): the primary first, then by id.
 * - The writes: only a full-access user (mayManage): the owner, unless another full-access user
 *   lowered their own access (owner_access), or an authorised user whose access right is 2; admins
 *   read only (UE).
 * - companyEmailAdd: the 002 s5 rule and not one the company has (newEmailProblem: VF email), at
 *   most MAX_COMPANY_EMAILS (UE); unconfirmed, a code sent at once. Once per requestId.
 * - companyEmailConfirmRequest: an unconfirmed e-mail; a new code replaces the old one. At most 5
 *   codes an hour per address, the add's among them (429 with Retry-After).
 * - companyEmailConfirm: the code, good for 30 minutes and 5 wrong tries (the fifth wrong one ends
 *   it: a new code must be asked for).
 * - companyEmailDelete: any e-mail but the primary. Once per requestId.
 * - companyEmailSetPrimary: a confirmed e-mail that is not the primary, as a permission change
 *   (sandbox/permission-changes.ts: another full-access user approves it, or with one the author's
 *   approval mode confirms it); applied, it becomes the only primary if it is still there and
 *   confirmed. Once per requestId.
 * Add, confirm and delete tell the company and each of its authorised users (`company.changed` on
 * the realtime channel); a new primary's change tells them through sandbox/permission-changes.ts.
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const NOT_A_COMPANY = 'Only a company has company e-mails';
export const ADMIN_READS_ONLY = 'An admin reads the company e-mails but does not change them';
export const FULL_ACCESS_ONLY = 'Only a user with full access can change the company e-mails';
export const TOO_MANY_EMAILS = `A company has at most ${MAX_COMPANY_EMAILS} e-mails: delete one first`;
export const NO_SUCH_EMAIL = 'The company has no such e-mail';
export const CONFIRMED_ALREADY = 'This e-mail is confirmed already';
export const CODE_USED_UP = 'This code can no longer be used. Ask for a new code.';
export const CODE_WRONG = 'The code is not correct';
export const CODE_INCOMPLETE = 'Enter the 6-digit code from the e-mail';
export const PRIMARY_NOT_DELETED = 'The primary e-mail cannot be deleted';
export const PRIMARY_ALREADY = 'This e-mail is the primary already';
export const CONFIRM_FIRST = 'Only a confirmed e-mail can be the primary';
export const TOO_MANY_CODES = 'Too many codes for this e-mail. Try again later.';
export const EMAIL_CHANGED = 'This e-mail changed since the request: make the request again';
const EMAIL_TEXTS: Record<NewEmailProblem, string> = {
  required: 'Enter an e-mail address',
  invalid: 'Enter a valid e-mail address',
  duplicate: 'The company has this e-mail already',
};

// ---- who ------------------------------------------------------------------------------------------

const isBusiness = (db: Db, id: number): boolean => customerById(db, id)?.kind === 'business';

/**
 * The caller as the rules see them for this company: an admin; the owner with their own access
 * right (2 unless another full-access user changed it: owner_access); an authorised user with the
 * access right of that relation.
 */
export function editorOf(db: Db, callerId: number, companyId: number): PeopleEditor {
  const caller = customerById(db, callerId);
  if (!caller || caller.kind === 'admin') return { userId: callerId, isAdmin: true, accessRights: 0 };
  if (callerId === companyId) {
    const changed = db.prepare('SELECT access_rights FROM owner_access WHERE company_id = ?').get(companyId) as { access_rights: number } | undefined;
    return { userId: callerId, isAdmin: false, accessRights: changed?.access_rights ?? 2 };
  }
  const relation = db.prepare('SELECT access_rights FROM authorized_users WHERE user_id = ? AND company_id = ?').get(callerId, companyId) as { access_rights: number } | undefined;
  return { userId: callerId, isAdmin: false, accessRights: relation?.access_rights ?? 0 };
}

/** A write's refusal for the acting company (the caller may act for it: asked first), or null. */
function writeRefusal(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number): HandlerReply | null {
  if (!isBusiness(ctx.db, acting)) return refused(NOT_A_COMPANY, 'UE');
  const editor = editorOf(ctx.db, ctx.customerId!, acting);
  if (mayManage(editor)) return null;
  return refused(editor.isAdmin ? ADMIN_READS_ONLY : FULL_ACCESS_ONLY, 'UE');
}

/** The acting company of a write without a requestId, or the refusal. */
function writer(ctx: Pick<HandlerContext, 'db' | 'customerId' | 'body'>): number | HandlerReply {
  const acting = owner(ctx);
  if (acting === null) return denied;
  return writeRefusal(ctx, acting) ?? acting;
}

/** The company's e-mail named by the body's emailId, or the refusal. */
function named(db: Db, acting: number, emailId: number): CompanyEmailRow | HandlerReply {
  emailsOf(db, acting);
  return companyEmail(db, acting, emailId) ?? refused(NO_SUCH_EMAIL, 'UE');
}
const isReply = (value: CompanyEmailRow | HandlerReply): value is HandlerReply => 'status' in value;

let announced = 0;
/** The company and each of its authorised users hear that the company changed (each news its own id, even at the same clock time). */
export function announce(realtime: Pick<Realtime, 'toCustomer'>, db: Db, companyId: number, now: number): void {
  announced += 1;
  const id = `company-${companyId}-emails-${now}-${announced}`;
  for (const customerId of companyAudience(db, companyId)) realtime.toCustomer(customerId, { type: 'company.changed', id, customerId: companyId });
}

/** The 429 of one address's codes (Retry-After: when the next may go). */
const tooManyCodes = (seconds: number): HandlerReply => ({ status: 429, headers: { 'Retry-After': String(seconds) }, body: { message: TOO_MANY_CODES } });

// ---- a new primary, applied ----------------------------------------------------------------------

/** Applies an approved new primary: the e-mail becomes the only primary if it is still the company's and confirmed (else 409). */
registerChangeApplier('primaryEmail', (db, change) => {
  const row = change.emailId === null ? undefined : companyEmail(db, change.companyId, change.emailId);
  if (!row || row.confirmed !== 1) return { ok: false, status: 409, reason: EMAIL_CHANGED };
  makePrimary(db, change.companyId, row.id);
  return { ok: true };
});

// ---- the handlers ------------------------------------------------------------------------------------

export const companyEmailHandlers: HandlerMap = {
  companyEmailInquiry: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    if (!isBusiness(ctx.db, acting)) return refused(NOT_A_COMPANY, 'UE');
    return ok({ emails: transaction(ctx.db, () => emailsOf(ctx.db, acting)).map(toCompanyEmail) });
  },

  companyEmailAdd: idempotent(
    'companyEmailAdd',
    (ctx, acting) => {
      const now = ctx.now();
      const email = ctx.body.email.trim();
      const emails = emailsOf(ctx.db, acting);
      const problem = newEmailProblem(email, emails.map((row) => row.email));
      if (problem) return vf('email', EMAIL_TEXTS[problem]);
      if (emails.length >= MAX_COMPANY_EMAILS) return refused(TOO_MANY_EMAILS, 'UE');
      // An address deleted and added again keeps its hour's codes.
      const wait = codeWait(ctx.db, acting, email, now);
      if (wait !== null) return tooManyCodes(wait);
      const { lastInsertRowid } = ctx.db.prepare('INSERT INTO company_emails (company_id, email, is_primary, confirmed) VALUES (?, ?, 0, 0)').run(acting, email);
      const emailId = Number(lastInsertRowid);
      renewEmailCode(ctx.db, { id: emailId, company_id: acting, email }, now);
      announce(ctx.realtime, ctx.db, acting, now);
      return ok({ emailId });
    },
    { refusal: writeRefusal },
  ),

  companyEmailConfirmRequest: (ctx) => {
    const acting = writer(ctx);
    if (typeof acting !== 'number') return acting;
    const now = ctx.now();
    return transaction(ctx.db, () => {
      const row = named(ctx.db, acting, ctx.body.emailId);
      if (isReply(row)) return row;
      if (!emailActions(emailFacts(row), true).includes('resend')) return refused(CONFIRMED_ALREADY, 'UE');
      const wait = codeWait(ctx.db, acting, row.email, now);
      if (wait !== null) return tooManyCodes(wait);
      renewEmailCode(ctx.db, row, now);
      return ok();
    });
  },

  companyEmailConfirm: (ctx) => {
    const acting = writer(ctx);
    if (typeof acting !== 'number') return acting;
    const now = ctx.now();
    const code = cleanEmailCode(ctx.body.confirmationCode);
    if (!isEmailCodeComplete(code)) return vf('confirmationCode', CODE_INCOMPLETE);
    return transaction(ctx.db, () => {
      const row = named(ctx.db, acting, ctx.body.emailId);
      if (isReply(row)) return row;
      if (emailStateOf(emailFacts(row)) !== 'unconfirmed') return refused(CONFIRMED_ALREADY, 'UE');
      if (!codeUsable(row, now)) return vf('confirmationCode', CODE_USED_UP);
      if (row.code !== code) {
        const failures = row.code_failures + 1;
        ctx.db.prepare('UPDATE company_emails SET code_failures = ? WHERE id = ?').run(failures, row.id);
        // The fifth wrong code ends this one: the next must be asked for.
        return vf('confirmationCode', codeUsable({ ...row, code_failures: failures }, now) ? CODE_WRONG : CODE_USED_UP);
      }
      ctx.db.prepare('UPDATE company_emails SET confirmed = 1, code = NULL, code_failures = 0 WHERE id = ?').run(row.id);
      announce(ctx.realtime, ctx.db, acting, now);
      return ok();
    });
  },

  companyEmailDelete: idempotent(
    'companyEmailDelete',
    (ctx, acting) => {
      const row = named(ctx.db, acting, ctx.body.emailId);
      if (isReply(row)) return row;
      if (!emailActions(emailFacts(row), true).includes('delete')) return refused(PRIMARY_NOT_DELETED, 'UE');
      ctx.db.prepare('DELETE FROM company_emails WHERE id = ?').run(row.id);
      announce(ctx.realtime, ctx.db, acting, ctx.now());
      return ok();
    },
    { refusal: writeRefusal },
  ),

  companyEmailSetPrimary: idempotent(
    'companyEmailSetPrimary',
    (ctx, acting) => {
      const row = named(ctx.db, acting, ctx.body.emailId);
      if (isReply(row)) return row;
      if (!emailActions(emailFacts(row), true).includes('makePrimary')) return refused(emailStateOf(emailFacts(row)) === 'primary' ? PRIMARY_ALREADY : CONFIRM_FIRST, 'UE');
      // Kept, confirmed and (when applied) told to the company by sandbox/permission-changes.ts.
      return ok({ ...submitPermissionChange(ctx.db, { companyId: acting, authorId: ctx.customerId!, kind: 'primaryEmail', targetName: row.email, emailId: row.id }, ctx.now()) });
    },
    { refusal: writeRefusal },
  ),
};
