import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from './ui-message';

/**
 * A lookup as the customer types (a SWIFT code's bank, an IBAN's check and bank, who an instant
 * key belongs to). The view sends QUERY with what may be asked now, or null when nothing may (the
 * pure rule that says so lives beside the area's rules, e.g. `swiftLookupKey`); the lookup
 * starts LOOKUP_SETTLE_MS after the query changes (typing on replaces it; the same query is not
 * asked again), a newer query replaces an older lookup, and a failed one can be retried. The
 * query and the answer are plain data; the lookup itself is the provided actor `lookUp`.
 *
 * Views read tags: `looking`, `known` (context.result), `failed` (context.error).
 */
export type LookupTag = 'looking' | 'known' | 'failed';
export type LookupEvent = { type: 'QUERY'; query: unknown } | { type: 'RETRY' };

export const LOOKUP_SETTLE_MS = 300;

/** Two queries are the same when their JSON is (queries are plain data). */
const sameQuery = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface LookupContext {
  query: unknown;
  result: unknown;
  error: UiMessage | null;
}

export const lookupMachine = setup({
  types: {
    context: {} as LookupContext,
    input: {} as { query?: unknown } | undefined,
    events: {} as LookupEvent,
    tags: {} as LookupTag,
  },
  actors: {
    /** The call (its query as input). Throws a UiMessage. */
    lookUp: fromPromise<unknown, { query: unknown }>(async () => {
      throw new Error('lookUp not provided');
    }),
  },
  delays: { settle: LOOKUP_SETTLE_MS },
  guards: {
    nothingToAsk: ({ event }) => event.type === 'QUERY' && (event.query === null || event.query === undefined),
    sameQuery: ({ context, event }) => event.type === 'QUERY' && sameQuery(event.query, context.query),
    hasQuery: ({ context }) => context.query !== null,
  },
  actions: {
    forget: assign({ query: null, result: null, error: null }),
    remember: assign(({ event }) => ({ query: event.type === 'QUERY' ? event.query : null, result: null, error: null })),
  },
}).createMachine({
  id: 'lookup',
  context: ({ input }) => ({ query: input?.query ?? null, result: null, error: null }),
  initial: 'starting',
  on: {
    QUERY: [{ guard: 'nothingToAsk', target: '.empty', actions: 'forget' }, { guard: 'sameQuery' }, { target: '.waiting', actions: 'remember' }],
  },
  states: {
    starting: {
      always: [{ guard: 'hasQuery', target: 'waiting' }, { target: 'empty' }],
    },
    empty: {},
    waiting: {
      after: { settle: 'looking' },
    },
    looking: {
      tags: ['looking'],
      invoke: {
        src: 'lookUp',
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: 'known', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    known: { tags: ['known'] },
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'looking', actions: assign({ error: null }) } },
    },
  },
});
