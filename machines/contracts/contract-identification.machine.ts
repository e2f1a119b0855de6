import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * The payer's identification of a contract waiting for it (issue 59; 000 s4: NEW → PROCESSING →
 * SUCCESS or FAILED; the server told when it started; a push to the payer's phone; video
 * identification by jmo or nfd; 000 s7 the signature identification service):
 * - in `notStarted` (NEW) and `failed` (FAILED, said so), CHOOSE picks the provider (jmo by
 *   default) and START asks the signature identification service for the provider's page
 *   (`requesting`: POST split-pay-signer-identification), tells the service it started
 *   (`notifying`: POST identificationStarted: PROCESSING), then goes there (`leaving`);
 * - PUSH sends it to the payer's phone instead (`pushing`: POST identificationPush), said once
 *   sent; while `processing` it can be sent again;
 * - a fresh read (UPDATED {status}) moves it to the status read: SUCCESS is final (the contract
 *   leaves NEED_IDENTIFICATION by the lifecycle statechart).
 * A refusal keeps the state as it was with its reason. Views read the state, context.provider,
 * context.error, context.pushed and the tag `busy`.
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
  /** The provider's page (from the signature identification service), once asked for. */
  url: string | null;
  pushed: boolean;
  error: UiMessage | null;
}

export type IdentificationEvent =
  | { type: 'CHOOSE'; provider: IdentityProvider }
  | { type: 'START' }
  | { type: 'PUSH' }
  | { type: 'UPDATED'; status: IdentificationStatus };

const STATE_OF: Readonly<Record<IdentificationStatus, string>> = { NEW: 'notStarted', PROCESSING: 'processing', SUCCESS: 'passed', FAILED: 'failed' };

/** START and PUSH where the payer may still identify. */
const canStart = {
  CHOOSE: { actions: 'choose' },
  START: { target: '#contractIdentification.requesting', actions: 'startOver' },
  PUSH: { target: '#contractIdentification.pushing', actions: 'clearError' },
} as const;

export const contractIdentificationMachine = setup({
  types: {
    context: {} as IdentificationContext,
    input: {} as { status: IdentificationStatus },
    events: {} as IdentificationEvent,
    tags: {} as 'busy',
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
  actions: {
    choose: assign({ provider: ({ event }) => (event.type === 'CHOOSE' ? event.provider : 'jmo') }),
    startOver: assign({ error: null, pushed: false }),
    clearError: assign({ error: null }),
    /** Provided by the page: go to the provider's page (it comes back to the contract). */
    openProvider: (_, _params: { url: string }) => {},
    /** Provided by the page: read the contract again (its identification moved). */
    changed: () => {},
  },
}).createMachine({
  id: 'contractIdentification',
  context: ({ input }) => ({ status: input.status, provider: 'jmo', url: null, pushed: false, error: null }),
  initial: 'route',
  states: {
    route: {
      always: (['NEW', 'PROCESSING', 'SUCCESS', 'FAILED'] as const).map((status) => ({ guard: ({ context }: { context: IdentificationContext }) => context.status === status, target: STATE_OF[status] })),
    },
    notStarted: { on: { ...canStart, UPDATED: { target: 'route', actions: assign({ status: ({ event }) => event.status }) } } },
    failed: {
      entry: assign({ error: ({ context }) => context.error ?? { descriptor: identificationMessages.failed } }),
      on: { ...canStart, UPDATED: { target: 'route', actions: assign({ status: ({ event }) => event.status, error: null }) } },
    },
    processing: {
      on: {
        PUSH: { target: 'pushing', actions: 'clearError' },
        UPDATED: { target: 'route', actions: assign({ status: ({ event }) => event.status }) },
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'request',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: { target: 'notifying', actions: assign({ url: ({ event }) => event.output }) },
        onError: { target: 'route', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    notifying: {
      tags: ['busy'],
      invoke: {
        src: 'started',
        onDone: { target: 'leaving', actions: [assign({ status: 'PROCESSING' as const }), 'changed', { type: 'openProvider', params: ({ context }) => ({ url: context.url! }) }] },
        onError: { target: 'route', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** On the way to the provider's page: nothing more happens here. */
    leaving: { tags: ['busy'] },
    pushing: {
      tags: ['busy'],
      invoke: {
        src: 'push',
        onDone: { target: 'route', actions: [assign({ pushed: true }), 'changed'] },
        onError: { target: 'route', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    passed: { type: 'final' },
  },
});
