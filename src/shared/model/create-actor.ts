import { createActor, type AnyActorLogic, type ActorOptions, type Actor } from 'xstate';

/**
 * Every actor the app starts goes through here, so the Stately inspector can attach to all
 * of them. The inspector is a development switch: `?inspect` in a development build
 * (`npm run dev`). Production builds never load it.
 */
let inspect: ActorOptions<AnyActorLogic>['inspect'] | undefined;

export function inspectorEnabled(): boolean {
  return (
    process.env.NODE_ENV !== 'production' &&
    typeof location !== 'undefined' &&
    new URLSearchParams(location.search).has('inspect')
  );
}

/** Loads @statelyai/inspect (development only). Call once before the first actor starts. */
export async function setUpInspector(): Promise<void> {
  if (!inspectorEnabled()) return;
  const { createBrowserInspector } = await import(/* webpackChunkName: "dev-inspector" */ '@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
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
