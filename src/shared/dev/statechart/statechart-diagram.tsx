import { useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type PointerEvent, type WheelEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import { shortestPathTo, statechartGraph, type StatechartGraph, type StatechartPath } from './graph';
import { layoutStatechart, type Box, type PlacedState, type PlacedTransition, type StatechartLayout } from './layout';
import styles from './statechart-diagram.module.css';

/**
 * A statechart drawn from its definition: nested states as nested boxes, transitions as
 * labelled arrows (event [guard] / actions), initial states marked with a dot and arrow, final
 * states with a double border, invoked actors and entry actions written in their state; laid out
 * by ELK. Pan (drag), zoom (wheel, buttons), and a click or Enter on a state or arrow shows its
 * details beside the drawing. `active` highlights states (the inspector's current state, a path's
 * step) and `activeTransition` an arrow. Development and Storybook only: never in the app's build.
 *
 * Fixed colours (dark text on white, at least 7:1), so brand themes around it change nothing.
 */
export interface StatechartDiagramProps {
  machine: AnyStateMachine;
  /** State ids (`machineId.path`) to highlight. */
  active?: readonly string[];
  /** A transition id to highlight (`source --event[i]--> targets`). */
  activeTransition?: string | null;
  /** Offer "Path to a state": the shortest way through the definition, replayed step by step. */
  withPaths?: boolean;
  /** Where the machine drives a screen: state id → the Storybook story that shows it. */
  screens?: Readonly<Record<string, string>>;
}

/** A story's address in Storybook, opened in the whole window (the diagram itself is in a story's frame). */
export const storyHref = (storyId: string): string => `./?path=/story/${encodeURIComponent(storyId)}`;

interface LayoutEntry {
  graph: StatechartGraph;
  layout: StatechartLayout | null;
  failure: string | null;
  listeners: Set<() => void>;
}

const layouts = new WeakMap<AnyStateMachine, LayoutEntry>();

/** One layout per machine definition, computed once (in the background) and shared by every drawing of it. */
function layoutOf(machine: AnyStateMachine): LayoutEntry {
  let entry = layouts.get(machine);
  if (!entry) {
    const created: LayoutEntry = { graph: statechartGraph(machine), layout: null, failure: null, listeners: new Set() };
    layoutStatechart(created.graph).then(
      (layout) => {
        created.layout = layout;
        created.listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        created.failure = error instanceof Error ? error.message : String(error);
        created.listeners.forEach((listener) => listener());
      },
    );
    layouts.set(machine, created);
    entry = created;
  }
  return entry;
}

/** The machine's layout once ELK has placed it (null meanwhile), as an external store. */
function useLayout(machine: AnyStateMachine): LayoutEntry {
  const entry = layoutOf(machine);
  useSyncExternalStore(
    (listener) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    () => entry.layout ?? entry.failure,
  );
  return entry;
}

export function StatechartDiagram(props: StatechartDiagramProps) {
  const entry = useLayout(props.machine);
  if (entry.failure) return <p className={styles.loading}>The statechart of {props.machine.id} could not be laid out: {entry.failure}</p>;
  if (!entry.layout) return <p className={styles.loading}>Laying out {props.machine.id}…</p>;
  return <Drawing {...props} graph={entry.graph} layout={entry.layout} />;
}

type View = { x: number; y: number; scale: number };
type Size = { width: number; height: number };
type ViewAction =
  | { type: 'zoom'; factor: number; at: { x: number; y: number } }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'fit'; frame: Size; drawing: Size }
  | { type: 'show'; frame: Size; box: Box };

const clampScale = (scale: number) => Math.min(4, Math.max(0.2, scale));
/** The smallest scale a diagram opens at: its 12-px labels stay at least 9.6 px tall (issue 45: they opened 3-4 px tall). */
export const LEGIBLE_SCALE = 0.8;

/**
 * The view a diagram opens at (and "Reset view"): the whole drawing in the frame when it fits at a
 * legible scale, centred; a larger one at the legible scale from its top-left corner, to pan.
 */
