// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { units } from '../../sandbox/kernel/money.ts';
import { sandboxClient } from './client';

/**
 * Business transaction requests in the sandbox (001 s3, s4, s6, s7; sandbox/requests.ts): an
 * employee acts for the business of the brand (fromCustomerId) with their transfers access level.
 * Initiate-only (3) submits become waiting requests and move nothing; no rights (0) are refused;
 * the list (paging, filters, own requests for initiators, `mine`), notification counts; approving
 * (one, several, a mass request by its batch) moves the money once, in the approver's own mode
 * (SMS in brand6); declining releases the processing row; nobody decides their own request;
 * /__sandbox/customer-money brings the seeded requests back. Replies are validated against the
 * contract by the sandbox itself.
 */
let sb: Sandbox;
const { post, tokenOf, call, upload } = sandboxClient(() => sb.url);

interface Balance {
  accountId: number;
  type: number;
  currencyCode: string;
  balance: string;
}
const balancesOf = async (login: string) => ((await (await fetch(`${sb.url}/__sandbox/balances?login=${encodeURIComponent(login)}`)).json()) as { accounts: Balance[] }).accounts;
const paymentOf = async (login: string, currency: string) => (await balancesOf(login)).find((a) => a.type === 1001 && a.currencyCode === currency)!;
const customerIdOf = async (token: string) => (await call(token, 'customerInfo')).customer.customerId as number;
/** The signed-in user (an employee's customerId is their company). */
const userIdOf = async (token: string) => (await call(token, 'customerInfo')).customer.userId as number;
/** Sets a user's rights for the company (their authorized_users row, sandbox/access.ts). */
const setRights = (userId: number, companyId: number, permissions: Record<string, number>) =>
  sb.db.prepare('UPDATE authorized_users SET permissions = ?, access_rights = ? WHERE user_id = ? AND company_id = ?').run(JSON.stringify(permissions), permissions.transfers!, userId, companyId);
const rowStatus = (transactionId: number) => (sb.db.prepare('SELECT status FROM transactions WHERE id = ?').get(transactionId) as { status: string }).status;
const requestRow = (id: number) =>
  sb.db.prepare('SELECT status, held_transaction_id AS held, batch_id AS batchId FROM transaction_requests WHERE id = ?').get(id) as { status: string; held: number | null; batchId: number | null };
const requestCount = () => (sb.db.prepare('SELECT COUNT(*) AS n FROM transaction_requests').get() as { n: number }).n;
const resetMoney = (login: string) => post('/__sandbox/customer-money', { userLogin: login });
/** `before` plus the signed amounts, as exact units of 10^-8 (never floats). */
const plus = (before: string, ...amounts: string[]) => amounts.reduce((sum, a) => sum + units(a), units(before));
let counter = 0;
const requestId = (label: string) => `${label}-${String((counter += 1)).padStart(6, '0')}`;

const SEPA_WIRE = { type: 'wire', countryCode: 'DE', currencyCode: 'EUR', beneficiaryName: 'Hans Müller', beneficiaryAddress: 'Unter den Linden 5, Berlin', iban: 'DE89370400440532013000', extraParams: { purposeOfPayment: 'family' } };
const MASS_WIRE = 'beneficiaryName,beneficiaryAddress,countryCode,currencyCode,amount,iban\nAnna Schmidt,"Hauptstraße 1, Berlin",DE,EUR,10.00,DE89370400440532013000\nLuc Martin,"1 rue de la Paix, Paris",FR,EUR,20.00,FR1420041010050500013M02606\n';

