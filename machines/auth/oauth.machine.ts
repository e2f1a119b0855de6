import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';

/**
 * OAuth (SEI) authorisation (spec 000 s2, s7): `/auth/sei` with an `authorizationId` first learns who
 * asks and for what (GET /auth/sei/authorize/{id}, an extension, issue 47), asks the signed-in
 * customer to allow that partner, then POST /auth/sei/authorize/{id} gives the
 * `redirect_uri` the browser goes to; a 404 sends the user to the root. Without an id, GET
 * /auth/sei/authorize gives the URL where an authorisation starts. Leaving clears the stored path.
 */
export type OAuthFailure = { kind: 'notFound' } | { kind: 'failed'; message: UiMessage };

/** What a partner may do once allowed (the contract's `SeiScope`). */
export type PartnerScope = 'accounts.read' | 'transactions.read' | 'payments.prepare';

/** Who asks and for what, as the auth service says (shown as text). */
export interface PartnerRequest {
  clientName: string;
  scopes: readonly PartnerScope[];
}

/** What each scope lets the partner do, in the customer's words. */
export const partnerScopeMessages = {
  'accounts.read': msg`See your accounts and their balances`,
  'transactions.read': msg`See your transaction history`,
  'payments.prepare': msg`Prepare payments, which you still approve in the app`,
} satisfies Record<PartnerScope, unknown>;

/**
 * What the page reads (never state names):
 * - `loading`: where to go, or who asks, is being asked;
 * - `confirming`: the partner and its access are on screen, waiting for Allow or Cancel;
 * - `busy`: the decision is on its way, or the page is leaving;
 * - `failed`: a failure the customer can retry or leave.
 */
export type OAuthTag = 'loading' | 'confirming' | 'busy' | 'failed';

export const oauthMessages = {
  unsafeTarget: msg`The partner's address is not a secure web address, so you were not sent there.`,
};

export const oauthMachine = setup({
  types: {
    context: {} as { authorizationId: string | null; error: UiMessage | null; partner: PartnerRequest | null },
    input: {} as { authorizationId: string | null },
    events: {} as { type: 'AUTHORIZE' } | { type: 'CANCEL' } | { type: 'RETRY' },
    tags: {} as OAuthTag,
  },
  actors: {
    fetchAuthorizeUrl: fromPromise<string>(async () => {
      throw new Error('fetchAuthorizeUrl not provided');
    }),
    authorize: fromPromise<string, { authorizationId: string }>(async () => {
      throw new Error('authorize not provided');
    }),
    fetchPartner: fromPromise<PartnerRequest, { authorizationId: string }>(async () => {
      throw new Error('fetchPartner not provided');
    }),
  },
  actions: {
    /** Leave the app for the URL (location.assign); provided by the page. */
    redirect: (_, _params: { url: string }) => {},
    /** 404: the root route (spec 002 s8). */
    goRoot: () => {},
    /** Cancel: clear the stored OAuth path and go home. */
    goHome: () => {},
    storeError: assign({
      error: ({ event }) => {
        const failure = (event as { error?: OAuthFailure }).error;
        return failure && failure.kind === 'failed' ? failure.message : { descriptor: oauthMessages.unsafeTarget };
      },
    }),
  },
  guards: {
    hasId: ({ context }) => Boolean(context.authorizationId),
    isNotFound: ({ event }) => (event as { error?: OAuthFailure }).error?.kind === 'notFound',
  },
}).createMachine({
  id: 'oauth',
  context: ({ input }) => ({ authorizationId: input.authorizationId, error: null, partner: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasId', target: 'loadingPartner' }, { target: 'fetchingUrl' }],
    },
    // Who asks and for what: nothing can be allowed before the page can say it.
    loadingPartner: {
      tags: ['loading'],
      invoke: {
        src: 'fetchPartner',
        input: ({ context }) => ({ authorizationId: context.authorizationId ?? '' }),
        onDone: { target: 'confirming', actions: assign({ partner: ({ event }) => event.output }) },
        onError: [
          { guard: 'isNotFound', target: 'leaving', actions: 'goRoot' },
          { target: 'failed', actions: 'storeError' },
        ],
      },
    },
    fetchingUrl: {
      tags: ['loading'],
      invoke: {
        src: 'fetchAuthorizeUrl',
        onDone: { target: 'leaving', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        AUTHORIZE: 'authorizing',
        CANCEL: { target: 'leaving', actions: 'goHome' },
      },
    },
    authorizing: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'authorize',
        input: ({ context }) => ({ authorizationId: context.authorizationId ?? '' }),
        onDone: { target: 'leaving', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) } },
        onError: [
          { guard: 'isNotFound', target: 'leaving', actions: 'goRoot' },
          { target: 'failed', actions: 'storeError' },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: { target: 'start', actions: assign({ error: null }) },
        CANCEL: { target: 'leaving', actions: 'goHome' },
      },
    },
    leaving: { type: 'final', tags: ['busy'] },
  },
});

export { isSafeRedirect } from './redirect.logic';
