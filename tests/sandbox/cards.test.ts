// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { openDb } from '../../sandbox/db.ts';
import { seed } from '../../sandbox/seed.ts';
import { sandboxClient, REUSED_ON_ANOTHER_CALL, REUSED_WITH_OTHER_DETAILS } from './client';

/**
 * The cards area of the sandbox (docs/decisions.md "Cards (issue 18, the calls and actions)",
 * "Idempotent submits"): the sandbox's own status table, PINs, reissue, activation, bins,
 * external cards, card offers and loads. Every reply is validated against api-schemas/main.yaml
 * by the sandbox itself (a reply that breaks the contract is a 500, which `call` refuses).
 * Tests that change a customer's cards or money each take their own brand's cards@ user (or cards
 * the other tests of that user leave alone), so they do not depend on each other's changes.
 */
/** The sandbox's clock (24 November 2026, 10:00 UTC): tests move it to expire a PIN request. */
let clock = Date.UTC(2026, 10, 24, 10);
let sb: Sandbox;
let dir: string;

interface Account {
  accountId: number;
  type: number;
  subType?: string;
  accountStatusId: number;
  balance: string;
  currencyCode: string;
  cardIsVirtual?: boolean;
  cardAliasName?: string;
  cardExpiryMonth?: number;
  cardExpiryYear?: number;
  cardReissuedStatusId?: number;
  settlementAccountId?: number;
}

const { post, tokenOf, call, unprocessable } = sandboxClient(() => sb.url);
const accountsOf = async (token: string): Promise<Account[]> => (await call(token, 'balanceInquiry')).accounts;
const card = (accounts: Account[], alias: string): Account => {
  const found = accounts.find((a) => a.cardAliasName === alias);
  if (!found) throw new Error(`no card named ${alias}`);
  return found;
};
const payment = (accounts: Account[], currency: string): Account => {
  const found = accounts.find((a) => a.type === 1001 && a.currencyCode === currency);
  if (!found) throw new Error(`no ${currency} payment account`);
  return found;
};
const customerId = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
const column = (id: number, name: string) => (sb.db.prepare(`SELECT ${name} AS v FROM accounts WHERE id = ?`).get(id) as { v: unknown }).v;
const codeOf = (reply: { responseCode: string }) => reply.responseCode;
const paramOf = (reply: { validationErrors?: { param: string }[] }) => reply.validationErrors?.[0]?.param;
const lastFour = (accountId: number) => String(accountId % 10000).padStart(4, '0');
const obvious = (pin: string) => /^(\d)\1{3}$/.test(pin) || '0123456789'.includes(pin) || '9876543210'.includes(pin);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-cards-'));
  sb = await createSandbox({ dbPath: join(dir, 'db.sqlite'), now: () => clock });
});
afterAll(() => sb.close());

describe('sandbox: card demo data', () => {
  it('cards@ has a card in every status, each with a unique alias, an expiry and a PIN; one-card@ has one card', async () => {
    const accounts = await accountsOf(await tokenOf('cards@brand1.test'));
    const cards = accounts.filter((a) => a.type >= 2006 && a.type <= 2135);
    expect(new Set(cards.map((c) => c.accountStatusId))).toEqual(new Set([0, 2, 4, 18, 19, 20, 21, 23, 27, 38, 41, 65, 71]));
    expect(new Set(cards.map((c) => c.cardAliasName)).size).toBe(cards.length);
    expect(cards.every((c) => c.cardExpiryMonth && c.cardExpiryYear)).toBe(true);
    expect(cards.every((c) => /^\d{4}$/.test(String(column(c.accountId, 'card_pin'))))).toBe(true);
    expect(payment(accounts, 'USD').balance).toBe('5000.00');
    expect(payment(accounts, 'EUR').balance).toBe('1200.00');
    expect(card(accounts, 'Everyday card')).toMatchObject({ type: 2010, subType: 'PREPAID', accountStatusId: 2, balance: '820.00', cardExpiryMonth: 11, cardExpiryYear: 2028, cardIsVirtual: false });
    expect(card(accounts, 'Reissued card').cardReissuedStatusId).toBe(19);
    expect(card(accounts, 'Online card')).toMatchObject({ type: 2020, cardIsVirtual: true, currencyCode: 'EUR' });
    expect(card(accounts, 'Debit card')).toMatchObject({ subType: 'DEBIT', settlementAccountId: payment(accounts, 'USD').accountId });
    const one = await accountsOf(await tokenOf('one-card@brand1.test'));
    expect(one.map((a) => a.cardAliasName ?? a.currencyCode)).toEqual(['USD', 'Only card']);
    expect(card(one, 'Only card')).toMatchObject({ type: 2010, accountStatusId: 2, balance: '25.00' });
  });

  it('the seed is deterministic: two fresh sandboxes give the same cards the same PINs, none obvious; rich users’ cards have PINs', () => {
    const fresh = () => openDb(join(mkdtempSync(join(tmpdir(), 'sandbox-cards-seed-')), 'db.sqlite'), seed);
    const a = fresh();
    const b = fresh();
    const pins = (db: typeof a) => db.prepare('SELECT id, card_pin FROM accounts WHERE type BETWEEN 2006 AND 2135 ORDER BY id').all() as { id: number; card_pin: string | null }[];
    const first = pins(a);
    expect(first.length).toBeGreaterThan(100);
    expect(pins(b)).toEqual(first);
    expect(first.every((r) => r.card_pin !== null && /^\d{4}$/.test(r.card_pin) && !obvious(r.card_pin))).toBe(true);
    const rich = a.prepare("SELECT a.card_pin FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE c.login = 'personal@brand1.test' AND a.type BETWEEN 2006 AND 2135").all();
    expect(rich).toHaveLength(2);
    a.close();
    b.close();
  });
});

