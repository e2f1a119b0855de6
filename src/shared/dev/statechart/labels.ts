import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * How a statechart's parts read (the diagrams in Storybook and the development inspector): guards,
 * actions, events, delays, state kinds and invoked actors, from the definition alone.
 */

// Higher-order guards are recognised by their check function (function names do not survive minification).
const checkOf = (g: unknown) => (g as { check?: unknown }).check;
const NOT_CHECK = checkOf(not('x'));
const AND_CHECK = checkOf(and(['x']));
const OR_CHECK = checkOf(or(['x']));
const IN_CHECK = checkOf(stateIn('x'));

function formatParams(params: unknown): string {
  if (params === undefined) return '';
  if (typeof params === 'function') return '(…)';
  if (typeof params === 'string') return `(${params})`;
  try {
    return `(${JSON.stringify(params)})`;
  } catch {
    return '(…)';
  }
}

/** A guard as the reader knows it: `name`, `name(params)`, `not x`, `(a and b)`, `in state`, `inline guard`. */
export function describeGuard(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown[]; stateValue?: unknown; name?: string };
    const check = checkOf(g);
    const inner = (g.guards ?? []).map((x) => describeGuard(x) ?? 'guard');
    if (check && check === NOT_CHECK) return `not ${inner[0] ?? 'guard'}`;
    if (check && check === AND_CHECK) return `(${inner.join(' and ')})`;
    if (check && check === OR_CHECK) return `(${inner.join(' or ')})`;
    if (check && check === IN_CHECK) return `in ${typeof g.stateValue === 'string' ? g.stateValue : JSON.stringify(g.stateValue)}`;
    // An inline arrow function is named after its property (`guard`), which tells nothing.
    return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    return `${String(type)}${formatParams(params)}`;
  }
  return 'guard';
}

/** Whether an action is the timer XState adds to a state's entry/exit for its own `after` transitions. */
function isAfterTimer(action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const a = action as { type?: unknown; id?: unknown; sendId?: unknown };
  const id = a.type === 'xstate.raise' ? a.id : a.type === 'xstate.cancel' ? a.sendId : undefined;
  return typeof id === 'string' && id.startsWith('xstate.after.');
}

export function describeActions(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? [])
    .filter((a) => !isAfterTimer(a))
    .map((a) => {
      if (typeof a === 'string') return a;
      if (typeof a === 'function') {
        const f = a as { type?: unknown; event?: unknown };
        if (typeof f.type === 'string' && f.type.startsWith('xstate.')) {
          const kind = f.type.slice('xstate.'.length);
          const event = f.event as { type?: unknown } | undefined;
          return kind === 'raise' && event && typeof event === 'object' && typeof event.type === 'string' ? `raise ${event.type}` : kind;
        }
        // Inline arrow functions are named after their property (`actions`, `entry`), which tells nothing.
        return 'inline action';
      }
      if (a && typeof a === 'object' && 'type' in a) return String((a as { type: unknown }).type);
      return 'action';
    });
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${+(ms / 1000).toFixed(1)} s`;
  return `${+(ms / 60_000).toFixed(1)} min`;
}

export function delayLabel(delay: unknown, machine: AnyStateMachine): string {
  if (typeof delay === 'number') return formatMs(delay);
  const name = String(delay);
  const value = (machine.implementations.delays as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' ? `${name} (${formatMs(value)})` : name;
}

export type TransitionLike = { eventType: string; delay?: unknown };

/** An id XState made up for an invoke without one: its index and the state's id ("0.globalPayBatch.loading"). */
export const isGeneratedId = (id: string): boolean => /^\d+\./.test(id);

/** The invoked actor's logic name (`src`) when it is a string naming the machine's actor, else null. */
const srcName = (src: unknown): string | null => (typeof src === 'string' && !src.startsWith('xstate.invoke.') ? src : null);

/**
 * What an invoked actor is called in the diagram: its id as written, or, for an id XState made up
 * (issue 45: "done: 0.globalPayBatch.loading"), the name of the actor it runs (its `src`).
 */
export function actorName(id: string, machine: AnyStateMachine): string {
  if (!isGeneratedId(id)) return id;
  const walk = (node: AnyStateNode): string | null => {
    for (const inv of node.invoke) if (inv.id === id) return srcName(inv.src);
    for (const child of Object.values(node.states)) {
      const found = walk(child as AnyStateNode);
      if (found) return found;
    }
    return null;
  };
  return walk(machine.root) ?? id;
}

export function eventLabel(t: TransitionLike, machine: AnyStateMachine): string {
  const e = t.eventType;
  if (e === '') return 'always';
  if (t.delay !== undefined || e.startsWith('xstate.after.')) return `after ${delayLabel(t.delay ?? e.split('.')[2], machine)}`;
  if (e.startsWith('xstate.done.actor.')) return `done: ${actorName(e.slice('xstate.done.actor.'.length), machine)}`;
  if (e.startsWith('xstate.error.actor.')) return `error: ${actorName(e.slice('xstate.error.actor.'.length), machine)}`;
  if (e.startsWith('xstate.snapshot.')) return `snapshot: ${e.slice('xstate.snapshot.'.length)}`;
  if (e.startsWith('xstate.done.state.')) return 'done (child state final)';
  return e;
}

export function kindLabel(node: AnyStateNode): string[] {
  const kinds: string[] = [];
  if (node.parent && node.parent.initial?.target?.[0] === node) kinds.push('initial');
  if (node.type === 'parallel') kinds.push('parallel');
  if (node.type === 'final') kinds.push('final');
  if (node.type === 'history') kinds.push(`${node.history === 'deep' ? 'deep' : 'shallow'} history`);
  return kinds;
}

export function invokeLabel(inv: { id: string; src: unknown }): string {
  const src = srcName(inv.src) ?? 'inline actor';
  // An id XState made up says nothing: the actor's name alone.
  return src === inv.id || isGeneratedId(inv.id) ? src : `${src} (as ${inv.id})`;
}
