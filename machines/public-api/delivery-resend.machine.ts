import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * A webhook delivery posted again by hand (issue 57, beyond the spec as Stripe's dashboard does):
 * - RESEND names the delivery → `resending` with a new requestId (the service posts it once per
 *   requestId: a reply lost on the way is answered with the same attempt, not a second post);
 * - done: `resent` keeps how the attempt went (`delivered`, the status it was answered with) for the
 *   row it belongs to, and `resendDone` lets the page read the log again;
 * - a failure of the call waits in `failed`: RETRY sends the same requestId again, DISMISS drops it;
 * - one delivery at a time: RESEND of another while one is sent is not taken.
 * Views read tags: `busy`, `resent`, `failed`, and `id` for the row.
 */
export type DeliveryResendTag = 'busy' | 'resent' | 'failed';

export interface ResendOutcome {
  delivered: boolean;
  responseStatus: number | null;
}

export interface DeliveryResendContext {
  id: number | null;
  requestId: string;
  outcome: ResendOutcome | null;
  error: UiMessage | null;
}

export type DeliveryResendEvent = { type: 'RESEND'; id: number } | { type: 'RETRY' } | { type: 'DISMISS' };

const started = (id: number) => ({ id, requestId: newRequestId(), outcome: null, error: null });
const cleared = { id: null, outcome: null, error: null };

export const deliveryResendMachine = setup({
  types: {
    context: {} as DeliveryResendContext,
    events: {} as DeliveryResendEvent,
    tags: {} as DeliveryResendTag,
  },
  actors: {
    /** webhookRequestResend, once per requestId: how the new attempt went. Throws a UiMessage. */
    resend: fromPromise<ResendOutcome, { id: number; requestId: string }>(async () => {
      throw new Error('deliveryResend: resend not provided');
    }),
  },
  actions: {
    /** Provided by the page: the log is read again. */
    resendDone: () => {},
  },
}).createMachine({
  id: 'deliveryResend',
  context: { id: null, requestId: '', outcome: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { RESEND: { target: 'resending', actions: assign(({ event }) => started(event.id)) } },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ id: context.id!, requestId: context.requestId }),
        onDone: { target: 'resent', actions: [assign({ outcome: ({ event }) => event.output }), 'resendDone'] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    resent: {
      tags: ['resent'],
      on: {
        RESEND: { target: 'resending', actions: assign(({ event }) => started(event.id)) },
        DISMISS: { target: 'idle', actions: assign(cleared) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: { target: 'resending', actions: assign({ error: null }) },
        DISMISS: { target: 'idle', actions: assign(cleared) },
      },
    },
  },
});
