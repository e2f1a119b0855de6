// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { ADMIN_READS_ONLY, FULL_ACCESS_ONLY, NOT_A_COMPANY } from '../../sandbox/company-file-store.ts';
import { ADDRESS_EXISTS, ALREADY_SIGNED, ANSWER_DATE, ANSWER_OPTION, ANSWER_REQUIRED, CHOOSE_FROM_LIST, NOT_OFFERED } from '../../sandbox/handlers/company-file.ts';
import { BUSINESS_PURPOSES, BUSINESS_QUESTIONS, BUSINESS_SOURCES_OF_FUNDS, CURRENCIES, ESTIMATED_MONTHLY_DEPOSITS, INDUSTRIES } from '../../sandbox/reference-lists.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { companyActions, sourceOfWealthStanding, type CompanyFacts } from '../../machines/company/company-file.rules.ts';
import { adjustAdditionalQuestions } from '../../machines/registration/registration.rules.ts';
import { samplePdf, samplePng } from '../support/sample-files';
import { REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * The company's own file (issue 53, sandbox/handlers/company-file.ts, sandbox/company-file-store.ts,
 * sandbox/seed-company-file.ts): business info of company-file@ (documents in every status) and the
 * default file every other business has; who reads it, who sends its documents (documentUpload's
 * categories 4, 7, 10, 11), who changes it (the owner and full balance-info access only); the
 * financial details and due diligence checked and once per requestId; the statements by brand and
 * signed once; the representative's address; the service's decision on a company document (the set
 * status, the action list, `company.changed` to the company and its users); the sign-in state
 * restoring the seeded file. Bodies are sent as plain JSON: the file's ids, answers and names are
 * text.
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const START = Date.parse('2026-12-01T09:00:00Z');
const TODAY = '2026-12-01';
const DAY = 86_400_000;

let sb: Sandbox;
let requestCount = 0;
const requestId = (tag = 'file') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const control = (path: string, body: unknown) => post(`/__sandbox/${path}`, body);

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

/** A main-service call as plain JSON: its status and body. */
async function main(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await post(`/main/?method=${method}`, { method, ...body }, { Authorization: `Bearer ${await tokenOf(login)}`, ...headers });
  return { status: res.status, body: (await res.json()) as any };
}
/** A call that must answer 200: its body. */
async function call(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any> {
  const reply = await main(login, method, body, headers);
  if (reply.status !== 200) throw new Error(`${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A multipart call (documentUpload, businessRepresentativeAddressCreate): the data part and the front. */
async function multipart(login: string, method: string, data: Record<string, unknown>, front: { type: string; bytes: Uint8Array<ArrayBuffer> } = { type: 'application/pdf', bytes: samplePdf(2048) }) {
  const body = new FormData();
  body.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  body.append('front', new Blob([front.bytes], { type: front.type }), `scan.${front.type.split('/')[1]}`);
  const res = await fetch(`${sb.url}/main/?method=${method}`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(login)}` }, body });
  return { status: res.status, body: (await res.json()) as any };
}
const upload = async (login: string, data: Record<string, unknown>, front?: { type: string; bytes: Uint8Array<ArrayBuffer> }) => (await multipart(login, 'documentUpload', data, front)).body;

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });
const DENIED = refusal('You cannot act for this customer', 'ENOA');
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const COMPANY = 'company-file@brand1.test';
const DOCS_ONLY = 'company-docs-only@brand1.test';
const READER = 'company-reader@brand1.test';
const business = async (login: string, companyLogin = login) => (await call(login, 'businessInfo', { fromCustomerId: idOf(companyLogin) })).business;
/** The file's facts as the action list reads them. */
const facts = (b: any): CompanyFacts => b;

/** Financial details every brand takes (the ids of sandbox/reference-lists.ts). */
const FINANCIAL = { sourcesOfFunds: ['grants'], purposesOfAccount: ['treasury'], estimatedMonthlyDeposit: 'upTo1k', currencies: ['GBP'], industry: 'consulting' };

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-company-file-')), 'db.sqlite'), now: () => START, accessTokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());
afterEach(() => vi.restoreAllMocks());

