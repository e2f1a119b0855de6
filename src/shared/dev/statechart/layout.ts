import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { edgeLabel, type StatechartGraph, type StateVertex, type TransitionEdge } from './graph';

/**
 * A statechart graph laid out by ELK's layered algorithm (elkjs, loaded only where a
 * diagram is drawn: Storybook and the development inspector): nested states as nested boxes
 * (ELK's hierarchy handling routes transitions across levels), each transition an orthogonal
 * arrow with its label placed beside it. Every position is absolute (the SVG draws them as is).
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedState extends Box {
  vertex: StateVertex;
  /** The lines written in the box under the name (invoked actors, delays, tags). */
  notes: string[];
}

export interface PlacedTransition {
  edge: TransitionEdge;
  label: string;
  /** The arrow's points, start to end. */
  points: { x: number; y: number }[];
  labelBox: Box | null;
}

export interface StatechartLayout {
  width: number;
  height: number;
  states: PlacedState[];
  transitions: PlacedTransition[];
}

/** Text measured without a canvas (the same in Node and the browser): an average character width of the 12 px sans-serif the diagram uses. */
const CHAR = 6.6;
const LINE = 16;
const textWidth = (text: string) => Math.ceil(text.length * CHAR);

function notesOf(vertex: StateVertex): string[] {
  return [
    ...vertex.invokes.map((invoke) => `invoke ${invoke}`),
    ...vertex.delays.map((delay) => `timer: ${delay}`),
    ...(vertex.entry.length ? [`entry / ${vertex.entry.join(', ')}`] : []),
    ...(vertex.tags.length ? [`tags: ${vertex.tags.join(', ')}`] : []),
  ];
}

const titleOf = (vertex: StateVertex) => (vertex.marks.includes('final') ? `${vertex.key} (final)` : vertex.marks.some((m) => m.endsWith('history')) ? `${vertex.key} (H)` : vertex.key);

type Elk = { layout: (graph: ElkNode) => Promise<ElkNode> };
let engine: Promise<Elk> | null = null;

/** One ELK engine, loaded on first use (the bundled build: no worker file to serve). */
const elk = () => (engine ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default() as unknown as Elk));

export async function layoutStatechart(graph: StatechartGraph): Promise<StatechartLayout> {
  const byId = new Map(graph.vertices.map((v) => [v.id, v]));
  const nodes = new Map<string, ElkNode>();
  for (const vertex of graph.vertices) {
    const notes = notesOf(vertex);
    const title = titleOf(vertex);
    const hasChildren = vertex.kind === 'compound' || vertex.kind === 'parallel';
    const node: ElkNode = {
      id: vertex.id,
      labels: [{ text: title, width: textWidth(title), height: LINE }],
      ...(hasChildren
        ? {
            children: [],
            layoutOptions: {
              'elk.padding': `[top=${28 + notes.length * LINE},left=14,bottom=14,right=14]`,
              // Parallel regions side by side; sequential states top to bottom.
              'elk.direction': vertex.kind === 'parallel' ? 'RIGHT' : 'DOWN',
            },
          }
        : { width: Math.max(96, textWidth(title) + 28, ...notes.map((n) => textWidth(n) + 20)), height: 34 + notes.length * LINE }),
    };
    nodes.set(vertex.id, node);
    if (vertex.parent) nodes.get(vertex.parent)?.children?.push(node);
  }
  const root = nodes.get(graph.vertices[0]!.id)!;
  const edges: ElkExtendedEdge[] = graph.edges.map((edge) => {
    const label = edgeLabel(edge);
    return { id: edge.id, sources: [edge.source], targets: [edge.targets[0]!], labels: [{ text: label, width: textWidth(label), height: LINE }] };
  });
  const laidOut = await (
    await elk()
  ).layout({
    id: '(diagram)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '44',
      'elk.spacing.edgeLabel': '4',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: [root],
    edges,
  });

  // ELK's positions are relative to the parent box (edges to their container): made absolute.
  const origin = new Map<string, { x: number; y: number }>([['(diagram)', { x: 0, y: 0 }]]);
  const states: PlacedState[] = [];
  const place = (node: ElkNode, parentX: number, parentY: number) => {
    const x = parentX + (node.x ?? 0);
    const y = parentY + (node.y ?? 0);
    origin.set(node.id, { x, y });
    const vertex = byId.get(node.id);
    if (vertex) states.push({ vertex, notes: notesOf(vertex), x, y, width: node.width ?? 0, height: node.height ?? 0 });
    for (const child of node.children ?? []) place(child, x, y);
  };
  for (const child of laidOut.children ?? []) place(child, 0, 0);

  const edgeById = new Map(graph.edges.map((edge) => [edge.id, edge]));
  const transitions: PlacedTransition[] = [];
  const collect = (node: ElkNode) => {
    for (const laid of (node.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      const edge = edgeById.get(laid.id);
      if (!edge) continue;
      const offset = origin.get(laid.container ?? node.id) ?? { x: 0, y: 0 };
      const section = laid.sections?.[0];
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x + offset.x, y: p.y + offset.y })) : [];
      const l = laid.labels?.[0];
      transitions.push({
        edge,
        label: edgeLabel(edge),
        points,
        labelBox: l && l.x !== undefined && l.y !== undefined ? { x: l.x + offset.x, y: l.y + offset.y, width: l.width ?? 0, height: l.height ?? 0 } : null,
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laidOut);
  // Definition order, whatever container ELK moved an edge to.
  const order = new Map(graph.edges.map((edge, i) => [edge.id, i]));
  transitions.sort((a, b) => (order.get(a.edge.id) ?? 0) - (order.get(b.edge.id) ?? 0));
  states.sort((a, b) => graph.vertices.indexOf(a.vertex) - graph.vertices.indexOf(b.vertex));
  return { width: Math.ceil(laidOut.width ?? 0), height: Math.ceil(laidOut.height ?? 0), states, transitions };
}
