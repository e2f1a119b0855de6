import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * Cancelling a preapproved payment (001 s4: list and cancel; s8: a failed cancel opens an
 * action-confirmation popup). CANCEL asks first; CONFIRM cancels it; a refusal opens the
 * action-confirmation popup with the reason, from which the customer tries again or closes.
 * After a cancel `cancelled` runs (the page refreshes the list and says so).
 *
 * Views read tags: `asking`, `busy`, `failed`; `context.paymentId` names the payment.
 */
export type PreapprovedCancelTag = 'asking' | 'busy' | 'failed';
export type PreapprovedCancelEvent = { type: 'CANCEL'; paymentId: number } | { type: 'CONFIRM' } | { type: 'RETRY' } | { type: 'DISMISS' };

export const preapprovedCancelMachine = setup({
  types: {
    context: {} as { paymentId: number | null; error: UiMessage | null },
    events: {} as PreapprovedCancelEvent,
    tags: {} as PreapprovedCancelTag,
  },
  actors: {
    /** preapproved cancel (id). Throws a UiMessage. */
    cancel: fromPromise<void, { id: number }>(async () => {
      throw new Error('cancel not provided');
    }),
  },
  actions: {
    /** Provided by the page: refresh the list and say the payment is cancelled. */
    cancelled: (_, _params: { paymentId: number }) => {},
  },
}).createMachine({
  id: 'preapprovedCancel',
  context: { paymentId: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { CANCEL: { target: 'asking', actions: assign({ paymentId: ({ event }) => event.paymentId, error: null }) } },
    },
    asking: {
      tags: ['asking'],
      on: { CONFIRM: 'cancelling', DISMISS: { target: 'idle', actions: assign({ paymentId: null }) } },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ id: context.paymentId ?? 0 }),
        onDone: { target: 'idle', actions: [{ type: 'cancelled', params: ({ context }) => ({ paymentId: context.paymentId ?? 0 }) }, assign({ paymentId: null })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** The action-confirmation popup (001 s8): why it failed; try again or close. */
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'cancelling', actions: assign({ error: null }) }, DISMISS: { target: 'idle', actions: assign({ paymentId: null, error: null }) } },
    },
  },
});
