import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * Draws a statechart from its own definition: nested state boxes, each with its transitions
 * (event, guard, target), eventless and delayed transitions, invoked actors with their
 * done/error targets, entry/exit actions. No network, no running actor: reviewers see the
 * flow as the code defines it.
 */
function describeGuard(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: string }).type);
  return 'guard';
}

function describeActions(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((a) => {
    if (typeof a === 'string') return a;
    if (typeof a === 'function') return (a as { type?: string }).type ?? (a.name || 'inline action');
    if (a && typeof a === 'object' && 'type' in a) return String((a as { type: string }).type);
    return 'action';
  });
}

function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${eventType.slice(18)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${eventType.slice(19)}`;
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.split('.')[2]}`;
  return eventType;
}

function StateBox({ node, root }: { node: AnyStateNode; root: AnyStateMachine }) {
  const children = Object.values(node.states) as AnyStateNode[];
  const transitions = [...node.transitions.entries(), ...(node.always?.length ? [['', node.always] as const] : [])];
  const initial = node.parent && node.parent.initial?.target?.[0] === node;
  return (
    <section
      className={`md-state${node.type === 'parallel' ? ' md-parallel' : ''}${node.type === 'final' ? ' md-final' : ''}`}
      aria-label={`state ${node.key}`}
    >
      <h3 className="md-name">
        {initial ? <span className="md-initial" title="initial state">●</span> : null} {node.key}
        <span className="md-type">{node.type !== 'atomic' && node.type !== 'compound' ? ` (${node.type})` : ''}</span>
      </h3>
      {node.invoke.length > 0 ? (
        <p className="md-meta">
          invokes: {node.invoke.map((i: { id: string; src: unknown }) => `${typeof i.src === 'string' ? i.src : i.id} (#${i.id})`).join(', ')}
        </p>
      ) : null}
      {describeActions(node.entry).length ? <p className="md-meta">entry: {describeActions(node.entry).join(', ')}</p> : null}
      {transitions.length ? (
        <ul className="md-transitions">
          {transitions.flatMap(([eventType, candidates]) =>
            candidates.map((t, i) => {
              const guard = describeGuard(t.guard);
              const targets = (t.target ?? []).map((s: AnyStateNode) => s.path.join('.') || root.id);
              const actions = describeActions(t.actions);
              return (
                <li key={`${eventType}-${i}`}>
                  <code>{eventLabel(eventType)}</code>
                  {guard ? <span className="md-guard"> [{guard}]</span> : null} → {targets.length ? targets.join(', ') : '(stays)'}
                  {t.reenter ? ' (re-enter)' : ''}
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
            <StateBox key={c.id} node={c} root={root} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function MachineDiagram({ machine, description }: { machine: AnyStateMachine; description: string }) {
  return (
    <article className="md">
      <h2>Machine: {machine.id}</h2>
      <p>{description}</p>
      <style>{`
        .md { font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; }
        .md-state { border: 1px solid #5a5a5a; border-radius: 8px; padding: 0.5rem 0.75rem; margin: 0.5rem 0; background: #fff; }
        .md-parallel { border-style: dashed; }
        .md-final { border-width: 3px; }
        .md-name { font-size: 1rem; margin: 0 0 0.25rem; }
        .md-type, .md-meta { color: #4a4a4a; font-size: 0.875rem; margin: 0.125rem 0; }
        .md-initial { color: #1a1a1a; }
        .md-transitions { margin: 0.25rem 0; padding-left: 1.25rem; font-size: 0.875rem; }
        .md-guard { color: #6b2f00; }
        .md-actions { color: #2b4a2b; }
        .md-children { display: flex; flex-wrap: wrap; gap: 0.5rem; }
        .md-children > .md-state { flex: 1 1 16rem; }
      `}</style>
      <StateBox node={machine.root} root={machine} />
    </article>
  );
}
