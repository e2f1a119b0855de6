import Big from 'big.js';
import { denied, owner } from '../access.ts';
import {
  companyUsers,
  deletePerson,
  documentsOfPerson,
  editorFor,
  nameOfPerson,
  newPerson,
  nextPersonId,
  otherShares,
  peopleOf,
  personOf,
  savePerson,
  ultimateOwnersOf,
  type CompanyUser,
} from '../company-people-store.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { customerById } from '../kernel/customers.ts';
import { idempotent } from '../kernel/ledger.ts';
import { ok, refused, vfMany, type Issue } from '../kernel/replies.ts';
import {
  ALREADY_DECIDED,
  announceCompanyChange,
  applyPermissionChange,
  CHANGE_EXPIRED,
  companyChanges,
  endPermissionChange,
  EMAIL_OTHER_ACCOUNT,
  expireOldChanges,
  LAST_FULL_USER,
  NO_SUCH_CHANGE,
  OWNER_NOT_REMOVABLE,
  permissionChangeOf,
  submitPermissionChange,
  toPermissionChange,
  VERSION_CONFLICT,
} from '../permission-changes.ts';
import {
  ACCESS_AREAS,
  changeStatusAt,
  decideRefusal,
  deleteRefusal,
  editRefusal,
  isShareholder,
  lastFullUserProblem,
  mayAssignLevel,
  mayManage,
  newEmailProblem,
  POSITION,
  type AccessList,
  type DecideRefusal,
  type EditRefusal,
  type PeopleEditor,
} from '../../machines/business/company-access.rules.ts';
import { validDate } from '../../machines/registration/registration-draft.ts';
import { parseShare, shareProblem } from '../../machines/registration/registration.rules.ts';

/**
 * The company's people and their access (issue 54; main.yaml tag companyPeople; spec 002 s3
 * Representative access and info, access right levels; s5; s6 roles by position id, forced
 * delete; s7 Business lists; 001 s7 Business). Every call acts for the customer of fromCustomerId
 * as the other company calls do (sandbox/access.ts: ENOA for a customer the caller may not act
 * for), and only a business has people (anyone else: UE). The people and users are
 * sandbox/company-people-store.ts's; the changes of who may do what are
 * sandbox/permission-changes.ts's; who may do what is the rules' (machines/business/
 * company-access.rules.ts: editRefusal, mayManage, mayAssignLevel, lastFullUserProblem,
 * deleteRefusal, decideRefusal).
 *
 * - The lists (ultimate owners, users, access rights, potential users, permission changes): anyone
 *   who may act for the company, an admin who administers it too. (The shareholders and directors
 *   are sandbox/handlers/certification.ts's, read from the same store.)
 * - businessAccessRightsUpdate, businessUserAdd, businessUserDelete: a full-access user, never on
 *   their own row, never level 5 unless held, never leaving no full-access user (UE), naming the
 *   version they read (409 otherwise); the change is kept and confirmed as
 *   submitPermissionChange says (another full-access user, or the author's approval mode).
 * - businessPermissionChangeDecide: another full-access user than its author, while it waits (not
 *   after 7 days); approving applies it, or fails it (409 changed meanwhile, 422 no full-access
 *   user left: the reply has that status and the reason, and a repeat answers the same).
 * - businessRepresentativeAdd: a full-access user; the registration wizard's person rules (or a
 *   company that holds shares), the shareholders' shares at most 100 % together (exact decimals).
 * - businessRepresentativeDelete: a full-access user, of a person without documents who is not a
 *   user; an admin who administers the company forces it (documents and all), never of a user.
 * Every write once per requestId; every change tells the company and its users (`company.changed`).
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const NOT_A_COMPANY_PEOPLE = 'Only a company has representatives and users';
export const ADMIN_READS_PEOPLE = 'An admin reads the company’s people and access but does not change them';
export const FULL_ACCESS_ONLY_PEOPLE = 'Only a user with full access can change the company’s people and access';
export const NO_SELF_EDIT = 'You cannot change your own access';
export const NO_SUCH_USER = 'There is no such user of the company';
export const NO_SUCH_REPRESENTATIVE = 'There is no such representative';
export const LEVEL_NOT_ASSIGNABLE = 'Level 5 can only be kept by a user who holds it already';
export const NO_EMAIL_TO_INVITE = 'This representative has no e-mail to invite';
export const ALREADY_A_USER = 'This person is a user of the company already';
export const OWN_CHANGE = 'You cannot approve a change you made';
export const REMOVE_ACCESS_FIRST = 'Remove this person’s access first';
export const HAS_DOCUMENTS = 'This person has documents on file: ask us to remove them';
export const FORCE_ADMIN_ONLY = 'Only an admin can force a delete';
export const ADMIN_FORCES_ONLY = 'An admin deletes a representative only by forcing the delete';
export const FIELD_TEXTS = {
  firstNameRequired: 'Enter the first name',
  lastNameRequired: 'Enter the last name',
  nameTooLong: 'Use at most 100 characters',
  companyNameRequired: 'Enter the company’s name',
  birthdayRequired: 'Enter the date of birth',
  birthdayNotPast: 'The date of birth must be in the past',
  emailInvalid: 'Enter a valid e-mail address',
  emailDuplicate: 'The company has a representative with this e-mail already',
  phoneInvalid: 'Enter a valid phone number',
  companyShareholderOnly: 'A company can only be a shareholder',
  personPositions: 'A person is a director, a shareholder or an ultimate beneficial owner',
  shareRequired: 'Enter the share in percent',
  shareFormat: 'A share is a number with at most 2 decimals',
  shareRange: 'A share is above 0 and at most 100',
  sharesTotal: 'The shareholders would hold more than 100 % together',
} as const;

const NAME_MAX = 100;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

// ---- who and what ----------------------------------------------------------------------------------

const isReply = (value: number | HandlerReply): value is HandlerReply => typeof value !== 'number';

/** Only a business has people (the caller may act for it: asked before). */
const notACompany = (ctx: Pick<HandlerContext, 'db'>, acting: number): HandlerReply | null => (customerById(ctx.db, acting)?.kind === 'business' ? null : refused(NOT_A_COMPANY_PEOPLE, 'UE'));

