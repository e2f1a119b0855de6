// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { sandboxClient } from './client';

/**
 * Identity verification in the sandbox (002 s2, s7 REST): a run started, the provider's
 * page deciding it (approve, reject, approve by video call), the result asked for by the app.
 */
let sb: Sandbox;
const { tokenOf, call } = sandboxClient(() => sb.url);
const APP = 'http://127.0.0.1:4173';

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-identity-')), 'db.sqlite') });
});
afterAll(() => sb.close());

const rest = (token: string, path: string, body: unknown) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

async function start(token: string, customerId?: number) {
  const res = await rest(token, customerId === undefined ? '/identity-verification' : `/customers/${customerId}/identity-verification`, { returnOrigin: APP });
  expect(res.status).toBe(200);
  return (await res.json()) as { workflowRunId: string; token: string; providerUrl: string };
}

const verify = (token: string, customerId: number, body: Record<string, unknown>) => rest(token, `/verification/customer/${customerId}/verify`, body);

/** A button of the provider's page pressed: its form posted; the browser is sent back (303). */
async function decide(run: { workflowRunId: string; token: string }, decision: 'approve' | 'reject' | 'video', fields: Record<string, string> = {}) {
  const res = await fetch(`${sb.url}/__provider/identity/${run.workflowRunId}/${decision}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: run.token, ...fields }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

const customerIdOf = async (token: string) => (await call(token, 'customerInfo')).customer.customerId as number;

describe('identity verification (sandbox)', () => {
  it('start → the provider page → approve: the browser goes back to the app; verify answers approved; identity confirmed, KYC’s identity step done, realtime told', async () => {
    const token = await tokenOf('kyc-identity@brand1.test');
    const id = await customerIdOf(token);
    expect((await call(token, 'customerInfo')).customer.isNeedKyc).toBe(true);
    const run = await start(token);
    expect(run.token.length).toBeGreaterThanOrEqual(43);
    expect(run.providerUrl).toBe(`${sb.url}/__provider/identity/${run.workflowRunId}?token=${encodeURIComponent(run.token)}`);

    // The provider's page: self-contained, under a strict CSP, with its three buttons.
    const page = await fetch(run.providerUrl);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${APP}`);
    const html = await page.text();
    expect(html).toContain('Sandbox identity provider');
    expect(html).toContain(run.workflowRunId);
    for (const button of ['Approve the check', 'Reject the check', 'Approve by video call']) expect(html).toContain(`>${button}</button>`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);

    // Pending until the provider decides.
    expect(await (await verify(token, id, { workflowRunId: run.workflowRunId, token: run.token })).json()).toEqual({ status: 'pending', reason: null });

    const told: unknown[] = [];
    const toCustomer = sb.realtime.toCustomer.bind(sb.realtime);
    sb.realtime.toCustomer = (customerId, message) => {
      told.push({ customerId, message });
      return toCustomer(customerId, message);
    };
    try {
      expect(await decide(run, 'approve')).toBe(`${APP}/identity-verification/${run.workflowRunId}/${encodeURIComponent(run.token)}`);
    } finally {
      sb.realtime.toCustomer = toCustomer;
    }
    expect(told).toEqual([{ customerId: id, message: expect.objectContaining({ type: 'verification.changed' }) }]);
    expect(await (await verify(token, id, { workflowRunId: run.workflowRunId, token: run.token })).json()).toEqual({ status: 'approved', reason: null });

    // The identity step of the KYC request is done; KYC is needed until the personal data are given too.
    expect((await call(token, 'kycRequestGet')).request.steps).toEqual([
      { kind: 'personalInfo', done: false },
      { kind: 'identity', done: true },
    ]);
    const info = (await call(token, 'customerInfo')).customer;
    expect(info.isNeedKyc).toBe(true);
    expect(info.verified).toBe(true);
    const person = { firstName: 'Ana', lastName: 'Ionescu', birthDay: '1990-04-12', residenceCountryCode: 'RO', address: { countryCode: 'RO', stateCode: null, city: 'Cluj-Napoca', street: 'Strada Memorandumului 2', postalCode: '400114' } };
    expect((await call(token, 'kycCustomerPersonalInfoUpdate', person)).responseCode).toBe('00');
    expect((await call(token, 'customerInfo')).customer.isNeedKyc).toBe(false);
    const identity = await call(token, 'identityGet');
    expect(identity.identity.status).toBe(2);
    expect(identity.identity.uploadedDocuments.at(-1)).toMatchObject({ statusId: 2, documentTypeId: 1 });

    // A decided run stays decided: the page says so, its buttons are gone; a second decision changes nothing.
    const decided = await (await fetch(run.providerUrl)).text();
    expect(decided).toContain('This check is decided: approved.');
    expect(decided).not.toContain('Reject the check');
    await decide(run, 'reject');
    expect((await (await verify(token, id, { workflowRunId: run.workflowRunId, token: run.token })).json()).status).toBe('approved');
  });

  it('reject: verify answers rejected with the reason given on the page; the identity is left as it was', async () => {
    const token = await tokenOf('verify-unverified@brand2.test');
    const id = await customerIdOf(token);
    const before = await call(token, 'identityGet');
    const run = await start(token);
    expect(await decide(run, 'reject', { reason: 'The face does not match the photo' })).toBe(`${APP}/identity-verification/${run.workflowRunId}/${encodeURIComponent(run.token)}`);
    expect(await (await verify(token, id, { workflowRunId: run.workflowRunId, token: run.token })).json()).toEqual({ status: 'rejected', reason: 'The face does not match the photo' });
    expect(await call(token, 'identityGet')).toEqual(before);
    expect((await call(token, 'customerInfo')).customer.verified).toBe(false);
  });

  it('approve by video call: a video identity job of the same customer, approved; the video identity validated', async () => {
    const token = await tokenOf('verify-unverified@brand3.test');
    const id = await customerIdOf(token);
    const run = await start(token);
    const back = await decide(run, 'video');
    const jobId = /^http:\/\/127\.0\.0\.1:4173\/video-identity-job\/(vij_[0-9a-f]{16})$/.exec(back)?.[1];
    expect(jobId).toBeDefined();
    expect(await (await verify(token, id, { videoIdentityJobId: jobId })).json()).toEqual({ status: 'approved', reason: null });
    expect(await (await verify(token, id, { workflowRunId: run.workflowRunId, token: run.token })).json()).toMatchObject({ status: 'approved' });
    const identity = await call(token, 'identityGet');
    expect(identity.videoIdentityStatus).toBe('validated');
    expect(identity.identity.status).toBe(2);
    // The address has no confirmed proof yet: the identity alone does not verify the customer.
    expect((await call(token, 'customerInfo')).customer.verified).toBe(false);
    // Another customer cannot read the job.
    const other = await tokenOf('personal@brand3.test');
    expect((await verify(other, await customerIdOf(other), { videoIdentityJobId: jobId })).status).toBe(404);
  });

  it('a wrong token: 403 from verify, and the provider page neither shows nor decides the run', async () => {
    const token = await tokenOf('simple@brand4.test');
    const id = await customerIdOf(token);
    const run = await start(token);
    const res = await verify(token, id, { workflowRunId: run.workflowRunId, token: `${run.token}x` });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'This link does not belong to the identity check' });
    expect((await fetch(`${sb.url}/__provider/identity/${run.workflowRunId}?token=nope`)).status).toBe(404);
    const forged = await fetch(`${sb.url}/__provider/identity/${run.workflowRunId}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'token=nope',
      redirect: 'manual',
    });
    expect(forged.status).toBe(404);
    expect((await (await verify(token, id, { workflowRunId: run.workflowRunId, token: run.token })).json()).status).toBe('pending');
  });

  it("another customer's run: 404, by their own id or by the owner's; an unknown run or job: 404", async () => {
    const owner = await tokenOf('personal@brand4.test');
    const ownerId = await customerIdOf(owner);
    const run = await start(owner);
    const other = await tokenOf('no-accounts@brand4.test');
    const body = { workflowRunId: run.workflowRunId, token: run.token };
    expect((await verify(other, await customerIdOf(other), body)).status).toBe(404);
    expect((await verify(other, ownerId, body)).status).toBe(404);
    expect((await verify(owner, ownerId, { workflowRunId: 'no-such-run', token: run.token })).status).toBe(404);
    expect((await verify(owner, ownerId, { videoIdentityJobId: 'vij_0000000000000000' })).status).toBe(404);
  });

  it('for the customer the user acts for: an employee starts a run for the business; not for someone else (403)', async () => {
    const business = await tokenOf('business@brand5.test');
    const businessId = await customerIdOf(business);
    const employee = await tokenOf('employee@brand5.test');
    const run = await start(employee, businessId);
    await decide(run, 'approve');
    expect(await (await verify(employee, businessId, { workflowRunId: run.workflowRunId, token: run.token })).json()).toMatchObject({ status: 'approved' });
    // The run is the business's, not the employee's.
    expect((await verify(employee, (await call(employee, 'customerInfo')).customer.userId as number, { workflowRunId: run.workflowRunId, token: run.token })).status).toBe(404);
    const stranger = await tokenOf('personal@brand5.test');
    expect((await rest(stranger, `/customers/${businessId}/identity-verification`, { returnOrigin: APP })).status).toBe(403);
  });

  it('the return origin must be the app on 127.0.0.1 or localhost; the body is checked by the contract', async () => {
    const token = await tokenOf('simple@brand6.test');
    for (const returnOrigin of ['https://evil.example', 'http://127.0.0.1:4173/path', 'javascript:alert(1)', 'http://127.0.0.1.evil.example']) {
      expect((await rest(token, '/identity-verification', { returnOrigin })).status).toBe(400);
    }
    expect((await rest(token, '/identity-verification', { returnOrigin: 'http://localhost:5173' })).status).toBe(200);
    expect((await rest(token, '/identity-verification', {})).status).toBe(400);
    expect((await rest(token, '/verification/customer/1/verify', { workflowRunId: 'x' })).status).toBe(400);
    expect((await fetch(`${sb.url}/identity-verification`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ returnOrigin: APP }) })).status).toBe(401);
  });

  it('reset forgets every run', async () => {
    const token = await tokenOf('simple@brand6.test');
    await start(token);
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM identity_checks').get() as { n: number }).n).toBeGreaterThan(0);
    sb.reset();
    expect((sb.db.prepare('SELECT COUNT(*) AS n FROM identity_checks').get() as { n: number }).n).toBe(0);
  });
});
