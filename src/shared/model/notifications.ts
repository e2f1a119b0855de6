import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '@machines/app/notifications.machine';

/** The app's notifications actor (10-second notifications); screens send NOTIFY through it. */
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

export const [NotificationsContext, useNotificationsActor] = actorContext<NotificationsActor>('NotificationsContext');
