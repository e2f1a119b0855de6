import type { DatabaseSync } from 'node:sqlite';
import { accessListFor, POSITION } from '../machines/business/company-access.rules.ts';
import { DOCUMENT_STATUS } from '../machines/verification/verification.rules.ts';
import { ALL_PERMISSION_FLAGS } from './demo-facts.ts';
import { authorise, type Permissions } from './access.ts';
import { companyDocument, type CompanyAddress } from './company-file-store.ts';
import { newPerson, replacePeople, type CompanyPerson } from './company-people-store.ts';
import { storePermissionChange } from './permission-changes.ts';

/**
 * The company's people and their access as seeded (issue 54), relative to the seed's clock (`now`),
 * so a fresh seed is always the same for the same clock:
 *   - every business has the people of COMPANY_SHAREHOLDERS, COMPANY_DIRECTORS and
 *     COMPANY_ULTIMATE_OWNERS, one person each (Ioana Marin, a shareholder and a director, is person 1
 *     [6, 2]; Daniel Weber 2 [6, 8]; Northwind Holdings Ltd 3, a company [9]; Andrei Popescu 5 [2]);
 *     business@ also its two directors who certify through a link (REPRESENTATIVES, 6 and 7);
 *   - company-access@ ("Dacia Logistics <n> Ltd") has people in every situation (ACCESS_PEOPLE: a
 *     director who is a user, one with an address and documents, a shareholder and UBO whose
 *     identity document was refused, a company shareholder, two potential users) and two full-access
 *     users (the owner and company-admin2@), so its changes wait for another one: one waiting,
 *     made by company-admin2@ two days before the seed's clock, and one declined;
 *   - company-solo@ ("Solo Studio <n> Ltd") has one director and its owner is its only full-access
 *     user (its changes are confirmed in the owner's approval mode).
 * POST /__sandbox/sign-in-state of a business puts its people, the owner's access and its changes
 * back as seeded (restoreCompanyPeople); for company-access@ and company-solo@ its users' rights too.
 */

/** The people of every business demo customer (002 s3 Registration person; 002 s7 Business lists), the shareholders' shares as text. */
export const COMPANY_SHAREHOLDERS = [
  { id: 1, kind: 'person', firstName: 'Ioana', lastName: 'Marin', companyName: null, birthday: '1979-04-02', countryOfBirth: 'RO', share: '60' },
  { id: 2, kind: 'person', firstName: 'Daniel', lastName: 'Weber', companyName: null, birthday: '1983-11-20', countryOfBirth: 'DE', share: '25.5' },
  { id: 3, kind: 'company', firstName: null, lastName: null, companyName: 'Northwind Holdings Ltd', birthday: null, countryOfBirth: null, share: '14.5' },
] as const;
/** Directors: Ioana Marin is a shareholder too (one person, her shareholder's id). */
export const COMPANY_DIRECTORS = [
  { id: 4, firstName: 'Ioana', lastName: 'Marin', birthday: '1979-04-02', countryOfBirth: 'RO' },
  { id: 5, firstName: 'Andrei', lastName: 'Popescu', birthday: '1975-06-30', countryOfBirth: 'RO' },
] as const;
/** The ultimate beneficial owners among them, by id (Daniel Weber, 25.5 %). */
export const COMPANY_ULTIMATE_OWNERS: readonly number[] = [2];

/**
 * Directors of business@ who certify through the link the company sends them
 * (/self-certification-representative?authSecret=rep-secret-<brand>-<suffix>): `demo` to try it,
 * `e2e` for the end-to-end tests (POST /__sandbox/representative-reset clears one).
 */
export const REPRESENTATIVES = [
  { suffix: 'demo', id: 6, firstName: 'Mara', lastName: 'Ionescu', birthday: '1986-09-12', countryOfBirth: 'RO' },
  { suffix: 'e2e', id: 7, firstName: 'Radu', lastName: 'Pop', birthday: '1981-03-08', countryOfBirth: 'RO' },
] as const;

