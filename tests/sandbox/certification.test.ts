// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { taxReferenceOf, type TaxReferenceTable } from '../../machines/certification/tax.rules.ts';
import { sandboxClient } from './client';
import { sampleFile } from '../support/sample-files';

/** Tax self-certification in the sandbox (002 s3, s5, s7): the tax reference table, the personal certification read and sent. */
let sb: Sandbox;
const { tokenOf, call } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-certification-')), 'db.sqlite') });
});
afterAll(() => sb.close());

const publicCall = async (method: string, body: Record<string, unknown>) =>
  (await fetch(`${sb.url}/main/?method=${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method, ...body }) })).json();

describe('tax reference table (sandbox)', () => {
  it('is public, covers at least 30 countries, each with a personal and business TIN and a CRS flag; an unlisted country falls back to the generic TIN', async () => {
    const { countries } = (await publicCall('taxReferenceTable', { lang: 'en' })) as { countries: ({ countryCode: string } & TaxReferenceTable[string])[] };
    expect(countries.length).toBeGreaterThanOrEqual(30);
    // Every country the bank serves (the countries list) is in the table.
    const served = (await publicCall('countries', { lang: 'en' })).countries.map((c: { code: string }) => c.code);
    expect(served.filter((code: string) => !countries.some((c) => c.countryCode === code))).toEqual([]);
    const table: TaxReferenceTable = Object.fromEntries(countries.map(({ countryCode, ...entry }) => [countryCode, entry]));
    expect(taxReferenceOf(table, 'DE').tinPersonal).toMatchObject({ shortName: 'IdNr', required: true });
    expect(taxReferenceOf(table, 'AE').tinPersonal.required).toBe(false);
    expect(taxReferenceOf(table, 'US').crs).toBe(false);
    expect(taxReferenceOf(table, 'KZ')).toMatchObject({ tinPersonal: { shortName: 'TIN', required: false }, crs: false });
  });
});

describe('personal certification (sandbox)', () => {
  const base = { entityType: 'individual', cityOfBirth: 'Cluj-Napoca', countryOfBirth: 'RO', dateOfBirth: '1988-07-14', citizenship: ['RO'], hasUSIndicia: false, isUSTaxPayer: false };

  it('none yet: the statuses and no certification; refused rows say which field of which residence', async () => {
    const token = await tokenOf('personal@brand2.test');
    expect(await call(token, 'personalFatcaCrsCertificationGet')).toMatchObject({ responseCode: '00', taxResidencySelfCertificationDocumentStatus: 'validated', certification: null });
    const refused = await call(token, 'personalFatcaCrsCertificationUpdate', { ...base, taxIds: [{ countryCode: 'DE' }, { countryCode: 'DE', tinMissingReason: 'cannotObtain' }] });
    expect(refused).toMatchObject({ responseCode: 'VF' });
    expect(refused.validationErrors.map((e: { param: string }) => e.param)).toEqual(['taxIds[0].tinMissingReason', 'taxIds[1].countryCode', 'taxIds[1].tinMissingExplanation']);
    expect(await call(token, 'personalFatcaCrsCertificationUpdate', { ...base, taxIds: [{ countryCode: 'RO', tinMissingReason: 'notRequired' }] })).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ param: 'taxIds[0].tinMissingReason', description: 'This country requires a tax id' }],
    });
  });

  it('two residences, one without a TIN and explained: under review, no US form; born in the US without US citizenship: a W-8BEN and the loss-of-nationality certificate', async () => {
    const token = await tokenOf('personal@brand3.test');
    const sent = await call(token, 'personalFatcaCrsCertificationUpdate', {
      ...base,
      taxIds: [
        { countryCode: 'RO', taxId: '1880714123456' },
        { countryCode: 'AE', tinMissingReason: 'cannotObtain', tinMissingExplanation: 'Applied in March; the authority has not answered yet.' },
      ],
    });
    expect(sent).toMatchObject({
      responseCode: '00',
      taxResidencySelfCertificationDocumentStatus: 'pending',
      w9FormDocumentStatus: 'notRequired',
      w8BenFormDocumentStatus: 'notRequired',
      certificateOfLossOfNationalityDocumentStatus: 'notRequired',
    });
    expect(sent.certification.documents.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([['selfCertification', 'pending']]);
    expect((await call(token, 'personalFatcaCrsCertificationGet')).certification.taxIds).toHaveLength(2);
    expect((await call(token, 'personalFatcaCrsCertificationGet')).taxResidencySelfCertificationDocumentStatus).toBe('pending');

    const usBorn = await call(token, 'personalFatcaCrsCertificationUpdate', { ...base, countryOfBirth: 'US', taxIds: [{ countryCode: 'RO', taxId: '1880714123456' }] });
    expect(usBorn.certification.documents.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([
      ['selfCertification', 'pending'],
      ['w8ben', 'none'],
      ['lossOfNationality', 'none'],
    ]);
    expect(usBorn).toMatchObject({ w8BenFormDocumentStatus: 'none', certificateOfLossOfNationalityDocumentStatus: 'none', w9FormDocumentStatus: 'notRequired' });
  });
});

describe('W-forms and the loss-of-nationality certificate (sandbox)', () => {
  const base = { entityType: 'individual', cityOfBirth: 'Boston', countryOfBirth: 'US', dateOfBirth: '1990-02-03', citizenship: ['RO'], hasUSIndicia: false, isUSTaxPayer: false, taxIds: [{ countryCode: 'RO', taxId: '1900203123456' }] };
  const upload = async (token: string, method: string, data: Record<string, unknown>, file?: { type: string; bytes: Uint8Array<ArrayBuffer> }) => {
    const form = new FormData();
    form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
    if (file) form.append('file', new Blob([file.bytes], { type: file.type }), 'signed.pdf');
    const res = await fetch(`${sb.url}/main/?method=${method}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  };
  const pdf = sampleFile.pdf(4096);

  it('only the forms asked for are taken; each then under review; a wrong file is refused', async () => {
    const token = await tokenOf('personal@brand6.test');
    // Nothing certified yet: no form is asked for.
    expect((await upload(token, 'personalWFormUpload', { kind: 'w8ben', signedName: 'Ana Lima', signedDate: '2026-11-26' }, pdf)).body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'kind' }] });
    await call(token, 'personalFatcaCrsCertificationUpdate', base);
    expect((await upload(token, 'personalWFormUpload', { kind: 'w9', signedName: 'Ana Lima', signedDate: '2026-11-26' }, pdf)).body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'kind' }] });
    expect((await upload(token, 'personalWFormUpload', { kind: 'w8ben', signedName: 'Ana Lima', signedDate: '2026-11-26' }, { type: 'text/plain', bytes: new TextEncoder().encode('my notes') })).body).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'file' }] });
    // An HTML page named signed.pdf: its bytes are not a PDF, so it is the wrong type.
    expect((await upload(token, 'personalWFormUpload', { kind: 'w8ben', signedName: 'Ana Lima', signedDate: '2026-11-26' }, { type: 'application/pdf', bytes: new TextEncoder().encode('<html>signed</html>') })).body).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ param: 'file', description: 'The file is not a PDF, JPEG or PNG' }],
    });
    const w8 = await upload(token, 'personalWFormUpload', { kind: 'w8ben', signedName: 'Ana Lima', signedDate: '2026-11-26' }, pdf);
    expect(w8.body).toMatchObject({ responseCode: '00', w8BenFormDocumentStatus: 'pending', certificateOfLossOfNationalityDocumentStatus: 'none' });
    expect((await upload(token, 'personalWFormUpload', { kind: 'w8ben', signedName: 'Ana Lima', signedDate: '2026-11-26' }, pdf)).body).toMatchObject({ responseCode: 'VF' }); // already given
    const certificate = await upload(token, 'lossOfNationalityUpload', {}, sampleFile.png(2048));
    expect(certificate.body).toMatchObject({ responseCode: '00', certificateOfLossOfNationalityDocumentStatus: 'pending' });
    expect(certificate.body.certification.documents.map((d: { kind: string; status: string; documentId: number | null }) => [d.kind, d.status, d.documentId !== null])).toEqual([
      ['selfCertification', 'pending', false],
      ['w8ben', 'pending', true],
      ['lossOfNationality', 'pending', true],
    ]);
  });
});
