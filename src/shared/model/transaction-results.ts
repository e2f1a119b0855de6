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
 * an unclaimed result is released: the notifications statechart waits its `unclaimedGrace` delay
 * (2 s, machines/app/notifications.machine.ts) for a watcher that subscribes meanwhile before it
 * shows the notification. No timer lives here: the time is the statechart's.
 */
type Watcher = (result: TransactionResult) => boolean;

/** A result's notification while it waits in the notifications statechart (the session makes it). */
export interface UnclaimedNotice {
  /** Held without a deadline (HOLD). */
  hold(): void;
  /** Its grace starts (RELEASE); once it is over, the notification is shown. */
  release(): void;
  /** A watcher claimed the result after all: the notification is dropped (WITHDRAW). */
  withdraw(): void;
  /** Still held or in its grace (false once shown: a watcher that comes later does not get it). */
  isWaiting(): boolean;
}

const watchers = new Set<Watcher>();
/** Results no watcher has claimed yet, with their notice and whether it was released. */
const unclaimed = new Map<TransactionResult, { notice: UnclaimedNotice; released: boolean }>();
let submitsOnTheirWay = 0;

/** Forgets the results whose notification has been shown meanwhile. */
function prune(): void {
  for (const [result, { notice }] of unclaimed) if (!notice.isWaiting()) unclaimed.delete(result);
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
    // The watch a reply starts subscribes (in this turn), well before a grace can end.
    for (const entry of unclaimed.values()) {
      if (entry.released) continue;
      entry.released = true;
      entry.notice.release();
    }
  };
}

/** Subscribes; the watcher returns true when the result is its own. Returns the unsubscribe. */
export function watchTransactionResults(watcher: Watcher): () => void {
  watchers.add(watcher);
  // Results that came before this watcher: offered after the subscriber has finished starting.
  if (unclaimed.size > 0) {
    queueMicrotask(() => {
      if (!watchers.has(watcher)) return;
      prune();
      for (const [result, { notice }] of [...unclaimed]) {
        if (!watcher(result)) continue;
        unclaimed.delete(result);
        notice.withdraw();
      }
    });
  }
  return () => watchers.delete(watcher);
}

/**
 * Hands a result to the watchers: true when one of them claimed it. When none did and a `notice`
 * is given, its notification is held, and released for its grace once no submit is on its way;
 * a watcher that subscribes before the grace is over takes the result and the notice is withdrawn.
 */
export function publishTransactionResult(result: TransactionResult, notice?: UnclaimedNotice): boolean {
  let taken = false;
  for (const watcher of [...watchers]) if (watcher(result)) taken = true;
  if (!taken && notice) {
    prune();
    notice.hold();
    const released = submitsOnTheirWay === 0;
    unclaimed.set(result, { notice, released });
    if (released) notice.release();
  }
  return taken;
}
