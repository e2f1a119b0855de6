import { useActorRef, useSelector } from '@xstate/react';
import { disclosureMachine } from '@machines/shared/disclosure.machine';
import { selectionMachine } from '@machines/shared/selection.machine';
import { inspectOptions } from './create-actor';

/**
 * Open or closed, for a button and the panel or dialog it shows: the `disclosure` statechart
 * (machines/shared), so no component keeps that flow state in `useState`.
 */
export function useDisclosure() {
  const actor = useActorRef(disclosureMachine, inspectOptions());
  const open = useSelector(actor, (s) => s.hasTag('open'));
  return {
    open,
    toggle: () => actor.send({ type: 'TOGGLE' }),
    close: () => actor.send({ type: 'CLOSE' }),
  };
}

/** Which one item of a list is open (a dialog for it): the `selection` statechart. */
export function useSelection() {
  const actor = useActorRef(selectionMachine, inspectOptions());
  const selected = useSelector(actor, (s) => (s.hasTag('open') ? s.context.selected : null));
  return {
    selected,
    select: (id: number) => actor.send({ type: 'SELECT', id }),
    clear: () => actor.send({ type: 'CLEAR' }),
  };
}