/** The acting company of a read, or the refusal. */
function companyRead(ctx: Pick<HandlerContext, 'db' | 'customerId' | 'body'>): number | HandlerReply {
  const acting = owner(ctx);
  if (acting === null) return denied;
  return notACompany(ctx, acting) ?? acting;
}

/** A list of the acting company. */
const list =
  (read: (ctx: HandlerContext, acting: number) => Record<string, unknown>) =>
  (ctx: HandlerContext): HandlerReply => {
    const acting = companyRead(ctx);
    return isReply(acting) ? acting : ok(read(ctx, acting));
  };

const editor = (ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number): PeopleEditor => editorFor(ctx.db, ctx.customerId!, acting);

const EDIT_TEXTS: Record<EditRefusal, string> = { admin: ADMIN_READS_PEOPLE, notFull: FULL_ACCESS_ONLY_PEOPLE, self: NO_SELF_EDIT };
/** Changing the people (add, address): a full-access user; admins read. */
const manageRefusal = (who: PeopleEditor): HandlerReply | null => (mayManage(who) ? null : refused(who.isAdmin ? ADMIN_READS_PEOPLE : FULL_ACCESS_ONLY_PEOPLE, 'UE'));

/** What a user holds, as a change's before and after (main.yaml UserAccessSnapshot). */
const snapshot = (access: { accessRights: number; accessList: AccessList; permissions: object }) => ({ accessRights: access.accessRights, accessList: { ...access.accessList }, permissions: access.permissions });
const snapshotOfUser = (user: CompanyUser) => snapshot({ accessRights: user.accessRights, accessList: user.accessList, permissions: user.flags });

/** Levels that may not be given (5 only where held): VF by field. */
function levelIssues(body: { accessRights: number; accessList: AccessList }, held: { accessRights: number; accessList: AccessList } | null): Issue[] {
  const issues: Issue[] = [];
  if (!mayAssignLevel(body.accessRights, held?.accessRights ?? null)) issues.push({ param: 'accessRights', description: LEVEL_NOT_ASSIGNABLE });
  for (const area of ACCESS_AREAS) {
    if (!mayAssignLevel(body.accessList[area], held?.accessList[area] ?? null)) issues.push({ param: `accessList.${area}`, description: LEVEL_NOT_ASSIGNABLE });
  }
  return issues;
}

const conflict = (message: string): HandlerReply => ({ status: 409, body: { message } });
const userName = (user: CompanyUser): string => [user.row.first_name, user.row.last_name].filter(Boolean).join(' ') || user.row.login;

// ---- the representative's form ----------------------------------------------------------------------

interface RepresentativeBody {
  kind: 'person' | 'company';
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  birthday?: string | null;
  countryOfBirth?: string | null;
  email?: string | null;
  phone?: string | null;
  positionIds: number[];
  share?: string | null;
}

