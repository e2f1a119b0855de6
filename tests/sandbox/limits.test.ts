// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { units } from '../../sandbox/kernel/money.ts';
import { sandboxClient } from './client';

/**
 * Limits by the customer's day and month (issue 44): what is used of the daily limit starts again
 * at midnight in the customer's time zone (their country of residence's), not at midnight UTC.
 * The sandbox's clock is moved by the test.
 */
let sb: Sandbox;
let clock = Date.parse('2026-07-15T20:30:00.000Z'); // 23:30 in Bucharest (summer time, UTC+3)
const { tokenOf, call } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-limits-')), 'db.sqlite'), now: () => clock, accessTokenTtlSeconds: 86_400 });
});
afterAll(() => sb.close());

describe('sandbox: limits by the customer’s day and month', () => {
  it('a transfer at 23:30 in Bucharest counts for that day only; at 00:30 the day is new, the month is not; a customer living in New York is still on the same day', async () => {
    const login = 'approve-none@brand5.test';
    const token = await tokenOf(login);
    const accounts = (await call(token, 'balanceInquiry')).accounts as { accountId: number; type: number; currencyCode: string }[];
    const from = accounts.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const to = accounts.find((a) => a.type === 4001 && a.currencyCode === 'USD')!;
    const used = async () => {
      const { limits } = await call(token, 'customerLimits', { type: 'betweenAccounts', fromAccountId: from.accountId });
      const of = (period: string) => units((limits as { period: string; used: string }[]).find((l) => l.period === period)!.used);
      return { day: of('daily'), month: of('monthly') };
    };
    const before = await used();
    expect((await call(token, 'ownAccountsTransfer', { fromAccount: from.accountId, toAccount: to.accountId, toAmount: '10.00', requestId: 'limits-tz-0001' })).responseCode).toBe('00');
    const ten = units('10.00');
    expect(await used()).toEqual({ day: before.day + ten, month: before.month + ten });

    clock = Date.parse('2026-07-15T21:30:00.000Z'); // 00:30 on the 16th in Bucharest; still the 15th in UTC
    // The new day no longer counts the transfer (the seed's rows, dated by the real clock, count in every window).
    expect(await used()).toEqual({ day: before.day, month: before.month + ten });

    // The same instant for a customer living in New York (17:30 on the 15th): the transfer is today's.
    const customer = sb.db.prepare('SELECT id, profile FROM customers WHERE login = ?').get(login) as { id: number; profile: string };
    sb.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...JSON.parse(customer.profile), residenceCountryCode: 'US' }), customer.id);
    expect((await used()).day).toBe(before.day + ten);
  });
});