describe('businessInfo: the company file as seeded (issue 53)', () => {
  it('company-file@: corporate documents refused (3), none additional (0), no registration date, an address without a proof, source-of-wealth documents by id', async () => {
    const file = await business(COMPANY);
    expect(file).toMatchObject({ name: 'Meridian Works 1 Ltd', registrationDate: null, registrationCountryCode: 'RO', corporateDocumentStatus: 3, additionalDocumentStatus: 0, additionalDocuments: [], verified: true, limited: false, isConverted: false });
    expect(file.corporateDocuments.map((d: any) => d.statusId)).toEqual([2, 26]);
    expect(file.corporateDocuments[1].rejectReason).toBe('The document is not readable');
    expect(file.addresses.map((a: any) => [a.addressId, a.addressStatus, a.uploadedDocuments.length])).toEqual([
      [601, 1, 1],
      [602, 0, 0],
    ]);
    expect(Object.keys(file.sourceOfWealthDocuments).sort()).toEqual(['60004', '60005', '60006']);
    const sow = file.sourceOfWealthDocuments;
    expect(sow['60004']).toMatchObject({ id: 60004, statusId: 2, expiration: isoDay(START + 10 * DAY), createdName: 'Ana Demo 1' });
    expect(['60004', '60005', '60006'].map((id) => sourceOfWealthStanding(sow[id], TODAY))).toEqual(['expiringSoon', 'expired', 'inReview']);
    expect(file.financialDetail).toMatchObject({ industry: 'mediaProduction', answers: { businessAnotherAccount: 'true', controlAccount: '1' } });
    expect(companyActions(facts(file))).toEqual([
      { kind: 'registrationFields', fields: ['registrationDate'] },
      { kind: 'corporateDocuments', status: 3 },
      { kind: 'additionalDocuments', status: 0 },
      { kind: 'addressDocument', addressId: 602, statusId: null },
    ]);
    // The statements: the resolution unsigned, in brand1 the streaming platform declaration signed.
    expect((await call(COMPANY, 'resolutionGet')).declaration).toEqual({ signed: false, signedName: null, signedAt: null });
    expect((await call(COMPANY, 'declarationGet', { declarationType: 'studio' })).declaration).toEqual({ signed: false, signedName: null, signedAt: null });
    expect((await call(COMPANY, 'declarationGet', { declarationType: 'streamingPlatform' })).declaration).toEqual({ signed: true, signedName: 'Ana Demo 1', signedAt: new Date(START - 30 * DAY).toISOString() });
    expect((await call(COMPANY, 'prohibitedEscortStatementGet')).declaration.signed).toBe(false);
    // Their representative info: their name and phone, no address yet.
    expect((await call(COMPANY, 'businessRepresentativeInfo')).representative).toEqual({ firstName: 'Ana', lastName: 'Demo 1', phone: '+40721555010', address: null, documents: [] });
  });

  it('business@ (and every other business, an old one too): the default file, every set confirmed, nothing to do, its ids in the reference lists', async () => {
    for (const login of ['business@brand1.test', 'old-business@brand2.test', 'company-b@brand4.test']) {
      const file = await business(login);
      expect([login, file.corporateDocumentStatus, file.additionalDocumentStatus, companyActions(facts(file))]).toEqual([login, 2, 2, []]);
      expect(file.addresses).toHaveLength(1);
      expect(file.addresses[0]).toMatchObject({ addressStatus: 1, uploadedDocuments: [{ statusId: 2 }] });
      const sow = Object.values(file.sourceOfWealthDocuments) as any[];
      expect(sow.map((d) => sourceOfWealthStanding(d, TODAY))).toEqual(['valid']);
    }
    const file = await business('business@brand1.test');
    expect(file).toMatchObject({ name: 'Demo Trading 1 SRL', email: 'business@brand1.test', registrationCountryCode: 'RO', registrationDate: '2019-03-14' });
    expect(file.registrationNumber).toBeTruthy();
    const detail = file.financialDetail;
    const ids = (list: { id: string }[]) => list.map((item) => item.id);
    expect(ids(BUSINESS_SOURCES_OF_FUNDS)).toEqual(expect.arrayContaining(detail.sourcesOfFunds));
    expect(ids(BUSINESS_PURPOSES)).toEqual(expect.arrayContaining(detail.purposesOfAccount));
    expect(ids(ESTIMATED_MONTHLY_DEPOSITS)).toContain(detail.estimatedMonthlyDeposit);
    expect(CURRENCIES.map(([code]) => code)).toEqual(expect.arrayContaining(detail.currencies));
    expect(ids(INDUSTRIES)).toContain(detail.industry);
    // Every business additional question answered (no follow-up shown).
    expect(Object.keys(detail.answers).sort()).toEqual(BUSINESS_QUESTIONS.map((q) => q.id).sort());
    expect((await call('business@brand1.test', 'resolutionGet')).declaration).toMatchObject({ signed: true, signedName: 'Ana Demo 1' });
    expect((await call('business@brand1.test', 'declarationGet', { declarationType: 'studio' })).declaration.signed).toBe(false);
  });

  it('a business registered in the sandbox gets its file made from its row the first time it is read', async () => {
    const id = idOf('inactive-business@brand5.test');
    sb.db.prepare('DELETE FROM company_files WHERE customer_id = ?').run(id);
    expect(sb.db.prepare('SELECT 1 FROM company_files WHERE customer_id = ?').get(id)).toBeUndefined();
    sb.db.prepare('UPDATE customers SET profile = json_remove(profile, ?) WHERE id = ?').run('$.inactive', id);
    const file = await business('inactive-business@brand5.test');
    expect(file).toMatchObject({ name: 'Demo Trading 5 SRL', corporateDocumentStatus: 2, additionalDocumentStatus: 2 });
    expect(sb.db.prepare('SELECT 1 FROM company_files WHERE customer_id = ?').get(id)).toBeDefined();
  });
});

