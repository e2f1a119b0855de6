// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { addressProofNeeded, documentAskedFor, factsFromReplies, identityShownStatus, loadsDueDiligence, verificationStatus, type VerificationFacts, type VerificationStatus } from '../../machines/verification/verification.rules.ts';
import { sandboxClient } from './client';
import { sampleFile, sampleJpeg, samplePdf, samplePng } from '../support/sample-files';
import { SANDBOX_CAPTCHA_TOKEN } from '../../machines/registration/captcha.ts';

/**
 * The verification reads (spec 002 s3, s7): every demo user of a verification case is
 * decided, from the replies the app reads, as the status of its name; a demo user without a case
 * is checked; the replies keep the contract (the sandbox validates them).
 */
let sb: Sandbox;
const { tokenOf, call, reauth } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-verification-')), 'db.sqlite') });
});
afterAll(() => sb.close());

/** The facts the app reads for a login, from the same replies. */
async function factsOf(login: string): Promise<VerificationFacts> {
  const token = await tokenOf(login);
  const { customer } = await call(token, 'customerInfo');
  const [identity, addresses, profile] = await Promise.all([call(token, 'identityGet'), call(token, 'addressInquiry'), call(token, 'profileInquiry')]);
  const limitReasons = customer.limited ? (await call(token, 'customerLimitReasonGet')).reasons : [];
  const certification = customer.customerType === 0 ? await call(token, 'personalFatcaCrsCertificationGet') : null;
  return factsFromReplies({ customer, identity, addresses: addresses.addresses, profile, limitReasons, certification });
}
/** The status the app decides for a login. */
const statusOf = async (login: string): Promise<VerificationStatus> => verificationStatus(await factsOf(login));

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
    ['verify-new', 'hasRequiredActions'],
    ['verify-business', 'unverified'],
    ['verify-representative', 'checked'],
    ['personal', 'checked'],
    ['business', 'checked'],
  ] as const)('%s@brand2.test is %s', async (local, status) => {
    expect(await statusOf(`${local}@brand2.test`)).toBe(status);
  });

  it.each(['verify-unverified', 'verify-business', 'verify-new'])(
    '%s: what the status asks for, the profile offers to send (issue 45: documents shown accepted with nothing to send)',
    async (local) => {
      const facts = await factsOf(`${local}@brand1.test`);
      const identity = identityShownStatus(facts, facts.identity.statusId, { today: '2026-11-29' });
      const toSend = [documentAskedFor(identity) ? 'identity' : null, ...facts.addresses.map((a, i) => (addressProofNeeded(a, facts.unverified) ? `address ${i}` : null))].filter(Boolean);
      expect(toSend.length, `${local}: ${verificationStatus(facts)} with nothing to send`).toBeGreaterThan(0);
      if (local === 'verify-unverified') expect(toSend).toEqual(['identity', 'address 0']);
    },
  );

  it.each([
    ['personal@brand1.test', 1, 1],
    ['kyc@brand2.test', 1, 1],
    ['kyc-enhanced@brand3.test', 4, 3],
  ] as const)('%s: due diligence level %i, so setting the user status loads the due diligence info (%i documents; 002 s4)', async (login, level, documents) => {
    const token = await tokenOf(login);
    const { customer } = await call(token, 'customerInfo');
    expect(customer.dueDiligenceLevel).toBe(level);
    expect(loadsDueDiligence({ verified: customer.verified, limited: customer.limited, isNeedKyc: customer.isNeedKyc, isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate, dueDiligenceLevel: customer.dueDiligenceLevel })).toBe(true);
    const info = await call(token, 'dueDiligenceInfoGet');
    expect(info.level).toBe(level);
    expect(info.documents).toHaveLength(documents);
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

describe('phones and the tax id (sandbox)', () => {
  const verifier = 'sandbox-phone-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
  const challenge = createHash('sha256').update(verifier).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const verify = (token: string, phoneId: number, body: Record<string, unknown>) =>
    fetch(`${sb.url}/verification/phones/${phoneId}/verify`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const smsCode = async (phone: string) => {
    const row = sb.db.prepare('SELECT code FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get(phone) as { code: string } | undefined;
    return row?.code ?? '';
  };

  it('a phone added, sent a code by SMS for the challenge, confirmed with the verifier and the code; required actions then clear', async () => {
    const login = 'verify-required-actions@brand3.test';
    const token = await tokenOf(login);
    const added = await call(token, 'phoneUpdate', { phoneCountryCode: '351', phone: '912 345 678', phoneType: 2 });
    expect(added.phoneId).toBeGreaterThan(701);
    expect((await verify(token, added.phoneId, { type: 'sms', captcha: 'wrong', codeChallenge: challenge })).status).toBe(400);
    const sent = await verify(token, added.phoneId, { type: 'sms', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge });
    expect(sent.status).toBe(200);
    const code = await smsCode('+351912345678');
    expect(code).toMatch(/^\d{6}$/);
    expect(await call(token, 'confirmPhone', { phoneId: added.phoneId, codeVerifier: `${verifier}x`, code })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'codeVerifier' }] });
    expect(await call(token, 'confirmPhone', { phoneId: added.phoneId, codeVerifier: verifier, code: code === '000000' ? '111111' : '000000' })).toMatchObject({
      responseCode: 'VF',
      responseDescription: 'The code is not correct',
    });
    expect((await call(token, 'confirmPhone', { phoneId: added.phoneId, codeVerifier: verifier, code })).responseCode).toBe('00');
    const { phones } = await call(token, 'profileInquiry');
    expect(phones.find((p: { id: number }) => p.id === added.phoneId)).toMatchObject({ confirmed: true, phoneCountryCode: '351', phone: '912345678' });
    // The seeded phone is still unconfirmed: replace it, then confirm by reqId and the code. A phone
    // is confirmed now, so the change needs the proof of re-authentication (issue 49).
    await expect(call(token, 'phoneUpdate', { phoneCountryCode: '40', phone: '722000111', phoneType: 2, phoneId: 701 })).rejects.toThrow(/answered 403: .*"code":"REAUTH"/);
    const replaced = await call(token, 'phoneUpdate', { phoneCountryCode: '40', phone: '722000111', phoneType: 2, phoneId: 701 }, await reauth(token));
    expect(replaced.phoneId).toBe(701);
    const second = await (await verify(token, 701, { type: 'sms', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge })).json();
    expect((await call(token, 'confirmPhone', { reqId: second.reqId, approvalCode: await smsCode('+40722000111') })).responseCode).toBe('00');
    expect((await call(token, 'profileInquiry')).phones.every((p: { confirmed: boolean }) => p.confirmed)).toBe(true);
  });

  it('by e-mail: the code goes to the customer\'s address (the outbox), not to the phone, and confirms the phone with the verifier', async () => {
    const login = 'verify-required-actions@brand4.test';
    const token = await tokenOf(login);
    const sent = await verify(token, 701, { type: 'email', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ message: 'The code was sent to your e-mail address' });
    const mail = sb.db.prepare('SELECT to_email, subject, code FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get(login) as { to_email: string; subject: string; code: string };
    expect(mail).toMatchObject({ subject: 'Your code to verify the phone +40721555010' });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(await smsCode('+40721555010')).toBe('');
    expect((await call(token, 'confirmPhone', { phoneId: 701, codeVerifier: verifier, code: mail.code })).responseCode).toBe('00');
    expect((await call(token, 'profileInquiry')).phones[0]).toMatchObject({ id: 701, confirmed: true });
  });

  it('with the camera: a link to the phone; no code confirms it here; the phone confirms it (the device page, or reqId and the approvalCode); a wrong type is refused', async () => {
    const login = 'verify-required-actions@brand6.test';
    const token = await tokenOf(login);
    for (const type of ['push', 'SMS', '', 3]) expect([type, (await verify(token, 701, { type, captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge })).status]).toEqual([type, 400]);
    expect((await verify(token, 701, { captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge })).status).toBe(400);
    const sent = await (await verify(token, 701, { type: 'camera', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge })).json();
    expect(sent).toMatchObject({ message: 'The link was sent to the phone' });
    const sms = sb.db.prepare('SELECT subject, link, code FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get('+40721555010') as { subject: string; link: string; code: string | null };
    expect(sms).toMatchObject({ subject: 'SMS: open the link to confirm this phone with its camera', code: null });
    expect(sms.link).toMatch(new RegExp(`^app://verify-phone\\?reqId=${sent.reqId}&approvalCode=[0-9a-f]{16}$`));
    expect(await call(token, 'confirmPhone', { phoneId: 701, codeVerifier: verifier, code: '123456' })).toMatchObject({ responseCode: 'VF', responseDescription: 'Confirm this phone on the phone itself, with the link we sent it' });
    const listed = await (await fetch(`${sb.url}/__sandbox/phone-verifications?login=${login}`)).json();
    expect(listed.verifications).toEqual([{ reqId: sent.reqId, login, phone: '+40721555010' }]);
    expect((await fetch(`${sb.url}/__sandbox/device`).then((r) => r.text()))).toContain(`Confirm the phone +40721555010 of ${login} with the camera`);
    expect((await call(token, 'profileInquiry')).phones[0].confirmed).toBe(false);
    expect((await fetch(`${sb.url}/__sandbox/phone-verifications/nope/confirm`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${sb.url}/__sandbox/phone-verifications/${sent.reqId}/confirm`, { method: 'POST' })).status).toBe(200);
    expect((await call(token, 'profileInquiry')).phones[0]).toMatchObject({ id: 701, confirmed: true });
    expect((await (await fetch(`${sb.url}/__sandbox/phone-verifications?login=${login}`)).json()).verifications).toEqual([]);
    // The mobile app's own way: confirmPhone with reqId and the link's approvalCode.
    const again = await (await verify(token, 701, { type: 'camera', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge })).json();
    const link = (sb.db.prepare('SELECT link FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get('+40721555010') as { link: string }).link;
    expect((await call(token, 'confirmPhone', { reqId: again.reqId, approvalCode: 'f'.repeat(16) })).responseCode).toBe('VF');
    expect((await call(token, 'confirmPhone', { reqId: again.reqId, approvalCode: new URL(link).searchParams.get('approvalCode') })).responseCode).toBe('00');
  });

  it('refusals: an unknown phone id, a number that is not digits, three wrong codes; the tax id kept when right, its description when not', async () => {
    const token = await tokenOf('personal@brand4.test');
    const proof = await reauth(token);
    expect(await call(token, 'phoneUpdate', { phoneCountryCode: '40', phone: '7220001', phoneType: 2, phoneId: 9999 }, proof)).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'phoneId' }] });
    expect(await call(token, 'phoneUpdate', { phoneCountryCode: '40', phone: 'abcd', phoneType: 2 }, proof)).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'phone' }] });
    expect((await verify(token, 9999, { type: 'sms', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge })).status).toBe(404);
    await verify(token, 701, { type: 'sms', captcha: SANDBOX_CAPTCHA_TOKEN, codeChallenge: challenge });
    for (let i = 0; i < 3; i++) expect((await call(token, 'confirmPhone', { phoneId: 701, codeVerifier: verifier, code: 'x' })).responseCode).toBe('VF');
    expect(await call(token, 'confirmPhone', { phoneId: 701, codeVerifier: verifier, code: await smsCode('+40721555010') })).toMatchObject({ responseDescription: 'Too many wrong codes. Ask for a new one.' });
    expect(await call(token, 'customerTaxNumberUpdate', { taxId: '1!' })).toMatchObject({ responseCode: 'VF', responseDescription: 'The tax id has 4 to 40 letters, digits, spaces, dots, slashes or dashes' });
    expect((await call(token, 'customerTaxNumberUpdate', { taxId: ' RO-1234567 ' })).responseCode).toBe('00');
    expect((await call(token, 'profileInquiry')).taxId).toBe('RO-1234567');
  });
});

describe('addresses (sandbox)', () => {
  it('create, confirm, replace (asked first what happens to the cards), delete; a new address waits for its proof', async () => {
    const token = await tokenOf('cards@brand2.test');
    const created = await call(token, 'addressCreate', { address1: 'Rua Augusta 10', city: 'Lisboa', postalCode: '1100-053', countryCode: 'PT' });
    let { addresses } = await call(token, 'addressInquiry');
    expect(addresses.find((a: { addressId: number }) => a.addressId === created.addressId)).toMatchObject({ addressStatus: 0, confirmed: true, isDocumentRequired: true, uploadedDocuments: [] });
    // Same country: nothing cancelled; the cards on their way still go to the old address.
    const same = await call(token, 'addressReplacementCompatibility', { countryCode: 'RO', oldAddressId: 501 });
    expect(same.cardAccountsToBeCanceled).toEqual([]);
    expect(same.cardAccountsToBeShippedToOldAddress.map((c: { alias: string }) => c.alias)).toContain('New card');
    // Another country: the physical cards in use are cancelled too.
    const moving = await call(token, 'addressReplacementCompatibility', { countryCode: 'PT', oldAddressId: 501 });
    expect(moving.cardAccountsToBeCanceled.map((c: { alias: string }) => c.alias)).toContain('Everyday card');
    expect(moving.cardAccountsToBeCanceled.map((c: { alias: string }) => c.alias)).not.toContain('Online card');
    const replaced = await call(token, 'addressReplace', { addressId: 501, address1: 'Avenida da Liberdade 1', city: 'Lisboa', postalCode: '1250-096', countryCode: 'PT' });
    ({ addresses } = await call(token, 'addressInquiry'));
    expect(addresses.map((a: { addressId: number }) => a.addressId)).toEqual([replaced.addressId, created.addressId]);
    expect((await call(token, 'confirmAddress', { addressId: created.addressId })).responseCode).toBe('00');
    expect((await call(token, 'addressDelete', { id: created.addressId })).responseCode).toBe('00');
    expect((await call(token, 'addressInquiry')).addresses).toHaveLength(1);
    for (const [method, body, param] of [
      ['addressDelete', { id: 9999 }, 'id'],
      ['confirmAddress', { addressId: 9999 }, 'addressId'],
      ['addressReplace', { addressId: 9999, address1: 'x', city: 'y', postalCode: '1', countryCode: 'PT' }, 'addressId'],
      ['addressReplacementCompatibility', { countryCode: 'PT', oldAddressId: 9999 }, 'oldAddressId'],
    ] as const) {
      expect(await call(token, method, body)).toMatchObject({ responseCode: 'VF', validationErrors: [{ param }] });
    }
  });
});

describe('documents (sandbox)', () => {
  const upload = async (token: string, data: Record<string, unknown>, files: Record<string, { type: string; bytes: Uint8Array<ArrayBuffer> }>) => {
    const body = new FormData();
    body.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
    for (const [part, file] of Object.entries(files)) body.append(part, new Blob([file.bytes], { type: file.type }), `${part}.${file.type.split('/')[1]}`);
    const res = await fetch(`${sb.url}/main/?method=documentUpload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
    expect(res.status).toBe(200);
    return res.json();
  };
  const decide = (userLogin: string, documentId: number, decision: 'confirm' | 'reject') =>
    fetch(`${sb.url}/__sandbox/documents/decide`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userLogin, documentId, decision }) });
  const jpeg = sampleFile.jpeg(2048);

  it('an unverified customer uploads an identity document (front and back for type 4) and a proof of address; confirmed, the customer is checked', async () => {
    const login = 'verify-unverified@brand4.test';
    const token = await tokenOf(login);
    expect(await upload(token, { categoryId: 1, documentTypeId: 4 }, { front: jpeg })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'back' }] });
    expect(await upload(token, { categoryId: 1, documentTypeId: 1 }, { front: { type: 'text/plain', bytes: new TextEncoder().encode('some notes') } })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'front' }] });
    const identity = await upload(token, { categoryId: 1, documentTypeId: 4, issuedDate: '2022-01-01', expiresDate: '2032-01-01' }, { front: jpeg, back: jpeg });
    expect(identity).toMatchObject({ responseCode: '00', statusId: 0 });
    const proof = await upload(token, { categoryId: 2, documentTypeId: 20, addressId: 501 }, { front: sampleFile.pdf(4096) });
    expect(await statusOf(login)).toBe('verificationProcessing');
    expect((await decide(login, identity.documentId, 'confirm')).status).toBe(200);
    expect((await decide(login, proof.documentId, 'confirm')).status).toBe(200);
    expect(await statusOf(login)).toBe('checked');
    expect((await decide(login, 12345, 'confirm')).status).toBe(404);
  });

  it('a limited customer uploads the document each limit reason asks for: processing, then the limit is lifted when confirmed; a refused one is limited again', async () => {
    const login = 'verify-limited@brand4.test';
    const token = await tokenOf(login);
    const first = await upload(token, { categoryId: 5, documentTypeId: 1, limitReasonActionTypeId: 1 }, { front: jpeg });
    expect(await statusOf(login)).toBe('limited');
    const second = await upload(token, { categoryId: 5, documentTypeId: 51, limitReasonActionTypeId: 2 }, { front: jpeg });
    expect(await statusOf(login)).toBe('processing');
    await decide(login, second.documentId, 'reject');
    expect(await statusOf(login)).toBe('limited');
    const again = await upload(token, { categoryId: 5, documentTypeId: 51, limitReasonActionTypeId: 2 }, { front: jpeg });
    await decide(login, first.documentId, 'confirm');
    await decide(login, again.documentId, 'confirm');
    expect(await statusOf(login)).toBe('checked');
    expect(await upload(token, { categoryId: 5, documentTypeId: 1, limitReasonActionTypeId: 9 }, { front: jpeg })).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'limitReasonActionTypeId' }] });
  });
});

