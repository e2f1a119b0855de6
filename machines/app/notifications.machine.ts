import { enqueueActions, sendParent, setup, type ActorRefFrom } from 'xstate';
import { NOTIFICATION_DURATION_MS, UNCLAIMED_GRACE_MS } from '../shared/constants';
import type { NotificationType } from './notification.rules';

/**
 * Notifications (toasts): each lasts 10 seconds (spec 002 s9) unless the user dismisses it
 * first, or hovers/focuses it (paused while the user reads: WCAG 2.2.1). Each notification
 * is its own small actor with a named `lifetime` delay, so tests move time with SimulatedClock.
 *
 * A notification can also wait before it is shown (`HOLD`): a transaction result that no approval
 * popup has claimed yet (002 s4; src/shared/model/transaction-results.ts). It is held without a
 * deadline while a submit that may claim it is on its way; `RELEASE` starts its grace, a named
 * `unclaimedGrace` delay (2 s) in its own small actor, after which it is shown; `WITHDRAW` drops it
 * (a popup claimed it: the result is told once).
 */
export interface NotificationItem {
  id: string;
  tone: 'info' | 'success' | 'error';
  title: string;
  body?: string | undefined;
  /** The Notification entity's type (002 s3), said above the title; absent for the app's own notices. */
  category?: NotificationType | undefined;
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

/** A held notification's grace: `unclaimedGrace`, then its parent shows it. */
export const notificationGraceMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as { id: string },
  },
  delays: { unclaimedGrace: UNCLAIMED_GRACE_MS },
}).createMachine({
  id: 'notificationGrace',
  context: ({ input }) => ({ id: input.id }),
  initial: 'waiting',
  states: {
    waiting: { after: { unclaimedGrace: 'over' } },
    over: {
      type: 'final',
      entry: sendParent(({ context }) => ({ type: 'GRACE_OVER', id: context.id })),
    },
  },
});

type Timer = ActorRefFrom<typeof notificationTimerMachine>;
type Grace = ActorRefFrom<typeof notificationGraceMachine>;

export type NotificationsEvent =
  | { type: 'NOTIFY'; notification: NotificationItem }
  | { type: 'DISMISS'; id: string }
  | { type: 'EXPIRE'; id: string }
  | { type: 'PAUSE'; id: string }
  | { type: 'RESUME'; id: string }
  | { type: 'HOLD'; notification: NotificationItem }
  | { type: 'RELEASE'; id: string }
  | { type: 'WITHDRAW'; id: string }
  | { type: 'GRACE_OVER'; id: string }
  | { type: 'CLEAR' };

/** At most this many stay on screen; the oldest gives way. */
export const MAX_VISIBLE_NOTIFICATIONS = 5;

export const notificationsMachine = setup({
  types: {
    context: {} as {
      items: (NotificationItem & { timer: Timer })[];
      /** Held before they are shown: `grace` null while held without a deadline. */
      held: (NotificationItem & { grace: Grace | null })[];
      spawned: number;
    },
    events: {} as NotificationsEvent,
  },
  actors: { notificationTimer: notificationTimerMachine, notificationGrace: notificationGraceMachine },
  actions: {
    remove: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DISMISS' && event.type !== 'EXPIRE') return;
      const item = context.items.find((i) => i.id === event.id);
      if (item) enqueue.stopChild(item.timer);
      enqueue.assign({ items: context.items.filter((i) => i.id !== event.id) });
    }),
    /** Shows a notification (NOTIFY), or a held one whose grace is over (GRACE_OVER). */
    show: enqueueActions(({ context, event, enqueue }) => {
      const held = event.type === 'GRACE_OVER' ? context.held.find((h) => h.id === event.id) : undefined;
      const shown: NotificationItem | undefined = event.type === 'NOTIFY' ? event.notification : held ? withoutGrace(held) : undefined;
      if (!shown) return;
      // The same id replaces the earlier notification (and its timer).
      const kept = context.items.filter((i) => i.id !== shown.id);
      for (const replaced of context.items.filter((i) => i.id === shown.id)) {
        enqueue.stopChild(replaced.timer);
      }
      const overflow = Math.max(0, kept.length + 1 - MAX_VISIBLE_NOTIFICATIONS);
      for (const old of kept.slice(0, overflow)) enqueue.stopChild(old.timer);
      enqueue.assign({
        spawned: context.spawned + 1,
        held: context.held.filter((h) => h !== held),
        items: ({ spawn }) => [
          ...kept.slice(overflow),
          {
            ...shown,
            timer: spawn('notificationTimer', {
              id: `timer-${context.spawned + 1}`,
              input: { id: shown.id },
            }),
          },
        ],
      });
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], held: [], spawned: 0 },
  initial: 'active',
  states: {
    active: {
      on: {
        NOTIFY: { actions: 'show' },
        DISMISS: { actions: 'remove' },
        EXPIRE: { actions: 'remove' },
        PAUSE: { actions: ({ context, event }) => context.items.find((i) => i.id === event.id)?.timer.send({ type: 'PAUSE' }) },
        RESUME: { actions: ({ context, event }) => context.items.find((i) => i.id === event.id)?.timer.send({ type: 'RESUME' }) },
        HOLD: {
          // Held again under the same id: the later one stands, held without a deadline.
          actions: enqueueActions(({ context, event, enqueue }) => {
            for (const earlier of context.held.filter((h) => h.id === event.notification.id)) if (earlier.grace) enqueue.stopChild(earlier.grace);
            enqueue.assign({ held: [...context.held.filter((h) => h.id !== event.notification.id), { ...event.notification, grace: null }] });
          }),
        },
        RELEASE: {
          // Its grace starts once (a second RELEASE changes nothing).
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (!context.held.some((h) => h.id === event.id && h.grace === null)) return;
            enqueue.assign({
              spawned: context.spawned + 1,
              held: ({ spawn }) =>
                context.held.map((h) => (h.id === event.id && h.grace === null ? { ...h, grace: spawn('notificationGrace', { id: `grace-${context.spawned + 1}`, input: { id: h.id } }) } : h)),
            });
          }),
        },
        WITHDRAW: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            for (const dropped of context.held.filter((h) => h.id === event.id)) if (dropped.grace) enqueue.stopChild(dropped.grace);
            enqueue.assign({ held: context.held.filter((h) => h.id !== event.id) });
          }),
        },
        GRACE_OVER: { actions: 'show' },
        CLEAR: {
          actions: enqueueActions(({ context, enqueue }) => {
            for (const item of context.items) enqueue.stopChild(item.timer);
            for (const held of context.held) if (held.grace) enqueue.stopChild(held.grace);
            enqueue.assign({ items: [], held: [] });
          }),
        },
      },
    },
  },
});

function withoutGrace({ grace: _grace, ...item }: NotificationItem & { grace: Grace | null }): NotificationItem {
  return item;
}
