import type { Db } from './db.ts';
import type { Realtime } from './realtime.ts';
import type { components } from '../api-schemas/generated/main.ts';
import { authorise } from './access.ts';
import { approveModeOf, holdForApproval, type ApproveType } from './approvals.ts';
import { companyAudience, personName } from './company-file-store.ts';
import { changePerson, companyUsers, peopleOf, personOf, savePerson } from './company-people-store.ts';
import { createEmployee } from './handlers/registration.ts';
import { customerByEmail, customerById } from './kernel/customers.ts';
import type { PerformResult, Performer, PermissionChangeWork } from './work.ts';
import {
  changeExpiresAt,
  changeStatusAt,
  confirmationOf,
  lastFullUserProblem,
  type AccessList,
  type ChangeKind,
  type ChangeStatus,
} from '../machines/business/company-access.rules.ts';

/**
 * Permission changes (issue 54; an extension: no self-approval, docs/decisions.md "Company access
 * (issue 54)"): a change of who may do what for a company (a user's rights, a representative
 * invited as a user, a user removed, a new primary e-mail) is never applied by its author alone.
 * submitPermissionChange keeps it (permission_changes) and confirms it by the rules'
 * confirmationOf: with two or more full-access users it waits for another one
 * (businessPermissionChangeDecide); with one, its author confirms it through their approval mode
 * (a held operation of work `permissionChange`, which approvePayment or the other device confirms;
 * mode none: applied at once). A waiting change not decided in 7 days expires (stored so when read).
 *
 * Applying re-checks what the change was made from: the target's version (someone else changed
 * that user's access meanwhile: 409) and that a user keeps full access (422); then it is applied
 * or failed with the reason. Each kind's applier is registered here (registerChangeApplier): the
 * rights, addUser and removeUser ones below, primaryEmail by the company e-mails
 * (sandbox/handlers/company-emails.ts). Every change made, decided or applied tells the company and
 * its users (`company.changed`, through the realtime channel the server connects:
 * connectRealtime).
 */

export type PermissionChange = components['schemas']['PermissionChange'];
export type UserAccessSnapshot = components['schemas']['UserAccessSnapshot'];

/** A change as kept (permission_changes, its data read). */
export interface PermissionChangeRecord {
  id: number;
  companyId: number;
  kind: ChangeKind;
  status: ChangeStatus;
  authorId: number;
  targetUserId: number | null;
  representativeId: number | null;
  emailId: number | null;
  targetName: string;
  before: object | null;
  after: object | null;
  /** The version of the target user's access the change was made from (rights, removeUser). */
  targetVersion: number | null;
  /** The customer an applied addUser made for the person (a restore forgets it); null when they existed already. */
  createdCustomerId: number | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: number | null;
  failureReason: string | null;
}

/** What applying a change answers: done, or why not (409: what it changes changed since; 422: it may not be done). */
export type ApplyResult = { ok: true } | { ok: false; status: 409 | 422; reason: string };
export type ChangeApplier = (db: Db, change: PermissionChangeRecord, now: number) => ApplyResult;

/** The reply fields of a submitted change (main.yaml PermissionChangeReply, without the envelope). */
export interface PermissionChangeSubmitted {
  approveType: ApproveType;
  operationId?: string;
  approvalSentTo?: string;
  availableApprovalMethods?: ApproveType[];
  /** Set when the change waits for another full-access user. */
  changeRequestId?: number;
  /** completed: applied at once (approval mode none); pending: waiting for another full-access user. */
  status?: 'completed' | 'pending';
  change: PermissionChange;
}

/** The texts (translated in sandbox/texts). */
export const VERSION_CONFLICT = 'Someone else changed this user’s access. Reload to see it.';
export const PERSON_CHANGED = 'This person changed meanwhile. Reload to see it.';
export const LAST_FULL_USER = 'At least one user must keep full access';
export const OWNER_NOT_REMOVABLE = 'The owner cannot be removed';
export const EMAIL_OTHER_ACCOUNT = 'This e-mail signs in to another account: invite the person with another e-mail';
export const CHANGE_EXPIRED = 'This change expired: nobody approved it within 7 days';
export const ALREADY_DECIDED = 'This change has been decided already';
export const NOT_CONFIRMED = 'The change was not confirmed';
export const CANNOT_APPLY = 'This kind of change cannot be applied here';
export const NO_SUCH_CHANGE = 'There is no such change';

