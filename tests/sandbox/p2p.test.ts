// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { p2pFee } from '../../sandbox/handlers/p2p.ts';
import { sandboxClient } from './client';

/**
 * Peer-to-peer by e-mail in the sandbox (001 s3, s5, s7): the payee check, the fee, the sender's
 * e-mails, the transfer (both balances, once per requestId, in the sender's approval mode),
 * templates, beneficiaries and a recent transfer's details. Replies are validated by the sandbox.
 */
let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);
const usdOf = async (token: string) => ((await call(token, 'balanceInquiry')).accounts as { accountId: number; type: number; currencyCode: string; balance: string }[]).find((a) => a.type === 1001 && a.currencyCode === 'USD')!;

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-p2p-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: peer-to-peer by e-mail', () => {
  it.each([
    ['10.00', 'USD', '0.25'],
    ['25.00', 'USD', '0.25'],
    ['25.01', 'USD', '0.26'],
    ['100.00', 'USD', '1.00'],
    ['1500.00', 'USD', '15.00'],
    ['9999.99', 'USD', '15.00'],
    ['1.00000000', 'USDT', '0.00000000'],
  ])('fee of %s %s is %s (1 %% rounded up, 0.25 to 15.00, none in crypto)', (amount, currency, fee) => {
    expect(p2pFee(amount, currency)).toBe(fee);
  });

  it('checks a payee: a customer, an employee, someone on the payout blacklist, nobody', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    expect(await call(token, 'checkPayee', { email: 'personal@brand1.test' })).toMatchObject({ responseCode: '00', exist: true, exists: true, isEmployee: false, outBlacklist: false, name: 'Ana D.' });
    expect(await call(token, 'checkPayee', { email: 'employee@brand1.test' })).toMatchObject({ exist: true, isEmployee: true });
    expect(await call(token, 'checkPayee', { email: 'simple@brand1.test' })).toMatchObject({ exist: true, outBlacklist: true });
    expect(await call(token, 'checkEmail', { email: 'nobody@example.com' })).toMatchObject({ exist: false, exists: false });
    expect((await call(token, 'checkPayee', { email: 'a@b.c' })).responseCode).toBe('VF');
  });

  it('sends once per requestId: the sender pays amount and fee, the payee receives the amount', async () => {
    const sender = await tokenOf('approve-none@brand2.test');
    const payee = await tokenOf('personal@brand2.test');
    const [fromBefore, toBefore] = [await usdOf(sender), await usdOf(payee)];
    const body = { accountId: fromBefore.accountId, amount: '100.00', currency: 'USD', toEmail: 'personal@brand2.test', note: 'Dinner', fromEmailId: 2, requestId: 'p2p-once-0001' };
    const first = await call(sender, 'p2pTransfer', body);
    expect(first).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed' });
    expect(await call(sender, 'p2pTransfer', body)).toEqual(first);
    const cents = (a: { balance: string }) => Math.round(Number(a.balance) * 100);
    expect(cents(await usdOf(sender))).toBe(cents(fromBefore) - 10_100);
    expect(cents(await usdOf(payee))).toBe(cents(toBefore) + 10_000);
    const { beneficiaries } = await call(sender, 'p2pBeneficiaryList');
    expect(beneficiaries[0]).toEqual({ email: 'personal@brand2.test', name: 'Ana D.' });
    const { details } = await call(sender, 'recentTransferDetails', { transactionId: first.transactionId });
    expect(details).toMatchObject({ type: 'p2p', toEmail: 'personal@brand2.test', amount: '100.00', currencyCode: 'USD', accountId: fromBefore.accountId });
  });

  it('refuses what it must: itself, the blacklist, nobody, a bad coupon, too much; a coupon waives the fee; a template is kept', async () => {
    const token = await tokenOf('approve-none@brand3.test');
    const from = await usdOf(token);
    const send = (over: Record<string, unknown>, id: string) => call(token, 'p2pTransfer', { accountId: from.accountId, amount: '10.00', toEmail: 'personal@brand3.test', requestId: id, ...over });
    const field = async (reply: Promise<any>) => ((await reply).validationErrors ?? [{}])[0].param;
    expect(await field(send({ toEmail: 'approve-none@brand3.test' }, 'p2p-self-0001'))).toBe('toEmail');
    expect(await field(send({ toEmail: 'simple@brand3.test' }, 'p2p-black-001'))).toBe('toEmail');
    expect(await field(send({ toEmail: 'nobody@example.com' }, 'p2p-nobody-01'))).toBe('toEmail');
    expect(await field(send({ couponCode: 'FREE' }, 'p2p-coupon-01'))).toBe('couponCode');
    expect(await field(send({ amount: '10000.01' }, 'p2p-toomuch-1'))).toBe('amount');
    expect(await field(send({ amount: '1.001' }, 'p2p-decimals1'))).toBe('amount');
    const before = Number((await usdOf(token)).balance);
    await send({ couponCode: 'nofee', templateName: 'Rent', note: 'Flat' }, 'p2p-coupon-02');
    expect(Number((await usdOf(token)).balance)).toBeCloseTo(before - 10, 2);
    const { templates } = await call(token, 'customerPaymentTemplateList', { type: 'p2p' });
    expect(templates).toEqual([expect.objectContaining({ name: 'Rent', type: 'p2p', toEmail: 'personal@brand3.test', amount: '10.00', currencyCode: 'USD', note: 'Flat' })]);
    expect((await call(await tokenOf('no-transfers@brand3.test'), 'p2pTransfer', { accountId: 1, amount: '1.00', toEmail: 'personal@brand3.test', requestId: 'p2p-noflags-1' })).responseCode).toBe('13');
  });

  it('with an approval mode nothing moves until the code is confirmed', async () => {
    const token = await tokenOf('approve-sms@brand4.test');
    const from = await usdOf(token);
    const reply = await call(token, 'p2pTransfer', { accountId: from.accountId, amount: '5.00', toEmail: 'personal@brand4.test', requestId: 'p2p-sms-00001' });
    expect(reply).toMatchObject({ approveType: 'sms', operationId: expect.any(String) });
    expect((await usdOf(token)).balance).toBe(from.balance);
    const { approvals } = (await (await fetch(`${sb.url}/__sandbox/approvals?login=approve-sms%40brand4.test`)).json()) as { approvals: { code: string }[] };
    expect((await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: approvals[0]!.code })).responseCode).toBe('00');
    expect(Math.round(Number((await usdOf(token)).balance) * 100)).toBe(Math.round(Number(from.balance) * 100) - 525);
  });

  it('lists the sender’s e-mails, the login first', async () => {
    const token = await tokenOf('personal@brand5.test');
    expect((await call(token, 'customerEmailList')).emails).toEqual([
      { id: 1, email: 'personal@brand5.test', isPrimary: true },
      { id: 2, email: 'personal.payments@brand5.test', isPrimary: false },
    ]);
  });
});

