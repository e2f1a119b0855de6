import { useCallback } from 'react';
import type { ReplyLike } from '@machines/shared/reply';
import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { popupMachine } from '@machines/app/popup.machine';

/** The app's popup actor (response and error popups); screens send SHOW through it. */
export type PopupActor = ActorRefFrom<typeof popupMachine>;

export const [PopupContext, usePopupActor] = actorContext<PopupActor>('PopupContext');

/** Shows a refused write's reply in the response popup (001 s8: the first of description, message, body, validation errors, errors). */
export function useResponsePopup(): (reply: ReplyLike) => void {
  const popup = usePopupActor();
  return useCallback((reply: ReplyLike) => popup.send({ type: 'SHOW', popup: { kind: 'response', status: 'failure', reply } }), [popup]);
}