const DAY = 86_400_000;
/** Decided changes stay in the list this long. */
export const DECIDED_LISTED_DAYS = 30;
const iso = (ms: number) => new Date(ms).toISOString();

// ---- the news ---------------------------------------------------------------------------------------

const channels = new WeakMap<Db, Realtime>();
/** The realtime channel of the sandbox that holds this database (sandbox/server.ts), so a change applied by an approval tells the company too. */
export const connectRealtime = (db: Db, realtime: Realtime): void => void channels.set(db, realtime);

/** `company.changed` to the company and each of its users: their lists read again. */
export function announceCompanyChange(db: Db, companyId: number): void {
  const realtime = channels.get(db);
  if (!realtime) return;
  const id = `company-${companyId}-${Date.now()}`;
  for (const customerId of companyAudience(db, companyId)) realtime.toCustomer(customerId, { type: 'company.changed', id, customerId: companyId });
}

// ---- the table -----------------------------------------------------------------------------------

interface ChangeRow {
  id: number;
  company_id: number;
  kind: string;
  status: string;
  author_id: number;
  data: string;
  created: string;
  decided: string | null;
  decided_by: number | null;
  failure_reason: string | null;
}

interface ChangeData {
  targetUserId: number | null;
  representativeId: number | null;
  emailId: number | null;
  targetName: string;
  before: object | null;
  after: object | null;
  targetVersion: number | null;
  createdCustomerId?: number | null;
}

const recordOfRow = (row: ChangeRow): PermissionChangeRecord => {
  const data = JSON.parse(row.data) as ChangeData;
  return {
    id: row.id,
    companyId: row.company_id,
    kind: row.kind as ChangeKind,
    status: row.status as ChangeStatus,
    authorId: row.author_id,
    targetUserId: data.targetUserId,
    representativeId: data.representativeId,
    emailId: data.emailId,
    targetName: data.targetName,
    before: data.before,
    after: data.after,
    targetVersion: data.targetVersion,
    createdCustomerId: data.createdCustomerId ?? null,
    createdAt: row.created,
    decidedAt: row.decided,
    decidedBy: row.decided_by,
    failureReason: row.failure_reason,
  };
};

const dataOf = (record: Pick<PermissionChangeRecord, keyof ChangeData>): ChangeData => ({
  targetUserId: record.targetUserId,
  representativeId: record.representativeId,
  emailId: record.emailId,
  targetName: record.targetName,
  before: record.before,
  after: record.after,
  targetVersion: record.targetVersion,
  ...(record.createdCustomerId ? { createdCustomerId: record.createdCustomerId } : {}),
});

/** A change by id (of any company), or undefined. */
export function permissionChangeOf(db: Db, changeId: number): PermissionChangeRecord | undefined {
  const row = db.prepare('SELECT * FROM permission_changes WHERE id = ?').get(changeId) as ChangeRow | undefined;
  return row ? recordOfRow(row) : undefined;
}

/** Keeps a change (the submit, the seed): its id. */
export function storePermissionChange(
  db: Db,
  change: Omit<PermissionChangeRecord, 'id' | 'createdCustomerId' | 'decidedAt' | 'decidedBy' | 'failureReason'> &
    Partial<Pick<PermissionChangeRecord, 'createdCustomerId' | 'decidedAt' | 'decidedBy' | 'failureReason'>>,
): number {
  const result = db
    .prepare('INSERT INTO permission_changes (company_id, kind, status, author_id, data, created, decided, decided_by, failure_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(
      change.companyId,
      change.kind,
      change.status,
      change.authorId,
      JSON.stringify(dataOf({ ...change, createdCustomerId: change.createdCustomerId ?? null })),
      change.createdAt,
      change.decidedAt ?? null,
      change.decidedBy ?? null,
      change.failureReason ?? null,
    );
  return Number(result.lastInsertRowid);
}

