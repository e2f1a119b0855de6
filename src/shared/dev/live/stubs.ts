import { StateMachine, type ActorLogic, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';

/**
 * A machine made safe to run offline, for the live run in Storybook: every actor it can invoke
 * or spawn (`setup({ actors })`, inline ones included: XState keeps those there too) is replaced
 * by a stub the developer controls, and every side-effect action the app provides is replaced by
 * a stand-in that only says it ran. Child machines run as themselves (they are pure logic, and
 * their timers share the run's simulated clock), stubbed the same way, so nothing anywhere in the
 * tree reaches the network, the router or storage.
 */

/** How a stub behaves: a promise waits to be resolved or rejected; a callback listens and stays silent. */
export type StubKind = 'promise' | 'callback';

export interface StubInfo {
  /** The actor's name in `setup({ actors })`. */
  src: string;
  kind: StubKind;
}

export interface StubHooks {
  /** A stub was started (invoked or spawned): the run lists it until it ends. */
  started(ref: AnyActorRef, info: StubInfo): void;
  /** A stand-in of an app action ran. */
  actionRan(machineId: string, name: string, params: unknown): void;
}

/** The events the run sends a stub to end it, as XState's promise actors end. */
export const STUB_RESOLVE = 'live.resolve';
export const STUB_REJECT = 'live.reject';

/** A stub's snapshot: the standard one, with the input it was given and the events it received. */
export type StubSnapshot = Snapshot<unknown> & { input: unknown; received: readonly string[] };

/** XState's own: a stopped actor receives it last. */
const STOP = 'xstate.stop';

function stubLogic(info: StubInfo, hooks: StubHooks): ActorLogic<StubSnapshot, EventObject, unknown> {
  return {
    config: info,
    getInitialSnapshot: (_scope, input) => ({ status: 'active', output: undefined, error: undefined, input, received: [] }),
    start: (_snapshot, { self }) => hooks.started(self, info),
    transition: (snapshot, event) => {
      if (snapshot.status !== 'active') return snapshot;
      const kept = { input: snapshot.input, received: snapshot.received };
      // Only a promise ends with an output; a callback actor never does (its errors still reach the parent).
      if (event.type === STUB_RESOLVE && info.kind === 'promise') return { status: 'done', output: (event as { output?: unknown }).output, error: undefined, ...kept };
      if (event.type === STUB_REJECT) return { status: 'error', output: undefined, error: (event as { error?: unknown }).error, ...kept };
      if (event.type === STOP) return { status: 'stopped', output: undefined, error: undefined, ...kept };
      // What the machine sends its child (sendTo): kept, so the panel can show it arrived.
      return { ...snapshot, received: [...snapshot.received, event.type] };
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

const isMachine = (logic: AnyActorLogic): logic is AnyStateMachine => logic instanceof StateMachine;

/**
 * Whether an actor's logic is a promise (`fromPromise`) or something that only listens (a
 * callback). Their logic objects look alike, so the promise's own ending is tried on a blank
 * snapshot: a promise's transition ends it; a callback's ignores or cannot handle it.
 */
export function stubKindOf(logic: AnyActorLogic): StubKind {
  try {
    const blank = { status: 'active', output: undefined, error: undefined, input: undefined };
    const scope = { self: {} } as unknown as Parameters<AnyActorLogic['transition']>[2];
    const after = logic.transition(blank, { type: 'xstate.promise.resolve', data: undefined }, scope) as { status?: string } | undefined;
    return after?.status === 'done' ? 'promise' : 'callback';
  } catch {
    return 'callback';
  }
}

/**
 * An action XState builds (assign, raise, sendTo, enqueueActions…) carries a `type` of its own;
 * the app's side effects are plain functions (placeholders in `setup`, provided by src/).
 */
function isAppAction(action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const type = (action as { type?: unknown }).type;
  return !(typeof type === 'string' && type.startsWith('xstate.'));
}

/** The machine with every actor stubbed and every app action a stand-in, child machines included (each once). */
export function stubbedMachine(machine: AnyStateMachine, hooks: StubHooks, done = new Map<AnyStateMachine, AnyStateMachine>()): AnyStateMachine {
  const known = done.get(machine);
  if (known) return known;
  const actors: Record<string, AnyActorLogic> = {};
  for (const [src, logic] of Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>)) {
    actors[src] = isMachine(logic) ? stubbedMachine(logic, hooks, done) : stubLogic({ src, kind: stubKindOf(logic) }, hooks);
  }
  // The app's actions are placeholders by convention (machines/README.md: they do nothing or
  // throw until src/ provides them), so the stand-in does not call them: it only says it ran.
  const actions: Record<string, (args: unknown, params: unknown) => void> = {};
  for (const [name, action] of Object.entries(machine.implementations.actions as Record<string, unknown>)) {
    if (isAppAction(action)) actions[name] = (_args, params) => hooks.actionRan(machine.id, name, params);
  }
  const stubbed: AnyStateMachine = machine.provide({ actors, actions });
  done.set(machine, stubbed);
  return stubbed;
}
