// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { sandboxClient } from './client';

/**
 * Transaction approval in the sandbox (001 s4, s7; docs/decisions.md "Approval modes"): each demo
 * user's mode decides how a transfer between own accounts is confirmed; with a mode other than
 * none nothing moves until the code is confirmed or the push approved, and then exactly once.
 * Every reply is validated against api-schemas/main.yaml by the sandbox itself.
 */
let sb: Sandbox;
/** How far the sandbox's clock is ahead of the real one (an operation's expiry is tested by moving it). */
let shift = 0;

const { post, tokenOf, call } = sandboxClient(() => sb.url);
interface Account {
  accountId: number;
  type: number;
  balance: string;
  currencyCode: string;
}
const accounts = async (token: string): Promise<Account[]> => (await call(token, 'balanceInquiry')).accounts;
/** The USD payment account and the USD prepayment account of a rich demo user. */
async function pair(token: string) {
  const list = await accounts(token);
  const from = list.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
  const to = list.find((a) => a.type === 4001 && a.currencyCode === 'USD')!;
  return { from, to };
}
const balances = async (token: string, ids: number[]) => {
  const list = await accounts(token);
  return ids.map((id) => list.find((a) => a.accountId === id)!.balance);
};
const waiting = async (login: string) =>
  ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { operationId: string; transactionId: number; approveType: string; code: string }[] }).approvals;
/** The first waiting operation's code and method (what the other device shows). */
const shown = async (login: string) => {
  const [item] = await waiting(login);
  if (!item) throw new Error(`nothing waiting for ${login}`);
  return item;
};
const statusOf = (transactionId: number) => (sb.db.prepare('SELECT status FROM transactions WHERE id = ?').get(transactionId) as { status: string }).status;

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-approvals-')), 'db.sqlite'), now: () => Date.now() + shift });
});
afterAll(() => sb.close());

