import { useSyncExternalStore } from 'react';
import type { Actor, AnyActorLogic, InputFrom, OutputFrom, Snapshot } from 'xstate';
import { createAppActor } from './create-actor';

/**
 * A flow that spans pages (sign-in across /login and /scp; next the registration wizard, approvals
 * and global pay batches): one actor at a time, kept outside React so moving between routes keeps
 * it, reachable from route guards (`current()`, `peek()`) and from views (`useFlow()`).
 *
 * - `start(input)` drops the running flow (if any) and starts a fresh one;
 * - when the flow finishes with an output, `onDone(output)` runs once and a fresh flow takes its
 *   place on the next `current()` (so a finished flow is never shown again);
 * - `stop()` ends it (sign-out, leaving the area).
 */
export interface SharedFlow<TLogic extends AnyActorLogic> {
  start(input: InputFrom<TLogic>): Actor<TLogic>;
  /** The running flow, or a fresh one started with the default input. */
  current(): Actor<TLogic>;
  /** The running flow without starting one (guards: "a result exists"). */
  peek(): Actor<TLogic> | null;
  stop(): void;
  /** The running flow for React; re-renders when a new flow replaces it. */
  useFlow(): Actor<TLogic>;
}

export function createSharedFlow<TLogic extends AnyActorLogic>(
  logic: () => TLogic,
  options: {
    defaultInput: () => InputFrom<TLogic>;
    onDone?: (output: OutputFrom<TLogic>) => void;
    /** Runs before each fresh flow starts (e.g. forget the previous flow's temporary token). */
    onStart?: () => void;
  },
): SharedFlow<TLogic> {
  let running: Actor<TLogic> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const flow: SharedFlow<TLogic> = {
    start(input) {
      running?.stop();
      options.onStart?.();
      const actor = createAppActor(logic(), { input } as Parameters<typeof createAppActor<TLogic>>[1]);
      actor.subscribe((state) => {
        const snapshot: Snapshot<OutputFrom<TLogic>> = state;
        if (snapshot.status !== 'done' || running !== actor) return;
        running = null;
        if (snapshot.output !== undefined) options.onDone?.(snapshot.output);
        notify();
      });
      running = actor;
      actor.start();
      notify();
      return actor;
    },
    current: () => running ?? flow.start(options.defaultInput()),
    peek: () => running,
    stop() {
      running?.stop();
      running = null;
      notify();
    },
    useFlow: () => useSyncExternalStore(subscribe, flow.current, flow.current),
  };
  return flow;
}
