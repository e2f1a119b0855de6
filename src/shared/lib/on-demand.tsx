import { Suspense, lazy, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code loads only when it is first needed (an overlay opening, a menu being
 * pressed) or when the browser is idle after the first paint, so it never weighs on first paint.
 * `preload()` starts the download once (`ready()` is the same, with its promise); `useLoaded()` gives the component after it arrived (or
 * null), without component state; `Lazy` renders it: directly once it is here (no Suspense round
 * trip, so a preloaded overlay shows in the same frame), through Suspense until then (`fallback`
 * while loading, nothing unless given). `usePreloadWhenIdle()` asks for the code once the browser is
 * idle after the calling component rendered.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const listeners = new Set<() => void>();
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        listeners.forEach((listener) => listener());
        return component;
      },
      (error: unknown) => {
        pending = null; // a failed download (offline) is tried again on the next use
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const Suspended = lazy(async () => ({ default: await preload() }));
  const useLoaded = () => useSyncExternalStore(subscribe, () => loaded, () => null);
  function Lazy(props: P) {
    const Loaded = useLoaded();
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Suspended {...props} />
      </Suspense>
    );
  }
  const preloadQuietly = () => void preload().catch(() => undefined);
  /** For a component that can open this one (a button, a closed dialog): fetch the code once the browser is idle after it showed, so a press shows it at once. */
  const usePreloadWhenIdle = () => useEffect(() => whenIdle(preloadQuietly), []);
  return { preload: preloadQuietly, ready: preload, usePreloadWhenIdle, useLoaded, Lazy };
}

/** Runs `task` when the browser is idle (or after `timeout` ms at the latest), after first paint. */
export function whenIdle(task: () => void, timeout = 3000): void {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout });
  else setTimeout(task, 200);
}
