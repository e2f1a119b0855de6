/**
 * News of the customer's verification from the realtime channel (a document confirmed or refused,
 * a username change request moved on): the session publishes it, and the verification statechart
 * and the profile read again at once instead of waiting for the tab to come back into view.
 */
type Watcher = () => void;
const watchers = new Set<Watcher>();

/** Subscribes to the news. Returns the unsubscribe. */
export function watchVerificationChanges(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export function publishVerificationChange(): void {
  for (const watcher of [...watchers]) watcher();
}