describe('documents inquiry, e-mails and the username change request (sandbox)', () => {
  const jpeg = new Blob([sampleJpeg(1024)], { type: 'image/jpeg' });
  const control = (path: string, body: object) => fetch(`${sb.url}/__sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('documentsInquiry lists every document with its category, newest first, an upload with when it was sent', async () => {
    const login = 'verify-limited@brand3.test';
    const token = await tokenOf(login);
    expect((await call(token, 'documentsInquiry')).documents.map((d: { id: number; categoryId: number }) => [d.id, d.categoryId])).toEqual([
      [9002, 2],
      [9001, 1],
    ]);
    const form = new FormData();
    form.append('data', new Blob([JSON.stringify({ categoryId: 5, documentTypeId: 51, limitReasonActionTypeId: 2 })], { type: 'application/json' }));
    form.append('front', jpeg, 'receipt.jpeg');
    await fetch(`${sb.url}/main/?method=documentUpload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    const [newest] = (await call(token, 'documentsInquiry')).documents;
    expect(newest).toMatchObject({ statusId: 0, documentTypeId: 51, categoryId: 5 });
    expect(newest.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('a username change request: active with a link to the new address, one at a time, pending cannot be withdrawn, failed can', async () => {
    const login = 'personal@brand5.test';
    const token = await tokenOf(login);
    expect((await call(token, 'emailInquiry')).emails).toEqual([{ id: 1, email: login, status: 'Primary', usernameChangeRequest: null }]);
    // The address one signs in with: only with the proof of re-authentication (issue 49).
    await expect(call(token, 'usernameChangeRequestCreate', { email: 'New.Name@example.com' })).rejects.toThrow(/answered 403: .*"code":"REAUTH"/);
    await expect(call(token, 'usernameChangeRequestCreate', { email: 'New.Name@example.com' }, { 'X-Reauth-Proof': 'made-up' })).rejects.toThrow(/answered 403/);
    const proof = await reauth(token);
    expect(await call(token, 'usernameChangeRequestCreate', { email: login }, proof)).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'email' }] });
    expect(await call(token, 'usernameChangeRequestCreate', { email: 'business@brand5.test' }, proof)).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'email' }] });
    expect(await call(token, 'usernameChangeRequestCreate', { email: 'New.Name@example.com' }, proof)).toMatchObject({ responseCode: '00' });
    expect((await call(token, 'emailInquiry')).emails[1]).toEqual({ id: 2, email: 'new.name@example.com', status: null, usernameChangeRequest: 'active' });
    expect((await call(token, 'profileInquiry')).emails[1]).toMatchObject({ usernameChangeRequest: 'active' });
    expect((await control('username-change', { userLogin: login, status: 'pending' })).status).toBe(200);
    expect(await call(token, 'usernameChangeRequestCancel')).toMatchObject({ responseCode: 'VF' });
    expect(await call(token, 'usernameChangeRequestCreate', { email: 'other@example.com' }, proof)).toMatchObject({ responseCode: 'VF' });
    await control('username-change', { userLogin: login, status: 'failed' });
    expect(await call(token, 'usernameChangeRequestCancel')).toMatchObject({ responseCode: '00' });
    expect((await call(token, 'emailInquiry')).emails).toHaveLength(1);
    expect(await call(token, 'usernameChangeRequestCancel')).toMatchObject({ responseCode: 'VF' });
    expect((await control('username-change', { userLogin: login, status: 'pending' })).status).toBe(404);
  });
});

