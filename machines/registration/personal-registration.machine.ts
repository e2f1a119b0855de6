import { msg } from '@lingui/core/macro';
import { and, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_DELAY_MS } from '../shared/constants';
import { newRequestId } from '../shared/request-id';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { captchaChangeEvent, captchaSpentEvent } from './captcha';
import { isAdult } from './registration-draft';
import { EMAIL_STATE, emailUsable, isCheckableEmail, isStrongPassword, type EmailState } from './registration.rules';

/**
 * Personal registration (/register/personal; 002 s2, s3, s5, s7): one form (the
 * registration type the brand offers, first and last name, birthday, e-mail, phone, address, tax
 * id, source of funds, a password to sign in with later, the personal agreements) and, beside it, the e-mail's existence state
 * while it is typed (parallel region `email`: a pause of `emailPause`, then `checkEmail`; 0 free, 1
 * exists, 2 checking, 3 employee, -1 error; an e-mail the rule calls invalid is not sent: 002 s5).
 * SUBMIT shows every error and sends nothing until the form is right, the e-mail free and the
 * captcha done; then `createAccount` (one requestId per intent: a retried submit creates one
 * account). Success ends in `completed` (the page shows the completion popup and says where the
 * activation e-mail went). Views read tags and `context`.
 */
export type PersonalRegistrationTag = 'editing' | 'submitting' | 'completed' | 'checkingEmail' | 'busy';

export const PERSONAL_FIELDS = ['registrationType', 'firstName', 'lastName', 'birthday', 'email', 'phone', 'countryCode', 'city', 'street', 'postalCode', 'taxId', 'sourceOfFunds', 'password', 'passwordRepeat'] as const;
const REQUIRED = ['registrationType', 'firstName', 'lastName', 'birthday', 'email', 'phone', 'countryCode', 'city', 'street', 'postalCode', 'sourceOfFunds', 'password', 'passwordRepeat'];

export type PersonalProblem = 'required' | 'format' | 'tooYoung' | 'emailTaken' | 'emailEmployee' | 'emailNotChecked' | 'agreement' | 'weakPassword' | 'passwordMismatch';
export type PersonalErrors = Partial<Record<string, PersonalProblem>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with the personal form: the required fields, the formats, an adult's birthday, the
 * e-mail's state (exists: sign in instead; employee: the employee's own activation), and every
 * personal agreement accepted (`agreement.<id>` = 'true').
 */
export function personalFormErrors(values: Readonly<Record<string, string>>, facts: { today: string; agreements: readonly string[]; emailState: EmailState | null }): PersonalErrors {
  const errors: PersonalErrors = {};
  const value = (name: string) => (values[name] ?? '').trim();
  for (const field of REQUIRED) if (!value(field)) errors[field] = 'required';
  if (!errors.email && !EMAIL.test(value('email'))) errors.email = 'format';
  if (!errors.email) {
    if (facts.emailState === EMAIL_STATE.exists) errors.email = 'emailTaken';
    else if (facts.emailState === EMAIL_STATE.employee) errors.email = 'emailEmployee';
    else if (!emailUsable(facts.emailState)) errors.email = 'emailNotChecked';
  }
  if (!errors.phone && !PHONE.test(value('phone'))) errors.phone = 'format';
  if (!errors.birthday && !DATE.test(value('birthday'))) errors.birthday = 'format';
  else if (!errors.birthday && !isAdult(value('birthday'), facts.today)) errors.birthday = 'tooYoung';
  // The password is taken as typed (spaces count); the repeat must match it.
  if (!errors.password && !isStrongPassword(values.password ?? '')) errors.password = 'weakPassword';
  if (!errors.passwordRepeat && values.passwordRepeat !== values.password) errors.passwordRepeat = 'passwordMismatch';
  for (const id of facts.agreements) if (values[`agreement.${id}`] !== 'true') errors[`agreement.${id}`] = 'agreement';
  return errors;
}

export type PersonalRegistrationEvent =
  | { type: 'CHANGE'; field: string; value: string }
  | { type: 'CAPTCHA'; token: string | null }
  | { type: 'SUBMIT' };

export interface PersonalRegistrationContext {
  values: Record<string, string>;
  emailState: EmailState | null;
  /** SUBMIT was tried: every error shows. */
  shown: boolean;
  agreements: readonly string[];
  today: string;
  captcha: string | null;
  requestId: string;
  failure: UiMessage | null;
  /** The brand the account is opened with. */
  brand: string | undefined;
}

export interface PersonalRegistrationInput {
  brand?: string | undefined;
  today: string;
  agreements?: readonly string[] | undefined;
  /** The registration type when the brand offers one only. */
  registrationType?: string | undefined;
}

