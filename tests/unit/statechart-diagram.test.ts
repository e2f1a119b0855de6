// @vitest-environment node
import { machineRegistry } from '@machines/registry';
import { boxAround, fitView, layoutStatechart, LEGIBLE_SCALE, panToShow, SHOW_MARGIN, statechartGraph, viewReducer } from '@/shared/dev';
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

describe('statechart diagrams: what gets the focus comes into view (issue 45: Tab reached states outside the frame)', () => {
  const frame = { width: 800, height: 500 };
  const m = SHOW_MARGIN;
  /** Where a box (drawing coordinates) is in the frame under a view. */
  const onScreen = (view: { x: number; y: number; scale: number }, box: { x: number; y: number; width: number; height: number }) => ({
    left: view.x + box.x * view.scale,
    top: view.y + box.y * view.scale,
    right: view.x + (box.x + box.width) * view.scale,
    bottom: view.y + (box.y + box.height) * view.scale,
  });

  it('a box already in view, margin included, leaves the view as it is', () => {
    const view = { x: -100, y: -50, scale: 0.8 };
    expect(panToShow(view, frame, { x: 200, y: 100, width: 100, height: 40 })).toBe(view);
    // Exactly at the margins on every side: still in view.
    const edge = { x: m, y: m, width: frame.width - 2 * m, height: frame.height - 2 * m };
    expect(panToShow({ x: 0, y: 0, scale: 1 }, frame, edge)).toEqual({ x: 0, y: 0, scale: 1 });
  });

  it.each([
    ['left of the frame: moved right until its left edge is at the margin', { x: -300, y: 100, width: 120, height: 40 }, (s: ReturnType<typeof onScreen>) => expect(s.left).toBeCloseTo(m, 5)],
    ['right of the frame: moved left until its right edge is at the margin', { x: 1200, y: 100, width: 120, height: 40 }, (s: ReturnType<typeof onScreen>) => expect(s.right).toBeCloseTo(frame.width - m, 5)],
    ['above the frame: moved down until its top is at the margin', { x: 100, y: -400, width: 120, height: 40 }, (s: ReturnType<typeof onScreen>) => expect(s.top).toBeCloseTo(m, 5)],
    ['below the frame: moved up until its bottom is at the margin', { x: 100, y: 900, width: 120, height: 40 }, (s: ReturnType<typeof onScreen>) => expect(s.bottom).toBeCloseTo(frame.height - m, 5)],
    ['half out at the bottom right: moved up and left just enough', { x: 760, y: 480, width: 120, height: 40 }, (s: ReturnType<typeof onScreen>) => expect([s.right, s.bottom]).toEqual([frame.width - m, frame.height - m])],
  ])('%s', (_name, box, check) => {
    const view = { x: 0, y: 0, scale: 1 };
    const moved = panToShow(view, frame, box);
    expect(moved.scale).toBe(1);
    check(onScreen(moved, box));
    const shown = onScreen(moved, box);
    expect(shown.left).toBeGreaterThanOrEqual(m - 1e-9);
    expect(shown.top).toBeGreaterThanOrEqual(m - 1e-9);
    expect(shown.right).toBeLessThanOrEqual(frame.width - m + 1e-9);
    expect(shown.bottom).toBeLessThanOrEqual(frame.height - m + 1e-9);
  });

  it('moves only the axis that is out, and counts the scale', () => {
    const view = { x: 40, y: 30, scale: 0.5 };
    const box = { x: 2000, y: 100, width: 200, height: 60 };
    const moved = panToShow(view, frame, box);
    expect(moved.y).toBe(30);
    expect(onScreen(moved, box).right).toBeCloseTo(frame.width - m, 5);
    expect(moved.x).toBeCloseTo(40 - (40 + 2200 * 0.5 - (frame.width - m)), 5);
  });

  it('a box larger than the frame shows its top-left corner (where a state is named) at the margin', () => {
    const box = { x: 500, y: 400, width: 3000, height: 2000 };
    const moved = panToShow({ x: 0, y: 0, scale: 1 }, frame, box);
    expect(onScreen(moved, box)).toMatchObject({ left: m, top: m });
    // Already so: nothing moves.
    expect(panToShow(moved, frame, box)).toBe(moved);
  });

  it('is the view reducer’s "show"; boxAround holds the boxes it is given', () => {
    const view = { x: 0, y: 0, scale: 1 };
    const box = { x: -300, y: 0, width: 100, height: 20 };
    expect(viewReducer(view, { type: 'show', frame, box })).toEqual(panToShow(view, frame, box));
    expect(boxAround([])).toBeNull();
    expect(boxAround([{ x: 10, y: 20, width: 30, height: 40 }, { x: -5, y: 50, width: 10, height: 100 }])).toEqual({ x: -5, y: 20, width: 45, height: 130 });
  });
});
