import { assign, fromPromise, setup } from 'xstate';
import { msg } from '@lingui/core/macro';
import { isProofRefusal } from '../shared/form.machine';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { provenProof, reauthenticationMachine } from '../settings/reauthentication.machine';

/**
 * A phone of the profile added or replaced, then verified by SMS (spec 002 s3 phone payload, s5
 * phone edit, s7 confirmPhone and POST verification/phones/{phoneId}/verify, s8):
 *
 * - `editing`: the country code (the plus sign stripped) and the number; SUBMIT saves them
 *   (`savePhone`: replace when the phone has an id, otherwise add). A refusal's field errors show
 *   on the form (002 s5: not shown automatically, i.e. no popup). When the service asks the user
 *   to confirm it is them (a 403 with code REAUTH: the customer has a confirmed phone, issue 49),
 *   `reauthenticating` runs the child `reauthentication` and the same phone is saved again with
 *   the proof (handed to the app: `proofGiven`); cancelled, the form again, nothing lost.
 * - `captcha` → `sending`: the captcha done, SEND asks for a code by SMS (`sendCode`: a fresh code
 *   verifier and its challenge, `makeChallenge`); a failure shows the service's message (002 s8).
 * - `code` → `confirming`: the six digits typed; `confirmCode` with the phoneId, the verifier and
 *   the code; a refusal shows its description (002 s8); RESEND asks for another code.
 * - `confirmed` (final): the page refreshes the verification status (`confirmed`).
 * CANCEL leaves without a change to the phone's confirmation.
 */
export type PhoneVerificationTag = 'editing' | 'captcha' | 'code' | 'busy' | 'reauthenticating' | 'confirmed' | 'cancelled';

