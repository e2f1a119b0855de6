// @vitest-environment node
import { createMachine, type AnyStateMachine } from 'xstate';
import { machineRegistry } from '@machines/registry';
import { shortestPathTo, statechartGraph } from '@/shared/dev';

const eventsOf = (path: ReturnType<typeof shortestPathTo>) => path?.steps.map((s) => s.edge.event) ?? null;

const flat = createMachine({ id: 'flat', initial: 'a', states: { a: { on: { GO: 'b', SKIP: 'c' } }, b: { on: { NEXT: 'c', BACK: 'a' } }, c: { type: 'final' }, island: {} } });
const nested = createMachine({
  id: 'nested',
  initial: 'idle',
  states: {
    idle: { on: { START: 'running' } },
    running: { initial: 'fetching', states: { fetching: { on: { DONE: 'showing' } }, showing: { on: { EDIT: 'editing' } }, editing: {} }, on: { STOP: 'idle' } },
  },
});
const parallel = createMachine({
  id: 'parallel',
  type: 'parallel',
  states: {
    left: { initial: 'l1', states: { l1: { on: { L: 'l2' } }, l2: {} } },
    right: { initial: 'r1', states: { r1: { on: { R: 'r2' } }, r2: { on: { RESET: '#parallel.left.l1' } } } },
  },
});

describe('shortest paths through the definition', () => {
  it.each([
    ['a flat chart: the shorter of two ways', flat, 'flat.c', ['SKIP']],
    ['a flat chart: one step', flat, 'flat.b', ['GO']],
    ['the initial state: no step', flat, 'flat.a', []],
    ['a state nothing leads to', flat, 'flat.island', null],
    ['into a compound state: its initial child is entered', nested, 'nested.running', ['START']],
    ['a nested state: through the compound’s initial child', nested, 'nested.running.editing', ['START', 'DONE', 'EDIT']],
    ['a parallel region moves alone', parallel, 'parallel.right.r2', ['R']],
    ['a state of another region', parallel, 'parallel.left.l2', ['L']],
  ] as const)('%s', (_name, machine, target, events) => {
    expect(eventsOf(shortestPathTo(statechartGraph(machine as AnyStateMachine), target))).toEqual(events);
  });

  it('each step says what is active after it: the parallel regions stay together', () => {
    const path = shortestPathTo(statechartGraph(parallel), 'parallel.right.r2')!;
    expect(path.start).toEqual(expect.arrayContaining(['parallel.left.l1', 'parallel.right.r1']));
    expect(path.steps[0]!.active).toEqual(expect.arrayContaining(['parallel', 'parallel.left', 'parallel.left.l1', 'parallel.right', 'parallel.right.r2']));
    expect(path.steps[0]!.active).not.toContain('parallel.right.r1');
    const nestedPath = shortestPathTo(statechartGraph(nested), 'nested.running.showing')!;
    expect(nestedPath.steps.map((s) => s.active)).toEqual([
      ['nested.running.fetching', 'nested.running', 'nested'],
      ['nested.running.showing', 'nested.running', 'nested'],
    ]);
  });

  it('in every registered machine, each path found is a walk the definition allows: every step leaves a state that is active', () => {
    let found = 0;
    let total = 0;
    for (const { machine } of Object.values(machineRegistry) as { machine: AnyStateMachine }[]) {
      const graph = statechartGraph(machine);
      for (const vertex of graph.vertices) {
        total += 1;
        const path = shortestPathTo(graph, vertex.id);
        if (!path) continue;
        found += 1;
        let active = path.start;
        for (const step of path.steps) {
          expect(active).toContain(step.edge.source);
          active = step.active;
        }
        expect(active.some((id) => id === vertex.id)).toBe(true);
      }
    }
    // Every state of the app's charts is reachable through its definition.
    expect(total).toBeGreaterThan(400);
    expect(found).toBe(total);
  });
});