describe('who reads, sends and changes the file (issue 53)', () => {
  it('a personal customer (and an employee for themselves) is refused (UE, in the request’s language); a user of another company and an admin who does not administer it: ENOA', async () => {
    expect(await call('personal@brand1.test', 'businessInfo')).toEqual(refusal(NOT_A_COMPANY));
    expect(await call('personal@brand1.test', 'businessInfo', {}, { 'Accept-Language': 'ru' })).toEqual(refusal(SANDBOX_TEXTS.ru[NOT_A_COMPANY]!));
    expect(await call(DOCS_ONLY, 'businessInfo', { fromCustomerId: idOf(DOCS_ONLY) })).toEqual(refusal(NOT_A_COMPANY));
    expect(await call('personal@brand1.test', 'financialDetailUpdate', { ...FINANCIAL, requestId: requestId() })).toEqual(refusal(NOT_A_COMPANY));
    expect(await upload('personal@brand1.test', { categoryId: 4, documentTypeId: 40 })).toEqual(refusal(NOT_A_COMPANY));
    expect(await call('company-b-user@brand1.test', 'businessInfo', { fromCustomerId: idOf(COMPANY) })).toEqual(DENIED);
    expect(await call('admin@brand1.test', 'businessInfo', { fromCustomerId: idOf(COMPANY) })).toEqual(DENIED);
  });

  it('an admin reads an administered company’s file and changes nothing (UE)', async () => {
    const company = idOf('business@brand1.test');
    expect((await call('admin@brand1.test', 'businessInfo', { fromCustomerId: company })).responseCode).toBe('00');
    expect((await call('admin@brand1.test', 'resolutionGet', { fromCustomerId: company })).responseCode).toBe('00');
    expect(await call('admin@brand1.test', 'financialDetailUpdate', { fromCustomerId: company, ...FINANCIAL, requestId: requestId() })).toEqual(refusal(ADMIN_READS_ONLY));
    expect(await upload('admin@brand1.test', { fromCustomerId: company, categoryId: 4, documentTypeId: 40 })).toEqual(refusal(ADMIN_READS_ONLY));
    expect((await multipart('admin@brand1.test', 'businessRepresentativeAddressCreate', { fromCustomerId: company, countryCode: 'RO', city: 'Cluj', address1: 'Strada Memorandumului 1', postalCode: '400114', documentTypeId: 20, requestId: requestId() })).body).toEqual(refusal(ADMIN_READS_ONLY));
    expect((await business('business@brand1.test')).corporateDocuments).toHaveLength(1);
  });

  it('the user without balanceInfo reads the file and sends a corporate document (the set in review), but may not change the details', async () => {
    const company = idOf('company-file@brand2.test');
    const docsOnly = 'company-docs-only@brand2.test';
    expect((await business(docsOnly, 'company-file@brand2.test')).corporateDocumentStatus).toBe(3);
    const sent = await upload(docsOnly, { fromCustomerId: company, categoryId: 4, documentTypeId: 41, issuedDate: '2026-10-01' });
    expect(sent).toMatchObject({ responseCode: '00', statusId: 0 });
    expect(sent.documentId).toBeGreaterThan(60_006);
    const file = await business(docsOnly, 'company-file@brand2.test');
    expect(file.corporateDocumentStatus).toBe(1);
    expect(file.corporateDocuments.at(-1)).toEqual({ id: sent.documentId, statusId: 0, documentTypeId: 41, issuedDate: '2026-10-01', expiresDate: null, rejectReason: null });
    expect(await call(docsOnly, 'financialDetailUpdate', { fromCustomerId: company, ...FINANCIAL, requestId: requestId() })).toEqual(refusal(FULL_ACCESS_ONLY));
    expect(await call(docsOnly, 'resolutionSend', { fromCustomerId: company, signedName: 'Ana Demo 2', accepted: true, requestId: requestId() })).toEqual(refusal(FULL_ACCESS_ONLY));
    // Their personal verification is not where it went.
    expect((await call(docsOnly, 'documentsInquiry')).documents.map((d: { id: number }) => d.id)).not.toContain(sent.documentId);
  });

  it('source-of-wealth documents: created now by the sender; a payslip expires a year later, an inheritance document never; a type of another category: VF', async () => {
    const company = idOf('company-file@brand3.test');
    const docsOnly = 'company-docs-only@brand3.test';
    const payslip = await upload(docsOnly, { fromCustomerId: company, categoryId: 11, documentTypeId: 110 });
    const inheritance = await upload(docsOnly, { fromCustomerId: company, categoryId: 11, documentTypeId: 114 }, { type: 'image/png', bytes: samplePng(512) });
    const sow = (await business(docsOnly, 'company-file@brand3.test')).sourceOfWealthDocuments;
    expect(sow[String(payslip.documentId)]).toEqual({ id: payslip.documentId, documentTypeId: 110, statusId: 0, created: new Date(START).toISOString(), createdName: 'Ana Demo 3', expiration: isoDay(START + 365 * DAY) });
    expect(sow[String(inheritance.documentId)]).toMatchObject({ documentTypeId: 114, expiration: null });
    expect(vfOf(await upload(docsOnly, { fromCustomerId: company, categoryId: 11, documentTypeId: 40 }))).toEqual([['documentTypeId', 'Choose a document type of this category']]);
    expect(vfOf(await upload(docsOnly, { fromCustomerId: company, categoryId: 7, documentTypeId: 70, addressId: 501 }))).toEqual([['addressId', 'This address is not on the company file']]);
    expect(vfOf(await upload(docsOnly, { fromCustomerId: company, categoryId: 10, documentTypeId: 100 }, { type: 'application/pdf', bytes: new TextEncoder().encode('<html>not a pdf</html>') as Uint8Array<ArrayBuffer> }))[0]![0]).toBe('front');
  });

  it('the reader (balanceInfo 1) reads everything and is refused every change', async () => {
    const company = idOf(COMPANY);
    expect((await business(READER, COMPANY)).name).toBe('Meridian Works 1 Ltd');
    expect((await call(READER, 'businessRepresentativeInfo', { fromCustomerId: company })).representative).toMatchObject({ firstName: 'Ana', address: null });
    for (const [method, body] of [
      ['financialDetailUpdate', FINANCIAL],
      ['dueDiligenceUpdate', { answers: { businessAnotherAccount: 'false' } }],
      ['resolutionSend', { signedName: 'Ana Demo 1', accepted: true }],
      ['declarationSend', { declarationType: 'studio', signedName: 'Ana Demo 1', accepted: true }],
      ['prohibitedEscortStatementSend', { signedName: 'Ana Demo 1', accepted: true }],
    ] as const) {
      expect([method, await call(READER, method, { fromCustomerId: company, ...body, requestId: requestId() })]).toEqual([method, refusal(FULL_ACCESS_ONLY)]);
    }
  });
});