describe('sandbox: preapproved payments (001 s3, s4)', () => {
  it('lists a rich customer’s recurring payments with the filters; cancels one; refuses a cancelled one and the locked one', async () => {
    const token = await tokenOf('approve-code@brand5.test');
    const all = (await call(token, 'preapprovedList')).payments as { id: number; type: string; amount: string; beneficiaryEmail?: string; reference?: string }[];
    expect(all.map((p) => [p.type, p.amount])).toEqual([
      ['p2p', '25.00'],
      ['p2p', '450.00'],
      ['betweenAccounts', '100.00'],
    ]);
    expect((await call(token, 'preapprovedList', { beneficiaryEmail: 'MARIA' })).payments.map((p: { amount: string }) => p.amount)).toEqual(['450.00']);
    expect((await call(token, 'preapprovedList', { type: 'betweenAccounts' })).payments).toHaveLength(1);
    expect((await call(token, 'preapprovedList', { fromAmount: '25.00', toAmount: '100.00' })).payments.map((p: { amount: string }) => p.amount)).toEqual(['25.00', '100.00']);
    const rent = all.find((p) => p.amount === '450.00')!;
    expect((await call(token, 'preapprovedCancel', { id: rent.id })).payment).toMatchObject({ id: rent.id, status: 'cancelled' });
    expect((await call(token, 'preapprovedList')).payments).toHaveLength(2);
    expect((await call(token, 'preapprovedCancel', { id: rent.id })).responseCode).toBe('13');
    const locked = all.find((p) => p.reference === 'Locked savings')!;
    expect(await call(token, 'preapprovedCancel', { id: locked.id })).toMatchObject({ responseCode: '13', responseDescription: expect.stringContaining('contact support') });
    expect((await call(await tokenOf('personal@brand5.test'), 'preapprovedCancel', { id: locked.id })).responseCode).toBe('ENOA');
  });
});

