import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';
import { cleanCode, isCodeComplete } from '../transfers/approval.logic';
import { asSettingsFailure, failureIs, failureText, settingsFailureMessage, settingsMessages, type SettingsFailure } from './settings-messages';

/**
 * "Confirm it is you" before a sensitive change (two-step mode, password, e-mail, phone:
 * needsReauthentication), an extension beyond the spec (docs/decisions.md "Settings and security:
 * the calls"): the password is checked (`checkPassword`, POST /auth/check-password), which answers
 * a proof (X-Reauth-Proof, valid `expiresIn` seconds) or, when two-step verification is on, the
 * second factor it asks for (an SMS is sent; a push user reads the code on the linked device); the
 * code is then checked with the password.
 *
 * - `enteringPassword` → `checking` → the proof (`proven`) or `enteringCode` (with `secondFactor`)
 *   → `checkingCode` → `proven`;
 * - a wrong password or code (a 400) keeps the user in the entry state with the service's reason
 *   (a wrong password is cleared, a wrong code too); a call that failed otherwise keeps what was
 *   typed and says why;
 * - a 429 (too many wrong tries) goes to `lockedOut`, shows the Retry-After seconds, and leaves
 *   after that wait (the named delay `lockout`) to the step that was refused;
 * - CANCEL (any step) ends as cancelled.
 *
 * Started with a `password` (a form where the user already typed the current password: the
 * password change), it checks that one at once and only asks the second factor when the service
 * asks for one: the password is typed once. A refusal of that password then ends the statechart
 * (`refused`) so the form that holds it says why (and a wait after too many tries ends the same way
 * once over). Output: `{ outcome: 'proven', proof, expiresIn }`, `{ outcome: 'cancelled' }` or
 * (given password only) `{ outcome: 'refused', message, passwordRefused }`; never the password,
 * which is forgotten when it ends.
 */
export type SecondFactor = 'sms' | 'otp' | 'push';

/** check-password's answer: the proof, or the second factor it asks for first. */
export type CheckPasswordReply = { proof: string; expiresIn: number } | { secondFactor: SecondFactor };

export interface CheckPasswordInput {
  password: string;
  code?: string;
}

/** The proof a re-authentication ended with (its `onDone` output), or null when it was cancelled or refused. */
export const provenProof = (output: ReauthenticationOutput): { proof: string; expiresIn: number } | null =>
  output.outcome === 'proven' ? { proof: output.proof, expiresIn: output.expiresIn } : null;

/** The wait after a 429 that did not say how long (the service's window is 15 minutes; it always sends Retry-After). */
export const DEFAULT_LOCKOUT_SECONDS = 60;

export type ReauthenticationTag = 'popup' | 'password' | 'codeEntry' | 'busy' | 'lockedOut';

