import { describe, expect, it } from 'vitest';
import { isPageLeaving, unlessLeaving } from '@/shared/lib';

/** A request the browser cancels while the page is being left must not end anything (a session). */
describe('unlessLeaving', () => {
  const settledWithin = async (promise: Promise<unknown>, ms = 20) =>
    Promise.race([promise.then(() => 'resolved', () => 'rejected'), new Promise((r) => setTimeout(() => r('pending'), ms))]);

  it('passes results and failures through while the page stays', async () => {
    expect(isPageLeaving()).toBe(false);
    await expect(unlessLeaving(async () => 7)).resolves.toBe(7);
    expect(await settledWithin(unlessLeaving(async () => Promise.reject(new Error('no'))))).toBe('rejected');
  });

  it('a failure after pagehide never settles; after pageshow failures count again', async () => {
    window.dispatchEvent(new Event('pagehide'));
    expect(isPageLeaving()).toBe(true);
    expect(await settledWithin(unlessLeaving(async () => Promise.reject(new DOMException('cancelled', 'AbortError'))))).toBe('pending');
    await expect(unlessLeaving(async () => 'still fine')).resolves.toBe('still fine');
    window.dispatchEvent(new Event('pageshow'));
    expect(isPageLeaving()).toBe(false);
    expect(await settledWithin(unlessLeaving(async () => Promise.reject(new Error('no'))))).toBe('rejected');
  });
});