describe('sandbox: card statuses (the sandbox’s own table)', () => {
  it('pause: active or expired only; unpause: paused only; block: active, paused, expired only', async () => {
    const token = await tokenOf('cards@brand1.test');
    const accounts = await accountsOf(token);
    const id = (alias: string) => card(accounts, alias).accountId;
    const paused = await call(token, 'cardPause', { accountId: id('Everyday card') });
    expect(paused).toMatchObject({ responseCode: '00', account: { accountId: id('Everyday card'), accountStatusId: 71 } });
    expect((await call(token, 'cardPause', { accountId: id('Old card') })).account.accountStatusId).toBe(71);
    expect((await call(token, 'cardPause', { accountId: id('Debit card') })).account.accountStatusId).toBe(71); // debit: same table
    for (const alias of ['Weekend card', 'Submitted card', 'Fraud card', 'Blocked card', 'New card', 'Limited card']) {
      expect([alias, codeOf(await call(token, 'cardPause', { accountId: id(alias) }))]).toEqual([alias, '13']);
    }
    const refusal = await call(token, 'cardPause', { accountId: id('Printing card') });
    expect(refusal).toMatchObject({ responseCode: '13', responseDescription: 'This card does not allow that in its current status' });

    expect((await call(token, 'cardUnpause', { accountId: id('Weekend card') })).account.accountStatusId).toBe(2);
    expect((await call(token, 'cardUnpause', { accountId: id('Everyday card') })).account.accountStatusId).toBe(2);
    for (const alias of ['Everyday card', 'Submitted card', 'Fraud card', 'Blocked card', 'Printed card']) {
      expect([alias, codeOf(await call(token, 'cardUnpause', { accountId: id(alias) }))]).toEqual([alias, '13']);
    }

    expect((await call(token, 'cardBlock', { accountId: id('Weekend card') })).account.accountStatusId).toBe(4);
    expect((await call(token, 'cardBlock', { accountId: id('Subscriptions card') })).account.accountStatusId).toBe(4); // paused
    expect((await call(token, 'cardBlock', { accountId: id('Old card') })).account.accountStatusId).toBe(4); // paused (was expired)
    for (const alias of ['Weekend card', 'Fraud card', 'Submitted card', 'Limited card', 'Pending card', 'Processing card', 'Documents card', 'New card']) {
      expect([alias, codeOf(await call(token, 'cardBlock', { accountId: id(alias) }))]).toEqual([alias, '13']);
    }
    const after = await accountsOf(token);
    expect(card(after, 'Fraud card').accountStatusId).toBe(18);
    expect(card(after, 'Weekend card').accountStatusId).toBe(4);
  });

  it('block, PIN change and reissue wait for the approval in the customer’s mode; checked again when approved', async () => {
    const login = 'approve-sms@brand3.test';
    const token = await tokenOf(login);
    const physical = (await accountsOf(token)).find((a) => a.type >= 2006 && a.type <= 2135 && !a.cardIsVirtual && a.accountStatusId === 2)!;
    const waiting = async () =>
      ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string } }[] }).approvals;
    const status = async () => (await accountsOf(token)).find((a) => a.accountId === physical.accountId)!.accountStatusId;

    // A PIN change is checked at once (a mismatch never waits), then held: the PIN is the old one until the code.
    expect(paramOf(await call(token, 'cardChangePin', { accountId: physical.accountId, pin: '4821', pinRepeat: '4822', confirm: true }))).toBe('pinRepeat');
    const oldPin = column(physical.accountId, 'card_pin');
    const held = await call(token, 'cardChangePin', { accountId: physical.accountId, pin: '4821', pinRepeat: '4821', confirm: true });
    expect(held).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String), approvalSentTo: expect.stringMatching(/^\+40/) });
    expect(held.account).toBeUndefined();
    expect(column(physical.accountId, 'card_pin')).toBe(oldPin);
    const [pinOp] = await waiting();
    expect(pinOp!.work.kind).toBe('cardChangePin');
    expect(codeOf(await call(token, 'approvePayment', { operationId: held.operationId, approvalCode: '000000' }))).toBe('13');
    expect(await call(token, 'approvePayment', { operationId: held.operationId, approvalCode: pinOp!.code })).toMatchObject({ responseCode: '00', status: 'completed' });
    expect(column(physical.accountId, 'card_pin')).toBe('4821');

    // A reissue and a block wait the same way; nothing changes before the code.
    const reissue = await call(token, 'cardReissue', { accountId: physical.accountId, isExpressShipping: true });
    const block = await call(token, 'cardBlock', { accountId: physical.accountId });
    expect(block).toMatchObject({ responseCode: '00', approveType: 'sms' });
    expect(await status()).toBe(2);
    const codes = Object.fromEntries((await waiting()).map((a) => [a.operationId, a.code]));
    await call(token, 'approvePayment', { operationId: block.operationId, approvalCode: codes[block.operationId] });
    expect(await status()).toBe(4);
    // The reissue approved after the block: the card no longer allows it, so the approval fails and nothing is ordered.
    const late = await call(token, 'approvePayment', { operationId: reissue.operationId, approvalCode: codes[reissue.operationId] });
    expect(late).toMatchObject({ responseCode: '13', responseDescription: 'This card does not allow that in its current status' });
    expect(column(physical.accountId, 'card_reissued_status_id')).toBeNull();
  });

  it('showing the PIN waits for the approval in the customer’s mode like a PIN change (issue 46): no PIN before the code, the PIN after it', async () => {
    const login = 'approve-sms@brand4.test';
    const token = await tokenOf(login);
    const physical = (await accountsOf(token)).find((a) => a.type >= 2006 && a.type <= 2135 && !a.cardIsVirtual && a.accountStatusId === 2)!;
    const asked = await call(token, 'cardShowPin', { accountId: physical.accountId });
    expect(asked).toMatchObject({ responseCode: '00', approveType: 'sms', operationId: expect.any(String), approvalSentTo: expect.stringMatching(/^\+40/) });
    // Before the code: no PIN for that operation.
    expect(paramOf(await call(token, 'cardGetPin', { accountId: physical.accountId, operationId: asked.operationId }))).toBe('operationId');
    const approvals = ((await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { operationId: string; code: string; work: { kind: string } }[] }).approvals;
    const held = approvals.find((a) => a.operationId === asked.operationId)!;
    expect(held.work.kind).toBe('cardShowPin');
    expect(codeOf(await call(token, 'approvePayment', { operationId: asked.operationId, approvalCode: '000000' }))).toBe('13');
    expect(paramOf(await call(token, 'cardGetPin', { accountId: physical.accountId, operationId: asked.operationId }))).toBe('operationId');
    expect(await call(token, 'approvePayment', { operationId: asked.operationId, approvalCode: held.code })).toMatchObject({ responseCode: '00', status: 'completed' });
    expect(await call(token, 'cardGetPin', { accountId: physical.accountId, operationId: asked.operationId })).toMatchObject({ responseCode: '00', pinCode: expect.stringMatching(/^\d{4}$/) });
    // Another card with the same operation: nothing.
    const other = (await accountsOf(token)).find((a) => a.type >= 2006 && a.type <= 2135 && a.accountId !== physical.accountId);
    if (other) expect(codeOf(await call(token, 'cardGetPin', { accountId: other.accountId, operationId: asked.operationId }))).not.toBe('00');
  });

  it('show PIN, then get PIN with its operation id (5 minutes); refused on virtual cards and on cards not in use', async () => {
    const token = await tokenOf('cards@brand1.test');
    const accounts = await accountsOf(token);
    const id = (alias: string) => card(accounts, alias).accountId;
    const asked = await call(token, 'cardShowPin', { accountId: id('Everyday card') });
    expect(asked).toMatchObject({ responseCode: '00', approveType: 'none' });
    expect(asked.operationId).toMatch(/^[0-9a-f]{32}$/);
    const got = await call(token, 'cardGetPin', { accountId: id('Everyday card'), operationId: asked.operationId });
    expect(got.responseCode).toBe('00');
    expect(got.pinCode).toBe(column(id('Everyday card'), 'card_pin'));
    expect(obvious(got.pinCode)).toBe(false);
    // Another card's operation, or a made-up one, gives no PIN.
    expect(paramOf(await call(token, 'cardGetPin', { accountId: id('Reissued card'), operationId: asked.operationId }))).toBe('operationId');
    expect(paramOf(await call(token, 'cardGetPin', { accountId: id('Everyday card'), operationId: 'made-up' }))).toBe('operationId');
    for (const alias of ['Online card', 'Fraud card', 'Blocked card', 'Submitted card', 'New card', 'Limited card', 'Printing card']) {
      expect([alias, codeOf(await call(token, 'cardShowPin', { accountId: id(alias) }))]).toEqual([alias, '13']);
    }
    // A paused card is in the customer's hands: its PIN can be seen (expired ones: the change PIN test).
    expect(codeOf(await call(token, 'cardShowPin', { accountId: id('Debit card') }))).toBe('00'); // paused above
    const reissued = await call(token, 'cardShowPin', { accountId: id('Reissued card') });
    expect(reissued.responseCode).toBe('00');
    clock += 5 * 60 * 1000 + 1000;
    const later = await tokenOf('cards@brand1.test');
    expect(paramOf(await call(later, 'cardGetPin', { accountId: id('Reissued card'), operationId: reissued.operationId }))).toBe('operationId');
  });

  it('nobody acts on another customer’s card (ENOA), nor on an account that is not a card; an admin acts for a customer they administer', async () => {
    const theirs = await accountsOf(await tokenOf('cards@brand2.test'));
    const everyday = card(theirs, 'Everyday card').accountId;
    const other = await tokenOf('one-card@brand2.test');
    for (const [method, body] of [
      ['cardPause', { accountId: everyday }],
      ['cardBlock', { accountId: everyday }],
      ['cardShowPin', { accountId: everyday }],
      ['cardSetAlias', { accountId: everyday, cardAliasName: 'Mine now' }],
      ['cardActivationData', { accountId: card(theirs, 'New card').accountId }],
      ['cardActivation', { accountId: card(theirs, 'New card').accountId, feeAccountId: payment(theirs, 'USD').accountId, extraParams: { lastFourDigits: lastFour(card(theirs, 'New card').accountId) }, requestId: 'enoa-activation-1' }],
      ['ownAccountsFee', { amount: '1.00', fromAccountId: payment(theirs, 'USD').accountId, toAccountId: everyday }],
    ] as const) {
      expect([method, codeOf(await call(other, method, body))]).toEqual([method, 'ENOA']);
    }
    const mine = await accountsOf(other);
    expect(codeOf(await call(other, 'ownAccountsTransfer', { fromAccount: payment(mine, 'USD').accountId, toAccount: everyday, toAmount: '1.00', requestId: 'enoa-transfer-1' }))).toBe('ENOA');
    expect(codeOf(await call(other, 'cardPause', { accountId: payment(mine, 'USD').accountId }))).toBe('ENOA'); // not a card
    expect(card(await accountsOf(await tokenOf('cards@brand2.test')), 'Everyday card').accountStatusId).toBe(2);
    expect(codeOf(await call(await tokenOf('business@brand2.test'), 'cardPause', { accountId: everyday, fromCustomerId: customerId('cards@brand2.test') }))).toBe('ENOA');
    // An admin acts only for the customers they administer (issue 52): cards@ is not one of admin@'s
    // seeded 30 (sandbox/seed-company.ts), until the table says so.
    const adminToken = await tokenOf('admin@brand2.test');
    expect(codeOf(await call(adminToken, 'cardPause', { accountId: everyday, fromCustomerId: customerId('cards@brand2.test') }))).toBe('ENOA');
    sb.db.prepare('INSERT INTO admin_customers (admin_id, customer_id) VALUES (?, ?)').run(customerId('admin@brand2.test'), customerId('cards@brand2.test'));
    const admin = await call(adminToken, 'cardPause', { accountId: everyday, fromCustomerId: customerId('cards@brand2.test') });
    expect(admin.account.accountStatusId).toBe(71);
  });
});

