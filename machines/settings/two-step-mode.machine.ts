import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import type { UiMessage } from '../shared/ui-message';
import { cleanCode, isCodeComplete } from '../transfers/approval.logic';
import { SMS_SUCCESS_CLOSE_MS } from '../transfers/approval.machine';
import { NAVIGATION_DELAY_MS } from '../shared/constants';
import { provenProof, reauthenticationMachine } from './reauthentication.machine';
import { asSettingsFailure, failureIs, failureText, settingsFailureMessage, type SettingsFailure } from './settings-messages';
import { canChooseTwoStepMode, type TwoStepMode } from './settings.rules';

/**
 * Changing the two-step verification mode on /setting (001 s7 "POST two-step-verification (mode);
 * confirm with code at /customer/two-step-verification/{reqId}/confirm", s8, s9; 000 s3):
 *
 * - `choosing`: the modes offered (offeredTwoStepModes: off and SMS always, push with a linked
 *   device, the app's code only while it is the current mode); CHOOSE a mode other than the current
 *   one starts an intent (a new requestId);
 * - `reauthenticating`: the child `reauthentication` (password, then the second factor when on),
 *   unless a still-valid proof came with the input or from an earlier change; its proof is handed to
 *   the app (`proofGiven`, to keep for the next change within its lifetime); cancelled: back;
 * - `requesting` (`requestTwoStep`: mode, requestId, proof) answers reqId and where the code went;
 * - `enteringCode` (the SMS code popup): CODE, CONFIRM, RESEND, CANCEL; `resending` asks the same
 *   request again as a new intent (a new requestId, so the service sends a new code and a new reqId;
 *   the old one is void); a failed resend keeps the popup with the reason;
 * - `confirming` (`confirmTwoStep`: reqId, code): a 400 keeps the popup open with the service's
 *   message (001 s8); another failure opens the response popup (`failed`) with RETRY or CLOSE;
 * - a reply with both tokens: `replaceTokens` (the session takes them; the old refresh token no
 *   longer works), the success shown (`tokensReplaced`), then `leaving` (final): `goHome` (001 s7:
 *   the user is sent to /home) after NAVIGATION_DELAY_MS (002 s9) or on CLOSE;
 *   without both: `done`, the success popup that closes itself after SMS_SUCCESS_CLOSE_MS (001 s9)
 *   or on CLOSE, back to `choosing` with the new mode as the current one.
 *
 * One requestId per intent: chosen on CHOOSE, kept by a RETRY of a failed request (the service
 * answers a repeat once), renewed by a RESEND and by a RETRY after the confirmation failed (both ask
 * for a new code). A 403 from a request (the proof expired) goes back to `reauthenticating`.
 */
export type TwoStepTag = 'choosing' | 'reauthenticating' | 'busy' | 'popup' | 'codeEntry' | 'failed' | 'success';

/** POST /customer/two-step-verification: the code's request and where it went. */
export interface TwoStepRequest {
  mode: TwoStepMode;
  requestId: string;
  proof: string;
}
export interface TwoStepRequested {
  reqId: string;
  phoneNumber?: string | null;
  smsIdentifier?: string | null;
}
/** POST /customer/two-step-verification/{reqId}/confirm: the code, and the new tokens when the service rotates the session. */
export interface TwoStepConfirmation {
  reqId: string;
  code: string;
}
export interface TwoStepConfirmed {
  accessToken?: string | null;
  refreshToken?: string | null;
}