export function fitView(frame: Size, drawing: Size): View {
  if (frame.width <= 0 || frame.height <= 0 || drawing.width <= 0 || drawing.height <= 0) return { x: 0, y: 0, scale: 1 };
  const scale = Math.min(1, Math.max(LEGIBLE_SCALE, Math.min(frame.width / drawing.width, frame.height / drawing.height)));
  const margin = 8;
  const x = drawing.width * scale <= frame.width ? (frame.width - drawing.width * scale) / 2 : margin;
  const y = drawing.height * scale <= frame.height ? (frame.height - drawing.height * scale) / 2 : margin;
  return { x, y, scale };
}

/** The space kept between a box panned into view and the frame's edge, in screen pixels. */
export const SHOW_MARGIN = 16;

/**
 * How far to move one axis so a span [start, start + size) (screen pixels) is inside a frame of
 * `frameSize`, `margin` from its edges: nothing when it is; else just enough. A span longer than
 * the frame shows its start (where a state's name is written).
 */
function shiftToShow(start: number, size: number, frameSize: number, margin: number): number {
  const shown = Math.min(size, frameSize - 2 * margin);
  if (start < margin) return margin - start;
  if (start + shown > frameSize - margin) return frameSize - margin - (start + shown);
  return 0;
}

/**
 * The view moved just enough that `box` (drawing coordinates) is in the frame with a margin, at the
 * same scale; the same view when it already is (issue 45: Tab reached states outside the frame,
 * and the focus was lost from sight).
 */
export function panToShow(view: View, frame: Size, box: Box, margin = SHOW_MARGIN): View {
  const dx = shiftToShow(view.x + box.x * view.scale, box.width * view.scale, frame.width, margin);
  const dy = shiftToShow(view.y + box.y * view.scale, box.height * view.scale, frame.height, margin);
  return dx === 0 && dy === 0 ? view : { ...view, x: view.x + dx, y: view.y + dy };
}