describe('financial details and due diligence (issue 53)', () => {
  it('each id from the reference lists; adult-related industries only where the brand shows them', async () => {
    const owner = 'company-file@brand4.test';
    const wrong = await call(owner, 'financialDetailUpdate', { sourcesOfFunds: ['revenue', 'lottery'], purposesOfAccount: ['payroll'], estimatedMonthlyDeposit: 'lots', currencies: ['USD', 'XYZ'], industry: 'consulting', requestId: requestId() });
    expect(vfOf(wrong)).toEqual([
      ['sourcesOfFunds', CHOOSE_FROM_LIST],
      ['estimatedMonthlyDeposit', CHOOSE_FROM_LIST],
      ['currencies', CHOOSE_FROM_LIST],
    ]);
    expect(vfOf(await call(owner, 'financialDetailUpdate', { ...FINANCIAL, industry: 'webcamStudio', requestId: requestId() }))).toEqual([['industry', CHOOSE_FROM_LIST]]);
    expect((await call('company-file@brand1.test', 'financialDetailUpdate', { ...FINANCIAL, industry: 'webcamStudio', requestId: requestId() })).business.financialDetail.industry).toBe('webcamStudio');
  });

  it('once per requestId: the same request again answers the first reply and changes nothing again; other details with it: 422', async () => {
    const owner = 'company-file@brand5.test';
    const first = requestId('financial');
    const a = await call(owner, 'financialDetailUpdate', { ...FINANCIAL, requestId: first });
    expect(a.business.financialDetail).toEqual({ ...FINANCIAL, answers: expect.objectContaining({ controlAccount: '1' }) });
    const b = await call(owner, 'financialDetailUpdate', { ...FINANCIAL, industry: 'education', requestId: requestId('financial') });
    expect(b.business.financialDetail.industry).toBe('education');
    // The first request again: its reply, and the file keeps the second's industry.
    expect(await call(owner, 'financialDetailUpdate', { ...FINANCIAL, requestId: first })).toEqual(a);
    expect((await business(owner)).financialDetail.industry).toBe('education');
    const reused = await main(owner, 'financialDetailUpdate', { ...FINANCIAL, industry: 'logistics', requestId: first });
    expect({ status: reused.status, message: reused.body.message }).toEqual({ status: REUSED_WITH_OTHER_DETAILS.status, message: REUSED_WITH_OTHER_DETAILS.message });
    expect((await business(owner)).financialDetail.industry).toBe('education');
  });

  it('due diligence: every question shown answered (the follow-ups too), a choice among its answers, the person’s date a date; the answers of hidden follow-ups are dropped', async () => {
    const owner = 'company-file@brand6.test';
    const questions = adjustAdditionalQuestions(BUSINESS_QUESTIONS);
    expect(questions.map((q) => q.id)).toContain('controlAccountPerson');
    const none = await call(owner, 'dueDiligenceUpdate', { answers: {}, requestId: requestId() });
    expect(vfOf(none)).toEqual(BUSINESS_QUESTIONS.map((q) => [q.id, ANSWER_REQUIRED]));
    const answers = { businessAnotherAccount: 'true', controlAccount: '2', mainCustomerCountries: 'Spain', monthlyTransactions: 'sometimes', regulatedActivity: 'false' };
    expect(vfOf(await call(owner, 'dueDiligenceUpdate', { answers: { ...answers, controlAccountPerson: JSON.stringify({ name: 'Ion Pop', date: '1980-13-40' }) }, requestId: requestId() }))).toEqual([
      ['businessAnotherAccountDetails', ANSWER_REQUIRED],
      ['controlAccountPerson', ANSWER_DATE],
      ['monthlyTransactions', ANSWER_OPTION],
    ]);
    const done = await call(owner, 'dueDiligenceUpdate', {
      answers: { ...answers, monthlyTransactions: 'over200', businessAnotherAccount: 'false', businessAnotherAccountDetails: 'Kept?', controlAccountPerson: JSON.stringify({ name: 'Ion Pop', date: '1980-02-29' }) },
      requestId: requestId(),
    });
    expect(done.business.financialDetail.answers).toEqual({ businessAnotherAccount: 'false', controlAccount: '2', controlAccountPerson: JSON.stringify({ name: 'Ion Pop', date: '1980-02-29' }), mainCustomerCountries: 'Spain', monthlyTransactions: 'over200', regulatedActivity: 'false' });
    expect(done.business.financialDetail.industry).toBe('mediaProduction');
  });
});

