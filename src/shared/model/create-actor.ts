import { createActor, type AnyActorLogic, type ActorOptions, type Actor } from 'xstate';
import { readStored, removeStored, storageKeys, writeStored } from '../config/storage';

/**
 * Every actor the app starts goes through here, so the inspector can attach to all of them.
 * The inspector is a development switch: `?inspect` in a development build (`npm run dev`).
 * Production builds never load it (the dev-tools e2e test reads the built files).
 */
let inspect: ActorOptions<AnyActorLogic>['inspect'] | undefined;

export function inspectorEnabled(): boolean {
  return inspectChoice() !== null;
}

/**
 * Which inspector the developer asked for, development only: `?inspect` (the panel) or
 * `?inspect=stately`, kept for the tab (`app.inspect`) so a full reload, or an address the router
 * rewrote without it, keeps it (issue 45: the inspector was lost on a reload); `?inspect=off`
 * forgets it. Null in production whatever is stored.
 */
export function inspectChoice(search: string = typeof location === 'undefined' ? '' : location.search): 'panel' | 'stately' | null {
  if (process.env.NODE_ENV === 'production') return null;
  const asked = new URLSearchParams(search).get('inspect');
  if (asked === 'off') {
    removeStored(storageKeys.inspect);
    return null;
  }
  if (asked !== null) {
    const choice = asked === 'stately' ? 'stately' : 'panel';
    writeStored(storageKeys.inspect, choice);
    return choice;
  }
  const kept = readStored(storageKeys.inspect);
  return kept === 'panel' || kept === 'stately' ? kept : null;
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
    const choice = inspectChoice();
    if (choice === null) return;
    if (choice === 'stately') {
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
