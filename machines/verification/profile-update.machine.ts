import { assign, fromPromise, setup } from 'xstate';
import { formMessages, type FormErrors, type FormFailure } from '../shared/form.machine';
import { toFailure, type UiMessage } from '../shared/ui-message';
import {
  changePersonalInfo,
  emptyPersonalInfo,
  personalInfoPayload,
  personalInfoProblems,
  personalInfoValuesOf,
  type KycCustomerInfo,
  type PersonalInfoField,
  type PersonalInfoPayload,
  type PersonalInfoValues,
} from './kyc.rules';

/**
 * /profile-update, the personal information update request (spec 002 s2, s3 isNeedPersonalInfoUpdate): the customer's personal data read (`load`, kycCustomerInfoGet; a failure offers
 * RETRY), edited with the KYC wizard's rules (`personalInfoProblems`: names, an adult's date of
 * birth, the country of residence, the address with a state where the country has states), and
 * saved (`save`, kycCustomerPersonalInfoUpdate; a refusal's field errors by param stay on the form
 * with the values). `saved` (final) hands over to the page (`profileUpdated`): the session reads
 * the customer again and the start page follows.
 */
export type ProfileUpdateTag = 'loading' | 'loadFailed' | 'editing' | 'busy' | 'saved';

export interface ProfileUpdateContext {
  today: string;
  values: PersonalInfoValues;
  stateCodes: string[];
  shown: boolean;
  attempts: number;
  serverErrors: FormErrors;
  failure: UiMessage | null;
}

export type ProfileUpdateEvent = { type: 'CHANGE'; field: PersonalInfoField; value: string } | { type: 'STATES'; codes: string[] } | { type: 'SUBMIT' } | { type: 'RETRY' };

const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export const profileUpdateMachine = setup({
  types: {
    context: {} as ProfileUpdateContext,
    events: {} as ProfileUpdateEvent,
    input: {} as { today: string },
    tags: {} as ProfileUpdateTag,
  },
  actors: {
    /** kycCustomerInfoGet. Throws what the page shows. */
    load: fromPromise<KycCustomerInfo | null>(async () => {
      throw new Error('load not provided');
    }),
    /** kycCustomerPersonalInfoUpdate. Throws a FormFailure (fields by param: `address.city`). */
    save: fromPromise<unknown, PersonalInfoPayload>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    /** Provided by the page: the session reads the customer again, then the start page opens. */
    profileUpdated: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(personalInfoProblems(context.values, { today: context.today, stateCodes: context.stateCodes })).length > 0,
  },
}).createMachine({
  id: 'profileUpdate',
  context: ({ input }) => ({ today: input.today, values: emptyPersonalInfo(), stateCodes: [], shown: false, attempts: 0, serverErrors: {}, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: { target: 'editing', actions: assign({ values: ({ event }) => personalInfoValuesOf(event.output) }) },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { RETRY: { target: 'loading', actions: assign({ failure: null }) } },
    },
    editing: {
      tags: ['editing'],
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            values: changePersonalInfo(context.values, event.field, event.value),
            // Another country: its states are not known until they arrive (STATES).
            stateCodes: event.field === 'address.countryCode' && event.value !== context.values['address.countryCode'] ? [] : context.stateCodes,
            serverErrors: withoutKey(context.serverErrors, event.field),
            failure: null,
          })),
        },
        STATES: { actions: assign({ stateCodes: ({ event }) => event.codes }) },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })) },
          { target: 'saving', actions: assign({ serverErrors: {}, failure: null }) },
        ],
      },
    },
    saving: {
      tags: ['editing', 'busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => personalInfoPayload(context.values),
        onDone: 'saved',
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const failure = (event.error instanceof Error || !event.error ? {} : event.error) as FormFailure;
            const fields = failure.fields ?? {};
            const hasFields = Object.keys(fields).length > 0;
            return { serverErrors: fields, failure: hasFields ? null : (failure.message ?? { descriptor: formMessages.unexpected }), attempts: context.attempts + 1 };
          }),
        },
      },
    },
    saved: {
      type: 'final',
      tags: ['saved'],
      entry: 'profileUpdated',
    },
  },
});
