import { createActor, type AnyActorLogic, type ActorOptions, type Actor } from 'xstate';

/**
 * Every actor the app starts goes through here, so the inspector can attach to all of them.
 * The inspector is a development switch: `?inspect` in a development build (`npm run dev`).
 * Production builds never load it (the dev-tools e2e test reads the built files).
 */
let inspect: ActorOptions<AnyActorLogic>['inspect'] | undefined;

export function inspectorEnabled(): boolean {
  return (
    process.env.NODE_ENV !== 'production' &&
    typeof location !== 'undefined' &&
    new URLSearchParams(location.search).has('inspect')
  );
}

/**
 * Loads the inspector (development only). Call once before the first actor starts. `?inspect`:
 * the offline panel in the page (every running statechart drawn with its current state and last
 * events; shared/dev); `?inspect=stately`: Stately's inspector, which needs its website.
 */
export async function setUpInspector(): Promise<void> {
  // A condition the bundler decides at build time: in production the imports below are not even
  // emitted as chunks (an early return would leave them in the build, only never loaded).
  if (process.env.NODE_ENV !== 'production') {
    if (!inspectorEnabled()) return;
    if (new URLSearchParams(location.search).get('inspect') === 'stately') {
      const { createBrowserInspector } = await import(/* webpackChunkName: "dev-inspector" */ '@statelyai/inspect');
      inspect = createBrowserInspector().inspect;
      return;
    }
    const { mountInspector } = await import(/* webpackChunkName: "dev-inspector" */ '../dev');
    inspect = mountInspector();
  }
}

export function createAppActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options?: ActorOptions<TLogic>,
): Actor<TLogic> {
  return createActor(logic, { ...options, ...(inspect ? { inspect } : {}) } as ActorOptions<TLogic>);
}

/** For actors started by React (`useActorRef`): the same inspector option. */
export function inspectOptions(): Pick<ActorOptions<AnyActorLogic>, 'inspect'> {
  return inspect ? { inspect } : {};
}