describe('sandbox: change PIN and card name', () => {
  it('change PIN: typed twice, confirmed, not obvious, on a physical card in use; the new PIN is then shown', async () => {
    const token = await tokenOf('cards@brand3.test');
    const accounts = await accountsOf(token);
    const id = (alias: string) => card(accounts, alias).accountId;
    const change = (alias: string, pin: string, pinRepeat = pin, confirm = true) => call(token, 'cardChangePin', { accountId: id(alias), pin, pinRepeat, confirm });
    expect(paramOf(await change('Everyday card', '4831', '4832'))).toBe('pinRepeat');
    expect(paramOf(await change('Everyday card', '4831', '4831', false))).toBe('confirm');
    for (const pin of ['1111', '0000', '1234', '2345', '6789', '9876', '3210', '0123']) {
      expect([pin, paramOf(await change('Everyday card', pin))]).toEqual([pin, 'pin']);
    }
    for (const alias of ['Online card', 'Fraud card', 'Blocked card', 'Submitted card', 'New card']) {
      expect([alias, codeOf(await change(alias, '4831'))]).toEqual([alias, '13']);
    }
    const before = column(id('Everyday card'), 'card_pin');
    expect(before).not.toBe('4831');
    expect(await change('Everyday card', '4831')).toMatchObject({ responseCode: '00', approveType: 'none' });
    expect(codeOf(await change('Weekend card', '1357'))).toBe('00'); // paused
    expect(codeOf(await change('Old card', '2468'))).toBe('00'); // expired
    const expired = await call(token, 'cardShowPin', { accountId: id('Old card') });
    expect((await call(token, 'cardGetPin', { accountId: id('Old card'), operationId: expired.operationId })).pinCode).toBe('2468');
    const { operationId } = await call(token, 'cardShowPin', { accountId: id('Everyday card') });
    expect((await call(token, 'cardGetPin', { accountId: id('Everyday card'), operationId })).pinCode).toBe('4831');
  });

  it('card name: trimmed, not empty, on any card but a cancelled or fraud one', async () => {
    const token = await tokenOf('cards@brand3.test');
    const accounts = await accountsOf(token);
    const id = (alias: string) => card(accounts, alias).accountId;
    const named = await call(token, 'cardSetAlias', { accountId: id('Submitted card'), cardAliasName: '  Groceries  ' });
    expect(named).toMatchObject({ responseCode: '00', account: { accountId: id('Submitted card'), cardAliasName: 'Groceries' } });
    expect(paramOf(await call(token, 'cardSetAlias', { accountId: id('Printing card'), cardAliasName: '   ' }))).toBe('cardAliasName');
    expect(codeOf(await call(token, 'cardSetAlias', { accountId: id('Blocked card'), cardAliasName: 'Nope' }))).toBe('13');
    expect(codeOf(await call(token, 'cardSetAlias', { accountId: id('Fraud card'), cardAliasName: 'Nope' }))).toBe('13');
    const after = await accountsOf(token);
    expect(after.find((a) => a.accountId === id('Submitted card'))?.cardAliasName).toBe('Groceries');
    expect(after.find((a) => a.accountId === id('Printing card'))?.cardAliasName).toBe('Printing card');
  });
});

