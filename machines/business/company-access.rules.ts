/**
 * The company's people and who may do what (issue 54; spec 002 s3 Representative access and info,
 * access right levels; s5 "at least one user with full rights", "value 5 hidden from the assignable
 * list"; s6 roles by position id, forced delete for admins; 001 s6): pure rules the pages, the
 * statecharts and the sandbox share. Every decision is a table test
 * (tests/unit/company-access-rules.test.ts).
 */
import { ACCESS_RIGHTS, FULL_ACCESS, HIDDEN_ACCESS_RIGHT, isCheckableEmail } from '../registration/registration.rules.ts';

export { ACCESS_RIGHTS, FULL_ACCESS, HIDDEN_ACCESS_RIGHT };

// ---- levels, areas and presets --------------------------------------------------------------------

/** The areas a user's access list names (002 s3 accessList; 000 s6), in the order the page shows them. */
export const ACCESS_AREAS = ['balanceInfo', 'transfers', 'history', 'merchant'] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];
export type AccessList = Record<AccessArea, number>;

/** What one user may do for the company: the access right (the registration person's one level) and the level of each area. */
export interface UserAccess {
  accessRights: number;
  accessList: AccessList;
}

/** A level the service knows (0 to 5). */
export const isAccessLevel = (value: unknown): value is number => typeof value === 'number' && (ACCESS_RIGHTS as readonly number[]).includes(value);

/**
 * The levels a select offers for a value it shows (002 s5): 0 to 4 to choose; 5 (uploading) only
 * when it is held already, shown and not choosable again once left.
 */
export function levelOptions(held: number | null): { value: number; disabled: boolean }[] {
  const options = ACCESS_RIGHTS.filter((level) => level !== HIDDEN_ACCESS_RIGHT).map((value) => ({ value, disabled: false }));
  return held === HIDDEN_ACCESS_RIGHT ? [...options, { value: HIDDEN_ACCESS_RIGHT, disabled: true }] : options;
}

/** Whether a level may be given (never 5 unless the user holds it already and keeps it). */
export const mayAssignLevel = (level: number, held: number | null): boolean => isAccessLevel(level) && (level !== HIDDEN_ACCESS_RIGHT || held === HIDDEN_ACCESS_RIGHT);

/**
 * The areas that follow from an access right, as registration gives them (docs/decisions.md "A
 * business registration's users"): none 0 everywhere; read 1 but merchant; full 2 everywhere;
 * initiate, confirmed and uploading: that level for transfers, balance and history full, no merchant.
 */
export function accessListFor(accessRights: number): AccessList {
  if (accessRights === 0) return { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 };
  if (accessRights === 1) return { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 };
  if (accessRights === FULL_ACCESS) return { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 };
  return { balanceInfo: 2, transfers: accessRights, history: 2, merchant: 0 };
}