/** A change ends: applied, declined, expired or failed (with why), decided when and by whom. */
export function endPermissionChange(db: Db, changeId: number, status: Exclude<ChangeStatus, 'awaitingApproval'>, at: string, decidedBy: number | null, reason: string | null = null): void {
  db.prepare('UPDATE permission_changes SET status = ?, decided = ?, decided_by = COALESCE(?, decided_by), failure_reason = ? WHERE id = ?').run(status, at, decidedBy, reason, changeId);
}

const saveData = (db: Db, change: PermissionChangeRecord): void => void db.prepare('UPDATE permission_changes SET data = ? WHERE id = ?').run(JSON.stringify(dataOf(change)), change.id);

/** The company's waiting changes past their 7 days are stored as expired (decided when they expired). */
export function expireOldChanges(db: Db, companyId: number, now: number): void {
  const rows = db.prepare("SELECT * FROM permission_changes WHERE company_id = ? AND status = 'awaitingApproval'").all(companyId) as unknown as ChangeRow[];
  for (const row of rows) {
    const record = recordOfRow(row);
    if (changeStatusAt(record, now) === 'expired') endPermissionChange(db, record.id, 'expired', changeExpiresAt(record.createdAt), null);
  }
}

/** The company's changes newest first: the waiting ones and those decided in the last 30 days (an expired one stored so first). */
export function companyChanges(db: Db, companyId: number, now: number): PermissionChangeRecord[] {
  expireOldChanges(db, companyId, now);
  const since = iso(now - DECIDED_LISTED_DAYS * DAY);
  return (
    db
      .prepare("SELECT * FROM permission_changes WHERE company_id = ? AND (status = 'awaitingApproval' OR decided >= ?) ORDER BY created DESC, id DESC")
      .all(companyId, since) as unknown as ChangeRow[]
  ).map(recordOfRow);
}

/** A customer's name as a change names its author or decider. */
const nameOf = (db: Db, customerId: number | null): string | null => {
  if (customerId === null) return null;
  const row = customerById(db, customerId);
  return row ? personName(row) : null;
};

/** A change as the contract has it (main.yaml PermissionChange), its status at `now`. */
export function toPermissionChange(db: Db, change: PermissionChangeRecord, now: number): PermissionChange {
  return {
    id: change.id,
    kind: change.kind,
    status: changeStatusAt(change, now),
    authorId: change.authorId,
    authorName: nameOf(db, change.authorId) ?? '',
    createdAt: change.createdAt,
    expiresAt: changeExpiresAt(change.createdAt),
    decidedAt: change.decidedAt,
    decidedByName: nameOf(db, change.decidedBy),
    targetUserId: change.targetUserId,
    representativeId: change.representativeId,
    targetName: change.targetName,
    emailId: change.emailId,
    before: change.before as UserAccessSnapshot | null,
    after: change.after as UserAccessSnapshot | null,
    failureReason: change.failureReason,
  };
}

// ---- submitting -------------------------------------------------------------------------------------

/**
 * Keeps a change and confirms it (the caller has checked who may make it and that it may be made):
 * with two or more full-access users it waits for another one (changeRequestId, approveType none,
 * status pending); with one, its author confirms it in their approval mode (the approval fields of
 * a held operation), or with mode none it is applied at once (status completed; should it fail
 * meanwhile, the change says so: failed with the reason). The company and its users are told.
 */
export function submitPermissionChange(
  db: Db,
  input: {
    companyId: number;
    authorId: number;
    kind: 'rights' | 'addUser' | 'removeUser' | 'primaryEmail';
    targetName: string;
    targetUserId?: number | null;
    representativeId?: number | null;
    emailId?: number | null;
    before?: object | null;
    after?: object | null;
    targetVersion?: number | null;
  },
  now: number,
): PermissionChangeSubmitted {
  const createdAt = iso(now);
  const changeId = storePermissionChange(db, {
    companyId: input.companyId,
    kind: input.kind,
    status: 'awaitingApproval',
    authorId: input.authorId,
    targetUserId: input.targetUserId ?? null,
    representativeId: input.representativeId ?? null,
    emailId: input.emailId ?? null,
    targetName: input.targetName,
    before: input.before ?? null,
    after: input.after ?? null,
    targetVersion: input.targetVersion ?? null,
    createdAt,
  });
  announceCompanyChange(db, input.companyId);
  const current = () => toPermissionChange(db, permissionChangeOf(db, changeId)!, now);
  if (confirmationOf(companyUsers(db, input.companyId)) === 'anotherApprover') {
    return { approveType: 'none', changeRequestId: changeId, status: 'pending', change: current() };
  }
  const mode = approveModeOf(db, input.authorId);
  if (mode === 'none') {
    const result = applyPermissionChange(db, changeId, now, input.authorId);
    return { approveType: 'none', ...(result.ok ? { status: 'completed' as const } : {}), change: current() };
  }
  const work: PermissionChangeWork = { kind: 'permissionChange', changeId, companyId: input.companyId };
  const approval = holdForApproval(db, input.companyId, mode, work, null, createdAt, input.authorId === input.companyId ? null : input.authorId);
  return { ...approval, change: current() };
}

