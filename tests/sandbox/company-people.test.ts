// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import {
  ADMIN_FORCES_ONLY,
  ADMIN_READS_PEOPLE,
  ALREADY_A_USER,
  FIELD_TEXTS,
  FORCE_ADMIN_ONLY,
  FULL_ACCESS_ONLY_PEOPLE,
  HAS_DOCUMENTS,
  LEVEL_NOT_ASSIGNABLE,
  NO_EMAIL_TO_INVITE,
  NO_SELF_EDIT,
  NO_SUCH_REPRESENTATIVE,
  NOT_A_COMPANY_PEOPLE,
  OWN_CHANGE,
  REMOVE_ACCESS_FIRST,
} from '../../sandbox/handlers/company-people.ts';
import { PERSON_ADDRESS_EXISTS } from '../../sandbox/handlers/company-file.ts';
import { ALREADY_DECIDED, CHANGE_EXPIRED, EMAIL_OTHER_ACCOUNT, LAST_FULL_USER, OWNER_NOT_REMOVABLE, VERSION_CONFLICT } from '../../sandbox/permission-changes.ts';
import { ALL_PERMISSION_FLAGS } from '../../sandbox/demo-facts.ts';
import { accessListFor, representativeActions } from '../../machines/business/company-access.rules.ts';
import { samplePdf } from '../support/sample-files';
import { REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * The company's people and their access (issue 54, sandbox/handlers/company-people.ts,
 * sandbox/company-people-store.ts, sandbox/permission-changes.ts, sandbox/seed-company-people.ts):
 * the lists as seeded for company-access@ and who reads them; rights changes that wait for another
 * full-access user (no self-edit, no self-approval, level 5 only where held, a version that moved:
 * 409, no user left with full access: 422), decided, declined or expired; company-solo@'s changes
 * confirmed in the owner's approval mode; inviting a representative as a user and removing one;
 * representatives added (the wizard's rules, shares at most 100 %) and deleted (documents, users,
 * forced by an admin who administers the company); a representative's address; once per requestId;
 * the sign-in state putting everything back. Bodies are sent as plain JSON.
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const START = Date.parse('2026-12-01T09:00:00Z');
const DAY = 86_400_000;

let sb: Sandbox;
let requestCount = 0;
const requestId = (tag = 'people') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const control = async (path: string, body: unknown) => {
  const res = await post(`/__sandbox/${path}`, body);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as any;
};

const tokens = new Map<string, string>();
async function tokenOf(login: string): Promise<string> {
  const kept = tokens.get(login);
  if (kept) return kept;
  const res = await post('/auth/login', { client: 'spa', username: login, password: 'Demo-pass-1', codeChallenge: CHALLENGE });
  const reply = (await res.json()) as { accessToken?: string };
  if (res.status !== 200 || !reply.accessToken) throw new Error(`sign-in of ${login}: ${res.status} ${JSON.stringify(reply)}`);
  tokens.set(login, reply.accessToken);
  return reply.accessToken;
}

/** A main-service call as plain JSON for the company (fromCustomerId): its status and body. */
async function main(login: string, method: string, body: Record<string, unknown> = {}, companyLogin: string | null = COMPANY) {
  const acting = companyLogin === null ? {} : { fromCustomerId: idOf(companyLogin) };
  const res = await post(`/main/?method=${method}`, { method, ...acting, ...body }, { Authorization: `Bearer ${await tokenOf(login)}` });
  return { status: res.status, body: (await res.json()) as any };
}
/** A call that must answer 200: its body. */
async function call(login: string, method: string, body: Record<string, unknown> = {}, companyLogin: string | null = COMPANY): Promise<any> {
  const reply = await main(login, method, body, companyLogin);
  if (reply.status !== 200) throw new Error(`${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}
/** businessRepresentativeAddressCreate: the data part and a PDF proof. */
async function addressCreate(login: string, data: Record<string, unknown>, companyLogin = COMPANY) {
  const body = new FormData();
  body.append('data', new Blob([JSON.stringify({ fromCustomerId: idOf(companyLogin), ...data })], { type: 'application/json' }));
  body.append('front', new Blob([samplePdf(2048)], { type: 'application/pdf' }), 'scan.pdf');
  const res = await fetch(`${sb.url}/main/?method=businessRepresentativeAddressCreate`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(login)}` }, body });
  return { status: res.status, body: (await res.json()) as any };
}

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const exists = (login: string) => sb.db.prepare('SELECT 1 FROM customers WHERE login = ?').get(login) !== undefined;
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });
const DENIED = refusal('You cannot act for this customer', 'ENOA');
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const restore = (login: string) => control('sign-in-state', { userLogin: login });

const COMPANY = 'company-access@brand1.test';
const OWNER = COMPANY;
const ADMIN2 = 'company-admin2@brand1.test';
const VIEWER = 'company-viewer@brand1.test';
const INITIATOR = 'company-initiator@brand1.test';
const DOCS = 'company-docs@brand1.test';
const SUPPORT = 'company-support@brand1.test';
const FLAGS = ALL_PERMISSION_FLAGS;
const access = (rights: number) => ({ accessRights: rights, accessList: accessListFor(rights) });

const rightsOf = async (login = OWNER, companyLogin = COMPANY) =>
  Object.fromEntries(((await call(login, 'businessAccessRightsList', {}, companyLogin)).accessRights as any[]).map((entry) => [entry.userId, entry]));
const changes = async (login = OWNER, companyLogin = COMPANY): Promise<any[]> => (await call(login, 'businessPermissionChangeList', {}, companyLogin)).changes;
const seededChange = async () => (await changes()).find((c) => c.status === 'awaitingApproval' && c.targetUserId === idOf(VIEWER))!;
const update = (login: string, target: string, rights: { accessRights: number; accessList: Record<string, number> }, version = 1, companyLogin = COMPANY) =>
  main(login, 'businessAccessRightsUpdate', { userId: idOf(target), ...rights, permissions: FLAGS, version, requestId: requestId() }, companyLogin);