describe('sandbox: reissue and activation', () => {
  it('reissue a physical card in use once (a repeat changes nothing), then upgrade its shipping to express once', async () => {
    const token = await tokenOf('cards@brand4.test');
    const accounts = await accountsOf(token);
    const id = (alias: string) => card(accounts, alias).accountId;
    const first = await call(token, 'cardReissue', { accountId: id('Everyday card'), isExpressShipping: false });
    expect(first).toMatchObject({ responseCode: '00', approveType: 'none', account: { accountId: id('Everyday card'), cardReissuedStatusId: 0, accountStatusId: 2 } });
    expect(column(id('Everyday card'), 'card_express')).toBe(0);
    const repeat = await call(token, 'cardReissue', { accountId: id('Everyday card'), isExpressShipping: true });
    expect(repeat).toEqual(first);
    expect(column(id('Everyday card'), 'card_express')).toBe(0);
    expect((await call(token, 'cardUpgradeReissueShipping', { accountId: id('Everyday card') })).account).toEqual(first.account);
    expect(column(id('Everyday card'), 'card_express')).toBe(1);
    expect(codeOf(await call(token, 'cardUpgradeReissueShipping', { accountId: id('Everyday card') }))).toBe('00');
    expect(column(id('Everyday card'), 'card_express')).toBe(1);

    // Express from the start; an expired card can be reissued; a reissue already printing is kept.
    await call(token, 'cardReissue', { accountId: id('Old card'), isExpressShipping: true });
    expect([column(id('Old card'), 'card_reissued_status_id'), column(id('Old card'), 'card_express')]).toEqual([0, 1]);
    expect((await call(token, 'cardReissue', { accountId: id('Reissued card'), isExpressShipping: false })).account.cardReissuedStatusId).toBe(19);
    expect((await call(token, 'cardUpgradeReissueShipping', { accountId: id('Reissued card') })).account.cardReissuedStatusId).toBe(19);
    expect(column(id('Reissued card'), 'card_express')).toBe(1);

    for (const alias of ['Online card', 'Fraud card', 'Blocked card', 'Submitted card', 'New card', 'Limited card']) {
      expect([alias, codeOf(await call(token, 'cardReissue', { accountId: id(alias), isExpressShipping: false }))]).toEqual([alias, '13']);
    }
    expect(codeOf(await call(token, 'cardUpgradeReissueShipping', { accountId: id('Weekend card') }))).toBe('13'); // no reissue under way
    expect(codeOf(await call(token, 'cardUpgradeReissueShipping', { accountId: id('Online card') }))).toBe('13');
    // Once the card is blocked its reissue is not upgraded.
    await call(token, 'cardReissue', { accountId: id('Weekend card'), isExpressShipping: false });
    expect(codeOf(await call(token, 'cardBlock', { accountId: id('Weekend card') }))).toBe('00');
    expect(codeOf(await call(token, 'cardUpgradeReissueShipping', { accountId: id('Weekend card') }))).toBe('13');
    expect(column(id('Weekend card'), 'card_express')).toBe(0);
  });

  it('activation data: a shipped physical card only', async () => {
    const token = await tokenOf('cards@brand4.test');
    const accounts = await accountsOf(token);
    const data = await call(token, 'cardActivationData', { accountId: card(accounts, 'New card').accountId });
    expect(data).toEqual({ responseCode: '00', fees: '5.00', feeCurrency: 'USD', extraParams: [{ name: 'lastFourDigits', required: true, pattern: '^\\d{4}$' }] });
    for (const alias of ['Everyday card', 'Submitted card', 'Printed card', 'Online card']) {
      expect([alias, codeOf(await call(token, 'cardActivationData', { accountId: card(accounts, alias).accountId }))]).toEqual([alias, '13']);
    }
  });

  it('activation: right last four digits and an own open USD payment account with the fee; returns the PIN once, charges once', async () => {
    const login = 'cards@brand4.test';
    const token = await tokenOf(login);
    const accounts = await accountsOf(token);
    const fresh = card(accounts, 'New card').accountId;
    const usd = payment(accounts, 'USD').accountId;
    const activate = (extra: Record<string, unknown>, requestId: string) =>
      call(token, 'cardActivation', { accountId: fresh, feeAccountId: usd, extraParams: { lastFourDigits: lastFour(fresh) }, requestId, ...extra });
    const wrongDigits = String((Number(lastFour(fresh)) + 1) % 10000).padStart(4, '0');
    expect(paramOf(await activate({ extraParams: { lastFourDigits: wrongDigits } }, 'act-wrong-digits'))).toBe('lastFourDigits');
    expect(paramOf(await activate({ extraParams: {} }, 'act-no-digits'))).toBe('lastFourDigits');
    expect(paramOf(await activate({ feeAccountId: payment(accounts, 'EUR').accountId }, 'act-eur-account'))).toBe('feeAccountId');
    expect(paramOf(await activate({ feeAccountId: card(accounts, 'Everyday card').accountId }, 'act-card-account'))).toBe('feeAccountId');
    sb.db.prepare("UPDATE accounts SET balance = '4.99' WHERE id = ?").run(usd);
    expect(paramOf(await activate({}, 'act-poor-account'))).toBe('feeAccountId');
    sb.db.prepare("UPDATE accounts SET balance = '5000.00' WHERE id = ?").run(usd);
    // A refused attempt is not kept: the same requestId, corrected, goes through.
    const done = await activate({}, 'act-wrong-digits');
    expect(done.responseCode).toBe('00');
    expect(done.pinCode).toMatch(/^\d{4}$/);
    expect(done.pinCode).toBe(column(fresh, 'card_pin'));
    let after = await accountsOf(token);
    expect(card(after, 'New card').accountStatusId).toBe(2);
    expect(payment(after, 'USD').balance).toBe('4995.00');
    // The same submit again: the first reply, nothing charged again.
    expect(await activate({}, 'act-wrong-digits')).toEqual(done);
    after = await accountsOf(token);
    expect(payment(after, 'USD').balance).toBe('4995.00');
    const fees = sb.db.prepare("SELECT amount FROM transactions WHERE account_id = ? AND type = 'fee'").all(usd);
    expect(fees).toEqual([{ amount: '-5.00' }]);
    // A new submit: the card is no longer waiting for activation; a requestId of another call is refused.
    expect(codeOf(await activate({}, 'act-second-submit'))).toBe('13');
    expect(await unprocessable(token, 'cardApply', { cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: true, requestId: 'act-wrong-digits' })).toEqual(REUSED_ON_ANOTHER_CALL);
  });
});

