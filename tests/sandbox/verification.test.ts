// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { factsFromReplies, verificationStatus, type VerificationStatus } from '../../machines/verification/verification.rules.ts';
import { sandboxClient } from './client';

/**
 * The verification reads (spec 002 s3, s7; issue 27): every demo user of a verification case is
 * decided, from the replies the app reads, as the status of its name; a demo user without a case
 * is checked; the replies keep the contract (the sandbox validates them).
 */
let sb: Sandbox;
const { tokenOf, call } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-verification-')), 'db.sqlite') });
});
afterAll(() => sb.close());

/** The status the app decides for a login, from the same replies. */
async function statusOf(login: string): Promise<VerificationStatus> {
  const token = await tokenOf(login);
  const { customer } = await call(token, 'customerInfo');
  const [identity, addresses, profile] = await Promise.all([call(token, 'identityGet'), call(token, 'addressInquiry'), call(token, 'profileInquiry')]);
  const limitReasons = customer.limited ? (await call(token, 'customerLimitReasonGet')).reasons : [];
  const certification = customer.customerType === 'personal' ? await call(token, 'personalFatcaCrsCertificationGet') : null;
  return verificationStatus(factsFromReplies({ customer, identity, addresses: addresses.addresses, profile, limitReasons, certification }));
}

describe('verification reads (sandbox)', () => {
  it.each([
    ['verify-limited', 'limited'],
    ['verify-processing', 'processing'],
    ['verify-verification-processing', 'verificationProcessing'],
    ['verify-unverified', 'unverified'],
    ['verify-duplicate-documents', 'duplicateDocuments'],
    ['verify-duplicate-uploaded', 'duplicateDocumentsUploaded'],
    ['verify-required-actions', 'hasRequiredActions'],
    ['verify-card-document', 'someCardDocumentRequired'],
    ['verify-final-review', 'finalReview'],
    ['verify-business', 'unverified'],
    ['personal', 'checked'],
    ['business', 'checked'],
  ] as const)('%s@brand2.test is %s', async (local, status) => {
    expect(await statusOf(`${local}@brand2.test`)).toBe(status);
  });

  it('a limited customer says why, with the documents each reason needs', async () => {
    const { reasons } = await call(await tokenOf('verify-limited@brand1.test'), 'customerLimitReasonGet');
    expect(reasons.map((r: { actionTypeId: number }) => r.actionTypeId)).toEqual([1, 2]);
    expect(reasons[0].requirementDocuments[0]).toMatchObject({ documentTypeId: 1, name: 'A valid identity document', uploadedDocuments: [] });
  });

  it('the profile lists the phones (id, status, country code without +) and the login as the primary e-mail (status Primary)', async () => {
    const profile = await call(await tokenOf('verify-required-actions@brand1.test'), 'profileInquiry');
    expect(profile.phones).toEqual([{ id: 701, status: 'Primary', phoneCountryCode: '40', phone: '721555010', phoneType: 2, confirmed: false }]);
    expect(profile.emails).toEqual([{ id: 1, email: 'verify-required-actions@brand1.test', status: 'Primary', usernameChangeRequest: null }]);
  });
});