// ---- applying ---------------------------------------------------------------------------------------

const appliers = new Map<ChangeKind, ChangeApplier>();

/** Who applies a kind of change (the rights, addUser and removeUser ones here; primaryEmail the company e-mails'). */
export function registerChangeApplier(kind: ChangeKind, apply: ChangeApplier): void {
  appliers.set(kind, apply);
}

/**
 * Applies a waiting change now (an approval by another full-access user, the author's confirmed
 * approval, or mode none): its kind's applier re-checks and does it; the change is then applied, or
 * failed with the reason (expired or already decided: left as it is, and said). `decidedBy`: who
 * approved it. The company and its users are told.
 */
export function applyPermissionChange(db: Db, changeId: number, now: number, decidedBy: number | null = null): ApplyResult {
  const change = permissionChangeOf(db, changeId);
  if (!change) return { ok: false, status: 422, reason: NO_SUCH_CHANGE };
  expireOldChanges(db, change.companyId, now);
  const status = changeStatusAt(change, now);
  if (status !== 'awaitingApproval') return { ok: false, status: 422, reason: status === 'expired' ? CHANGE_EXPIRED : ALREADY_DECIDED };
  const apply = appliers.get(change.kind);
  const result: ApplyResult = apply ? apply(db, change, now) : { ok: false, status: 422, reason: CANNOT_APPLY };
  endPermissionChange(db, changeId, result.ok ? 'applied' : 'failed', iso(now), decidedBy, result.ok ? null : result.reason);
  announceCompanyChange(db, change.companyId);
  return result;
}

/** The held work of a change confirmed through its author's approval mode (sandbox/performers.ts). */
export const permissionChangePerformer: Performer<PermissionChangeWork> = {
  perform: (db, _acting, work, _held, now): PerformResult => {
    const author = permissionChangeOf(db, work.changeId)?.authorId ?? null;
    const result = applyPermissionChange(db, work.changeId, Date.parse(now), author);
    return result.ok ? { ok: true } : { ok: false, reason: result.reason };
  },
  // Not confirmed (a wrong code too many, rejected on the phone, expired): the change fails, unless it ended already.
  release: (db, _acting, work, _held, now) => {
    const change = permissionChangeOf(db, work.changeId);
    if (change?.status !== 'awaitingApproval') return;
    endPermissionChange(db, change.id, 'failed', now, null, NOT_CONFIRMED);
    announceCompanyChange(db, change.companyId);
  },
};

// ---- the appliers of the people's changes ----------------------------------------------------------------

interface Snapshot {
  accessRights: number;
  accessList: AccessList;
  permissions?: object;
}
const snapshotOf = (value: object | null): Snapshot | null => (value && 'accessRights' in value && 'accessList' in value ? (value as Snapshot) : null);
const conflict = (reason: string): ApplyResult => ({ ok: false, status: 409, reason });
const refusedChange = (reason: string): ApplyResult => ({ ok: false, status: 422, reason });