describe('sandbox: bins and external cards', () => {
  it('bin info: known bins with issuer, brand, type and country; AMEX not accepted; unknown ones not valid', async () => {
    const token = await tokenOf('cards@brand5.test');
    const visa = await call(token, 'binInfo', { binNumber: '411111' });
    expect(visa.binInfo).toMatchObject({ binNumber: '411111', valid: true, cardBrand: 'VISA', cardType: 'CREDIT', cardCategory: 'CLASSIC', countryCode: 'US', currencyCode: 'USD' });
    expect(visa.binInfo.issuer).toEqual(expect.any(String));
    expect((await call(token, 'binInfo', { binNumber: '520082' })).binInfo).toMatchObject({ cardBrand: 'MASTERCARD', cardType: 'DEBIT', countryCode: 'GB', currencyCode: 'GBP' });
    expect((await call(token, 'binInfo', { binNumber: '622126' })).binInfo).toMatchObject({ cardBrand: 'UPI', countryCode: 'CN' });
    expect((await call(token, 'binInfo', { binNumber: '510510' })).binInfo).toMatchObject({ isPrepaid: true, valid: true });
    expect((await call(token, 'binInfo', { binNumber: '378282' })).binInfo).toMatchObject({ cardBrand: 'AMEX', valid: false });
    expect(await call(token, 'binInfo', { binNumber: '999999' })).toEqual({ responseCode: '00', binInfo: { binNumber: '999999', valid: false } });
  });

  it('adding a card: Luhn, expiry, accepted bin, not twice; kept masked (never the full number)', async () => {
    const token = await tokenOf('cards@brand5.test');
    const add = (cardNumber: string, month = 12, year = 2030) => call(token, 'externalCardAdd', { cardNumber, cardExpiryMonth: month, cardExpiryYear: year, cardHolderName: 'Ana Demo 5' });
    const listed = await call(token, 'externalCardList');
    expect(listed.cards.map((c: { cardNumber: string; confirmed: boolean }) => [c.cardNumber, c.confirmed])).toEqual([
      ['424242••••••4242', true],
      ['555555••••••4444', false],
    ]);
    expect(paramOf(await call(token, 'externalCardAdd', { cardNumber: '4111111111111111', cardExpiryMonth: 12, cardExpiryYear: 2030, cardHolderName: '   ' }))).toBe('cardHolderName');
    expect(await add('4242424242424241')).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'cardNumber', description: 'This card number is not valid' }] });
    expect(paramOf(await add('4111111111111111', 10, 2026))).toBe('cardExpiryMonth'); // last month
    expect(paramOf(await add('4111111111111111', 12, 2025))).toBe('cardExpiryMonth');
    expect((await add('378282246310005')).validationErrors[0]).toEqual({ param: 'cardNumber', description: 'Cards of this kind cannot be added' });
    expect((await add('6011111111111117')).validationErrors[0].description).toBe('Cards of this kind cannot be added'); // unknown bin
    expect((await add('4242424242424242')).validationErrors[0]).toEqual({ param: 'cardNumber', description: 'This card has already been added' });
    const added = await add('4111111111111111', 11, 2026); // this month still counts
    expect(added).toMatchObject({ responseCode: '00', card: { cardNumber: '411111••••••1111', cardBrand: 'VISA', confirmed: false, cardExpiryMonth: 11, cardExpiryYear: 2026, cardHolderName: 'Ana Demo 5' } });
    const short = await add('4111110000008'); // 13 digits: shown as typed
    expect(short.card.cardNumber).toBe('4111110000008');
    expect((await call(token, 'externalCardList')).cards).toHaveLength(4);
    const stored = JSON.stringify(sb.db.prepare('SELECT * FROM external_cards WHERE customer_id = ?').all(customerId('cards@brand5.test')));
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('4242424242424242');
    // Another customer may add the same card (the duplicate check is per customer).
    expect(codeOf(await call(await tokenOf('one-card@brand5.test'), 'externalCardAdd', { cardNumber: '4111111111111111', cardExpiryMonth: 12, cardExpiryYear: 2030, cardHolderName: 'Someone Else' }))).toBe('00');
  });

  it('confirming: the amount charged (exact decimals), three attempts, then locked; ENOA for another customer’s card', async () => {
    const token = await tokenOf('cards@brand6.test');
    const cards = (await call(token, 'externalCardList')).cards as { cardId: number; cardNumber: string; confirmed: boolean }[];
    const visa = cards.find((c) => c.confirmed)!;
    const mc = cards.find((c) => !c.confirmed)!;
    expect(await call(token, 'cardConfirmRequirements', { cardId: visa.cardId })).toMatchObject({ responseCode: '00', requirements: [], attemptsLeft: 3 });
    expect(await call(token, 'cardConfirmRequirements', { cardId: mc.cardId })).toMatchObject({ responseCode: '00', card: { cardId: mc.cardId, confirmed: false }, requirements: ['verificationAmount'], currencyCode: 'USD', attemptsLeft: 3 });
    expect(await call(token, 'cardConfirm', { cardId: visa.cardId, verificationAmount: '0.01' })).toMatchObject({ responseCode: '00', card: { confirmed: true } });

    const added = await call(token, 'externalCardAdd', { cardNumber: '4000056655665556', cardExpiryMonth: 1, cardExpiryYear: 2031, cardHolderName: 'Ana Demo 6' });
    const id = added.card.cardId as number;
    const amount = `1.${10 + (id % 90)}`;
    const wrong = await call(token, 'cardConfirm', { cardId: id, verificationAmount: '9.99' });
    expect(paramOf(wrong)).toBe('verificationAmount');
    expect(wrong.validationErrors[0].description).toContain('2 attempts left');
    expect((await call(token, 'cardConfirmRequirements', { cardId: id })).attemptsLeft).toBe(2);
    const right = await call(token, 'cardConfirm', { cardId: id, verificationAmount: `${amount}0` }); // '1.170' equals '1.17'
    expect(right).toMatchObject({ responseCode: '00', card: { cardId: id, confirmed: true } });
    expect((await call(token, 'cardConfirmRequirements', { cardId: id })).requirements).toEqual([]);

    // Three wrong amounts lock the card: even the right one is refused after that.
    const right6 = sb.db.prepare('SELECT verification_amount AS v FROM external_cards WHERE id = ?').get(mc.cardId) as { v: string };
    for (const left of [2, 1, 0]) {
      const reply = await call(token, 'cardConfirm', { cardId: mc.cardId, verificationAmount: '0.05' });
      expect([left, paramOf(reply)]).toEqual([left, 'verificationAmount']);
      expect((await call(token, 'cardConfirmRequirements', { cardId: mc.cardId })).attemptsLeft).toBe(left);
    }
    expect(await call(token, 'cardConfirm', { cardId: mc.cardId, verificationAmount: right6.v })).toEqual({ responseCode: '13', responseDescription: 'Too many wrong amounts: contact support' });

    const other = await tokenOf('one-card@brand6.test');
    expect(codeOf(await call(other, 'cardConfirmRequirements', { cardId: mc.cardId }))).toBe('ENOA');
    expect(codeOf(await call(other, 'cardConfirm', { cardId: id, verificationAmount: amount }))).toBe('ENOA');
    expect((await call(other, 'externalCardList')).cards).toEqual([]);
  });
});

