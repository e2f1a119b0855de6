import type { Db } from './db.ts';
import { storedCompanyFile, nextAddressId, type CompanyAddress, type CompanyDocument } from './company-file-store.ts';
import { customerById, type CustomerRow } from './kernel/customers.ts';
import type { components } from '../api-schemas/generated/main.ts';
import { accessListFor, FULL_ACCESS, isDirector, isShareholder, isUltimateOwner, type AccessList, type PeopleEditor, type UserAccess } from '../machines/business/company-access.rules.ts';
import { documentSetStatus } from '../machines/company/company-file.rules.ts';
import { DOCUMENT_STATUS } from '../machines/verification/verification.rules.ts';

/**
 * The company's people and its users (issue 54; spec 002 s3 Representative access and info; s6
 * roles by position id; s7 Business lists). A person is one row of company_people (by id within
 * the company, the person as JSON: CompanyPerson): a person or a company that holds shares, with
 * every position they hold (a director who is also a shareholder is one person, [6, 2]), their
 * share as text, their address and documents, the statuses of their address, identity and control
 * document sets, and the user they sign in as when they are a user of the company (userId). The
 * seed writes every business's people (sandbox/seed-company-people.ts); a registration writes those
 * it names (sandbox/handlers/registration.ts).
 *
 * The users of a company are its owner (the company's own customer row: full access unless
 * owner_access holds another, written when another full-access user changed it) and its authorised
 * users (authorized_users: their rights there, their permission flags when not the company's, and
 * the version a change names). What they may do is sandbox/access.ts's; who may change it is the
 * rules' (machines/business/company-access.rules.ts), asked by sandbox/handlers/company-people.ts
 * and applied by sandbox/permission-changes.ts.
 *
 * A representative's documents have ids from 80001 (the company file's from 60001), so a decision
 * by id (POST /__sandbox/documents/decide) finds one place; their addresses take the file's next
 * address ids (the company's and its representatives' together).
 */

export type PermissionFlags = components['schemas']['PermissionFlags'];

/** A representative of the company (company_people.data). */
export interface CompanyPerson {
  /** Unique within the company. */
  id: number;
  kind: 'person' | 'company';
  firstName: string | null;
  lastName: string | null;
  /** A company that holds shares: its name. */
  companyName: string | null;
  birthday: string | null;
  countryOfBirth: string | null;
  email: string | null;
  phone: string | null;
  /** 002 s6: director 2, shareholder 6 (a person) or 9 (a company), ultimate beneficial owner 8. */
  positionIds: number[];
  /** A shareholder's share in percent, as text (never a float). */
  share: string | null;
  /** The customer this person signs in as, when they are a user of the company; else null. */
  userId: number | null;
  address: CompanyAddress | null;
  /** Their identity and control documents (the address's proofs are on the address). */
  documents: CompanyDocument[];
  /** CompanyDocumentSetStatus (0 missing, 1 submitted, 2 confirmed, 3 rejected, 4 expired), or null when not asked. */
  addressDocumentStatus: number | null;
  identityDocumentStatus: number | null;
  controlDocumentStatus: number | null;
}

/** A person as the seed and the registration write them: the facts given, nothing on file yet. */
export const newPerson = (fields: Pick<CompanyPerson, 'id' | 'kind' | 'positionIds'> & Partial<CompanyPerson>): CompanyPerson => ({
  firstName: null,
  lastName: null,
  companyName: null,
  birthday: null,
  countryOfBirth: null,
  email: null,
  phone: null,
  share: null,
  userId: null,
  address: null,
  documents: [],
  addressDocumentStatus: null,
  identityDocumentStatus: null,
  controlDocumentStatus: null,
  ...fields,
});

const REPRESENTATIVE_DOCUMENT_FLOOR = 80_000;
const CONTROL_TYPES: readonly number[] = [90, 91];

// ---- the table -----------------------------------------------------------------------------------

/** The company's people, by id. */
export const peopleOf = (db: Db, companyId: number): CompanyPerson[] =>
  (db.prepare('SELECT data FROM company_people WHERE company_id = ? ORDER BY id').all(companyId) as { data: string }[]).map((row) => JSON.parse(row.data) as CompanyPerson);

export function personOf(db: Db, companyId: number, id: number): CompanyPerson | undefined {
  const row = db.prepare('SELECT data FROM company_people WHERE company_id = ? AND id = ?').get(companyId, id) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as CompanyPerson) : undefined;
}

