import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * A test event sent to an address (001 s7: POST /public-api/webhook/ping with the url "shows its
 * result"): PING with the address → `pinging`; the answer (delivered or not, the status, the time,
 * the start of the answer) is kept in `done` for that address until the next PING or CLEAR; a
 * failure of the call itself (not of the address: a dead address is an answer) in `failed`. A PING
 * while one is on its way is not taken (one request at a time).
 * Views read tags: `busy`, `done`, `failed`, and `url` for the row.
 */
export type WebhookPingTag = 'busy' | 'done' | 'failed';

export interface PingOutcome {
  delivered: boolean;
  responseStatus: number | null;
  durationMs: number;
  responseExcerpt?: string | null;
}

export interface WebhookPingContext {
  url: string | null;
  outcome: PingOutcome | null;
  error: UiMessage | null;
}

export type WebhookPingEvent = { type: 'PING'; url: string } | { type: 'CLEAR' };

export const webhookPingMachine = setup({
  types: {
    context: {} as WebhookPingContext,
    events: {} as WebhookPingEvent,
    tags: {} as WebhookPingTag,
  },
  actors: {
    /** webhookPing: how the test event went. Throws a UiMessage. */
    ping: fromPromise<PingOutcome, { url: string }>(async () => {
      throw new Error('webhookPing: ping not provided');
    }),
  },
}).createMachine({
  id: 'webhookPing',
  context: { url: null, outcome: null, error: null },
  initial: 'idle',
  on: {
    CLEAR: { target: '.idle', actions: assign({ url: null, outcome: null, error: null }) },
  },
  states: {
    idle: { on: { PING: { target: 'pinging', actions: assign(({ event }) => ({ url: event.url, outcome: null, error: null })) } } },
    pinging: {
      tags: ['busy'],
      // A CLEAR while it is on its way waits for the answer (the address was called either way).
      on: { CLEAR: {} },
      invoke: {
        src: 'ping',
        input: ({ context }) => ({ url: context.url! }),
        onDone: { target: 'done', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    done: { tags: ['done'], on: { PING: { target: 'pinging', actions: assign(({ event }) => ({ url: event.url, outcome: null, error: null })) } } },
    failed: { tags: ['failed'], on: { PING: { target: 'pinging', actions: assign(({ event }) => ({ url: event.url, outcome: null, error: null })) } } },
  },
});
