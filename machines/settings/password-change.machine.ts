import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { changeField, type FormErrors } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import type { UiMessage } from '../shared/ui-message';
import { cleanCode, isCodeComplete } from '../transfers/approval.logic';
import { SMS_SUCCESS_CLOSE_MS } from '../transfers/approval.machine';
import { provenProof, reauthenticationMachine } from './reauthentication.machine';
import { asSettingsFailure, failureIs, failureText, passwordChangeErrors, settingsFailureMessage, settingsMessages, type SettingsFailure } from './settings-messages';
import { emptyPasswordChange, type PasswordChangeField, type PasswordChangeValues } from './settings.rules';

/**
 * Changing the password on /setting (001 s5 "Password change needs password, passwordNew,
 * passwordNewRepeat", s7 "change password and confirm (code, requestKey)"; 002 s8):
 *
 * - `editing`: the three values live here, so a refusal, a failure or a re-render never loses what
 *   was typed; SUBMIT is refused with field errors while passwordChangeErrors says no (all three
 *   required, the sign-up's rule, different from the current one, the repeat equal);
 * - `reauthenticating`: the child `reauthentication` started with the current password typed in
 *   the form (typed once: it only asks the second factor when the service asks for one); a refused
 *   password comes back as the form's error on `password`; skipped with a still-valid proof;
 * - `submitting` (`changePassword`: the values, the intent's requestId, the proof) answers the
 *   requestKey; a refusal (400) is back on the form with its field errors; a 403 (the proof
 *   expired) re-authenticates; any other failure opens `failed`: RETRY (the same requestId, so the
 *   service answers a repeat once) or CLOSE back to the form, everything kept;
 * - `approving`: the change-password approval popup (the code by SMS): CODE, CONFIRM, CANCEL; a
 *   refused code keeps the popup with the reason;
 * - `confirming` (`confirmPasswordChange`: code, requestKey) → `succeeded`, the success approval
 *   popup (closes itself after SMS_SUCCESS_CLOSE_MS, 001 s9, or on CLOSE); the app hears
 *   `passwordChanged` (the other sessions have ended);
 * - `canceled`: CANCEL in the popup says exactly "Confirmation canceled" (002 s8).
 *
 * Once the change has ended (succeeded or canceled) the passwords, the code and the requestKey are
 * gone from the context and the next change is a new intent (a new requestId). The statechart lives
 * as long as the form and has no output; no password leaves it except in the calls' input.
 */
export type PasswordChangeTag = 'editing' | 'reauthenticating' | 'busy' | 'popup' | 'codeEntry' | 'success' | 'canceled' | 'failed';

export interface PasswordChangeRequest extends PasswordChangeValues {
  requestId: string;
  proof: string;
}
/** changePassword's answer: the key its confirmation names, and where the code went (masked; the SMS starts with smsIdentifier). */
export interface PasswordChangeRequested {
  requestKey: string;
  approvalSentTo?: string | null;
  smsIdentifier?: string | null;
}