describe('sandbox: approval modes (001 s4)', () => {
  it('each approve-* demo user has their mode in customer info; others have none', async () => {
    for (const [user, mode] of [
      ['approve-none', 'none'],
      ['approve-push', 'push'],
      ['approve-sms', 'sms'],
      ['approve-otp', 'otp'],
      ['approve-code', 'approvalCode'],
      ['personal', 'none'],
    ] as const) {
      const info = await call(await tokenOf(`${user}@brand1.test`), 'customerInfo');
      expect(info.customer.transactionApproveMode).toBe(mode);
    }
  });

  it('permission flags (001 s3): demo users have every flag; no-transfers has none and is refused, moving nothing', async () => {
    const all = (await call(await tokenOf('approve-none@brand1.test'), 'customerInfo')).customer.permissionFlags;
    expect(all.withdrawOwn.betweenAccounts).toBe(true);
    expect(all.sendToOthers.userToUser).toBe(true);
    const token = await tokenOf('no-transfers@brand1.test');
    expect((await call(token, 'customerInfo')).customer.permissionFlags).toEqual({});
    const { from, to } = await pair(token);
    const before = await balances(token, [from.accountId, to.accountId]);
    const reply = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '1.00', requestId: 'no-flags-1' });
    expect(reply.responseCode).toBe('13');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(before);
  });

  it('mode none: the money moves at once', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const { from, to } = await pair(token);
    const reply = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '10.00', requestId: 'approval-none-1' });
    expect(reply).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed' });
    expect(await balances(token, [from.accountId, to.accountId])).not.toEqual([from.balance, to.balance]);
  });

  it('sms: nothing moves until the code; a wrong code is refused with its reason; the right one moves the money once; a repeat submit answers the same operation', async () => {
    const login = 'approve-sms@brand1.test';
    const token = await tokenOf(login);
    const { from, to } = await pair(token);
    const submit = () => call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '25.50', requestId: 'approval-sms-1' });
    const reply = await submit();
    expect(reply).toMatchObject({ responseCode: '00', approveType: 'sms', availableApprovalMethods: ['sms', 'otp', 'approvalCode'] });
    expect(reply.approvalSentTo).toMatch(/^\+40 7/);
    expect(statusOf(reply.transactionId)).toBe('processing');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual([from.balance, to.balance]);
    // The same intent again (a retry after a lost reply): the same operation, still nothing moved.
    expect(await submit()).toEqual(reply);
    expect(await waiting(login)).toHaveLength(1);

    const wrong = await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: '000000' });
    expect(wrong).toMatchObject({ responseCode: '13', responseDescription: 'The code is not right', errors: ['The code is not right'] });
    const { code } = await shown(login);
    expect(await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: code })).toMatchObject({ responseCode: '00', status: 'completed', transactionId: reply.transactionId });
    expect(statusOf(reply.transactionId)).toBe('completed');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(['12474.51', '-94.50']);
    // Confirmed once: a repeat of the confirmation (its reply lost) answers the same; another code
    // is refused as already confirmed; a repeat submit answers the same operation; nothing more moves.
    expect(await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: code })).toMatchObject({ responseCode: '00', status: 'completed', transactionId: reply.transactionId });
    expect(await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: '999999' })).toMatchObject({ responseCode: '13', responseDescription: 'This operation is already confirmed' });
    expect(await submit()).toEqual(reply);
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(['12474.51', '-94.50']);
  });

  it('a new code replaces the old one, also by another available method; push is not one of them', async () => {
    const login = 'approve-sms@brand2.test';
    const token = await tokenOf(login);
    const { from, to } = await pair(token);
    const reply = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '1.00', requestId: 'approval-resend-1' });
    const { code: firstCode } = await shown(login);
    const resent = await call(token, 'resendApprovalCode', { approveType: 'otp', operationId: reply.operationId });
    expect(resent).toMatchObject({ responseCode: '00', approveType: 'otp', operationId: reply.operationId, transactionId: reply.transactionId });
    const { code: second, approveType } = await shown(login);
    expect(approveType).toBe('otp');
    expect((await call(token, 'resendApprovalCode', { approveType: 'push', operationId: reply.operationId })).responseCode).toBe('13');
    if (second !== firstCode) expect((await call(token, 'approvePayment', { operationId: reply.operationId, approvalCode: firstCode })).responseCode).toBe('13');
    expect((await call(token, 'approvePayment', { operationId: reply.operationId, approvalCode: second })).responseCode).toBe('00');
  });

  it('three wrong codes end the operation (the transfer is rejected, nothing moves); retry transfer holds it again', async () => {
    const login = 'approve-otp@brand1.test';
    const token = await tokenOf(login);
    const { from, to } = await pair(token);
    const reply = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '5.00', requestId: 'approval-otp-1' });
    expect(reply.approveType).toBe('otp');
    expect(reply.approvalSentTo).toBeUndefined();
    for (const n of [1, 2]) expect((await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: `00000${n}` })).responseDescription).toBe('The code is not right');
    expect((await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: '000003' })).responseDescription).toBe('Too many wrong codes: the operation is cancelled');
    expect(statusOf(reply.transactionId)).toBe('rejected');
    expect(await waiting(login)).toEqual([]);
    expect(await balances(token, [from.accountId, to.accountId])).toEqual([from.balance, to.balance]);

    const retried = await call(token, 'retryTransfer', { trxid: reply.transactionId });
    expect(retried).toMatchObject({ responseCode: '00', approveType: 'otp', transactionId: reply.transactionId });
    expect(retried.operationId).not.toBe(reply.operationId);
    expect(statusOf(reply.transactionId)).toBe('processing');
    const { code } = await shown(login);
    expect((await call(token, 'approveTransfer', { trxid: reply.transactionId, approvalCode: code })).responseCode).toBe('00');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(['12495.01', '-115.00']);
    expect((await call(token, 'retryTransfer', { trxid: reply.transactionId })).responseCode).toBe('13');
  });

  it('push: approved on the other device moves the money; rejected (with a message) moves nothing; codes are not taken', async () => {
    const login = 'approve-push@brand1.test';
    const token = await tokenOf(login);
    const { from, to } = await pair(token);
    const first = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '7.00', requestId: 'approval-push-1' });
    expect(first).toMatchObject({ approveType: 'push', availableApprovalMethods: ['push', 'sms'] });
    const { code } = await shown(login);
    expect((await call(token, 'approveTransfer', { trxid: first.transactionId, approvalCode: code })).responseDescription).toBe('This operation is approved on your phone');
    expect((await post(`/__sandbox/approvals/${first.operationId}/approve`, {})).status).toBe(200);
    expect(statusOf(first.transactionId)).toBe('completed');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(['12493.01', '-113.00']);
    expect((await post(`/__sandbox/approvals/${first.operationId}/approve`, {})).status).toBe(404);

    const second = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '3.00', requestId: 'approval-push-2' });
    expect((await post(`/__sandbox/approvals/${second.operationId}/reject`, { message: 'Not me' })).status).toBe(200);
    expect(statusOf(second.transactionId)).toBe('rejected');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(['12493.01', '-113.00']);

    // By SMS instead of the push.
    const third = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '1.00', requestId: 'approval-push-3' });
    expect((await call(token, 'resendApprovalCode', { approveType: 'sms', operationId: third.operationId })).approveType).toBe('sms');
    const { code: sms } = await shown(login);
    expect((await call(token, 'approvePayment', { operationId: third.operationId, approvalCode: sms })).responseCode).toBe('00');
    expect(await balances(token, [from.accountId, to.accountId])).toEqual(['12492.01', '-112.00']);
  });

  it('resending a code keeps the wrong codes counted, at most three times; an operation expires after 15 minutes and its money comes back (issue 46)', async () => {
    const login = 'approve-sms@brand4.test';
    const token = await tokenOf(login);
    const { from, to } = await pair(token);
    const before = await balances(token, [from.accountId]);
    const held = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '3.00', requestId: 'approval-resends-1' });
    const wrong = () => call(token, 'approvePayment', { operationId: held.operationId, approvalCode: '000000' });
    const resend = () => call(token, 'resendApprovalCode', { approveType: 'sms', operationId: held.operationId });
    // Two wrong codes, a new code: the third wrong one still ends it (resending does not buy new tries).
    await wrong();
    await wrong();
    expect((await resend()).responseCode).toBe('00');
    expect(await wrong()).toMatchObject({ responseCode: '13', responseDescription: 'Too many wrong codes: the operation is cancelled' });
    expect(await balances(token, [from.accountId])).toEqual(before);

    // Three resends, not a fourth.
    const again = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '3.00', requestId: 'approval-resends-2' });
    for (let i = 0; i < 3; i += 1) expect((await call(token, 'resendApprovalCode', { approveType: 'sms', operationId: again.operationId })).responseCode).toBe('00');
    expect(await call(token, 'resendApprovalCode', { approveType: 'sms', operationId: again.operationId })).toMatchObject({
      responseCode: '13',
      responseDescription: 'The code was sent again too many times. Cancel and start the operation again.',
    });

    // Fifteen minutes and a moment later even the right code is too late: the held money is back.
    const { code } = (await waiting(login)).find((item: { operationId: string }) => item.operationId === again.operationId)!;
    shift += 15 * 60_000 + 1_000;
    try {
      const later = await tokenOf(login); // signed in again: the first access token has expired meanwhile
      expect(await call(later, 'approvePayment', { operationId: again.operationId, approvalCode: code })).toMatchObject({
        responseCode: '13',
        responseDescription: 'This operation expired after 15 minutes without confirmation. Nothing was sent: start it again.',
      });
      expect(await call(later, 'approvalStatus', { operationId: again.operationId })).toMatchObject({ approvalStatus: 'failed' });
      expect(await balances(later, [from.accountId])).toEqual(before);
    } finally {
      shift = 0;
    }

    // A push approved on the phone after 15 minutes: too late, failed with why, nothing moved.
    const pushToken = await tokenOf('approve-push@brand4.test');
    const pushPair = await pair(pushToken);
    const pushBefore = await balances(pushToken, [pushPair.from.accountId]);
    const push = await call(pushToken, 'ownAccountsTransfer', { fromAccount: pushPair.from.accountId, toAccount: pushPair.to.accountId, toAmount: '1.00', requestId: 'approval-expired-push-1' });
    shift += 15 * 60_000 + 1_000;
    try {
      await post(`/__sandbox/approvals/${push.operationId}/approve`, {});
      const later = await tokenOf('approve-push@brand4.test');
      expect(await call(later, 'approvalStatus', { operationId: push.operationId })).toMatchObject({
        approvalStatus: 'failed',
        reason: 'This operation expired after 15 minutes without confirmation. Nothing was sent: start it again.',
      });
      expect(await balances(later, [pushPair.from.accountId])).toEqual(pushBefore);
    } finally {
      shift = 0;
    }
  });

  it('approvalStatus says where an operation stands: waiting with the attempts left, approved, failed with why, rejected with the message; a repeat of the ending confirmation answers the same', async () => {
    const login = 'approve-sms@brand3.test';
    const token = await tokenOf(login);
    const { from, to } = await pair(token);
    const status = (operationId: string) => call(token, 'approvalStatus', { operationId });
    const held = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '2.00', requestId: 'approval-status-1' });
    expect(await status(held.operationId)).toMatchObject({ responseCode: '00', approvalStatus: 'waiting', approveType: 'sms', attemptsLeft: 3, operationId: held.operationId, transactionId: held.transactionId });
    await call(token, 'approvePayment', { operationId: held.operationId, approvalCode: '000000' });
    expect((await status(held.operationId)).attemptsLeft).toBe(2);
    // A resend whose reply was lost: the status tells the method the code went by; the wrong code still counts (issue 46).
    await call(token, 'resendApprovalCode', { approveType: 'approvalCode', operationId: held.operationId });
    expect(await status(held.operationId)).toMatchObject({ approvalStatus: 'waiting', approveType: 'approvalCode', attemptsLeft: 2 });
    const { code } = await shown(login);
    // The codes that are sent are in the outbox: by SMS first, then by e-mail to the login.
    const outbox = ((await (await fetch(`${sb.url}/__sandbox/outbox?login=${encodeURIComponent(login)}`)).json()) as { messages: { to: string; subject: string; code: string | null }[] }).messages;
    expect(outbox.find((m) => m.subject === 'Your approval code')).toMatchObject({ to: login, code });
    expect(outbox.some((m) => m.subject === 'SMS: your approval code' && m.to.startsWith('+40 7'))).toBe(true);
    const first = await call(token, 'approvePayment', { operationId: held.operationId, approvalCode: code });
    expect(first).toMatchObject({ responseCode: '00', status: 'completed' });
    const moved = await balances(token, [from.accountId]);
    expect(await status(held.operationId)).toMatchObject({ approvalStatus: 'approved' });
    expect((await status(held.operationId)).attemptsLeft).toBeUndefined();
    expect(await call(token, 'approvePayment', { operationId: held.operationId, approvalCode: code })).toEqual(first);
    expect(await balances(token, [from.accountId])).toEqual(moved);

    // Three wrong codes: failed, with why; a repeat of the third answers the same.
    const second = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '2.00', requestId: 'approval-status-2' });
    for (const wrong of ['000001', '000002']) await call(token, 'approvePayment', { operationId: second.operationId, approvalCode: wrong });
    const third = await call(token, 'approvePayment', { operationId: second.operationId, approvalCode: '000003' });
    expect(third.responseDescription).toBe('Too many wrong codes: the operation is cancelled');
    expect(await status(second.operationId)).toMatchObject({ approvalStatus: 'failed', reason: 'Too many wrong codes: the operation is cancelled' });
    expect(await call(token, 'approvePayment', { operationId: second.operationId, approvalCode: '000003' })).toEqual(third);
    expect((await call(token, 'approvePayment', { operationId: second.operationId, approvalCode: '000004' })).responseDescription).toBe('There is nothing waiting for a code');

    // A push rejected on the other device: rejected, with its message.
    const pushToken = await tokenOf('approve-push@brand3.test');
    const pushPair = await pair(pushToken);
    const push = await call(pushToken, 'ownAccountsTransfer', { fromAccount: pushPair.from.accountId, toAccount: pushPair.to.accountId, toAmount: '1.00', requestId: 'approval-status-3' });
    expect(await call(pushToken, 'approvalStatus', { operationId: push.operationId })).toMatchObject({ approvalStatus: 'waiting', approveType: 'push' });
    expect((await call(pushToken, 'approvalStatus', { operationId: push.operationId })).attemptsLeft).toBeUndefined();
    await post(`/__sandbox/approvals/${push.operationId}/reject`, { message: 'Not me' });
    expect(await call(pushToken, 'approvalStatus', { operationId: push.operationId })).toMatchObject({ approvalStatus: 'rejected', reason: 'Not me' });

    // Someone else's operation, or none: refused, nothing told.
    expect(await status(push.operationId)).toMatchObject({ responseCode: '13', responseDescription: 'There is no such operation' });
  });

  it('another customer cannot confirm, resend or retry someone else’s operation', async () => {
    const token = await tokenOf('approve-code@brand1.test');
    const { from, to } = await pair(token);
    const reply = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '2.00', requestId: 'approval-code-1' });
    expect(reply.approvalSentTo).toMatch(/^a•••@brand1\.test$/);
    const { code } = await shown('approve-code@brand1.test');
    const other = await tokenOf('approve-code@brand2.test');
    expect((await call(other, 'approveTransfer', { trxid: reply.transactionId, approvalCode: code })).responseCode).toBe('13');
    expect((await call(other, 'approvePayment', { operationId: reply.operationId, approvalCode: code })).responseCode).toBe('13');
    expect((await call(other, 'resendApprovalCode', { approveType: 'sms', operationId: reply.operationId })).responseCode).toBe('13');
    expect(statusOf(reply.transactionId)).toBe('processing');
  });
});

