import type { AnyActorRef, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';

/**
 * What the development inspector knows, fed by XState's own
 * inspection API (`inspect` on every actor the app starts): the running statechart actors, the
 * states each is in now and its last events. No network: the panel in the page draws it.
 */
export interface InspectedActor {
  sessionId: string;
  /** The system id when the actor has one, else the machine id. */
  name: string;
  machine: AnyStateMachine;
  /** The active state ids (`machineId.path`), the root included. */
  active: string[];
  status: string;
  /** The newest first, at most `EVENTS_KEPT`. */
  events: { type: string; at: number }[];
}

export const EVENTS_KEPT = 12;

/** The active state ids of a state value, e.g. `{ signedIn: 'idle' }` → session, session.signedIn, session.signedIn.idle. */
export function activeIds(machineId: string, value: StateValue): string[] {
  const walk = (prefix: string, v: StateValue): string[] =>
    typeof v === 'string' ? [`${prefix}.${v}`] : Object.entries(v).flatMap(([key, child]) => [`${prefix}.${key}`, ...(child && (typeof child === 'string' || Object.keys(child).length) ? walk(`${prefix}.${key}`, child as StateValue) : [])]);
  return [machineId, ...walk(machineId, value)];
}

const isMachine = (logic: unknown): logic is AnyStateMachine => Boolean(logic && typeof logic === 'object' && 'root' in logic && 'config' in logic);

export function createInspectorStore(now: () => number = Date.now) {
  const actors = new Map<string, InspectedActor>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    listeners.forEach((listener) => listener());
  };
  const update = (sessionId: string, change: (actor: InspectedActor) => InspectedActor) => {
    const actor = actors.get(sessionId);
    if (!actor) return;
    actors.set(sessionId, change(actor));
    changed();
  };

  function inspect(event: InspectionEvent): void {
    const ref = event.actorRef as AnyActorRef & { sessionId: string; id: string; logic?: unknown; _systemId?: string };
    if (event.type === '@xstate.actor') {
      if (!isMachine(ref.logic)) return; // promises and callbacks have no chart to draw
      // Its snapshot cannot be read while it starts: the first snapshot event says where it is.
      actors.set(ref.sessionId, { sessionId: ref.sessionId, name: ref._systemId ?? ref.logic.id, machine: ref.logic, active: [ref.logic.id], status: 'active', events: [] });
      changed();
    } else if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as { value?: StateValue; status?: string };
      update(ref.sessionId, (actor) => ({ ...actor, active: snapshot.value !== undefined ? activeIds(actor.machine.id, snapshot.value) : actor.active, status: snapshot.status ?? actor.status }));
    } else if (event.type === '@xstate.event') {
      update(ref.sessionId, (actor) => ({ ...actor, events: [{ type: event.event.type, at: now() }, ...actor.events].slice(0, EVENTS_KEPT) }));
    }
  }

  return {
    inspect,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes whenever anything changed (for useSyncExternalStore). */
    version: () => version,
    actors: () => [...actors.values()],
  };
}

export type InspectorStore = ReturnType<typeof createInspectorStore>;