/** The demo companies with people and users of their own (sandbox/seed.ts DEMO_USERS). */
export const ACCESS_COMPANY_LOCAL = 'company-access';
export const SOLO_COMPANY_LOCAL = 'company-solo';

const DAY = 86_400_000;
const login = (local: string, brand: string) => `${local}@${brand}.test`;
const idOf = (db: DatabaseSync, local: string, brand: string): number | undefined =>
  (db.prepare('SELECT id FROM customers WHERE login = ?').get(login(local, brand)) as { id: number } | undefined)?.id;
const localOf = (loginText: string) => loginText.slice(0, loginText.indexOf('@'));

/** Every business's people: the shareholders, then the directors (one who holds shares adds the position to that person), the ultimate owners marked. */
export function defaultPeople(withRepresentatives: boolean): CompanyPerson[] {
  const people: CompanyPerson[] = COMPANY_SHAREHOLDERS.map((holder) =>
    newPerson({ ...holder, positionIds: [holder.kind === 'company' ? POSITION.corporateShareholder : POSITION.shareholder] }),
  );
  const directors = withRepresentatives ? [...COMPANY_DIRECTORS, ...REPRESENTATIVES.map(({ suffix: _s, ...person }) => person)] : COMPANY_DIRECTORS;
  for (const director of directors) {
    const same = people.find((p) => p.kind === 'person' && p.firstName === director.firstName && p.lastName === director.lastName && p.birthday === director.birthday);
    if (same) same.positionIds.push(POSITION.director);
    else people.push(newPerson({ ...director, kind: 'person', positionIds: [POSITION.director] }));
  }
  for (const person of people) if (COMPANY_ULTIMATE_OWNERS.includes(person.id)) person.positionIds.push(POSITION.ultimateOwner);
  return people;
}

const address = (addressId: number, fields: Pick<CompanyAddress, 'address1' | 'city' | 'postalCode' | 'uploadedDocuments' | 'addressStatus'>): CompanyAddress => ({
  addressId,
  address2: null,
  countryCode: 'RO',
  stateCode: null,
  stateName: null,
  confirmed: true,
  isDocumentOutOfDate: false,
  isCardDocumentRequired: false,
  isDocumentRequired: false,
  ...fields,
});

/**
 * company-access@'s people: Elena Vasile, a director who is the user company-admin2@; Mihai Stan, a
 * director with an address whose proof is confirmed and an identity document waiting (address 2,
 * identity 1); Sofia Radu, a 60 % shareholder and UBO whose identity document was refused (3: needs
 * action); Carpathia Holdings SRL, a 40 % company shareholder; Victor Lungu, a UBO, and Ana Dobre, a
 * director, each with an e-mail and no user (the potential users).
 */
