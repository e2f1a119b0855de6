import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * The recipient's page of a global payment (/receive/{id}; 000 s2, 001 s7 p2p global pay meta and
 * methods), public and without the signed-in query cache: `load` reads what the link pays and the
 * ways to receive it. An unknown link ends in `missing` (the page says the link does not work); a
 * failure to reach the service in `failed` (RETRY). Once the recipient's choice is sent (the form
 * statechart), RECEIVED reads the link again so the page shows it used; if that read fails, what
 * is shown stays (the form has already said thank you).
 *
 * Views read tags: `loading`, `ready`, `missing`, `failed`.
 */
export interface ReceiveFact {
  meta: {
    status?: 'open' | 'used' | 'expired' | undefined;
    amount?: string | undefined;
    currency?: string | undefined;
    fee?: string | undefined;
    feeShare?: 'sender' | 'recipient' | undefined;
    recipientGets?: string | undefined;
    description?: string | undefined;
    senderName?: string | undefined;
    beneficiaryName?: string | undefined;
    beneficiaryCountryCode?: string | undefined;
    expires?: string | undefined;
    receivedBy?: string | undefined;
  };
  methods: readonly { name: string; fields: readonly string[] }[];
}

/** What `load` throws for a link the service does not know (any other error is a failure to reach it). */
export interface ReceiveMissing {
  missing: true;
}

export type ReceiveTag = 'loading' | 'ready' | 'missing' | 'failed';

export const receiveMachine = setup({
  types: {
    context: {} as { id: string; data: ReceiveFact | null; failure: UiMessage | null },
    input: {} as { id: string },
    events: {} as { type: 'RETRY' } | { type: 'RECEIVED' },
    tags: {} as ReceiveTag,
  },
  actors: {
    /** p2p global pay meta and methods. Throws ReceiveMissing for an unknown link, else a UiMessage. */
    load: fromPromise<ReceiveFact, { id: string }>(async () => {
      throw new Error('load not provided');
    }),
  },
  guards: {
    isMissing: ({ event }) => 'error' in event && (event.error as Partial<ReceiveMissing> | null)?.missing === true,
  },
}).createMachine({
  id: 'receive',
  context: ({ input }) => ({ id: input.id, data: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, failure: null }) },
        onError: [{ guard: 'isMissing', target: 'missing' }, { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) }],
      },
    },
    ready: {
      tags: ['ready'],
      on: { RECEIVED: 'refreshing' },
    },
    refreshing: {
      tags: ['ready'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'ready' },
      },
    },
    missing: { tags: ['missing'] },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
  },
});
