import { createActor, createMachine, SimulatedClock, type ActorRefLike, type AnyActor, type AnyEventObject, type AnyActorRef, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject, type InspectionEvent, type StateValue } from 'xstate';
import { transitionId } from '../statechart/graph';
import { isGeneratedId } from '../statechart/labels';
import { activeIds } from '../inspector/inspector-store';
import { STUB_REJECT, STUB_RESOLVE, stubbedMachine, type StubInfo, type StubKind, type StubSnapshot } from './stubs';

/**
 * A machine run live and offline, for Storybook's "Machines" section (framework-free: the React
 * panel only draws what this returns). The machine runs with its actors stubbed and its app
 * actions replaced (./stubs.ts), on XState's SimulatedClock, under a silent parent that keeps
 * what it sends up, so nothing happens unless the developer makes it happen: send an event,
 * resolve or reject a waiting actor, advance the time to a pending timer.
 */

export interface LiveRunOptions {
  /** What the machine is started with (the registry's `sampleInput`), for machines that need input. */
  input?: unknown;
}

/** An event the machine takes in its current state (some candidate of an active state handles it). */
export interface LiveEventOffer {
  type: string;
  /** Every candidate has a guard: whether it does anything depends on the payload and the context. */
  guarded: boolean;
}

/** A stubbed actor still running: a promise waiting for its outcome, or a callback listening. */
export interface LiveWaiting {
  /** Its session id: what `resolve` and `reject` take. */
  key: string;
  /** `approval › submit`: the actors it runs under (not the machine itself), then its own name. */
  label: string;
  src: string;
  kind: StubKind;
  input: unknown;
  /** The events the machine sent it, oldest first. */
  received: readonly string[];
}

/** A delayed event waiting for the simulated clock (an `after` transition, a delayed raise or sendTo). */
export interface LiveTimer {
  key: string;
  label: string;
  /** Milliseconds of simulated time until it fires. */
  dueIn: number;
}

export interface LiveActionRun {
  /** Which machine's action (a child machine runs its own). */
  machineId: string;
  name: string;
  params: unknown;
  /** The simulated time it ran at. */
  at: number;
}

export interface LiveParentEvent {
  event: EventObject;
  at: number;
}

export interface LiveView {
  status: 'active' | 'done' | 'error' | 'stopped';
  value: StateValue | null;
  /** The active state ids, ancestors included (`machineId.path`), as the diagram's `active` takes them. */
  active: string[];
  /** The innermost active states only: what the status line says. */
  current: string[];
  context: unknown;
  output: unknown;
  error: unknown;
  /** The id of the diagram's arrow the machine took last (null before the first one). */
  lastTransition: string | null;
  events: LiveEventOffer[];
  waiting: LiveWaiting[];
  timers: LiveTimer[];
  /** The app actions that ran, newest first (at most ACTIONS_KEPT). */
  actions: LiveActionRun[];
  /** What the machine sent its parent (sendParent), newest first (at most ACTIONS_KEPT). */
  toParent: LiveParentEvent[];
  /** Simulated milliseconds since the start. */
  now: number;
}

export interface LiveRun {
  readonly machine: AnyStateMachine;
  /** What the run looks like now: the same object until something changes (for useSyncExternalStore). */
  view(): LiveView;
  subscribe(listener: () => void): () => void;
  send(event: AnyEventObject): void;
  /** Ends a waiting promise with an output (the machine's `onDone` runs). */
  resolve(key: string, output: unknown): void;
  /** Ends a waiting actor with an error (the machine's `onError` runs). */
  reject(key: string, error: unknown): void;
  /** Moves the simulated clock on: every timer due by then fires, in order. */
  advance(ms: number): void;
  stop(): void;
}

export const ACTIONS_KEPT = 30;

/** The machine's id as the harness's child (never shown: labels stop at the machine). */
const RUN_ID = 'run';

/** The active state nodes of a state value, from the root down (parallel regions all). */
export function activeNodes(node: AnyStateNode, value: StateValue): AnyStateNode[] {
  const entries: [string, StateValue | undefined][] = typeof value === 'string' ? [[value, undefined]] : Object.entries(value);
  return [
    node,
    ...entries.flatMap(([key, inner]) => {
      const child = node.states[key] as AnyStateNode | undefined;
      return child ? activeNodes(child, inner ?? {}) : [];
    }),
  ];
}

