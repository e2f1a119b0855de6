import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import type { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { inspectOptions } from '../model/create-actor';

/**
 * Focus for a list the user adds rows to and removes rows from (WCAG 2.4.3): after an add, to
 * the new (last) row's first control (`firstControl`, a selector inside the list); after a
 * removal (its button is gone), to the list's heading. Call `added()`/`removed()` just before
 * sending the change; the effect runs when the length changes.
 */
export function useListFocus(length: number, firstControl: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const moved = useRef<'added' | 'removed' | null>(null);
  useEffect(() => {
    if (moved.current === 'added') list.current?.querySelector<HTMLElement>(firstControl)?.focus();
    if (moved.current === 'removed') heading.current?.focus();
    moved.current = null;
  }, [length, firstControl]);
  return {
    heading,
    list,
    added: () => void (moved.current = 'added'),
    removed: () => void (moved.current = 'removed'),
  };
}

/**
 * Focus after a removal confirmed in a dialog (WCAG 2.4.3): the removed item's button goes with
 * it once the list is read again, and the focus with it; then it moves to `target` (the list's
 * "Add" button). `present` are the ids listed now; call `removing(id)` when the removal is done.
 * Focus the user moved elsewhere meanwhile is left where it is.
 */
export function useFocusWhenGone<T extends HTMLElement = HTMLButtonElement>(present: readonly (string | number)[]) {
  const target = useRef<T>(null);
  const gone = useRef<string | null>(null);
  const listed = present.join('\n');
  useEffect(() => {
    const id = gone.current;
    if (id === null || listed.split('\n').includes(id)) return;
    gone.current = null;
    const focused = document.activeElement;
    if (!focused || focused === document.body) target.current?.focus();
  }, [listed]);
  return { target, removing: (id: string | number) => void (gone.current = String(id)) };
}

/**
 * A list's removal confirmed first (the confirmed-change statechart `logic`, with its call): the
 * running actor for the question's dialog, and the ref of the list's "Add" button, which gets the
 * focus once the removed row is gone (useFocusWhenGone). `removed` is the page's own part (read the
 * list again, say what happened).
 */
export function useConfirmedRemoval<T extends HTMLElement = HTMLButtonElement>(logic: typeof confirmedChangeMachine, present: readonly (string | number)[], removed: (subject: string) => void) {
  const focus = useFocusWhenGone<T>(present);
  const actor = useActorRef(
    logic.provide({
      actions: {
        changed: (_, { subject }) => {
          focus.removing(subject);
          removed(subject);
        },
      },
    }),
    inspectOptions(),
  );
  return { actor, addButton: focus.target };
}
