import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';

/**
 * OAuth (SEI) authorisation (spec 000 s2, s7): `/auth/sei` with an `authorizationId` asks the
 * signed-in customer to allow a partner, then POST /auth/sei/authorize/{id} gives the
 * `redirect_uri` the browser goes to; a 404 sends the user to the root. Without an id, GET
 * /auth/sei/authorize gives the URL where an authorisation starts. Leaving clears the stored path.
 */
export type OAuthFailure = { kind: 'notFound' } | { kind: 'failed'; message: UiMessage };

export const oauthMessages = {
  unsafeTarget: msg`The partner's address is not a secure web address, so you were not sent there.`,
};

export const oauthMachine = setup({
  types: {
    context: {} as { authorizationId: string | null; error: UiMessage | null },
    input: {} as { authorizationId: string | null },
    events: {} as { type: 'AUTHORIZE' } | { type: 'CANCEL' } | { type: 'RETRY' },
  },
  actors: {
    fetchAuthorizeUrl: fromPromise<string>(async () => {
      throw new Error('fetchAuthorizeUrl not provided');
    }),
    authorize: fromPromise<string, { authorizationId: string }>(async () => {
      throw new Error('authorize not provided');
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
  context: ({ input }) => ({ authorizationId: input.authorizationId, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasId', target: 'confirming' }, { target: 'fetchingUrl' }],
    },
    fetchingUrl: {
      invoke: {
        src: 'fetchAuthorizeUrl',
        onDone: { target: 'leaving', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    confirming: {
      on: {
        AUTHORIZE: 'authorizing',
        CANCEL: { target: 'leaving', actions: 'goHome' },
      },
    },
    authorizing: {
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
      on: {
        RETRY: { target: 'start', actions: assign({ error: null }) },
        CANCEL: { target: 'leaving', actions: 'goHome' },
      },
    },
    leaving: { type: 'final' },
  },
});

export { isSafeRedirect } from './redirect.logic';
