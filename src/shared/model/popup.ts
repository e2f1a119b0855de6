import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { popupMachine } from '../../../machines/popup.machine';

/** The app's popup actor (response and error popups); screens send SHOW through it. */
export type PopupActor = ActorRefFrom<typeof popupMachine>;

export const PopupContext = createContext<PopupActor | null>(null);

export function usePopupActor(): PopupActor {
  const actor = useContext(PopupContext);
  if (!actor) throw new Error('usePopupActor: no PopupContext provider');
  return actor;
}