/** Events of XState's own (timers, done and error of actors and states) are not the developer's to send. */
const isInternal = (type: string) => type.startsWith('xstate.') || type.startsWith('done.') || type.startsWith('error.') || type.includes('*');

/**
 * The events the machine takes now: every event some active state has a transition for, the
 * innermost states' first (they handle an event before their ancestors do).
 */
export function eventsTakenNow(machine: AnyStateMachine, value: StateValue): LiveEventOffer[] {
  const nodes = activeNodes(machine.root, value).sort((a, b) => b.path.length - a.path.length);
  const offers = new Map<string, LiveEventOffer>();
  for (const node of nodes) {
    for (const type of node.ownEvents) {
      if (isInternal(type)) continue;
      const guarded = (node.transitions.get(type) ?? []).every((t: AnyTransitionDefinition) => Boolean(t.guard));
      const known = offers.get(type);
      offers.set(type, { type, guarded: known ? known.guarded && guarded : guarded });
    }
  }
  return [...offers.values()];
}

/** Only the innermost of a list of active ids (those no other id is inside). */
const innermost = (ids: readonly string[]) => ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));

/** An actor's name as the developer wrote it: its id, or for an id XState made up, the actor it runs. */
const actorName = (ref: AnyActorRef, src?: string) => (isGeneratedId(ref.id) ? (src ?? (typeof ref.src === 'string' ? ref.src : ref.id)) : ref.id);

/** `approval › submit`: the actors between the run's machine and this one, then its own name. */
function actorLabel(ref: AnyActorRef, root: AnyActorRef, src?: string): string {
  const names = [actorName(ref, src)];
  for (let parent = ref._parent; parent && parent !== root; parent = parent._parent) names.unshift(actorName(parent));
  return names.join(' › ');
}

/** A timer's name: `after idleWarning (session.signedIn.idle.active)`, or the delayed event and where it goes. */
function timerLabel(event: EventObject, source: AnyActorRef, target: AnyActorRef, root: AnyActorRef): string {
  const after = /^xstate\.after\.([^.]+)\.(.+)$/.exec(event.type);
  const own = source === root ? '' : ` in ${actorLabel(source, root)}`;
  if (after) return `after ${after[1]} (${after[2]})${own}`;
  return `${event.type}${target === source ? '' : ` to ${target === root ? 'the machine' : actorLabel(target, root)}`}${own}`;
}

/** The id of the arrow a taken transition is drawn as (XState's own initial transition has none). */
function arrowOf(transition: AnyTransitionDefinition): string | null {
  const source = transition.source as AnyStateNode;
  const candidates = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const index = candidates.indexOf(transition);
  return index < 0 ? null : transitionId(source, transition.eventType, index, transition.target);
}

type ScheduledEvent = ReturnType<AnyActor['system']['getSnapshot']>['_scheduledEvents'][string];

/**
 * XState's SimulatedClock, knowing when each scheduled event is due in simulated time (XState
 * notes only the wall-clock time it was made). The scheduler registers an event, then asks the
 * clock for its timeout: at that moment the one event not yet seen is the new one.
 */
function timingClock(scheduled: () => ScheduledEvent[]) {
  const clock = new SimulatedClock();
  const dueAt = new WeakMap<ScheduledEvent, number>();
  return {
    now: () => clock.now(),
    advance: (ms: number) => clock.increment(Math.max(0, ms)),
    dueIn: (entry: ScheduledEvent) => Math.max(0, (dueAt.get(entry) ?? clock.now() + entry.delay) - clock.now()),
    /** What createActor takes as its clock. */
    option: {
      setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
        const id = clock.setTimeout(fn, ms);
        for (const entry of scheduled()) if (!dueAt.has(entry)) dueAt.set(entry, clock.now() + ms);
        return id;
      },
      clearTimeout: (id: number) => clock.clearTimeout(id),
    },
  };
}

/** The stubs still running (a stub that ended is forgotten). */
function waitingOf(stubs: Map<AnyActorRef, StubInfo>, machineActor: AnyActorRef): LiveWaiting[] {
  const out: LiveWaiting[] = [];
  for (const [ref, info] of stubs) {
    const snapshot = ref.getSnapshot() as StubSnapshot;
    if (snapshot.status !== 'active') {
      stubs.delete(ref);
      continue;
    }
    out.push({ key: ref.sessionId, label: actorLabel(ref, machineActor, info.src), src: info.src, kind: info.kind, input: snapshot.input, received: snapshot.received });
  }
  return out;
}

