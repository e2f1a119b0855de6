import type { TransactionResult } from '@machines/transfers/transaction-result';

/**
 * Transaction results from the realtime channel (002 s4), handed to whichever approval popup
 * waits for that operation. The session publishes every result; a popup's `watch` subscribes for
 * as long as it waits. A result no popup claims is shown as a notification instead, so a result
 * is told once: in the popup the user is looking at, or as a toast.
 *
 * A result can arrive before the reply that starts its popup's watch (the phone approves while
 * the transfer's reply is still on its way), so an unclaimed result waits `UNCLAIMED_GRACE_MS`
 * for a watcher that subscribes meanwhile before it becomes the notification.
 */
type Watcher = (result: TransactionResult) => boolean;
const watchers = new Set<Watcher>();
const unclaimed = new Map<TransactionResult, ReturnType<typeof setTimeout>>();

export const UNCLAIMED_GRACE_MS = 2_000;

/** Subscribes; the watcher returns true when the result is its own. Returns the unsubscribe. */
export function watchTransactionResults(watcher: Watcher): () => void {
  watchers.add(watcher);
  // Results that came before this watcher: offered after the subscriber has finished starting.
  if (unclaimed.size > 0) {
    queueMicrotask(() => {
      if (!watchers.has(watcher)) return;
      for (const [result, timer] of [...unclaimed]) {
        if (!watcher(result)) continue;
        clearTimeout(timer);
        unclaimed.delete(result);
      }
    });
  }
  return () => watchers.delete(watcher);
}

/**
 * Hands a result to the watchers: true when one of them claimed it. When none did and
 * `whenUnclaimed` is given, it is called with the result after the grace period, unless a watcher
 * that subscribed meanwhile claimed it.
 */
export function publishTransactionResult(result: TransactionResult, whenUnclaimed?: (result: TransactionResult) => void): boolean {
  let claimed = false;
  for (const watcher of [...watchers]) if (watcher(result)) claimed = true;
  if (!claimed && whenUnclaimed) {
    unclaimed.set(
      result,
      setTimeout(() => {
        unclaimed.delete(result);
        whenUnclaimed(result);
      }, UNCLAIMED_GRACE_MS),
    );
  }
  return claimed;
}
