import { afterEach, beforeEach, vi } from 'vitest';
import { analyticsCollectorUrl, startAnalyticsCollector, startAnalyticsConsent, track } from '@/shared/analytics';
import { CONSENT_VERSION } from '@machines/app/analytics-consent.rules';
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
    const { stop } = startAnalyticsCollector('http://collector/analytics/events', { delayMs: 1000, send });
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
    const { stop } = startAnalyticsCollector('http://collector/analytics/events', { delayMs: 1000, send });
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
    const { stop } = startAnalyticsCollector('http://collector/analytics/events', { delayMs: 10, send });
    track('Company select');
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the collector under consent (issue 61)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());
  const sent = (send: ReturnType<typeof vi.fn>) => send.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string) as { anonymousId: string; events: { event: string }[] });
  const sender = () => vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));

  it('each batch carries the browser\'s anonymous id, made once and kept in localStorage', async () => {
    const send = sender();
    const { stop } = startAnalyticsCollector('http://c/analytics/events', { delayMs: 10, send });
    expect(localStorage.getItem('app.analyticsId')).toBeNull();
    track('Company select');
    await vi.advanceTimersByTimeAsync(10);
    track('Company select show');
    await vi.advanceTimersByTimeAsync(10);
    const [first, second] = sent(send);
    expect(first!.anonymousId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second!.anonymousId).toBe(first!.anonymousId);
    expect(localStorage.getItem('app.analyticsId')).toBe(first!.anonymousId);
    stop();
  });

  it('held while asked: nothing sent or stored; accepted, what was held goes (the first 50 of them)', async () => {
    const send = sender();
    const collector = startAnalyticsCollector('http://c/analytics/events', { delayMs: 10, send, collection: 'hold' });
    for (let i = 0; i < 51; i += 1) track('Page view', { page: `/p${i}` });
    await vi.advanceTimersByTimeAsync(5000);
    dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
    expect(localStorage.getItem('app.analyticsId')).toBeNull();
    collector.setCollection('send');
    expect(sent(send).map((b) => b.events.length)).toEqual([50]);
    collector.stop();
  });

  it('refused: what was held and what waited is dropped, later events are not kept, the id is deleted', async () => {
    const send = sender();
    localStorage.setItem('app.analyticsId', '3f2b1c4d-0000-4000-8000-000000000001');
    const collector = startAnalyticsCollector('http://c/analytics/events', { delayMs: 10, send });
    track('Company select');
    collector.setCollection('drop');
    collector.forget();
    track('Company select show');
    await vi.advanceTimersByTimeAsync(5000);
    collector.setCollection('send');
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).not.toHaveBeenCalled();
    expect(localStorage.getItem('app.analyticsId')).toBeNull();
    collector.stop();
  });

  it('startAnalyticsConsent: an opt-in brand holds until Accept, stores the choice with its time; Reject from the footer forgets', async () => {
    const send = sender();
    const collector = startAnalyticsCollector('http://c/analytics/events', { delayMs: 10, send, collection: 'hold' });
    const consent = startAnalyticsConsent('opt-in', collector, () => 1_700_000_000_000);
    track('Page view', { page: '/login' });
    await vi.advanceTimersByTimeAsync(100);
    expect(send).not.toHaveBeenCalled();
    consent.send({ type: 'ACCEPT' });
    await vi.advanceTimersByTimeAsync(10);
    expect(sent(send).flatMap((b) => b.events.map((e) => e.event))).toEqual(['Page view']);
    expect(JSON.parse(localStorage.getItem('app.analyticsConsent')!)).toEqual({ choice: 'granted', at: 1_700_000_000_000, version: CONSENT_VERSION });
    expect(localStorage.getItem('app.analyticsId')).not.toBeNull();
    consent.send({ type: 'CHANGE' });
    consent.send({ type: 'REJECT' });
    track('Company select');
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('app.analyticsId')).toBeNull();
    expect(JSON.parse(localStorage.getItem('app.analyticsConsent')!)).toMatchObject({ choice: 'denied' });
    collector.stop();
  });

  it('startAnalyticsConsent: a notice brand collects from the start; a stored refusal still stands', async () => {
    const send = sender();
    const collector = startAnalyticsCollector('http://c/analytics/events', { delayMs: 10, send, collection: 'hold' });
    startAnalyticsConsent('notice', collector, () => 1_700_000_000_000);
    track('Page view', { page: '/login' });
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledTimes(1);
    collector.stop();
    const send2 = sender();
    localStorage.setItem('app.analyticsConsent', JSON.stringify({ choice: 'denied', at: 1_700_000_000_000 - 1000, version: CONSENT_VERSION }));
    const second = startAnalyticsCollector('http://c/analytics/events', { delayMs: 10, send: send2, collection: 'hold' });
    const consent = startAnalyticsConsent('notice', second, () => 1_700_000_000_000);
    expect(consent.getSnapshot().value).toBe('off');
    track('Page view', { page: '/login' });
    await vi.advanceTimersByTimeAsync(100);
    expect(send2).not.toHaveBeenCalled();
    second.stop();
  });
});