/** A user's new rights (authorized_users, or owner_access for the owner), the version one up. */
registerChangeApplier('rights', (db, change) => {
  const after = snapshotOf(change.after);
  if (change.targetUserId === null || !after) return refusedChange(CANNOT_APPLY);
  const users = companyUsers(db, change.companyId);
  const user = users.find((u) => u.userId === change.targetUserId);
  if (!user || (change.targetVersion !== null && user.version !== change.targetVersion)) return conflict(VERSION_CONFLICT);
  if (lastFullUserProblem(users, user.userId, after)) return refusedChange(LAST_FULL_USER);
  const permissions = JSON.stringify(after.accessList);
  const flags = after.permissions ? JSON.stringify(after.permissions) : null;
  if (user.isOwner) {
    db.prepare(
      'INSERT INTO owner_access (company_id, access_rights, permissions, flags, version) VALUES (?, ?, ?, ?, ?) ON CONFLICT (company_id) DO UPDATE SET access_rights = excluded.access_rights, permissions = excluded.permissions, flags = excluded.flags, version = excluded.version',
    ).run(change.companyId, after.accessRights, permissions, flags, user.version + 1);
  } else {
    db.prepare('UPDATE authorized_users SET access_rights = ?, permissions = ?, flags = ?, version = version + 1 WHERE user_id = ? AND company_id = ?').run(
      after.accessRights,
      permissions,
      flags,
      user.userId,
      change.companyId,
    );
  }
  return { ok: true };
});

/**
 * A representative invited as a user: an employee of the company made for their e-mail the way a
 * registration makes one (not yet active, the activation e-mail in the outbox), or, when an
 * employee of the brand signs in with it already (a user of another company), that one; authorised
 * with the change's access; the person is that user from now on.
 */
registerChangeApplier('addUser', (db, change, now) => {
  const after = snapshotOf(change.after);
  const person = change.representativeId === null ? undefined : personOf(db, change.companyId, change.representativeId);
  if (!after) return refusedChange(CANNOT_APPLY);
  if (!person || person.userId !== null || !person.email) return conflict(PERSON_CHANGED);
  const company = customerById(db, change.companyId);
  if (!company) return refusedChange(CANNOT_APPLY);
  const existing = customerByEmail(db, person.email);
  if (existing && (existing.kind !== 'employee' || existing.brand !== company.brand)) return refusedChange(EMAIL_OTHER_ACCOUNT);
  if (existing && db.prepare('SELECT 1 FROM authorized_users WHERE user_id = ? AND company_id = ?').get(existing.id, change.companyId)) return conflict(PERSON_CHANGED);
  const profile = JSON.parse(company.profile) as { residenceCountryCode?: string | null };
  const userId =
    existing?.id ??
    createEmployee(db, {
      brand: company.brand,
      email: person.email,
      firstName: person.firstName ?? '',
      lastName: person.lastName ?? '',
      businessId: company.id,
      businessName: company.business_name ?? personName(company),
      accessRights: after.accessRights,
      residenceCountryCode: profile.residenceCountryCode ?? null,
      now,
    });
  authorise(db, userId, company.id, after.accessRights, { ...after.accessList });
  if (after.permissions) db.prepare('UPDATE authorized_users SET flags = ? WHERE user_id = ? AND company_id = ?').run(JSON.stringify(after.permissions), userId, company.id);
  changePerson(db, company.id, person.id, (p) => void (p.userId = userId));
  saveData(db, { ...change, targetUserId: userId, createdCustomerId: existing ? null : userId });
  return { ok: true };
});

/** A user's access to the company removed (never the owner's; never the last full-access user's): the person they are is no longer a user. */
registerChangeApplier('removeUser', (db, change) => {
  if (change.targetUserId === null) return refusedChange(CANNOT_APPLY);
  if (change.targetUserId === change.companyId) return refusedChange(OWNER_NOT_REMOVABLE);
  const users = companyUsers(db, change.companyId);
  const user = users.find((u) => u.userId === change.targetUserId);
  if (!user || (change.targetVersion !== null && user.version !== change.targetVersion)) return conflict(VERSION_CONFLICT);
  if (lastFullUserProblem(users, user.userId, null)) return refusedChange(LAST_FULL_USER);
  db.prepare('DELETE FROM authorized_users WHERE user_id = ? AND company_id = ?').run(user.userId, change.companyId);
  for (const person of peopleOf(db, change.companyId).filter((p) => p.userId === user.userId)) savePerson(db, change.companyId, { ...person, userId: null });
  return { ok: true };
});
