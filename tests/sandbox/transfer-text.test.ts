// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { transferTextOf } from '../../sandbox/kernel/ledger.ts';
import { sandboxClient } from './client';

/**
 * References and notes travel (issue 44 item 4): what the sender wrote on a transfer is on its
 * history rows and in the transaction confirmation, for the sender and the recipient, also when the
 * transfer waited for an approval; the history keyword finds it. Replies are validated by the sandbox.
 */
let sb: Sandbox;
const { tokenOf, call } = sandboxClient(() => sb.url);

interface Account {
  accountId: number;
  type: number;
  currencyCode: string;
}
interface Row {
  transactionId: number;
  accountId: number;
  type: string;
  amount: string;
  reference?: string;
  note?: string;
}
const accountOf = async (token: string, type: number, currency: string) =>
  ((await call(token, 'balanceInquiry')).accounts as Account[]).find((a) => a.type === type && a.currencyCode === currency)!;
const rowsOf = async (token: string, filter: Record<string, unknown> = {}) => (await call(token, 'transactionHistory', { pageNumber: 1, pageSize: 20, ...filter })).transactions as Row[];
const codeOf = async (login: string) => {
  const reply = (await (await fetch(`${sb.url}/__sandbox/approvals?login=${encodeURIComponent(login)}`)).json()) as { approvals: { code: string }[] };
  return reply.approvals[0]!.code;
};

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-text-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('sandbox: references and notes travel with the money', () => {
  it.each([
    [{ reference: '  Rent May  ', note: ' Thanks! ' }, { reference: 'Rent May', note: 'Thanks!' }],
    [{ reference: '', note: '   ' }, { reference: null, note: null }],
    [{}, { reference: null, note: null }],
    [{ reference: 42, note: ['x'] }, { reference: null, note: null }],
  ])('keeps %j as %j (trimmed; blank, absent or not text is none)', (body, kept) => {
    expect(transferTextOf(body)).toEqual(kept);
  });

  it('p2p: the sender and the recipient both see the reference and the note, as typed (plain text), and the keyword finds them', async () => {
    const sender = await tokenOf('approve-none@brand3.test');
    const payee = await tokenOf('personal@brand3.test');
    const from = await accountOf(sender, 1001, 'USD');
    const note = '<img src=x onerror=alert(1)> Dinner at Ana’s';
    const sent = await call(sender, 'p2pTransfer', { accountId: from.accountId, amount: '12.00', currency: 'USD', toEmail: 'personal@brand3.test', note, reference: 'INV-2026-0042', requestId: 'text-p2p-0001' });
    expect(sent).toMatchObject({ responseCode: '00', status: 'completed' });
    const [mine] = await rowsOf(sender, { keyword: 'INV-2026-0042' });
    expect(mine).toMatchObject({ transactionId: sent.transactionId, type: 'p2p', amount: '-12.00', reference: 'INV-2026-0042', note });
    const [theirs] = await rowsOf(payee, { keyword: 'Dinner at' });
    expect(theirs).toMatchObject({ type: 'p2p', amount: '12.00', reference: 'INV-2026-0042', note });
    // The fee row carries neither (it is the bank's, not the sender's words).
    const fee = (await rowsOf(sender, { transactionType: 'fee' }))[0]!;
    expect(fee.reference).toBeUndefined();
    expect(fee.note).toBeUndefined();
  });

  it('between own accounts, held for an sms code: the processing row has the reference, and both rows keep it once the money moved', async () => {
    const login = 'approve-sms@brand3.test';
    const token = await tokenOf(login);
    const from = await accountOf(token, 1001, 'USD');
    const to = await accountOf(token, 4001, 'USD');
    const held = await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '3.00', reference: 'Savings June', requestId: 'text-own-0001' });
    expect(held).toMatchObject({ responseCode: '00', approveType: 'sms' });
    expect((await rowsOf(token, { accountId: from.accountId }))[0]).toMatchObject({ transactionId: held.transactionId, reference: 'Savings June' });
    expect(await call(token, 'approveTransfer', { trxid: held.transactionId, approvalCode: await codeOf(login) })).toMatchObject({ responseCode: '00', status: 'completed' });
    const rows = await rowsOf(token, { keyword: 'Savings June' });
    expect(rows.map((r) => [r.accountId, r.amount])).toEqual(
      expect.arrayContaining([
        [from.accountId, '-3.00'],
        [to.accountId, '3.00'],
      ]),
    );
    expect(rows.every((r) => r.reference === 'Savings June' && r.note === undefined)).toBe(true);
  });

  it('a wire: its debit row keeps the reference (the confirmation PDF reads the same row)', async () => {
    const token = await tokenOf('personal@brand3.test');
    const eur = await accountOf(token, 1001, 'EUR');
    const wire = await call(token, 'transferSubmit', {
      type: 'wire',
      countryCode: 'DE',
      currencyCode: 'EUR',
      beneficiaryName: 'Hans Müller',
      beneficiaryAddress: 'Unter den Linden 5, Berlin',
      iban: 'DE89370400440532013000',
      swiftCode: 'COBADEFFXXX',
      extraParams: { purposeOfPayment: 'family' },
      accountId: eur.accountId,
      amount: '20.00',
      reference: 'Invoice 7781',
      requestId: 'text-wire-0001',
    });
    expect(wire).toMatchObject({ responseCode: '00' });
    expect((await rowsOf(token, { keyword: 'Invoice 7781' }))[0]).toMatchObject({ transactionId: wire.transactionId, type: 'wire', reference: 'Invoice 7781' });
    expect(sb.db.prepare('SELECT reference, note FROM transactions WHERE id = ?').get(wire.transactionId)).toEqual({ reference: 'Invoice 7781', note: null });
  });
});