/** The people of a brand's company: tokens, the company's id, what each call needs to act for it. */
async function company(brand: string) {
  const [owner, approver, initiator, noRights, employee] = await Promise.all(
    ['business', 'approver', 'initiator', 'no-rights', 'employee'].map((local) => tokenOf(`${local}@${brand}.test`)),
  );
  const id = await customerIdOf(owner!);
  const as = (token: string) => (method: string, body: Record<string, unknown> = {}) => call(token, method, { fromCustomerId: id, ...body });
  return {
    id,
    login: `business@${brand}.test`,
    owner: as(owner!),
    approver: as(approver!),
    initiator: as(initiator!),
    noRights: as(noRights!),
    employee: as(employee!),
    tokens: { owner: owner!, approver: approver!, initiator: initiator!, noRights: noRights! },
  };
}
type Company = Awaited<ReturnType<typeof company>>;
type Caller = Company['owner'];
const list = (who: Caller, filter: Record<string, unknown> = {}) => who('transactionRequestList', { pageNumber: 1, pageSize: 50, ...filter });
const requestsOf = async (who: Caller, filter: Record<string, unknown> = {}) => (await list(who, filter)).requests as { id: number; transactionType: string; status: string; batchId?: number; mine: boolean; createdBy: string; decidedBy?: string }[];
const seeded = async (c: Company, type: string) => (await requestsOf(c.approver)).find((r) => r.transactionType === type)!;

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-business-approvals-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: business transaction requests (001 s4, s6, s7)', () => {
  it('demo users: access info carries each employee’s rights; business@ has three waiting requests by initiator@; counts for approvers only', async () => {
    const c = await company('brand1');
    expect(await c.approver('userAccessInfoGet')).toMatchObject({ responseCode: '00', permissions: { balanceInfo: 2, transfers: 4, history: 2, merchant: 0 }, accessRights: { transfers: 4 }, customer: { id: c.id } });
    expect((await c.initiator('userAccessInfoGet')).accessRights).toEqual({ balanceInfo: 2, transfers: 3, history: 2, merchant: 0 });
    expect((await c.noRights('userAccessInfoGet')).accessRights).toEqual({ balanceInfo: 2, transfers: 0, history: 1, merchant: 0 });
    expect((await c.employee('userAccessInfoGet')).accessRights).toEqual({ balanceInfo: 0, transfers: 3, history: 1, merchant: 0 });

    const reply = await list(c.approver);
    expect(reply.total).toBe(3);
    expect(reply.requests).toEqual([
      expect.objectContaining({ transactionType: 'mass_wire', groupedTransactionType: 'mass', count: 2, amount: '750.00', fee: '2.00', currencyCode: 'EUR', beneficiary: 'Suppliers November', batchId: expect.any(Number), status: 'waiting', mine: false }),
      expect.objectContaining({ transactionType: 'wire', groupedTransactionType: 'single', amount: '120.00', fee: '1.00', currencyCode: 'EUR', beneficiary: 'Klaus Becker', status: 'waiting' }),
      expect.objectContaining({ transactionType: 'p2p', groupedTransactionType: 'single', amount: '25.00', currencyCode: 'USD', beneficiary: 'personal@brand1.test', status: 'waiting' }),
    ]);
    expect(reply.requests.every((r: { createdBy: string; created: string }) => r.createdBy === 'initiator@brand1.test' && r.created.startsWith('2026-11-2'))).toBe(true);
    expect(reply.requests.some((r: { decidedBy?: string }) => 'decidedBy' in r)).toBe(false);
    // What each request reserved shows in the history as processing; its batch is not in the batch history yet.
    for (const r of reply.requests) expect(rowStatus(requestRow(r.id).held!)).toBe('processing');
    expect((await c.owner('batchTransferHistory', {})).batches.some((b: { batchName: string }) => b.batchName === 'Suppliers November')).toBe(false);

    const counts = { responseCode: '00', massTransactionRequestCount: 1, transactionRequestCount: 2 };
    expect(await c.approver('notificationCounts')).toEqual(counts);
    expect(await c.owner('notificationCounts')).toEqual(counts);
    const zero = { responseCode: '00', massTransactionRequestCount: 0, transactionRequestCount: 0 };
    expect(await c.initiator('notificationCounts')).toEqual(zero);
    expect(await c.noRights('notificationCounts')).toEqual(zero);
    expect(await call(await tokenOf('personal@brand1.test'), 'notificationCounts')).toEqual(zero);
    // The approval mode of approver@ is SMS in brand6 only.
    expect((await call(c.tokens.approver, 'customerInfo')).customer.transactionApproveMode).toBe('none');
    expect((await call(await tokenOf('approver@brand6.test'), 'customerInfo')).customer.transactionApproveMode).toBe('sms');
  });

  it('initiate-only (level 3): own-account, p2p, external and mass submits become waiting requests, nothing moves; checks still run; a repeat answers the same request', async () => {
    const c = await company('brand2');
    const before = await balancesOf(c.login);
    const usd = before.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const eur = before.find((a) => a.type === 1001 && a.currencyCode === 'EUR')!;
    const prepayment = before.find((a) => a.type === 4001)!;
    const pending = { responseCode: '00', approveType: 'none', status: 'pending', transactionRequestId: expect.any(Number) };

    const ownBody = { fromAccount: usd.accountId, toAccount: prepayment.accountId, toAmount: '10.00', requestId: requestId('own') };
    const own = await c.initiator('ownAccountsTransfer', ownBody);
    expect(own).toEqual(pending);
    const p2p = await c.initiator('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand2.test', amount: '5.00', requestId: requestId('p2p') });
    expect(p2p).toEqual(pending);
    const wire = await c.initiator('transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '40.00', requestId: requestId('wire') });
    expect(wire).toEqual(pending);
    const mass = await upload(c.tokens.initiator, { fromCustomerId: c.id, onlySummary: false, accountId: eur.accountId, method: 'wire', batchName: 'Team trip', requestId: requestId('mass') }, MASS_WIRE);
    expect(mass).toMatchObject({ ...pending, batchId: expect.any(Number), summary: { count: 2, total: '30.00', fee: '2.00', currencyCode: 'EUR', errors: [] } });
    const massP2p = await c.initiator('p2pMassTransfer', { accountId: usd.accountId, onlySummary: false, textContent: 'personal@brand2.test,3.00\ndirect@brand2.test,4.00', batchName: 'Refunds', requestId: requestId('massp2p') });
    expect(massP2p).toMatchObject({ ...pending, summary: { count: 2, total: '7.00' } });

    // Nothing moved: every balance as before; each request's processing row is in the history.
    expect(await balancesOf(c.login)).toEqual(before);
    for (const reply of [own, p2p, wire, mass, massP2p]) expect(rowStatus(requestRow(reply.transactionRequestId).held!)).toBe('processing');
    expect(requestRow(mass.transactionRequestId).batchId).toBe(mass.batchId);

    // The same requestId again: the same reply, no second request.
    const count = requestCount();
    expect(await c.initiator('ownAccountsTransfer', ownBody)).toEqual(own);
    expect(requestCount()).toBe(count);
    // The handler's checks run before a request is stored.
    const tooMuch = await c.initiator('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand2.test', amount: '10000.01', requestId: requestId('p2p') });
    expect(tooMuch.responseCode).toBe('VF');
    expect((await c.initiator('p2pTransfer', { accountId: usd.accountId, toEmail: 'nobody@example.com', amount: '1.00', requestId: requestId('p2p') })).responseCode).toBe('VF');
    expect(requestCount()).toBe(count);
    // A summary is only a summary.
    expect((await c.initiator('p2pMassTransfer', { accountId: usd.accountId, onlySummary: true, textContent: 'personal@brand2.test,3.00' })).summary.count).toBe(1);
    expect(requestCount()).toBe(count);

    const mine = await requestsOf(c.initiator);
    expect(mine.slice(0, 5).map((r) => r.transactionType)).toEqual(['mass_p2p', 'mass_wire', 'wire', 'p2p', 'betweenAccounts']);
    expect(mine.slice(0, 5).map((r) => r.id)).toEqual([massP2p, mass, wire, p2p, own].map((r) => r.transactionRequestId));
    expect(mine.find((r) => r.transactionType === 'mass_p2p')!.batchId).toEqual(expect.any(Number));
    expect(await c.approver('notificationCounts')).toMatchObject({ massTransactionRequestCount: 3, transactionRequestCount: 5 });
    // An initiator decides nothing.
    expect(await c.initiator('transactionRequestApprove', { transactionIds: [own.transactionRequestId], declined: false, requestId: requestId('decision') })).toMatchObject({ responseCode: '13', responseDescription: 'Your access rights do not allow approving requests' });
    expect((await c.initiator('massTransactionRequestApprove', { batchId: mass.batchId, declined: true, requestId: requestId('decision') })).responseCode).toBe('13');
  });

  it('no rights (level 0): every money-moving submit and the list answer 13, nothing moves; level 2 moves at once and approves', async () => {
    const c = await company('brand3');
    const before = await balancesOf(c.login);
    const usd = before.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const eur = before.find((a) => a.type === 1001 && a.currencyCode === 'EUR')!;
    const prepayment = before.find((a) => a.type === 4001)!;
    const refused = { responseCode: '13', responseDescription: 'Your access rights do not allow transfers' };
    const count = requestCount();
    expect(await c.noRights('ownAccountsTransfer', { fromAccount: usd.accountId, toAccount: prepayment.accountId, toAmount: '1.00', requestId: requestId('own') })).toMatchObject(refused);
    expect(await c.noRights('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand3.test', amount: '1.00', requestId: requestId('p2p') })).toMatchObject(refused);
    expect(await c.noRights('transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '1.00', requestId: requestId('wire') })).toMatchObject(refused);
    expect(await c.noRights('p2pMassTransfer', { accountId: usd.accountId, onlySummary: false, textContent: 'personal@brand3.test,1.00', requestId: requestId('massp2p') })).toMatchObject(refused);
    expect(await upload(c.tokens.noRights, { fromCustomerId: c.id, onlySummary: false, accountId: eur.accountId, method: 'wire', requestId: requestId('mass') }, MASS_WIRE)).toMatchObject(refused);
    expect(await list(c.noRights)).toMatchObject(refused);
    expect((await c.noRights('transactionRequestApprove', { transactionIds: [(await seeded(c, 'p2p')).id], declined: true, requestId: requestId('decision') })).responseCode).toBe('13');
    expect(await balancesOf(c.login)).toEqual(before);
    expect(requestCount()).toBe(count);
    expect((await call(await tokenOf('personal@brand3.test'), 'transactionRequestList', { pageNumber: 1, pageSize: 10 })).responseCode).toBe('13');

    // Level 2 (full access): the transfer moves at once, and the user decides others' requests.
    const noRightsId = await userIdOf(c.tokens.noRights);
    setRights(noRightsId, c.id, { balanceInfo: 2, transfers: 2, history: 1, merchant: 0 });
    try {
      const moved = await c.noRights('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand3.test', amount: '2.00', requestId: requestId('p2p') });
      expect(moved).toMatchObject({ responseCode: '00', approveType: 'none', status: 'completed', transactionId: expect.any(Number) });
      expect(moved.transactionRequestId).toBeUndefined();
      expect((await paymentOf(c.login, 'USD')).balance).toBe('12497.78'); // 12500.03 - 2.00 - 0.25 fee
      expect(await c.noRights('notificationCounts')).toMatchObject({ transactionRequestCount: 2 });
      const declined = await c.noRights('transactionRequestApprove', { transactionIds: [(await seeded(c, 'p2p')).id], declined: true, requestId: requestId('decision') });
      expect(declined).toMatchObject({ responseCode: '00', decided: [expect.any(Number)] });
    } finally {
      setRights(noRightsId, c.id, { balanceInfo: 2, transfers: 0, history: 1, merchant: 0 });
    }
    // Level 4: the approver's own transfer moves at once too.
    const own = await c.approver('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand3.test', amount: '1.00', requestId: requestId('p2p') });
    expect(own).toMatchObject({ responseCode: '00', status: 'completed' });
  });

  it('the list: newest first, pages, filters only when given, initiators see their own, `mine`', async () => {
    const c = await company('brand4');
    const usd = await paymentOf(c.login, 'USD');
    // employee@ (level 3 too) creates one: initiator@ does not see it, approvers do.
    const other = await c.employee('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand4.test', amount: '3.00', requestId: requestId('p2p') });
    expect(other).toMatchObject({ responseCode: '00', status: 'pending' });

    const all = await list(c.approver);
    expect(all.total).toBe(4);
    expect(all.requests.map((r: { createdBy: string }) => r.createdBy)).toEqual(['employee@brand4.test', 'initiator@brand4.test', 'initiator@brand4.test', 'initiator@brand4.test']);
    expect(all.requests.every((r: { mine: boolean }) => r.mine === false)).toBe(true);
    const created = all.requests.map((r: { created: string }) => r.created);
    expect(created).toEqual([...created].sort().reverse());

    const first = await list(c.approver, { pageSize: 3 });
    const second = await list(c.approver, { pageSize: 3, pageNumber: 2 });
    expect([first.total, second.total]).toEqual([4, 4]);
    expect([...first.requests, ...second.requests].map((r: { id: number }) => r.id)).toEqual(all.requests.map((r: { id: number }) => r.id));
    expect((await list(c.approver, { pageNumber: 3, pageSize: 3 })).requests).toEqual([]);

    const ids = async (filter: Record<string, unknown>) => (await requestsOf(c.approver, filter)).map((r) => r.transactionType);
    expect(await ids({ status: 'waiting' })).toHaveLength(4);
    expect(await ids({ status: 'approved' })).toEqual([]);
    expect(await ids({ transactionType: 'wire' })).toEqual(['wire']);
    expect(await ids({ transactionType: '' })).toHaveLength(4);
    expect(await ids({ createdBy: 'INITIATOR@brand4.test' })).toEqual(['mass_wire', 'wire', 'p2p']);
    expect(await ids({ createdBy: 'approver@brand4.test' })).toEqual([]);
    expect(await ids({ fromDate: '2026-11-25', toDate: '2026-11-25' })).toEqual(['mass_wire']);
    expect(await ids({ toDate: '2026-11-24' })).toEqual(['wire', 'p2p']);
    expect(await ids({ fromDate: '2026-11-24', transactionType: 'p2p' })).toEqual(['p2p', 'p2p']);
    expect((await list(c.approver, { fromDate: '2026-11-25', toDate: '2026-11-24' })).responseCode).toBe('VF');

    const own = await list(c.initiator);
    expect(own.total).toBe(3);
    expect(own.requests.every((r: { mine: boolean; createdBy: string }) => r.mine && r.createdBy === 'initiator@brand4.test')).toBe(true);
    expect((await list(c.employee)).requests.map((r: { id: number; mine: boolean }) => [r.id, r.mine])).toEqual([[other.transactionRequestId, true]]);
    expect((await list(c.owner)).total).toBe(4);
  });

  it('a decision with a requestId (a retry after a lost reply): the repeat answers the first reply and moves nothing again; the same id on another call is refused', async () => {
    const c = await company('brand2');
    const p2p = await seeded(c, 'p2p');
    const usdBefore = (await paymentOf(c.login, 'USD')).balance;
    const decision = { transactionIds: [p2p.id], declined: false, requestId: 'decision-lost-reply-1' };
    const first = await c.approver('transactionRequestApprove', decision);
    expect(first).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [p2p.id] });
    const moved = (await paymentOf(c.login, 'USD')).balance;
    expect(moved).not.toBe(usdBefore);
    expect(await c.approver('transactionRequestApprove', decision)).toEqual(first);
    expect((await paymentOf(c.login, 'USD')).balance).toBe(moved);
    // The same id with other details, or on another call, is refused (422, nothing decided).
    const reused = await post('/main/?method=massTransactionRequestApprove', { method: 'massTransactionRequestApprove', fromCustomerId: c.id, batchId: 1, declined: false, requestId: 'decision-lost-reply-1' }, { Authorization: `Bearer ${c.tokens.approver}` });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { message: string }).message).toBe('This request id was already used for another kind of request. Nothing was done: start again.');
    const changed = await post('/main/?method=transactionRequestApprove', { method: 'transactionRequestApprove', fromCustomerId: c.id, ...decision, declined: true }, { Authorization: `Bearer ${c.tokens.approver}`, 'Accept-Language': 'ru' });
    expect(changed.status).toBe(422);
    expect(changed.headers.get('content-language')).toBe('ru');
    expect(((await changed.json()) as { message: string }).message).toBe('Этот идентификатор уже использован для запроса с другими данными. Ничего не сделано: начните заново.');
    expect((await paymentOf(c.login, 'USD')).balance).toBe(moved);
  });

  it('approving one moves the money exactly once; the list keeps it approved with decidedBy; approving several; a failed one is left out', async () => {
    const c = await company('brand5');
    const p2p = await seeded(c, 'p2p');
    const usdBefore = (await paymentOf(c.login, 'USD')).balance;
    const payeeBefore = (await paymentOf('personal@brand5.test', 'USD')).balance;

    expect(await c.approver('transactionRequestApprove', { transactionIds: [p2p.id], declined: false, requestId: requestId('decision') })).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [p2p.id] });
    expect(units((await paymentOf(c.login, 'USD')).balance)).toBe(plus(usdBefore, '-25.00', '-0.25'));
    expect(units((await paymentOf('personal@brand5.test', 'USD')).balance)).toBe(plus(payeeBefore, '25.00'));
    expect(rowStatus(requestRow(p2p.id).held!)).toBe('completed');
    // Again: it waits no more, nothing moves twice.
    expect(await c.approver('transactionRequestApprove', { transactionIds: [p2p.id], declined: false, requestId: requestId('decision') })).toMatchObject({ responseCode: '13', responseDescription: 'This request is no longer waiting' });
    expect(await c.owner('transactionRequestApprove', { transactionIds: [p2p.id], declined: true, requestId: requestId('decision') })).toMatchObject({ responseCode: '13' });
    expect(units((await paymentOf(c.login, 'USD')).balance)).toBe(plus(usdBefore, '-25.00', '-0.25'));
    expect((await requestsOf(c.approver, { status: 'approved' })).map((r) => [r.id, r.status, r.decidedBy])).toEqual([[p2p.id, 'approved', 'approver@brand5.test']]);
    expect(await c.approver('notificationCounts')).toMatchObject({ massTransactionRequestCount: 1, transactionRequestCount: 1 });
    // An unknown id or another company's request is not waiting here.
    const elsewhere = await seeded(await company('brand4'), 'wire');
    expect((await c.approver('transactionRequestApprove', { transactionIds: [elsewhere.id], declined: false, requestId: requestId('decision') })).responseDescription).toBe('This request is no longer waiting');

    // Several at once: the seeded wire and a new own-account request; then one whose balance has gone.
    const usd = await paymentOf(c.login, 'USD');
    const eurBefore = (await paymentOf(c.login, 'EUR')).balance;
    const prepayment = (await balancesOf(c.login)).find((a) => a.type === 4001)!;
    const own = await c.initiator('ownAccountsTransfer', { fromAccount: usd.accountId, toAccount: prepayment.accountId, toAmount: '15.00', requestId: requestId('own') });
    const wire = await seeded(c, 'wire');
    const both = await c.owner('transactionRequestApprove', { transactionIds: [wire.id, own.transactionRequestId, wire.id], declined: false, requestId: requestId('decision') });
    expect(both).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [wire.id, own.transactionRequestId] });
    expect(units((await paymentOf(c.login, 'EUR')).balance)).toBe(plus(eurBefore, '-120.00', '-1.00'));
    expect(units((await balancesOf(c.login)).find((a) => a.accountId === prepayment.accountId)!.balance)).toBe(plus(prepayment.balance, '15.00'));
    expect(rowStatus(requestRow(wire.id).held!)).toBe('processing'); // a wire stays processing until the bank pays it

    const ok = await c.initiator('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand5.test', amount: '1.00', requestId: requestId('p2p') });
    const eur = await paymentOf(c.login, 'EUR');
    const broke = await c.initiator('transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '50.00', requestId: requestId('wire') });
    sb.db.prepare("UPDATE accounts SET balance = '10.00' WHERE id = ?").run(eur.accountId);
    const some = await c.approver('transactionRequestApprove', { transactionIds: [broke.transactionRequestId, ok.transactionRequestId], declined: false, requestId: requestId('decision') });
    expect(some).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [ok.transactionRequestId] });
    expect(requestRow(broke.transactionRequestId).status).toBe('failed');
    expect(rowStatus(requestRow(broke.transactionRequestId).held!)).toBe('rejected');
    expect((await paymentOf(c.login, 'EUR')).balance).toBe('10.00');
    expect((await requestsOf(c.approver, { transactionType: 'wire' })).find((r) => r.id === broke.transactionRequestId)).toMatchObject({ status: 'failed', decidedBy: 'approver@brand5.test' });
    // Only failures: refused with the reason (the request is failed).
    const alone = await c.initiator('transferSubmit', { ...SEPA_WIRE, accountId: eur.accountId, amount: '5.00', requestId: requestId('wire') });
    sb.db.prepare("UPDATE accounts SET balance = '1.00' WHERE id = ?").run(eur.accountId);
    expect(await c.approver('transactionRequestApprove', { transactionIds: [alone.transactionRequestId], declined: false, requestId: requestId('decision') })).toMatchObject({ responseCode: '13', responseDescription: 'Not enough money on this account' });
    expect(requestRow(alone.transactionRequestId).status).toBe('failed');
  });

  it('declining moves nothing and rejects the processing row; nobody decides their own request; /__sandbox/customer-money brings the seeded requests back', async () => {
    const c = await company('brand5');
    expect((await resetMoney(c.login)).status).toBe(200);
    const reset = await list(c.approver);
    expect(reset.total).toBe(3);
    expect(reset.requests.every((r: { status: string; createdBy: string }) => r.status === 'waiting' && r.createdBy === 'initiator@brand5.test')).toBe(true);
    expect(await c.approver('notificationCounts')).toMatchObject({ massTransactionRequestCount: 1, transactionRequestCount: 2 });

    const before = await balancesOf(c.login);
    const wire = await seeded(c, 'wire');
    expect(await c.approver('transactionRequestApprove', { transactionIds: [wire.id], declined: true, requestId: requestId('decision') })).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [wire.id] });
    expect(await balancesOf(c.login)).toEqual(before);
    expect(rowStatus(requestRow(wire.id).held!)).toBe('rejected');
    expect((await requestsOf(c.approver, { status: 'declined' })).map((r) => [r.id, r.decidedBy])).toEqual([[wire.id, 'approver@brand5.test']]);

    // A request approver@ created (while their level was 3): they can neither approve nor decline it; the owner can.
    const approverId = await userIdOf(c.tokens.approver);
    const usd = before.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    setRights(approverId, c.id, { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 });
    const theirs = await c.approver('p2pTransfer', { accountId: usd.accountId, toEmail: 'personal@brand5.test', amount: '2.00', requestId: requestId('p2p') });
    setRights(approverId, c.id, { balanceInfo: 2, transfers: 4, history: 2, merchant: 0 });
    expect(theirs).toMatchObject({ status: 'pending', transactionRequestId: expect.any(Number) });
    const id = theirs.transactionRequestId;
    const own = { responseCode: '13', responseDescription: 'You cannot approve your own request' };
    expect(await c.approver('transactionRequestApprove', { transactionIds: [id], declined: false, requestId: requestId('decision') })).toMatchObject(own);
    expect(await c.approver('transactionRequestApprove', { transactionIds: [id], declined: true, requestId: requestId('decision') })).toMatchObject(own);
    expect(await c.approver('transactionRequestApprove', { transactionIds: [(await seeded(c, 'p2p')).id, id], declined: false, requestId: requestId('decision') })).toMatchObject(own);
    expect((await requestsOf(c.approver)).find((r) => r.id === id)).toMatchObject({ mine: true, status: 'waiting' });
    // Their own is not counted for them; it is for the owner.
    expect(await c.approver('notificationCounts')).toMatchObject({ transactionRequestCount: 1 });
    expect(await c.owner('notificationCounts')).toMatchObject({ transactionRequestCount: 2 });
    expect((await c.owner('transactionRequestApprove', { transactionIds: [id], declined: false, requestId: requestId('decision') })).decided).toEqual([id]);
    expect(units((await paymentOf(c.login, 'USD')).balance)).toBe(plus(usd.balance, '-2.00', '-0.25'));
  });

  it('a mass request is decided by its batch only: approved, its payments move and the batch shows; a mass p2p request declined', async () => {
    const c = await company('brand3');
    const mass = await seeded(c, 'mass_wire');
    expect(await c.approver('transactionRequestApprove', { transactionIds: [mass.id], declined: false, requestId: requestId('decision') })).toMatchObject({ responseCode: '13', responseDescription: 'This is a mass request: decide it with its batch' });
    expect((await c.approver('massTransactionRequestApprove', { batchId: 999999, declined: false, requestId: requestId('decision') })).responseDescription).toBe('This request is no longer waiting');
    const eur = await paymentOf(c.login, 'EUR');
    expect(await c.approver('massTransactionRequestApprove', { batchId: mass.batchId, declined: false, requestId: requestId('decision') })).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [mass.id] });
    expect(units((await paymentOf(c.login, 'EUR')).balance)).toBe(plus(eur.balance, '-300.00', '-450.00', '-2.00'));
    const batch = (await c.owner('batchTransferHistory', {})).batches.find((b: { batchId: number }) => b.batchId === mass.batchId);
    expect(batch).toMatchObject({ batchName: 'Suppliers November', status: 'processing', paymentsCount: 2, totalAmount: '750.00' });
    expect((await c.approver('massTransactionRequestApprove', { batchId: mass.batchId, declined: true, requestId: requestId('decision') })).responseCode).toBe('13');

    const usd = await paymentOf(c.login, 'USD');
    const massP2p = await c.initiator('p2pMassTransfer', { accountId: usd.accountId, onlySummary: false, textContent: 'personal@brand3.test,3.00\ndirect@brand3.test,4.00', batchName: 'Refunds', requestId: requestId('massp2p') });
    const { batchId } = requestRow(massP2p.transactionRequestId);
    const before = await balancesOf(c.login);
    expect(await c.approver('massTransactionRequestApprove', { batchId, declined: true, requestId: requestId('decision') })).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [massP2p.transactionRequestId] });
    expect(await balancesOf(c.login)).toEqual(before);
    expect(rowStatus(requestRow(massP2p.transactionRequestId).held!)).toBe('rejected');
    expect((await requestsOf(c.owner, { transactionType: 'mass_p2p' }))[0]).toMatchObject({ status: 'declined', decidedBy: 'approver@brand3.test', batchId });

    // Approved, a mass p2p request pays each payee once and its batch is completed.
    const again = await c.initiator('p2pMassTransfer', { accountId: usd.accountId, onlySummary: false, textContent: 'personal@brand3.test,3.00\ndirect@brand3.test,4.00', batchName: 'Refunds 2', requestId: requestId('massp2p') });
    const payee = (await paymentOf('direct@brand3.test', 'USD')).balance;
    const approved = await c.owner('massTransactionRequestApprove', { batchId: requestRow(again.transactionRequestId).batchId, declined: false, requestId: requestId('decision') });
    expect(approved.decided).toEqual([again.transactionRequestId]);
    expect(units((await paymentOf(c.login, 'USD')).balance)).toBe(plus(usd.balance, '-3.00', '-0.25', '-4.00', '-0.25'));
    expect(units((await paymentOf('direct@brand3.test', 'USD')).balance)).toBe(plus(payee, '4.00'));
    expect((await c.owner('batchTransferHistory', {})).batches.find((b: { batchName: string }) => b.batchName === 'Refunds 2')).toMatchObject({ type: 'p2p', status: 'completed', paymentsCount: 2 });
  });

  it('an approver in SMS mode (brand6): approving waits for the code, approvePayment moves the money once; declining needs no code', async () => {
    const c = await company('brand6');
    const p2p = await seeded(c, 'p2p');
    const before = await balancesOf(c.login);
    const reply = await c.approver('transactionRequestApprove', { transactionIds: [p2p.id], declined: false, requestId: requestId('decision') });
    expect(reply).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String), availableApprovalMethods: ['sms', 'otp', 'approvalCode'], decided: [p2p.id] });
    expect(reply.approvalSentTo).toMatch(/^\+40 7/);
    expect(await balancesOf(c.login)).toEqual(before);
    expect(requestRow(p2p.id).status).toBe('waiting');

    // The other device lists it under the approver's login, with the code.
    const { approvals } = (await (await fetch(`${sb.url}/__sandbox/approvals?login=approver@brand6.test`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string } }[] };
    const held = approvals.find((a) => a.operationId === reply.operationId)!;
    expect(held.work.kind).toBe('requestDecision');
    expect(await c.approver('approvePayment', { operationId: reply.operationId, approvalCode: '000000' })).toMatchObject({ responseCode: '13', responseDescription: 'The code is not right' });
    expect(await balancesOf(c.login)).toEqual(before);
    // Held for the approver: nobody else of the company confirms it, not even with the right code, nor resends its code (issue 46).
    for (const other of [c.owner, c.initiator]) {
      expect(await other('approvePayment', { operationId: reply.operationId, approvalCode: held.code })).toMatchObject({ responseCode: '13', responseDescription: 'This operation waits for the approval of the person who started it.' });
      expect(await other('resendApprovalCode', { operationId: reply.operationId, approveType: 'sms' })).toMatchObject({ responseCode: '13', responseDescription: 'This operation waits for the approval of the person who started it.' });
    }
    expect(await balancesOf(c.login)).toEqual(before);
    expect(await c.approver('approvePayment', { operationId: reply.operationId, approvalCode: held.code })).toEqual({ responseCode: '00', status: 'completed' });
    const usd = before.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    expect(units((await paymentOf(c.login, 'USD')).balance)).toBe(plus(usd.balance, '-25.00', '-0.25'));
    expect((await requestsOf(c.approver)).find((r) => r.id === p2p.id)).toMatchObject({ status: 'approved', decidedBy: 'approver@brand6.test' });
    // A repeat of the confirmation (its reply lost) answers the same and moves nothing again.
    expect(await c.approver('approvePayment', { operationId: reply.operationId, approvalCode: held.code })).toEqual({ responseCode: '00', status: 'completed' });
    expect(units((await paymentOf(c.login, 'USD')).balance)).toBe(plus(usd.balance, '-25.00', '-0.25'));

    const wire = await seeded(c, 'wire');
    expect(await c.approver('transactionRequestApprove', { transactionIds: [wire.id], declined: true, requestId: requestId('decision') })).toEqual({ responseCode: '00', approveType: 'none', status: 'completed', decided: [wire.id] });
    // The mass request by SMS too; three wrong codes end the operation and the request still waits.
    const mass = await seeded(c, 'mass_wire');
    const massReply = await c.approver('massTransactionRequestApprove', { batchId: mass.batchId, declined: false, requestId: requestId('decision') });
    expect(massReply).toMatchObject({ approveType: 'sms', decided: [mass.id] });
    for (let i = 0; i < 3; i += 1) await c.approver('approvePayment', { operationId: massReply.operationId, approvalCode: '000000' });
    expect(requestRow(mass.id).status).toBe('waiting');
    expect(rowStatus(requestRow(mass.id).held!)).toBe('processing');
    // The owner (approval mode none) approves it at once.
    expect((await c.owner('massTransactionRequestApprove', { batchId: mass.batchId, declined: false, requestId: requestId('decision') })).decided).toEqual([mass.id]);
  });
});
