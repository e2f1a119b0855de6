import { afterAll, expect, it } from 'vitest';
import type { AnyStateMachine, AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, EventObject, InspectionEvent } from 'xstate';

/**
 * State and transition coverage for model-based tests.
 *
 * A transition is one candidate of one state node for one event type (eventless `always`
 * candidates included). It counts as covered when the actor under test actually took it,
 * as reported by XState's inspection API. Every test prints the report and asserts it is complete.
 */
export interface TransitionRef {
  key: string;
  source: string;
  eventType: string;
  targets: string[];
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out;
}

export function listTransitions(machine: AnyStateMachine): TransitionRef[] {
  const refs: TransitionRef[] = [];
  for (const node of allNodes(machine)) {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((candidate, index) => {
        refs.push({
          key: `${node.id} --${eventType}[${index}]--> ${(candidate.target ?? []).map((t: AnyStateNode) => t.id).join(',') || '(self)'}`,
          source: node.id,
          eventType,
          targets: (candidate.target ?? []).map((t: AnyStateNode) => t.id),
        });
      });
    }
    (node.always ?? []).forEach((candidate, index) => {
      refs.push({
        key: `${node.id} --always[${index}]--> ${(candidate.target ?? []).map((t: AnyStateNode) => t.id).join(',') || '(self)'}`,
        source: node.id,
        eventType: '',
        targets: (candidate.target ?? []).map((t: AnyStateNode) => t.id),
      });
    });
  }
  return refs;
}

export class Coverage {
  readonly states: Set<string>;
  readonly transitions: TransitionRef[];
  readonly visitedStates = new Set<string>();
  readonly coveredTransitions = new Set<string>();

  private readonly machine: AnyStateMachine;

  constructor(machine: AnyStateMachine) {
    this.machine = machine;
    this.states = new Set(allNodes(machine).map((n) => n.id));
    this.transitions = listTransitions(machine);
  }

  private ids(snapshot: AnyMachineSnapshot): Set<string> {
    return new Set((snapshot._nodes as AnyStateNode[]).map((n) => n.id));
  }

  visit(snapshot: AnyMachineSnapshot): void {
    if (!snapshot || !('_nodes' in snapshot)) return;
    for (const id of this.ids(snapshot)) this.visitedStates.add(id);
  }

  /**
   * Pass as `createActor(logic, { inspect: coverage.inspect })`: every microstep reports the
   * transitions it actually took (also those of raised events and eventless transitions).
   */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
      this.visit(event.snapshot as AnyMachineSnapshot);
    }
    if (event.type !== '@xstate.microstep') return;
    const taken = (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions ?? [];
    for (const t of taken) {
      const source = t.source as AnyStateNode;
      this.visitedStates.add(source.id); // transient states (only `always`) never show in a snapshot
      const list = t.eventType === '' ? source.always ?? [] : source.transitions.get(t.eventType) ?? [];
      const index = list.indexOf(t);
      const prefix = `${source.id} --${t.eventType === '' ? 'always' : t.eventType}[${index}]-->`;
      const ref = this.transitions.find((r) => r.key.startsWith(prefix));
      if (ref) this.coveredTransitions.add(ref.key);
    }
  };

  report(): { statePct: number; transitionPct: number; missingStates: string[]; missingTransitions: string[]; text: string } {
    const missingStates = [...this.states].filter((s) => !this.visitedStates.has(s));
    const missingTransitions = this.transitions.filter((t) => !this.coveredTransitions.has(t.key)).map((t) => t.key);
    const statePct = (100 * (this.states.size - missingStates.length)) / this.states.size;
    const transitionPct =
      this.transitions.length === 0 ? 100 : (100 * (this.transitions.length - missingTransitions.length)) / this.transitions.length;
    const text =
      `[coverage] ${this.machine.id}: states ${this.states.size - missingStates.length}/${this.states.size} (${statePct.toFixed(0)}%), ` +
      `transitions ${this.transitions.length - missingTransitions.length}/${this.transitions.length} (${transitionPct.toFixed(0)}%)` +
      (missingStates.length ? `\n  missing states: ${missingStates.join(', ')}` : '') +
      (missingTransitions.length ? `\n  missing transitions:\n    ${missingTransitions.join('\n    ')}` : '');
    return { statePct, transitionPct, missingStates, missingTransitions, text };
  }
}

/**
 * Every model-based test ends the same way: print the coverage and fail unless every state and
 * transition was taken. Call once in the describe block: `expectFullCoverage(coverage)`.
 */
export function expectFullCoverage(...coverages: Coverage[]): void {
  afterAll(() => {
    for (const coverage of coverages) {
      const report = coverage.report();
      console.log(report.text);
      expect(report.missingStates).toEqual([]);
      expect(report.missingTransitions).toEqual([]);
    }
  });
}

/**
 * Replays each generated path (xstate/graph's getShortestPaths or getSimplePaths) as its own test,
 * named by its events: a fresh actor from `start`, `check` after every step, and the path's end
 * state reached.
 */
export function replayPaths<S extends { value: unknown }, E extends EventObject>(
  prefix: string,
  paths: readonly { steps: readonly { event: E }[]; state: { value: unknown } }[],
  start: () => { send: (event: E) => void; getSnapshot: () => S; stop: () => void },
  check: (snapshot: S) => void,
): void {
  for (const path of paths) {
    const name = path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || '(initial)';
    it(`${prefix}${name}`, () => {
      const actor = start();
      for (const step of path.steps) {
        actor.send(step.event);
        check(actor.getSnapshot());
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }
}
