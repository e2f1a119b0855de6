import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * One notification setting's switch (spec 001 s7 notification settings set; issue 50), optimistic
 * with rollback:
 * - TOGGLE shows the new value at once (`value`) and saves it (`saving`, tag `busy`: the switch
 *   says it is saving and takes no other press until the service answers);
 * - saved: the service's value is the confirmed one (`saved`, provided by the view, puts it in the
 *   cache of the list, so a reload shows it);
 * - failed: the switch goes back to the confirmed value and the translated error shows (`failed`)
 *   until the next TOGGLE or DISMISS;
 * - SYNC brings the list's value when it was read again (another tab, a refetch), when not saving.
 * Each save has its own requestId: a setting is a value, so sending it again changes nothing twice.
 */
export type NotificationToggleTag = 'busy' | 'failed';

export interface NotificationToggleContext {
  identified: string;
  /** What the switch shows. */
  value: boolean;
  /** What the service last confirmed. */
  confirmed: boolean;
  requestId: string;
  error: UiMessage | null;
}

export type NotificationToggleEvent = { type: 'TOGGLE'; value: boolean } | { type: 'SYNC'; value: boolean } | { type: 'DISMISS' };

export const notificationToggleMachine = setup({
  types: {
    context: {} as NotificationToggleContext,
    input: {} as { identified: string; value: boolean },
    events: {} as NotificationToggleEvent,
    tags: {} as NotificationToggleTag,
  },
  actors: {
    /** Sets the value; answers the setting as kept. Throws a UiMessage. */
    save: fromPromise<{ value: boolean }, { identified: string; value: boolean; requestId: string }>(async () => {
      throw new Error('notificationToggle: save not provided');
    }),
  },
  actions: {
    /** Provided by the view: the kept value into the list's cache. */
    saved: (_, _params: { identified: string; value: boolean }) => {},
  },
}).createMachine({
  id: 'notificationToggle',
  context: ({ input }) => ({ identified: input.identified, value: input.value, confirmed: input.value, requestId: '', error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: { target: 'saving', actions: assign(({ event }) => ({ value: event.value, requestId: newRequestId(), error: null })) },
        SYNC: { actions: assign(({ event }) => ({ value: event.value, confirmed: event.value })) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => ({ identified: context.identified, value: context.value, requestId: context.requestId }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ value: event.output.value, confirmed: event.output.value })),
            { type: 'saved', params: ({ context, event }) => ({ identified: context.identified, value: event.output.value }) },
          ],
        },
        onError: { target: 'failed', actions: assign(({ context, event }) => ({ value: context.confirmed, error: toFailure(event.error) })) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        TOGGLE: { target: 'saving', actions: assign(({ event }) => ({ value: event.value, requestId: newRequestId(), error: null })) },
        SYNC: { actions: assign(({ event }) => ({ value: event.value, confirmed: event.value })) },
        DISMISS: { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});
