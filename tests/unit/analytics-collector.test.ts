import { afterEach, beforeEach, vi } from 'vitest';
import { analyticsCollectorUrl, startAnalyticsCollector, track } from '@/shared/analytics';
import { resolveApiBases } from '@/shared/api';

/** Where the analytics events go and how (src/shared/analytics/collector.ts). */
describe('analyticsCollectorUrl', () => {
  const brandApi = {
    production: { main: 'https://api.example/main', auth: 'https://auth.example', contracts: '', documents: '', helpdesk: '', publicApi: '', support: '', realtime: '' },
    staging: { main: 'https://s{n}.example/main', auth: 'https://auth-s{n}.example', contracts: '', documents: '', helpdesk: '', publicApi: '', support: '', realtime: '' },
  };
  it.each([
    ['the sandbox', 'sandbox', null, 'http://127.0.0.1:8787/analytics/events'],
    ['an origin chosen by ?api=', 'production', 'http://127.0.0.1:9999', 'http://127.0.0.1:9999/analytics/events'],
    ['production (no provider named yet)', 'production', null, null],
    ['a numbered staging', 'staging-3', null, null],
  ])('%s', (_, environment, override, expected) => {
    expect(analyticsCollectorUrl(resolveApiBases({ brandApi, environment, sandboxOrigin: 'http://127.0.0.1:8787', override }))).toBe(expected);
  });
});

describe('startAnalyticsCollector', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const bodies = (send: ReturnType<typeof vi.fn>) => send.mock.calls.map(([, init]) => (JSON.parse((init as RequestInit).body as string) as { events: { event: string }[] }).events.map((e) => e.event));

  it('sends a moment after the first event, the events tracked meanwhile in the same batch, kept alive', async () => {
    const send = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    const stop = startAnalyticsCollector('http://collector/analytics/events', { delayMs: 1000, send });
    track('Company select show');
    track('Company select');
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies(send)).toEqual([['Company select show', 'Company select']]);
    expect(send.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    stop();
  });

  it('a full batch (50) goes at once; the page hidden sends what waits; stopping sends the rest and hears no more', async () => {
    const send = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    const stop = startAnalyticsCollector('http://collector/analytics/events', { delayMs: 1000, send });
    for (let i = 0; i < 50; i += 1) track('Login Completed');
    expect(bodies(send).map((b) => b.length)).toEqual([50]);
    track('Company select');
    dispatchEvent(new Event('pagehide'));
    expect(bodies(send).map((b) => b.length)).toEqual([50, 1]);
    track('Company select show');
    stop();
    expect(bodies(send).map((b) => b.length)).toEqual([50, 1, 1]);
    track('Company select');
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a failed send is dropped, never retried, never thrown', async () => {
    const send = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    const stop = startAnalyticsCollector('http://collector/analytics/events', { delayMs: 10, send });
    track('Company select');
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
  });
});
