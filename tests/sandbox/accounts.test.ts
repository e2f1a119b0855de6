// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';

/** The accounts area of the sandbox (spec 001 s3, s7): persisted, validated both ways, per customer. */
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
let sb: Sandbox;
let dir: string;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const tokenOf = async (user: string) =>
  (await (await post('/auth/login', { client: 'spa', username: user, password: 'Demo-pass-1', codeChallenge: challenge })).json()).accessToken as string;
const call = async (token: string, method: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  (await post(`/main/?method=${method}`, { method, ...body }, { Authorization: `Bearer ${token}`, ...headers })).json();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-accounts-'));
  sb = await createSandbox({ dbPath: join(dir, 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: accounts', () => {
  it('a rich demo customer has every kind of account, a closed one, cards, crypto and pending amounts', async () => {
    const token = await tokenOf('personal@brand1.test');
    const { accounts } = await call(token, 'balanceInquiry');
    const types = accounts.map((a: { type: number }) => a.type);
    expect(types).toEqual(expect.arrayContaining([1001, 4001, 4002, 2010, 2020]));
    expect(accounts.some((a: { accountStatusId: number }) => a.accountStatusId === 11)).toBe(true);
    expect(accounts.map((a: { currencyCode: string }) => a.currencyCode)).toEqual(expect.arrayContaining(['USD', 'EUR', 'RON', 'USDT']));
    expect(accounts.find((a: { type: number }) => a.type === 4001).accountBalanceMin).toBe('-500.00');
    expect(accounts.some((a: { pendingAmount?: string }) => a.pendingAmount)).toBe(true);
  });

  it('a customer without accounts gets an empty list; an employee without balance access is refused', async () => {
    expect((await call(await tokenOf('no-accounts@brand1.test'), 'balanceInquiry')).accounts).toEqual([]);
    expect((await call(await tokenOf('employee@brand1.test'), 'balanceInquiry')).responseCode).toBe('ENOA');
  });

  it('adding a currency opens a payment account that persists; adding it twice is refused', async () => {
    const token = await tokenOf('personal@brand2.test');
    const added = await call(token, 'addCurrency', { currencyCode: 'GBP' });
    expect(added.responseCode).toBe('00');
    expect(added.account).toMatchObject({ type: 1001, currencyCode: 'GBP', balance: '0.00' });
    const again = await call(token, 'addCurrency', { currencyCode: 'GBP' });
    expect(again.responseCode).toBe('VF');
    expect((await call(token, 'balanceInquiry')).accounts.some((a: { currencyCode: string }) => a.currencyCode === 'GBP')).toBe(true);
    expect((await call(token, 'addCurrency', { currencyCode: 'XYZ' })).responseCode).toBe('VF');
  });

  it('the control API gives one customer their seeded accounts back (tests that add a currency can run again)', async () => {
    const token = await tokenOf('personal@brand5.test');
    expect((await call(token, 'addCurrency', { currencyCode: 'CAD' })).responseCode).toBe('00');
    const res = await post('/__sandbox/customer-money', { userLogin: 'personal@brand5.test' });
    expect(res.status).toBe(200);
    const { accounts } = await call(token, 'balanceInquiry');
    expect(accounts.some((a: { currencyCode: string }) => a.currencyCode === 'CAD')).toBe(false);
    expect(accounts.map((a: { currencyCode: string }) => a.currencyCode)).toEqual(expect.arrayContaining(['USD', 'EUR', 'RON', 'USDT']));
    expect((await post('/__sandbox/customer-money', { userLogin: 'nobody@brand5.test' })).status).toBe(404);
  });

  it('a wallet address is created once per crypto account and given again on a retry; fiat accounts have none', async () => {
    const token = await tokenOf('personal@brand3.test');
    const { accounts } = await call(token, 'balanceInquiry');
    const usdt = accounts.find((a: { currencyCode: string }) => a.currencyCode === 'USDT');
    const first = await call(token, 'createWallet', { currencyCode: 'USDT', accountId: usdt.accountId });
    expect(first.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await call(token, 'createWallet', { currencyCode: 'USDT', accountId: usdt.accountId })).address).toBe(first.address);
    const usd = accounts.find((a: { currencyCode: string }) => a.currencyCode === 'USD');
    expect((await call(token, 'createWallet', { currencyCode: 'USD', accountId: usd.accountId })).responseCode).toBe('VF');
  });

  it('nobody reaches another customer’s account', async () => {
    const mine = await call(await tokenOf('personal@brand4.test'), 'balanceInquiry');
    const other = await tokenOf('business@brand4.test');
    const usdt = mine.accounts.find((a: { currencyCode: string }) => a.currencyCode === 'USDT');
    expect((await call(other, 'createWallet', { currencyCode: 'USDT', accountId: usdt.accountId })).responseCode).toBe('VF');
    expect((await call(other, 'crossPlatformRequirement', { accountId: usdt.accountId })).responseCode).toBe('VF');
  });

  it('exchange rates are exact decimal strings, 1 for a currency with itself is not listed', async () => {
    const { rates } = await call(await tokenOf('personal@brand1.test'), 'defaultExchangeRates');
    expect(rates.find((r: { fromCurrencyCode: string; toCurrencyCode: string }) => r.fromCurrencyCode === 'EUR' && r.toCurrencyCode === 'USD').rate).toBe('1.08');
    expect(rates.every((r: { rate: string; fromCurrencyCode: string; toCurrencyCode: string }) => /^\d+(\.\d{1,8})?$/.test(r.rate) && r.fromCurrencyCode !== r.toCurrencyCode)).toBe(true);
  });

  it('recent p2p transfers: one per recipient, newest first, disabled ones flagged (the app hides them)', async () => {
    const { transfers } = await call(await tokenOf('personal@brand1.test'), 'recentTransfers', { types: ['p2p'], limit: 5 });
    expect(transfers.map((t: { email: string }) => t.email)).toEqual(['jonas.berg@example.com', 'old.contact@example.com', 'maria.ionescu@example.com']);
    expect(transfers.map((t: { isDisabled: boolean }) => t.isDisabled)).toEqual([false, true, false]);
  });

  it('transaction history pages newest first and includes fees (home leaves them out)', async () => {
    const page = await call(await tokenOf('personal@brand1.test'), 'transactionHistory', { pageNumber: 1, pageSize: 4 });
    expect(page.total).toBe(10);
    expect(page.transactions).toHaveLength(4);
    expect(page.transactions[0].created >= page.transactions[3].created).toBe(true);
  });
});

describe('sandbox: announcements', () => {
  it('lists in the request language, filters those asking for a choice, getting one marks it read, a choice is kept', async () => {
    const token = await tokenOf('business@brand1.test');
    const all = await call(token, 'announcementList', {}, { 'Accept-Language': 'ru' });
    expect(all.announcements).toHaveLength(3);
    expect(all.announcements[0].title).toBe('Новые тарифы с 1 января');
    const choice = await call(token, 'announcementList', { withConfirmation: true });
    expect(choice.announcements.map((a: { confirmation: boolean }) => a.confirmation)).toEqual([true]);
    const id = choice.announcements[0].id;
    expect(choice.announcements[0].isRead).toBe(false);
    expect((await call(token, 'announcementGet', { id })).announcement.isRead).toBe(true);
    const accepted = await call(token, 'announcementConfirm', { id, choice: 'accept' });
    expect(accepted.announcement.choice).toBe('accept');
    expect((await call(token, 'announcementConfirm', { id, choice: 'accept' })).responseCode).toBe('00'); // a retry
    expect((await call(token, 'announcementConfirm', { id, choice: 'decline' })).responseCode).toBe('UE');
    const info = all.announcements.find((a: { confirmation: boolean }) => !a.confirmation);
    expect((await call(token, 'announcementConfirm', { id: info.id, choice: 'accept' })).responseCode).toBe('VF');
  });

  it('a bad choice breaks the contract (400)', async () => {
    const token = await tokenOf('business@brand2.test');
    const res = await post('/main/?method=announcementConfirm', { method: 'announcementConfirm', id: 1, choice: 'maybe' }, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(400);
  });
});
