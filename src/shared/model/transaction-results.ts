import type { TransactionResult } from '@machines/transfers/transaction-result';

/**
 * Transaction results from the realtime channel (002 s4), handed to whichever approval popup
 * waits for that operation. The session publishes every result; a popup's `watch` subscribes for
 * as long as it waits. A result no popup claims is shown as a notification instead, so a result
 * is told once: in the popup the user is looking at, or as a toast.
 *
 * A result can arrive before the reply that starts its popup's watch (the phone approves while
 * the transfer's reply is still on its way, however long that takes). So a submit that may start
 * a watch first says so (`expectTransactionResults`, before its request is sent: subscribe before
 * reading): while one is on its way, unclaimed results are held without a deadline. Once none is,
 * an unclaimed result waits `UNCLAIMED_GRACE_MS` for a watcher that subscribes meanwhile before it
 * becomes the notification.
 */
type Watcher = (result: TransactionResult) => boolean;
const watchers = new Set<Watcher>();
/** Results no watcher has claimed yet: what to do when none does, and the grace timer once it runs (null while held). */
const unclaimed = new Map<TransactionResult, { whenUnclaimed: (result: TransactionResult) => void; timer: ReturnType<typeof setTimeout> | null }>();
let submitsOnTheirWay = 0;

export const UNCLAIMED_GRACE_MS = 2_000;

function startGrace(result: TransactionResult): void {
  const entry = unclaimed.get(result);
  if (!entry) return;
  entry.timer = setTimeout(() => {
    unclaimed.delete(result);
    entry.whenUnclaimed(result);
  }, UNCLAIMED_GRACE_MS);
}

function claimed(result: TransactionResult): void {
  const timer = unclaimed.get(result)?.timer;
  if (timer) clearTimeout(timer);
  unclaimed.delete(result);
}

/**
 * Called before a submit whose reply may start a watch is sent; the function it returns, when the
 * reply (or the failure) is in, just before the watch starts. Results that arrive in between are
 * held for that watcher, not given up after a fixed time.
 */
export function expectTransactionResults(): () => void {
  submitsOnTheirWay += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    submitsOnTheirWay -= 1;
    if (submitsOnTheirWay > 0) return;
    // The watch a reply starts subscribes (in this turn) before these timers can run.
    for (const [result, { timer }] of unclaimed) if (timer === null) startGrace(result);
  };
}

/** Subscribes; the watcher returns true when the result is its own. Returns the unsubscribe. */
export function watchTransactionResults(watcher: Watcher): () => void {
  watchers.add(watcher);
  // Results that came before this watcher: offered after the subscriber has finished starting.
  if (unclaimed.size > 0) {
    queueMicrotask(() => {
      if (!watchers.has(watcher)) return;
      for (const result of [...unclaimed.keys()]) if (watcher(result)) claimed(result);
    });
  }
  return () => watchers.delete(watcher);
}

/**
 * Hands a result to the watchers: true when one of them claimed it. When none did and
 * `whenUnclaimed` is given, it is called with the result after the grace period (which starts
 * once no submit is on its way), unless a watcher that subscribed meanwhile claimed it.
 */
export function publishTransactionResult(result: TransactionResult, whenUnclaimed?: (result: TransactionResult) => void): boolean {
  let taken = false;
  for (const watcher of [...watchers]) if (watcher(result)) taken = true;
  if (!taken && whenUnclaimed) {
    unclaimed.set(result, { whenUnclaimed, timer: null });
    if (submitsOnTheirWay === 0) startGrace(result);
  }
  return taken;
}
