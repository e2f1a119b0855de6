/**
 * News of a global pay batch from the realtime channel (a recipient chose how to receive): the
 * session publishes the batch's id, and a batch statechart that follows it asks for its status at
 * once instead of waiting for its next poll.
 */
type Watcher = (batchId: number) => void;
const watchers = new Set<Watcher>();

/** Subscribes to every batch's news. Returns the unsubscribe. */
export function watchBatchChanges(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export function publishBatchChange(batchId: number): void {
  for (const watcher of [...watchers]) watcher(batchId);
}
