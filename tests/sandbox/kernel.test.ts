import { describe, expect, it } from 'vitest';
import { ok, refused, refusedListed, vf, vfDescribed, vfMany } from '../../sandbox/kernel/replies.ts';
import { add, currencyDecimals, decimal, decimalsOf, rate, subtract, units } from '../../sandbox/kernel/money.ts';

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
