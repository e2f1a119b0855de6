import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { popupMachine } from '@machines/app/popup.machine';

/** The app's popup actor (response and error popups); screens send SHOW through it. */
export type PopupActor = ActorRefFrom<typeof popupMachine>;

export const [PopupContext, usePopupActor] = actorContext<PopupActor>('PopupContext');