const trimmed = (text: string | null | undefined): string => (text ?? '').trim();

/** What is wrong with a new representative (the first problem of each field). */
function representativeIssues(body: RepresentativeBody, others: { emails: string[]; shares: string[] }, today: string): Issue[] {
  const issues: Issue[] = [];
  const at = (param: string, description: string) => {
    if (!issues.some((issue) => issue.param === param)) issues.push({ param, description });
  };
  const ids = [...new Set(body.positionIds)];
  if (body.kind === 'person') {
    for (const field of ['firstName', 'lastName'] as const) {
      const value = trimmed(body[field]);
      if (!value) at(field, field === 'firstName' ? FIELD_TEXTS.firstNameRequired : FIELD_TEXTS.lastNameRequired);
      else if (value.length > NAME_MAX) at(field, FIELD_TEXTS.nameTooLong);
    }
    const birthday = trimmed(body.birthday);
    if (!birthday || !validDate(birthday)) at('birthday', FIELD_TEXTS.birthdayRequired);
    else if (birthday >= today) at('birthday', FIELD_TEXTS.birthdayNotPast);
    const email = trimmed(body.email);
    if (email) {
      const problem = newEmailProblem(email, others.emails);
      if (problem) at('email', problem === 'duplicate' ? FIELD_TEXTS.emailDuplicate : FIELD_TEXTS.emailInvalid);
    }
    const phone = trimmed(body.phone);
    if (phone && !PHONE.test(phone)) at('phone', FIELD_TEXTS.phoneInvalid);
    if (ids.includes(POSITION.corporateShareholder)) at('positionIds', FIELD_TEXTS.personPositions);
  } else {
    if (!trimmed(body.companyName)) at('companyName', FIELD_TEXTS.companyNameRequired);
    if (ids.some((id) => id !== POSITION.corporateShareholder)) at('positionIds', FIELD_TEXTS.companyShareholderOnly);
  }
  // A person holds shares as 6; a company is always a shareholder.
  if (body.kind === 'company' || ids.includes(POSITION.shareholder)) {
    const share = trimmed(body.share);
    const problem = shareProblem(share);
    if (problem) at('share', problem === 'required' ? FIELD_TEXTS.shareRequired : problem === 'format' ? FIELD_TEXTS.shareFormat : FIELD_TEXTS.shareRange);
    else {
      // Exact decimals: the others' shares and this one together at most 100.
      const total = others.shares.reduce((sum, text) => sum.plus(parseShare(text) ?? Big(0)), parseShare(share)!);
      if (total.gt(100)) at('share', FIELD_TEXTS.sharesTotal);
    }
  }
  return issues;
}

// ---- the handlers ------------------------------------------------------------------------------------

const DECIDE_TEXTS: Record<Exclude<DecideRefusal, 'notWaiting'>, string> = { admin: ADMIN_READS_PEOPLE, notFull: FULL_ACCESS_ONLY_PEOPLE, ownChange: OWN_CHANGE };