describe('sandbox: mass p2p from text (001 s5, s7)', () => {
  it('summarises with per-line errors and moves nothing; sends a clean text once per requestId', async () => {
    const token = await tokenOf('approve-none@brand6.test');
    const from = await usdOf(token);
    const bad = await call(token, 'p2pMassTransfer', { accountId: from.accountId, onlySummary: true, textContent: 'email,amount,note\ndirect@brand6.test,10.00,Lunch\nnobody@example.com,5\ndirect@brand6.test,abc\n\nsimple@brand6.test;1' });
    expect(bad.summary).toMatchObject({ count: 1, total: '10.00', currencyCode: 'USD' });
    expect(bad.summary.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 6]);
    expect((await usdOf(token)).balance).toBe(from.balance);
    const text = 'direct@brand6.test,10.00,Lunch\notp@brand6.test,"2,50"\n';
    const summary = await call(token, 'p2pMassTransfer', { accountId: from.accountId, onlySummary: true, textContent: text.replace('"2,50"', '2.50') });
    expect(summary.summary).toMatchObject({ count: 2, total: '12.50', fee: '0.50', errors: [] });
    const body = { accountId: from.accountId, onlySummary: false, textContent: text.replace('"2,50"', '2.50'), batchName: 'Lunch club', requestId: 'mass-p2p-0001' };
    const sent = await call(token, 'p2pMassTransfer', body);
    expect(sent).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed' });
    expect(await call(token, 'p2pMassTransfer', body)).toEqual(sent);
    expect(Math.round(Number((await usdOf(token)).balance) * 100)).toBe(Math.round(Number(from.balance) * 100) - 1300);
    expect((await call(token, 'p2pMassTransfer', { ...body, textContent: 'nobody@example.com,5', requestId: 'mass-p2p-0002' })).responseCode).toBe('VF');
    // History › Batch transfers lists it once (the repeat and the refusal make no batch), also with the "To people" filter.
    const batches = (await call(token, 'batchTransferHistory', { types: ['p2p'] })).batches.filter((b: { batchName: string }) => b.batchName === 'Lunch club');
    expect(batches).toEqual([expect.objectContaining({ type: 'p2p', status: 'completed', paymentsCount: 2, totalAmount: '12.50', currencyCode: 'USD' })]);
  });

  it('a mass p2p held for its code is not a transfer yet; once the code is confirmed Batch transfers lists it completed', async () => {
    const login = 'approve-sms@brand6.test';
    const token = await tokenOf(login);
    const from = await usdOf(token);
    const held = await call(token, 'p2pMassTransfer', { accountId: from.accountId, onlySummary: false, textContent: 'direct@brand6.test,1.00', batchName: 'Held club', requestId: 'mass-p2p-held-1' });
    expect(held).toMatchObject({ responseCode: '00', approveType: 'sms' });
    const statusOf = async () => (await call(token, 'batchTransferHistory', {})).batches.filter((b: { batchName: string }) => b.batchName === 'Held club').map((b: { status: string }) => b.status);
    expect(await statusOf()).toEqual([]); // waiting batches are not listed (as a company request's)
    const code = ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { code: string }[] }).approvals[0]!.code;
    expect((await call(token, 'approvePayment', { operationId: held.operationId, approvalCode: code })).responseCode).toBe('00');
    expect(await statusOf()).toEqual(['completed']);
  });
});
