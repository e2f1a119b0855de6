// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { hasMoreSubscribers, IDENTITY_STATUSES, matchesIdentityFilters, NO_IDENTITY_FILTERS, REPUTATION_EVENTS, SUBSCRIBER_PAGE_SIZE } from '../../machines/merchant/merchant-checks.rules';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { FULL_ACCESS_ONLY, NO_MERCHANT_ACCESS } from '../../sandbox/handlers/merchant.ts';
import { CHOOSE_OPEN_ACCOUNT, feeNotCovered, INVALID_EMAIL, NO_CRYPTO_FEE, NO_SUCH_SUBSCRIPTION, NOT_ACTIVE } from '../../sandbox/handlers/merchant-checks.ts';
import { IDENTITY_FEES, OTHER_FIAT_FEE } from '../../sandbox/merchant-checks-store.ts';
import { MERCHANT_IDENTITY_CHECK_COUNT, MERCHANT_SUBSCRIPTION_COUNT, REPUTATION_DEMO } from '../../sandbox/seed-merchant-checks.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { mainWire, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * Merchant tools, 2 of 2 (issue 56, sandbox/handlers/merchant-checks.ts,
 * sandbox/merchant-checks-store.ts, sandbox/seed-merchant-checks.ts): merchant@'s 120 subscribers
 * in pages of 50 and their installments; cancelling (full access only, once per requestId, only an
 * active one); the identity check fee by the account's currency and the check charged exactly once;
 * the checks' filters; the reputation look-up (trimmed, any case, everybody's); who reads (any
 * merchant level but none) and who writes; the texts in the request's language; the sign-in state
 * restoring the seed. Bodies go as the app writes them (mainWire).
 */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const MINUTE = 60_000;
/** The sandbox's clock: it only moves forward. */
let clock = Date.parse('2026-12-01T09:00:00Z');

let sb: Sandbox;
let requestCount = 0;
const requestId = (tag = 'checks') => `${tag}-${String((requestCount += 1)).padStart(6, '0')}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

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

/** A main-service call as the app writes it: its status and body. */
async function main(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await post(`/main/?method=${method}`, mainWire(method, body), { Authorization: `Bearer ${await tokenOf(login)}`, ...headers });
  return { status: res.status, body: (await res.json()) as any };
}
/** A call that must answer 200: its body. */
async function call(login: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<any> {
  const reply = await main(login, method, body, headers);
  if (reply.status !== 200) throw new Error(`${method} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const idOf = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const refusal = (text: string, code = 'UE') => ({ responseCode: code, responseDescription: text });
const DENIED = refusal('You cannot act for this customer', 'ENOA');
const CLOSED = refusal(NO_MERCHANT_ACCESS, 'ENOA');
const FORBIDDEN = { status: 403, body: { message: FULL_ACCESS_ONLY } };
const OK = { responseCode: '00' };
const vfOf = (reply: any) => (reply.validationErrors as { param: string; description: string }[]).map((e) => [e.param, e.description]);

const MERCHANT = 'merchant@brand1.test';
/** Another brand's merchant@: its seeded checks are never added to here, so their counts stay. */
const MERCHANT2 = 'merchant@brand2.test';
const NEW = 'merchant-new@brand1.test';
const VIEWER = 'merchant-viewer@brand1.test';
const STAFF = 'merchant-staff@brand1.test';
const OUTSIDER = 'company-b-user@brand1.test';
const ADMIN = 'admin@brand1.test';
const BUSINESS = 'business@brand1.test';
const forMerchant = () => ({ fromCustomerId: idOf(MERCHANT) });

interface AccountRow {
  id: number;
  currency: string;
  balance: string;
  type: number;
  status_id: number;
}
const accountsOf = (login: string) => sb.db.prepare('SELECT id, currency, balance, type, status_id FROM accounts WHERE customer_id = ? ORDER BY id').all(idOf(login)) as unknown as AccountRow[];
const paymentAccount = (login: string, currency: string) => accountsOf(login).find((a) => a.type === 1001 && a.status_id !== 11 && a.currency === currency)!;
const balanceOf = (id: number) => (sb.db.prepare('SELECT balance FROM accounts WHERE id = ?').get(id) as { balance: string }).balance;
/** An account added to a customer for a test (a currency or a state the seed does not give them). */
function addAccount(login: string, currency: string, balance: string, fields: { type?: number; status?: number } = {}): number {
  const { next } = sb.db.prepare('SELECT MAX(id) + 1 AS next FROM accounts').get() as { next: number };
  sb.db.prepare('INSERT INTO accounts (id, customer_id, type, status_id, currency, balance) VALUES (?, ?, ?, ?, ?, ?)').run(next, idOf(login), fields.type ?? 1001, fields.status ?? 1, currency, balance);
  return next;
}

