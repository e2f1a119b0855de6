import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '../../../machines/notifications.machine';

/** The app's notifications actor (10-second notifications); screens send NOTIFY through it. */
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

export const NotificationsContext = createContext<NotificationsActor | null>(null);

export function useNotificationsActor(): NotificationsActor {
  const actor = useContext(NotificationsContext);
  if (!actor) throw new Error('useNotificationsActor: no NotificationsContext provider');
  return actor;
}
