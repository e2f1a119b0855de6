import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachineEntry } from '../machines/registry';
import { describeActions, describeGuard, eventLabel, invokeLabel, kindLabel, LivePanel, StatechartDiagram, useLiveRun, type TransitionLike as Transition } from '../src/shared/dev';

export { describeActions, describeGuard };

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

export function MachineDiagram({ machine, description, screens, sampleInput, sampleEvents, sampleOutputs }: MachineEntry) {
  const actors = Object.keys(machine.implementations.actors ?? {});
  // The live run (started from its panel) draws its current state and last transition on the diagram, only while it runs.
  const live = useLiveRun(machine);
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
        .md-outline { margin-top: 1rem; position: relative; z-index: 1; background: #ffffff; }
        .md-outline > summary { cursor: pointer; font-weight: 600; min-height: 24px; padding: 0.25rem 0; }
      `}</style>
      <h2>Machine: {machine.id}</h2>
      <p>{description}</p>
      {actors.length ? <p className="md-meta">actors it can run: {actors.join(', ')}</p> : null}
      <p className="md-legend">
        Each box is a state (nested boxes are its children; dashed: parallel regions; double border: final; a dot: the
        initial state). Arrows read “event [guard] / actions”; dashed arrows are eventless (“always”) or timers
        (“after”), “done:” and “error:” end an invoked actor. Drag to pan, use the wheel or the buttons to zoom, and
        choose a state or an arrow (click, or Tab and Enter) to see its details; a blue square marks a state with a
        screen, whose story its details link to. “Run it live” below runs the machine offline and highlights where it is.
      </p>
      <StatechartDiagram machine={machine} withPaths {...(screens ? { screens } : {})} {...(live.view ? { active: live.view.active, activeTransition: live.view.lastTransition } : {})} />
      <LivePanel key={machine.id} machine={machine} live={live} sampleInput={sampleInput} sampleEvents={sampleEvents} sampleOutputs={sampleOutputs} />
      <details className="md-outline" open>
        <summary>The same statechart as an outline (for screen readers and text search)</summary>
        <StateBox node={machine.root} machine={machine} depth={0} />
      </details>
    </article>
  );
}
