import { createElement, use, type ComponentType } from 'react';

/**
 * A route's component whose code loads when the route is first needed, with `preload` for the
 * router's preloading (hover, intent). In place of TanStack Router's `lazyRouteComponent`, which
 * calls `use()` only while the code is missing and not once it arrived: React 19 warns about that in
 * development ("This library called use() to suspend in a previous render but did not call use()
 * when it finished", issue 45). Here `use` is called on every render with the same promise, as React
 * asks (an arrived promise returns at once). A failed download (offline) is not kept: the next render
 * after the error boundary's retry downloads again.
 */
/** The props a component takes. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

export function lazyRoute<M extends Record<K, ComponentType<never>>, K extends keyof M>(importer: () => Promise<M>, name: K) {
  type Props = PropsOf<M[K]> & object;
  // Marked fulfilled once the code is in (the thenable fields React's `use` reads), so a render
  // after the download returns at once instead of suspending for a microtask: the app's take-over
  // of a prerendered page draws the page in one commit, never its loading fallback (issue 48).
  let pending: (Promise<ComponentType<Props>> & { status?: 'fulfilled'; value?: ComponentType<Props> }) | undefined;
  const load = () =>
    (pending ??= importer().then(
      (module) => {
        // The named export is that component (M's constraint), with the props it declares.
        const component = module[name] as ComponentType<Props>;
        if (pending) Object.assign(pending, { status: 'fulfilled', value: component });
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function LazyRoute(props: Props) {
    return createElement(use(load()), props);
  }
  LazyRoute.displayName = `LazyRoute(${String(name)})`;
  return Object.assign(LazyRoute, { preload: () => load().then(() => undefined) });
}