describe('sandbox: applying for a card', () => {
  it('offers: UPI only without a country or for CN, HK, SG', async () => {
    const token = await tokenOf('one-card@brand3.test');
    const networks = async (body: Record<string, unknown>) => (await call(token, 'applyForCardInfo', body)).offers.map((o: { cardNetwork: string }) => o.cardNetwork);
    expect(await networks({})).toContain('UPI');
    expect(await networks({ countryCode: 'SG' })).toContain('UPI');
    expect(await networks({ countryCode: 'RO' })).not.toContain('UPI');
    const offers = (await call(token, 'applyForCardInfo', { countryCode: 'RO' })).offers;
    expect(offers).toContainEqual({ cardNetwork: 'MC', applyType: 2, currencyCode: 'USD', cardIsVirtual: false, fee: '0.00' });
    expect(offers).toContainEqual({ cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: false, fee: '10.00' });
  });

  it('apply: only an offer; debit needs an own payment account in its currency; virtual is active at once; a repeat creates nothing', async () => {
    const token = await tokenOf('cards@brand3.test');
    const accounts = await accountsOf(token);
    const usd = payment(accounts, 'USD').accountId;
    const apply = (body: Record<string, unknown>, requestId: string) => call(token, 'cardApply', { ...body, requestId });
    expect(paramOf(await apply({ cardNetwork: 'VISA', applyType: 2, currencyCode: 'USD' }, 'apply-visa-debit'))).toBe('cardNetwork');
    expect(paramOf(await apply({ cardNetwork: 'MC', applyType: 1, currencyCode: 'USD' }, 'apply-mc-usd'))).toBe('cardNetwork');
    expect(paramOf(await apply({ cardNetwork: 'MC', applyType: 2, currencyCode: 'USD' }, 'apply-debit-none'))).toBe('settlementAccountId');
    expect(paramOf(await apply({ cardNetwork: 'MC', applyType: 2, currencyCode: 'USD', settlementAccountId: payment(accounts, 'EUR').accountId }, 'apply-debit-eur'))).toBe('settlementAccountId');
    expect(paramOf(await apply({ cardNetwork: 'MC', applyType: 2, currencyCode: 'USD', settlementAccountId: card(accounts, 'Everyday card').accountId }, 'apply-debit-card'))).toBe('settlementAccountId');
    const otherUsd = payment(await accountsOf(await tokenOf('one-card@brand3.test')), 'USD').accountId;
    expect(paramOf(await apply({ cardNetwork: 'MC', applyType: 2, currencyCode: 'USD', settlementAccountId: otherUsd }, 'apply-debit-other'))).toBe('settlementAccountId');

    const physical = await apply({ cardNetwork: 'MC', applyType: 1, currencyCode: 'EUR', cardIsVirtual: false }, 'apply-mc-eur');
    expect(physical.account).toMatchObject({ type: 2010, subType: 'PREPAID', accountStatusId: 0, balance: '0.00', currencyCode: 'EUR', cardIsVirtual: false, cardAliasName: 'MC card', cardExpiryMonth: 11, cardExpiryYear: 2029 });
    expect(column(physical.account.accountId, 'card_network')).toBe('MC');
    expect(column(physical.account.accountId, 'card_pin')).toMatch(/^\d{4}$/);
    const virtual = await apply({ cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: true }, 'apply-visa-virtual');
    expect(virtual.account).toMatchObject({ type: 2020, accountStatusId: 2, cardIsVirtual: true, cardAliasName: 'VISA card' });
    const debit = await apply({ cardNetwork: 'MC', applyType: 2, currencyCode: 'USD', settlementAccountId: usd }, 'apply-debit-ok');
    expect(debit.account).toMatchObject({ subType: 'DEBIT', settlementAccountId: usd, accountStatusId: 0 });

    const count = (await accountsOf(token)).length;
    expect(await apply({ cardNetwork: 'MC', applyType: 1, currencyCode: 'EUR', cardIsVirtual: false }, 'apply-mc-eur')).toEqual(physical);
    // Another body with the same id: refused, nothing made (issue 46: strict, as Stripe's API).
    expect(await unprocessable(token, 'cardApply', { cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: false, requestId: 'apply-mc-eur' })).toEqual(REUSED_WITH_OTHER_DETAILS);
    expect((await accountsOf(token)).length).toBe(count);
    expect(count).toBe(accounts.length + 3);
  });
});

