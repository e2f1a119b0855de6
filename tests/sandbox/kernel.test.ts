import { describe, expect, it } from 'vitest';
import { ok, refused, refusedListed, vf, vfDescribed, vfMany } from '../../sandbox/kernel/replies.ts';
import { add, currencyDecimals, decimal, decimalsOf, rate, subtract, units } from '../../sandbox/kernel/money.ts';
import { COUNTRY_TIME_ZONES, periodStarts } from '../../sandbox/kernel/time-zone.ts';
import { COUNTRIES } from '../../sandbox/reference-lists.ts';

// The sandbox's kernel (sandbox/kernel/): the replies are written byte for byte as the handlers
// always wrote them (key order included), and money never passes through a float.
describe('sandbox kernel: replies', () => {
  const text = (reply: { status: number; body?: unknown }) => `${reply.status} ${JSON.stringify(reply.body)}`;

  it('writes each envelope with its keys in the same order', () => {
    expect(text(ok())).toBe('200 {"responseCode":"00"}');
    expect(text(ok({ transactionId: 7, approveType: 'none' }))).toBe('200 {"responseCode":"00","transactionId":7,"approveType":"none"}');
    expect(text(refused('No'))).toBe('200 {"responseCode":"13","responseDescription":"No"}');
    expect(text(refused('Closed', 'CA'))).toBe('200 {"responseCode":"CA","responseDescription":"Closed"}');
    expect(text(refusedListed('No'))).toBe('200 {"responseCode":"13","responseDescription":"No","errors":["No"]}');
    expect(text(vf('amount', 'Too much'))).toBe('200 {"responseCode":"VF","validationErrors":[{"param":"amount","description":"Too much"}]}');
    expect(text(vfMany([{ param: 'a', description: 'A' }, { param: 'b', description: 'B' }]))).toBe(
      '200 {"responseCode":"VF","validationErrors":[{"param":"a","description":"A"},{"param":"b","description":"B"}]}',
    );
    expect(text(vfDescribed([{ param: 'a', description: 'A' }, { param: 'b', description: 'B' }]))).toBe(
      '200 {"responseCode":"VF","validationErrors":[{"param":"a","description":"A"},{"param":"b","description":"B"}],"responseDescription":"A, B"}',
    );
  });
});

describe('sandbox kernel: money', () => {
  it('counts decimal text as 10^-8 units and writes it back', () => {
    expect(units('-12.5')).toBe(-1_250_000_000n);
    expect(units('0.00000001')).toBe(1n);
    expect(decimal(1_250_000_000n, 2)).toBe('12.50');
    expect(decimal(-1n, 8)).toBe('-0.00000001');
    expect(decimal(500_000_000n, 0)).toBe('5');
    expect(decimalsOf('1.230')).toBe(3);
  });

  it('adds and subtracts in the more precise decimals, at least 2', () => {
    expect(add('820', '0.5')).toBe('820.50');
    expect(add('0.1', '0.2')).toBe('0.30');
    expect(subtract('250.12345678', '0.00000001')).toBe('250.12345677');
  });

  it('gives crypto currencies (the shared list) 8 decimals, the others 2', () => {
    expect(['BTC', 'ETH', 'USDT', 'USDC', 'USD', 'EUR', 'btc'].map(currencyDecimals)).toEqual([8, 8, 8, 8, 2, 2, 2]);
  });

  it('derives rates through USD at 8 places', () => {
    expect(rate('USD', 'USD')).toBe('1');
    expect(rate('EUR', 'USD')).toBe('1.08');
    expect(rate('USD', 'EUR')).toBe('0.92592592');
    expect(rate('USD', 'XXX')).toBe('1');
  });
});

describe('sandbox kernel: the customer’s day and month (their time zone)', () => {
  it.each([
    ['Bucharest in summer, 00:30 local is already the 16th', '2026-07-15T21:30:00.000Z', 'Europe/Bucharest', '2026-07-15T21:00:00.000Z', '2026-06-30T21:00:00.000Z'],
    ['Bucharest in summer, 23:59 local is still the 15th', '2026-07-15T20:59:00.000Z', 'Europe/Bucharest', '2026-07-14T21:00:00.000Z', '2026-06-30T21:00:00.000Z'],
    ['Bucharest in winter, a month that began last year in UTC', '2026-01-10T10:00:00.000Z', 'Europe/Bucharest', '2026-01-09T22:00:00.000Z', '2025-12-31T22:00:00.000Z'],
    ['the day summer time begins (midnight was still winter time)', '2026-03-29T12:00:00.000Z', 'Europe/Bucharest', '2026-03-28T22:00:00.000Z', '2026-02-28T22:00:00.000Z'],
    ['the day summer time ends (midnight was still summer time)', '2026-10-25T12:00:00.000Z', 'Europe/Bucharest', '2026-10-24T21:00:00.000Z', '2026-09-30T21:00:00.000Z'],
    ['New York, an evening still in February', '2026-03-01T03:00:00.000Z', 'America/New_York', '2026-02-28T05:00:00.000Z', '2026-02-01T05:00:00.000Z'],
    ['Sydney, a morning already in the next day', '2026-11-28T20:00:00.000Z', 'Australia/Sydney', '2026-11-28T13:00:00.000Z', '2026-10-31T13:00:00.000Z'],
    ['Colombo, a half-hour offset: 23:59 on the 1st, the day and month began together', '2026-05-01T18:29:00.000Z', 'Asia/Colombo', '2026-04-30T18:30:00.000Z', '2026-04-30T18:30:00.000Z'],
    ['UTC (a country the sandbox does not know)', '2026-05-01T23:59:59.000Z', 'UTC', '2026-05-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'],
  ])('%s', (_name, now, zone, day, month) => expect(periodStarts(now, zone)).toEqual({ day, month }));

  it('every country the sandbox offers has a zone Intl knows', () => {
    for (const country of COUNTRIES) {
      const zone = COUNTRY_TIME_ZONES[country];
      expect(zone, country).toBeDefined();
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    }
  });
});