export type PhoneVerificationEvent =
  | { type: 'CHANGE'; field: 'phoneCountryCode' | 'phone' | 'code'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CAPTCHA'; token: string | null }
  | { type: 'SEND' }
  | { type: 'RESEND' }
  | { type: 'CANCEL' };

export type PhoneProblem = 'required' | 'format';

export interface PhoneVerificationContext {
  phoneCountryCode: string;
  phone: string;
  /** The phone replaced (input), then the phone saved. */
  phoneId: number | null;
  captcha: string | null;
  codeVerifier: string | null;
  codeChallenge: string | null;
  code: string;
  shown: boolean;
  failure: UiMessage | null;
  /** Field errors of a refused save, by field. */
  fieldErrors: Partial<Record<'phoneCountryCode' | 'phone', UiMessage>>;
  /** The proof of re-authentication held (issue 49), or none. */
  proof: string | null;
}

export const phoneMessages = {
  codeFormat: msg`The code has 6 digits.`,
};

/** The number as sent: digits only (spaces and dashes typed between them do not count); the country code without its plus sign. */
export const phoneDigits = (phone: string): string => phone.replace(/[\s-]/g, '');
export const countryCodeDigits = (code: string): string => code.trim().replace(/^\+/, '');

/** The form's problems: both required; the country code 1 to 4 digits; the number 4 to 15 digits. */
export function phoneProblems(phoneCountryCode: string, phone: string): Partial<Record<'phoneCountryCode' | 'phone', PhoneProblem>> {
  const problems: Partial<Record<'phoneCountryCode' | 'phone', PhoneProblem>> = {};
  const code = countryCodeDigits(phoneCountryCode);
  if (!code) problems.phoneCountryCode = 'required';
  else if (!/^\d{1,4}$/.test(code)) problems.phoneCountryCode = 'format';
  const digits = phoneDigits(phone);
  if (!digits) problems.phone = 'required';
  else if (!/^\d{4,15}$/.test(digits)) problems.phone = 'format';
  return problems;
}

export const smsCodeValid = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s+/g, ''));

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as { phoneId?: number | null; phoneCountryCode?: string; phone?: string; proof?: string | null },
    tags: {} as PhoneVerificationTag,
  },
  actors: {
    reauthentication: reauthenticationMachine,
    /** Phone update: the phoneId. Throws a FormFailure (fields phoneCountryCode, phone; proofRefused: ask for a proof). */
    savePhone: fromPromise<number, { phoneCountryCode: string; phone: string; phoneId: number | null; proof: string | null }>(async () => {
      throw new Error('savePhone not provided');
    }),
    /** A code verifier and its challenge (BASE64URL(SHA-256(verifier))). */
    makeChallenge: fromPromise<{ verifier: string; challenge: string }>(async () => {
      throw new Error('makeChallenge not provided');
    }),
    /** POST verification/phones/{phoneId}/verify. Throws the service's message. */
    sendCode: fromPromise<void, { phoneId: number; captcha: string; codeChallenge: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    /** confirmPhone with phoneId, codeVerifier and code. Throws the refusal's description. */
    confirmCode: fromPromise<void, { phoneId: number; codeVerifier: string; code: string }>(async () => {
      throw new Error('confirmCode not provided');
    }),
  },
  actions: {
    /** Provided by the page: the verification status reads the phones again. */
    confirmed: () => {},
    /** Provided by the app: keep the proof for the next change within its lifetime. */
    proofGiven: (_, _params: { proof: string; expiresIn: number }) => {},
  },
  guards: {
    formValid: ({ context }) => Object.keys(phoneProblems(context.phoneCountryCode, context.phone)).length === 0,
    hasCaptcha: ({ context }) => !!context.captcha,
    codeValid: ({ context }) => smsCodeValid(context.code),
    proofRefused: ({ event }) => 'error' in event && isProofRefusal(event.error),
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    phoneCountryCode: input.phoneCountryCode ?? '',
    phone: input.phone ?? '',
    phoneId: input.phoneId ?? null,
    captcha: null,
    codeVerifier: null,
    codeChallenge: null,
    code: '',
    shown: false,
    failure: null,
    fieldErrors: {},
    proof: input.proof || null,
  }),
  initial: 'editing',
  on: {
    CANCEL: '.cancelled',
  },
  states: {
    editing: {
      tags: ['editing'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            CHANGE: {
              actions: assign(({ context, event }) => (event.field === 'code' ? {} : { [event.field]: event.value, failure: null, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } })),
            },
            SUBMIT: [{ guard: 'formValid', target: 'saving' }, { actions: assign({ shown: true }) }],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'savePhone',
            input: ({ context }) => ({ phoneCountryCode: countryCodeDigits(context.phoneCountryCode), phone: phoneDigits(context.phone), phoneId: context.phoneId, proof: context.proof }),
            onDone: { target: '#phoneVerification.captcha', actions: assign({ phoneId: ({ event }) => event.output, shown: false, failure: null, fieldErrors: {} }) },
            onError: [
              { guard: 'proofRefused', target: 'reauthenticating', actions: assign({ proof: null, failure: null }) },
              {
                target: 'idle',
                actions: assign(({ event }) => {
                  const fields = (event.error as { fields?: PhoneVerificationContext['fieldErrors'] } | null)?.fields;
                  return fields && (fields.phone || fields.phoneCountryCode) ? { fieldErrors: { phone: fields.phone, phoneCountryCode: fields.phoneCountryCode }, failure: null } : { failure: formFailureMessage(event.error) };
                }),
              },
            ],
          },
        },
        /** "Confirm it is you" (the dialog shows the child's form); proven: the same phone saved again with the proof. */
        reauthenticating: {
          tags: ['reauthenticating'],
          invoke: {
            id: 'reauthentication',
            src: 'reauthentication',
            input: () => ({}),
            onDone: [
              {
                guard: ({ event }) => provenProof(event.output) !== null,
                target: 'saving',
                actions: [
                  assign({ proof: ({ event }) => provenProof(event.output)?.proof ?? null }),
                  { type: 'proofGiven', params: ({ event }) => provenProof(event.output) ?? { proof: '', expiresIn: 0 } },
                ],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
    captcha: {
      tags: ['captcha'],
      initial: 'waiting',
      on: { CAPTCHA: { actions: assign({ captcha: ({ event }) => event.token, failure: null }) } },
      states: {
        waiting: {
          on: { SEND: { guard: 'hasCaptcha', target: 'challenging' } },
        },
        challenging: {
          tags: ['busy'],
          invoke: {
            src: 'makeChallenge',
            onDone: { target: 'sending', actions: assign({ codeVerifier: ({ event }) => event.output.verifier, codeChallenge: ({ event }) => event.output.challenge }) },
            onError: { target: 'waiting', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({ phoneId: context.phoneId ?? 0, captcha: context.captcha ?? '', codeChallenge: context.codeChallenge ?? '' }),
            onDone: { target: '#phoneVerification.code', actions: assign({ code: '', failure: null }) },
            // The captcha is used up: ticked again before another code.
            onError: { target: 'waiting', actions: assign({ failure: ({ event }) => formFailureMessage(event.error), captcha: null }) },
          },
        },
      },
    },
    code: {
      tags: ['code'],
      initial: 'typing',
      on: { RESEND: { target: 'captcha', actions: assign({ captcha: null, code: '', failure: null }) } },
      states: {
        typing: {
          on: {
            CHANGE: { actions: assign(({ event }) => (event.field === 'code' ? { code: event.value, failure: null } : {})) },
            SUBMIT: [{ guard: 'codeValid', target: 'confirming' }, { actions: assign({ failure: { descriptor: phoneMessages.codeFormat } }) }],
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            src: 'confirmCode',
            input: ({ context }) => ({ phoneId: context.phoneId ?? 0, codeVerifier: context.codeVerifier ?? '', code: context.code.replace(/\s+/g, '') }),
            onDone: { target: '#phoneVerification.confirmed' },
            onError: { target: 'typing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
          },
        },
      },
    },
    confirmed: {
      type: 'final',
      tags: ['confirmed'],
      entry: 'confirmed',
    },
    cancelled: {
      type: 'final',
      tags: ['cancelled'],
    },
  },
});