/** The smallest box holding every box given (null for none). */
export function boxAround(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Where an arrow is to the eye: its label when it has one, else its line. */
function transitionBox(transition: PlacedTransition): Box {
  return transition.labelBox ?? boxAround(transition.points.map((p) => ({ x: p.x, y: p.y, width: 0, height: 0 })))!;
}

export function viewReducer(view: View, action: ViewAction): View {
  switch (action.type) {
    case 'zoom': {
      const scale = clampScale(view.scale * action.factor);
      // The point under the pointer (or the frame's centre, for the buttons) stays where it is.
      const at = action.at;
      return { scale, x: at.x - ((at.x - view.x) * scale) / view.scale, y: at.y - ((at.y - view.y) * scale) / view.scale };
    }
    case 'pan':
      return { ...view, x: view.x + action.dx, y: view.y + action.dy };
    case 'fit':
      return fitView(action.frame, action.drawing);
    case 'show':
      return panToShow(view, action.frame, action.box);
  }
}

/** A press that moves more than this many pixels pans; less is a click (a state or an arrow chosen). */
const PAN_THRESHOLD = 4;

type Selected = { kind: 'state'; id: string } | { kind: 'transition'; id: string } | null;

function Drawing({ machine, active = [], activeTransition = null, withPaths = false, screens = {}, graph, layout }: StatechartDiagramProps & { graph: StatechartGraph; layout: StatechartLayout }) {
  const [view, dispatch] = useReducer(viewReducer, { x: 0, y: 0, scale: 1 });
  const [selected, setSelected] = useState<Selected>(null);
  // A press on the drawing: where it is now, and whether it has moved far enough to be a pan.
  const drag = useRef<{ x: number; y: number; startX: number; startY: number; panning: boolean } | null>(null);
  const panned = useRef(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const drawing = useMemo(() => ({ width: layout.width, height: layout.height }), [layout]);
  /** The frame's size (the drawing's own in a test page without layout). */
  const frameSize = (): Size => {
    const rect = frameRef.current?.getBoundingClientRect();
    return rect && rect.width > 0 && rect.height > 0 ? { width: rect.width, height: rect.height } : drawing;
  };
  // Opened fitted to the frame, legible.
  useLayoutEffect(() => dispatch({ type: 'fit', frame: frameSize(), drawing }), [drawing]);
  const centre = () => {
    const size = frameSize();
    return { x: size.width / 2, y: size.height / 2 };
  };
  const [replay, setReplay] = useState<{ target: string; path: StatechartPath | null; step: number } | null>(null);
  const markerId = useId().replace(/:/g, '');
  const titleId = `${markerId}-title`;
  // A path being replayed shows its step (the states active after it, the transition taken); else what the caller gives.
  const shownStep = replay?.path ? (replay.step === 0 ? { active: replay.path.start, edge: null } : { active: replay.path.steps[replay.step - 1]!.active, edge: replay.path.steps[replay.step - 1]!.edge.id }) : null;
  const activeSet = useMemo(() => new Set(shownStep ? shownStep.active : active), [shownStep, active]);
  const highlightedTransition = shownStep ? shownStep.edge : activeTransition;
  // The highlighted states (a live run's, a path's step) follow into view when they change: the innermost ones.
  const innermostActive = layout.states.filter((s) => activeSet.has(s.vertex.id) && !layout.states.some((c) => c.vertex.parent === s.vertex.id && activeSet.has(c.vertex.id)));
  const followKey = innermostActive.map((s) => s.vertex.id).join('|');
  useEffect(() => {
    const box = boxAround(innermostActive);
    if (box) dispatch({ type: 'show', frame: frameSize(), box });
    // Only when what is highlighted changes, never against the user's own panning in between.
  }, [followKey]);
  /** A state or an arrow reached with the keyboard is panned into view; one pressed with the pointer is already in sight. */
  const onFocus = (box: Box) => () => {
    if (drag.current) return;
    dispatch({ type: 'show', frame: frameSize(), box });
  };

  const choose = (next: Selected) => setSelected((current) => (current && next && current.kind === next.kind && current.id === next.id ? null : next));
  const onKey = (next: Selected) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(next);
    }
  };
  const onWheel = (event: WheelEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    dispatch({ type: 'zoom', factor: event.deltaY < 0 ? 1.1 : 1 / 1.1, at: { x: event.clientX - rect.left, y: event.clientY - rect.top } });
  };
  // Drag anywhere to pan, on a state box too (issue 45: only outside the root box); a press that
  // does not move is a click, which chooses what is under it.
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    panned.current = false;
    drag.current = { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY, panning: false };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const press = drag.current;
    if (!press) return;
    if (!press.panning) {
      if (Math.hypot(event.clientX - press.startX, event.clientY - press.startY) < PAN_THRESHOLD) return;
      press.panning = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    dispatch({ type: 'pan', dx: event.clientX - press.x, dy: event.clientY - press.y });
    press.x = event.clientX;
    press.y = event.clientY;
  };
  const onPointerUp = () => {
    panned.current = drag.current?.panning === true;
    drag.current = null;
  };
  /** A click that ends a pan chooses nothing. */
  const onClickCapture = (event: MouseEvent<SVGSVGElement>) => {
    if (!panned.current) return;
    panned.current = false;
    event.stopPropagation();
    event.preventDefault();
  };

  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.caption}>
        Statechart of {machine.id}: {graph.vertices.length} states, {graph.edges.length} transitions
      </figcaption>
      <div className={styles.controls} role="toolbar" aria-label={`Zoom the statechart of ${machine.id}`}>
        <button type="button" onClick={() => dispatch({ type: 'zoom', factor: 1.25, at: centre() })}>
          Zoom in
        </button>
        <button type="button" onClick={() => dispatch({ type: 'zoom', factor: 0.8, at: centre() })}>
          Zoom out
        </button>
        <button type="button" onClick={() => dispatch({ type: 'fit', frame: frameSize(), drawing })}>
          Reset view
        </button>
      </div>
      {withPaths ? <PathControl graph={graph} replay={replay} onReplay={setReplay} /> : null}
      <div className={styles.body}>
        <div ref={frameRef} className={styles.frame}>
        <svg
          className={styles.canvas}
          role="group"
          aria-label={`Statechart diagram of ${machine.id}`}
          width="100%"
          height="100%"
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onClickCapture={onClickCapture}
          data-scale={view.scale}
          data-view={`${Math.round(view.x)} ${Math.round(view.y)}`}
        >
          <defs>
            <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrowHead} />
            </marker>
          </defs>
          <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
            {layout.states.map((state) => (
              <StateShape
                key={state.vertex.id}
                state={state}
                hasScreen={state.vertex.id in screens}
                active={activeSet.has(state.vertex.id)}
                selected={selected?.kind === 'state' && selected.id === state.vertex.id}
                onChoose={() => choose({ kind: 'state', id: state.vertex.id })}
                onKey={onKey({ kind: 'state', id: state.vertex.id })}
                onFocus={onFocus(state)}
              />
            ))}
            {layout.transitions.map((transition) => (
              <TransitionShape
                key={transition.edge.id}
                transition={transition}
                marker={markerId}
                active={transition.edge.id === highlightedTransition}
                selected={selected?.kind === 'transition' && selected.id === transition.edge.id}
                onChoose={() => choose({ kind: 'transition', id: transition.edge.id })}
                onKey={onKey({ kind: 'transition', id: transition.edge.id })}
                onFocus={onFocus(transitionBox(transition))}
              />
            ))}
          </g>
        </svg>
        </div>
        <Details graph={graph} selected={selected} screens={screens} />
      </div>
    </figure>
  );
}