describe('the statements (issue 53)', () => {
  it('the adult-industry declarations only where the brand shows adult-industry options (brand3: UE); the resolution everywhere', async () => {
    const owner = 'company-file@brand3.test';
    expect(await call(owner, 'declarationGet', { declarationType: 'studio' })).toEqual(refusal(NOT_OFFERED));
    expect(await call(owner, 'prohibitedEscortStatementGet')).toEqual(refusal(NOT_OFFERED));
    expect(await call(owner, 'declarationSend', { declarationType: 'studio', signedName: 'Ana Demo 3', accepted: true, requestId: requestId() })).toEqual(refusal(NOT_OFFERED));
    expect(await call(owner, 'prohibitedEscortStatementSend', { signedName: 'Ana Demo 3', accepted: true, requestId: requestId() })).toEqual(refusal(NOT_OFFERED));
    expect((await call(owner, 'resolutionGet')).declaration.signed).toBe(false);
    const signed = await call(owner, 'resolutionSend', { signedName: '  Ana Demo 3 ', accepted: true, requestId: requestId() });
    expect(signed).toEqual({ responseCode: '00', declaration: { signed: true, signedName: 'Ana Demo 3', signedAt: new Date(START).toISOString() } });
  });

  it('signed once: the same requestId answers the same; another signature: UE; a name too short once trimmed: VF', async () => {
    const owner = 'company-file@brand2.test';
    expect(vfOf(await call(owner, 'declarationSend', { declarationType: 'studio', signedName: ' A  ', accepted: true, requestId: requestId() }))).toEqual([['signedName', 'Type your full name: 2 to 120 characters']]);
    const id = requestId('sign');
    const first = await call(owner, 'declarationSend', { declarationType: 'studio', signedName: 'Ana Demo 2', accepted: true, requestId: id });
    expect(first.declaration).toMatchObject({ signed: true, signedName: 'Ana Demo 2' });
    expect(await call(owner, 'declarationSend', { declarationType: 'studio', signedName: 'Ana Demo 2', accepted: true, requestId: id })).toEqual(first);
    expect(await call(owner, 'declarationSend', { declarationType: 'studio', signedName: 'Ana Demo 2', accepted: true, requestId: requestId() })).toEqual(refusal(ALREADY_SIGNED));
    // Signed as seeded: the streaming platform declaration.
    expect(await call(owner, 'declarationSend', { declarationType: 'streamingPlatform', signedName: 'Ana Demo 2', accepted: true, requestId: requestId() })).toEqual(refusal(ALREADY_SIGNED));
    expect((await call(owner, 'prohibitedEscortStatementSend', { signedName: 'Ana Demo 2', accepted: true, requestId: requestId() })).declaration.signed).toBe(true);
    expect((await call(owner, 'prohibitedEscortStatementGet')).declaration.signed).toBe(true);
  });
});

