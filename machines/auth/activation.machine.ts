import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';

/**
 * Account activation (spec 002 s2, s4, s7): `/activate`, or any address with
 * `action=activation|activationBusiness|activationEmployee&user=…&code=…`. The code is sent once;
 * success signs the customer in and goes home with a success notice; failure shows the error popup
 * (validation errors or the description) and the page offers sign-in.
 */
export const activationActions = ['activation', 'activationBusiness', 'activationEmployee'] as const;
export type ActivationAction = (typeof activationActions)[number];

export interface ActivationRequest {
  action: ActivationAction;
  user: string;
  code: string;
}

/** The activation request in an address, or null when the parameters are missing or unknown. */
export function activationFromSearch(search: Record<string, unknown>): ActivationRequest | null {
  const { action, user, code } = search;
  if (typeof action !== 'string' || !(activationActions as readonly string[]).includes(action)) return null;
  if (typeof user !== 'string' || user.trim() === '' || user.length > 254) return null;
  if (typeof code !== 'string' || code.trim() === '' || code.length > 64) return null;
  return { action: action as ActivationAction, user: user.trim(), code: code.trim() };
}

export const activationMessages = {
  activated: msg`Your account is activated. Welcome!`,
};

export interface ActivationTokens {
  accessToken: string;
  refreshToken: string | null;
}

export const activationMachine = setup({
  types: {
    input: {} as ActivationRequest,
    context: {} as ActivationRequest & { failed: boolean; tokens: ActivationTokens | null },
    output: {} as { tokens: ActivationTokens; username: string },
  },
  actors: {
    activate: fromPromise<ActivationTokens, ActivationRequest>(async () => {
      throw new Error('activate not provided');
    }),
  },
  actions: {
    /** Shows the failure popup with the server's reply (provided by the app). */
    showFailure: (_, _params: { error: unknown }) => {},
    /** Hands the tokens to the session and shows the success notice (provided by the app). */
    signIn: (_, _params: { tokens: ActivationTokens; username: string }) => {},
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ ...input, failed: false, tokens: null }),
  initial: 'activating',
  states: {
    activating: {
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
    failed: {},
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