function StateShape({ state, hasScreen, active, selected, onChoose, onKey, onFocus }: {
  state: PlacedState;
  hasScreen: boolean;
  active: boolean;
  selected: boolean;
  onChoose: () => void;
  onKey: (event: KeyboardEvent) => void;
  onFocus: () => void;
}) {
  const { vertex } = state;
  const compound = vertex.kind === 'compound' || vertex.kind === 'parallel';
  const className = [styles.state, compound ? styles.compound : '', vertex.kind === 'parallel' ? styles.parallel : '', active ? styles.active : '', selected ? styles.selected : ''].filter(Boolean).join(' ');
  const name = vertex.parent ? vertex.key : `${vertex.key} (machine)`;
  return (
    <g
      data-state={vertex.id}
      data-active={active || undefined}
      className={className}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      onClick={onChoose}
      onKeyDown={onKey}
      onFocus={onFocus}
    >
      {/* The name is the text drawn in the box; the description says which state it is and how it stands. */}
      <desc>{`State ${vertex.id}${vertex.marks.length ? ` (${vertex.marks.join(', ')})` : ''}${hasScreen ? ', has a screen' : ''}${active ? ', current' : ''}`}</desc>
      <rect x={state.x} y={state.y} width={state.width} height={state.height} rx={compound ? 10 : 8} />
      {vertex.kind === 'final' ? <rect className={styles.finalInner} x={state.x + 3} y={state.y + 3} width={state.width - 6} height={state.height - 6} rx={6} /> : null}
      {vertex.initial ? <circle className={styles.initialDot} cx={state.x - 7} cy={state.y + 10} r={4} /> : null}
      {hasScreen ? <rect className={styles.screenMark} x={state.x + state.width - 14} y={state.y + 6} width={8} height={8} rx={1} /> : null}
      <text x={state.x + 10} y={state.y + 20} className={styles.stateName}>
        {vertex.kind === 'final' ? `${name} (final)` : vertex.kind === 'history' ? `${name} (H)` : name}
      </text>
      {state.notes.map((note, i) => (
        <text key={i} x={state.x + 10} y={state.y + 36 + i * 16} className={styles.note}>
          {note}
        </text>
      ))}
    </g>
  );
}

function TransitionShape({ transition, marker, active, selected, onChoose, onKey, onFocus }: {
  transition: PlacedTransition;
  marker: string;
  active: boolean;
  selected: boolean;
  onChoose: () => void;
  onKey: (event: KeyboardEvent) => void;
  onFocus: () => void;
}) {
  const d = transition.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' ');
  const box = transition.labelBox;
  const className = [styles.transition, styles[transition.edge.kind] ?? '', active ? styles.active : '', selected ? styles.selected : ''].filter(Boolean).join(' ');
  return (
    <g
      data-transition={transition.edge.id}
      data-active={active || undefined}
      className={className}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      onClick={onChoose}
      onKeyDown={onKey}
      onFocus={onFocus}
    >
      <desc>{`Transition from ${transition.edge.source} to ${transition.edge.internal ? 'itself' : transition.edge.targets.join(', ')}${active ? ', taken' : ''}`}</desc>
      <path d={d} markerEnd={`url(#${marker})`} />
      {box ? (
        <>
          <rect className={styles.labelBack} x={box.x - 2} y={box.y - 1} width={box.width + 4} height={box.height + 2} rx={3} />
          <text x={box.x} y={box.y + box.height - 4} className={styles.edgeLabel}>
            {transition.label}
          </text>
        </>
      ) : null}
    </g>
  );
}

