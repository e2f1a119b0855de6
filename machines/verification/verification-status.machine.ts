import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';
import { toFailure } from '../shared/ui-message';
import { verificationStatus, VERIFICATION_STATUSES, WARNING_STATUSES, type VerificationFacts, type VerificationStatus } from './verification.rules';

/**
 * The account verification status (spec 002 s4) as a statechart the layouts, banners
 * and profile subscribe to: one state per status of the spec, decided by `verificationStatus`
 * (first match wins) from the customer's facts (status, documents, addresses, phones,
 * certification). It decides again whenever the facts change: FACTS_CHANGED with new facts (an
 * upload, a confirmation answered), or REFRESH (a realtime notification, a return to the page)
 * which loads them again (`loadFacts`, provided by the app: customer info and what setting the
 * user status loads, userStatusLoads). A failed load keeps the last decision when there was one.
 *
 * Views read tags: the status's own name, `warning` (a banner shows), `loading`, `failed`.
 */
export type VerificationTag = VerificationStatus | 'warning' | 'loading' | 'failed';

export type VerificationEvent = { type: 'FACTS_CHANGED'; facts: VerificationFacts } | { type: 'REFRESH' } | { type: 'RETRY' };

export interface VerificationContext {
  facts: VerificationFacts | null;
  failure: UiMessage | null;
}

const statusStates = Object.fromEntries(
  VERIFICATION_STATUSES.map((status) => [status, { tags: [status, ...(WARNING_STATUSES.includes(status) ? (['warning'] as const) : [])] }]),
) as Record<VerificationStatus, { tags: VerificationTag[] }>;

export const verificationStatusMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as { facts?: VerificationFacts | null },
    tags: {} as VerificationTag,
  },
  actors: {
    /** The customer's facts, loaded (provided by the app). */
    loadFacts: fromPromise<VerificationFacts>(async () => {
      throw new Error('loadFacts not provided');
    }),
  },
  guards: {
    statusIs: ({ context }, params: { status: VerificationStatus }) => context.facts !== null && verificationStatus(context.facts) === params.status,
    hasFacts: ({ context }) => context.facts !== null,
  },
}).createMachine({
  id: 'verificationStatus',
  context: ({ input }) => ({ facts: input.facts ?? null, failure: null }),
  initial: 'start',
  on: {
    FACTS_CHANGED: { target: '.deciding', actions: assign({ facts: ({ event }) => event.facts, failure: null }) },
    REFRESH: { target: '.loading' },
  },
  states: {
    start: { always: [{ guard: 'hasFacts', target: 'deciding' }, { target: 'loading' }] },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadFacts',
        onDone: { target: 'deciding', actions: assign({ facts: ({ event }) => event.output, failure: null }) },
        // The last decision stays when there was one; otherwise the page says the status could not be loaded.
        onError: [
          { guard: 'hasFacts', target: 'deciding', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    deciding: {
      always: VERIFICATION_STATUSES.map((status) => ({ guard: { type: 'statusIs' as const, params: { status } }, target: `status.${status}` })),
    },
    status: {
      // Always entered at a status chosen by `deciding`.
      initial: 'checked',
      states: statusStates,
    },
  },
});

/** The status a snapshot is in (its tag), or null while loading or failed. */
export const statusOf = (snapshot: { hasTag: (tag: VerificationTag) => boolean }): VerificationStatus | null => VERIFICATION_STATUSES.find((status) => snapshot.hasTag(status)) ?? null;

/**
 * The status to show: the snapshot's, or while the facts are read again (REFRESH) the one the
 * last facts decide, so a page or banner does not blink out on every reload. Null before the
 * first facts, or when the first read failed.
 */
export const shownStatusOf = (snapshot: { hasTag: (tag: VerificationTag) => boolean; context: { facts: VerificationFacts | null } }): VerificationStatus | null =>
  statusOf(snapshot) ?? (snapshot.context.facts ? verificationStatus(snapshot.context.facts) : null);
