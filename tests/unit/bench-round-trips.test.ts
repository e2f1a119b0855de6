import { describe, expect, it } from 'vitest';
import { callName, seriesChain, seriesDepth } from '../../scripts/bench/round-trips.mjs';

type Call = { name: string; start: number; end: number | null };
const depth = seriesDepth as (calls: Call[], target: string) => number | null;
const chain = seriesChain as (calls: Call[], target: string) => string[] | null;

describe('the bench: API round trips in series before a call', () => {
  const refresh = { name: 'auth/refresh', start: 0, end: 100 };
  it('today\'s chain: refresh → customer → access → accounts is 4', () => {
    const calls = [refresh, { name: 'customerInfo', start: 101, end: 200 }, { name: 'userAccessInfoGet', start: 201, end: 300 }, { name: 'balanceInquiry', start: 310, end: 400 }];
    expect(depth(calls, 'balanceInquiry')).toBe(4);
    expect(chain(calls, 'balanceInquiry')).toEqual(['auth/refresh', 'customerInfo', 'userAccessInfoGet', 'balanceInquiry']);
  });
  it('a call started beside another (before it ended) is not after it', () => {
    const calls = [refresh, { name: 'customerInfo', start: 101, end: 200 }, { name: 'userAccessInfoGet', start: 201, end: 300 }, { name: 'balanceInquiry', start: 201, end: 400 }];
    expect(depth(calls, 'balanceInquiry')).toBe(3);
    expect(chain(calls, 'balanceInquiry')).toEqual(['auth/refresh', 'customerInfo', 'balanceInquiry']);
  });
  it('a call that ends exactly when the next starts counts as before it', () => {
    expect(depth([refresh, { name: 'balanceInquiry', start: 100, end: 150 }], 'balanceInquiry')).toBe(2);
  });
  it('an unfinished call is before nothing; the first call of the name counts; order of the list does not matter', () => {
    const calls = [{ name: 'balanceInquiry', start: 500, end: 600 }, { name: 'x', start: 0, end: null }, { name: 'balanceInquiry', start: 50, end: 60 }];
    expect(depth(calls, 'balanceInquiry')).toBe(1);
  });
  it('a call never asked: null', () => {
    expect(depth([refresh], 'balanceInquiry')).toBeNull();
    expect(chain([refresh], 'balanceInquiry')).toBeNull();
  });
  it('a call is named by the main service\'s method, else by its path', () => {
    expect(callName('http://127.0.0.1:8787/main?method=balanceInquiry')).toBe('balanceInquiry');
    expect(callName('http://127.0.0.1:8787/auth/refresh')).toBe('auth/refresh');
  });
});
