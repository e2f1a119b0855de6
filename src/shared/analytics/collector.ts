import type { ApiBases } from '@/shared/api';
import { onAnalytics, type AnalyticsEntry } from './analytics';

/**
 * Where the app's analytics events go (002 s9): the spec names no provider, so only the sandbox
 * environment has a collector today (`POST <sandbox>/analytics/events`, sandbox/analytics.ts);
 * production and staging send nothing until the analytics issue (61) names theirs. The sandbox's
 * services all live under one origin (`<origin>/main` beside `<origin>/auth/…`).
 */
export function analyticsCollectorUrl(bases: Pick<ApiBases, 'auth' | 'main'>): string | null {
  const origin = bases.auth.replace(/\/$/, '');
  return bases.main === `${origin}/main` ? `${origin}/analytics/events` : null;
}

/** The most events in one batch (the collector's limit). */
const BATCH_MAX = 50;

/**
 * Sends every tracked event to the collector in small batches: a moment after the first of a
 * batch, at once when the batch is full, and when the page is hidden or left (`keepalive`, so a
 * batch sent while leaving still arrives). A failed send is dropped: analytics never gets in the
 * customer's way and never retries into their bandwidth. Returns the function that stops it.
 */
export function startAnalyticsCollector(url: string, { delayMs = 1000, send = fetch }: { delayMs?: number; send?: typeof fetch } = {}): () => void {
  let queue: AnalyticsEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    while (queue.length > 0) {
      const events = queue.slice(0, BATCH_MAX).map(({ event, props, at }) => ({ event, props, at }));
      queue = queue.slice(BATCH_MAX);
      // Sent as text/plain (a CORS-safelisted type: no preflight, which a request sent while the page
      // unloads may not get to make); the collector reads the JSON whatever the type says.
      void send(url, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ events }), keepalive: true, credentials: 'omit' }).catch(() => undefined);
    }
  };
  const stop = onAnalytics((entry) => {
    queue.push(entry);
    if (queue.length >= BATCH_MAX) flush();
    else timer ??= setTimeout(flush, delayMs);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    flush();
    stop();
    removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
