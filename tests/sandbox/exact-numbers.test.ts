// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContract } from '../../sandbox/contract.ts';
import { parseExactJson } from '../../sandbox/kernel/exact-json.ts';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { sandboxClient } from './client';

/**
 * Exact numbers on the wire (issue 47 item 9): the app writes amounts as JSON numbers with the
 * digits typed; the sandbox reads each from its source text, never through a float, and refuses
 * an amount written any other way (a string, an exponent, too many decimals).
 */
const { ajv } = loadContract(new URL('../../api-schemas', import.meta.url).pathname);
const validate = ajv.compile({
  type: 'object',
  properties: {
    amount: { type: 'number', format: 'decimal', 'x-exact-decimal': '^-?\\d{1,15}(\\.\\d{1,8})?$' },
    rows: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number', format: 'decimal', 'x-exact-decimal': '^\\d{1,9}(\\.\\d{1,2})?$' } } } },
    count: { type: 'number' },
  },
});
const read = (text: string) => {
  const body = parseExactJson(text) as Record<string, unknown>;
  return { ok: validate(body), body };
};

describe('the sandbox reads amounts exactly', () => {
  it.each([
    ['0.1 (a float would be 0.1000000000000000055…)', '{"amount":0.1}', '0.1'],
    ['0.30, its trailing zero kept', '{"amount":0.30}', '0.30'],
    ['an 8-decimal crypto amount', '{"amount":0.00000001}', '0.00000001'],
    ['a 17-digit amount a double cannot hold', '{"amount":123456789.12345678}', '123456789.12345678'],
    ['the largest: 15 digits and 8 decimals', '{"amount":999999999999999.99999999}', '999999999999999.99999999'],
    ['negative', '{"amount":-5.25}', '-5.25'],
  ])('%s', (_label, text, amount) => {
    const { ok, body } = read(text);
    expect(ok).toBe(true);
    expect(body.amount).toBe(amount);
  });

  it('amounts inside arrays by their own pattern; other numbers stay numbers', () => {
    const { ok, body } = read('{"rows":[{"amount":10.10},{"amount":7}],"count":2}');
    expect(ok).toBe(true);
    expect(body).toEqual({ rows: [{ amount: '10.10' }, { amount: '7' }], count: 2 });
    expect(read('{"rows":[{"amount":10.101}]}').ok).toBe(false);
  });

  it.each([
    ['a string', '{"amount":"10.00"}'],
    ['an exponent', '{"amount":1e2}'],
    ['an exponent that is an integer', '{"amount":1E+2}'],
    ['nine decimals', '{"amount":0.000000001}'],
    ['sixteen digits before the point', '{"amount":1234567890123456}'],
  ])('refuses %s', (_label, text) => {
    expect(read(text).ok).toBe(false);
  });

  it('refuses a number read without its source text (never a float’s guess)', () => {
    expect(validate(JSON.parse('{"amount":10.5}'))).toBe(false);
  });
});

let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);
const usdOf = async (token: string) => ((await call(token, 'balanceInquiry')).accounts as { accountId: number; type: number; currencyCode: string; balance: string }[]).find((a) => a.type === 1001 && a.currencyCode === 'USD')!;

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-exact-')), 'db.sqlite') });
});
afterAll(() => sb.close());

describe('a transfer on the wire', () => {
  it('moves exactly the digits written (100.10 with its zero), and refuses an amount sent as text or with an exponent', async () => {
    const token = await tokenOf('approve-none@brand2.test');
    const before = await usdOf(token);
    const wire = (amount: string, requestId: string) =>
      `{"method":"p2pTransfer","accountId":${before.accountId},"amount":${amount},"currency":"USD","toEmail":"personal@brand2.test","fromEmailId":2,"requestId":"${requestId}"}`;
    const refused = await post('/main/?method=p2pTransfer', wire('"100.10"', 'exact-as-text-01'), { Authorization: `Bearer ${token}` });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/\/amount must be number/);
    const exponent = await post('/main/?method=p2pTransfer', wire('1.001e2', 'exact-exponent-01'), { Authorization: `Bearer ${token}` });
    expect(exponent.status).toBe(400);
    expect((await usdOf(token)).balance).toBe(before.balance);

    const sent = await post('/main/?method=p2pTransfer', wire('100.10', 'exact-wire-0001'), { Authorization: `Bearer ${token}` });
    const reply = (await sent.json()) as { responseCode: string; transactionId: number };
    expect(reply.responseCode).toBe('00');
    const { details } = await call(token, 'recentTransferDetails', { transactionId: reply.transactionId });
    expect(details.amount).toBe('100.10');
    // 100.10 and its 1 % fee (1.01), in cents, from the balance's own text.
    const cents = (balance: string) => BigInt(balance.replace('.', ''));
    expect(cents((await usdOf(token)).balance)).toBe(cents(before.balance) - 10_111n);
  });
});