const decide = (login: string, changeId: number, decision: 'approve' | 'decline', id = requestId()) => main(login, 'businessPermissionChangeDecide', { changeId, decision, requestId: id });
const permissionsOf = async (login: string, companyLogin = COMPANY) => (await call(login, 'userAccessInfoGet', {}, companyLogin)).permissions;

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-company-people-')), 'db.sqlite'), now: () => START, accessTokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());
beforeEach(() => restore(OWNER));
afterEach(() => vi.restoreAllMocks());

describe('the lists as seeded (issue 54)', () => {
  it('company-access@: its representatives by role, with their details and documents', async () => {
    const { shareholders } = await call(OWNER, 'businessShareholderList');
    expect(shareholders.map((s: any) => [s.id, s.kind, s.firstName ?? s.companyName, s.share, s.positionIds])).toEqual([
      [3, 'person', 'Sofia', '60', [6, 8]],
      [4, 'company', 'Carpathia Holdings SRL', '40', [9]],
    ]);
    const { directors } = await call(OWNER, 'businessDirectorList');
    expect(directors.map((d: any) => [d.id, `${d.firstName} ${d.lastName}`, d.userId])).toEqual([
      [1, 'Elena Vasile', idOf(ADMIN2)],
      [2, 'Mihai Stan', null],
      [6, 'Ana Dobre', null],
    ]);
    const mihai = directors[1];
    expect(mihai).toMatchObject({ addressDocumentStatus: 2, identityDocumentStatus: 1, controlDocumentStatus: null, address: { addressId: 621, addressStatus: 1 } });
    expect(mihai.documents.map((d: any) => [d.id, d.statusId])).toEqual([
      [80001, 0],
      [80002, 2],
    ]);
    expect(representativeActions(mihai)).toEqual([]);
    expect(representativeActions(shareholders[0])).toEqual(['identity']);
    const { ultimateOwners } = await call(OWNER, 'businessUltimateOwnerList');
    expect(ultimateOwners.map((u: any) => [u.id, u.lastName, u.email])).toEqual([
      [3, 'Radu', null],
      [5, 'Lungu', 'victor.lungu@brand1.test'],
    ]);
    const { potentialUsers } = await call(OWNER, 'businessPotentialUserList');
    expect(potentialUsers).toEqual([
      { representativeId: 5, firstName: 'Victor', lastName: 'Lungu', email: 'victor.lungu@brand1.test', positionIds: [8] },
      { representativeId: 6, firstName: 'Ana', lastName: 'Dobre', email: 'ana.dobre@brand1.test', positionIds: [2] },
    ]);
  });

  it('the users (the owner first) and their access; the owner and company-admin2@ have full access', async () => {
    const { users } = await call(OWNER, 'businessUserList');
    expect(users.map((u: any) => [u.email, u.isOwner, u.isYou, u.active, u.representativeId, u.positionIds, `${u.firstName} ${u.lastName}`])).toEqual([
      [OWNER, true, true, true, null, [], 'Ana Demo 1'],
      [ADMIN2, false, false, true, 1, [2], 'Elena Vasile'],
      [VIEWER, false, false, true, null, [], 'Paul Iordache'],
      [INITIATOR, false, false, true, null, [], 'Dan Constantin'],
      [DOCS, false, false, true, null, [], 'Ilinca Pavel'],
    ]);
    expect(users[0].userId).toBe(idOf(OWNER));
    const rights = await rightsOf();
    expect(rights[idOf(OWNER)]).toEqual({ userId: idOf(OWNER), ...access(2), permissions: FLAGS, version: 1 });
    expect(rights[idOf(ADMIN2)]).toMatchObject({ ...access(2), version: 1 });
    expect(rights[idOf(VIEWER)]).toMatchObject(access(1));
    expect(rights[idOf(INITIATOR)]).toMatchObject(access(3));
    expect(rights[idOf(DOCS)]).toMatchObject({ accessRights: 5, accessList: { balanceInfo: 0, transfers: 5, history: 0, merchant: 0 } });
    // company-admin2@ reads the same, its own row marked.
    expect((await call(ADMIN2, 'businessUserList')).users.filter((u: any) => u.isYou).map((u: any) => u.email)).toEqual([ADMIN2]);
  });

  it('the changes: the waiting one (company-viewer@ to preparer, two days old) and the declined one, newest first', async () => {
    const list = await changes();
    expect(list.map((c) => [c.kind, c.status, c.authorName, c.targetName, c.decidedByName])).toEqual([
      ['rights', 'awaitingApproval', 'Elena Vasile', 'Paul Iordache', null],
      ['rights', 'declined', 'Ana Demo 1', 'Dan Constantin', 'Elena Vasile'],
    ]);
    expect(list[0]).toMatchObject({
      authorId: idOf(ADMIN2),
      createdAt: new Date(START - 2 * DAY).toISOString(),
      expiresAt: new Date(START + 5 * DAY).toISOString(),
      before: { accessRights: 1 },
      after: { accessRights: 3, accessList: accessListFor(3) },
    });
  });

  it('who reads them: its users and an admin who administers it; not an outsider, not admin@ (who does not), not a personal customer for itself', async () => {
    for (const login of [VIEWER, INITIATOR, DOCS, SUPPORT]) {
      expect((await call(login, 'businessUserList')).users).toHaveLength(5);
      expect((await call(login, 'businessPermissionChangeList')).changes).toHaveLength(2);
    }
    for (const login of ['employee@brand1.test', 'business@brand1.test', 'admin@brand1.test', 'company-support@brand2.test', 'company-solo-viewer@brand1.test']) {
      for (const method of ['businessUserList', 'businessAccessRightsList', 'businessUltimateOwnerList', 'businessPotentialUserList', 'businessPermissionChangeList']) {
        expect([login, method, await call(login, method)]).toEqual([login, method, DENIED]);
      }
    }
    expect(await call('personal@brand1.test', 'businessUserList', {}, null)).toEqual(refusal(NOT_A_COMPANY_PEOPLE));
    // company-support@ administers company-solo@ too, and nothing of business@.
    expect((await call(SUPPORT, 'businessUserList', {}, 'company-solo@brand1.test')).users).toHaveLength(2);
    expect(await call(SUPPORT, 'businessUserList', {}, 'business@brand1.test')).toEqual(DENIED);
    // admin@'s own customers are as before (the first 30 of the brand): not company-access@.
    const administered = sb.db.prepare('SELECT COUNT(*) AS n FROM admin_customers WHERE admin_id = ?').get(idOf('admin@brand1.test')) as { n: number };
    expect(administered.n).toBe(30);
  });
});