describe('sandbox: loading a card (transfers between own accounts)', () => {
  it('fee: 1.50 in the card’s currency into a card, nothing between accounts of one currency, 0.5 % for a change of currency', async () => {
    const token = await tokenOf('cards@brand5.test');
    const accounts = await accountsOf(token);
    expect(await call(token, 'ownAccountsFee', { amount: '10.00', fromAccountId: payment(accounts, 'USD').accountId, toAccountId: card(accounts, 'Everyday card').accountId })).toEqual({ responseCode: '00', fee: '1.50', currencyCode: 'USD' });
    expect(await call(token, 'ownAccountsFee', { amount: '10.00', fromAccountId: payment(accounts, 'EUR').accountId, toAccountId: card(accounts, 'Online card').accountId })).toEqual({ responseCode: '00', fee: '1.50', currencyCode: 'EUR' });
    expect(await call(token, 'ownAccountsFee', { amount: '10.00', fromAccountId: payment(accounts, 'USD').accountId, toAccountId: payment(accounts, 'EUR').accountId })).toMatchObject({ fee: '0.05', currencyCode: 'USD' });
  });

  it('load: same currency, above zero, an active card, enough money for amount and fee; exact balances; the same requestId moves money once', async () => {
    const login = 'cards@brand6.test';
    const token = await tokenOf(login);
    const accounts = await accountsOf(token);
    const usd = payment(accounts, 'USD').accountId;
    const eur = payment(accounts, 'EUR').accountId;
    const id = (alias: string) => card(accounts, alias).accountId;
    const load = (toAccount: number, toAmount: string, requestId: string, fromAccount = usd) => call(token, 'ownAccountsTransfer', { fromAccount, toAccount, toAmount, requestId, reference: 'top-up' });
    expect((await load(id('Online card'), '10.00', 'load-eur-card')).validationErrors[0]).toEqual({ param: 'toAccount', description: 'Choose an account in the same currency' });
    expect(paramOf(await load(id('Everyday card'), '0.00', 'load-zero'))).toBe('toAmount');
    expect(paramOf(await load(id('Everyday card'), '-5.00', 'load-negative'))).toBe('toAmount');
    expect(paramOf(await load(id('Everyday card'), '1.005', 'load-three-decimals'))).toBe('toAmount');
    expect(paramOf(await load(id('Weekend card'), '10.00', 'load-from-card', id('Everyday card')))).toBe('fromAccount');
    for (const alias of ['Weekend card', 'New card', 'Submitted card', 'Blocked card', 'Fraud card', 'Limited card']) {
      expect([alias, codeOf(await load(id(alias), '10.00', `load-${alias.replace(' ', '-')}`))]).toEqual([alias, '13']);
    }
    expect((await load(id('Everyday card'), '4998.51', 'load-too-much')).validationErrors[0]).toEqual({ param: 'toAmount', description: 'Not enough money on this account' });

    const first = await load(id('Everyday card'), '100.25', 'load-once');
    expect(first).toMatchObject({ responseCode: '00', approveType: 'none' });
    expect(first.transactionId).toEqual(expect.any(Number));
    const balances = async () => {
      const now = await accountsOf(token);
      return [payment(now, 'USD').balance, card(now, 'Everyday card').balance];
    };
    expect(await balances()).toEqual(['4898.25', '920.25']);
    expect(await load(id('Everyday card'), '100.25', 'load-once')).toEqual(first);
    expect(await unprocessable(token, 'ownAccountsTransfer', { fromAccount: usd, toAccount: id('Everyday card'), toAmount: '7.00', requestId: 'load-once', reference: 'top-up' })).toEqual(REUSED_WITH_OTHER_DETAILS);
    expect(await balances()).toEqual(['4898.25', '920.25']);
    // The reply is lost after the money moved (dropAfter): the retry with the same requestId gets
    // the first reply and moves nothing again.
    await post('/__sandbox/faults', { match: 'main:ownAccountsTransfer', kind: 'dropAfter', times: 1 });
    await expect(load(id('Everyday card'), '1.00', 'load-lost-reply')).rejects.toThrow();
    expect(await balances()).toEqual(['4895.75', '921.25']);
    const retried = await load(id('Everyday card'), '1.00', 'load-lost-reply');
    expect(retried).toMatchObject({ responseCode: '00' });
    expect(await balances()).toEqual(['4895.75', '921.25']);
    // Two submits at the same time with one requestId still move the money once.
    const [a, b] = await Promise.all([load(id('Everyday card'), '0.75', 'load-race'), load(id('Everyday card'), '0.75', 'load-race')]);
    expect(a).toEqual(b);
    expect(await balances()).toEqual(['4893.50', '922.00']);

    // Everything that is left: the amount plus the fee is exactly the balance.
    expect(paramOf(await load(id('Everyday card'), '4892.01', 'load-one-cent-short'))).toBe('toAmount');
    expect(codeOf(await load(id('Everyday card'), '4892', 'load-all'))).toBe('00');
    expect(await balances()).toEqual(['0.00', '5814.00']);

    const history = await call(token, 'transactionHistory', { accountId: usd, pageNumber: 1, pageSize: 20 });
    expect(history.transactions.map((t: { type: string; amount: string }) => `${t.type} ${t.amount}`).sort()).toEqual(
      ['between_accounts -100.25', 'fee -1.50', 'between_accounts -1.00', 'fee -1.50', 'between_accounts -0.75', 'fee -1.50', 'between_accounts -4892.00', 'fee -1.50'].sort(),
    );
    expect(history.transactions.find((t: { transactionId: number }) => t.transactionId === first.transactionId)).toMatchObject({ amount: '-100.25', description: 'Everyday card' });
    // Between payment accounts of two currencies money changes at the rate: here nothing is left to send.
    expect((await load(eur, '1.00', 'load-usd-to-eur')).validationErrors).toEqual([{ param: 'toAmount', description: 'The largest amount is 0.00 USD' }]);
  });

  it('the control API gives cards@ its seeded cards, balances and external cards back, and forgets kept replies and PIN requests', async () => {
    const login = 'cards@brand6.test';
    const id = customerId(login);
    const token = await tokenOf(login);
    await call(token, 'cardShowPin', { accountId: card(await accountsOf(token), 'Reissued card').accountId });
    const count = (table: string) => (sb.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ?`).get(id) as { n: number }).n;
    expect([count('idempotent_replies'), count('pin_operations'), count('external_cards')]).toEqual([4, 1, 3]);
    expect((await post('/__sandbox/customer-money', { userLogin: login })).status).toBe(200);
    const accounts = await accountsOf(token);
    expect(payment(accounts, 'USD').balance).toBe('5000.00');
    expect(card(accounts, 'Everyday card').balance).toBe('820.00');
    expect(card(accounts, 'New card').accountStatusId).toBe(21);
    expect([count('idempotent_replies'), count('pin_operations'), count('external_cards')]).toEqual([0, 0, 2]);
    const cards = (await call(token, 'externalCardList')).cards;
    expect(cards.map((c: { confirmed: boolean }) => c.confirmed)).toEqual([true, false]);
    expect((await call(token, 'cardConfirmRequirements', { cardId: cards[1].cardId })).attemptsLeft).toBe(3);
    expect((await post('/__sandbox/customer-money', { userLogin: 'one-card@brand6.test' })).status).toBe(200);
    expect((await accountsOf(await tokenOf('one-card@brand6.test'))).map((a) => a.balance)).toEqual(['300.00', '25.00']);
  });
});