export function accessPeople(db: DatabaseSync, brand: string, now: number): CompanyPerson[] {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const admin2 = idOf(db, 'company-admin2', brand) ?? null;
  return [
    newPerson({ id: 1, kind: 'person', positionIds: [POSITION.director], firstName: 'Elena', lastName: 'Vasile', birthday: '1984-05-17', countryOfBirth: 'RO', email: login('company-admin2', brand), phone: '+40 721 555 201', userId: admin2 }),
    newPerson({
      id: 2,
      kind: 'person',
      positionIds: [POSITION.director],
      firstName: 'Mihai',
      lastName: 'Stan',
      birthday: '1978-09-03',
      countryOfBirth: 'RO',
      phone: '+40 721 555 202',
      address: address(621, { address1: 'Strada Lipscani 12', city: 'Bucharest', postalCode: '030031', addressStatus: 1, uploadedDocuments: [companyDocument(80002, DOCUMENT_STATUS.confirmed, 20, at(90))] }),
      documents: [companyDocument(80001, DOCUMENT_STATUS.submitted, 1, at(3), { issuedDate: '2021-06-14', expiresDate: '2031-06-13' })],
      addressDocumentStatus: 2,
      identityDocumentStatus: 1,
      controlDocumentStatus: null,
    }),
    newPerson({
      id: 3,
      kind: 'person',
      positionIds: [POSITION.shareholder, POSITION.ultimateOwner],
      firstName: 'Sofia',
      lastName: 'Radu',
      birthday: '1990-02-11',
      countryOfBirth: 'RO',
      share: '60',
      documents: [companyDocument(80003, DOCUMENT_STATUS.rejected, 4, at(20), { rejectReason: 'The document is not readable' })],
      identityDocumentStatus: 3,
    }),
    newPerson({ id: 4, kind: 'company', positionIds: [POSITION.corporateShareholder], companyName: 'Carpathia Holdings SRL', countryOfBirth: 'RO', share: '40' }),
    newPerson({ id: 5, kind: 'person', positionIds: [POSITION.ultimateOwner], firstName: 'Victor', lastName: 'Lungu', birthday: '1982-12-01', countryOfBirth: 'MD', email: `victor.lungu@${brand}.test` }),
    newPerson({ id: 6, kind: 'person', positionIds: [POSITION.director], firstName: 'Ana', lastName: 'Dobre', birthday: '1992-07-25', countryOfBirth: 'RO', email: `ana.dobre@${brand}.test`, phone: '+40 721 555 206' }),
  ];
}

/** company-solo@'s one director. */
export const soloPeople = (): CompanyPerson[] => [newPerson({ id: 1, kind: 'person', positionIds: [POSITION.director], firstName: 'Irina', lastName: 'Toma', birthday: '1987-03-19', countryOfBirth: 'RO' })];

/** A business's people as seeded, by its login. */
function seededPeople(db: DatabaseSync, companyLogin: string, brand: string, now: number): CompanyPerson[] {
  const local = localOf(companyLogin);
  if (local === ACCESS_COMPANY_LOCAL) return accessPeople(db, brand, now);
  if (local === SOLO_COMPANY_LOCAL) return soloPeople();
  return defaultPeople(local === 'business');
}

const nameOf = (db: DatabaseSync, id: number) => {
  const row = db.prepare('SELECT first_name, last_name FROM customers WHERE id = ?').get(id) as { first_name: string; last_name: string };
  return `${row.first_name} ${row.last_name}`;
};

/**
 * company-access@'s changes: waiting, company-admin2@ moving company-viewer@ to preparer (3), made two
 * days before the seed's clock; declined, the owner giving company-initiator@ full access, made six
 * days before and declined by company-admin2@ the next day.
 */
function seedAccessChanges(db: DatabaseSync, companyId: number, brand: string, now: number): void {
  const admin2 = idOf(db, 'company-admin2', brand);
  const viewer = idOf(db, 'company-viewer', brand);
  const initiator = idOf(db, 'company-initiator', brand);
  if (admin2 === undefined || viewer === undefined || initiator === undefined) return;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const access = (rights: number) => ({ accessRights: rights, accessList: accessListFor(rights), permissions: ALL_PERMISSION_FLAGS });
  const target = { representativeId: null, emailId: null, targetVersion: 1 };
  storePermissionChange(db, { companyId, kind: 'rights', status: 'awaitingApproval', authorId: admin2, targetUserId: viewer, targetName: nameOf(db, viewer), before: access(1), after: access(3), createdAt: at(2), ...target });
  storePermissionChange(db, {
    companyId,
    kind: 'rights',
    status: 'declined',
    authorId: companyId,
    targetUserId: initiator,
    targetName: nameOf(db, initiator),
    before: access(3),
    after: access(2),
    createdAt: at(6),
    decidedAt: at(5),
    decidedBy: admin2,
    ...target,
  });
}