/** Every subscription of the customer, page by page. */
async function allSubscriptions(login: string, acting: Record<string, unknown> = {}): Promise<any[]> {
  const out: any[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const reply = await call(login, 'subscriberList', { pageNumber, pageSize: SUBSCRIBER_PAGE_SIZE, ...acting });
    out.push(...reply.subscriptions);
    if (!hasMoreSubscribers(SUBSCRIBER_PAGE_SIZE, pageNumber, reply.total)) return out;
  }
}
const installments = async (login: string, subscriptionId: number, acting: Record<string, unknown> = {}) => (await call(login, 'installmentList', { subscriptionId, ...acting })).installments as any[];
const checks = async (login: string, filters: Record<string, unknown> = {}) => call(login, 'identityVerificationList', { pageNumber: 1, pageSize: 1000, ...filters });
const reputation = async (login: string, email: string, extra: Record<string, unknown> = {}) => call(login, 'reputationList', { type: 'reputation', email, pageNumber: 1, pageSize: 100, ...extra });
const person = (extra: Record<string, unknown> = {}) => ({ firstName: 'Ana', lastName: 'Test', email: 'ana.test@example.com', countryCode: 'PT', reference: 'ORDER-1', requestId: requestId('check'), ...extra });
const restore = async (login: string) => {
  expect((await post('/__sandbox/sign-in-state', { userLogin: login })).status).toBe(200);
  tokens.delete(login);
};
const feeRows = (accountId: number) =>
  sb.db.prepare("SELECT amount, currency, counterparty, status FROM transactions WHERE account_id = ? AND type = 'fee' AND counterparty LIKE 'Identity verification:%' ORDER BY id").all(accountId);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-merchant-checks-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 30 * 86_400 });
});
afterAll(() => sb.close());

describe('the seed (issue 56)', () => {
  it('merchant@ in every brand: 120 subscribers (96 active, 12 cancelled, 12 completed), 25 checks (five in each status); merchant-new@ nothing', () => {
    for (const brand of ['brand1', 'brand6']) {
      const id = idOf(`merchant@${brand}.test`);
      expect(sb.db.prepare('SELECT status, COUNT(*) AS n FROM merchant_subscriptions WHERE customer_id = ? GROUP BY status ORDER BY status').all(id)).toEqual([
        { status: 'active', n: 96 },
        { status: 'cancelled', n: 12 },
        { status: 'completed', n: 12 },
      ]);
      expect(sb.db.prepare('SELECT status, COUNT(*) AS n FROM merchant_identity_checks WHERE customer_id = ? GROUP BY status ORDER BY status').all(id)).toEqual(
        [...IDENTITY_STATUSES].sort().map((status) => ({ status, n: 5 })),
      );
      const newId = idOf(`merchant-new@${brand}.test`);
      expect(sb.db.prepare('SELECT COUNT(*) AS n FROM merchant_subscriptions WHERE customer_id = ?').get(newId)).toEqual({ n: 0 });
      expect(sb.db.prepare('SELECT COUNT(*) AS n FROM merchant_identity_checks WHERE customer_id = ?').get(newId)).toEqual({ n: 0 });
    }
    expect(MERCHANT_SUBSCRIPTION_COUNT).toBe(120);
    expect(MERCHANT_IDENTITY_CHECK_COUNT).toBe(25);
  });

  it('every subscription agrees with its installments: paid count and exact sum, the next scheduled day, 1 to 12 of them, states by status', async () => {
    const all = await allSubscriptions(MERCHANT2);
    expect(all).toHaveLength(120);
    const currencies = new Set(all.map((s) => s.currencyCode));
    expect([...currencies].sort()).toEqual(['EUR', 'RON', 'USD']);
    expect(new Set(all.map((s) => s.frequency))).toEqual(new Set(['weekly', 'monthly', 'yearly']));
    const now = new Date(clock).toISOString();
    for (const s of all) {
      const list = await installments(MERCHANT2, s.subscriptionId);
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(12);
      expect(list.map((i) => i.number)).toEqual(list.map((_, i) => i + 1));
      const paid = list.filter((i) => i.status === 'paid');
      expect(s.installmentsPaid).toBe(paid.length);
      expect(s.paidTotal).toBe(paid.reduce((sum, i) => sum.plus(i.amount), new Big(0)).toFixed(2));
      for (const i of list) {
        expect([i.amount, i.currencyCode]).toEqual([s.amount, s.currencyCode]);
        expect(i.paidAt === null).toBe(i.status !== 'paid');
        if (i.paidAt) expect(i.paidAt < now).toBe(true);
      }
      const next = list.find((i) => i.status === 'scheduled');
      expect(s.nextPaymentAt).toBe(next ? `${next.dueDate}T00:00:00.000Z` : null);
      expect(s.startedAt < now).toBe(true);
      if (s.installmentsTotal !== null) expect(list).toHaveLength(s.installmentsTotal);
      if (s.status === 'active') {
        expect(next!.dueDate > now.slice(0, 10)).toBe(true);
        expect(list.some((i) => i.status === 'cancelled')).toBe(false);
        expect(s.cancelledAt).toBeNull();
      } else if (s.status === 'completed') {
        expect(list.every((i) => i.status === 'paid')).toBe(true);
        expect(s.installmentsPaid).toBe(s.installmentsTotal);
        expect(s.cancelledAt).toBeNull();
      } else {
        expect(list.some((i) => i.status === 'scheduled')).toBe(false);
        expect(list.filter((i) => i.status === 'cancelled').length).toBeGreaterThan(0);
        expect(s.cancelledAt < now).toBe(true);
        expect(s.startedAt < s.cancelledAt).toBe(true);
      }
    }
    // Some of every installment state, some running until cancelled.
    const states = new Set((await Promise.all(all.map((s) => installments(MERCHANT2, s.subscriptionId)))).flat().map((i) => i.status));
    expect(states).toEqual(new Set(['paid', 'failed', 'scheduled', 'cancelled']));
    expect(all.some((s) => s.installmentsTotal === null)).toBe(true);
  });

  it('the checks’ fees are the table’s for their accounts’ currencies', async () => {
    const { verifications } = await checks(MERCHANT2);
    const accounts = new Map(accountsOf(MERCHANT2).map((a) => [a.id, a.currency]));
    for (const v of verifications) {
      expect(v.fee).toEqual({ accountId: v.accountId, amount: IDENTITY_FEES[accounts.get(v.accountId)!], currencyCode: accounts.get(v.accountId) });
      expect(v.updatedAt >= v.createdAt).toBe(true);
    }
    expect(new Set(verifications.map((v: any) => v.fee.currencyCode))).toEqual(new Set(['EUR', 'RON', 'USD']));
  });
});