export const savePerson = (db: Db, companyId: number, person: CompanyPerson): void =>
  void db
    .prepare('INSERT INTO company_people (company_id, id, data) VALUES (?, ?, ?) ON CONFLICT (company_id, id) DO UPDATE SET data = excluded.data')
    .run(companyId, person.id, JSON.stringify(person));

export const deletePerson = (db: Db, companyId: number, id: number): boolean => Number(db.prepare('DELETE FROM company_people WHERE company_id = ? AND id = ?').run(companyId, id).changes) > 0;

/** The company's people replaced by these (the seed, a restore, a registration). */
export function replacePeople(db: Db, companyId: number, people: readonly CompanyPerson[]): void {
  db.prepare('DELETE FROM company_people WHERE company_id = ?').run(companyId);
  for (const person of people) savePerson(db, companyId, person);
}

/** The next person id of the company. */
export const nextPersonId = (db: Db, companyId: number): number =>
  ((db.prepare('SELECT MAX(id) AS id FROM company_people WHERE company_id = ?').get(companyId) as { id: number | null }).id ?? 0) + 1;

/** Changes a person and keeps it; undefined when the company has no such person. */
export function changePerson(db: Db, companyId: number, id: number, change: (person: CompanyPerson) => void): CompanyPerson | undefined {
  const person = personOf(db, companyId, id);
  if (!person) return undefined;
  change(person);
  savePerson(db, companyId, person);
  return person;
}

/** The person who is this user of the company, if any. */
export const personOfUser = (db: Db, companyId: number, userId: number): CompanyPerson | undefined => peopleOf(db, companyId).find((person) => person.userId === userId);

/** A person's name as a list or a change names them: first and last name, or the company's name. */
export const nameOfPerson = (person: Pick<CompanyPerson, 'kind' | 'firstName' | 'lastName' | 'companyName'>): string =>
  person.kind === 'company' ? (person.companyName ?? '') : [person.firstName, person.lastName].filter(Boolean).join(' ');

/** Every document on a person's record: their own and their address's proofs. */
export const documentsOfPerson = (person: CompanyPerson): CompanyDocument[] => [...person.documents, ...(person.address?.uploadedDocuments ?? [])];

/** The shares of the company's shareholders, but this person's (as text). */
export const otherShares = (people: readonly CompanyPerson[], exceptId: number | null = null): string[] =>
  people.filter((person) => person.id !== exceptId && isShareholder(person.positionIds) && person.share !== null).map((person) => person.share!);

// ---- documents and addresses ------------------------------------------------------------------------

/** The next document id for a representative of the company (from 80001). */
export function nextRepresentativeDocumentId(db: Db, companyId: number): number {
  const ids = peopleOf(db, companyId).flatMap((person) => documentsOfPerson(person).map((doc) => doc.id));
  return Math.max(REPRESENTATIVE_DOCUMENT_FLOOR, ...ids) + 1;
}

/** The next address id: after the company file's and every representative's. */
export function nextRepresentativeAddressId(db: Db, companyId: number): number {
  const file = storedCompanyFile(db, companyId);
  const fromFile = file ? nextAddressId(file) : 601;
  const ids = peopleOf(db, companyId).flatMap((person) => (person.address ? [person.address.addressId] : []));
  return Math.max(fromFile, ...ids.map((id) => id + 1));
}

/** The set a document of a person belongs to: their address's proof, a control document, else identity. */
function setOf(person: CompanyPerson, documentId: number): 'address' | 'identity' | 'control' | null {
  if (person.address?.uploadedDocuments.some((doc) => doc.id === documentId)) return 'address';
  const doc = person.documents.find((d) => d.id === documentId);
  if (!doc) return null;
  return CONTROL_TYPES.includes(doc.documentTypeId) ? 'control' : 'identity';
}

/**
 * The service's decision on a representative's document (the control API): confirmed (2) or
 * refused (26, not readable); its set's status follows (documentSetStatus), an address's proof
 * confirms the address (1) or refuses it (3). False when no person of the company has it.
 */