const captchaMissing = msg`Confirm that you are not a robot, then submit again.`;

/** A new e-mail: checked after a pause (waiting again from the start); not an e-mail the rule checks (or none): nothing is sent, a check under way is dropped. */
const emailChange = [
  { guard: 'emailToCheck' as const, target: 'waiting', reenter: true, actions: 'forgetEmailState' as const },
  { guard: 'emailChanged' as const, target: 'idle', actions: 'forgetEmailState' as const },
];

export const personalRegistrationMachine = setup({
  types: {
    context: {} as PersonalRegistrationContext,
    events: {} as PersonalRegistrationEvent,
    input: {} as PersonalRegistrationInput,
    tags: {} as PersonalRegistrationTag,
  },
  actors: {
    /** Check email exists: 0 free, 1 exists, 3 employee. Throws when it cannot tell (-1). */
    checkEmail: fromPromise<EmailState, { email: string }>(async () => {
      throw new Error('checkEmail not provided');
    }),
    /** Create account with the captcha (the values as the person). Throws a UiMessage. */
    createAccount: fromPromise<void, { values: Record<string, string>; captcha: string; requestId: string; brand: string | undefined }>(async () => {
      throw new Error('createAccount not provided');
    }),
  },
  actions: {
    /** Provided by the app's analytics module (002 s9 funnel). */
    track: (_, _params: { event: string; step?: number }) => {},
    forgetEmailState: assign({ emailState: null }),
  },
  delays: { emailPause: DEFAULT_DELAY_MS },
  guards: {
    emailChanged: ({ event }) => event.type === 'CHANGE' && event.field === 'email',
    emailToCheck: ({ event }) => event.type === 'CHANGE' && event.field === 'email' && event.value.trim() !== '' && isCheckableEmail(event.value),
    formValid: ({ context }) => Object.keys(personalFormErrors(context.values, context)).length === 0,
    hasCaptcha: ({ context }) => !!context.captcha,
  },
}).createMachine({
  id: 'personalRegistration',
  context: ({ input }) => ({
    values: { ...Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, ''])), ...(input.registrationType ? { registrationType: input.registrationType } : {}) },
    emailState: null,
    shown: false,
    agreements: input.agreements ?? [],
    today: input.today,
    captcha: null,
    requestId: newRequestId(),
    failure: null,
    brand: input.brand,
  }),
  on: {
    CAPTCHA: {
      actions: [assign({ captcha: ({ event }) => event.token, failure: null }), { type: 'track', params: ({ event }) => ({ event: captchaChangeEvent(event.token) }) }],
    },
  },
  type: 'parallel',
  states: {
    form: {
      // The funnel's step once per visit (not again after a failed submit).
      entry: { type: 'track', params: { event: 'Register Personal Step', step: 1 } },
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            CHANGE: { actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }), failure: null }) },
            SUBMIT: [
              { guard: and(['formValid', 'hasCaptcha']), target: 'submitting' },
              { guard: 'formValid', actions: assign({ shown: true, failure: { descriptor: captchaMissing } }) },
              { actions: assign({ shown: true }) },
            ],
          },
        },
        submitting: {
          tags: ['submitting', 'busy'],
          invoke: {
            src: 'createAccount',
            input: ({ context }) => ({ values: context.values, captcha: context.captcha ?? '', requestId: context.requestId, brand: context.brand }),
            onDone: { target: 'completed' },
            // Everything typed stays; the captcha is used up (the widget gives a new one).
            onError: {
              target: 'editing',
              actions: [
                assign({ failure: ({ event }) => formFailureMessage(event.error), captcha: null }),
                { type: 'track', params: ({ event }) => ({ event: captchaSpentEvent(event.error) }) },
              ],
            },
          },
        },
        completed: {
          tags: ['completed'],
          entry: { type: 'track', params: { event: 'Sign Up Complete' } },
        },
      },
    },
    // Each state of the region hears a new e-mail itself: a transition of the region's own would
    // re-enter it across the parallel root and run the form region's entry again.
    email: {
      initial: 'idle',
      states: {
        idle: { on: { CHANGE: emailChange } },
        waiting: { on: { CHANGE: emailChange }, after: { emailPause: 'checking' } },
        checking: {
          on: { CHANGE: emailChange },
          tags: ['checkingEmail'],
          entry: assign({ emailState: EMAIL_STATE.checking as EmailState }),
          invoke: {
            src: 'checkEmail',
            input: ({ context }) => ({ email: context.values.email!.trim() }),
            onDone: { target: 'idle', actions: assign({ emailState: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ emailState: EMAIL_STATE.error as EmailState }) },
          },
        },
      },
    },
  },
});
