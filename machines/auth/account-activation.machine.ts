import { assign, fromPromise, setup } from 'xstate';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { activationActions, type ActivationAction, type ActivationRequest } from './activation.logic';
import type { ActivationTokens } from './activation.machine';

/**
 * Activation by hand (spec 002 s2 /activate, s7 resend activation code): /activate
 * without a link's parameters. The kind of account (activation, activationBusiness,
 * activationEmployee: the same three as the link's), the e-mail and the code typed from the
 * e-mail; SUBMIT activates (the same call as the link; success signs in, `signIn`), a refusal keeps
 * everything typed and says why. RESEND asks for a new code by e-mail (the same answer whether or
 * not an account waits for it; a 429 says when to try again).
 */
export type ActivationFormTag = 'busy' | 'activating' | 'resending' | 'activated';
export type ActivationFormField = 'action' | 'user' | 'code';
export type ActivationFormEvent = { type: 'CHANGE'; field: ActivationFormField; value: string } | { type: 'SUBMIT' } | { type: 'RESEND' };
export type ActivationFormProblem = 'required' | 'format';

export interface ActivationFormContext {
  values: { action: ActivationAction; user: string; code: string };
  /** SUBMIT was tried: every field's error shows; RESEND tried: the e-mail's. */
  shown: 'none' | 'email' | 'all';
  failure: UiMessage | null;
  /** A new code was asked for this e-mail (the page says where to look). */
  resentTo: string | null;
  tokens: ActivationTokens | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The form's problems: the e-mail (required, its format), the code (required, at most 64 characters). */
export function activationFormErrors(values: ActivationFormContext['values']): Partial<Record<'user' | 'code', ActivationFormProblem>> {
  const errors: Partial<Record<'user' | 'code', ActivationFormProblem>> = {};
  const user = values.user.trim();
  if (!user) errors.user = 'required';
  else if (!EMAIL.test(user) || user.length > 254) errors.user = 'format';
  const code = values.code.trim();
  if (!code) errors.code = 'required';
  else if (code.length > 64) errors.code = 'format';
  return errors;
}

export const accountActivationMachine = setup({
  types: {
    context: {} as ActivationFormContext,
    events: {} as ActivationFormEvent,
    input: {} as { action?: ActivationAction; user?: string },
    tags: {} as ActivationFormTag,
  },
  actors: {
    activate: fromPromise<ActivationTokens, ActivationRequest>(async () => {
      throw new Error('activate not provided');
    }),
    resend: fromPromise<void, { email: string }>(async () => {
      throw new Error('resend not provided');
    }),
  },
  actions: {
    /** Provided by the page: the tokens to the session, the success notice (as the link does). */
    signIn: (_, _params: { tokens: ActivationTokens; username: string }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(activationFormErrors(context.values)).length === 0,
    emailValid: ({ context }) => !activationFormErrors(context.values).user,
  },
}).createMachine({
  id: 'accountActivation',
  context: ({ input }) => ({ values: { action: input.action ?? 'activation', user: input.user ?? '', code: '' }, shown: 'none', failure: null, resentTo: null, tokens: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            if (event.field === 'action' && !(activationActions as readonly string[]).includes(event.value)) return {};
            return { values: { ...context.values, [event.field]: event.value }, failure: null, ...(event.field === 'user' ? { resentTo: null } : {}) };
          }),
        },
        SUBMIT: [{ guard: 'valid', target: 'activating' }, { actions: assign({ shown: 'all' }) }],
        RESEND: [{ guard: 'emailValid', target: 'resending' }, { actions: assign({ shown: ({ context }) => (context.shown === 'all' ? 'all' : 'email') }) }],
      },
    },
    activating: {
      tags: ['busy', 'activating'],
      invoke: {
        src: 'activate',
        input: ({ context }) => ({ action: context.values.action, user: context.values.user.trim(), code: context.values.code.trim() }),
        onDone: { target: 'activated', actions: assign({ tokens: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
      },
    },
    resending: {
      tags: ['busy', 'resending'],
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ email: context.values.user.trim() }),
        onDone: { target: 'editing', actions: assign({ resentTo: ({ context }) => context.values.user.trim(), failure: null }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
      },
    },
    activated: {
      type: 'final',
      tags: ['activated'],
      entry: { type: 'signIn', params: ({ context }) => ({ tokens: context.tokens ?? { accessToken: '', refreshToken: null }, username: context.values.user.trim() }) },
    },
  },
});