describe('rights changes (no self-approval)', () => {
  it('company-admin2@ makes company-viewer@ a full-access user: it waits; the owner approves; the viewer may now do what they could not', async () => {
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    const sent = await update(ADMIN2, VIEWER, access(2));
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ responseCode: '00', approveType: 'none', status: 'pending', change: { kind: 'rights', status: 'awaitingApproval', authorName: 'Elena Vasile', targetUserId: idOf(VIEWER) } });
    expect(sent.body.changeRequestId).toBe(sent.body.change.id);
    expect(sent.body.operationId).toBeUndefined();
    // Nothing applied yet.
    expect((await rightsOf())[idOf(VIEWER)]).toMatchObject({ ...access(1), version: 1 });
    expect(await permissionsOf(VIEWER)).toMatchObject(accessListFor(1));
    expect((await update(VIEWER, DOCS, { accessRights: 5, accessList: { balanceInfo: 1, transfers: 5, history: 1, merchant: 0 } })).body).toEqual(refusal(FULL_ACCESS_ONLY_PEOPLE));
    const audience = [idOf(COMPANY), idOf(ADMIN2), idOf(VIEWER), idOf(INITIATOR), idOf(DOCS)];
    expect(told.mock.calls.filter(([, m]) => (m as { type: string }).type === 'company.changed').map(([id]) => id)).toEqual(audience);

    const approved = await decide(OWNER, sent.body.changeRequestId, 'approve');
    expect(approved.body).toMatchObject({ responseCode: '00', change: { status: 'applied', decidedByName: 'Ana Demo 1', decidedAt: new Date(START).toISOString() } });
    expect((await rightsOf())[idOf(VIEWER)]).toEqual({ userId: idOf(VIEWER), ...access(2), permissions: FLAGS, version: 2 });
    expect(await permissionsOf(VIEWER)).toMatchObject(accessListFor(2));
    const now = await update(VIEWER, DOCS, { accessRights: 5, accessList: { balanceInfo: 1, transfers: 5, history: 1, merchant: 0 } });
    expect(now.body).toMatchObject({ responseCode: '00', changeRequestId: expect.any(Number) });
    expect(told.mock.calls.filter(([, m]) => (m as { type: string }).type === 'company.changed').length).toBeGreaterThanOrEqual(audience.length * 3);

    // The seeded change was made from version 1: approving it now fails (409), and says why; a repeat answers the same.
    const stale = await seededChange();
    const id = requestId();
    const conflict = await decide(OWNER, stale.id, 'approve', id);
    expect(conflict).toEqual({ status: 409, body: { message: VERSION_CONFLICT } });
    expect(await decide(OWNER, stale.id, 'approve', id)).toEqual({ status: 409, body: { message: VERSION_CONFLICT } });
    expect((await changes()).find((c) => c.id === stale.id)).toMatchObject({ status: 'failed', failureReason: VERSION_CONFLICT, decidedByName: 'Ana Demo 1' });
    expect((await rightsOf())[idOf(VIEWER)]).toMatchObject({ ...access(2), version: 2 });
    // The viewer's own sign-in state puts their seeded rights back, flags and version too.
    await restore(VIEWER);
    expect((await rightsOf())[idOf(VIEWER)]).toEqual({ userId: idOf(VIEWER), ...access(1), permissions: FLAGS, version: 1 });
  });

  it("the owner lowered to a viewer (Elena's change, the owner approving it) reads the company file but no longer changes it", async () => {
    const sent = await update(ADMIN2, OWNER, access(1));
    expect(sent.body).toMatchObject({ responseCode: '00', changeRequestId: expect.any(Number) });
    const financial = () => ({ sourcesOfFunds: ['grants'], purposesOfAccount: ['treasury'], estimatedMonthlyDeposit: 'upTo1k', currencies: ['GBP'], industry: 'consulting', requestId: requestId('financial') });
    expect((await main(OWNER, 'financialDetailUpdate', financial())).body.responseCode).toBe('00');
    await restore(OWNER);
    const again = await update(ADMIN2, OWNER, access(1));
    expect((await decide(OWNER, again.body.changeRequestId, 'approve')).body).toMatchObject({ change: { status: 'applied' } });
    expect(await permissionsOf(OWNER)).toMatchObject(accessListFor(1));
    expect((await call(OWNER, 'businessInfo')).business.name).toBeTruthy();
    const after = await main(OWNER, 'financialDetailUpdate', financial());
    expect(after.body).toMatchObject({ responseCode: 'UE' });
  });

  it("a user's own permission flags bind them: company-admin2@ without transfers between accounts nor wires is refused both; the owner, on the company's flags, moves money", async () => {
    const narrower = { ...FLAGS, withdrawOwn: { ...FLAGS.withdrawOwn, betweenAccounts: false, wire: false }, sendToOthers: { ...FLAGS.sendToOthers, wire: false } };
    const sent = await main(OWNER, 'businessAccessRightsUpdate', { userId: idOf(ADMIN2), ...access(2), permissions: narrower, version: 1, requestId: requestId() });
    expect((await decide(INITIATOR, sent.body.changeRequestId, 'approve')).body.responseCode).not.toBe('00'); // the initiator decides nothing
    expect((await decide(ADMIN2, sent.body.changeRequestId, 'approve')).body).toMatchObject({ change: { status: 'applied' } });
    expect((await rightsOf())[idOf(ADMIN2)].permissions).toEqual(narrower);
    // Customer info tells the app the flags that bind the user (their first company's, as the service checks them).
    expect((await call(ADMIN2, 'customerInfo', {}, null)).customer.permissionFlags).toEqual(narrower);
    expect((await call(OWNER, 'customerInfo', {}, null)).customer.permissionFlags).toEqual(FLAGS);
    const list = (await call(OWNER, 'balanceInquiry')).accounts as { accountId: number; type: number; currencyCode: string; balance: string }[];
    const [from, to] = [list.find((a) => a.type === 1001)!, list.find((a) => a.type !== 1001 && a.currencyCode === list.find((b) => b.type === 1001)!.currencyCode) ?? list.filter((a) => a.type === 1001)[1]!];
    const move = (login: string) => main(login, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: 1, requestId: requestId('own') });
    const refused = await move(ADMIN2);
    expect(refused.body).toEqual(refusal('Transfers between your accounts are not allowed for this profile', '13'));
    const wire = await main(ADMIN2, 'transferSubmit', { type: 'wire', countryCode: 'DE', currencyCode: 'EUR', beneficiaryName: 'Hans Müller', beneficiaryAddress: 'Unter den Linden 5, Berlin', iban: 'DE89370400440532013000', extraParams: { purposeOfPayment: 'family' }, accountId: from.accountId, amount: 1, requestId: requestId('wire') });
    expect(wire.body).toEqual(refusal('Wire transfers are not allowed for this profile', '13'));
    expect((await call(OWNER, 'balanceInquiry')).accounts.find((a: { accountId: number }) => a.accountId === from.accountId).balance).toBe(from.balance);
    expect((await move(OWNER)).body.responseCode).toBe('00');
  });

  it('a version that is not current is refused at once (409)', async () => {
    expect(await update(ADMIN2, INITIATOR, access(1), 7)).toEqual({ status: 409, body: { message: VERSION_CONFLICT } });
    expect(await changes()).toHaveLength(2);
  });

  it('nobody changes their own access or approves their own change; a viewer and an admin change and decide nothing', async () => {
    expect((await update(OWNER, OWNER, access(1))).body).toEqual(refusal(NO_SELF_EDIT));
    expect((await update(ADMIN2, ADMIN2, access(1))).body).toEqual(refusal(NO_SELF_EDIT));
    const seeded = await seededChange();
    expect((await decide(ADMIN2, seeded.id, 'approve')).body).toEqual(refusal(OWN_CHANGE));
    expect((await decide(ADMIN2, seeded.id, 'decline')).body).toEqual(refusal(OWN_CHANGE));
    for (const [login, text] of [
      [VIEWER, FULL_ACCESS_ONLY_PEOPLE],
      [INITIATOR, FULL_ACCESS_ONLY_PEOPLE],
      [SUPPORT, ADMIN_READS_PEOPLE],
    ] as const) {
      expect((await decide(login, seeded.id, 'approve')).body).toEqual(refusal(text));
      expect((await update(login, DOCS, access(1))).body).toEqual(refusal(text));
      expect((await main(login, 'businessUserAdd', { representativeId: 5, ...access(1), permissions: FLAGS, requestId: requestId() })).body).toEqual(refusal(text));
      expect((await main(login, 'businessUserDelete', { userId: idOf(DOCS), version: 1, requestId: requestId() })).body).toEqual(refusal(text));
      expect((await main(login, 'businessRepresentativeAdd', { kind: 'person', firstName: 'Ion', lastName: 'Pop', birthday: '1980-01-01', positionIds: [2], requestId: requestId() })).body).toEqual(refusal(text));
    }
    expect((await changes()).map((c) => c.status)).toEqual(['awaitingApproval', 'declined']);
  });

  it('level 5 is given only to a user who holds it, and kept', async () => {
    const five = await update(ADMIN2, INITIATOR, { accessRights: 5, accessList: { balanceInfo: 2, transfers: 5, history: 2, merchant: 0 } });
    expect(vfOf(five.body)).toEqual([
      ['accessRights', LEVEL_NOT_ASSIGNABLE],
      ['accessList.transfers', LEVEL_NOT_ASSIGNABLE],
    ]);
    expect(vfOf((await update(ADMIN2, DOCS, { accessRights: 5, accessList: { balanceInfo: 5, transfers: 5, history: 0, merchant: 0 } })).body)).toEqual([['accessList.balanceInfo', LEVEL_NOT_ASSIGNABLE]]);
    expect((await update(ADMIN2, DOCS, { accessRights: 5, accessList: { balanceInfo: 1, transfers: 5, history: 1, merchant: 0 } })).body).toMatchObject({ responseCode: '00' });
  });

  it('declined: nothing changes; deciding it again is refused', async () => {
    const seeded = await seededChange();
    expect((await decide(OWNER, seeded.id, 'decline')).body).toMatchObject({ responseCode: '00', change: { status: 'declined', decidedByName: 'Ana Demo 1' } });
    expect((await rightsOf())[idOf(VIEWER)]).toMatchObject(access(1));
    expect((await decide(OWNER, seeded.id, 'approve')).body).toEqual(refusal(ALREADY_DECIDED));
  });

  it('a change not decided within 7 days expires (the control endpoint ages it): the list says so, deciding it is refused', async () => {
    expect(await control('permission-changes/age', { companyLogin: COMPANY, days: 4 })).toEqual({ ok: true, aged: 1 });
    expect((await seededChange()).expiresAt).toBe(new Date(START + 1 * DAY).toISOString());
    await control('permission-changes/age', { companyLogin: COMPANY, days: 2 });
    const list = await changes();
    // Made eight days ago now: older than the declined one.
    expect(list.map((c) => c.status)).toEqual(['declined', 'expired']);
    expect(list[1].decidedAt).toBe(list[1].expiresAt);
    expect((await decide(OWNER, list[1].id, 'approve')).body).toEqual(refusal(CHANGE_EXPIRED));
    expect((await rightsOf())[idOf(VIEWER)]).toMatchObject(access(1));
  });

  it('at least one user keeps full access, checked again when a change applies (422, the change failed)', async () => {
    // company-admin2@ lowers the owner, the owner lowers company-admin2@: each alone would leave one full-access user.
    const lowerOwner = (await update(ADMIN2, OWNER, access(1))).body;
    const lowerAdmin2 = (await update(OWNER, ADMIN2, access(1))).body;
    expect([lowerOwner.responseCode, lowerAdmin2.responseCode]).toEqual(['00', '00']);
    expect((await decide(OWNER, lowerOwner.changeRequestId, 'approve')).body).toMatchObject({ change: { status: 'applied' } });
    // The owner's access now really is read only: what they may do, and what they may change.
    expect(await permissionsOf(OWNER)).toEqual(accessListFor(1));
    expect((await rightsOf())[idOf(OWNER)]).toMatchObject({ ...access(1), version: 2 });
    expect((await update(OWNER, DOCS, access(1))).body).toEqual(refusal(FULL_ACCESS_ONLY_PEOPLE));
    expect(await decide(ADMIN2, lowerAdmin2.changeRequestId, 'approve')).toEqual({ status: 422, body: { message: LAST_FULL_USER } });
    expect((await changes()).find((c) => c.id === lowerAdmin2.changeRequestId)).toMatchObject({ status: 'failed', failureReason: LAST_FULL_USER });
    expect((await rightsOf())[idOf(ADMIN2)]).toMatchObject(access(2));
    // …and at once, when it would leave nobody with full access now.
    expect((await update(ADMIN2, OWNER, access(3), 2)).body).toMatchObject({ responseCode: '00' });
    await restore(OWNER);
    expect(await permissionsOf(OWNER)).toEqual(accessListFor(2));
    expect((await rightsOf())[idOf(OWNER)]).toMatchObject({ ...access(2), version: 1 });
  });

  it('once per requestId: a repeat answers the first reply and keeps one change; other details with the same id are refused', async () => {
    const body = { userId: idOf(INITIATOR), ...access(1), permissions: FLAGS, version: 1, requestId: requestId() };
    const first = await main(ADMIN2, 'businessAccessRightsUpdate', body);
    const again = await main(ADMIN2, 'businessAccessRightsUpdate', body);
    expect(again).toEqual(first);
    expect(await changes()).toHaveLength(3);
    const other = await main(ADMIN2, 'businessAccessRightsUpdate', { ...body, accessRights: 0, accessList: accessListFor(0) });
    expect({ status: other.status, message: other.body.message, param: other.body.validationErrors[0].param }).toEqual({
      status: REUSED_WITH_OTHER_DETAILS.status,
      message: REUSED_WITH_OTHER_DETAILS.message,
      param: 'requestId',
    });
  });
});