export function decideRepresentativeDocument(db: Db, companyId: number, documentId: number, decision: 'confirm' | 'reject'): boolean {
  const person = peopleOf(db, companyId).find((p) => setOf(p, documentId) !== null);
  if (!person) return false;
  const set = setOf(person, documentId)!;
  const doc = documentsOfPerson(person).find((d) => d.id === documentId)!;
  doc.statusId = decision === 'confirm' ? DOCUMENT_STATUS.confirmed : DOCUMENT_STATUS.rejected;
  doc.rejectReason = decision === 'confirm' ? null : 'The document is not readable';
  if (set === 'address' && person.address) {
    person.address.addressStatus = decision === 'confirm' ? 1 : 3;
    person.addressDocumentStatus = documentSetStatus(person.address.uploadedDocuments);
  } else {
    const docs = person.documents.filter((d) => (set === 'control') === CONTROL_TYPES.includes(d.documentTypeId));
    if (set === 'control') person.controlDocumentStatus = documentSetStatus(docs);
    else person.identityDocumentStatus = documentSetStatus(docs);
  }
  savePerson(db, companyId, person);
  return true;
}

const waitingStatus = (statusId: number) => statusId === DOCUMENT_STATUS.submitted || statusId === DOCUMENT_STATUS.underInvestigation || statusId === DOCUMENT_STATUS.pending;

/** The company's representatives' documents still waiting for the service's decision. */
export const waitingRepresentativeDocumentIds = (db: Db, companyId: number): number[] =>
  peopleOf(db, companyId)
    .flatMap(documentsOfPerson)
    .filter((doc) => waitingStatus(doc.statusId))
    .map((doc) => doc.id);

// ---- the replies ------------------------------------------------------------------------------------

/** A document as the contract has it (main.yaml UploadedDocument). */
const toDocument = ({ createdDate: _sent, ...doc }: CompanyDocument) => doc;
const toAddress = (address: CompanyAddress) => ({ ...address, uploadedDocuments: address.uploadedDocuments.map(toDocument) });

/** main.yaml RepresentativeDetails: the person's roles, contacts, user, address, documents and document set statuses. */
export const toRepresentativeDetails = (person: CompanyPerson) => ({
  positionIds: person.positionIds,
  email: person.email,
  phone: person.phone,
  userId: person.userId,
  address: person.address ? toAddress(person.address) : null,
  documents: documentsOfPerson(person).map(toDocument),
  addressDocumentStatus: person.addressDocumentStatus,
  identityDocumentStatus: person.identityDocumentStatus,
  controlDocumentStatus: person.controlDocumentStatus,
});

/** main.yaml BusinessPerson (a director, an ultimate owner). */
export const toBusinessPerson = (person: CompanyPerson) => ({
  id: person.id,
  firstName: person.firstName ?? '',
  lastName: person.lastName ?? '',
  birthday: person.birthday,
  countryOfBirth: person.countryOfBirth,
  ...toRepresentativeDetails(person),
});

/** main.yaml BusinessShareholder (a person or a company, with its share). */
export const toShareholder = (person: CompanyPerson) => ({
  id: person.id,
  kind: person.kind,
  firstName: person.firstName,
  lastName: person.lastName,
  companyName: person.companyName,
  birthday: person.birthday,
  countryOfBirth: person.countryOfBirth,
  share: person.share ?? '0',
  ...toRepresentativeDetails(person),
});

/** 002 s7 Business lists: shareholders (6 or 9), directors (2), ultimate beneficial owners (8), by id. */
export const shareholdersOf = (db: Db, companyId: number) => peopleOf(db, companyId).filter((p) => isShareholder(p.positionIds)).map(toShareholder);
export const directorsOf = (db: Db, companyId: number) => peopleOf(db, companyId).filter((p) => p.kind === 'person' && isDirector(p.positionIds)).map(toBusinessPerson);
export const ultimateOwnersOf = (db: Db, companyId: number) => peopleOf(db, companyId).filter((p) => p.kind === 'person' && isUltimateOwner(p.positionIds)).map(toBusinessPerson);

// ---- the users and their access ----------------------------------------------------------------------

/** One user of the company and their access there. */
export interface CompanyUser extends UserAccess {
  userId: number;
  isOwner: boolean;
  /** Their permission flags for the company (the company's own unless they have theirs). */
  flags: PermissionFlags;
  version: number;
  row: CustomerRow;
}

const AREAS = ['balanceInfo', 'transfers', 'history', 'merchant'] as const;
/** The four areas of a stored permissions object. */
export const accessListOf = (permissions: Record<string, number>): AccessList =>
  Object.fromEntries(AREAS.map((area) => [area, Number(permissions[area] ?? 0)])) as unknown as AccessList;

