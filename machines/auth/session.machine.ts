import { assertEvent, assign, fromCallback, fromPromise, setup, spawnChild, type DoneActorEvent } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UiMessage } from '../shared/ui-message';

/**
 * The session lifecycle (spec 000 s4 "Session", 002 s4):
 * - signed in after a simple flow with an access token, or after a token exchange (SIGNED_IN);
 * - the token is refreshed when within 10 seconds of expiry (a named delay computed from the
 *   token's lifetime), and on demand after a 401 (REFRESH): while `refreshing`, further
 *   REFRESH events join the same request (single flight);
 * - a refresh failure expires the session (logout, route to login, stored data cleared);
 * - 15 minutes without user activity expire it too; two minutes before, a warning lets the
 *   user stay signed in (WCAG 2.2.1). ACTIVITY comes from real input in any tab;
 * - LOGOUT calls the auth service; its errors are only logged;
 * - TOKENS_REPLACED (a two-step change's confirmation) swaps the pair without a sign-out.
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Lifetime of the access token in ms, from its `exp` (or the reply's expiresIn). */
  lifetimeMs: number;
}

export interface SessionTerm {
  id: string;
  title: string;
  /** Plain text, shown as text. */
  text: string;
}

/** What loading customer info yields: the customer and the terms it carries (spec 002 s7). */
export interface CustomerLoad {
  customer: unknown;
  term: SessionTerm | null;
}

export interface SessionContext {
  tokens: SessionTokens | null;
  username: string | null;
  reason: MessageDescriptor | null;
  /** Customer info once loaded (shape owned by src/; the machine only stores it). */
  customer: unknown;
  /** Access info of the acting customer (userAccessInfoGet), reloaded when the acting customer changes. */
  access: unknown;
  /** Terms the customer must accept (customer info's terms.term), null when there are none. */
  terms: SessionTerm | null;
  /** Why accepting the terms failed (shown on the terms screen). */
  termsError: UiMessage | null;
  /** True right after a sign-in (land the user), false after a reload (stay where they are). */
  fresh: boolean;
  /** The sign-out was asked for with `stayOnPage` (the page goes on signed out, no move to /login). */
  stayOnPage: boolean;
}

export type SessionEvent =
  | { type: 'SIGNED_IN'; tokens: SessionTokens; username: string }
  | { type: 'REFRESH' }
  /**
   * The service gave this session a new pair (a two-step change's confirmation, 001 s7): it
   * replaces the current one at once, the old refresh token is dead; no sign-out, and the refresh
   * timer starts again from the new token's lifetime. A refresh in flight is dropped.
   */
  | { type: 'TOKENS_REPLACED'; tokens: SessionTokens }
  | { type: 'ACTIVITY' }
  | { type: 'STAY_SIGNED_IN' }
  /**
   * Sign out. `stayOnPage`: the page that asked goes on without the session (the activation page
   * activates another account next) instead of the move to /login; the notice is the same.
   */
  | { type: 'LOGOUT'; stayOnPage?: boolean }
  | { type: 'RETRY_CUSTOMER' }
  /**
   * Act for another customer (fromCustomerId, spec 000 s4): their access info is asked for first;
   * only when the server answers does the app act for them (fails closed: issue 46).
   */
  /**
   * Another customer is acted for now (the acting-customer statechart, machines/business): its
   * access info, answered before the switch, replaces the old one.
   */
  | { type: 'ACCESS_REPLACED'; access: unknown }
  /** The customer's facts changed on the server (a certification sent, KYC done): read them again. */
  | { type: 'CUSTOMER_CHANGED' }
  /** The server says the terms changed (realtime, or a TE reply): customer info is read again. */
  | { type: 'TERMS_CHANGED' }
  | { type: 'ACCEPT_TERMS' };

export const sessionMessages = {
  expired: msg`Your session has expired. Please sign in again.`,
  idle: msg`You were signed out after 15 minutes without activity.`,
  loggedOut: msg`You have signed out.`,
  handoffFailed: msg`Your company account could not be opened. Please sign in again or contact support.`,
  termsFailed: msg`Your acceptance could not be saved. Please try again.`,
};

