// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { ADMIN_DOCUMENTS_MAX, NO_SUCH_DOCUMENT, ONLY_ADMINS, ONLY_THEIR_ADMIN } from '../../sandbox/handlers/company.ts';
import { ADMINISTERED_PER_ADMIN, SEEDED_ADMIN_DOCUMENTS } from '../../sandbox/seed-company.ts';
import { NO_TRANSFERS } from '../../sandbox/requests.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { samplePdf, samplePng } from '../support/sample-files';
import { REUSED_WITH_OTHER_DETAILS, sandboxClient } from './client';

/**
 * Acting for a company and the admin overview (issue 52, sandbox/handlers/company.ts,
 * sandbox/seed-company.ts): whom each kind of user may act for (userAccessList), an admin's own
 * customers (adminCustomerList: pages, search), an admin acting only for the customers they
 * administer (balances and documents; never money), the admin documents of a customer (list,
 * assign, remove: by the bytes, 10 MB, 50 a customer, once per requestId, the file behind the url),
 * and the control API that removes an authorised user's right while they are signed in.
 */
let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);
let requestCount = 0;
const requestId = (tag = 'company') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

const DENIED = { responseCode: 'ENOA', responseDescription: 'You cannot act for this customer' };
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });

const customer = (login: string) =>
  sb.db.prepare('SELECT id, kind, first_name, last_name, business_name FROM customers WHERE login = ?').get(login) as {
    id: number;
    kind: string;
    first_name: string;
    last_name: string;
    business_name: string | null;
  };
const idOf = (login: string) => customer(login).id;
const balancesOf = (customerId: number) => sb.db.prepare('SELECT id, balance FROM accounts WHERE customer_id = ? ORDER BY id').all(customerId) as { id: number; balance: string }[];
const usdOf = (customerId: number) => (sb.db.prepare("SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND currency = 'USD' ORDER BY id LIMIT 1").get(customerId) as { id: number }).id;
/** The first customers of a brand that are not admins, by id: whom its admin@ administers as seeded. */
const firstOfBrand = (brand: string, count: number) =>
  (sb.db.prepare("SELECT id FROM customers WHERE brand = ? AND kind <> 'admin' ORDER BY id LIMIT ?").all(brand, count) as { id: number }[]).map((row) => row.id);

interface Accessible {
  id: number;
  name: string;
  username: string;
  customerType: number;
  accessRights?: Record<string, number>;
}
const accessList = async (login: string, body: Record<string, unknown> = {}) => {
  const reply = await call(await tokenOf(login), 'userAccessList', body);
  expect(reply.responseCode).toBe('00');
  return reply.customers as Accessible[];
};
/** Names in order: by name (numbers in order, any case), as the sandbox promises. */
const inNameOrder = (names: string[]) => names.every((name, i) => i === 0 || names[i - 1]!.localeCompare(name, 'en', { sensitivity: 'base', numeric: true }) <= 0);

interface AdminDocument {
  id: number;
  name: string;
  fileName: string;
  mimeType: string;
  size: number;
  assignedAt: string;
  assignedBy: string | null;
  url: string;
}
const documents = async (token: string, customerId: number) => call(token, 'adminDocumentList', { fromCustomerId: customerId });
const documentRows = (customerId: number) => (sb.db.prepare('SELECT COUNT(*) AS n FROM admin_documents WHERE customer_id = ?').get(customerId) as { n: number }).n;