describe('subscribers (issue 56)', () => {
  it('120 in pages of 50: 50, 50, 20, total 120 on each; newest first; no one twice', async () => {
    const pages = [];
    for (const pageNumber of [1, 2, 3]) pages.push(await call(MERCHANT, 'subscriberList', { pageNumber, pageSize: 50 }));
    expect(pages.map((p) => [p.total, p.subscriptions.length])).toEqual([
      [120, 50],
      [120, 50],
      [120, 20],
    ]);
    expect(hasMoreSubscribers(50, 2, 120)).toBe(true);
    expect(hasMoreSubscribers(50, 3, 120)).toBe(false);
    const all = pages.flatMap((p) => p.subscriptions);
    expect(new Set(all.map((s) => s.subscriptionId)).size).toBe(120);
    const started = all.map((s) => s.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    // Without paging fields: the first 50.
    expect(await call(MERCHANT, 'subscriberList')).toEqual(pages[0]);
  });

  it('one subscription’s installments in order; another customer’s: UE', async () => {
    const all = await allSubscriptions(MERCHANT);
    const one = all.find((s) => s.status === 'active' && s.installmentsPaid >= 2 && s.installmentsTotal !== null && s.installmentsTotal > s.installmentsPaid + 1)!;
    const list = await installments(MERCHANT, one.subscriptionId);
    expect(list.map((i) => i.number)).toEqual(list.map((_, i) => i + 1));
    expect(list.map((i) => i.dueDate)).toEqual([...list.map((i) => i.dueDate)].sort());
    expect(Object.keys(list[0]).sort()).toEqual(['amount', 'currencyCode', 'dueDate', 'id', 'number', 'paidAt', 'status']);
    expect(await call(NEW, 'installmentList', { subscriptionId: one.subscriptionId })).toEqual(refusal(NO_SUCH_SUBSCRIPTION));
    expect(await call(MERCHANT, 'installmentList', { subscriptionId: 999_999_999 })).toEqual(refusal(NO_SUCH_SUBSCRIPTION));
  });

  it('cancel: 403 for merchant-viewer@ (level 1); done by merchant@ (scheduled → cancelled, paid stay paid); the same requestId answers the same and changes nothing; again with a new one: UE', async () => {
    const all = await allSubscriptions(MERCHANT);
    const one = all.find((s) => s.status === 'active' && s.installmentsPaid >= 1 && s.installmentsTotal !== null && s.installmentsTotal - s.installmentsPaid >= 2)!;
    const before = await installments(MERCHANT, one.subscriptionId);
    const id = requestId('cancel');

    expect(await main(VIEWER, 'subscriberCancel', { subscriptionId: one.subscriptionId, requestId: id, ...forMerchant() })).toEqual(FORBIDDEN);
    expect(await installments(MERCHANT, one.subscriptionId)).toEqual(before);

    clock += MINUTE;
    const cancelledAt = new Date(clock).toISOString();
    const reply = await call(MERCHANT, 'subscriberCancel', { subscriptionId: one.subscriptionId, requestId: id });
    expect(reply).toEqual({ ...OK, subscription: { ...one, status: 'cancelled', cancelledAt, nextPaymentAt: null } });
    const after = await installments(MERCHANT, one.subscriptionId);
    expect(after).toEqual(before.map((i) => (i.status === 'scheduled' ? { ...i, status: 'cancelled' } : i)));
    expect(after.filter((i) => i.status === 'paid')).toEqual(before.filter((i) => i.status === 'paid'));

    // The same request again: the first reply, nothing done again (the time is the first one's).
    clock += MINUTE;
    expect(await call(MERCHANT, 'subscriberCancel', { subscriptionId: one.subscriptionId, requestId: id })).toEqual(reply);
    expect(sb.db.prepare('SELECT cancelled_at FROM merchant_subscriptions WHERE id = ?').get(one.subscriptionId)).toEqual({ cancelled_at: cancelledAt });
    // The same requestId for another subscription: 422, nothing done.
    const other = all.find((s) => s.status === 'active' && s.subscriptionId !== one.subscriptionId)!;
    const reused = await main(MERCHANT, 'subscriberCancel', { subscriptionId: other.subscriptionId, requestId: id });
    expect({ status: reused.status, message: reused.body.message }).toEqual({ status: REUSED_WITH_OTHER_DETAILS.status, message: REUSED_WITH_OTHER_DETAILS.message });
    expect((await allSubscriptions(MERCHANT)).find((s) => s.subscriptionId === other.subscriptionId).status).toBe('active');

    // A new request to cancel it again: not active.
    expect(await call(MERCHANT, 'subscriberCancel', { subscriptionId: one.subscriptionId, requestId: requestId('cancel') })).toEqual(refusal(NOT_ACTIVE));
    const completed = all.find((s) => s.status === 'completed')!;
    expect(await call(MERCHANT, 'subscriberCancel', { subscriptionId: completed.subscriptionId, requestId: requestId('cancel') })).toEqual(refusal(NOT_ACTIVE));
    // Another customer's: none such.
    expect(await call(NEW, 'subscriberCancel', { subscriptionId: other.subscriptionId, requestId: requestId('cancel') })).toEqual(refusal(NO_SUCH_SUBSCRIPTION));
    // The list says so, and the total is the same.
    const listed = (await allSubscriptions(MERCHANT)).find((s) => s.subscriptionId === one.subscriptionId);
    expect(listed).toEqual(reply.subscription);
  });

  it('merchant-staff@ (level 2) cancels for the company; one running until cancelled keeps its paid total', async () => {
    const all = await allSubscriptions(MERCHANT);
    const open = all.find((s) => s.status === 'active' && s.installmentsTotal === null && s.installmentsPaid >= 1)!;
    const reply = await call(STAFF, 'subscriberCancel', { subscriptionId: open.subscriptionId, requestId: requestId('cancel'), ...forMerchant() });
    expect(reply.subscription).toMatchObject({ status: 'cancelled', nextPaymentAt: null, installmentsPaid: open.installmentsPaid, paidTotal: open.paidTotal, installmentsTotal: null });
  });
});

describe('the identity check fee (issue 56)', () => {
  it('by the account’s currency: USD 2.90, EUR 2.50, RON 12.00, GBP 2.20, CHF 2.70, any other 3.00', async () => {
    for (const [currency, amount] of [
      ['USD', '2.90'],
      ['EUR', '2.50'],
      ['RON', '12.00'],
    ] as const) {
      const accountId = paymentAccount(MERCHANT, currency).id;
      expect(await call(MERCHANT, 'identityFee', { accountId })).toEqual({ ...OK, fee: { accountId, amount, currencyCode: currency } });
    }
    const owner = 'merchant-new@brand3.test';
    for (const [currency, amount] of [
      ['GBP', '2.20'],
      ['CHF', '2.70'],
      ['CAD', OTHER_FIAT_FEE],
      ['JPY', '3.00'],
    ] as const) {
      const accountId = addAccount(owner, currency, '100.00');
      expect(await call(owner, 'identityFee', { accountId })).toEqual({ ...OK, fee: { accountId, amount, currencyCode: currency } });
    }
    // merchant-viewer@ reads it for the company.
    const eur = paymentAccount(MERCHANT, 'EUR').id;
    expect((await call(VIEWER, 'identityFee', { accountId: eur, ...forMerchant() })).fee).toEqual({ accountId: eur, amount: '2.50', currencyCode: 'EUR' });
  });

  it('refused (UE) for a closed account, an account that is not a payment account, another customer’s; a crypto account pays none', async () => {
    const owner = 'merchant-new@brand3.test';
    const closed = addAccount(owner, 'EUR', '50.00', { status: 11 });
    expect(await call(owner, 'identityFee', { accountId: closed })).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
    const personal = accountsOf('personal@brand1.test');
    const prepayment = personal.find((a) => a.type === 4001)!;
    expect(await call('personal@brand1.test', 'identityFee', { accountId: prepayment.id })).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
    expect(await call(MERCHANT, 'identityFee', { accountId: paymentAccount('personal@brand1.test', 'USD').id })).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
    expect(await call(MERCHANT, 'identityFee', { accountId: 1 })).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
    const usdt = paymentAccount('personal@brand1.test', 'USDT');
    expect(await call('personal@brand1.test', 'identityFee', { accountId: usdt.id })).toEqual(refusal(NO_CRYPTO_FEE));
  });
});

describe('identity verification checks (issue 56)', () => {
  it('every field’s problem is a VF on the field, together; nothing kept, nothing charged', async () => {
    const eur = paymentAccount(MERCHANT, 'EUR');
    const balance = balanceOf(eur.id);
    const { total } = await checks(MERCHANT);
    const reply = await call(MERCHANT, 'identityVerificationCreate', person({ accountId: eur.id, firstName: '  ', lastName: ' ', email: 'not-an-email', countryCode: 'XX' }));
    expect(reply.responseCode).toBe('VF');
    expect(vfOf(reply)).toEqual([
      ['firstName', 'Enter the first name'],
      ['lastName', 'Enter the last name'],
      ['email', 'Enter a valid e-mail address'],
      ['countryCode', 'Choose a country from the list'],
    ]);
    expect(vfOf(await call(MERCHANT, 'identityVerificationCreate', person({ accountId: eur.id, email: '   ' })))).toEqual([['email', 'Enter an e-mail address']]);
    // The fields come first; then the account.
    expect(vfOf(await call(MERCHANT, 'identityVerificationCreate', person({ accountId: 1, firstName: ' ' })))).toEqual([['firstName', 'Enter the first name']]);
    expect(await call(MERCHANT, 'identityVerificationCreate', person({ accountId: 1 }))).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
    expect(await call(MERCHANT, 'identityVerificationCreate', person({ accountId: paymentAccount('personal@brand1.test', 'USD').id }))).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
    expect(balanceOf(eur.id)).toBe(balance);
    expect((await checks(MERCHANT)).total).toBe(total);
  });

  it('a check is kept invited and its fee charged exactly once; the same requestId answers the first reply and charges nothing again', async () => {
    const eur = paymentAccount(MERCHANT, 'EUR');
    const before = balanceOf(eur.id);
    const fees = feeRows(eur.id).length;
    const { total } = await checks(MERCHANT);
    clock += MINUTE;
    const createdAt = new Date(clock).toISOString();
    const body = person({ accountId: eur.id, firstName: ' Ana ', lastName: 'Test ', email: ' ana.test@example.com ', reference: ' ORDER-1 ' });
    const reply = await call(MERCHANT, 'identityVerificationCreate', body);
    expect(reply).toEqual({
      ...OK,
      verification: {
        id: expect.any(Number),
        firstName: 'Ana',
        lastName: 'Test',
        email: 'ana.test@example.com',
        countryCode: 'PT',
        reference: 'ORDER-1',
        status: 'invited',
        accountId: eur.id,
        fee: { accountId: eur.id, amount: '2.50', currencyCode: 'EUR' },
        createdAt,
        updatedAt: createdAt,
      },
    });
    const after = new Big(before).minus('2.50').toFixed(2);
    expect(balanceOf(eur.id)).toBe(after);
    expect(feeRows(eur.id).slice(fees)).toEqual([{ amount: '-2.50', currency: 'EUR', counterparty: 'Identity verification: Ana Test', status: 'completed' }]);

    clock += MINUTE;
    expect(await call(MERCHANT, 'identityVerificationCreate', body)).toEqual(reply);
    expect(balanceOf(eur.id)).toBe(after);
    expect(feeRows(eur.id)).toHaveLength(fees + 1);
    const list = await checks(MERCHANT);
    expect(list.total).toBe(total + 1);
    expect(list.verifications[0]).toEqual(reply.verification);
    // Without a reference: null.
    const bare = await call(MERCHANT, 'identityVerificationCreate', person({ accountId: paymentAccount(MERCHANT, 'RON').id, reference: null }));
    expect(bare.verification).toMatchObject({ reference: null, fee: { amount: '12.00', currencyCode: 'RON' } });
  });

  it('merchant-viewer@ (level 1): 403, nothing charged; merchant-staff@ (level 2) creates for the company', async () => {
    const usd = paymentAccount(MERCHANT, 'USD');
    const before = balanceOf(usd.id);
    expect(await main(VIEWER, 'identityVerificationCreate', { ...person({ accountId: usd.id }), ...forMerchant() })).toEqual(FORBIDDEN);
    expect(balanceOf(usd.id)).toBe(before);
    const reply = await call(STAFF, 'identityVerificationCreate', { ...person({ accountId: usd.id, firstName: 'Staff' }), ...forMerchant() });
    expect(reply.verification.fee).toEqual({ accountId: usd.id, amount: '2.90', currencyCode: 'USD' });
    expect(balanceOf(usd.id)).toBe(new Big(before).minus('2.90').toFixed(2));
  });

  it('a balance below the fee: UE with the fee; exactly the fee: paid, 0.00 left', async () => {
    const owner = 'merchant-new@brand4.test';
    const low = addAccount(owner, 'EUR', '2.49');
    expect(await call(owner, 'identityVerificationCreate', person({ accountId: low }))).toEqual(refusal(feeNotCovered('2.50', 'EUR')));
    expect(feeNotCovered('2.50', 'EUR')).toBe('The balance does not cover the fee of 2.50 EUR');
    expect(balanceOf(low)).toBe('2.49');
    expect((await checks(owner)).total).toBe(0);
    const exact = addAccount(owner, 'RON', '12.00');
    expect((await call(owner, 'identityVerificationCreate', person({ accountId: exact }))).responseCode).toBe('00');
    expect(balanceOf(exact)).toBe('0.00');
    // In the request's language, the amount and currency kept.
    const ro = await call(owner, 'identityVerificationCreate', person({ accountId: low }), { 'Accept-Language': 'ro' });
    expect(ro).toEqual(refusal('Soldul nu acoperă comisionul de 2.50 EUR'));
    expect(await call(owner, 'identityVerificationCreate', person({ accountId: addAccount(owner, 'EUR', '9.00', { status: 11 }) }))).toEqual(refusal(CHOOSE_OPEN_ACCOUNT));
  });

  it('the list’s filters: status, a part of the e-mail (any case), the days inclusive; empty values ignored; newest first; pages', async () => {
    const all = (await checks(MERCHANT2)).verifications as any[];
    expect(all).toHaveLength(25);
    const created = all.map((v) => v.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const expected = (filters: Partial<typeof NO_IDENTITY_FILTERS>) => all.filter((v) => matchesIdentityFilters(v, { ...NO_IDENTITY_FILTERS, ...filters }));

    for (const status of IDENTITY_STATUSES) {
      const reply = await checks(MERCHANT2, { status });
      expect(reply.total).toBe(5);
      expect(reply.verifications.every((v: any) => v.status === status)).toBe(true);
    }
    const byEmail = await checks(MERCHANT2, { email: 'POPESCU' });
    expect(byEmail.verifications).toEqual(expected({ email: 'popescu' }));
    expect(byEmail.total).toBeGreaterThan(0);
    expect(byEmail.verifications.every((v: any) => v.email.includes('popescu'))).toBe(true);

    // A range of days, inclusive at both ends.
    const from = all[10].createdAt.slice(0, 10);
    const to = all[3].createdAt.slice(0, 10);
    const ranged = await checks(MERCHANT2, { fromDate: from, toDate: to });
    expect(ranged.verifications).toEqual(expected({ fromDate: from, toDate: to }));
    expect(ranged.verifications).toContainEqual(all[10]);
    expect(ranged.verifications).toContainEqual(all[3]);
    expect((await checks(MERCHANT2, { fromDate: from, toDate: from })).verifications).toEqual(all.filter((v) => v.createdAt.startsWith(from)));
    const both = await checks(MERCHANT2, { status: 'approved', email: 'example.com', fromDate: '2026-01-01', toDate: '2026-12-31' });
    expect(both.verifications).toEqual(expected({ status: 'approved', email: 'example.com', fromDate: '2026-01-01', toDate: '2026-12-31' }));

    // Empty values are no filter.
    expect(await checks(MERCHANT2, { email: '' })).toEqual({ ...OK, total: 25, verifications: all });
    expect(await checks(MERCHANT2, { email: '   ' })).toEqual({ ...OK, total: 25, verifications: all });
    expect(await checks(MERCHANT2, { email: 'nobody-such' })).toEqual({ ...OK, total: 0, verifications: [] });
    // Pages.
    expect(await call(MERCHANT2, 'identityVerificationList', { pageNumber: 3, pageSize: 10 })).toEqual({ ...OK, total: 25, verifications: all.slice(20) });
    expect(await call(MERCHANT2, 'identityVerificationList')).toEqual({ ...OK, total: 25, verifications: all });
  });
});

describe('reputation (issue 56)', () => {
  it('an e-mail with spaces around it and in any case finds its entries, newest first', async () => {
    const trusted = await reputation(MERCHANT, `  ${REPUTATION_DEMO.trusted.toUpperCase()}  `);
    expect(trusted.total).toBe(5);
    expect(trusted.entries.map((e: any) => e.eventType)).toEqual(Array(5).fill('completedPayment'));
    expect(trusted.entries.every((e: any) => e.email === REPUTATION_DEMO.trusted)).toBe(true);
    const reported = trusted.entries.map((e: any) => e.reportedAt);
    expect(reported).toEqual([...reported].sort().reverse());
    expect(Object.keys(trusted.entries[0]).sort()).toEqual(['amount', 'currencyCode', 'email', 'eventType', 'id', 'reportedAt']);

    const chargeback = await reputation(MERCHANT, 'Chargeback.Payer@Example.com');
    expect(chargeback.entries.map((e: any) => e.eventType)).toEqual(['chargeback', 'completedPayment', 'completedPayment']);
    const fraud = await reputation(MERCHANT, REPUTATION_DEMO.fraud);
    expect(fraud.entries.map((e: any) => [e.eventType, e.amount, e.currencyCode])).toEqual([
      ['accountClosed', null, null],
      ['chargeback', '310.00', 'EUR'],
      ['fraudReport', null, null],
    ]);
    expect(fraud.entries.every((e: any) => (REPUTATION_EVENTS as readonly string[]).includes(e.eventType))).toBe(true);
  });

  it('an e-mail nobody reported: no entries; an invalid one: VF email; pages', async () => {
    expect(await reputation(MERCHANT, 'nobody@example.com')).toEqual({ ...OK, total: 0, entries: [] });
    // Payers of the seeded subscriptions are not reported.
    expect((await reputation(MERCHANT, (await call(MERCHANT, 'subscriberList')).subscriptions[0].payerEmail)).total).toBe(0);
    for (const email of ['not-an-email', '   ', 'a@b']) {
      const reply = await reputation(MERCHANT, email);
      expect([email, vfOf(reply)]).toEqual([email, [['email', INVALID_EMAIL]]]);
    }
    const page = await reputation(MERCHANT, REPUTATION_DEMO.trusted, { pageNumber: 2, pageSize: 2 });
    const all = await reputation(MERCHANT, REPUTATION_DEMO.trusted);
    expect(page).toEqual({ ...OK, total: 5, entries: all.entries.slice(2, 4) });
  });

  it('everybody’s: another merchant, merchant-viewer@ for the company and a personal customer see the same', async () => {
    const mine = await reputation(MERCHANT, REPUTATION_DEMO.chargeback);
    expect(await reputation(NEW, REPUTATION_DEMO.chargeback)).toEqual(mine);
    expect(await reputation(VIEWER, REPUTATION_DEMO.chargeback, forMerchant())).toEqual(mine);
    expect(await reputation('personal@brand2.test', REPUTATION_DEMO.chargeback)).toEqual(mine);
  });
});

describe('who reads (issue 56)', () => {
  const reads = (acting: Record<string, unknown>, subscriptionId: number, accountId: number): [string, Record<string, unknown>][] => [
    ['subscriberList', { ...acting }],
    ['installmentList', { subscriptionId, ...acting }],
    ['identityFee', { accountId, ...acting }],
    ['identityVerificationList', { ...acting }],
    ['reputationList', { type: 'reputation', email: REPUTATION_DEMO.fraud, ...acting }],
  ];

  it('merchant-viewer@ (level 1) reads what merchant@ reads', async () => {
    const subscriptionId = (await call(MERCHANT, 'subscriberList')).subscriptions[0].subscriptionId;
    const accountId = paymentAccount(MERCHANT, 'EUR').id;
    const own = reads({}, subscriptionId, accountId);
    for (const [i, [method, body]] of reads(forMerchant(), subscriptionId, accountId).entries()) {
      expect([method, await call(VIEWER, method, body)]).toEqual([method, await call(MERCHANT, method, own[i]![1])]);
    }
  });

  it('without merchant access (an authorised user with merchant level 0, an admin, an employee for themselves): ENOA on every read; a stranger: denied', async () => {
    const subscriptionId = (await call(MERCHANT, 'subscriberList')).subscriptions[0].subscriptionId;
    const business = { fromCustomerId: idOf(BUSINESS) };
    const businessAccount = paymentAccount(BUSINESS, 'EUR').id;
    for (const [method, body] of reads(business, subscriptionId, businessAccount)) {
      expect([method, await call('employee@brand1.test', method, body)]).toEqual([method, CLOSED]);
      expect([method, await call(ADMIN, method, body)]).toEqual([method, CLOSED]);
    }
    for (const [method, body] of reads({}, subscriptionId, businessAccount)) expect([method, await call(VIEWER, method, body)]).toEqual([method, CLOSED]);
    for (const [method, body] of reads(forMerchant(), subscriptionId, paymentAccount(MERCHANT, 'EUR').id)) expect([method, await call(OUTSIDER, method, body)]).toEqual([method, DENIED]);
    // Writes: the admin 403, the stranger denied.
    expect(await main(ADMIN, 'subscriberCancel', { subscriptionId, requestId: requestId(), ...business })).toEqual(FORBIDDEN);
    expect(await call(OUTSIDER, 'subscriberCancel', { subscriptionId, requestId: requestId(), ...forMerchant() })).toEqual(DENIED);
  });

  it('the refusals are in the request’s language (pt): ENOA, 403, UE', async () => {
    const pt = SANDBOX_TEXTS.pt;
    const subscriptionId = (await call(MERCHANT, 'subscriberList')).subscriptions[0].subscriptionId;
    expect(await call('employee@brand1.test', 'subscriberList', { fromCustomerId: idOf(BUSINESS) }, { 'Accept-Language': 'pt' })).toEqual(refusal(pt[NO_MERCHANT_ACCESS]!, 'ENOA'));
    expect(await main(VIEWER, 'subscriberCancel', { subscriptionId, requestId: requestId(), ...forMerchant() }, { 'Accept-Language': 'pt' })).toEqual({ status: 403, body: { message: pt[FULL_ACCESS_ONLY] } });
    const res = await post('/main/?method=installmentList', mainWire('installmentList', { subscriptionId }), { Authorization: `Bearer ${await tokenOf(NEW)}`, 'Accept-Language': 'pt' });
    expect(res.headers.get('content-language')).toBe('pt');
    expect(await res.json()).toEqual(refusal(pt[NO_SUCH_SUBSCRIPTION]!));
    expect(pt[NO_SUCH_SUBSCRIPTION]).toBe('Essa subscrição não existe');
  });
});

describe('POST /__sandbox/sign-in-state gives the subscribers and checks back as seeded (issue 56)', () => {
  it('merchant@: 120 subscribers and 25 checks as seeded, with their ids, whatever was cancelled or created', async () => {
    await restore(MERCHANT);
    const before = { subscriptions: await allSubscriptions(MERCHANT), checks: await checks(MERCHANT) };
    expect(before.subscriptions).toHaveLength(120);
    expect(before.checks.total).toBe(25);
    const active = before.subscriptions.find((s) => s.status === 'active')!;
    const seeded = await installments(MERCHANT, active.subscriptionId);
    await call(MERCHANT, 'subscriberCancel', { subscriptionId: active.subscriptionId, requestId: requestId('cancel') });
    await call(MERCHANT, 'identityVerificationCreate', person({ accountId: paymentAccount(MERCHANT, 'EUR').id }));
    expect((await checks(MERCHANT)).total).toBe(26);

    await restore(MERCHANT);
    expect(await allSubscriptions(MERCHANT)).toEqual(before.subscriptions);
    expect(await checks(MERCHANT)).toEqual(before.checks);
    expect(await installments(MERCHANT, active.subscriptionId)).toEqual(seeded);
    expect(seeded.some((i) => i.status === 'scheduled')).toBe(true);
  });

  it('merchant-new@: the checks it made are gone; reputation stays', async () => {
    const owner = 'merchant-new@brand4.test';
    expect((await checks(owner)).total).toBeGreaterThan(0);
    await restore(owner);
    expect(await checks(owner)).toEqual({ ...OK, total: 0, verifications: [] });
    expect(await call(owner, 'subscriberList')).toEqual({ ...OK, total: 0, subscriptions: [] });
    expect((await reputation(owner, REPUTATION_DEMO.trusted)).total).toBe(5);
  });
});
