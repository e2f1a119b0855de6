// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { sandboxClient } from './client';

/**
 * Who may act for whom (issue 46 item 1), written as the attacks that went through: an employee of
 * one company read another company's balances with fromCustomerId and moved 100.00 USD out of it;
 * an admin moved 50.00 USD out of a personal customer's account. Now a user acts for a company only
 * as its authorised user, with the rights of that relation (a user of two companies has two sets);
 * an admin reads and never moves money.
 */
let sb: Sandbox;
const { tokenOf, call } = sandboxClient(() => sb.url);
const requestId = (() => {
  let n = 0;
  return (tag: string) => `access-${tag}-${String((n += 1)).padStart(6, '0')}`;
})();
const infoOf = async (token: string) => (await call(token, 'customerInfo')).customer as { userId: number; customerId: number; isHaveRelatedAccounts: boolean; businessName: string };
const idOf = async (login: string) => (await infoOf(await tokenOf(login))).customerId;
/** The customer's balances read straight from the sandbox's state (what a refused call must leave alone). */
const balancesOf = (customerId: number) => sb.db.prepare('SELECT id, balance FROM accounts WHERE customer_id = ? ORDER BY id').all(customerId) as { id: number; balance: string }[];
const usdOf = (customerId: number) =>
  sb.db.prepare("SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND currency = 'USD' ORDER BY id LIMIT 1").get(customerId) as { id: number };