/** Named starting points over the levels (as Mercury and Wise offer); the service keeps the numbers. */
export const PRESETS = ['admin', 'viewer', 'preparer', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_RIGHTS: Record<Exclude<Preset, 'custom'>, number> = { admin: FULL_ACCESS, viewer: 1, preparer: 3 };

/** The access a preset gives (custom: none, the user chooses each level). */
export const presetAccess = (preset: Exclude<Preset, 'custom'>): UserAccess => ({ accessRights: PRESET_RIGHTS[preset], accessList: accessListFor(PRESET_RIGHTS[preset]) });

/** The preset an access matches exactly, else custom. */
export function presetOf(access: UserAccess): Preset {
  for (const preset of ['admin', 'viewer', 'preparer'] as const) {
    const wanted = presetAccess(preset);
    if (wanted.accessRights === access.accessRights && ACCESS_AREAS.every((area) => wanted.accessList[area] === access.accessList[area])) return preset;
  }
  return 'custom';
}

export const sameAccess = (a: UserAccess, b: UserAccess): boolean => a.accessRights === b.accessRights && ACCESS_AREAS.every((area) => a.accessList[area] === b.accessList[area]);

/** A user with full rights (002 s5: the access right 2). */
export const hasFullRights = (user: Pick<UserAccess, 'accessRights'>): boolean => user.accessRights === FULL_ACCESS;

// ---- roles by position id (002 s6) -----------------------------------------------------------------

/** Representative position ids (002 s6): director 2, shareholder 6 (a person) and 9 (a company), ultimate beneficial owner 8. */
export const POSITION = { director: 2, shareholder: 6, corporateShareholder: 9, ultimateOwner: 8 } as const;
export type PositionId = (typeof POSITION)[keyof typeof POSITION];
export const POSITION_IDS: readonly PositionId[] = Object.values(POSITION);

export const ROLES = ['director', 'shareholder', 'ultimateOwner', 'authorisedUser', 'other'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A person's roles from their position ids (002 s6; a person may hold several): director (2),
 * shareholder (6 or 9, once), ultimate beneficial owner (8); without any of those an authorised
 * user when they are a user of the company, else other. Unknown ids add nothing.
 */
export function rolesOf(positionIds: readonly number[], isUser: boolean): Role[] {
  const roles: Role[] = [];
  if (positionIds.includes(POSITION.director)) roles.push('director');
  if (positionIds.includes(POSITION.shareholder) || positionIds.includes(POSITION.corporateShareholder)) roles.push('shareholder');
  if (positionIds.includes(POSITION.ultimateOwner)) roles.push('ultimateOwner');
  if (roles.length === 0) roles.push(isUser ? 'authorisedUser' : 'other');
  return roles;
}

/** The position ids a person added with these roles holds (a company shareholder is 9, a person 6). */
export function positionIdsOf(roles: { director: boolean; shareholder: boolean; ultimateOwner: boolean }, kind: 'person' | 'company'): PositionId[] {
  const ids: PositionId[] = [];
  if (roles.director && kind === 'person') ids.push(POSITION.director);
  if (roles.shareholder) ids.push(kind === 'company' ? POSITION.corporateShareholder : POSITION.shareholder);
  if (roles.ultimateOwner && kind === 'person') ids.push(POSITION.ultimateOwner);
  return ids;
}

/** Which list of 002 s7 Business lists a position id puts a person in. */
export const isDirector = (ids: readonly number[]): boolean => ids.includes(POSITION.director);
export const isShareholder = (ids: readonly number[]): boolean => ids.includes(POSITION.shareholder) || ids.includes(POSITION.corporateShareholder);
export const isUltimateOwner = (ids: readonly number[]): boolean => ids.includes(POSITION.ultimateOwner);

// ---- the representative action flag (002 s4) ----------------------------------------------------------

export interface RepresentativeDocumentStatuses {
  addressDocumentStatus: number | null;
  identityDocumentStatus: number | null;
  controlDocumentStatus: number | null;
}
export const REPRESENTATIVE_DOCUMENTS = ['address', 'identity', 'control'] as const;
export type RepresentativeDocument = (typeof REPRESENTATIVE_DOCUMENTS)[number];

/** 002 s4: a representative needs action when any address, identity or control document status is set and is not 1 or 2; these are the ones. */
export function representativeActions(statuses: RepresentativeDocumentStatuses): RepresentativeDocument[] {
  const of: Record<RepresentativeDocument, number | null> = {
    address: statuses.addressDocumentStatus,
    identity: statuses.identityDocumentStatus,
    control: statuses.controlDocumentStatus,
  };
  return REPRESENTATIVE_DOCUMENTS.filter((doc) => of[doc] !== null && of[doc] !== 1 && of[doc] !== 2);
}
export const representativeNeedsAction = (statuses: RepresentativeDocumentStatuses): boolean => representativeActions(statuses).length > 0;

// ---- who may do what --------------------------------------------------------------------------------

/** The one who acts on the company's people. */
export interface PeopleEditor {
  /** Their user id (the customer they signed in as). */
  userId: number;
  /** A platform admin who administers the company (002 s6): reads, and may force a representative's delete. */
  isAdmin: boolean;
  /** Their own access right for the company (the owner's is theirs too). */
  accessRights: number;
}

/** A user of the company as the rules see them. */
export interface CompanyUserFacts extends UserAccess {
  userId: number;
}

export type EditRefusal = 'admin' | 'notFull' | 'self';

/** Why the editor may not change this user's rights or remove them (null: they may). Nobody edits their own rights; only a full-access user edits; admins read. */
export function editRefusal(editor: PeopleEditor, targetUserId: number): EditRefusal | null {
  if (editor.isAdmin) return 'admin';
  if (!hasFullRights(editor)) return 'notFull';
  if (editor.userId === targetUserId) return 'self';
  return null;
}

/** Changing the company's people or e-mails (add a representative, their address, an e-mail): a full-access user; admins read. */
export const mayManage = (editor: PeopleEditor): boolean => !editor.isAdmin && hasFullRights(editor);

/** How many users have full rights. */
export const fullUserCount = (users: readonly Pick<CompanyUserFacts, 'accessRights'>[]): number => users.filter(hasFullRights).length;

/**
 * 002 s5: at least one user keeps full rights. A change to `targetUserId` (its new access, or null
 * for a removal) that would leave none is refused ('lastFullUser'); any other change passes.
 */
export function lastFullUserProblem(users: readonly CompanyUserFacts[], targetUserId: number, next: UserAccess | null): 'lastFullUser' | null {
  const after = users.flatMap((user) => (user.userId !== targetUserId ? [user] : next ? [{ ...user, ...next }] : []));
  return fullUserCount(users) > 0 && fullUserCount(after) === 0 ? 'lastFullUser' : null;
}

/** Whether the row of this user can be lowered or removed at all (the page says why not before anyone tries). */
export const isLastFullUser = (users: readonly CompanyUserFacts[], userId: number): boolean => lastFullUserProblem(users, userId, null) !== null;

export type DeleteMode = 'delete' | 'force';
export type DeleteRefusal = 'notAllowed' | 'isUser' | 'hasDocuments';

/**
 * Deleting a representative (002 s6): a full-access user deletes one who holds no documents and is
 * not a user; a platform admin may force it (002 s6 "forced delete for admins"), documents and all;
 * a user is never deleted as a representative (remove their access first).
 */
export function deleteRefusal(editor: PeopleEditor, person: { isUser: boolean; documentCount: number }, mode: DeleteMode): DeleteRefusal | null {
  if (mode === 'force' ? !editor.isAdmin : !mayManage(editor)) return 'notAllowed';
  return personDeleteRefusal(person, mode);
}

/**
 * The person's part of deleteRefusal, for one already offered `mode` (deleteModeOffered): a user is
 * never deleted as a representative; documents stop a plain delete, not a forced one.
 */
export function personDeleteRefusal(person: { isUser: boolean; documentCount: number }, mode: DeleteMode): Exclude<DeleteRefusal, 'notAllowed'> | null {
  if (person.isUser) return 'isUser';
  if (mode === 'delete' && person.documentCount > 0) return 'hasDocuments';
  return null;
}

/** The delete the page offers: admins force; a full-access user deletes; anyone else nothing. */
export const deleteModeOffered = (editor: PeopleEditor): DeleteMode | null => (editor.isAdmin ? 'force' : mayManage(editor) ? 'delete' : null);

// ---- permission changes: no self-approval (an extension; docs/decisions.md "Company access (issue 54)") ----

export const CHANGE_STATUSES = ['awaitingApproval', 'applied', 'declined', 'expired', 'failed'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
export const CHANGE_KINDS = ['rights', 'addUser', 'removeUser', 'primaryEmail'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A change not reviewed in 7 days expires. */
export const CHANGE_EXPIRY_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * How a change is confirmed: with two or more full-access users another one approves it
 * ('anotherApprover'); with one, its author confirms it through their approval mode ('approvalMode').
 */
export const confirmationOf = (users: readonly Pick<CompanyUserFacts, 'accessRights'>[]): 'anotherApprover' | 'approvalMode' => (fullUserCount(users) >= 2 ? 'anotherApprover' : 'approvalMode');

/** A waiting change's status at `now` (ms): expired once 7 days have passed since it was made. */
export function changeStatusAt(change: { status: ChangeStatus; createdAt: string }, now: number): ChangeStatus {
  if (change.status !== 'awaitingApproval') return change.status;
  return now - Date.parse(change.createdAt) >= CHANGE_EXPIRY_DAYS * DAY_MS ? 'expired' : 'awaitingApproval';
}

/** When a waiting change expires (ISO). */
export const changeExpiresAt = (createdAt: string): string => new Date(Date.parse(createdAt) + CHANGE_EXPIRY_DAYS * DAY_MS).toISOString();

export type DecideRefusal = 'admin' | 'notFull' | 'ownChange' | 'notWaiting';

/** Why this user may not approve or decline this change (null: they may): never its author (no self-approval), only a full-access user, only while it waits. */
export function decideRefusal(decider: PeopleEditor, change: { authorId: number; status: ChangeStatus }): DecideRefusal | null {
  if (decider.isAdmin) return 'admin';
  if (change.status !== 'awaitingApproval') return 'notWaiting';
  if (!hasFullRights(decider)) return 'notFull';
  if (decider.userId === change.authorId) return 'ownChange';
  return null;
}

// ---- company e-mails (002 s7 Company emails; s5 the e-mail rule) ---------------------------------------

export const EMAIL_STATES = ['primary', 'confirmed', 'unconfirmed'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** A company e-mail as the rules see it (status 'Primary' marks the primary, as the profile's e-mails do). */
export interface CompanyEmailFacts {
  status?: string | null | undefined;
  confirmed: boolean;
}

export const emailStateOf = (email: CompanyEmailFacts): EmailState => (email.status === 'Primary' ? 'primary' : email.confirmed ? 'confirmed' : 'unconfirmed');

export type EmailAction = 'confirm' | 'resend' | 'makePrimary' | 'delete';

/** What a full-access user may do with an e-mail: confirm and resend while unconfirmed; make primary once confirmed; delete any but the primary. */
export function emailActions(email: CompanyEmailFacts, manage: boolean): EmailAction[] {
  if (!manage) return [];
  const state = emailStateOf(email);
  if (state === 'primary') return [];
  return state === 'unconfirmed' ? ['confirm', 'resend', 'delete'] : ['makePrimary', 'delete'];
}

/** 002 s5: an e-mail to add is worth a call only when it passes the rule (longer than 5 characters, with '@' and '.'); empty is not an e-mail to add. */
export type NewEmailProblem = 'required' | 'invalid' | 'duplicate';
export function newEmailProblem(text: string, existing: readonly string[]): NewEmailProblem | null {
  const email = text.trim();
  if (!email) return 'required';
  if (!isCheckableEmail(email)) return 'invalid';
  return existing.some((known) => known.trim().toLowerCase() === email.toLowerCase()) ? 'duplicate' : null;
}

/** A confirmation code as typed: six digits, spaces ignored. */
export const cleanEmailCode = (text: string): string => text.replace(/\s+/g, '');
export const isEmailCodeComplete = (text: string): boolean => /^\d{6}$/.test(cleanEmailCode(text));
