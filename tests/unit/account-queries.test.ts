// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';
import { tokenStore } from '../../src/shared/api/token-store';
import { accountsQuery } from '../../src/entities/account/api/accounts';

/** The account list's throttle (at most once in 3 s) and time-out (5 s), spec 001 s9: one mechanism, the query options. */
describe('accountsQuery', () => {
  let calls = 0;
  let hang = false;
  beforeEach(() => {
    calls = 0;
    hang = false;
    tokenStore.clear();
    tokenStore.setAccessToken('token');
    configureApi({
      bases: sandboxBases('http://api.test'),
      language: 'en',
      timeoutMs: 300_000,
      methodRules: {},
      fetch: async (input: RequestInfo | URL) => {
        calls += 1;
        const req = input as Request;
        if (hang) {
          // Never answers; only an abort ends it.
          return new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)));
        }
        return new Response(JSON.stringify({ responseCode: '00', accounts: [{ accountId: calls, type: 1001, accountStatusId: 1, balance: '1.00', currencyCode: 'USD' }] }), {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
  });
  afterEach(() => vi.useRealTimers());

  it('asks the server at most once in 3 s, then again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(accountsQuery());
    vi.setSystemTime(new Date('2026-11-23T10:00:02.999Z'));
    const cached = await client.fetchQuery(accountsQuery());
    expect(calls).toBe(1);
    expect(cached[0]?.accountId).toBe(1);
    vi.setSystemTime(new Date('2026-11-23T10:00:03.001Z'));
    const fresh = await client.fetchQuery(accountsQuery());
    expect(calls).toBe(2);
    expect(fresh[0]?.accountId).toBe(2);
  });

  it('gives up after 5 s without an answer (and not before)', async () => {
    vi.useFakeTimers();
    hang = true;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let settled: 'pending' | 'failed' = 'pending';
    const result = client.fetchQuery(accountsQuery()).catch(() => {
      settled = 'failed';
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    await result;
    expect(settled).toBe('failed');
    expect(calls).toBe(1);
  });
});