describe('the representative’s address (issue 53)', () => {
  const ADDRESS = { countryCode: 'RO', city: 'Cluj-Napoca', address1: 'Strada Memorandumului 1', postalCode: '400114', documentTypeId: 21 };

  it('created pending with its proof submitted; shown in the representative info; a second one: UE; a proof of another kind or not a PDF, JPEG or PNG: VF', async () => {
    const owner = 'company-file@brand6.test';
    expect(vfOf((await multipart(owner, 'businessRepresentativeAddressCreate', { ...ADDRESS, documentTypeId: 40, requestId: requestId() })).body)).toEqual([['documentTypeId', 'Choose a proof of address from the list']]);
    expect(vfOf((await multipart(owner, 'businessRepresentativeAddressCreate', { ...ADDRESS, requestId: requestId() }, { type: 'image/png', bytes: samplePdf(1024) })).body)).toEqual([['front', 'The file is not a PDF, JPEG or PNG']]);
    const id = requestId('address');
    const created = await multipart(owner, 'businessRepresentativeAddressCreate', { ...ADDRESS, requestId: id });
    expect(created.body).toMatchObject({ responseCode: '00', address: { ...{ countryCode: 'RO', city: 'Cluj-Napoca', address1: 'Strada Memorandumului 1', postalCode: '400114' }, addressStatus: 2, address2: null, uploadedDocuments: [{ statusId: 0, documentTypeId: 21 }] } });
    const info = (await call(owner, 'businessRepresentativeInfo')).representative;
    expect(info.address).toEqual(created.body.address);
    expect(info.documents).toEqual(created.body.address.uploadedDocuments);
    expect((await multipart(owner, 'businessRepresentativeAddressCreate', { ...ADDRESS, requestId: id })).body).toEqual(created.body);
    expect((await multipart(owner, 'businessRepresentativeAddressCreate', { ...ADDRESS, requestId: requestId() })).body).toEqual(refusal(ADDRESS_EXISTS));
    // A user of the company has their own (the company's file keeps each by user).
    const docsOnly = 'company-docs-only@brand6.test';
    const theirs = await multipart(docsOnly, 'businessRepresentativeAddressCreate', { ...ADDRESS, fromCustomerId: idOf(owner), requestId: requestId() });
    expect(theirs.body.address.addressId).not.toBe(created.body.address.addressId);
    expect((await call(docsOnly, 'businessRepresentativeInfo', { fromCustomerId: idOf(owner) })).representative.address).toEqual(theirs.body.address);
    // A proof over 10 MB is the server's 413.
    const big = await multipart(owner, 'businessRepresentativeAddressCreate', { ...ADDRESS, requestId: requestId() }, { type: 'application/pdf', bytes: samplePdf(10_000_001) });
    expect(big.status).toBe(413);
  });
});