export type ReauthenticationEvent =
  | { type: 'PASSWORD'; value: string }
  | { type: 'CODE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

export interface ReauthenticationInput {
  /** The current password already typed in the form that asks (checked at once, never asked again). */
  password?: string;
}

export type ReauthenticationOutput =
  | { outcome: 'proven'; proof: string; expiresIn: number }
  | { outcome: 'cancelled' }
  | { outcome: 'refused'; message: UiMessage; passwordRefused: boolean };

export interface ReauthenticationContext {
  password: string;
  /** The password came with the input: its refusal ends the statechart (the form says why). */
  given: boolean;
  code: string;
  secondFactor: SecondFactor | null;
  /** Why the last check did not give the proof (shown in the entry state). */
  failure: UiMessage | null;
  /** The wait of a 429, in seconds, while locked out. */
  retryAfterSeconds: number | null;
  /** The step the lockout returns to. */
  lockedAt: 'password' | 'code' | null;
  proof: string | null;
  expiresIn: number | null;
  outcome: ReauthenticationOutput['outcome'] | null;
  /** The given password was refused by the service (not only unchecked). */
  passwordRefused: boolean;
}

export const reauthenticationMachine = setup({
  types: {
    context: {} as ReauthenticationContext,
    events: {} as ReauthenticationEvent,
    input: {} as ReauthenticationInput | undefined,
    output: {} as ReauthenticationOutput,
    tags: {} as ReauthenticationTag,
  },
  actors: {
    /** POST /auth/check-password (password, and the code on the second step). Throws a SettingsFailure. */
    checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(async () => {
      throw new Error('checkPassword not provided');
    }),
  },
  delays: {
    lockout: ({ context }) => (context.retryAfterSeconds ?? DEFAULT_LOCKOUT_SECONDS) * 1000,
  },
  guards: {
    passwordGiven: ({ context }) => context.given,
    hasPassword: ({ context }) => context.password !== '',
    codeComplete: ({ context }) => isCodeComplete(context.code),
    lockedAtCode: ({ context }) => context.lockedAt === 'code',
  },
  actions: {
    typePassword: assign(({ event }) => {
      assertEvent(event, 'PASSWORD');
      return { password: event.value, failure: null };
    }),
    typeCode: assign(({ event }) => {
      assertEvent(event, 'CODE');
      return { code: cleanCode(event.value).slice(0, 12), failure: null };
    }),
    lock: assign((_, params: { at: 'password' | 'code'; failure: SettingsFailure }) => ({
      lockedAt: params.at,
      retryAfterSeconds: params.failure.kind === 'rateLimited' ? params.failure.retryAfterSeconds ?? DEFAULT_LOCKOUT_SECONDS : DEFAULT_LOCKOUT_SECONDS,
      failure: settingsFailureMessage(params.failure),
    })),
    unlock: assign({ lockedAt: null, retryAfterSeconds: null, failure: null }),
    /** Nothing typed stays once it ended. */
    forget: assign({ password: '', code: '' }),
  },
}).createMachine({
  id: 'reauthentication',
  context: ({ input }) => ({
    password: input?.password ?? '',
    given: !!input?.password,
    code: '',
    secondFactor: null,
    failure: null,
    retryAfterSeconds: null,
    lockedAt: null,
    proof: null,
    expiresIn: null,
    outcome: null,
    passwordRefused: false,
  }),
  output: ({ context }): ReauthenticationOutput => {
    if (context.outcome === 'proven') return { outcome: 'proven', proof: context.proof ?? '', expiresIn: context.expiresIn ?? 0 };
    if (context.outcome === 'refused') return { outcome: 'refused', message: context.failure ?? { descriptor: settingsMessages.lockOver }, passwordRefused: context.passwordRefused };
    return { outcome: 'cancelled' };
  },
  initial: 'starting',
  on: {
    CANCEL: { target: '.cancelled' },
  },
  states: {
    starting: {
      always: [{ guard: 'passwordGiven', target: 'checking' }, { target: 'enteringPassword' }],
    },
    enteringPassword: {
      tags: ['popup', 'password'],
      on: {
        PASSWORD: { actions: 'typePassword' },
        SUBMIT: { guard: 'hasPassword', target: 'checking' },
      },
    },
    checking: {
      tags: ['popup', 'password', 'busy'],
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        input: ({ context }) => ({ password: context.password }),
        onDone: [
          {
            guard: ({ event }) => 'proof' in event.output,
            target: 'proven',
            actions: assign(({ event }) => ('proof' in event.output ? { proof: event.output.proof, expiresIn: event.output.expiresIn } : {})),
          },
          {
            target: 'enteringCode',
            actions: assign(({ event }) => ('secondFactor' in event.output ? { secondFactor: event.output.secondFactor, code: '', failure: null } : {})),
          },
        ],
        onError: [
          { guard: failureIs('rateLimited'), target: 'lockedOut', actions: { type: 'lock', params: ({ event }) => ({ at: 'password' as const, failure: asSettingsFailure(event.error) }) } },
          // The form that holds the password says why.
          { guard: 'passwordGiven', target: 'refused', actions: assign({ failure: failureText, passwordRefused: ({ event }) => asSettingsFailure(event.error).kind === 'refused' }) },
          { guard: failureIs('refused'), target: 'enteringPassword', actions: assign({ failure: failureText, password: '' }) },
          { target: 'enteringPassword', actions: assign({ failure: failureText }) },
        ],
      },
    },
    enteringCode: {
      tags: ['popup', 'codeEntry'],
      on: {
        CODE: { actions: 'typeCode' },
        SUBMIT: { guard: 'codeComplete', target: 'checkingCode' },
      },
    },
    checkingCode: {
      tags: ['popup', 'codeEntry', 'busy'],
      invoke: {
        id: 'checkCode',
        src: 'checkPassword',
        input: ({ context }) => ({ password: context.password, code: context.code }),
        onDone: [
          {
            guard: ({ event }) => 'proof' in event.output,
            target: 'proven',
            actions: assign(({ event }) => ('proof' in event.output ? { proof: event.output.proof, expiresIn: event.output.expiresIn } : {})),
          },
          // Asked again (a new code was sent): the code is typed again.
          { target: 'enteringCode', actions: assign(({ event }) => ('secondFactor' in event.output ? { secondFactor: event.output.secondFactor, code: '' } : {})) },
        ],
        onError: [
          { guard: failureIs('rateLimited'), target: 'lockedOut', actions: { type: 'lock', params: ({ event }) => ({ at: 'code' as const, failure: asSettingsFailure(event.error) }) } },
          { guard: failureIs('refused'), target: 'enteringCode', actions: assign({ failure: failureText, code: '' }) },
          { target: 'enteringCode', actions: assign({ failure: failureText }) },
        ],
      },
    },
    /** Too many wrong tries: the wait (Retry-After) is shown, then the step that was refused. */
    lockedOut: {
      tags: ['popup', 'lockedOut'],
      after: {
        lockout: [
          { guard: 'lockedAtCode', target: 'enteringCode', actions: ['unlock', assign({ code: '' })] },
          { guard: 'passwordGiven', target: 'refused', actions: ['unlock', assign({ failure: { descriptor: settingsMessages.lockOver } })] },
          { target: 'enteringPassword', actions: ['unlock', assign({ password: '' })] },
        ],
      },
    },
    proven: { type: 'final', entry: [assign({ outcome: 'proven' }), 'forget'] },
    refused: { type: 'final', entry: [assign({ outcome: 'refused' }), 'forget'] },
    cancelled: { type: 'final', entry: [assign({ outcome: 'cancelled', failure: null }), 'forget'] },
  },
});
