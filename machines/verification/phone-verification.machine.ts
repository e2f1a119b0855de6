import { assign, fromPromise, setup } from 'xstate';
import { msg } from '@lingui/core/macro';
import { PHONE_CAMERA_POLL_MAX, PHONE_CAMERA_POLL_MS } from '../shared/constants';
import { isProofRefusal } from '../shared/form.machine';
import { captchaChangeEvent, captchaSpentEvent, type CaptchaAnalyticsEvent } from '../registration/captcha';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { provenProof, reauthenticationMachine } from '../settings/reauthentication.machine';

/**
 * A phone of the profile added or replaced, then verified by SMS, by e-mail or with the phone's
 * camera (spec 002 s3 phone payload and "Verification types: email, sms, camera", s5 phone edit,
 * s7 confirmPhone and POST verification/phones/{phoneId}/verify, s8; docs/decisions.md "Phone
 * verification types"):
 *
 * - `editing`: the country code (the plus sign stripped) and the number; SUBMIT saves them
 *   (`savePhone`: replace when the phone has an id, otherwise add). A refusal's field errors show
 *   on the form (002 s5: not shown automatically, i.e. no popup). When the service asks the user
 *   to confirm it is them (a 403 with code REAUTH: the customer has a confirmed phone, issue 49),
 *   `reauthenticating` runs the child `reauthentication` and the same phone is saved again with
 *   the proof (handed to the app: `proofGiven`); cancelled, the form again, nothing lost.
 * - `captcha` → `sending`: CHOOSE picks the verification type among those offered (input `types`;
 *   the first is chosen at first); the captcha done, SEND asks the service to verify the phone that
 *   way (`sendCode` with the type: a fresh code verifier and its challenge, `makeChallenge`); a
 *   failure shows the service's message (002 s8).
 * - sms and email: `code` → `confirming`: the six digits (sent to the phone, or to the customer's
 *   e-mail address) typed; `confirmCode` with the phoneId, the verifier and the code; a refusal
 *   shows its description (002 s8); RESEND asks for another code (the captcha again, the type kept).
 * - camera: `camera` — the service sends the phone a link that the mobile app opens; the customer
 *   confirms there with the phone's camera (the app confirms with reqId and approvalCode). Meanwhile
 *   the phone's confirmation is read (`checkConfirmed`) every PHONE_CAMERA_POLL_MS (the named delay
 *   `cameraPoll`), at most PHONE_CAMERA_POLL_MAX times, then `stillWaiting` until CHECK; a failed
 *   read stops there too, with its message. RESEND sends another link.
 * - `confirmed` (final): the page refreshes the verification status (`confirmed`).
 * CANCEL leaves without a change to the phone's confirmation.
 */
export type PhoneVerificationTag = 'editing' | 'captcha' | 'code' | 'camera' | 'stillWaiting' | 'busy' | 'reauthenticating' | 'confirmed' | 'cancelled';

/** How the phone is verified (002 s3): a code by SMS, a code by e-mail, or confirmed with the phone's camera. */
export const PHONE_VERIFICATION_TYPES = ['sms', 'email', 'camera'] as const;
export type PhoneVerificationType = (typeof PHONE_VERIFICATION_TYPES)[number];