/** What was clicked: a state's kind, marks, actors, actions, tags and transitions; a transition's event, guard, actions and ends. */
function Details({ graph, selected, screens }: { graph: StatechartGraph; selected: Selected; screens: Readonly<Record<string, string>> }) {
  const state = selected?.kind === 'state' ? graph.vertices.find((v) => v.id === selected.id) : undefined;
  const edge = selected?.kind === 'transition' ? graph.edges.find((e) => e.id === selected.id) : undefined;
  return (
    <aside className={styles.details} aria-label="Details" aria-live="polite">
      {state ? (
        <dl>
          <dt>State</dt>
          <dd>{state.id}</dd>
          <dt>Kind</dt>
          <dd>{[state.kind, ...state.marks.filter((m) => m !== state.kind)].join(', ')}</dd>
          {state.invokes.length ? (
            <>
              <dt>Invokes</dt>
              <dd>{state.invokes.join(', ')}</dd>
            </>
          ) : null}
          {state.entry.length ? (
            <>
              <dt>Entry</dt>
              <dd>{state.entry.join(', ')}</dd>
            </>
          ) : null}
          {state.exit.length ? (
            <>
              <dt>Exit</dt>
              <dd>{state.exit.join(', ')}</dd>
            </>
          ) : null}
          {state.tags.length ? (
            <>
              <dt>Tags</dt>
              <dd>{state.tags.join(', ')}</dd>
            </>
          ) : null}
          <dt>Transitions</dt>
          <dd>{graph.edges.filter((e) => e.source === state.id).length || 'none'}</dd>
          {screens[state.id] ? (
            <>
              <dt>Screen</dt>
              <dd>
                <a href={storyHref(screens[state.id]!)} target="_top">
                  See the screen of {state.key}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : edge ? (
        <dl>
          <dt>Event</dt>
          <dd>{edge.event}</dd>
          <dt>From</dt>
          <dd>{edge.source}</dd>
          <dt>To</dt>
          <dd>{edge.internal ? 'itself (no target)' : edge.targets.join(', ')}</dd>
          <dt>Guard</dt>
          <dd>{edge.guard ?? 'none'}</dd>
          <dt>Actions</dt>
          <dd>{edge.actions.join(', ') || 'none'}</dd>
        </dl>
      ) : (
        <p>Choose a state or an arrow to see its details.</p>
      )}
    </aside>
  );
}

type Replay = { target: string; path: StatechartPath | null; step: number } | null;

/** "Path to a state": the shortest way there through the definition, stepped through with Previous and Next. */
function PathControl({ graph, replay, onReplay }: { graph: StatechartGraph; replay: Replay; onReplay: (replay: Replay) => void }) {
  const id = useId();
  const steps = replay?.path?.steps ?? [];
  const step = replay?.step ?? 0;
  const current = step > 0 ? steps[step - 1] : undefined;
  return (
    <div className={styles.paths} role="group" aria-label="Path to a state">
      <label htmlFor={id}>Path to</label>
      <select
        id={id}
        value={replay?.target ?? ''}
        onChange={(event) => {
          const target = event.target.value;
          onReplay(target ? { target, path: shortestPathTo(graph, target), step: 0 } : null);
        }}
      >
        <option value="">(choose a state)</option>
        {graph.vertices.slice(1).map((v) => (
          <option key={v.id} value={v.id}>
            {v.id}
          </option>
        ))}
      </select>
      {replay ? (
        replay.path ? (
          <>
            <button type="button" disabled={step === 0} onClick={() => onReplay({ ...replay, step: step - 1 })}>
              Previous step
            </button>
            <button type="button" disabled={step >= steps.length} onClick={() => onReplay({ ...replay, step: step + 1 })}>
              Next step
            </button>
            <p className={styles.pathStatus} role="status">
              {step === 0 ? `Start (${steps.length} step${steps.length === 1 ? '' : 's'} to ${replay.target})` : `Step ${step} of ${steps.length}: ${current!.edge.event}${current!.edge.guard ? ` [${current!.edge.guard}]` : ''}`}
            </p>
          </>
        ) : (
          <p className={styles.pathStatus} role="status">
            No path reaches {replay.target}.
          </p>
        )
      ) : null}
    </div>
  );
}
