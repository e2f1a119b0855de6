import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * Account activation (spec 002 s2, s4, s7): `/activate`, or any address with
 * `action=activation|activationBusiness|activationEmployee&user=…&code=…`. A link never activates
 * unasked (issue 47): the page asks "Activate <user>?" and only the user's yes sends the code, once;
 * success signs the customer in and goes home with a success notice; failure shows the error popup
 * (validation errors or the description) and the page offers sign-in.
 *
 * A link opened while signed in is never used silently (docs/decisions.md): for another account
 * the page says who is signed in and that the link was not used, and offers to sign out and
 * activate (the code is sent after the sign-out); for the signed-in account itself it says the
 * account is already active.
 */
export { activationActions, activationFromSearch } from './activation.logic';
export type { ActivationAction, ActivationRequest } from './activation.logic';
import type { ActivationRequest } from './activation.logic';

export const activationMessages = {
  activated: msg`Your account is activated. Welcome!`,
};

export interface ActivationTokens {
  accessToken: string;
  refreshToken: string | null;
}

/** Who the link meets: nobody signed in, the link's own account, or another account. */
export type LinkMeets = 'nobody' | 'sameAccount' | 'otherAccount';

/**
 * The link's account against the signed-in user (e-mail addresses: case and outer spaces do not
 * count). A session without a known username is another account: nothing is activated unasked.
 */
export function linkMeets(user: string, signedInAs: string | null | undefined): LinkMeets {
  if (signedInAs === null || signedInAs === undefined) return 'nobody';
  const same = signedInAs.trim() !== '' && signedInAs.trim().toLowerCase() === user.trim().toLowerCase();
  return same ? 'sameAccount' : 'otherAccount';
}

/**
 * What the page reads (never state names):
 * - `asking`: nobody is signed in; "Activate <user>?" waits for the user's yes (ACTIVATE);
 * - `activating`: the code is on its way;
 * - `failed`: the code was refused (the popup said why);
 * - `signedInAsOther`: someone else is signed in, the link is not used yet (sign out and activate?);
 * - `signingOut`: that sign-out is under way (the button shows progress);
 * - `alreadyActive`: the signed-in user opened the link of their own account.
 */
export type ActivationTag = 'asking' | 'activating' | 'failed' | 'signedInAsOther' | 'signingOut' | 'alreadyActive';

export type ActivationEvent = { type: 'ACTIVATE' } | { type: 'SIGN_OUT' };

export interface ActivationInput extends ActivationRequest {
  /** The signed-in user's login when the link is opened; null or absent when nobody is signed in. */
  signedInAs?: string | null | undefined;
}

export const activationMachine = setup({
  types: {
    input: {} as ActivationInput,
    context: {} as ActivationRequest & { signedInAs: string | null; failed: boolean; tokens: ActivationTokens | null },
    events: {} as ActivationEvent,
    output: {} as { tokens: ActivationTokens; username: string },
    tags: {} as ActivationTag,
  },
  actors: {
    activate: fromPromise<ActivationTokens, ActivationRequest>(async () => {
      throw new Error('activate not provided');
    }),
    /** Ends the signed-in session without leaving the page; resolves once signed out (provided by the app). */
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut not provided');
    }),
  },
  actions: {
    /** Shows the failure popup with the server's reply (provided by the app). */
    showFailure: (_, _params: { error: unknown }) => {},
    /** Hands the tokens to the session and shows the success notice (provided by the app). */
    signIn: (_, _params: { tokens: ActivationTokens; username: string }) => {},
  },
  guards: {
    linkOfSignedInUser: ({ context }) => linkMeets(context.user, context.signedInAs) === 'sameAccount',
    otherUserSignedIn: ({ context }) => linkMeets(context.user, context.signedInAs) === 'otherAccount',
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ action: input.action, user: input.user, code: input.code, signedInAs: input.signedInAs ?? null, failed: false, tokens: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'linkOfSignedInUser', target: 'alreadyActive' },
        { guard: 'otherUserSignedIn', target: 'signedInAsOther' },
        { target: 'asking' },
      ],
    },
    // Nobody signed in: "Activate <user>?"; the code goes only with the user's yes.
    asking: {
      tags: ['asking'],
      on: { ACTIVATE: 'activating' },
    },
    // The link was not used: the page says who is signed in and offers to sign out and activate
    // (pressing it is the user's yes: the code goes once signed out).
    signedInAsOther: {
      tags: ['signedInAsOther'],
      on: { SIGN_OUT: 'signingOut' },
    },
    signingOut: {
      tags: ['signedInAsOther', 'signingOut'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'activating', actions: assign({ signedInAs: null }) },
        onError: { target: 'signedInAsOther' },
      },
    },
    // Signed in as the link's own account: it is active already (sign-in needs an active account).
    alreadyActive: {
      tags: ['alreadyActive'],
    },
    activating: {
      tags: ['activating'],
      invoke: {
        src: 'activate',
        input: ({ context }) => ({ action: context.action, user: context.user, code: context.code }),
        onDone: { target: 'activated', actions: assign({ failed: false, tokens: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [assign({ failed: true }), { type: 'showFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    failed: {
      tags: ['failed'],
    },
    activated: {
      type: 'final',
      entry: {
        type: 'signIn',
        params: ({ context }) => ({ tokens: context.tokens ?? { accessToken: '', refreshToken: null }, username: context.user }),
      },
    },
  },
  output: ({ context }) => ({ tokens: context.tokens ?? { accessToken: '', refreshToken: null }, username: context.user }),
});

export type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;
