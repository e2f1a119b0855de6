import { collectionOf, type Collection } from '@machines/app/analytics-consent.rules';
import type { ApiBases } from '@/shared/api';
import { readStored, removeStored, storageKeys, writeStored } from '@/shared/config';
import { onAnalytics, type AnalyticsEntry } from './analytics';

export { collectionOf, type Collection };

/**
 * Where the app's analytics events go (002 s9): the spec names no provider, so only the sandbox
 * environment has a collector today (`POST <sandbox>/analytics/events`, sandbox/analytics.ts);
 * production and staging send nothing (and ask no consent) until a provider is named. The sandbox's
 * services all live under one origin (`<origin>/main` beside `<origin>/auth/…`).
 */
export function analyticsCollectorUrl(bases: Pick<ApiBases, 'auth' | 'main'>): string | null {
  const origin = bases.auth.replace(/\/$/, '');
  return bases.main === `${origin}/main` ? `${origin}/analytics/events` : null;
}

/** The most events in one batch (the collector's limit), and the most held while consent is asked. */
export const BATCH_MAX = 50;

/**
 * The browser's anonymous analytics id (002 s9: persisted in local storage; docs/storage.md): a
 * random UUID made the first time a batch is sent, never the customer's id. Only the collector
 * writes it, and only while collecting; `forgetAnalyticsId` deletes it (refused or withdrawn).
 */
export function analyticsId(): string {
  const kept = readStored(storageKeys.analyticsId);
  if (kept && /^[0-9a-f-]{36}$/.test(kept)) return kept;
  const made = crypto.randomUUID();
  writeStored(storageKeys.analyticsId, made);
  return made;
}
export function forgetAnalyticsId(): void {
  removeStored(storageKeys.analyticsId);
}

export interface AnalyticsCollector {
  /** What is done with events from now on (the consent statechart's tags, `collectionOf`). */
  setCollection(collection: Collection): void;
  /** Refused or withdrawn: what waits to be sent or is held is dropped, and the anonymous id deleted. */
  forget(): void;
  /** Sends what waits and hears no more. */
  stop(): void;
}

/**
 * Sends tracked events to the collector in batches `{ anonymousId, events }`: a moment after the
 * first of a batch, at once when the batch is full, and when the page is hidden or left
 * (`keepalive`, so a batch sent while leaving still arrives). While consent is asked (`hold`)
 * events stay in memory only (at most BATCH_MAX, the first kept), sent if the customer accepts and
 * dropped if they refuse; refused (`drop`), nothing is kept. A failed send is dropped: analytics
 * never gets in the customer's way and never retries into their bandwidth.
 */
export function startAnalyticsCollector(
  url: string,
  { delayMs = 1000, send = fetch, collection: initial = 'send' }: { delayMs?: number; send?: typeof fetch; collection?: Collection } = {},
): AnalyticsCollector {
  let collection = initial;
  let queue: AnalyticsEntry[] = [];
  let held: AnalyticsEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const flush = () => {
    cancel();
    if (queue.length === 0 || collection !== 'send') return;
    const anonymousId = analyticsId();
    while (queue.length > 0) {
      const events = queue.slice(0, BATCH_MAX).map(({ event, props, at }) => ({ event, props, at }));
      queue = queue.slice(BATCH_MAX);
      // Sent as text/plain (a CORS-safelisted type: no preflight, which a request sent while the page
      // unloads may not get to make); the collector reads the JSON whatever the type says.
      void send(url, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ anonymousId, events }), keepalive: true, credentials: 'omit' }).catch(() => undefined);
    }
  };
  const enqueue = (entry: AnalyticsEntry) => {
    queue.push(entry);
    if (queue.length >= BATCH_MAX) flush();
    else timer ??= setTimeout(flush, delayMs);
  };
  const stopListening = onAnalytics((entry) => {
    if (collection === 'send') enqueue(entry);
    else if (collection === 'hold' && held.length < BATCH_MAX) held.push(entry);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  const drop = () => {
    cancel();
    queue = [];
    held = [];
  };
  return {
    setCollection(next) {
      collection = next;
      if (next === 'send') {
        const waiting = held;
        held = [];
        for (const entry of waiting) enqueue(entry);
      } else if (next === 'drop') drop();
    },
    forget() {
      drop();
      forgetAnalyticsId();
    },
    stop() {
      flush();
      stopListening();
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    },
  };
}
