import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describeActions, describeGuard, eventLabel, invokeLabel, kindLabel, type TransitionLike } from './labels';

/**
 * A statechart as a graph to draw, from its own definition: every state node (nested
 * states as children of their parent, parallel regions, initial, final and history states marked,
 * invoked actors and `after` delays on their state) and every transition candidate (event, guard,
 * actions; eventless, delayed, done and error transitions included; a targetless transition is a
 * loop on its state). The counts match the definition: one node per state node, one edge per
 * candidate, as the model-based tests count them (tests/machines/coverage.ts).
 */
export interface StateVertex {
  /** `machineId.path`, e.g. `login.credentials.submitting`. */
  id: string;
  /** The state's own key (the machine id for the root). */
  key: string;
  parent: string | null;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
  /** The marks beside the name: initial, parallel, final, history. */
  marks: string[];
  invokes: string[];
  entry: string[];
  exit: string[];
  tags: string[];
  /** This state's own `after` delays (their transitions are edges too). */
  delays: string[];
  depth: number;
}

export interface TransitionEdge {
  /** Stable: `source --event[index]--> targets`, as the coverage report names transitions. */
  id: string;
  source: string;
  /** The target states (the source itself for a targetless transition). */
  targets: string[];
  /** The transition has no target of its own (actions only, or a reentry of its state). */
  internal: boolean;
  /** The raw event type ('' for eventless). */
  eventType: string;
  event: string;
  guard: string | null;
  actions: string[];
  kind: 'event' | 'always' | 'after' | 'done' | 'error';
}

export interface StatechartGraph {
  machineId: string;
  vertices: StateVertex[];
  edges: TransitionEdge[];
}

export const vertexId = (node: AnyStateNode): string => [node.machine.id, ...node.path].join('.');

function vertexOf(node: AnyStateNode, machine: AnyStateMachine): StateVertex {
  const children = Object.values(node.states) as AnyStateNode[];
  const kind: StateVertex['kind'] =
    node.type === 'parallel' ? 'parallel' : node.type === 'final' ? 'final' : node.type === 'history' ? 'history' : children.length > 0 ? 'compound' : 'atomic';
  const delays = [...node.transitions.keys()].filter((e) => e.startsWith('xstate.after.')).map((e) => eventLabel({ eventType: e }, machine));
  return {
    id: vertexId(node),
    key: node.parent ? node.key : machine.id,
    parent: node.parent ? vertexId(node.parent) : null,
    kind,
    initial: Boolean(node.parent && node.parent.initial?.target?.[0] === node),
    marks: kindLabel(node),
    invokes: node.invoke.map(invokeLabel),
    entry: describeActions(node.entry),
    exit: describeActions(node.exit),
    tags: [...node.tags],
    delays,
    depth: node.path.length,
  };
}

/**
 * A transition's id: its source, the event (`always` for an eventless one), its index among the
 * candidates of that event, and its targets. The diagram's arrows and the live run's "last
 * transition" name transitions the same way (as the coverage report does).
 */
export function transitionId(source: AnyStateNode, eventType: string, index: number, target: readonly AnyStateNode[] | undefined): string {
  const targets = (target ?? []).map(vertexId);
  return `${vertexId(source)} --${eventType === '' ? 'always' : eventType}[${index}]--> ${targets.join(',') || '(self)'}`;
}

function edgeKind(eventType: string): TransitionEdge['kind'] {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.')) return 'done';
  if (eventType.startsWith('xstate.error.')) return 'error';
  return 'event';
}

type Candidate = TransitionLike & { target?: readonly AnyStateNode[]; guard?: unknown; actions?: readonly unknown[] };

