import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * Draws a statechart from its own definition: nested state boxes (parallel regions, final and
 * history states marked), each with its invoked actors, entry/exit actions, tags and transitions
 * (event, guard, target, actions), including eventless (`always`), delayed (`after`) and the
 * done/error transitions of invoked actors. No network, no running actor: reviewers see the flow
 * as the code defines it.
 *
 * Accessibility: one `h2` per machine, state names as headings one level below their parent
 * (h3 … h6), every state a `section` region named `state <machine>.<path>` (the story's play
 * function counts these against the definition), transitions as lists; fixed colours on white
 * (at least 7:1), so the brand themes around it do not change the contrast.
 */

/** The name a state is announced by: the machine id and its path, e.g. `session.signedIn.idle.warning`. */
export function statePath(node: AnyStateNode): string {
  return [node.machine.id, ...node.path].join('.');
}

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

function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${+(ms / 1000).toFixed(1)} s`;
  return `${+(ms / 60_000).toFixed(1)} min`;
}

function delayLabel(delay: unknown, machine: AnyStateMachine): string {
  if (typeof delay === 'number') return formatMs(delay);
  const name = String(delay);
  const value = (machine.implementations.delays as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' ? `${name} (${formatMs(value)})` : name;
}

type Transition = { eventType: string; delay?: unknown };

function eventLabel(t: Transition, machine: AnyStateMachine): string {
  const e = t.eventType;
  if (e === '') return 'always';
  if (t.delay !== undefined || e.startsWith('xstate.after.')) return `after ${delayLabel(t.delay ?? e.split('.')[2], machine)}`;
  if (e.startsWith('xstate.done.actor.')) return `done: ${e.slice('xstate.done.actor.'.length)}`;
  if (e.startsWith('xstate.error.actor.')) return `error: ${e.slice('xstate.error.actor.'.length)}`;
  if (e.startsWith('xstate.snapshot.')) return `snapshot: ${e.slice('xstate.snapshot.'.length)}`;
  if (e.startsWith('xstate.done.state.')) return 'done (child state final)';
  return e;
}

function kindLabel(node: AnyStateNode): string[] {
  const kinds: string[] = [];
  if (node.parent && node.parent.initial?.target?.[0] === node) kinds.push('initial');
  if (node.type === 'parallel') kinds.push('parallel');
  if (node.type === 'final') kinds.push('final');
  if (node.type === 'history') kinds.push(`${node.history === 'deep' ? 'deep' : 'shallow'} history`);
  return kinds;
}

function invokeLabel(inv: { id: string; src: unknown }): string {
  const src = typeof inv.src === 'string' && !inv.src.startsWith('xstate.invoke.') ? inv.src : 'inline actor';
  return src === inv.id ? src : `${src} (as ${inv.id})`;
}

type HeadingTag = 'h3' | 'h4' | 'h5' | 'h6';

function StateBox({ node, machine, depth }: { node: AnyStateNode; machine: AnyStateMachine; depth: number }) {
  const children = Object.values(node.states) as AnyStateNode[];
  const transitions: [string, readonly Transition[]][] = [
    ...node.transitions.entries(),
    ...(node.always?.length ? [['', node.always] as [string, readonly Transition[]]] : []),
  ];
  const kinds = kindLabel(node);
  const entry = describeActions(node.entry);
  const exit = describeActions(node.exit);
  const Heading = `h${Math.min(3 + depth, 6)}` as HeadingTag;
  const classes = ['md-state', node.type === 'parallel' && 'md-parallel', node.type === 'final' && 'md-final', kinds.includes('initial') && 'md-initial'];
  return (
    <section className={classes.filter(Boolean).join(' ')} aria-label={`state ${statePath(node)}`}>
      <Heading className="md-name">
        {node.key}
        {kinds.length ? <span className="md-kind"> ({kinds.join(', ')})</span> : null}
      </Heading>
      {node.description ? <p className="md-meta">{node.description}</p> : null}
      {node.invoke.length > 0 ? (
        <p className="md-meta">invokes: {node.invoke.map((i: { id: string; src: unknown }) => invokeLabel(i)).join(', ')}</p>
      ) : null}
      {entry.length ? <p className="md-meta">entry: {entry.join(', ')}</p> : null}
      {exit.length ? <p className="md-meta">exit: {exit.join(', ')}</p> : null}
      {node.tags.length ? <p className="md-meta">tags: {node.tags.join(', ')}</p> : null}
      {transitions.length ? (
        <ul className="md-transitions" aria-label={`transitions of ${node.key}`}>
          {transitions.flatMap(([eventType, candidates]) =>
            candidates.map((candidate, i) => {
              const t = candidate as unknown as { guard?: unknown; target?: AnyStateNode[]; actions?: unknown[]; reenter?: boolean; delay?: unknown };
              const guard = describeGuard(t.guard);
              const targets = (t.target ?? []).map((s) => s.path.join('.') || machine.id);
              const actions = describeActions(t.actions);
              return (
                <li key={`${eventType}-${i}`}>
                  <code>{eventLabel({ eventType, delay: t.delay }, machine)}</code>
                  {guard ? <span className="md-guard"> [{guard}]</span> : null} → {targets.length ? targets.join(', ') : 'stays'}
                  {t.reenter ? ' (re-enters)' : ''}
                  {actions.length ? <span className="md-actions"> / {actions.join(', ')}</span> : null}
                </li>
              );
            }),
          )}
        </ul>
      ) : null}
      {children.length ? (
        <div className="md-children">
          {children.map((c) => (
            <StateBox key={c.id} node={c} machine={machine} depth={depth + 1} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function MachineDiagram({ machine, description }: { machine: AnyStateMachine; description: string }) {
  const actors = Object.keys(machine.implementations.actors ?? {});
  return (
    <article className="md">
      <style>{`
        .md { font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; padding: 1rem; line-height: 1.4; overflow-wrap: anywhere; }
        .md h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
        .md p { margin: 0.25rem 0; }
        .md-legend { color: #4a4a4a; font-size: 0.875rem; }
        .md-state { border: 1px solid #5a5a5a; border-radius: 8px; padding: 0.5rem 0.75rem; margin: 0.5rem 0; background: #fff; min-width: 0; }
        .md-parallel { border-style: dashed; border-width: 2px; }
        .md-final { border-width: 3px; border-style: double; }
        .md-initial { border-left: 4px solid #1a1a1a; }
        .md-name { font-size: 1rem; margin: 0 0 0.25rem; }
        .md-kind, .md .md-meta { color: #4a4a4a; font-size: 0.875rem; font-weight: normal; }
        .md-transitions { margin: 0.25rem 0; padding-left: 1.25rem; font-size: 0.875rem; }
        .md-guard { color: #6b2f00; }
        .md-actions { color: #2b4a2b; }
        .md-children { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.5rem; }
        .md-children > .md-state { flex: 1 1 16rem; }
      `}</style>
      <h2>Machine: {machine.id}</h2>
      <p>{description}</p>
      {actors.length ? <p className="md-meta">actors it can run: {actors.join(', ')}</p> : null}
      <p className="md-legend">
        Each box is a state (nested boxes are its children; dashed: parallel regions; double border: final; thick left
        edge: initial). Transitions read “event [guard] → target / actions”; “always” is eventless, “after” is a timer,
        “done:” and “error:” end an invoked actor.
      </p>
      <StateBox node={machine.root} machine={machine} depth={0} />
    </article>
  );
}