export type PasswordChangeEvent =
  | { type: 'CHANGE'; name: PasswordChangeField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CODE'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

export interface PasswordChangeInput {
  /** A proof the app still holds and may use now (usableProof), or none. */
  proof?: string | null;
}

export interface PasswordChangeContext {
  values: PasswordChangeValues;
  errors: FormErrors;
  formError: UiMessage | null;
  /** Bumped on every refused SUBMIT (and refusal), so the view moves focus to the first invalid field. */
  attempts: number;
  requestId: string;
  /** The values of the last submit of this intent (changed values are a new intent). */
  sentValues: PasswordChangeValues | null;
  proof: string | null;
  requested: PasswordChangeRequested | null;
  code: string;
  codeError: UiMessage | null;
  /** The response popup's message after a failed submit. */
  failure: UiMessage | null;
  /** The popup's text once the change has ended: the success text or "Confirmation canceled". */
  message: UiMessage | null;
}

const sameValues = (a: PasswordChangeValues, b: PasswordChangeValues) => a.password === b.password && a.passwordNew === b.passwordNew && a.passwordNewRepeat === b.passwordNewRepeat;
const hasErrors = (values: PasswordChangeValues) => Object.keys(passwordChangeErrors(values)).length > 0;

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as PasswordChangeInput | undefined,
    tags: {} as PasswordChangeTag,
  },
  actors: {
    reauthentication: reauthenticationMachine,
    /** changePassword (main service). Throws a SettingsFailure (a 400: `refused`, with `fields` when it names them). */
    changePassword: fromPromise<PasswordChangeRequested, PasswordChangeRequest>(async () => {
      throw new Error('changePassword not provided');
    }),
    /** changePasswordConfirm (main service). Throws a SettingsFailure (a wrong code: `refused`). */
    confirmPasswordChange: fromPromise<void, { code: string; requestKey: string }>(async () => {
      throw new Error('confirmPasswordChange not provided');
    }),
  },
  delays: { smsClose: SMS_SUCCESS_CLOSE_MS },
  guards: {
    invalid: ({ context }) => hasErrors(context.values),
    hasProof: ({ context }) => context.proof !== null,
    codeComplete: ({ context }) => isCodeComplete(context.code),
  },
  actions: {
    /** Provided by the app: keep the proof for the next change within its lifetime (keptProof). */
    proofGiven: (_, _params: { proof: string; expiresIn: number }) => {},
    /** Provided by the app: the password changed (every other session of the customer has ended). */
    passwordChanged: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      return { ...changeField(context, event.name, event.value), formError: null };
    }),
    refuse: assign(({ context }) => ({ errors: passwordChangeErrors(context.values), formError: null, attempts: context.attempts + 1 })),
    /** A submit of these values: the same intent unless they changed since the last one. */
    send: assign(({ context }) => ({
      requestId: context.sentValues && !sameValues(context.sentValues, context.values) ? newRequestId() : context.requestId,
      sentValues: { ...context.values },
      errors: {},
      formError: null,
      failure: null,
    })),
    typeCode: assign(({ event }) => {
      assertEvent(event, 'CODE');
      return { code: cleanCode(event.value).slice(0, 12), codeError: null };
    }),
    /** The change has ended: the passwords, the code and the key are forgotten; the next change is a new intent. */
    endChange: assign({
      values: () => emptyPasswordChange(),
      errors: {},
      formError: null,
      sentValues: null,
      requestId: () => newRequestId(),
      requested: null,
      code: '',
      codeError: null,
      failure: null,
    }),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({
    values: emptyPasswordChange(),
    errors: {},
    formError: null,
    attempts: 0,
    requestId: newRequestId(),
    sentValues: null,
    proof: input?.proof || null,
    requested: null,
    code: '',
    codeError: null,
    failure: null,
    message: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        CHANGE: { actions: 'change' },
        SUBMIT: [
          { guard: 'invalid', actions: 'refuse' },
          { guard: 'hasProof', target: 'submitting', actions: 'send' },
          { target: 'reauthenticating', actions: 'send' },
        ],
      },
    },
    reauthenticating: {
      tags: ['reauthenticating', 'popup'],
      invoke: {
        id: 'reauthentication',
        src: 'reauthentication',
        input: ({ context }) => ({ password: context.values.password }),
        onDone: [
          {
            guard: ({ event }) => provenProof(event.output) !== null,
            target: 'submitting',
            actions: [
              assign({ proof: ({ event }) => provenProof(event.output)?.proof ?? null }),
              { type: 'proofGiven', params: ({ event }) => provenProof(event.output) ?? { proof: '', expiresIn: 0 } },
            ],
          },
          // The current password typed in the form is wrong: the form says so, by that field.
          {
            guard: ({ event }) => event.output.outcome === 'refused' && event.output.passwordRefused,
            target: 'editing',
            actions: assign(({ context, event }) => ({
              errors: event.output.outcome === 'refused' ? { password: event.output.message } : {},
              attempts: context.attempts + 1,
            })),
          },
          // It could not be checked (or the wait after too many tries is over): the form says why.
          { guard: ({ event }) => event.output.outcome === 'refused', target: 'editing', actions: assign(({ context, event }) => ({ formError: event.output.outcome === 'refused' ? event.output.message : null, attempts: context.attempts + 1 })) },
          { target: 'editing' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ ...context.values, requestId: context.requestId, proof: context.proof ?? '' }),
        onDone: { target: 'approving', actions: assign({ requested: ({ event }) => event.output, code: '', codeError: null }) },
        onError: [
          { guard: failureIs('proofRefused'), target: 'reauthenticating', actions: assign({ proof: null }) },
          {
            guard: failureIs('refused'),
            target: 'editing',
            actions: assign(({ context, event }) => {
              const failure = asSettingsFailure(event.error);
              const fields = failure.kind === 'refused' && failure.fields && Object.keys(failure.fields).length > 0 ? failure.fields : null;
              return { errors: fields ?? {}, formError: fields ? null : settingsFailureMessage(failure), attempts: context.attempts + 1 };
            }),
          },
          { target: 'failed', actions: assign({ failure: failureText }) },
        ],
      },
    },
    /** The change-password approval popup (001 s3 popups): the code sent by SMS. */
    approving: {
      tags: ['popup', 'codeEntry'],
      on: {
        CODE: { actions: 'typeCode' },
        CONFIRM: { guard: 'codeComplete', target: 'confirming' },
        CANCEL: 'canceled',
      },
    },
    confirming: {
      tags: ['popup', 'codeEntry', 'busy'],
      invoke: {
        id: 'confirmPasswordChange',
        src: 'confirmPasswordChange',
        input: ({ context }) => ({ code: context.code, requestKey: context.requested!.requestKey }),
        onDone: { target: 'succeeded', actions: 'passwordChanged' },
        onError: [
          { guard: failureIs('refused'), target: 'approving', actions: assign({ codeError: failureText, code: '' }) },
          { target: 'approving', actions: assign({ codeError: failureText }) },
        ],
      },
    },
    /** The success approval popup. */
    succeeded: {
      tags: ['success', 'popup'],
      entry: ['endChange', assign({ message: { descriptor: settingsMessages.passwordChanged } })],
      exit: assign({ message: null }),
      after: { smsClose: 'editing' },
      on: { CLOSE: 'editing' },
    },
    canceled: {
      tags: ['canceled', 'popup'],
      entry: ['endChange', assign({ message: { descriptor: settingsMessages.confirmationCanceled } })],
      exit: assign({ message: null }),
      on: { CLOSE: 'editing' },
    },
    /** The response popup after a failed submit: RETRY sends the same intent again; CLOSE is back on the form, nothing lost. */
    failed: {
      tags: ['failed', 'popup'],
      on: {
        RETRY: { target: 'submitting', actions: assign({ failure: null }) },
        CLOSE: { target: 'editing', actions: assign({ failure: null }) },
      },
    },
  },
});