export type TwoStepEvent =
  | { type: 'CHOOSE'; mode: TwoStepMode }
  | { type: 'CODE'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'RESEND' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  /** The profile read again (login2faMode, a device linked or removed). */
  | { type: 'PROFILE'; current: string | null; hasLinkedDevice: boolean };

export interface TwoStepInput {
  /** login2faMode as the profile says (missing: off). */
  current: string | null;
  hasLinkedDevice: boolean;
  /** A proof the app still holds and may use now (usableProof), or none. */
  proof?: string | null;
}

export interface TwoStepContext {
  current: string | null;
  hasLinkedDevice: boolean;
  /** The mode being switched to. */
  mode: TwoStepMode | null;
  proof: string | null;
  requestId: string;
  requested: TwoStepRequested | null;
  code: string;
  /** Why the last code or resend was refused (the popup stays open). */
  codeError: UiMessage | null;
  /** A new code was sent (the popup says so). */
  resent: boolean;
  /** The response popup's message. */
  failure: UiMessage | null;
  /** Which call failed: a RETRY of the request is the same intent, after a confirmation a new one. */
  failedAt: 'requesting' | 'confirming' | null;
}

export const twoStepModeMachine = setup({
  types: {
    context: {} as TwoStepContext,
    events: {} as TwoStepEvent,
    input: {} as TwoStepInput,
    tags: {} as TwoStepTag,
  },
  actors: {
    reauthentication: reauthenticationMachine,
    /** POST /customer/two-step-verification. Throws a SettingsFailure. */
    requestTwoStep: fromPromise<TwoStepRequested, TwoStepRequest>(async () => {
      throw new Error('requestTwoStep not provided');
    }),
    /** POST /customer/two-step-verification/{reqId}/confirm. Throws a SettingsFailure (a 400: `refused`). */
    confirmTwoStep: fromPromise<TwoStepConfirmed, TwoStepConfirmation>(async () => {
      throw new Error('confirmTwoStep not provided');
    }),
  },
  delays: { smsClose: SMS_SUCCESS_CLOSE_MS, navigationDelay: NAVIGATION_DELAY_MS },
  guards: {
    choosable: ({ context, event }) => event.type === 'CHOOSE' && canChooseTwoStepMode(event.mode, context.current, context.hasLinkedDevice),
    hasProof: ({ context }) => context.proof !== null,
    codeComplete: ({ context }) => isCodeComplete(context.code),
    failedAtConfirming: ({ context }) => context.failedAt === 'confirming',
  },
  actions: {
    /** Provided by the app: keep the proof for the next change within its lifetime (keptProof). */
    proofGiven: (_, _params: { proof: string; expiresIn: number }) => {},
    /** Provided by the app: the session takes the rotated tokens (the old refresh token is void). */
    replaceTokens: (_, _params: { accessToken: string; refreshToken: string }) => {},
    /** Provided by the app: navigate to /home (001 s7: the user is sent to the accounts). */
    goHome: () => {},
    /** Provided by the app: the mode changed without a new token pair (the profile's login2faMode is read again; with a pair, `replaceTokens` does it). */
    modeChanged: (_, _params: { mode: TwoStepMode }) => {},
    newIntent: assign({ requestId: () => newRequestId() }),
    keepRequested: assign((_, params: { requested: TwoStepRequested }) => ({ requested: params.requested, code: '', codeError: null, failure: null, failedAt: null })),
    typeCode: assign(({ event }) => {
      assertEvent(event, 'CODE');
      return { code: cleanCode(event.value).slice(0, 12), codeError: null };
    }),
    /** The intent has ended: nothing of it stays (the proof does: it serves further changes). */
    endIntent: assign({ mode: null, requested: null, code: '', codeError: null, resent: false, failure: null, failedAt: null }),
  },
}).createMachine({
  id: 'twoStepMode',
  context: ({ input }) => ({
    current: input.current,
    hasLinkedDevice: input.hasLinkedDevice,
    mode: null,
    proof: input.proof || null,
    requestId: newRequestId(),
    requested: null,
    code: '',
    codeError: null,
    resent: false,
    failure: null,
    failedAt: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['choosing'],
      on: {
        CHOOSE: { guard: 'choosable', target: 'starting', actions: [assign(({ event }) => ({ mode: event.mode })), 'newIntent'] },
        PROFILE: { actions: assign(({ event }) => ({ current: event.current, hasLinkedDevice: event.hasLinkedDevice })) },
      },
    },
    starting: {
      always: [{ guard: 'hasProof', target: 'requesting' }, { target: 'reauthenticating' }],
    },
    reauthenticating: {
      tags: ['reauthenticating', 'popup'],
      invoke: {
        id: 'reauthentication',
        src: 'reauthentication',
        input: () => ({}),
        onDone: [
          {
            guard: ({ event }) => provenProof(event.output) !== null,
            target: 'requesting',
            actions: [
              assign({ proof: ({ event }) => provenProof(event.output)?.proof ?? null }),
              { type: 'proofGiven', params: ({ event }) => provenProof(event.output) ?? { proof: '', expiresIn: 0 } },
            ],
          },
          { target: 'choosing', actions: 'endIntent' },
        ],
      },
    },
    requesting: {
      tags: ['busy', 'popup'],
      invoke: {
        id: 'requestTwoStep',
        src: 'requestTwoStep',
        input: ({ context }) => ({ mode: context.mode!, requestId: context.requestId, proof: context.proof ?? '' }),
        onDone: { target: 'enteringCode', actions: [{ type: 'keepRequested', params: ({ event }) => ({ requested: event.output }) }, assign({ resent: false })] },
        onError: [
          { guard: failureIs('proofRefused'), target: 'reauthenticating', actions: assign({ proof: null }) },
          { target: 'failed', actions: assign({ failure: failureText, failedAt: 'requesting' }) },
        ],
      },
    },
    enteringCode: {
      tags: ['popup', 'codeEntry'],
      on: {
        CODE: { actions: 'typeCode' },
        CONFIRM: { guard: 'codeComplete', target: 'confirming' },
        RESEND: { target: 'resending', actions: 'newIntent' },
        CANCEL: { target: 'choosing', actions: 'endIntent' },
      },
    },
    resending: {
      tags: ['popup', 'codeEntry', 'busy'],
      invoke: {
        id: 'resendTwoStep',
        src: 'requestTwoStep',
        input: ({ context }) => ({ mode: context.mode!, requestId: context.requestId, proof: context.proof ?? '' }),
        onDone: { target: 'enteringCode', actions: [{ type: 'keepRequested', params: ({ event }) => ({ requested: event.output }) }, assign({ resent: true })] },
        onError: [
          { guard: failureIs('proofRefused'), target: 'reauthenticating', actions: assign({ proof: null }) },
          { target: 'enteringCode', actions: assign({ codeError: failureText }) },
        ],
      },
    },
    confirming: {
      tags: ['popup', 'codeEntry', 'busy'],
      invoke: {
        id: 'confirmTwoStep',
        src: 'confirmTwoStep',
        input: ({ context }) => ({ reqId: context.requested!.reqId, code: context.code }),
        onDone: [
          {
            guard: ({ event }) => !!event.output.accessToken && !!event.output.refreshToken,
            target: 'tokensReplaced',
            // The app's session takes the pair and reads the customer (the new mode) with it.
            actions: { type: 'replaceTokens', params: ({ event }) => ({ accessToken: event.output.accessToken ?? '', refreshToken: event.output.refreshToken ?? '' }) },
          },
          { target: 'done', actions: { type: 'modeChanged', params: ({ context }) => ({ mode: context.mode! }) } },
        ],
        onError: [
          // 001 s8: a 400 keeps the popup open with the service's message.
          { guard: failureIs('refused'), target: 'enteringCode', actions: assign({ codeError: failureText, code: '' }) },
          { target: 'failed', actions: assign({ failure: failureText, failedAt: 'confirming' }) },
        ],
      },
    },
    /** The response popup: RETRY asks for the code again (the same intent unless a code was already asked), CLOSE gives up. */
    failed: {
      tags: ['failed', 'popup'],
      on: {
        RETRY: [
          { guard: 'failedAtConfirming', target: 'requesting', actions: ['newIntent', assign({ failure: null, failedAt: null })] },
          { target: 'requesting', actions: assign({ failure: null, failedAt: null }) },
        ],
        CLOSE: { target: 'choosing', actions: 'endIntent' },
      },
    },
    /**
     * The session was rotated: the app has taken the tokens; the success is shown, and the user goes
     * home NAVIGATION_DELAY_MS later (002 s9 "navigation after 1 second"), or at once on CLOSE.
     */
    tokensReplaced: {
      tags: ['success', 'popup'],
      entry: assign(({ context }) => ({ current: context.mode })),
      after: { navigationDelay: 'leaving' },
      on: { CLOSE: 'leaving' },
    },
    leaving: {
      type: 'final',
      entry: ['goHome', 'endIntent'],
    },
    /** The success popup (the code came by SMS: it closes itself after 3 s, 001 s9). */
    done: {
      tags: ['success', 'popup'],
      entry: assign(({ context }) => ({ current: context.mode })),
      after: { smsClose: { target: 'choosing', actions: 'endIntent' } },
      on: { CLOSE: { target: 'choosing', actions: 'endIntent' } },
    },
  },
});
