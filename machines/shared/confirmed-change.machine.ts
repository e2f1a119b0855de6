import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from './request-id';
import { toFailure, type UiMessage } from './ui-message';

/**
 * A destructive change confirmed first and sent once (issue 50: removing an e-mail from the payout
 * blacklist; later areas' deletions copy it):
 * - REQUEST names what would change (`subject`, for the question's words) → `confirming`;
 * - CONFIRM → `sending` with a new requestId; CANCEL → `idle`, nothing sent;
 * - a failure waits in `failed` with its message: RETRY sends the same requestId again (a reply lost
 *   on the way is answered, not done twice), CANCEL drops it;
 * - done: `changed` (provided by the view: read the list again, say what happened) and `idle`.
 * Views read tags: `confirming`, `busy`, `failed`.
 */
export type ConfirmedChangeTag = 'confirming' | 'busy' | 'failed';

export interface ConfirmedChangeContext {
  subject: string | null;
  requestId: string;
  error: UiMessage | null;
}

export type ConfirmedChangeEvent = { type: 'REQUEST'; subject: string } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

export const confirmedChangeMachine = setup({
  types: {
    context: {} as ConfirmedChangeContext,
    events: {} as ConfirmedChangeEvent,
    tags: {} as ConfirmedChangeTag,
  },
  actors: {
    /** The change of `subject`, once per requestId. Throws a UiMessage. */
    change: fromPromise<unknown, { subject: string; requestId: string }>(async () => {
      throw new Error('confirmedChange: change not provided');
    }),
  },
  actions: {
    /** Provided by the view. */
    changed: (_, _params: { subject: string }) => {},
  },
}).createMachine({
  id: 'confirmedChange',
  context: { subject: null, requestId: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { REQUEST: { target: 'confirming', actions: assign(({ event }) => ({ subject: event.subject, error: null })) } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        CONFIRM: { target: 'sending', actions: assign({ requestId: () => newRequestId() }) },
        CANCEL: { target: 'idle', actions: assign({ subject: null }) },
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'change',
        input: ({ context }) => ({ subject: context.subject!, requestId: context.requestId }),
        onDone: { target: 'idle', actions: [{ type: 'changed', params: ({ context }) => ({ subject: context.subject! }) }, assign({ subject: null })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: 'sending',
        CANCEL: { target: 'idle', actions: assign({ subject: null, error: null }) },
      },
    },
  },
});