describe('sandbox: transfers between own accounts (001 s5, s7)', () => {
  it('the exchange rate: 1 between equal currencies, the sandbox rate otherwise', async () => {
    const token = await tokenOf('approve-none@brand2.test');
    expect((await call(token, 'transferExchangeRate', { fromCurrencyCode: 'USD', toCurrencyCode: 'USD' })).rate).toBe('1');
    expect((await call(token, 'transferExchangeRate', { fromCurrencyCode: 'EUR', toCurrencyCode: 'USD' })).rate).toBe('1.08');
  });

  it('a change of currency: the typed side exactly, the other at the rate (what arrives rounded down), a 0.5 % fee from the source', async () => {
    const token = await tokenOf('approve-none@brand3.test');
    const list = await accounts(token);
    const usd = list.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const eur = list.find((a) => a.type === 1001 && a.currencyCode === 'EUR')!;
    expect(await call(token, 'ownAccountsFee', { amount: '100.00', fromAccountId: eur.accountId, toAccountId: usd.accountId })).toMatchObject({ fee: '0.50', currencyCode: 'EUR' });
    // 100.00 EUR typed in EUR → 108.00 USD arrive; 100.50 EUR leave.
    const sent = await call(token, 'ownAccountsTransfer', { fromAccount: eur.accountId, toAccount: usd.accountId, toAmount: '100.00', currency: 'EUR', requestId: 'fx-eur-usd-1' });
    expect(sent).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed' });
    expect(await balances(token, [eur.accountId, usd.accountId])).toEqual([subtractText(eur.balance, '100.50'), addText(usd.balance, '108.00')]);
    // 50.00 USD typed in the destination's currency → 46.30 EUR leave (50 / 1.08 = 46.296…, rounded up).
    await call(token, 'ownAccountsTransfer', { fromAccount: eur.accountId, toAccount: usd.accountId, toAmount: '50.00', currency: 'USD', requestId: 'fx-eur-usd-2' });
    expect(await balances(token, [eur.accountId])).toEqual([subtractText(subtractText(eur.balance, '100.50'), '46.54')]);
  });

  it('the largest amount follows the per-transfer cap and the balance; limits show what is used; more than allowed is refused', async () => {
    const token = await tokenOf('approve-none@brand4.test');
    const { from, to } = await pair(token);
    const max = await call(token, 'transactionMaxAmount', { fromAccountId: from.accountId, toAccountId: to.accountId, operation: 'betweenAccounts', currencyCode: 'USD' });
    expect(max).toMatchObject({ responseCode: '00', minAmount: '0.01', amount: '10000.00', type: 'betweenAccounts' });
    // What was sent before this month (the seeded activity) counts too: the transfer adds its amount.
    const usedBefore = (await call(token, 'customerLimits', { type: 'betweenAccounts', fromAccountId: from.accountId, currencyCode: 'USD' })).limits.map((l: { used: string }) => cents(l.used));
    await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '250.00', requestId: 'limit-used-1' });
    const limits = await call(token, 'customerLimits', { type: 'betweenAccounts', fromAccountId: from.accountId, currencyCode: 'USD' });
    expect(limits.limits.map((l: { period: string; amount: string; currencyCode: string }) => [l.period, l.amount, l.currencyCode])).toEqual([
      ['daily', '20000.00', 'USD'],
      ['monthly', '100000.00', 'USD'],
    ]);
    expect(limits.limits.map((l: { used: string }, i: number) => cents(l.used) - usedBefore[i])).toEqual([25000n, 25000n]);
    const over = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '10000.01', requestId: 'limit-over-1' });
    expect(over.validationErrors).toEqual([{ param: 'toAmount', description: 'The largest amount is 10000.00 USD' }]);
    const under = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '0.00', requestId: 'limit-under-1' });
    expect(under.validationErrors).toEqual([{ param: 'toAmount', description: 'Enter an amount above zero' }]);
  });

  it('the largest amount leaves room for the fee it costs: a change of currency (0.5 %), a SEPA wire (1.00), the same currency (none)', async () => {
    const token = await tokenOf('approve-none@brand6.test');
    const list = await accounts(token);
    const eur = list.find((a) => a.type === 1001 && a.currencyCode === 'EUR')!;
    const usd = list.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const eurPrepayment = list.find((a) => a.type === 4001 && a.currencyCode === 'EUR');
    sb.db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run('100.00', eur.accountId);
    const max = (body: Record<string, unknown>) => call(token, 'transactionMaxAmount', { fromAccountId: eur.accountId, ...body });
    // 99.50 + 0.50 (0.5 %, rounded up) = 100.00; 99.51 would cost 100.01.
    expect(await max({ toAccountId: usd.accountId, operation: 'betweenAccounts' })).toMatchObject({ amount: '99.50' });
    expect(await max({ operation: 'wire', countryCode: 'DE', currencyCode: 'EUR' })).toMatchObject({ amount: '99.00' });
    if (eurPrepayment) expect(await max({ toAccountId: eurPrepayment.accountId, operation: 'betweenAccounts' })).toMatchObject({ amount: '100.00' });
    // What it says can be sent is sent; a cent more is refused.
    expect((await call(token, 'ownAccountsTransfer', { fromAccount: eur.accountId, toAccount: usd.accountId, toAmount: '99.51', currency: 'EUR', requestId: 'max-fee-over' })).responseCode).toBe('VF');
    expect((await call(token, 'ownAccountsTransfer', { fromAccount: eur.accountId, toAccount: usd.accountId, toAmount: '99.50', currency: 'EUR', requestId: 'max-fee-exact' })).responseCode).toBe('00');
    expect(await balances(token, [eur.accountId])).toEqual(['0.00']);
  });

  it('recurring options are kept as the customer’s subscription', async () => {
    const token = await tokenOf('approve-none@brand5.test');
    const { from, to } = await pair(token);
    await call(token, 'ownAccountsTransfer', {
      fromAccount: from.accountId,
      toAccount: to.accountId,
      toAmount: '20.00',
      reference: 'savings',
      subscriptionFrequency: 'monthly',
      subscriptionTransactions: 6,
      subscriptionUserCancel: true,
      requestId: 'recurring-1',
    });
    const row = sb.db.prepare("SELECT kind, amount, currency, frequency, end_date, transactions, user_cancel, reference, status FROM subscriptions WHERE reference = 'savings'").get();
    expect(row).toEqual({ kind: 'ownTransfer', amount: '20.00', currency: 'USD', frequency: 'monthly', end_date: null, transactions: 6, user_cancel: 1, reference: 'savings', status: 'active' });
  });
});

/** Decimal text arithmetic for expectations (two decimals, no float). */
function cents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const n = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return text.startsWith('-') ? -n : n;
}
function text(value: bigint): string {
  const negative = value < 0n;
  const v = negative ? -value : value;
  return `${negative ? '-' : ''}${v / 100n}.${String(v % 100n).padStart(2, '0')}`;
}
const addText = (a: string, b: string) => text(cents(a) + cents(b));
const subtractText = (a: string, b: string) => text(cents(a) - cents(b));