describe('the service decides a company document (issue 53)', () => {
  it('decided by id: the set status and the action list follow; the company and its users hear company.changed; the personal verification is untouched', async () => {
    const company = idOf(COMPANY);
    const before = sb.db.prepare('SELECT profile FROM customers WHERE id = ?').get(company) as { profile: string };
    const additional = await upload(COMPANY, { categoryId: 10, documentTypeId: 100 });
    const proof = await upload(COMPANY, { categoryId: 7, documentTypeId: 70, addressId: 602 });
    let file = await business(COMPANY);
    expect([file.additionalDocumentStatus, file.addresses[1].addressStatus]).toEqual([1, 2]);
    expect(companyActions(facts(file)).map((a) => a.kind)).toEqual(['registrationFields', 'corporateDocuments']);
    const told = vi.spyOn(sb.realtime, 'toCustomer');
    expect((await control('documents/decide', { userLogin: COMPANY, documentId: additional.documentId, decision: 'confirm' })).status).toBe(200);
    expect((await control('documents/decide', { userLogin: COMPANY, documentId: proof.documentId, decision: 'reject' })).status).toBe(200);
    file = await business(COMPANY);
    expect(file.additionalDocumentStatus).toBe(2);
    expect(file.addresses[1]).toMatchObject({ addressStatus: 3, uploadedDocuments: [{ id: proof.documentId, statusId: 26, rejectReason: 'The document is not readable' }] });
    expect(companyActions(facts(file))).toEqual([
      { kind: 'registrationFields', fields: ['registrationDate'] },
      { kind: 'corporateDocuments', status: 3 },
      { kind: 'addressDocument', addressId: 602, statusId: 26 },
    ]);
    const heard = told.mock.calls.map(([customerId, message]) => [customerId, (message as { type: string }).type]);
    const audience = [company, idOf(DOCS_ONLY), idOf(READER)];
    expect(heard.filter(([, type]) => type === 'company.changed').map(([id]) => id)).toEqual([...audience, ...audience]);
    expect(heard.some(([, type]) => type === 'verification.changed')).toBe(false);
    expect(told.mock.calls.find(([, message]) => (message as { type: string }).type === 'company.changed')![1]).toMatchObject({ customerId: company, id: expect.stringMatching(/^company-/) });
    expect(sb.db.prepare('SELECT profile FROM customers WHERE id = ?').get(company)).toEqual(before);
    expect((await control('documents/decide', { userLogin: COMPANY, documentId: 99_999, decision: 'confirm' })).status).toBe(404);
  });

  it('without a documentId every waiting one is decided, the seeded source-of-wealth document in review too', async () => {
    const owner = 'company-file@brand4.test';
    const corporate = await upload(owner, { categoryId: 4, documentTypeId: 42 });
    expect((await control('documents/decide', { userLogin: owner, decision: 'confirm' })).status).toBe(200);
    const file = await business(owner);
    expect(file.corporateDocumentStatus).toBe(2);
    expect(file.corporateDocuments.at(-1).id).toBe(corporate.documentId);
    expect(file.sourceOfWealthDocuments['60006'].statusId).toBe(2);
    expect((await control('documents/decide', { userLogin: owner, decision: 'confirm' })).status).toBe(404);
  });
});