export type PhoneVerificationEvent =
  | { type: 'CHANGE'; field: 'phoneCountryCode' | 'phone' | 'code'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CAPTCHA'; token: string | null }
  | { type: 'SEND' }
  | { type: 'CHOOSE'; verification: PhoneVerificationType }
  | { type: 'RESEND' }
  | { type: 'CHECK' }
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
  /** The verification types offered, in order (at least one), and the one chosen. */
  types: readonly PhoneVerificationType[];
  type: PhoneVerificationType;
  /** Reads of the phone's confirmation made while waiting for the camera. */
  polls: number;
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
    input: {} as { phoneId?: number | null; phoneCountryCode?: string; phone?: string; proof?: string | null; types?: readonly PhoneVerificationType[] },
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
    /** POST verification/phones/{phoneId}/verify with the type: a code by SMS or e-mail, or the camera link to the phone. Throws the service's message. */
    sendCode: fromPromise<void, { phoneId: number; type: PhoneVerificationType; captcha: string; codeChallenge: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    /** confirmPhone with phoneId, codeVerifier and code. Throws the refusal's description. */
    confirmCode: fromPromise<void, { phoneId: number; codeVerifier: string; code: string }>(async () => {
      throw new Error('confirmCode not provided');
    }),
    /** Whether the phone is confirmed now (the profile's phones read again). Throws what the read throws. */
    checkConfirmed: fromPromise<boolean, { phoneId: number }>(async () => {
      throw new Error('checkConfirmed not provided');
    }),
  },
  delays: { cameraPoll: PHONE_CAMERA_POLL_MS },
  actions: {
    /** Provided by the page: the verification status reads the phones again. */
    confirmed: () => {},
    /** Provided by the app: keep the proof for the next change within its lifetime. */
    proofGiven: (_, _params: { proof: string; expiresIn: number }) => {},
    /** Provided by the app's analytics (002 s9: the captcha's Turnstile events, as in registration). */
    track: (_, _params: { event: CaptchaAnalyticsEvent }) => {},
  },
  guards: {
    formValid: ({ context }) => Object.keys(phoneProblems(context.phoneCountryCode, context.phone)).length === 0,
    hasCaptcha: ({ context }) => !!context.captcha,
    codeValid: ({ context }) => smsCodeValid(context.code),
    proofRefused: ({ event }) => 'error' in event && isProofRefusal(event.error),
    offered: ({ context, event }) => event.type === 'CHOOSE' && context.types.includes(event.verification),
    byCamera: ({ context }) => context.type === 'camera',
    phoneConfirmed: ({ event }) => 'output' in event && event.output === true,
    mayPoll: ({ context }) => context.polls < PHONE_CAMERA_POLL_MAX,
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
    types: input.types?.length ? input.types : PHONE_VERIFICATION_TYPES,
    type: input.types?.[0] ?? PHONE_VERIFICATION_TYPES[0],
    polls: 0,
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
      on: {
        CAPTCHA: { actions: [assign({ captcha: ({ event }) => event.token, failure: null }), { type: 'track', params: ({ event }) => ({ event: captchaChangeEvent(event.token) }) }] },
        CHOOSE: { guard: 'offered', actions: assign({ type: ({ context, event }) => (event.type === 'CHOOSE' ? event.verification : context.type), failure: null }) },
      },
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
            input: ({ context }) => ({ phoneId: context.phoneId ?? 0, type: context.type, captcha: context.captcha ?? '', codeChallenge: context.codeChallenge ?? '' }),
            onDone: [
              { guard: 'byCamera', target: '#phoneVerification.camera', actions: assign({ polls: 0, failure: null }) },
              { target: '#phoneVerification.code', actions: assign({ code: '', failure: null }) },
            ],
            // The captcha is used up: ticked again before another code.
            onError: {
              target: 'waiting',
              actions: [assign({ failure: ({ event }) => formFailureMessage(event.error), captcha: null }), { type: 'track', params: ({ event }) => ({ event: captchaSpentEvent(event.error) }) }],
            },
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
    /** The link sent to the phone: its camera confirms it there; the phone's confirmation read until it is. */
    camera: {
      tags: ['camera'],
      initial: 'waiting',
      on: { RESEND: { target: 'captcha', actions: assign({ captcha: null, failure: null }) } },
      states: {
        waiting: {
          after: { cameraPoll: 'checking' },
        },
        checking: {
          invoke: {
            src: 'checkConfirmed',
            input: ({ context }) => ({ phoneId: context.phoneId ?? 0 }),
            onDone: [
              { guard: 'phoneConfirmed', target: '#phoneVerification.confirmed' },
              { guard: 'mayPoll', target: 'waiting', actions: assign({ polls: ({ context }) => context.polls + 1 }) },
              { target: 'stillWaiting' },
            ],
            onError: { target: 'stillWaiting', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
          },
        },
        /** Read often enough (or a read failed): read again when the customer asks. */
        stillWaiting: {
          tags: ['stillWaiting'],
          on: { CHECK: { target: 'checking', actions: assign({ polls: 0, failure: null }) } },
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
