// @vitest-environment node
import { machineRegistry } from '@machines/registry';
import { layoutStatechart, statechartGraph } from '@/shared/dev';
import { listTransitions } from '../machines/coverage';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** Every state node of the definition, depth first. */
function definedStates(node: AnyStateNode): string[] {
  return [[node.machine.id, ...node.path].join('.'), ...Object.values(node.states).flatMap((child) => definedStates(child as AnyStateNode))];
}

const machines = Object.entries(machineRegistry) as [string, { machine: AnyStateMachine }][];

describe('statechart diagrams: every registered machine, every state and transition of its definition', () => {
  it.each(machines)('%s: the graph has one vertex per state node and one edge per transition candidate', (_name, { machine }) => {
    const graph = statechartGraph(machine);
    expect(graph.vertices.map((v) => v.id)).toEqual(definedStates(machine.root));
    const defined = listTransitions(machine);
    expect(graph.edges).toHaveLength(defined.length);
    // The same transitions, by source and targets, as the model-based tests count them.
    const key = (source: string, targets: string[]) => `${source} -> ${targets.join(',')}`;
    expect(graph.edges.map((e) => key(e.source, e.internal ? [] : e.targets)).sort()).toEqual(defined.map((t) => key(t.source, t.targets)).sort());
    for (const vertex of graph.vertices.slice(1)) expect(graph.vertices.some((v) => v.id === vertex.parent)).toBe(true);
  });

  it.each(machines)('%s: laid out, every state is a box inside its parent and every transition an arrow with points', async (_name, { machine }) => {
    const graph = statechartGraph(machine);
    const layout = await layoutStatechart(graph);
    expect(layout.states).toHaveLength(graph.vertices.length);
    expect(layout.transitions).toHaveLength(graph.edges.length);
    const box = new Map(layout.states.map((s) => [s.vertex.id, s]));
    for (const state of layout.states) {
      expect(state.width).toBeGreaterThan(0);
      expect(state.height).toBeGreaterThan(0);
      const parent = state.vertex.parent ? box.get(state.vertex.parent) : null;
      if (parent) {
        expect(state.x).toBeGreaterThanOrEqual(parent.x);
        expect(state.y).toBeGreaterThanOrEqual(parent.y);
        expect(state.x + state.width).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
        expect(state.y + state.height).toBeLessThanOrEqual(parent.y + parent.height + 0.5);
      }
    }
    for (const transition of layout.transitions) expect(transition.points.length).toBeGreaterThanOrEqual(2);
    expect(layout.width).toBeGreaterThan(0);
  });

  it.each(machines)('%s: arrows and boxes name invoked actors by their names, never by an id XState made up (issue 45)', (_name, { machine }) => {
    const graph = statechartGraph(machine);
    const texts = [...graph.edges.map((e) => e.event), ...graph.vertices.flatMap((v) => v.invokes)];
    expect(texts.filter((text) => /\b\d+\.[A-Za-z]/.test(text))).toEqual([]);
  });

  it('the global pay batch: "done: 0.globalPayBatch.loading" reads as the actor it runs', () => {
    const { machine } = machineRegistry.globalPayBatch;
    const events = statechartGraph(machine).edges.map((e) => e.event);
    expect(events.some((e) => e.startsWith('done: ') && !/\d\./.test(e))).toBe(true);
  });

  it('a state with an `after` timer says so in its box, as an invoked actor does', async () => {
    const { machine } = machineRegistry.session;
    const layout = await layoutStatechart(statechartGraph(machine));
    const timed = layout.states.filter((s) => s.notes.some((n) => n.startsWith('timer: after ')));
    expect(timed.length).toBeGreaterThan(0);
    expect(layout.states.some((s) => s.notes.some((n) => n.startsWith('invoke ')))).toBe(true);
  });
});