describe('POST /__sandbox/sign-in-state gives company-file@ its file back as seeded (issue 53)', () => {
  it('the documents, details, statements and the representatives’ addresses as seeded', async () => {
    const owner = 'company-file@brand6.test';
    // The seed's file (the clock stands still: a restore is the seed itself).
    expect((await control('sign-in-state', { userLogin: owner })).status).toBe(200);
    const seeded = await business(owner);
    expect(seeded.corporateDocumentStatus).toBe(3);
    await call(owner, 'financialDetailUpdate', { ...FINANCIAL, requestId: requestId() });
    await call(owner, 'resolutionSend', { signedName: 'Ana Demo 6', accepted: true, requestId: requestId() });
    await upload(owner, { categoryId: 10, documentTypeId: 101 });
    await multipart(owner, 'businessRepresentativeAddressCreate', { countryCode: 'RO', city: 'Iasi', address1: 'Strada Lapusneanu 2', postalCode: '700057', documentTypeId: 20, requestId: requestId() });
    expect(await business(owner)).not.toEqual(seeded);
    expect((await control('sign-in-state', { userLogin: owner })).status).toBe(200);
    expect(await business(owner)).toEqual(seeded);
    expect((await call(owner, 'resolutionGet')).declaration.signed).toBe(false);
    expect((await call(owner, 'businessRepresentativeInfo')).representative.address).toBeNull();
    // The user's own address on it goes with their sign-in state.
    const docsOnly = 'company-docs-only@brand6.test';
    await multipart(docsOnly, 'businessRepresentativeAddressCreate', { countryCode: 'RO', city: 'Iasi', address1: 'Strada Lapusneanu 2', postalCode: '700057', documentTypeId: 20, fromCustomerId: idOf(owner), requestId: requestId() });
    expect((await call(docsOnly, 'businessRepresentativeInfo', { fromCustomerId: idOf(owner) })).representative.address).not.toBeNull();
    expect((await control('sign-in-state', { userLogin: docsOnly })).status).toBe(200);
    expect((await call(docsOnly, 'businessRepresentativeInfo', { fromCustomerId: idOf(owner) })).representative.address).toBeNull();
  });
});
