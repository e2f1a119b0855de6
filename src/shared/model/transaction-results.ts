import type { TransactionResult } from '@machines/transfers/transaction-result';

/**
 * Transaction results from the realtime channel (002 s4), handed to whichever approval popup
 * waits for that operation. The session publishes every result; a popup's `watch` subscribes for
 * as long as it waits. A result no popup claims is shown as a notification instead, so a result
 * is told once: in the popup the user is looking at, or as a toast.
 */
type Watcher = (result: TransactionResult) => boolean;
const watchers = new Set<Watcher>();

/** Subscribes; the watcher returns true when the result is its own. Returns the unsubscribe. */
export function watchTransactionResults(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** Hands a result to the watchers: true when one of them claimed it. */
export function publishTransactionResult(result: TransactionResult): boolean {
  let claimed = false;
  for (const watcher of [...watchers]) if (watcher(result)) claimed = true;
  return claimed;
}
