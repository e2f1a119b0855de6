import { enqueueActions, sendParent, setup, type ActorRefFrom } from 'xstate';
import { NOTIFICATION_DURATION_MS } from '../shared/constants';

/**
 * Notifications (toasts): each lasts 10 seconds (spec 002 s9) unless the user dismisses it
 * first, or hovers/focuses it (paused while the user reads: WCAG 2.2.1). Each notification
 * is its own small actor with a named `lifetime` delay, so tests move time with SimulatedClock.
 */
export interface NotificationItem {
  id: string;
  tone: 'info' | 'success' | 'error';
  title: string;
  body?: string | undefined;
}

export const notificationTimerMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as { id: string },
    events: {} as { type: 'PAUSE' } | { type: 'RESUME' },
  },
  delays: { lifetime: NOTIFICATION_DURATION_MS },
}).createMachine({
  id: 'notificationTimer',
  context: ({ input }) => ({ id: input.id }),
  initial: 'running',
  states: {
    running: {
      after: { lifetime: 'expired' },
      on: { PAUSE: 'paused' },
    },
    paused: {
      on: { RESUME: 'running' },
    },
    expired: {
      type: 'final',
      entry: sendParent(({ context }) => ({ type: 'EXPIRE', id: context.id })),
    },
  },
});

type Timer = ActorRefFrom<typeof notificationTimerMachine>;

export type NotificationsEvent =
  | { type: 'NOTIFY'; notification: NotificationItem }
  | { type: 'DISMISS'; id: string }
  | { type: 'EXPIRE'; id: string }
  | { type: 'PAUSE'; id: string }
  | { type: 'RESUME'; id: string }
  | { type: 'CLEAR' };

/** At most this many stay on screen; the oldest gives way. */
export const MAX_VISIBLE_NOTIFICATIONS = 5;

export const notificationsMachine = setup({
  types: {
    context: {} as { items: (NotificationItem & { timer: Timer })[]; spawned: number },
    events: {} as NotificationsEvent,
  },
  actors: { notificationTimer: notificationTimerMachine },
  actions: {
    remove: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS' && event.type !== 'EXPIRE') return;
      const item = context.items.find((i) => i.id === event.id);
      if (item) enqueue.stopChild(item.timer);
      enqueue.assign({ items: context.items.filter((i) => i.id !== event.id) });
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], spawned: 0 },
  initial: 'active',
  states: {
    active: {
      on: {
        NOTIFY: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            // The same id replaces the earlier notification (and its timer).
            const kept = context.items.filter((i) => i.id !== event.notification.id);
            for (const replaced of context.items.filter((i) => i.id === event.notification.id)) {
              enqueue.stopChild(replaced.timer);
            }
            const overflow = Math.max(0, kept.length + 1 - MAX_VISIBLE_NOTIFICATIONS);
            for (const old of kept.slice(0, overflow)) enqueue.stopChild(old.timer);
            enqueue.assign({
              spawned: context.spawned + 1,
              items: ({ spawn }) => [
                ...kept.slice(overflow),
                {
                  ...event.notification,
                  timer: spawn('notificationTimer', {
                    id: `timer-${context.spawned + 1}`,
                    input: { id: event.notification.id },
                  }),
                },
              ],
            });
          }),
        },
        DISMISS: { actions: 'remove' },
        EXPIRE: { actions: 'remove' },
        PAUSE: { actions: ({ context, event }) => context.items.find((i) => i.id === event.id)?.timer.send({ type: 'PAUSE' }) },
        RESUME: { actions: ({ context, event }) => context.items.find((i) => i.id === event.id)?.timer.send({ type: 'RESUME' }) },
        CLEAR: {
          actions: enqueueActions(({ context, enqueue }) => {
            for (const item of context.items) enqueue.stopChild(item.timer);
            enqueue.assign({ items: [] });
          }),
        },
      },
    },
  },
});
