// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { sandboxClient } from './client';
import { sampleFile } from '../support/sample-files';

/**
 * The business tax self-certification in the sandbox (002 s3, s5, s7): the company's
 * shareholders and directors, the certification read and sent with the app's rules, its W-9 or
 * W-8BEN-E, and a representative's personal certification through the authSecret of their link.
 */
let sb: Sandbox;
const { tokenOf, call, post } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-business-certification-')), 'db.sqlite') });
});
afterAll(() => sb.close());

const publicCall = async (method: string, body: Record<string, unknown>) => {
  const res = await post(`/main/?method=${method}`, { method, ...body });
  return { status: res.status, body: await res.json() };
};

const upload = async (token: string, data: Record<string, unknown>, file: { type: string; bytes: Uint8Array<ArrayBuffer> }) => {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  form.append('file', new Blob([file.bytes], { type: file.type }), 'signed.pdf');
  const res = await fetch(`${sb.url}/main/?method=businessWFormUpload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
};
const pdf = sampleFile.pdf(4096);
const signed = (kind: string) => ({ kind, signedName: 'Ana Demo', signedDate: '2026-11-26' });

const notFinancial = { isFinancialInstitution: false, isUsingClientFunds: false, isManagedByFinancialInstitution: false };
const passiveNfe = { ...notFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false, isEarnPassiveIncome: true };
const activeNfe = { ...passiveNfe, isEarnPassiveIncome: false };
const company = { isUSTaxPayer: false, isDisregardedEntity: false, taxIds: [{ countryCode: 'RO', taxId: 'RO12345678' }], controllingPersons: [] };
const ioana = { firstName: 'Ioana', lastName: 'Marin', dateOfBirth: '1979-04-02', countryOfBirth: 'RO', controlType: 'ownership', taxIds: [{ countryCode: 'RO', taxId: '2790402123456' }] };
const daniel = {
  firstName: 'Daniel',
  lastName: 'Weber',
  dateOfBirth: '1983-11-20',
  countryOfBirth: 'DE',
  controlType: 'seniorManagingOfficial',
  taxIds: [{ countryCode: 'AE', tinMissingReason: 'notIssued' }],
};
const params = (reply: { validationErrors: { param: string }[] }) => reply.validationErrors.map((e) => e.param);
const documents = (reply: { certification: { documents: { kind: string; status: string }[] } }) => reply.certification.documents.map((d) => [d.kind, d.status]);

describe('business lists (sandbox)', () => {
  it('the company’s shareholders (people and a company, shares as text) and directors; business@ also has its two representatives; an employee reads them for the company', async () => {
    const token = await tokenOf('self-cert-business@brand1.test');
    const { shareholders } = await call(token, 'businessShareholderList');
    expect(shareholders.map((s: { kind: string; share: string }) => [s.kind, s.share])).toEqual([
      ['person', '60'],
      ['person', '25.5'],
      ['company', '14.5'],
    ]);
    expect(shareholders[0]).toMatchObject({ firstName: 'Ioana', lastName: 'Marin', birthday: '1979-04-02', countryOfBirth: 'RO' });
    expect(shareholders[2]).toMatchObject({ companyName: 'Northwind Holdings Ltd' });
    const { directors } = await call(token, 'businessDirectorList');
    expect(directors.map((d: { firstName: string; lastName: string }) => `${d.firstName} ${d.lastName}`)).toEqual(['Ioana Marin', 'Andrei Popescu']);
    // One id per person within the company (issue 54): Ioana Marin, a shareholder and a director, is one person in both lists.
    for (const list of [shareholders, directors]) expect(new Set(list.map((p: { id: number }) => p.id)).size).toBe(list.length);
    expect(directors[0].id).toBe(shareholders[0].id);

    const business = await call(await tokenOf('business@brand1.test'), 'userAccessInfoGet');
    const approver = await tokenOf('approver@brand1.test');
    const forCompany = await call(approver, 'businessDirectorList', { fromCustomerId: business.customer.id });
    expect(forCompany.directors.map((d: { lastName: string }) => d.lastName)).toEqual(['Marin', 'Popescu', 'Ionescu', 'Pop']);
  });

  it('a personal customer is refused (not a business method for them)', async () => {
    const token = await tokenOf('personal@brand4.test');
    for (const method of ['businessShareholderList', 'businessDirectorList', 'businessFatcaCrsCertificationGet']) {
      expect(await call(token, method)).toMatchObject({ responseCode: 'IM', responseDescription: expect.any(String) });
    }
    expect(await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'activeNfe', questions: activeNfe, ...company })).toMatchObject({ responseCode: 'IM' });
  });
});

describe('business certification (sandbox)', () => {
  it('none before; a passive NFE with two controlling persons is under review and asks for the W-8BEN-E; the landing lets it through; the W-8BEN-E is then under review', async () => {
    const token = await tokenOf('self-cert-business@brand1.test');
    // Both reads say the same: nothing certified yet.
    expect(await call(token, 'businessFatcaCrsCertificationGet')).toMatchObject({ responseCode: '00', certification: null, taxResidencySelfCertificationDocumentStatus: 'none' });
    expect((await call(token, 'userAccessInfoGet')).taxResidencySelfCertificationDocumentStatus).toBe('none');

    // Nothing certified yet: no form is asked for.
    expect((await upload(token, signed('w8bene'), pdf)).body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'kind' }] });

    const sent = await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'passiveNfe', questions: passiveNfe, ...company, controllingPersons: [ioana, daniel] });
    expect(sent).toMatchObject({
      responseCode: '00',
      taxResidencySelfCertificationDocumentStatus: 'pending',
      w8BenFormDocumentStatus: 'none',
      w9FormDocumentStatus: 'notRequired',
      certificateOfLossOfNationalityDocumentStatus: 'notRequired',
    });
    expect(documents(sent)).toEqual([
      ['selfCertification', 'pending'],
      ['w8bene', 'none'],
    ]);
    expect(sent.certification).toMatchObject({
      entityType: 'passiveNfe',
      questions: passiveNfe,
      controllingPersons: [{ lastName: 'Marin' }, { lastName: 'Weber', taxIds: [{ tinMissingReason: 'notIssued' }] }],
    });
    expect((await call(token, 'userAccessInfoGet')).taxResidencySelfCertificationDocumentStatus).toBe('pending');
    expect((await call(token, 'businessFatcaCrsCertificationGet')).certification.controllingPersons).toHaveLength(2);

    // Only the form asked for; a wrong file is refused.
    expect((await upload(token, signed('w9'), pdf)).body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'kind' }] });
    expect((await upload(token, signed('w8bene'), { type: 'text/plain', bytes: new TextEncoder().encode('my notes') })).body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'file' }] });
    const w8 = await upload(token, signed('w8bene'), pdf);
    expect(w8.body).toMatchObject({ responseCode: '00', w8BenFormDocumentStatus: 'pending' });
    expect(w8.body.certification.documents.find((d: { kind: string }) => d.kind === 'w8bene')).toMatchObject({ status: 'pending', documentId: expect.any(Number) });
    expect((await upload(token, signed('w8bene'), pdf)).body).toMatchObject({ responseCode: 'VF' }); // already given

    // The verification reset puts the company's certification back as seeded.
    expect((await post('/__sandbox/verification-reset', { userLogin: 'self-cert-business@brand1.test' })).status).toBe(200);
    expect(await call(token, 'businessFatcaCrsCertificationGet')).toMatchObject({ certification: null });
    expect((await call(token, 'userAccessInfoGet')).taxResidencySelfCertificationDocumentStatus).toBe('none');
  });

  it('refusals by param: the GIIN, a ticker, a passive NFE without persons, a person’s fields and tax ids, an entity type the answers do not give', async () => {
    const token = await tokenOf('self-cert-business-e2e@brand2.test');
    const wrongGiin = await call(token, 'businessFatcaCrsCertificationUpdate', {
      entityType: 'financialInstitution',
      questions: { isFinancialInstitution: true, giin: 'ABC12.00000.LE.642' },
      ...company,
    });
    expect(wrongGiin).toMatchObject({ responseCode: 'VF' });
    expect(params(wrongGiin)).toEqual(['questions.giin']);
    const noReason = await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'financialInstitution', questions: { isFinancialInstitution: true }, ...company });
    expect(params(noReason)).toEqual(['questions.giinMissingReason']);
    const ticker = await call(token, 'businessFatcaCrsCertificationUpdate', {
      entityType: 'listedEntity',
      questions: { ...notFinancial, isPubliclyTraded: true, companySecurityMarket: ' ', companyTicket: 'NOT A TICKER' },
      ...company,
    });
    expect(params(ticker)).toEqual(['questions.companySecurityMarket', 'questions.companyTicket']);
    const unanswered = await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'activeNfe', questions: notFinancial, ...company });
    expect(params(unanswered)).toEqual(['questions.isPubliclyTraded']);

    const nobody = await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'passiveNfe', questions: passiveNfe, ...company });
    expect(params(nobody)).toEqual(['controllingPersons']);
    const people = await call(token, 'businessFatcaCrsCertificationUpdate', {
      entityType: 'passiveNfe',
      questions: passiveNfe,
      ...company,
      taxIds: [{ countryCode: 'RO' }],
      controllingPersons: [ioana, { ...daniel, firstName: '  ', dateOfBirth: '2999-01-01', taxIds: [{ countryCode: 'DE', tinMissingReason: 'notRequired' }] }],
    });
    expect(params(people)).toEqual(['taxIds[0].tinMissingReason', 'controllingPersons[1].firstName', 'controllingPersons[1].dateOfBirth', 'controllingPersons[1].taxIds[0].tinMissingReason']);

    const mismatch = await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'activeNfe', questions: passiveNfe, ...company, controllingPersons: [ioana] });
    expect(mismatch).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'entityType' }] });
    // Nothing was kept.
    expect(await call(token, 'businessFatcaCrsCertificationGet')).toMatchObject({ certification: null });
  });

  it('a US taxpayer signs a W-9 (W-8BEN-E not required); an active NFE needs no form and names no controlling persons', async () => {
    const token = await tokenOf('self-cert-business-e2e@brand3.test');
    const us = await call(token, 'businessFatcaCrsCertificationUpdate', { entityType: 'activeNfe', questions: activeNfe, ...company, isUSTaxPayer: true, isDisregardedEntity: true });
    expect(us).toMatchObject({ responseCode: '00', w9FormDocumentStatus: 'none', w8BenFormDocumentStatus: 'notRequired', certification: { isUSTaxPayer: true, isDisregardedEntity: true } });
    expect(documents(us)).toEqual([
      ['selfCertification', 'pending'],
      ['w9', 'none'],
    ]);
    expect((await upload(token, signed('w9'), pdf)).body).toMatchObject({ responseCode: '00', w9FormDocumentStatus: 'pending' });

    const active = await call(token, 'businessFatcaCrsCertificationUpdate', {
      entityType: 'activeNfe',
      questions: { ...activeNfe, giin: 'ABC123.00000.LE.642' },
      ...company,
      controllingPersons: [ioana],
    });
    expect(active).toMatchObject({
      responseCode: '00',
      w9FormDocumentStatus: 'notRequired',
      w8BenFormDocumentStatus: 'notRequired',
      certification: { controllingPersons: [], isDisregardedEntity: false },
    });
    // Only the questions asked are kept.
    expect(active.certification.questions).toEqual(activeNfe);
    expect(documents(active)).toEqual([['selfCertification', 'pending']]);
  });
});

describe('representative certification (sandbox)', () => {
  const base = { entityType: 'individual', cityOfBirth: 'Boston', countryOfBirth: 'US', dateOfBirth: '1986-09-12', citizenship: ['RO'], hasUSIndicia: false, isUSTaxPayer: false };

  it('the link’s secret identifies the representative (no sign-in); the personal rules apply; the secret stays valid; the control clears it', async () => {
    const secret = 'rep-secret-brand1-demo';
    const before = await publicCall('representativeFatcaCrsCertificationGet', { authSecret: secret });
    expect(before).toMatchObject({
      status: 200,
      body: {
        responseCode: '00',
        certification: null,
        taxResidencySelfCertificationDocumentStatus: 'none',
        representative: { firstName: 'Mara', lastName: 'Ionescu', businessName: 'Demo Trading 1 SRL' },
      },
    });
    expect((await publicCall('representativeFatcaCrsCertificationGet', { authSecret: 'rep-secret-brand1-e2e' })).body.representative).toMatchObject({ firstName: 'Radu', lastName: 'Pop' });

    const unknown = await publicCall('representativeFatcaCrsCertificationGet', { authSecret: 'rep-secret-nobody' });
    expect(unknown).toMatchObject({ status: 403, body: { message: expect.any(String) } });
    expect((await publicCall('representativeFatcaCrsCertificationUpdate', { authSecret: 'rep-secret-nobody', ...base, taxIds: [{ countryCode: 'RO', taxId: '2860912123456' }] })).status).toBe(403);

    const refused = await publicCall('representativeFatcaCrsCertificationUpdate', { authSecret: secret, ...base, taxIds: [{ countryCode: 'DE' }] });
    expect(refused.body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'taxIds[0].tinMissingReason' }] });

    const sent = await publicCall('representativeFatcaCrsCertificationUpdate', { authSecret: secret, ...base, taxIds: [{ countryCode: 'RO', taxId: '2860912123456' }] });
    expect(sent.body).toMatchObject({
      responseCode: '00',
      taxResidencySelfCertificationDocumentStatus: 'pending',
      w8BenFormDocumentStatus: 'none',
      certificateOfLossOfNationalityDocumentStatus: 'none',
      w9FormDocumentStatus: 'notRequired',
      representative: { firstName: 'Mara' },
    });
    expect(documents(sent.body)).toEqual([
      ['selfCertification', 'pending'],
      ['w8ben', 'none'],
      ['lossOfNationality', 'none'],
    ]);
    const again = await publicCall('representativeFatcaCrsCertificationGet', { authSecret: secret });
    expect(again.body).toMatchObject({ responseCode: '00', certification: { cityOfBirth: 'Boston' }, taxResidencySelfCertificationDocumentStatus: 'pending' });
    // The other representative is untouched.
    expect((await publicCall('representativeFatcaCrsCertificationGet', { authSecret: 'rep-secret-brand1-e2e' })).body.certification).toBeNull();

    expect((await post('/__sandbox/representative-reset', { secret })).status).toBe(200);
    expect((await publicCall('representativeFatcaCrsCertificationGet', { authSecret: secret })).body).toMatchObject({ certification: null, taxResidencySelfCertificationDocumentStatus: 'none' });
    expect((await post('/__sandbox/representative-reset', { secret: 'rep-secret-nobody' })).status).toBe(404);
  });
});