describe('company-solo@: its only full-access user confirms in their approval mode', () => {
  const SOLO = (brand: string) => `company-solo@${brand}.test`;
  const VIEWER_OF = (brand: string) => `company-solo-viewer@${brand}.test`;

  it('mode none (brand1): applied at once', async () => {
    await restore(SOLO('brand1'));
    const reply = await update(SOLO('brand1'), VIEWER_OF('brand1'), access(3), 1, SOLO('brand1'));
    expect(reply.body).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed', change: { status: 'applied', decidedByName: 'Ana Demo 1' } });
    expect(reply.body.changeRequestId).toBeUndefined();
    expect((await rightsOf(SOLO('brand1'), SOLO('brand1')))[idOf(VIEWER_OF('brand1'))]).toMatchObject({ ...access(3), version: 2 });
    expect(await permissionsOf(VIEWER_OF('brand1'), SOLO('brand1'))).toEqual(accessListFor(3));
    await restore(SOLO('brand1'));
    expect((await rightsOf(SOLO('brand1'), SOLO('brand1')))[idOf(VIEWER_OF('brand1'))]).toMatchObject({ ...access(1), version: 1 });
  });

  it('SMS (brand2): held with an operation id, applied when the code from the phone is confirmed; a confirmation after another change applied fails (409)', async () => {
    const solo = SOLO('brand2');
    const viewer = VIEWER_OF('brand2');
    await restore(solo);
    const held = async (operationId: string) => {
      const waiting = ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(solo)}`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string } }[] }).approvals;
      return waiting.find((a) => a.operationId === operationId)!;
    };
    const preparer = (await update(solo, viewer, access(3), 1, solo)).body;
    const admin = (await update(solo, viewer, access(2), 1, solo)).body;
    expect(admin).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String), availableApprovalMethods: ['sms', 'otp', 'approvalCode'], change: { status: 'awaitingApproval' } });
    expect(admin.changeRequestId).toBeUndefined();
    expect((await rightsOf(solo, solo))[idOf(viewer)]).toMatchObject(access(1));
    const code = await held(admin.operationId);
    expect(code.work).toMatchObject({ kind: 'permissionChange', changeId: admin.change.id });
    expect(await call(solo, 'approvePayment', { operationId: admin.operationId, approvalCode: code.code }, solo)).toMatchObject({ responseCode: '00', status: 'completed' });
    expect((await rightsOf(solo, solo))[idOf(viewer)]).toMatchObject({ ...access(2), version: 2 });
    expect((await changes(solo, solo)).find((c) => c.id === admin.change.id)).toMatchObject({ status: 'applied', decidedByName: 'Ana Demo 2' });
    // The other one was made from version 1: its confirmation fails, and the change with it.
    const late = await call(solo, 'approvePayment', { operationId: preparer.operationId, approvalCode: (await held(preparer.operationId)).code }, solo);
    expect(late).toMatchObject({ responseCode: '13', responseDescription: VERSION_CONFLICT });
    expect((await changes(solo, solo)).find((c) => c.id === preparer.change.id)).toMatchObject({ status: 'failed', failureReason: VERSION_CONFLICT });
    // Two full-access users now: the owner's next change waits for the viewer.
    const next = (await update(solo, viewer, access(1), 2, solo)).body;
    expect(next).toMatchObject({ approveType: 'none', changeRequestId: expect.any(Number), change: { status: 'awaitingApproval' } });
    const pending = (await update(viewer, solo, access(1), 1, solo)).body;
    expect(pending.changeRequestId).toEqual(expect.any(Number));
    // The restore puts the viewer back and forgets the changes and their held confirmations.
    await restore(solo);
    expect((await rightsOf(solo, solo))[idOf(viewer)]).toMatchObject({ ...access(1), version: 1 });
    expect(sb.db.prepare("SELECT COUNT(*) AS n FROM approvals WHERE customer_id = ? AND json_extract(work, '$.kind') = 'permissionChange'").get(idOf(solo))).toEqual({ n: 0 });
    expect(await changes(solo, solo)).toEqual([]);
  });
});

describe('users invited and removed', () => {
  it('Victor Lungu invited as a viewer: after the approval an employee not yet active with an activation e-mail, listed as a user; the restore forgets them', async () => {
    const victor = 'victor.lungu@brand1.test';
    const sent = (await main(OWNER, 'businessUserAdd', { representativeId: 5, ...access(1), permissions: FLAGS, requestId: requestId() })).body;
    expect(sent).toMatchObject({ responseCode: '00', change: { kind: 'addUser', status: 'awaitingApproval', representativeId: 5, targetName: 'Victor Lungu', before: null, after: access(1) } });
    expect(exists(victor)).toBe(false);
    expect((await decide(ADMIN2, sent.changeRequestId, 'approve')).body).toMatchObject({ change: { status: 'applied' } });
    const row = sb.db.prepare('SELECT id, kind, brand, business_name, profile FROM customers WHERE login = ?').get(victor) as { id: number; kind: string; brand: string; business_name: string; profile: string };
    expect(row).toMatchObject({ kind: 'employee', brand: 'brand1', business_name: 'Dacia Logistics 1 Ltd' });
    expect(JSON.parse(row.profile)).toMatchObject({ inactive: true, businessId: idOf(COMPANY) });
    const users = (await call(OWNER, 'businessUserList')).users;
    expect(users.at(-1)).toMatchObject({ userId: row.id, email: victor, active: false, representativeId: 5, positionIds: [8], firstName: 'Victor' });
    expect((await rightsOf())[row.id]).toMatchObject({ ...access(1), version: 1 });
    expect((await call(OWNER, 'businessPotentialUserList')).potentialUsers.map((p: any) => p.representativeId)).toEqual([6]);
    const mail = (await (await fetch(`${sb.url}/__sandbox/outbox?login=${victor}`)).json()) as { messages: { subject: string; link: string }[] };
    expect(mail.messages).toEqual([expect.objectContaining({ subject: 'Activate your account as a user of Dacia Logistics 1 Ltd', link: expect.stringContaining('action=activationEmployee') })]);
    await restore(OWNER);
    expect(exists(victor)).toBe(false);
    expect((await call(OWNER, 'businessUserList')).users).toHaveLength(5);
    expect((await call(OWNER, 'businessPotentialUserList')).potentialUsers.map((p: any) => p.representativeId)).toEqual([5, 6]);
  });

  it('who may be invited: a person with an e-mail who is not a user; never level 5', async () => {
    const add = (representativeId: number, rights = access(1)) => main(OWNER, 'businessUserAdd', { representativeId, ...rights, permissions: FLAGS, requestId: requestId() });
    expect((await add(2)).body).toEqual(refusal(NO_EMAIL_TO_INVITE));
    expect((await add(4)).body).toEqual(refusal(NO_EMAIL_TO_INVITE));
    expect((await add(1)).body).toEqual(refusal(ALREADY_A_USER));
    expect((await add(99)).body).toEqual(refusal(NO_SUCH_REPRESENTATIVE));
    expect(vfOf((await add(6, { accessRights: 5, accessList: accessListFor(5) })).body)).toEqual([
      ['accessRights', LEVEL_NOT_ASSIGNABLE],
      ['accessList.transfers', LEVEL_NOT_ASSIGNABLE],
    ]);
  });

  it('an employee of another company of the brand is only given the relation (the restore takes it away, not them); another kind of login is refused', async () => {
    const other = 'company-b-user@brand1.test';
    const rep = async (email: string) =>
      (await main(OWNER, 'businessRepresentativeAdd', { kind: 'person', firstName: 'Ana', lastName: email.split('@')[0], birthday: '1990-01-01', email, positionIds: [8], requestId: requestId() })).body.representativeId as number;
    const personal = await rep('personal@brand1.test');
    expect((await main(OWNER, 'businessUserAdd', { representativeId: personal, ...access(1), permissions: FLAGS, requestId: requestId() })).body).toEqual(refusal(EMAIL_OTHER_ACCOUNT));
    const employee = await rep(other);
    const sent = (await main(OWNER, 'businessUserAdd', { representativeId: employee, ...access(3), permissions: FLAGS, requestId: requestId() })).body;
    const customers = (sb.db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
    expect((await decide(ADMIN2, sent.changeRequestId, 'approve')).body).toMatchObject({ change: { status: 'applied', targetUserId: idOf(other) } });
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n).toBe(customers);
    expect(await permissionsOf(other)).toEqual(accessListFor(3));
    expect((await call(other, 'businessUserList', {}, 'company-b@brand1.test')).users.map((u: any) => u.email)).toContain(other);
    await restore(OWNER);
    expect(exists(other)).toBe(true);
    expect(await call(other, 'businessUserList')).toEqual(DENIED);
    expect((await call(other, 'businessUserList', {}, 'company-b@brand1.test')).responseCode).toBe('00');
  });

  it('company-admin2@ removed by the owner, approved by company-admin2@: no longer a user, Elena Vasile a potential user; the owner cannot be removed', async () => {
    expect((await main(ADMIN2, 'businessUserDelete', { userId: idOf(OWNER), version: 1, requestId: requestId() })).body).toEqual(refusal(OWNER_NOT_REMOVABLE));
    expect((await main(OWNER, 'businessUserDelete', { userId: idOf(ADMIN2), version: 3, requestId: requestId() })).status).toBe(409);
    const sent = (await main(OWNER, 'businessUserDelete', { userId: idOf(ADMIN2), version: 1, requestId: requestId() })).body;
    expect(sent.change).toMatchObject({ kind: 'removeUser', status: 'awaitingApproval', targetName: 'Elena Vasile', representativeId: 1, before: access(2), after: null });
    expect((await decide(ADMIN2, sent.changeRequestId, 'approve')).body).toMatchObject({ change: { status: 'applied', decidedByName: 'Elena Vasile' } });
    expect(await call(ADMIN2, 'businessUserList')).toEqual(DENIED);
    expect((await call(OWNER, 'businessUserList')).users.map((u: any) => u.email)).not.toContain(ADMIN2);
    expect((await call(OWNER, 'businessDirectorList')).directors[0]).toMatchObject({ id: 1, userId: null });
    expect((await call(OWNER, 'businessPotentialUserList')).potentialUsers.map((p: any) => p.representativeId)).toEqual([1, 5, 6]);
    // With one full-access user left, the owner's own changes are confirmed in their mode (none: at once).
    expect((await main(OWNER, 'businessUserDelete', { userId: idOf(DOCS), version: 1, requestId: requestId() })).body).toMatchObject({ status: 'completed', change: { status: 'applied' } });
    expect(await call(DOCS, 'userAccessInfoGet')).toEqual(DENIED);
    await restore(OWNER);
    expect((await call(ADMIN2, 'businessUserList')).users.map((u: any) => u.email)).toEqual([OWNER, ADMIN2, VIEWER, INITIATOR, DOCS]);
    expect((await call(OWNER, 'businessDirectorList')).directors[0]).toMatchObject({ id: 1, userId: idOf(ADMIN2) });
  });
});

describe('representatives added and deleted', () => {
  const add = (login: string, body: Record<string, unknown>, companyLogin = COMPANY) => main(login, 'businessRepresentativeAdd', { requestId: requestId(), ...body }, companyLogin);
  const person = { kind: 'person', firstName: ' Ion ', lastName: 'Pop', birthday: '1980-01-01', countryOfBirth: 'RO', email: 'ion.pop@example.com', phone: '+40 721 000 111' };

  it('the registration wizard’s rules, by field', async () => {
    expect(vfOf((await add(OWNER, { kind: 'person', firstName: ' ', lastName: '', birthday: '2026-12-01', email: 'x@y', phone: 'call me', positionIds: [2, 9] })).body)).toEqual([
      ['firstName', FIELD_TEXTS.firstNameRequired],
      ['lastName', FIELD_TEXTS.lastNameRequired],
      ['birthday', FIELD_TEXTS.birthdayNotPast],
      ['email', FIELD_TEXTS.emailInvalid],
      ['phone', FIELD_TEXTS.phoneInvalid],
      ['positionIds', FIELD_TEXTS.personPositions],
    ]);
    expect(vfOf((await add(OWNER, { ...person, email: 'Ana.Dobre@brand1.test', birthday: null, positionIds: [2] })).body)).toEqual([
      ['birthday', FIELD_TEXTS.birthdayRequired],
      ['email', FIELD_TEXTS.emailDuplicate],
    ]);
    expect(vfOf((await add(OWNER, { kind: 'company', companyName: ' ', positionIds: [2], share: '10' })).body)).toEqual([
      ['companyName', FIELD_TEXTS.companyNameRequired],
      ['positionIds', FIELD_TEXTS.companyShareholderOnly],
      // A company is always a shareholder: 10 % more than the 100 % held already.
      ['share', FIELD_TEXTS.sharesTotal],
    ]);
    expect(vfOf((await add(OWNER, { ...person, positionIds: [6] })).body)).toEqual([['share', FIELD_TEXTS.shareRequired]]);
    expect(vfOf((await add(OWNER, { ...person, positionIds: [6], share: '0' })).body)).toEqual([['share', FIELD_TEXTS.shareRange]]);
    // Sofia Radu (60) and Carpathia Holdings (40) hold 100 % already.
    expect(vfOf((await add(OWNER, { ...person, positionIds: [6], share: '0.01' })).body)).toEqual([['share', FIELD_TEXTS.sharesTotal]]);
    expect(await call(OWNER, 'businessDirectorList').then((r) => r.directors.length)).toBe(3);
  });

  it('a person of two roles is one person in both lists; shares add up exactly; once per requestId', async () => {
    const solo = 'company-solo@brand1.test';
    await restore(solo);
    const body = { ...person, positionIds: [2, 8, 2], requestId: requestId() };
    const first = await main(solo, 'businessRepresentativeAdd', body, solo);
    expect(first.body).toEqual({ responseCode: '00', representativeId: 2 });
    expect(await main(solo, 'businessRepresentativeAdd', body, solo)).toEqual(first);
    const ion = { id: 2, firstName: 'Ion', lastName: 'Pop', email: 'ion.pop@example.com', positionIds: [2, 8] };
    expect((await call(solo, 'businessDirectorList', {}, solo)).directors.map((d: any) => d.id)).toEqual([1, 2]);
    expect((await call(solo, 'businessDirectorList', {}, solo)).directors[1]).toMatchObject(ion);
    expect((await call(solo, 'businessUltimateOwnerList', {}, solo)).ultimateOwners).toEqual([expect.objectContaining(ion)]);
    expect((await call(solo, 'businessPotentialUserList', {}, solo)).potentialUsers).toEqual([{ representativeId: 2, firstName: 'Ion', lastName: 'Pop', email: 'ion.pop@example.com', positionIds: [2, 8] }]);
    // 33.33 + 33.33 + 33.34 is 100 exactly (never a float's 100.00000000000001).
    for (const share of ['33.33', '33.33']) expect((await add(solo, { kind: 'company', companyName: `Holding ${share}`, positionIds: [9], share }, solo)).body.responseCode).toBe('00');
    expect((await add(solo, { ...person, email: null, firstName: 'Maria', positionIds: [6, 2], share: '33.34' }, solo)).body).toEqual({ responseCode: '00', representativeId: 5 });
    const { shareholders } = await call(solo, 'businessShareholderList', {}, solo);
    expect(shareholders.map((s: any) => [s.id, s.kind, s.share, s.positionIds])).toEqual([
      [3, 'company', '33.33', [9]],
      [4, 'company', '33.33', [9]],
      [5, 'person', '33.34', [6, 2]],
    ]);
    expect((await call(solo, 'businessDirectorList', {}, solo)).directors.map((d: any) => d.id)).toEqual([1, 2, 5]);
    expect(vfOf((await add(solo, { kind: 'company', companyName: 'One more', positionIds: [9], share: '0.01' }, solo)).body)).toEqual([['share', FIELD_TEXTS.sharesTotal]]);
    await restore(solo);
    expect((await call(solo, 'businessDirectorList', {}, solo)).directors.map((d: any) => d.id)).toEqual([1]);
  });

  it('deleting: not one with documents or a user; a full-access user deletes, an admin who administers the company forces', async () => {
    const del = (login: string, representativeId: number, force?: boolean) => main(login, 'businessRepresentativeDelete', { representativeId, ...(force === undefined ? {} : { force }), requestId: requestId() });
    expect((await del(OWNER, 2)).body).toEqual(refusal(HAS_DOCUMENTS));
    expect((await del(OWNER, 3)).body).toEqual(refusal(HAS_DOCUMENTS));
    expect((await del(OWNER, 1)).body).toEqual(refusal(REMOVE_ACCESS_FIRST));
    expect((await del(VIEWER, 6)).body).toEqual(refusal(FULL_ACCESS_ONLY_PEOPLE));
    expect((await del(OWNER, 2, true)).body).toEqual(refusal(FORCE_ADMIN_ONLY));
    expect((await del(SUPPORT, 6)).body).toEqual(refusal(ADMIN_FORCES_ONLY));
    expect((await del(SUPPORT, 1, true)).body).toEqual(refusal(REMOVE_ACCESS_FIRST));
    expect((await del('admin@brand1.test', 2, true)).body).toEqual(DENIED);
    expect((await del(OWNER, 99)).body).toEqual(refusal(NO_SUCH_REPRESENTATIVE));
    expect((await del(SUPPORT, 2, true)).body).toEqual({ responseCode: '00' });
    const id = requestId();
    expect((await main(ADMIN2, 'businessRepresentativeDelete', { representativeId: 6, requestId: id })).body).toEqual({ responseCode: '00' });
    expect((await main(ADMIN2, 'businessRepresentativeDelete', { representativeId: 6, requestId: id })).body).toEqual({ responseCode: '00' });
    expect((await call(OWNER, 'businessDirectorList')).directors.map((d: any) => d.id)).toEqual([1]);
    await restore(OWNER);
    expect((await call(OWNER, 'businessDirectorList')).directors.map((d: any) => d.id)).toEqual([1, 2, 6]);
  });

  it('a representative’s address with its proof, added by a full-access user; the service decides the proof', async () => {
    const address = { countryCode: 'RO', city: 'Iasi', address1: 'Strada Lapusneanu 7', postalCode: '700057', documentTypeId: 20 };
    expect((await addressCreate(VIEWER, { ...address, representativeId: 6, requestId: requestId() })).body).toEqual(refusal(FULL_ACCESS_ONLY_PEOPLE));
    expect((await addressCreate(SUPPORT, { ...address, representativeId: 6, requestId: requestId() })).body).toEqual(refusal(ADMIN_READS_PEOPLE));
    expect((await addressCreate(OWNER, { ...address, representativeId: 99, requestId: requestId() })).body).toEqual(refusal(NO_SUCH_REPRESENTATIVE));
    expect((await addressCreate(OWNER, { ...address, representativeId: 2, requestId: requestId() })).body).toEqual(refusal(PERSON_ADDRESS_EXISTS));
    const added = await addressCreate(ADMIN2, { ...address, representativeId: 6, requestId: requestId() });
    expect(added.body).toMatchObject({ responseCode: '00', address: { addressId: 622, addressStatus: 2, city: 'Iasi', uploadedDocuments: [{ id: 80004, statusId: 0, documentTypeId: 20 }] } });
    const ana = () => call(OWNER, 'businessDirectorList').then((r) => r.directors.find((d: any) => d.id === 6));
    expect(await ana()).toMatchObject({ addressDocumentStatus: 1, address: { addressId: 622 }, documents: [{ id: 80004, statusId: 0 }] });
    // Not the signed-in user's own address on the file.
    expect((await call(ADMIN2, 'businessRepresentativeInfo')).representative.address).toBeNull();
    expect((await addressCreate(OWNER, { ...address, representativeId: 6, requestId: requestId() })).body).toEqual(refusal(PERSON_ADDRESS_EXISTS));
    await control('documents/decide', { userLogin: COMPANY, documentId: 80004, decision: 'confirm' });
    expect(await ana()).toMatchObject({ addressDocumentStatus: 2, address: { addressStatus: 1 }, documents: [{ id: 80004, statusId: 2 }] });
    // A documented person is not deleted any more.
    expect((await main(OWNER, 'businessRepresentativeDelete', { representativeId: 6, requestId: requestId() })).body).toEqual(refusal(HAS_DOCUMENTS));
  });
});

describe('the sign-in state', () => {
  it('puts company-access@ back as seeded: people, users, access and changes', async () => {
    const before = {
      users: await call(OWNER, 'businessUserList'),
      rights: await call(OWNER, 'businessAccessRightsList'),
      directors: await call(OWNER, 'businessDirectorList'),
      shareholders: await call(OWNER, 'businessShareholderList'),
      changes: await call(OWNER, 'businessPermissionChangeList'),
    };
    const seeded = await seededChange();
    await decide(OWNER, seeded.id, 'approve');
    await main(OWNER, 'businessRepresentativeAdd', { kind: 'person', firstName: 'Ion', lastName: 'Pop', birthday: '1980-01-01', positionIds: [2], requestId: requestId() });
    await main(SUPPORT, 'businessRepresentativeDelete', { representativeId: 2, force: true, requestId: requestId() });
    await control('authorised-user-rights', { userLogin: 'company-b-user@brand1.test', companyLogin: COMPANY, rights: accessListFor(1) });
    expect((await call(OWNER, 'businessUserList')).users).toHaveLength(6);
    await restore(OWNER);
    const changesNow = await call(OWNER, 'businessPermissionChangeList');
    expect({
      users: await call(OWNER, 'businessUserList'),
      rights: await call(OWNER, 'businessAccessRightsList'),
      directors: await call(OWNER, 'businessDirectorList'),
      shareholders: await call(OWNER, 'businessShareholderList'),
      changes: { ...changesNow, changes: changesNow.changes.map(({ id: _id, ...c }: any) => c) },
    }).toEqual({ ...before, changes: { ...before.changes, changes: before.changes.changes.map(({ id: _id, ...c }: any) => c) } });
  });
});
