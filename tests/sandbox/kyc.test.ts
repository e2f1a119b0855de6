// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { markKycStepDone } from '../../sandbox/handlers/kyc.ts';
import { sandboxClient } from './client';
import { samplePdf } from '../support/sample-files';

/**
 * KYC and the personal information update in the sandbox (002 s2, s3, s7): each demo
 * user's request, every call, each write marking its step, KYC no longer needed (customer info and
 * access info say so, realtime told) when every step is done, refusals by param, the reset control.
 */
let sb: Sandbox;
const { tokenOf, call, post } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-kyc-')), 'db.sqlite') });
});
afterAll(() => sb.close());

const answers = { occupationId: 'employee', sourceOfFundsId: 'salary', purposeOfAccountId: 'savings', estimatedMonthlyDepositId: 'upTo1k' };
const person = {
  firstName: 'Ana',
  lastName: 'Ionescu',
  birthDay: '1990-04-12',
  residenceCountryCode: 'RO',
  address: { countryCode: 'RO', stateCode: null, city: 'Cluj-Napoca', street: 'Strada Memorandumului 2', postalCode: '400114' },
};

/** customerJumioDocumentCreate as the app sends it: the data part and the file. */
async function sendDocument(
  token: string,
  data: Record<string, unknown>,
  file: { name: string; type: string; content: string | Uint8Array<ArrayBuffer> } = { name: 'proof.pdf', type: 'application/pdf', content: samplePdf() },
) {
  const body = new FormData();
  body.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  body.append('file', new Blob([file.content], { type: file.type }), file.name);
  const res = await fetch(`${sb.url}/main/?method=customerJumioDocumentCreate`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  return { status: res.status, json: await res.json() };
}

const steps = (request: { steps: { kind: string; done: boolean }[] }) => request.steps.map((s) => `${s.kind}:${s.done ? 'done' : 'todo'}`);

/** Realtime messages sent while `work` runs. */
async function told<T>(work: () => Promise<T>): Promise<{ result: T; messages: { customerId: number; message: any }[] }> {
  const messages: { customerId: number; message: any }[] = [];
  const toCustomer = sb.realtime.toCustomer.bind(sb.realtime);
  sb.realtime.toCustomer = (customerId, message) => {
    messages.push({ customerId, message });
    return toCustomer(customerId, message);
  };
  try {
    return { result: await work(), messages };
  } finally {
    sb.realtime.toCustomer = toCustomer;
  }
}

describe('KYC (sandbox)', () => {
  it('kyc@: KYC needed, the request (questions, personal data, due diligence level 1), the customer’s data and the one document asked for', async () => {
    const token = await tokenOf('kyc@brand1.test');
    const { customer } = await call(token, 'customerInfo');
    expect(customer).toMatchObject({ isNeedKyc: true, isNeedPersonalInfoUpdate: false, dueDiligenceLevel: 1 });
    const { request } = await call(token, 'kycRequestGet');
    expect(request).toEqual({
      id: customer.customerId,
      status: 'open',
      steps: [
        { kind: 'questions', done: false },
        { kind: 'personalInfo', done: false },
        { kind: 'dueDiligence', done: false },
      ],
      dueDiligenceLevel: 1,
      comment: null,
    });
    expect((await call(token, 'kycCustomerInfoGet')).info).toEqual({
      firstName: 'Ana',
      lastName: 'Demo 1',
      birthDay: '1990-04-12',
      residenceCountryCode: 'RO',
      address: { countryCode: 'RO', stateCode: null, city: 'Bucharest', street: 'Strada Lipscani 12', postalCode: '030031' },
      occupationId: null,
      sourceOfFundsId: null,
      purposeOfAccountId: null,
      estimatedMonthlyDepositId: null,
    });
    const dd = await call(token, 'dueDiligenceInfoGet');
    expect(dd.level).toBe(1);
    expect(dd.documents).toEqual([{ documentTypeId: 110, name: expect.stringContaining('source of funds'), required: true, statusId: null }]);
  });

  it.each([
    ['kyc-enhanced', ['questions:todo', 'dueDiligence:todo'], 4, [110, 112, 21]],
    ['kyc-identity', ['personalInfo:todo', 'identity:todo'], null, [110]],
    ['kyc-e2e', ['questions:todo', 'personalInfo:todo', 'dueDiligence:todo'], 1, [110]],
  ] as const)('%s@: its request and due diligence', async (local, expectedSteps, level, documents) => {
    const token = await tokenOf(`${local}@brand2.test`);
    expect((await call(token, 'customerInfo')).customer.isNeedKyc).toBe(true);
    const { request } = await call(token, 'kycRequestGet');
    expect(request.status).toBe('open');
    expect(steps(request)).toEqual(expectedSteps);
    expect(request.dueDiligenceLevel).toBe(level);
    const dd = await call(token, 'dueDiligenceInfoGet');
    expect(dd.documents.map((d: { documentTypeId: number }) => d.documentTypeId)).toEqual(documents);
    // Asked for again only where the request asks for due diligence; otherwise given long ago.
    expect(dd.documents.every((d: { statusId: number | null }) => d.statusId === (level ? null : 2))).toBe(true);
  });

  it('customers without KYC: no request, nothing needed; due diligence of their level given (confirmed)', async () => {
    const token = await tokenOf('personal@brand1.test');
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ isNeedKyc: false, isNeedPersonalInfoUpdate: false });
    expect(await call(token, 'kycRequestGet')).toEqual({ responseCode: '00', request: null });
    expect((await call(token, 'dueDiligenceInfoGet')).documents).toEqual([{ documentTypeId: 110, name: expect.any(String), required: true, statusId: 2 }]);
  });

  it('kyc-e2e@ completes every step: refusals by param first; each write marks its step; the last one ends KYC (customer info, access info, realtime)', async () => {
    const login = 'kyc-e2e@brand3.test';
    const token = await tokenOf(login);
    const customerId = (await call(token, 'customerInfo')).customer.customerId as number;

    // The questions: an id not in its list is refused by param.
    expect(await call(token, 'kycInfoUpdate', { ...answers, occupationId: 'astronaut' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'occupationId' }] });
    expect(await call(token, 'kycInfoUpdate', { ...answers, estimatedMonthlyDepositId: 'salary' })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'estimatedMonthlyDepositId' }] });
    expect(steps((await call(token, 'kycRequestGet')).request)).toEqual(['questions:todo', 'personalInfo:todo', 'dueDiligence:todo']);
    expect((await call(token, 'kycInfoUpdate', answers)).responseCode).toBe('00');
    expect(steps((await call(token, 'kycRequestGet')).request)).toEqual(['questions:done', 'personalInfo:todo', 'dueDiligence:todo']);
    expect((await call(token, 'kycCustomerInfoGet')).info).toMatchObject(answers);

    // The personal data: the app's rules, refused by param.
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...person, firstName: '   ' }, 'firstName'],
      [{ ...person, birthDay: '2015-01-01' }, 'birthDay'],
      [{ ...person, birthDay: '2030-01-01' }, 'birthDay'],
      [{ ...person, address: { ...person.address, postalCode: '1' } }, 'address.postalCode'],
      [{ ...person, address: { ...person.address, countryCode: 'US', stateCode: null } }, 'address.stateCode'],
      [{ ...person, address: { ...person.address, street: '  ' } }, 'address.street'],
      [{ ...person, residenceCountryCode: 'ZZ' }, 'residenceCountryCode'],
    ];
    for (const [body, param] of refusals) {
      const reply = await call(token, 'kycCustomerPersonalInfoUpdate', body);
      expect(reply, param).toMatchObject({ responseCode: 'VF', validationErrors: [{ param }] });
    }
    // Breaking the contract (no address) is a 400, not a refusal.
    const { address: _a, ...noAddress } = person;
    const res = await post('/main/?method=kycCustomerPersonalInfoUpdate', { method: 'kycCustomerPersonalInfoUpdate', ...noAddress }, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(400);
    expect((await call(token, 'kycCustomerPersonalInfoUpdate', { ...person, address: { ...person.address, countryCode: 'US', stateCode: 'NY', postalCode: '10001' } })).responseCode).toBe('00');
    expect(steps((await call(token, 'kycRequestGet')).request)).toEqual(['questions:done', 'personalInfo:done', 'dueDiligence:todo']);
    expect((await call(token, 'kycCustomerInfoGet')).info).toMatchObject({ lastName: 'Ionescu', address: { countryCode: 'US', stateCode: 'NY', postalCode: '10001' } });
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ lastName: 'Ionescu', isNeedKyc: true });

    // Due diligence: the file checked, only the documents asked for.
    expect((await sendDocument(token, { documentTypeId: 110, isDueDiligence: true }, { name: 'notes.txt', type: 'text/plain', content: 'notes' })).json).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ param: 'file' }],
    });
    expect((await sendDocument(token, { documentTypeId: 112, isDueDiligence: true })).json).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'documentTypeId' }] });
    expect((await sendDocument(token, { isDueDiligence: true })).status).toBe(400);
    const { result, messages } = await told(() => sendDocument(token, { documentTypeId: 110, isDueDiligence: true }));
    expect(result).toMatchObject({ status: 200, json: { responseCode: '00', documentId: expect.any(Number) } });
    expect(messages).toEqual([{ customerId, message: { type: 'verification.changed', id: expect.stringMatching(/^kyc-/) } }]);

    // Every step done: the request submitted, KYC no longer needed.
    const { request } = await call(token, 'kycRequestGet');
    expect(request.status).toBe('submitted');
    expect(steps(request)).toEqual(['questions:done', 'personalInfo:done', 'dueDiligence:done']);
    expect((await call(token, 'customerInfo')).customer.isNeedKyc).toBe(false);
    expect((await call(token, 'userAccessInfoGet')).isNeedKyc).toBe(false);
    expect((await call(token, 'dueDiligenceInfoGet')).documents[0].statusId).toBe(0);

    // The reset control: the seeded request again, the data given forgotten.
    expect((await post('/__sandbox/kyc-reset', { userLogin: login })).status).toBe(200);
    expect(steps((await call(token, 'kycRequestGet')).request)).toEqual(['questions:todo', 'personalInfo:todo', 'dueDiligence:todo']);
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ isNeedKyc: true, lastName: 'Demo 3' });
    expect((await call(token, 'kycCustomerInfoGet')).info).toMatchObject({ occupationId: null, birthDay: '1990-04-12', address: { countryCode: 'RO', city: 'Bucharest' } });
    expect((await call(token, 'dueDiligenceInfoGet')).documents[0].statusId).toBeNull();
    expect((await post('/__sandbox/kyc-reset', { userLogin: 'nobody@brand3.test' })).status).toBe(404);
  });

  it('kyc-enhanced@: due diligence is done only when all three documents are sent (waiting for review counts); a document sent again replaces the last', async () => {
    const token = await tokenOf('kyc-enhanced@brand1.test');
    expect((await call(token, 'kycInfoUpdate', answers)).responseCode).toBe('00');
    for (const documentTypeId of [110, 112]) expect((await sendDocument(token, { documentTypeId, isDueDiligence: true })).json.responseCode).toBe('00');
    expect((await sendDocument(token, { documentTypeId: 112, isDueDiligence: true })).json.responseCode).toBe('00');
    expect((await call(token, 'kycRequestGet')).request.status).toBe('open');
    expect((await call(token, 'dueDiligenceInfoGet')).documents.map((d: { statusId: number | null }) => d.statusId)).toEqual([0, 0, null]);
    expect((await sendDocument(token, { documentTypeId: 21, isDueDiligence: true })).json.responseCode).toBe('00');
    expect((await call(token, 'kycRequestGet')).request.status).toBe('submitted');
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ isNeedKyc: false, dueDiligenceLevel: 4 });
  });

  it('a document that is not for due diligence is kept, and changes nothing of the request; a file over 10 MB is refused with the 413 the contract lists', async () => {
    const token = await tokenOf('kyc@brand5.test');
    expect((await sendDocument(token, { documentTypeId: 50, isDueDiligence: false })).json).toMatchObject({ responseCode: '00', documentId: expect.any(Number) });
    expect(steps((await call(token, 'kycRequestGet')).request)).toEqual(['questions:todo', 'personalInfo:todo', 'dueDiligence:todo']);
    const big = await sendDocument(token, { documentTypeId: 110, isDueDiligence: true }, { name: 'scan.pdf', type: 'application/pdf', content: samplePdf(10_000_001) });
    expect(big.status).toBe(413);
  });

  it('kyc-identity@: the personal data leave the identity check; its approval (markKycStepDone) ends KYC', async () => {
    const token = await tokenOf('kyc-identity@brand4.test');
    const customerId = (await call(token, 'customerInfo')).customer.customerId as number;
    expect((await call(token, 'kycCustomerPersonalInfoUpdate', person)).responseCode).toBe('00');
    expect(steps((await call(token, 'kycRequestGet')).request)).toEqual(['personalInfo:done', 'identity:todo']);
    expect((await call(token, 'customerInfo')).customer.isNeedKyc).toBe(true);
    expect(markKycStepDone(sb.db, customerId, 'identity')).toBe(true);
    expect((await call(token, 'kycRequestGet')).request.status).toBe('submitted');
    expect((await call(token, 'customerInfo')).customer.isNeedKyc).toBe(false);
    // Nothing more to mark.
    expect(markKycStepDone(sb.db, customerId, 'identity')).toBe(false);
  });

  it('profile-update@: asked for a personal information update (not KYC); saving the personal data clears it; the reset asks again', async () => {
    const login = 'profile-update@brand6.test';
    const token = await tokenOf(login);
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ isNeedPersonalInfoUpdate: true, isNeedKyc: false });
    expect((await call(token, 'kycRequestGet')).request).toBeNull();
    expect((await call(token, 'kycCustomerInfoGet')).info).toMatchObject({ firstName: 'Ana', lastName: 'Demo 6', birthDay: '1987-06-05' });
    expect(await call(token, 'kycCustomerPersonalInfoUpdate', { ...person, lastName: 'x'.repeat(100), birthDay: '2009-01-01' })).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ param: 'birthDay' }],
    });
    expect((await call(token, 'customerInfo')).customer.isNeedPersonalInfoUpdate).toBe(true);
    expect((await call(token, 'kycCustomerPersonalInfoUpdate', person)).responseCode).toBe('00');
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ isNeedPersonalInfoUpdate: false, lastName: 'Ionescu', residenceCountryCode: 'RO' });
    expect((await call(token, 'kycCustomerInfoGet')).info).toMatchObject({ lastName: 'Ionescu', address: person.address });
    expect((await post('/__sandbox/kyc-reset', { userLogin: login })).status).toBe(200);
    expect((await call(token, 'customerInfo')).customer).toMatchObject({ isNeedPersonalInfoUpdate: true, lastName: 'Demo 6' });
  });
});