/** The graph of a machine: its states depth first (parents before children), then its transitions in definition order. */
export function statechartGraph(machine: AnyStateMachine): StatechartGraph {
  const vertices: StateVertex[] = [];
  const edges: TransitionEdge[] = [];
  const walk = (node: AnyStateNode) => {
    vertices.push(vertexOf(node, machine));
    const source = vertexId(node);
    // Every candidate by event type, then the eventless ones (`always`), as the coverage counts them.
    const groups: [string, readonly Candidate[]][] = [
      ...(node.transitions as Map<string, readonly Candidate[]>),
      ...(node.always?.length ? [['', node.always as readonly Candidate[]] as [string, readonly Candidate[]]] : []),
    ];
    for (const [eventType, candidates] of groups) {
      candidates.forEach((candidate, index) => {
        const targets = (candidate.target ?? []).map(vertexId);
        edges.push({
          id: transitionId(node, eventType, index, candidate.target),
          source,
          targets: targets.length > 0 ? targets : [source],
          internal: targets.length === 0,
          eventType,
          event: eventLabel({ ...candidate, eventType }, machine),
          guard: describeGuard(candidate.guard),
          actions: describeActions(candidate.actions),
          kind: edgeKind(eventType),
        });
      });
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return { machineId: machine.id, vertices, edges };
}

/** An edge's label as drawn: `EVENT [guard] / actions`. */
export function edgeLabel(edge: TransitionEdge): string {
  return [edge.event, edge.guard ? `[${edge.guard}]` : null, edge.actions.length ? `/ ${edge.actions.join(', ')}` : null].filter(Boolean).join(' ');
}

// ---- paths through the definition -----------------------------------------------------------------

/** A step of a path: the transition taken and the states active after it. */
export interface PathStep {
  edge: TransitionEdge;
  active: string[];
}

export interface StatechartPath {
  /** The states active at the start (the initial states, resolved into every region). */
  start: string[];
  steps: PathStep[];
}

/**
 * The shortest way through the definition to a state: from the initial
 * states, the fewest transitions after which `target` is active. Guards are taken as passable and
 * context is not run (xstate/graph's traversal runs the machine's own actions and guards, which
 * need each machine's real events and actor outputs). Parallel regions are followed together.
 * Null when the state cannot be reached (or the search passes `limit` configurations).
 */
export function shortestPathTo(graph: StatechartGraph, target: string, limit = 20_000): StatechartPath | null {
  const byId = new Map(graph.vertices.map((v) => [v.id, v]));
  const children = new Map<string, StateVertex[]>();
  for (const v of graph.vertices) if (v.parent) children.set(v.parent, [...(children.get(v.parent) ?? []), v]);
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let v = byId.get(id); v; v = v.parent ? byId.get(v.parent) : undefined) out.push(v.id);
    return out; // self first, root last
  };
  const isUnder = (id: string, ancestor: string) => id === ancestor || id.startsWith(`${ancestor}.`);
  /** The atomic states entered when `id` is entered. */
  const resolve = (id: string): string[] => {
    const v = byId.get(id);
    const kids = children.get(id) ?? [];
    if (!v || kids.length === 0) return [id];
    if (v.kind === 'parallel') return kids.flatMap((k) => resolve(k.id));
    const initial = kids.find((k) => k.initial) ?? kids[0]!;
    return resolve(initial.id);
  };
  /** The states active: the atomic ones and all their ancestors. */
  const withAncestors = (atomics: readonly string[]) => [...new Set(atomics.flatMap(ancestors))];
  const lca = (a: string, b: string) => {
    const up = new Set(ancestors(a));
    return ancestors(b).find((id) => up.has(id)) ?? graph.vertices[0]!.id;
  };
  const parentOf = (id: string) => byId.get(id)?.parent ?? id;
  const take = (atomics: readonly string[], edge: TransitionEdge): string[] => {
    const to = edge.targets[0]!;
    // The part of the chart the transition leaves and enters again: the source when it targets its own
    // descendant; otherwise the nearest state holding both ends (its parent when that is one of the ends).
    let domain: string;
    if (to !== edge.source && isUnder(to, edge.source)) domain = edge.source;
    else {
      domain = lca(edge.source, to);
      if (domain === to || domain === edge.source) domain = parentOf(domain);
    }
    const kept = atomics.filter((a) => !isUnder(a, domain) || a === domain);
    const entered = resolve(to);
    // Entering a state inside a parallel region enters its other regions too (their initial states).
    for (let id = to; id !== domain && isUnder(id, domain); id = parentOf(id)) {
      const parent = parentOf(id);
      if (parent === id) break;
      if (byId.get(parent)?.kind !== 'parallel') continue;
      for (const region of children.get(parent) ?? []) if (region.id !== id && !entered.some((e) => isUnder(e, region.id))) entered.push(...resolve(region.id));
    }
    return [...new Set([...kept.filter((a) => a !== domain), ...entered])].sort();
  };

  const start = resolve(graph.vertices[0]!.id).sort();
  const reached = (atomics: readonly string[]) => atomics.some((a) => isUnder(a, target));
  if (reached(start)) return { start: withAncestors(start), steps: [] };
  const seen = new Map<string, { from: string; edge: TransitionEdge } | null>([[start.join('|'), null]]);
  const states = new Map<string, string[]>([[start.join('|'), start]]);
  let frontier = [start.join('|')];
  while (frontier.length > 0 && seen.size < limit) {
    const next: string[] = [];
    for (const key of frontier) {
      const atomics = states.get(key)!;
      const active = new Set(withAncestors(atomics));
      for (const edge of graph.edges) {
        if (edge.internal || !active.has(edge.source)) continue;
        const after = take(atomics, edge);
        const afterKey = after.join('|');
        if (seen.has(afterKey)) continue;
        seen.set(afterKey, { from: key, edge });
        states.set(afterKey, after);
        if (reached(after)) {
          const steps: PathStep[] = [];
          for (let k: string | undefined = afterKey; k && seen.get(k); k = seen.get(k)!.from) steps.unshift({ edge: seen.get(k)!.edge, active: withAncestors(states.get(k)!) });
          return { start: withAncestors(start), steps };
        }
        next.push(afterKey);
      }
    }
    frontier = next;
  }
  return null;
}
