import { fromPromise } from 'xstate';
import { notificationToggleMachine } from '@machines/settings/notification-toggle.machine';
import { setNotificationSetting } from '@/entities/security';

/** One switch's statechart with its call (notificationSettingsSet with the save's requestId); the view provides `saved`. */
export const notificationToggleLogic = notificationToggleMachine.provide({
  actors: {
    save: fromPromise(({ input }) => setNotificationSetting(input)),
  },
});
export type NotificationToggleLogic = typeof notificationToggleLogic;