describe('verification controls (sandbox)', () => {
  const control = (path: string, body: object) => fetch(`${sb.url}/__sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('every waiting document decided at once; the reset restores the seeded case', async () => {
    const login = 'verify-new@brand6.test';
    const token = await tokenOf(login);
    expect((await control('documents/decide', { userLogin: login, decision: 'confirm' })).status).toBe(404); // nothing waiting
    for (const [categoryId, documentTypeId, addressId] of [
      [1, 1, undefined],
      [2, 20, 501],
    ] as const) {
      const form = new FormData();
      form.append('data', new Blob([JSON.stringify({ categoryId, documentTypeId, ...(addressId ? { addressId } : {}) })], { type: 'application/json' }));
      form.append('front', new Blob([samplePng(512)], { type: 'image/png' }), 'scan.png');
      await fetch(`${sb.url}/main/?method=documentUpload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    }
    await call(token, 'customerTaxNumberUpdate', { taxId: 'RO998877' });
    expect((await control('documents/decide', { userLogin: login, decision: 'confirm' })).status).toBe(200);
    expect((await call(token, 'documentsInquiry')).documents.every((d: { statusId: number }) => d.statusId === 2)).toBe(true);
    expect((await call(token, 'customerInfo')).customer.verified).toBe(true);
    expect((await control('verification-reset', { userLogin: login })).status).toBe(200);
    expect((await call(token, 'documentsInquiry')).documents).toEqual([]);
    expect((await call(token, 'profileInquiry')).taxId).toBeNull();
    expect(await statusOf(login)).toBe('hasRequiredActions');
    expect((await control('verification-reset', { userLogin: 'nobody@brand6.test' })).status).toBe(404);
  });
});

describe('document sizes (sandbox)', () => {
  it('a 7 MB scan is taken (the app allows 10 MB); 11 MB is refused with the 413 the contract lists', async () => {
    const token = await tokenOf('verify-unverified@brand6.test');
    const send = async (bytes: number) => {
      const form = new FormData();
      form.append('data', new Blob([JSON.stringify({ categoryId: 1, documentTypeId: 1 })], { type: 'application/json' }));
      form.append('front', new Blob([samplePdf(bytes)], { type: 'application/pdf' }), 'scan.pdf');
      return fetch(`${sb.url}/main/?method=documentUpload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    };
    const taken = await send(7_000_000);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ responseCode: '00', statusId: 0 });
    const refused = await send(11_000_000);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ message: 'The front is larger than 10 MB' });
  });
});