/** The company's permission flags (its profile's, as customer info says them). */
export function companyFlags(company: Pick<CustomerRow, 'profile'>): PermissionFlags {
  const profile = JSON.parse(company.profile) as { permissionFlags?: PermissionFlags };
  return profile.permissionFlags ?? {};
}

interface OwnerAccessRow {
  access_rights: number;
  permissions: string;
  flags: string | null;
  version: number;
}
/** The owner's access as changed by another full-access user (owner_access), or undefined: full. */
export const ownerAccessRow = (db: Db, companyId: number): OwnerAccessRow | undefined =>
  db.prepare('SELECT access_rights, permissions, flags, version FROM owner_access WHERE company_id = ?').get(companyId) as OwnerAccessRow | undefined;

interface AuthorisedRow {
  user_id: number;
  access_rights: number;
  permissions: string;
  flags: string | null;
  version: number;
}

/** The company's users: the owner first, then its authorised users in the order they were added. */
export function companyUsers(db: Db, companyId: number): CompanyUser[] {
  const company = customerById(db, companyId);
  if (!company) return [];
  const flags = companyFlags(company);
  const own = ownerAccessRow(db, companyId);
  const owner: CompanyUser = own
    ? {
        userId: companyId,
        isOwner: true,
        accessRights: own.access_rights,
        accessList: accessListOf(JSON.parse(own.permissions) as Record<string, number>),
        flags: own.flags ? (JSON.parse(own.flags) as PermissionFlags) : flags,
        version: own.version,
        row: company,
      }
    : { userId: companyId, isOwner: true, accessRights: FULL_ACCESS, accessList: accessListFor(FULL_ACCESS), flags, version: 1, row: company };
  const rows = db.prepare('SELECT user_id, access_rights, permissions, flags, version FROM authorized_users WHERE company_id = ? ORDER BY rowid').all(companyId) as unknown as AuthorisedRow[];
  const users = rows.flatMap((row): CompanyUser[] => {
    const customer = customerById(db, row.user_id);
    if (!customer) return [];
    return [
      {
        userId: row.user_id,
        isOwner: false,
        accessRights: row.access_rights,
        accessList: accessListOf(JSON.parse(row.permissions) as Record<string, number>),
        flags: row.flags ? (JSON.parse(row.flags) as PermissionFlags) : flags,
        version: row.version,
        row: customer,
      },
    ];
  });
  return [owner, ...users];
}

/**
 * The permission flags (001 s3) that bind `callerId` when acting for `customerId`: a company user's
 * own for that company (set on /company-access, issue 54; the company's unless they have theirs),
 * else the customer's profile's. Every money-moving handler asks this, so a user whose flags were
 * lowered cannot move money the company's flags would allow.
 */
export function permissionFlagsFor(db: Db, callerId: number | null, customerId: number): PermissionFlags {
  const customer = customerById(db, customerId);
  // Nobody signed in, or no such customer: no flag allows anything.
  if (callerId === null || !customer) return {};
  if (customer.kind !== 'business') return companyFlags(customer);
  return companyUser(db, customerId, callerId)?.flags ?? companyFlags(customer);
}

/** One user of the company, or undefined. */
export const companyUser = (db: Db, companyId: number, userId: number): CompanyUser | undefined => companyUsers(db, companyId).find((user) => user.userId === userId);

/**
 * The one who acts on the company's people (the rules' PeopleEditor): a platform admin (reads;
 * may force a representative's delete), or a user with their own access right for the company
 * (the owner's from owner_access, else full; an authorised user's from authorized_users).
 */
export function editorFor(db: Db, callerId: number, companyId: number): PeopleEditor {
  const caller = customerById(db, callerId);
  if (caller?.kind === 'admin') return { userId: callerId, isAdmin: true, accessRights: 0 };
  if (callerId === companyId) return { userId: callerId, isAdmin: false, accessRights: ownerAccessRow(db, companyId)?.access_rights ?? FULL_ACCESS };
  const row = db.prepare('SELECT access_rights FROM authorized_users WHERE user_id = ? AND company_id = ?').get(callerId, companyId) as { access_rights: number } | undefined;
  return { userId: callerId, isAdmin: false, accessRights: row?.access_rights ?? 0 };
}