export const companyPeopleHandlers: HandlerMap = {
  businessUltimateOwnerList: list((ctx, acting) => ({ ultimateOwners: ultimateOwnersOf(ctx.db, acting) })),

  /** The owner first (the company's own sign-in), then each authorised user; `isYou` marks the caller's row. */
  businessUserList: list((ctx, acting) => {
    const people = peopleOf(ctx.db, acting);
    return {
      users: companyUsers(ctx.db, acting).map((user) => {
        const person = people.find((p) => p.userId === user.userId);
        const profile = JSON.parse(user.row.profile) as { inactive?: boolean };
        return {
          userId: user.userId,
          representativeId: person?.id ?? null,
          firstName: user.row.first_name ?? '',
          lastName: user.row.last_name ?? '',
          email: user.row.login,
          isOwner: user.isOwner,
          isYou: user.userId === ctx.customerId,
          active: profile.inactive !== true,
          positionIds: person?.positionIds ?? [],
        };
      }),
    };
  }),

  businessAccessRightsList: list((ctx, acting) => ({
    accessRights: companyUsers(ctx.db, acting).map((user) => ({ userId: user.userId, accessRights: user.accessRights, accessList: user.accessList, permissions: user.flags, version: user.version })),
  })),

  /** People (not companies) with an e-mail who are not users yet. */
  businessPotentialUserList: list((ctx, acting) => ({
    potentialUsers: peopleOf(ctx.db, acting)
      .filter((person) => person.kind === 'person' && trimmed(person.email) !== '' && person.userId === null)
      .map((person) => ({ representativeId: person.id, firstName: person.firstName ?? '', lastName: person.lastName ?? '', email: person.email!, positionIds: person.positionIds })),
  })),

  businessPermissionChangeList: list((ctx, acting) => ({ changes: companyChanges(ctx.db, acting, ctx.now()).map((change) => toPermissionChange(ctx.db, change, ctx.now())) })),

  businessAccessRightsUpdate: idempotent(
    'businessAccessRightsUpdate',
    (ctx, acting) => {
      const { db, body } = ctx;
      const who = editor(ctx, acting);
      const refusal = editRefusal(who, body.userId);
      if (refusal) return refused(EDIT_TEXTS[refusal], 'UE');
      const users = companyUsers(db, acting);
      const target = users.find((user) => user.userId === body.userId);
      if (!target) return refused(NO_SUCH_USER, 'UE');
      const issues = levelIssues(body, target);
      if (issues.length > 0) return vfMany(issues);
      if (body.version !== target.version) return conflict(VERSION_CONFLICT);
      const next = { accessRights: body.accessRights, accessList: { ...body.accessList } };
      if (lastFullUserProblem(users, target.userId, next)) return refused(LAST_FULL_USER, 'UE');
      const submitted = submitPermissionChange(
        db,
        {
          companyId: acting,
          authorId: who.userId,
          kind: 'rights',
          targetName: userName(target),
          targetUserId: target.userId,
          before: snapshotOfUser(target),
          after: snapshot({ ...next, permissions: body.permissions }),
          targetVersion: target.version,
        },
        ctx.now(),
      );
      return ok({ ...submitted });
    },
    { refusal: notACompany },
  ),

  businessUserAdd: idempotent(
    'businessUserAdd',
    (ctx, acting) => {
      const { db, body } = ctx;
      const who = editor(ctx, acting);
      const refusal = manageRefusal(who);
      if (refusal) return refusal;
      const person = personOf(db, acting, body.representativeId);
      if (!person) return refused(NO_SUCH_REPRESENTATIVE, 'UE');
      if (person.userId !== null) return refused(ALREADY_A_USER, 'UE');
      const email = trimmed(person.email);
      if (person.kind !== 'person' || !email) return refused(NO_EMAIL_TO_INVITE, 'UE');
      const company = customerById(db, acting)!;
      const existing = db.prepare('SELECT id, kind, brand FROM customers WHERE lower(login) = lower(?)').get(email) as { id: number; kind: string; brand: string } | undefined;
      if (existing && (existing.kind !== 'employee' || existing.brand !== company.brand)) return refused(EMAIL_OTHER_ACCOUNT, 'UE');
      if (existing && companyUsers(db, acting).some((user) => user.userId === existing.id)) return refused(ALREADY_A_USER, 'UE');
      const issues = levelIssues(body, null);
      if (issues.length > 0) return vfMany(issues);
      const submitted = submitPermissionChange(
        db,
        {
          companyId: acting,
          authorId: who.userId,
          kind: 'addUser',
          targetName: nameOfPerson(person),
          representativeId: person.id,
          before: null,
          after: snapshot({ accessRights: body.accessRights, accessList: { ...body.accessList }, permissions: body.permissions }),
        },
        ctx.now(),
      );
      return ok({ ...submitted });
    },
    { refusal: notACompany },
  ),

  businessUserDelete: idempotent(
    'businessUserDelete',
    (ctx, acting) => {
      const { db, body } = ctx;
      const who = editor(ctx, acting);
      const refusal = editRefusal(who, body.userId);
      if (refusal) return refused(EDIT_TEXTS[refusal], 'UE');
      const users = companyUsers(db, acting);
      const target = users.find((user) => user.userId === body.userId);
      if (!target) return refused(NO_SUCH_USER, 'UE');
      if (target.isOwner) return refused(OWNER_NOT_REMOVABLE, 'UE');
      if (body.version !== target.version) return conflict(VERSION_CONFLICT);
      if (lastFullUserProblem(users, target.userId, null)) return refused(LAST_FULL_USER, 'UE');
      const person = peopleOf(db, acting).find((p) => p.userId === target.userId);
      const submitted = submitPermissionChange(
        db,
        {
          companyId: acting,
          authorId: who.userId,
          kind: 'removeUser',
          targetName: userName(target),
          targetUserId: target.userId,
          representativeId: person?.id ?? null,
          before: snapshotOfUser(target),
          after: null,
          targetVersion: target.version,
        },
        ctx.now(),
      );
      return ok({ ...submitted });
    },
    { refusal: notACompany },
  ),

  businessPermissionChangeDecide: idempotent(
    'businessPermissionChangeDecide',
    (ctx, acting) => {
      const { db, body } = ctx;
      const now = ctx.now();
      expireOldChanges(db, acting, now);
      const change = permissionChangeOf(db, body.changeId);
      if (!change || change.companyId !== acting) return refused(NO_SUCH_CHANGE, 'UE');
      const status = changeStatusAt(change, now);
      const refusal = decideRefusal(editor(ctx, acting), { authorId: change.authorId, status });
      if (refusal === 'notWaiting') return refused(status === 'expired' ? CHANGE_EXPIRED : ALREADY_DECIDED, 'UE');
      if (refusal) return refused(DECIDE_TEXTS[refusal], 'UE');
      if (body.decision === 'decline') {
        endPermissionChange(db, change.id, 'declined', new Date(now).toISOString(), ctx.customerId);
        announceCompanyChange(db, acting);
      } else {
        const result = applyPermissionChange(db, change.id, now, ctx.customerId);
        // Changed meanwhile (409) or no full-access user would be left (422): the change failed, and the reply says why.
        if (!result.ok) return { status: result.status, body: { message: result.reason } };
      }
      return ok({ change: toPermissionChange(db, permissionChangeOf(db, change.id)!, now) });
    },
    { refusal: notACompany, keeps: (reply) => reply.status === 409 || reply.status === 422 },
  ),

  businessRepresentativeAdd: idempotent(
    'businessRepresentativeAdd',
    (ctx, acting) => {
      const { db, body } = ctx;
      const refusal = manageRefusal(editor(ctx, acting));
      if (refusal) return refusal;
      const people = peopleOf(db, acting);
      const emails = people.flatMap((person) => (person.email ? [person.email] : []));
      const today = new Date(ctx.now()).toISOString().slice(0, 10);
      const issues = representativeIssues(body, { emails, shares: otherShares(people) }, today);
      if (issues.length > 0) return vfMany(issues);
      const positionIds = [...new Set(body.positionIds)];
      const person = body.kind === 'person';
      const id = nextPersonId(db, acting);
      savePerson(
        db,
        acting,
        newPerson({
          id,
          kind: body.kind,
          positionIds,
          firstName: person ? trimmed(body.firstName) : null,
          lastName: person ? trimmed(body.lastName) : null,
          companyName: person ? null : trimmed(body.companyName),
          birthday: person ? trimmed(body.birthday) : null,
          countryOfBirth: body.countryOfBirth ?? null,
          email: person && trimmed(body.email) ? trimmed(body.email).toLowerCase() : null,
          phone: person && trimmed(body.phone) ? trimmed(body.phone) : null,
          share: isShareholder(positionIds) ? trimmed(body.share).replace(',', '.') : null,
        }),
      );
      announceCompanyChange(db, acting);
      return ok({ representativeId: id });
    },
    { refusal: notACompany },
  ),

  businessRepresentativeDelete: idempotent(
    'businessRepresentativeDelete',
    (ctx, acting) => {
      const { db, body } = ctx;
      const person = personOf(db, acting, body.representativeId);
      if (!person) return refused(NO_SUCH_REPRESENTATIVE, 'UE');
      const who = editor(ctx, acting);
      const mode = body.force === true ? 'force' : 'delete';
      const refusal = deleteRefusal(who, { isUser: person.userId !== null, documentCount: documentsOfPerson(person).length }, mode);
      if (refusal === 'notAllowed') return refused(mode === 'force' ? FORCE_ADMIN_ONLY : who.isAdmin ? ADMIN_FORCES_ONLY : FULL_ACCESS_ONLY_PEOPLE, 'UE');
      if (refusal) return refused(refusal === 'isUser' ? REMOVE_ACCESS_FIRST : HAS_DOCUMENTS, 'UE');
      deletePerson(db, acting, person.id);
      announceCompanyChange(db, acting);
      return ok();
    },
    { refusal: notACompany },
  ),
};

/** A representative of the acting company for a write (businessRepresentativeAddressCreate with representativeId), or the refusal. */
export function representativeForWrite(ctx: Pick<HandlerContext, 'db' | 'customerId'>, acting: number, representativeId: number): HandlerReply | null {
  const refusal = manageRefusal(editor(ctx, acting));
  if (refusal) return refusal;
  return personOf(ctx.db, acting, representativeId) ? null : refused(NO_SUCH_REPRESENTATIVE, 'UE');
}