const DENIED = { responseCode: 'ENOA', responseDescription: 'You cannot act for this customer' };

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-access-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: who may act for whom (issue 46)', () => {
  it('an employee of one company is refused for another company of the brand: no balances, no history, no transfer, nothing moves', async () => {
    const approver = await tokenOf('approver@brand1.test');
    for (const other of ['globalpay@brand1.test', 'company-b@brand1.test']) {
      const company = await idOf(other);
      const before = balancesOf(company);
      expect(await call(approver, 'balanceInquiry', { fromCustomerId: company })).toEqual(DENIED);
      expect(await call(approver, 'userAccessInfoGet', { fromCustomerId: company })).toEqual(DENIED);
      expect(await call(approver, 'transactionHistory', { fromCustomerId: company, pageNumber: 1, pageSize: 10 })).toEqual(DENIED);
      const sent = await call(approver, 'p2pTransfer', { fromCustomerId: company, accountId: usdOf(company).id, toEmail: 'approver@brand1.test', amount: '100.00', requestId: requestId('p2p') });
      expect(sent).toEqual(DENIED);
      expect(balancesOf(company)).toEqual(before);
    }
    // Their own company is theirs to act for, with their rights there (level 4).
    const own = await idOf('business@brand1.test');
    expect(await call(approver, 'userAccessInfoGet', { fromCustomerId: own })).toMatchObject({ responseCode: '00', customer: { id: own }, accessRights: { transfers: 4 } });
  });

  it('an admin reads a customer of the brand but moves none of their money; nobody of another brand', async () => {
    const admin = await tokenOf('admin@brand1.test');
    const personal = await idOf('personal@brand1.test');
    const before = balancesOf(personal);
    expect((await call(admin, 'balanceInquiry', { fromCustomerId: personal })).responseCode).toBe('00');
    for (const [method, body] of [
      ['p2pTransfer', { accountId: usdOf(personal).id, toEmail: 'admin@brand1.test', amount: '50.00' }],
      ['ownAccountsTransfer', { fromAccount: usdOf(personal).id, toAccount: before[1]!.id, toAmount: '50.00' }],
      ['p2pMassTransfer', { accountId: usdOf(personal).id, onlySummary: false, textContent: 'simple@brand1.test,50.00' }],
    ] as const) {
      expect([method, await call(admin, method, { fromCustomerId: personal, ...body, requestId: requestId('admin') })]).toEqual([
        method,
        { responseCode: '13', responseDescription: 'Your access rights do not allow transfers', errors: ['Your access rights do not allow transfers'] },
      ]);
    }
    expect(balancesOf(personal)).toEqual(before);
    expect(await call(admin, 'balanceInquiry', { fromCustomerId: await idOf('personal@brand2.test') })).toEqual(DENIED);
  });

  it('a user of two companies acts for each with the rights given there; customer info names the first and says there are others', async () => {
    const token = await tokenOf('two-companies@brand2.test');
    const info = await infoOf(token);
    const business = await idOf('business@brand2.test');
    const companyB = await idOf('company-b@brand2.test');
    expect(info).toMatchObject({ customerId: business, isHaveRelatedAccounts: true });
    expect(info.userId).not.toBe(business);
    // business@'s company: read only (level 1): balances yes, transfers no.
    expect(await call(token, 'userAccessInfoGet', { fromCustomerId: business })).toMatchObject({ accessRights: { transfers: 1 }, accessList: { balanceInfo: 1 } });
    expect((await call(token, 'balanceInquiry', { fromCustomerId: business })).responseCode).toBe('00');
    const businessBefore = balancesOf(business);
    expect(await call(token, 'p2pTransfer', { fromCustomerId: business, accountId: usdOf(business).id, toEmail: 'personal@brand2.test', amount: '5.00', requestId: requestId('two') })).toMatchObject({ responseCode: '13' });
    expect(balancesOf(business)).toEqual(businessBefore);
    // company-b@'s: full access (level 2): the transfer moves.
    expect(await call(token, 'userAccessInfoGet', { fromCustomerId: companyB })).toMatchObject({ accessRights: { transfers: 2 }, customer: { id: companyB, name: 'Harbour Freight 2 Ltd' } });
    const usd = usdOf(companyB);
    const [row] = balancesOf(companyB).filter((a) => a.id === usd.id);
    expect(await call(token, 'p2pTransfer', { fromCustomerId: companyB, accountId: usd.id, toEmail: 'personal@brand2.test', amount: '5.00', requestId: requestId('two') })).toMatchObject({ responseCode: '00', status: 'completed' });
    expect(balancesOf(companyB).find((a) => a.id === usd.id)!.balance).not.toBe(row!.balance);
    // A third company of the brand: refused.
    expect(await call(token, 'balanceInquiry', { fromCustomerId: await idOf('globalpay@brand2.test') })).toEqual(DENIED);
  });

  it('the second company’s own user acts for it only; an employee holds nothing of their own', async () => {
    const token = await tokenOf('company-b-user@brand3.test');
    const info = await infoOf(token);
    expect(info).toMatchObject({ customerId: await idOf('company-b@brand3.test'), isHaveRelatedAccounts: false, businessName: 'Harbour Freight 3 Ltd' });
    expect((await call(token, 'balanceInquiry', { fromCustomerId: info.customerId })).responseCode).toBe('00');
    expect(await call(token, 'balanceInquiry', { fromCustomerId: await idOf('business@brand3.test') })).toEqual(DENIED);
    // For themselves (no company chosen): no balances, no transfers.
    expect((await call(token, 'balanceInquiry', { fromCustomerId: info.userId })).responseCode).toBe('ENOA');
    expect(await call(token, 'userAccessInfoGet', { fromCustomerId: info.userId })).toMatchObject({ accessRights: { transfers: 0, balanceInfo: 0 } });
  });

  it('customer info names the kind (002 s3): personal 0, old business 1, business 2; an employee works for a business', async () => {
    const kindOf = async (login: string) => ((await call(await tokenOf(login), 'customerInfo')).customer as { customerType: number }).customerType;
    expect(await kindOf('personal@brand1.test')).toBe(0);
    expect(await kindOf('old-business@brand1.test')).toBe(1);
    expect(await kindOf('business@brand1.test')).toBe(2);
    expect(await kindOf('employee@brand1.test')).toBe(2);
  });
});
