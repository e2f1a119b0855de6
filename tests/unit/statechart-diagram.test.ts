// @vitest-environment node
import { machineRegistry } from '@machines/registry';
import { fitView, layoutStatechart, LEGIBLE_SCALE, statechartGraph, viewReducer } from '@/shared/dev';
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

describe('statechart diagrams: the view they open at, and zooming (issue 45)', () => {
  it.each([
    ['a small drawing: whole, centred, at its own size', { width: 800, height: 500 }, { width: 400, height: 200 }, { x: 200, y: 150, scale: 1 }],
    ['a little too large: shrunk to fit, centred', { width: 800, height: 500 }, { width: 1000, height: 400 }, { x: 0, y: 90, scale: 0.8 }],
    ['far too large: the legible scale from the top-left corner, to pan (never labels 3 px tall)', { width: 800, height: 500 }, { width: 4000, height: 3000 }, { x: 8, y: 8, scale: LEGIBLE_SCALE }],
    ['no frame measured yet: as drawn', { width: 0, height: 0 }, { width: 4000, height: 3000 }, { x: 0, y: 0, scale: 1 }],
  ])('%s', (_name, frame, drawing, expected) => {
    const view = fitView(frame, drawing);
    expect(view.scale).toBeCloseTo(expected.scale, 5);
    expect(view.x).toBeCloseTo(expected.x, 5);
    expect(view.y).toBeCloseTo(expected.y, 5);
  });

  it('zooming keeps the point it zooms at (the frame’s centre for the buttons, the pointer for the wheel) where it is', () => {
    const view = { x: 40, y: -20, scale: 0.8 };
    const at = { x: 400, y: 250 };
    const inDrawing = (v: { x: number; y: number; scale: number }) => ({ x: (at.x - v.x) / v.scale, y: (at.y - v.y) / v.scale });
    const zoomed = viewReducer(view, { type: 'zoom', factor: 1.25, at });
    expect(zoomed.scale).toBeCloseTo(1, 5);
    expect(inDrawing(zoomed).x).toBeCloseTo(inDrawing(view).x, 5);
    expect(inDrawing(zoomed).y).toBeCloseTo(inDrawing(view).y, 5);
    expect(viewReducer(view, { type: 'pan', dx: 10, dy: -5 })).toEqual({ x: 50, y: -25, scale: 0.8 });
  });
});