/** A list kept newest first and short. */
function keep<T>(list: T[], item: T): void {
  list.unshift(item);
  list.length = Math.min(list.length, ACTIONS_KEPT);
}

/**
 * The machine runs as the one child of a silent harness, so a machine made to be a child (a
 * timer, a form, the approval) can send to its parent: what it sends is kept, not lost or fatal.
 */
function harnessOf(machine: AnyStateMachine, input: unknown, sentUp: (event: EventObject) => void) {
  return createMachine({
    id: 'liveRun',
    invoke: { id: RUN_ID, src: machine, input },
    on: {
      '*': {
        // Its own end (done or error) is read from its snapshot, not from these events.
        actions: ({ event }) => (event.type.startsWith('xstate.') ? undefined : sentUp(event)),
      },
    },
  });
}

export function startLiveRun(machine: AnyStateMachine, options: LiveRunOptions = {}): LiveRun {
  const listeners = new Set<() => void>();
  let cached: LiveView | null = null;
  const changed = () => {
    cached = null;
    listeners.forEach((listener) => listener());
  };

  const stubs = new Map<AnyActorRef, StubInfo>();
  const actions: LiveActionRun[] = [];
  const toParent: LiveParentEvent[] = [];
  let lastTransition: string | null = null;
  // Set once created: inspection events (and timers) come while it is being created and started.
  let root: AnyActor | null = null;
  const clock = timingClock(() => Object.values(root?.system.getSnapshot()._scheduledEvents ?? {}));

  const stubbed = stubbedMachine(machine, {
    started: (ref, info) => {
      stubs.set(ref, info);
      changed();
    },
    actionRan: (machineId, name, params) => {
      keep(actions, { machineId, name, params, at: clock.now() });
      changed();
    },
  });
  // Inspection names actors loosely (ActorRefLike); every actor here is a full one.
  const isRun = (ref: ActorRefLike) => (ref as Partial<AnyActorRef>).id === RUN_ID && (ref as Partial<AnyActorRef>)._parent === root;
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep' && isRun(event.actorRef)) {
      // Internal, but the one place XState says which transitions a step took (tests/machines/coverage.ts reads it too).
      const taken = (event as unknown as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [];
      lastTransition = taken.map(arrowOf).filter((id): id is string => id !== null).at(-1) ?? lastTransition;
    }
    changed();
  };

  root = createActor(harnessOf(stubbed, options.input, (event) => keep(toParent, { event, at: clock.now() })), { clock: clock.option, inspect });
  root.start();
  const harness = root;
  const actor = harness.getSnapshot().children[RUN_ID] as AnyActorRef;

  function build(): LiveView {
    const snapshot = actor.getSnapshot() as { status: LiveView['status']; value?: StateValue; context?: unknown; output?: unknown; error?: unknown };
    const value = snapshot.value ?? null;
    const active = value === null ? [] : activeIds(machine.id, value);
    const running = snapshot.status === 'active';
    const timers = Object.entries(harness.system.getSnapshot()._scheduledEvents).map(([key, entry]) => ({ key, label: timerLabel(entry.event, entry.source, entry.target, actor), dueIn: clock.dueIn(entry) }));
    return {
      status: snapshot.status,
      value,
      active,
      current: innermost(active),
      context: snapshot.context,
      output: snapshot.output,
      error: snapshot.error,
      lastTransition,
      events: running && value !== null ? eventsTakenNow(machine, value) : [],
      waiting: running ? waitingOf(stubs, actor) : [],
      timers: running ? timers.sort((a, b) => a.dueIn - b.dueIn) : [],
      actions: [...actions],
      toParent: [...toParent],
      now: clock.now(),
    };
  }

  const findStub = (key: string) => [...stubs.keys()].find((ref) => ref.sessionId === key);
  /** Whatever the developer does happens only while the machine runs. */
  const whileActive = (act: () => void) => {
    if (actor.getSnapshot().status !== 'active') return;
    act();
    changed();
  };

  return {
    machine,
    view: () => (cached ??= build()),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (event) => whileActive(() => actor.send(event)),
    resolve: (key, output) => whileActive(() => findStub(key)?.send({ type: STUB_RESOLVE, output })),
    reject: (key, error) => whileActive(() => findStub(key)?.send({ type: STUB_REJECT, error })),
    advance: (ms) => whileActive(() => clock.advance(ms)),
    stop: () => {
      harness.stop();
      changed();
    },
  };
}