/** Every business customer's people (after every customer and their users exist), company-access@'s changes. */
export function seedCompanyPeople(db: DatabaseSync, now: number): void {
  db.prepare("DELETE FROM sqlite_sequence WHERE name = 'permission_changes'").run();
  const businesses = db.prepare("SELECT id, brand, login FROM customers WHERE kind = 'business' ORDER BY id").all() as { id: number; brand: string; login: string }[];
  for (const company of businesses) {
    replacePeople(db, company.id, seededPeople(db, company.login, company.brand, now));
    if (localOf(company.login) === ACCESS_COMPANY_LOCAL) seedAccessChanges(db, company.id, company.brand, now);
  }
}

/**
 * Forgets a customer an approved addUser made (a restore): every row that names them, then them,
 * unless they are a user of another company still. Anything else that holds them keeps them (the
 * relation is gone all the same).
 */
function forgetAddedCustomer(db: DatabaseSync, customerId: number): void {
  if (db.prepare('SELECT 1 FROM authorized_users WHERE user_id = ?').get(customerId)) return;
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'customers'").all() as { name: string }[]).map((row) => row.name);
  db.exec('SAVEPOINT forget_customer');
  try {
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA foreign_key_list(${table})`).all() as { table: string; from: string }[]).filter((fk) => fk.table === 'customers').map((fk) => fk.from);
      for (const column of columns) db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(customerId);
    }
    for (const table of ['refresh_tokens', 'pending_logins', 'idempotent_replies']) db.prepare(`DELETE FROM ${table} WHERE customer_id = ?`).run(customerId);
    db.prepare('DELETE FROM customers WHERE id = ?').run(customerId);
    db.exec('RELEASE forget_customer');
  } catch {
    db.exec('ROLLBACK TO forget_customer');
    db.exec('RELEASE forget_customer');
  }
}

/**
 * A business's people and access as seeded (POST /__sandbox/sign-in-state of its owner): its
 * people, the owner's full access (no owner_access row), its changes (and the held approvals of
 * their confirmation) as seeded; the users an approved addUser added are gone again (the
 * customers made for them with their mail too). With `seededUsers` (company-access@, company-solo@):
 * exactly those users, with their seeded rights (flags the company's, version 1).
 */
export function restoreCompanyPeople(db: DatabaseSync, companyId: number, now: number, seededUsers: readonly { userId: number; permissions: Permissions }[] | null): void {
  const company = db.prepare("SELECT brand, login FROM customers WHERE id = ? AND kind = 'business'").get(companyId) as { brand: string; login: string } | undefined;
  if (!company) return;
  const added = (db.prepare("SELECT data FROM permission_changes WHERE company_id = ? AND kind = 'addUser' AND status = 'applied'").all(companyId) as { data: string }[]).map(
    (row) => JSON.parse(row.data) as { targetUserId?: number | null; createdCustomerId?: number | null },
  );
  db.prepare("DELETE FROM approvals WHERE customer_id = ? AND json_extract(work, '$.kind') = 'permissionChange'").run(companyId);
  db.prepare('DELETE FROM permission_changes WHERE company_id = ?').run(companyId);
  db.prepare('DELETE FROM owner_access WHERE company_id = ?').run(companyId);
  for (const change of added) if (change.targetUserId) db.prepare('DELETE FROM authorized_users WHERE user_id = ? AND company_id = ?').run(change.targetUserId, companyId);
  if (seededUsers) {
    const keep = new Set(seededUsers.map((user) => user.userId));
    for (const row of db.prepare('SELECT user_id FROM authorized_users WHERE company_id = ?').all(companyId) as { user_id: number }[]) {
      if (!keep.has(row.user_id)) db.prepare('DELETE FROM authorized_users WHERE user_id = ? AND company_id = ?').run(row.user_id, companyId);
    }
    for (const user of seededUsers) authorise(db, user.userId, companyId, user.permissions.transfers, user.permissions);
  }
  for (const change of added) if (change.createdCustomerId) forgetAddedCustomer(db, change.createdCustomerId);
  replacePeople(db, companyId, seededPeople(db, company.login, company.brand, now));
  if (localOf(company.login) === ACCESS_COMPANY_LOCAL) seedAccessChanges(db, companyId, company.brand, now);
}
