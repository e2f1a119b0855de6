/**
 * A channel of news from the realtime channel inside the app: the session publishes, whoever
 * follows it (a statechart, a page's queries) hears at once instead of waiting for its next read.
 */
export function newsChannel<T = void>() {
  type Watcher = (news: T) => void;
  const watchers = new Set<Watcher>();
  return {
    /** Subscribes. Returns the unsubscribe. */
    watch(watcher: Watcher): () => void {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    publish(news: T): void {
      for (const watcher of [...watchers]) watcher(news);
    },
  };
}