export { TOKEN_REFRESH_WINDOW_MS as REFRESH_WINDOW_MS, IDLE_TIMEOUT_MS } from '../shared/constants';
import { TOKEN_REFRESH_WINDOW_MS as REFRESH_WINDOW_MS, IDLE_TIMEOUT_MS } from '../shared/constants';
export const IDLE_WARNING_MS = 2 * 60_000;

/** Sign-out and expiry end the same way: forget, unpublish the tokens, clear stored data, go to login with the reason. */
const endSession = [
  'forgetSession',
  { type: 'storeTokens', params: { tokens: null } },
  'clearSessionData',
  { type: 'goToLogin', params: ({ context }: { context: SessionContext }) => ({ reason: context.reason, stayOnPage: context.stayOnPage }) },
] as const;

/** A failure of a provided actor is a UiMessage when the provider made one; anything else is "try again". */
function toUiMessage(error: unknown): UiMessage {
  return error && typeof error === 'object' && ('descriptor' in error || 'text' in error) ? (error as UiMessage) : { descriptor: sessionMessages.termsFailed };
}

/** What views ask the session (they never test state names). */
export type SessionTag = 'signedIn' | 'signingOut' | 'idleWarning' | 'terms' | 'acceptingTerms' | 'loadingCustomer';

export const sessionMachine = setup({
  types: {
    tags: {} as SessionTag,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { tokens?: SessionTokens | null; username?: string | null } | undefined,
  },
  actors: {
    /** POST /auth/refresh with the refresh token; rejects 'empty refresh token' when there is none. */
    refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(async () => {
      throw new Error('refresh not provided');
    }),
    /** POST /auth/logout; failures are only logged by the provider. */
    logout: fromPromise<void, { refreshToken: string | null }>(async () => {}),
    /** The realtime channel while signed in: notifications and transaction confirmations. */
    realtime: fromCallback<SessionEvent, { accessToken: () => string | null }>(() => () => {}),
    /** Customer info (main service) for the start-page decision; admins skip it (provider decides). */
    loadCustomer: fromPromise<CustomerLoad>(async () => {
      throw new Error('loadCustomer not provided');
    }),
    /** Terms accept (spec 002 s7 Writes) for the given term; failures are the provider's UiMessage. */
    acceptTerms: fromPromise<void, { termId: string }>(async () => {
      throw new Error('acceptTerms not provided');
    }),
    /** Access info (userAccessInfoGet) of the acting customer; the provider skips it for admins. */
    loadAccess: fromPromise<unknown, { customer: unknown }>(async () => {
      throw new Error('loadAccess not provided');
    }),
    /**
     * A business user who is not yet an authorised user (spec 000 s2): fetch the authorised-user
     * information and go to the old web application with it (the provider leaves the page).
     */
    authorisedUserHandoff: fromPromise<void, { customer: unknown }>(async () => {
      throw new Error('authorisedUserHandoff not provided');
    }),
  },
  guards: {
    /** The start-page ordering says "fetch the authorised-user information" (provided by the app). */
    needsHandoff: () => false,
    termsPending: ({ context }) => context.terms !== null,
    /** The access info was refused for a customer chosen by an address (fromCustomerId) before sign-in (provided by the app). */
    storedCustomerRefused: () => false,
  },
  actions: {
    /** Publishes the access token to the API layer (memory only) and persists what the app decided. */
    storeTokens: (_, _params: { tokens: SessionTokens | null }) => {},
    /** Resets every store, disconnects realtime, removes the registration draft and from-customer data. */
    clearSessionData: () => {},
    /** The customer chosen before sign-in was refused: forget them; the app acts for the user's own customer and says so. */
    forgetStoredCustomer: () => {},
    /** Sends the user to login (with a reason message); with `stayOnPage` only the message is shown. */
    goToLogin: (_, _params: { reason: MessageDescriptor | null; stayOnPage: boolean }) => {},
    /** Lands the user after sign-in (start-page ordering, machines/landing.logic.ts). */
    land: () => {},
    /** After landing, later loads of customer info (terms changed, a retry) leave the user where they are. */
    landed: assign({ fresh: false }),
    /** The terms screen is shown (analytics "Terms show"). */
    termsShown: () => {},
    /** The terms were accepted (analytics "Terms accept"). */
    termsAccepted: () => {},
    /** A sign-in finished (login flow or activation): keep its tokens (storeTokens publishes them). */
    acceptSignIn: assign(({ event }) => {
      assertEvent(event, 'SIGNED_IN');
      return { tokens: event.tokens, username: event.username, reason: null, fresh: true, stayOnPage: false };
    }),
    /** The session is over: nothing of it stays in the statechart. */
    forgetSession: assign({ tokens: null, username: null, customer: null, access: null, terms: null, termsError: null }),
  },
  delays: {
    refreshDue: ({ context }) => Math.max(0, (context.tokens?.lifetimeMs ?? 0) - REFRESH_WINDOW_MS),
    idleWarning: IDLE_TIMEOUT_MS - IDLE_WARNING_MS,
    idleGrace: IDLE_WARNING_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    tokens: input?.tokens ?? null,
    username: input?.username ?? null,
    reason: null,
    customer: null,
    access: null,
    terms: null,
    termsError: null,
    fresh: false,
    stayOnPage: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: ({ context }) => context.tokens !== null, target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        SIGNED_IN: { target: 'signedIn', actions: ['acceptSignIn', { type: 'storeTokens', params: ({ event }) => ({ tokens: event.tokens }) }] },
      },
    },
    signedIn: {
      type: 'parallel',
      tags: ['signedIn'],
      // Connected for as long as the session lasts; leaving signedIn disconnects it (logout, expiry).
      invoke: { id: 'realtime', src: 'realtime', input: ({ context }) => ({ accessToken: () => context.tokens?.accessToken ?? null }) },
      on: {
        LOGOUT: { target: 'loggingOut', actions: assign({ stayOnPage: ({ event }) => event.stayOnPage === true }) },
      },
      states: {
        token: {
          initial: 'valid',
          on: {
            TOKENS_REPLACED: {
              target: '.valid',
              reenter: true,
              actions: [assign({ tokens: ({ event }) => event.tokens }), { type: 'storeTokens', params: ({ event }) => ({ tokens: event.tokens }) }],
            },
          },
          states: {
            valid: {
              after: { refreshDue: 'refreshing' },
              on: { REFRESH: 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'refresh',
                input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? null }),
                onDone: {
                  target: 'valid',
                  actions: [
                    assign({ tokens: ({ event }) => (event as DoneActorEvent<SessionTokens>).output }),
                    { type: 'storeTokens', params: ({ event }) => ({ tokens: (event as DoneActorEvent<SessionTokens>).output }) },
                  ],
                },
                onError: { target: '#session.expired', actions: assign({ reason: sessionMessages.expired }) },
              },
              // REFRESH while refreshing joins the request in flight: no transition, no second call.
            },
          },
        },
        customer: {
          initial: 'awaitingToken',
          states: {
            // After a reload the session starts with only a refresh token: load once it is refreshed.
            awaitingToken: {
              tags: ['loadingCustomer'],
              always: { guard: ({ context }) => Boolean(context.tokens?.accessToken), target: 'loading' },
            },
            loading: {
              tags: ['loadingCustomer'],
              invoke: {
                id: 'loadCustomer',
                src: 'loadCustomer',
                onDone: {
                  target: 'loadingAccess',
                  actions: assign({ customer: ({ event }) => event.output.customer, terms: ({ event }) => event.output.term }),
                },
                // Without customer data the user still lands (on home); the page can retry.
                onError: { target: 'failed', actions: ['land', 'landed'] },
              },
            },
            // The business start page reads the access info (spec 000 s2 "after access info loads").
            loadingAccess: {
              tags: ['loadingCustomer'],
              invoke: {
                id: 'loadAccess',
                src: 'loadAccess',
                input: ({ context }) => ({ customer: context.customer }),
                onDone: { target: 'deciding', actions: assign({ access: ({ event }) => event.output }) },
                onError: [
                  // A customer the user may not act for (a link's fromCustomerId): their own, asked again.
                  { guard: 'storedCustomerRefused', target: 'loadingAccess', reenter: true, actions: 'forgetStoredCustomer' },
                  // Unknown access: the start page does not block the user (landing.logic.ts).
                  { target: 'deciding', actions: assign({ access: null }) },
                ],
              },
            },
            // Terms first (spec 000 s2), then the hand-off of a user not yet authorised, else the start page.
            deciding: {
              always: [
                { guard: 'termsPending', target: 'termsToAccept' },
                { guard: 'needsHandoff', target: 'handingOff' },
                { target: 'ready', actions: ['land', 'landed'] },
              ],
            },
            termsToAccept: {
              tags: ['terms'],
              entry: 'termsShown',
              on: { ACCEPT_TERMS: 'acceptingTerms' },
            },
            acceptingTerms: {
              tags: ['terms', 'acceptingTerms'],
              invoke: {
                id: 'acceptTerms',
                src: 'acceptTerms',
                input: ({ context }) => ({ termId: context.terms?.id ?? '' }),
                onDone: { target: 'deciding', actions: [assign({ terms: null, termsError: null }), 'termsAccepted'] },
                onError: { target: 'termsToAccept', actions: assign({ termsError: ({ event }) => toUiMessage(event.error) }) },
              },
            },
            ready: {
              on: {
                ACCESS_REPLACED: { actions: assign({ access: ({ event }) => event.access }) },
                CUSTOMER_CHANGED: 'reloadingCustomer',
                TERMS_CHANGED: 'loading',
              },
            },
            // The customer's facts changed on the server (certified, KYC done): customer and access
            // info read again, nobody moved; the start page follows them. A failure keeps the old.
            reloadingCustomer: {
              tags: ['loadingCustomer'],
              invoke: {
                id: 'reloadCustomer',
                src: 'loadCustomer',
                onDone: { target: 'reloadingAccess', actions: assign({ customer: ({ event }) => event.output.customer }) },
                onError: 'ready',
              },
            },
            // The customer's facts changed: the acting customer's access info replaces the old; a failure keeps the old.
            reloadingAccess: {
              tags: ['loadingCustomer'],
              invoke: {
                id: 'reloadAccess',
                src: 'loadAccess',
                input: ({ context }) => ({ customer: context.customer }),
                onDone: { target: 'ready', actions: assign({ access: ({ event }) => event.output }) },
                onError: [{ guard: 'storedCustomerRefused', target: 'reloadingAccess', reenter: true, actions: 'forgetStoredCustomer' }, 'ready'],
              },
            },
            failed: { on: { RETRY_CUSTOMER: 'loading', TERMS_CHANGED: 'loading' } },
            handingOff: {
              invoke: {
                id: 'authorisedUserHandoff',
                src: 'authorisedUserHandoff',
                input: ({ context }) => ({ customer: context.customer }),
                // Success leaves for the old web application; failure signs out to login (spec 000 s2).
                onDone: 'ready',
                onError: { target: '#session.loggingOut', actions: assign({ reason: sessionMessages.handoffFailed }) },
              },
            },
          },
        },
        idle: {
          initial: 'active',
          states: {
            active: {
              after: { idleWarning: 'warning' },
              on: { ACTIVITY: { target: 'active', reenter: true } },
            },
            warning: {
              tags: ['idleWarning'],
              after: { idleGrace: { target: '#session.expired', actions: assign({ reason: sessionMessages.idle }) } },
              on: { STAY_SIGNED_IN: 'active' },
              // Background activity in another tab counts as the user being there.
            },
          },
        },
      },
    },
    loggingOut: {
      tags: ['signingOut'],
      // A reason set on the way (hand-off failure) is kept; a plain sign-out says so.
      entry: assign({ reason: ({ context }) => context.reason ?? sessionMessages.loggedOut }),
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? null }),
        onDone: { target: 'signedOut' },
        // Logout errors are only logged (by the provided actor); the user is signed out regardless.
        onError: { target: 'signedOut' },
      },
      exit: endSession,
    },
    expired: {
      // The idle timer or a failed refresh ended it here: the service is told too (best effort, issue 46),
      // so the refresh token dies with the session instead of waiting for its own expiry.
      entry: [spawnChild('logout', { id: 'revokeOnServer', input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? null }) }), ...endSession],
      on: {
        SIGNED_IN: { target: 'signedIn', actions: ['acceptSignIn', { type: 'storeTokens', params: ({ event }) => ({ tokens: event.tokens }) }] },
      },
    },
  },
});