/** adminDocumentAssign as the app sends it: the data part (with fromCustomerId) and the file. */
async function assign(
  token: string,
  customerId: number,
  data: { name: string; requestId: string },
  file: { name: string; type: string; content: string | Uint8Array<ArrayBuffer> } = { name: 'contract.pdf', type: 'application/pdf', content: samplePdf() },
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  body.append('data', new Blob([JSON.stringify({ ...data, fromCustomerId: customerId })], { type: 'application/json' }));
  body.append('file', new Blob([file.content], { type: file.type }), file.name);
  const res = await fetch(`${sb.url}/main/?method=adminDocumentAssign`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, ...headers }, body });
  return { status: res.status, json: (await res.json()) as any };
}
const remove = (token: string, customerId: number, documentId: number, id = requestId('remove')) => call(token, 'adminDocumentRemove', { fromCustomerId: customerId, documentId, requestId: id });
const download = (token: string | null, url: string) => fetch(`${sb.url}/documents${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const control = (path: string, body: unknown) => post(`/__sandbox/${path}`, body);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-company-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('userAccessList: whom the signed-in user may act for (issue 52)', () => {
  it('a personal customer: themselves, kind 0, no access rights', async () => {
    expect(await accessList('personal@brand1.test')).toEqual([{ id: idOf('personal@brand1.test'), name: 'Ana Demo 1', username: 'personal@brand1.test', customerType: 0 }]);
  });

  it('a business owner: their company by its name, kind 2 (an old business 1), no access rights', async () => {
    expect(await accessList('business@brand1.test')).toEqual([{ id: idOf('business@brand1.test'), name: 'Demo Trading 1 SRL', username: 'business@brand1.test', customerType: 2 }]);
    expect(await accessList('old-business@brand1.test')).toEqual([expect.objectContaining({ id: idOf('old-business@brand1.test'), customerType: 1 })]);
  });

  it('a user of two companies: both, by name, each with the rights of that relation; not themselves', async () => {
    expect(await accessList('two-companies@brand2.test')).toEqual([
      { id: idOf('business@brand2.test'), name: 'Demo Trading 2 SRL', username: 'business@brand2.test', customerType: 2, accessRights: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } },
      { id: idOf('company-b@brand2.test'), name: 'Harbour Freight 2 Ltd', username: 'company-b@brand2.test', customerType: 2, accessRights: { balanceInfo: 2, transfers: 2, history: 2, merchant: 0 } },
    ]);
  });

  it('the second company’s own user: that company only, with full transfer rights', async () => {
    expect(await accessList('company-b-user@brand3.test')).toEqual([
      { id: idOf('company-b@brand3.test'), name: 'Harbour Freight 3 Ltd', username: 'company-b@brand3.test', customerType: 2, accessRights: { balanceInfo: 2, transfers: 2, history: 2, merchant: 0 } },
    ]);
  });

  it(`an admin: the ${ADMINISTERED_PER_ADMIN} customers they administer (the brand’s first), by name, without rights; not cards@ after them; fromCustomerId changes nothing`, async () => {
    const list = await accessList('admin@brand1.test');
    expect(list).toHaveLength(ADMINISTERED_PER_ADMIN);
    expect(list.map((c) => c.id).sort((a, b) => a - b)).toEqual(firstOfBrand('brand1', ADMINISTERED_PER_ADMIN));
    expect(inNameOrder(list.map((c) => c.name))).toBe(true);
    expect(list.every((c) => c.accessRights === undefined)).toBe(true);
    const usernames = list.map((c) => c.username);
    expect(usernames).toEqual(expect.arrayContaining(['personal@brand1.test', 'business@brand1.test', 'old-business@brand1.test']));
    expect(usernames).not.toContain('cards@brand1.test');
    expect(usernames).not.toContain('admin@brand1.test');
    // The companies first ("Ana Demo 1" < "Demo Trading 1 SRL"): a person by first and last name, an employee by their own.
    expect(list.find((c) => c.username === 'employee@brand1.test')).toMatchObject({ name: 'Ana Demo 1', customerType: 2 });
    expect(list.find((c) => c.username === 'old-business@brand1.test')).toMatchObject({ name: 'Demo Trading 1 SRL', customerType: 1 });
    expect(await accessList('admin@brand1.test', { fromCustomerId: idOf('personal@brand1.test') })).toEqual(list);
  });
});

describe('adminCustomerList: an admin’s own customers (issue 52)', () => {
  it('20 a page unless asked: 20 then 10 of 30, in the order userAccessList gives; 100 a page: all', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const first = await call(admin, 'adminCustomerList');
    const second = await call(admin, 'adminCustomerList', { pageNumber: 2 });
    expect([first.responseCode, first.total, first.customers.length]).toEqual(['00', 30, 20]);
    expect([second.responseCode, second.total, second.customers.length]).toEqual(['00', 30, 10]);
    expect([...first.customers, ...second.customers]).toEqual(await accessList('admin@brand1.test'));
    expect((await call(admin, 'adminCustomerList', { pageNumber: 3 })).customers).toEqual([]);
    expect((await call(admin, 'adminCustomerList', { pageSize: 100 })).customers).toHaveLength(30);
    expect((await call(admin, 'adminCustomerList', { pageSize: 7, pageNumber: 5 })).customers).toEqual(second.customers.slice(8, 10));
  });

  it('search: a part of the name or of the login e-mail, in any case; % and _ are letters', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const all = (await call(admin, 'adminCustomerList', { pageSize: 100 })).customers as Accessible[];
    const search = async (text: string) => (await call(admin, 'adminCustomerList', { search: text, pageSize: 100 })) as { total: number; customers: Accessible[] };
    const trading = await search('tRADING 1');
    expect(trading.customers.map((c) => c.username)).toEqual(all.filter((c) => c.name.includes('Trading 1')).map((c) => c.username));
    expect(trading.customers.map((c) => c.username)).toEqual(expect.arrayContaining(['business@brand1.test', 'old-business@brand1.test']));
    expect(trading.total).toBe(trading.customers.length);
    const verify = await search('VERIFY-');
    expect(verify.customers.map((c) => c.username)).toEqual(all.filter((c) => c.username.startsWith('verify-')).map((c) => c.username));
    expect(verify.total).toBeGreaterThan(3);
    expect((await search('personal@BRAND1')).customers.map((c) => c.username)).toEqual(['personal@brand1.test']);
    // % and _ are letters: nobody's name has them until one does.
    expect((await search('%')).total).toBe(0);
    expect((await search('a_a')).total).toBe(0);
    sb.db.prepare('UPDATE customers SET last_name = ? WHERE login = ?').run('Fifty 50%', 'simple@brand1.test');
    try {
      expect((await search('50%')).customers.map((c) => c.username)).toEqual(['simple@brand1.test']);
      expect((await search('%')).customers.map((c) => c.username)).toEqual(['simple@brand1.test']);
    } finally {
      sb.db.prepare('UPDATE customers SET last_name = ? WHERE login = ?').run('Demo 1', 'simple@brand1.test');
    }
    expect(await search('nobody-like-this')).toMatchObject({ responseCode: '00', total: 0, customers: [] });
  });

  it('anyone but an admin is refused (UE, in the request’s language); fromCustomerId makes no admin', async () => {
    for (const login of ['personal@brand1.test', 'business@brand1.test', 'employee@brand1.test', 'two-companies@brand1.test']) {
      expect([login, await call(await tokenOf(login), 'adminCustomerList', { fromCustomerId: idOf('business@brand1.test') })]).toEqual([login, refusal(ONLY_ADMINS)]);
    }
    expect(await call(await tokenOf('personal@brand1.test'), 'adminCustomerList', {}, { 'Accept-Language': 'ru' })).toEqual(refusal(SANDBOX_TEXTS.ru[ONLY_ADMINS]!));
  });
});

describe('an admin acts only for the customers they administer (issue 52)', () => {
  it('reads an administered customer’s balances and documents; refused for one of the brand beyond them (until the table says so)', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const personal = idOf('personal@brand1.test');
    expect((await call(admin, 'balanceInquiry', { fromCustomerId: personal })).responseCode).toBe('00');
    expect((await documents(admin, personal)).responseCode).toBe('00');
    for (const login of ['cards@brand1.test', 'invoices-business@brand1.test', 'company-b@brand1.test']) {
      const other = idOf(login);
      expect([login, await call(admin, 'balanceInquiry', { fromCustomerId: other })]).toEqual([login, DENIED]);
      expect([login, await call(admin, 'transactionHistory', { fromCustomerId: other, pageNumber: 1, pageSize: 10 })]).toEqual([login, DENIED]);
      expect([login, await documents(admin, other)]).toEqual([login, DENIED]);
      expect([login, (await assign(admin, other, { name: 'Not theirs', requestId: requestId() })).json]).toEqual([login, DENIED]);
    }
    // Another brand's customers are nobody's to this admin.
    expect(await call(admin, 'balanceInquiry', { fromCustomerId: idOf('personal@brand2.test') })).toEqual(DENIED);
    // The table is the rule: administered, cards@ reads; no longer, refused again.
    const cards = idOf('cards@brand1.test');
    sb.db.prepare('INSERT INTO admin_customers (admin_id, customer_id) VALUES (?, ?)').run(idOf('admin@brand1.test'), cards);
    expect((await call(admin, 'balanceInquiry', { fromCustomerId: cards })).responseCode).toBe('00');
    sb.db.prepare('DELETE FROM admin_customers WHERE admin_id = ? AND customer_id = ?').run(idOf('admin@brand1.test'), cards);
    expect(await call(admin, 'balanceInquiry', { fromCustomerId: cards })).toEqual(DENIED);
  });

  it('moves none of an administered customer’s money: a transfer is refused and nothing moves', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const personal = idOf('personal@brand1.test');
    const before = balancesOf(personal);
    const sent = await call(admin, 'p2pTransfer', { fromCustomerId: personal, accountId: usdOf(personal), toEmail: 'simple@brand1.test', amount: '5.00', requestId: requestId() });
    expect(sent).toEqual({ responseCode: '13', responseDescription: NO_TRANSFERS, errors: [NO_TRANSFERS] });
    expect(balancesOf(personal)).toEqual(before);
  });

  it('admin documents are the admin’s: the customer, their users and an admin for themselves are refused (UE)', async () => {
    const business = idOf('business@brand1.test');
    expect(await documents(await tokenOf('business@brand1.test'), business)).toEqual(refusal(ONLY_THEIR_ADMIN));
    expect(await documents(await tokenOf('approver@brand1.test'), business)).toEqual(refusal(ONLY_THEIR_ADMIN));
    expect(await call(await tokenOf('admin@brand1.test'), 'adminDocumentList')).toEqual(refusal(ONLY_THEIR_ADMIN));
    expect((await assign(await tokenOf('business@brand1.test'), business, { name: 'Mine', requestId: requestId() })).json).toEqual(refusal(ONLY_THEIR_ADMIN));
    expect(documentRows(business)).toBe(SEEDED_ADMIN_DOCUMENTS.length);
  });
});

describe('admin documents (issue 52)', () => {
  it('business@ has its two seeded documents, newest first, each a PDF its url downloads with the admin’s token (nobody else’s)', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const list = await documents(admin, idOf('business@brand1.test'));
    expect(list.responseCode).toBe('00');
    const seeded = list.documents as AdminDocument[];
    expect(seeded.map((d) => d.name)).toEqual(SEEDED_ADMIN_DOCUMENTS.map((d) => d.name).reverse());
    for (const document of seeded) {
      expect(document).toMatchObject({ mimeType: 'application/pdf', assignedBy: 'admin@brand1.test', url: expect.stringMatching(/^\/files\/[A-Za-z0-9_-]+$/) });
      expect(document.id).toBeGreaterThan(40_000);
      const res = await download(admin, document.url);
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([bytes.length, Buffer.from(bytes.subarray(0, 5)).toString('latin1')]).toEqual([document.size, '%PDF-']);
      expect((await download(null, document.url)).status).toBe(401);
      expect((await download(await tokenOf('company-b-user@brand1.test'), document.url)).status).toBe(404);
    }
    expect(Date.parse(seeded[0]!.assignedAt)).toBeGreaterThan(Date.parse(seeded[1]!.assignedAt));
  });

  it('assign: the document comes first in the list, its url downloads the same bytes; the same requestId again is the same document; with another file: 422', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const business = idOf('business@brand1.test');
    const pdf = samplePdf(4096);
    const id = requestId('assign');
    const first = await assign(admin, business, { name: '  Board resolution 2026  ', requestId: id }, { name: 'resolution.pdf', type: 'application/pdf', content: pdf });
    expect(first).toMatchObject({ status: 200, json: { responseCode: '00', document: { name: 'Board resolution 2026', fileName: 'resolution.pdf', mimeType: 'application/pdf', size: 4096, assignedBy: 'admin@brand1.test' } } });
    const document = first.json.document as AdminDocument;
    const list = (await documents(admin, business)).documents as AdminDocument[];
    expect(list[0]).toEqual(document);
    expect(list).toHaveLength(SEEDED_ADMIN_DOCUMENTS.length + 1);
    const res = await download(admin, document.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    // Once per requestId: the first reply again, nothing added; other details with it: 422.
    const again = await assign(admin, business, { name: '  Board resolution 2026  ', requestId: id }, { name: 'resolution.pdf', type: 'application/pdf', content: pdf });
    expect(again.json).toEqual(first.json);
    expect(documentRows(business)).toBe(SEEDED_ADMIN_DOCUMENTS.length + 1);
    const other = await assign(admin, business, { name: 'Board resolution 2026', requestId: id }, { name: 'other.png', type: 'image/png', content: samplePng() });
    expect({ status: other.status, message: other.json.message }).toEqual({ status: REUSED_WITH_OTHER_DETAILS.status, message: REUSED_WITH_OTHER_DETAILS.message });
    expect(documentRows(business)).toBe(SEEDED_ADMIN_DOCUMENTS.length + 1);
    // A PNG is taken too, kept as image/png.
    const png = await assign(admin, business, { name: 'Office photo', requestId: requestId('assign') }, { name: 'office.png', type: 'image/png', content: samplePng() });
    expect(png.json).toMatchObject({ responseCode: '00', document: { mimeType: 'image/png', fileName: 'office.png' } });
    expect(png.json.document.id).toBeGreaterThan(document.id);
  });

  it('a file whose bytes are not a PDF, JPEG or PNG is refused (VF file) whatever it is called; an empty name too; nothing is kept', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const personal = idOf('personal@brand1.test');
    const html = await assign(admin, personal, { name: 'Statement', requestId: requestId() }, { name: 'statement.pdf', type: 'application/pdf', content: '<!doctype html><html><body>not a pdf</body></html>' });
    expect(html).toMatchObject({ status: 200, json: { responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is not a PDF, JPEG or PNG' }] } });
    const text = await assign(admin, personal, { name: 'Notes', requestId: requestId() }, { name: 'notes.txt', type: 'text/plain', content: 'plain text' });
    expect(text.json).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is not a PDF, JPEG or PNG' }] });
    const blank = await assign(admin, personal, { name: '   ', requestId: requestId() });
    expect(blank.json).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'name', description: 'Enter the name of the document' }] });
    expect(documentRows(personal)).toBe(0);
  });

  it('a file over 10 MB is refused with the 413 the contract lists, and nothing is kept', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const personal = idOf('personal@brand1.test');
    const big = await assign(admin, personal, { name: 'Too big', requestId: requestId() }, { name: 'big.pdf', type: 'application/pdf', content: samplePdf(10_000_001) });
    expect(big).toEqual({ status: 413, json: { message: 'The file is larger than 10 MB' } });
    const largest = await assign(admin, personal, { name: 'Just fits', requestId: requestId() }, { name: 'fits.pdf', type: 'application/pdf', content: samplePdf(10_000_000) });
    expect(largest.json).toMatchObject({ responseCode: '00', document: { size: 10_000_000 } });
    expect(documentRows(personal)).toBe(1);
    await remove(admin, personal, largest.json.document.id);
    expect(documentRows(personal)).toBe(0);
  });

  it(`a customer holds at most ${ADMIN_DOCUMENTS_MAX}: the next is refused (VF file) until one is removed`, async () => {
    const admin = await tokenOf('admin@brand4.test');
    const customerId = idOf('simple@brand4.test');
    const kept: number[] = [];
    for (let n = 1; n <= ADMIN_DOCUMENTS_MAX; n++) {
      const reply = await assign(admin, customerId, { name: `Document ${n}`, requestId: requestId('fill') });
      expect([n, reply.json.responseCode]).toEqual([n, '00']);
      kept.push(reply.json.document.id as number);
    }
    const over = await assign(admin, customerId, { name: 'One too many', requestId: requestId('fill') });
    expect(over.json).toEqual({
      responseCode: 'VF',
      validationErrors: [{ param: 'file', description: `A customer holds at most ${ADMIN_DOCUMENTS_MAX} admin documents: remove one first` }],
      responseDescription: `A customer holds at most ${ADMIN_DOCUMENTS_MAX} admin documents: remove one first`,
    });
    expect(documentRows(customerId)).toBe(ADMIN_DOCUMENTS_MAX);
    expect((await remove(admin, customerId, kept[0]!)).responseCode).toBe('00');
    expect((await assign(admin, customerId, { name: 'Room again', requestId: requestId('fill') })).json.responseCode).toBe('00');
  });

  it('remove: gone from the list and its url; the same requestId again answers the same; a removed or another customer’s document: UE "No such document"', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const business = idOf('business@brand1.test');
    const personal = idOf('personal@brand1.test');
    const added = (await assign(admin, personal, { name: 'To remove', requestId: requestId() })).json.document as AdminDocument;
    const id = requestId('remove');
    expect(await remove(admin, personal, added.id, id)).toEqual({ responseCode: '00' });
    expect(((await documents(admin, personal)).documents as AdminDocument[]).map((d) => d.id)).not.toContain(added.id);
    expect((await download(admin, added.url)).status).toBe(404);
    expect(await remove(admin, personal, added.id, id)).toEqual({ responseCode: '00' });
    expect(await remove(admin, personal, added.id)).toEqual(refusal(NO_SUCH_DOCUMENT));
    // business@'s document, removed while acting for personal@: not on that file.
    const theirs = ((await documents(admin, business)).documents as AdminDocument[])[0]!;
    expect(await remove(admin, personal, theirs.id)).toEqual(refusal(NO_SUCH_DOCUMENT));
    expect(((await documents(admin, business)).documents as AdminDocument[]).map((d) => d.id)).toContain(theirs.id);
    // A new document never takes a removed one's id.
    const next = (await assign(admin, personal, { name: 'After the removal', requestId: requestId() })).json.document as AdminDocument;
    expect(next.id).toBeGreaterThan(added.id);
    // The customer themselves may not remove it either.
    expect(await call(await tokenOf('business@brand1.test'), 'adminDocumentRemove', { documentId: theirs.id, requestId: requestId() })).toEqual(refusal(ONLY_THEIR_ADMIN));
  });
});

describe('the control API (issue 52)', () => {
  it('POST /__sandbox/authorised-user-rights: a right removed while signed in refuses the next call for that company; rights set are the ones used; sign-in-state restores them', async () => {
    const token = await tokenOf('two-companies@brand5.test');
    const companyB = idOf('company-b@brand5.test');
    expect((await call(token, 'balanceInquiry', { fromCustomerId: companyB })).responseCode).toBe('00');
    const removed = await control('authorised-user-rights', { userLogin: 'two-companies@brand5.test', companyLogin: 'company-b@brand5.test', rights: null });
    expect([removed.status, await removed.json()]).toEqual([200, { ok: true, removed: true }]);
    expect(await call(token, 'balanceInquiry', { fromCustomerId: companyB })).toEqual(DENIED);
    expect((await call(token, 'userAccessList')).customers.map((c: Accessible) => c.username)).toEqual(['business@brand5.test']);
    // Rights given again, read only: balances yes, a transfer refused.
    const set = await control('authorised-user-rights', { userLogin: 'two-companies@brand5.test', companyLogin: 'company-b@brand5.test', rights: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } });
    expect(set.status).toBe(200);
    expect((await call(token, 'balanceInquiry', { fromCustomerId: companyB })).responseCode).toBe('00');
    expect((await call(token, 'p2pTransfer', { fromCustomerId: companyB, accountId: usdOf(companyB), toEmail: 'personal@brand5.test', amount: '1.00', requestId: requestId() })).responseCode).toBe('13');
    expect((await call(token, 'userAccessInfoGet', { fromCustomerId: companyB })).accessRights).toEqual({ balanceInfo: 1, transfers: 1, history: 1, merchant: 0 });
    // Wrong requests are refused.
    expect((await control('authorised-user-rights', { userLogin: 'nobody@brand5.test', companyLogin: 'company-b@brand5.test', rights: null })).status).toBe(404);
    expect((await control('authorised-user-rights', { userLogin: 'two-companies@brand5.test', companyLogin: 'company-b@brand5.test', rights: { transfers: 9 } })).status).toBe(400);
    expect((await control('authorised-user-rights', { userLogin: 'two-companies@brand5.test', companyLogin: 'personal@brand5.test', rights: null })).status).toBe(400);
    // The seeded rights back.
    expect((await control('sign-in-state', { userLogin: 'two-companies@brand5.test' })).status).toBe(200);
    expect((await call(token, 'userAccessInfoGet', { fromCustomerId: companyB })).accessRights).toEqual({ balanceInfo: 2, transfers: 2, history: 2, merchant: 0 });
  });

  it('POST /__sandbox/customer-money forgets a customer’s generated files, never the file of an admin document', async () => {
    const admin = await tokenOf('admin@brand3.test');
    const business = idOf('business@brand3.test');
    const before = (await documents(admin, business)).documents as AdminDocument[];
    expect(before).toHaveLength(SEEDED_ADMIN_DOCUMENTS.length);
    expect((await control('customer-money', { userLogin: 'business@brand3.test' })).status).toBe(200);
    expect((await documents(admin, business)).documents).toEqual(before);
    for (const document of before) expect((await download(admin, document.url)).status).toBe(200);
    // Removed, its file goes with it.
    await remove(admin, business, before[0]!.id);
    expect((await download(admin, before[0]!.url)).status).toBe(404);
    expect(sb.db.prepare('SELECT COUNT(*) AS n FROM files WHERE id = ?').get(before[0]!.url.slice('/files/'.length))).toEqual({ n: 0 });
  });

  it('POST /__sandbox/sign-in-state of an admin: their customers and those customers’ admin documents as seeded', async () => {
    const admin = await tokenOf('admin@brand6.test');
    const adminId = idOf('admin@brand6.test');
    const business = idOf('business@brand6.test');
    const personal = idOf('personal@brand6.test');
    const seeded = (await documents(admin, business)).documents as AdminDocument[];
    expect(seeded.map((d) => d.name)).toEqual(SEEDED_ADMIN_DOCUMENTS.map((d) => d.name).reverse());
    await remove(admin, business, seeded[0]!.id);
    await assign(admin, business, { name: 'Added', requestId: requestId() });
    await assign(admin, personal, { name: 'Added too', requestId: requestId() });
    sb.db.prepare('INSERT INTO admin_customers (admin_id, customer_id) VALUES (?, ?)').run(adminId, idOf('cards@brand6.test'));
    sb.db.prepare('DELETE FROM admin_customers WHERE admin_id = ? AND customer_id = ?').run(adminId, idOf('simple@brand6.test'));
    expect((await control('sign-in-state', { userLogin: 'admin@brand6.test' })).status).toBe(200);
    const token = await tokenOf('admin@brand6.test');
    expect(((await documents(token, business)).documents as AdminDocument[]).map((d) => d.name)).toEqual(SEEDED_ADMIN_DOCUMENTS.map((d) => d.name).reverse());
    expect((await documents(token, personal)).documents).toEqual([]);
    expect((await accessList('admin@brand6.test')).map((c) => c.id).sort((a, b) => a - b)).toEqual(firstOfBrand('brand6', ADMINISTERED_PER_ADMIN));
    expect(await call(token, 'balanceInquiry', { fromCustomerId: idOf('cards@brand6.test') })).toEqual(DENIED);
    // The restored documents download.
    const [latest] = (await documents(token, business)).documents as AdminDocument[];
    expect((await download(token, latest!.url)).status).toBe(200);
  });
});
