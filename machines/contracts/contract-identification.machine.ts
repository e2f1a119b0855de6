import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import { CONTRACT_IDENTIFICATION_POLL_MAX, CONTRACT_IDENTIFICATION_POLL_MS } from '../shared/constants';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * The payer's identification of a contract waiting for it (issue 59; 000 s4: NEW → PROCESSING →
 * SUCCESS or FAILED; the server told when it started; a push to the payer's phone; video
 * identification by jmo or nfd; 000 s7 the signature identification service):
 * - in `notStarted` (NEW), `failed` (FAILED, said so) and `processing` (PROCESSING: begun
 *   elsewhere or left half-way, so it can be begun again), CHOOSE picks the provider (jmo by
 *   default);
 * - START asks the signature identification service for the provider's page (`requesting`: POST
 *   split-pay-signer-identification), tells the service it started (`notifying`: POST
 *   identificationStarted: PROCESSING), then goes there (`leaving`);
 * - PUSH sends it to the payer's phone instead (`pushing`: POST identificationPush), tells the
 *   service it started (`notifying`) and waits for the phone's answer in `processing`, said as sent;
 * - while `processing` the contract is read again every CONTRACT_IDENTIFICATION_POLL_MS (the
 *   page's `changed`), at most CONTRACT_IDENTIFICATION_POLL_MAX times, then `stillProcessing`
 *   until CHECK asks again;
 * - a fresh read (UPDATED {status}) moves it to the status read: SUCCESS is final (the contract
 *   leaves NEED_IDENTIFICATION by the lifecycle statechart).
 * A refusal keeps the state as it was with its reason. Views read the state, context.provider,
 * context.error, context.pushed and the tags `busy` and `mayStart`.
 */
export type IdentificationStatus = 'NEW' | 'PROCESSING' | 'SUCCESS' | 'FAILED';
export type IdentityProvider = 'jmo' | 'nfd';
export const IDENTITY_PROVIDERS: readonly IdentityProvider[] = ['jmo', 'nfd'];

export const identificationMessages = {
  failed: msg`Your identification did not pass. Please try again.`,
};

export interface IdentificationContext {
  status: IdentificationStatus;
  provider: IdentityProvider;
  /** How the identification under way was begun: a video call here, or on the payer's phone. */
  via: 'video' | 'phone';
  /** The provider's page (from the signature identification service), once asked for. */
  url: string | null;
  /** Sent to the payer's phone (said until it is begun again). */
  pushed: boolean;
  /** Reads of the contract asked for while `processing`. */
  polls: number;
  error: UiMessage | null;
}

export type IdentificationEvent =
  | { type: 'CHOOSE'; provider: IdentityProvider }
  | { type: 'START' }
  | { type: 'PUSH' }
  | { type: 'CHECK' }
  | { type: 'UPDATED'; status: IdentificationStatus };

const STATE_OF: Readonly<Record<IdentificationStatus, string>> = { NEW: 'notStarted', PROCESSING: 'processing', SUCCESS: 'passed', FAILED: 'failed' };

/** Where the payer may (still, again) begin an identification. */
const mayStart = {
  CHOOSE: { actions: 'choose' },
  START: { target: '#contractIdentification.requesting', actions: 'byVideo' },
  PUSH: { target: '#contractIdentification.pushing', actions: 'byPhone' },
  UPDATED: { target: '#contractIdentification.route', actions: 'take' },
} as const;

const refused = { target: '#contractIdentification.route', actions: 'refused' } as const;

export const contractIdentificationMachine = setup({
  types: {
    context: {} as IdentificationContext,
    input: {} as { status: IdentificationStatus },
    events: {} as IdentificationEvent,
    tags: {} as 'busy' | 'mayStart',
  },
  actors: {
    /** POST split-pay-signer-identification {contractId, provider, returnUrl}: the provider's page. Throws a UiMessage. */
    request: fromPromise<string, { provider: IdentityProvider }>(async () => {
      throw new Error('contractIdentification: request not provided');
    }),
    /** POST /contract/{id}/identificationStarted. Throws a UiMessage. */
    started: fromPromise<void, void>(async () => {
      throw new Error('contractIdentification: started not provided');
    }),
    /** POST /contract/{contractId}/identificationPush. Throws a UiMessage. */
    push: fromPromise<void, void>(async () => {
      throw new Error('contractIdentification: push not provided');
    }),
  },
  guards: {
    byVideo: ({ context }) => context.via === 'video',
    mayPoll: ({ context }) => context.polls < CONTRACT_IDENTIFICATION_POLL_MAX,
  },
  delays: { pollDelay: CONTRACT_IDENTIFICATION_POLL_MS },
  actions: {
    choose: assign({ provider: ({ context, event }) => (event.type === 'CHOOSE' ? event.provider : context.provider) }),
    byVideo: assign({ via: 'video' as const, error: null, pushed: false }),
    byPhone: assign({ via: 'phone' as const, error: null, pushed: false }),
    take: assign({ status: ({ context, event }) => (event.type === 'UPDATED' ? event.status : context.status), error: null }),
    refused: assign({ error: ({ event }) => toFailure((event as { error?: unknown }).error) }),
    begun: assign({ status: 'PROCESSING' as const, polls: 0 }),
    polled: assign({ polls: ({ context }) => context.polls + 1 }),
    /** Provided by the page: go to the provider's page (it comes back to the contract). */
    openProvider: (_, _params: { url: string }) => {},
    /** Provided by the page: read the contract again (its identification moved, or may have). */
    changed: () => {},
  },
}).createMachine({
  id: 'contractIdentification',
  context: ({ input }) => ({ status: input.status, provider: 'jmo', via: 'video', url: null, pushed: false, polls: 0, error: null }),
  initial: 'route',
  states: {
    route: {
      always: (['NEW', 'PROCESSING', 'SUCCESS', 'FAILED'] as const).map((status) => ({ guard: ({ context }: { context: IdentificationContext }) => context.status === status, target: STATE_OF[status] })),
    },
    notStarted: { tags: ['mayStart'], on: mayStart },
    failed: {
      tags: ['mayStart'],
      entry: assign({ error: ({ context }) => context.error ?? { descriptor: identificationMessages.failed } }),
      on: mayStart,
    },
    processing: {
      tags: ['mayStart'],
      after: {
        pollDelay: [
          { guard: 'mayPoll', target: 'processing', reenter: true, actions: ['polled', 'changed'] },
          { target: 'stillProcessing' },
        ],
      },
      on: mayStart,
    },
    /** Not read again by itself any more: CHECK asks. */
    stillProcessing: {
      tags: ['mayStart'],
      on: { ...mayStart, CHECK: { target: 'processing', actions: [assign({ polls: 0 }), 'changed'] } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'request',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: { target: 'notifying', actions: assign({ url: ({ event }) => event.output }) },
        onError: refused,
      },
    },
    pushing: {
      tags: ['busy'],
      invoke: { src: 'push', onDone: { target: 'notifying', actions: assign({ pushed: true }) }, onError: refused },
    },
    notifying: {
      tags: ['busy'],
      invoke: {
        src: 'started',
        onDone: [
          { guard: 'byVideo', target: 'leaving', actions: ['begun', 'changed', { type: 'openProvider', params: ({ context }) => ({ url: context.url! }) }] },
          { target: 'processing', actions: ['begun', 'changed'] },
        ],
        onError: refused,
      },
    },
    /** On the way to the provider's page: nothing more happens here. */
    leaving: { tags: ['busy'] },
    passed: { type: 'final' },
  },
});
