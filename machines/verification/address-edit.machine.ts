import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { FormErrors, FormFailure } from '../shared/form.machine';
import { changeField, formMessages } from '../shared/form.machine';
import type { UiMessage } from '../shared/ui-message';

/**
 * An address of the profile added or replaced (spec 002 s3 Address, s7 address create and replace;
 * 001 s7 states by country and address replacement compatibility):
 *
 * - `editing`: the fields; a country with states (STATES, from the states call) needs one of them;
 *   a change of country clears the state. SUBMIT checks the fields (`addressProblems`).
 * - Replacing: `checking` asks which cards the move affects (`checkCompatibility`: the new country
 *   and the old address). Cards to be cancelled or shipped to the old address go to `warning`,
 *   where the customer confirms knowing that (CONFIRM) or goes back (BACK); none: straight on.
 * - `saving` (create or replace, `save`): a refusal's field errors back on the form, what was typed
 *   kept; `saved` (final) hands over to the page (`saved`), which reads the addresses again.
 */
export type AddressEditTag = 'editing' | 'busy' | 'warning' | 'saved';

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'postalCode', 'countryCode', 'stateCode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

export interface CardOfAddress {
  accountId: number;
  alias?: string | null;
}

export interface Compatibility {
  cardAccountsToBeCanceled: CardOfAddress[];
  cardAccountsToBeShippedToOldAddress: CardOfAddress[];
}

export const addressMessages = {
  address1Required: msg`Enter the street and number.`,
  cityRequired: msg`Enter the city.`,
  postalCodeRequired: msg`Enter the postal code.`,
  countryRequired: msg`Choose the country.`,
  stateRequired: msg`Choose the state or region.`,
  tooLong: msg`This is too long.`,
};

const LIMITS: Record<AddressField, number> = { address1: 200, address2: 200, city: 100, postalCode: 20, countryCode: 2, stateCode: 10 };

/** The form's problems: street, city, postal code and country required; a state of the country's list when it has states; lengths as the service's. */
export function addressProblems(values: AddressValues, stateCodes: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  const trimmed = (field: AddressField) => values[field].trim();
  if (!trimmed('address1')) errors.address1 = { descriptor: addressMessages.address1Required };
  if (!trimmed('city')) errors.city = { descriptor: addressMessages.cityRequired };
  if (!trimmed('postalCode')) errors.postalCode = { descriptor: addressMessages.postalCodeRequired };
  if (!/^[A-Z]{2}$/.test(values.countryCode)) errors.countryCode = { descriptor: addressMessages.countryRequired };
  else if (stateCodes.length > 0 && !stateCodes.includes(values.stateCode)) errors.stateCode = { descriptor: addressMessages.stateRequired };
  for (const field of ADDRESS_FIELDS) if (!errors[field] && trimmed(field).length > LIMITS[field]) errors[field] = { descriptor: addressMessages.tooLong };
  return errors;
}

/** Whether the move touches a card (then the customer confirms first). */
export const affectsCards = (c: Compatibility): boolean => c.cardAccountsToBeCanceled.length > 0 || c.cardAccountsToBeShippedToOldAddress.length > 0;

export interface AddressEditContext {
  /** The address replaced (null: a new address). */
  addressId: number | null;
  values: AddressValues;
  stateCodes: string[];
  errors: FormErrors;
  formError: UiMessage | null;
  compatibility: Compatibility | null;
  attempts: number;
}

export type AddressEditEvent =
  | { type: 'CHANGE'; field: AddressField; value: string }
  | { type: 'STATES'; codes: string[] }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' };

export const emptyAddress = (): AddressValues => ({ address1: '', address2: '', city: '', postalCode: '', countryCode: '', stateCode: '' });

const failureOf = (error: unknown): { errors: FormErrors; formError: UiMessage | null } => {
  const failure = (error instanceof Error || !error ? {} : error) as FormFailure;
  return { errors: failure.fields ?? {}, formError: failure.message ?? (failure.fields ? null : { descriptor: formMessages.unexpected }) };
};

export const addressEditMachine = setup({
  types: {
    context: {} as AddressEditContext,
    events: {} as AddressEditEvent,
    input: {} as { addressId?: number | null; values?: Partial<AddressValues> },
    tags: {} as AddressEditTag,
  },
  actors: {
    /** addressReplacementCompatibility (countryCode, oldAddressId). Throws a FormFailure. */
    checkCompatibility: fromPromise<Compatibility, { countryCode: string; oldAddressId: number }>(async () => {
      throw new Error('checkCompatibility not provided');
    }),
    /** addressCreate, or addressReplace with the addressId. Throws a FormFailure (fields by param). */
    save: fromPromise<number, { addressId: number | null; values: AddressValues }>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    /** Provided by the page: the addresses and the verification status are read again. */
    saved: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(addressProblems(context.values, context.stateCodes)).length > 0,
    replacing: ({ context }) => context.addressId !== null,
    touchesCards: ({ event }) => affectsCards((event as unknown as { output: Compatibility }).output),
  },
}).createMachine({
  id: 'addressEdit',
  context: ({ input }) => ({
    addressId: input.addressId ?? null,
    values: { ...emptyAddress(), ...input.values },
    stateCodes: [],
    errors: {},
    formError: null,
    compatibility: null,
    attempts: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const { values, errors } = changeField(context, event.field, event.value);
            // Another country: its own states (the old one's state no longer applies).
            if (event.field === 'countryCode' && event.value !== context.values.countryCode) return { values: { ...values, stateCode: '' }, stateCodes: [], errors, formError: null };
            return { values, errors, formError: null };
          }),
        },
        STATES: { actions: assign({ stateCodes: ({ event }) => event.codes }) },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: addressProblems(context.values, context.stateCodes), formError: null, attempts: context.attempts + 1 })) },
          { guard: 'replacing', target: 'checking', actions: assign({ errors: {}, formError: null }) },
          { target: 'saving', actions: assign({ errors: {}, formError: null }) },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkCompatibility',
        input: ({ context }) => ({ countryCode: context.values.countryCode, oldAddressId: context.addressId ?? 0 }),
        onDone: [
          { guard: 'touchesCards', target: 'warning', actions: assign({ compatibility: ({ event }) => event.output }) },
          { target: 'saving', actions: assign({ compatibility: ({ event }) => event.output }) },
        ],
        onError: { target: 'editing', actions: assign(({ context, event }) => ({ ...failureOf(event.error), attempts: context.attempts + 1 })) },
      },
    },
    warning: {
      tags: ['warning'],
      on: {
        CONFIRM: 'saving',
        BACK: 'editing',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => ({ addressId: context.addressId, values: context.values }),
        onDone: { target: 'saved', actions: 'saved' },
        onError: { target: 'editing', actions: assign(({ context, event }) => ({ ...failureOf(event.error), attempts: context.attempts + 1 })) },
      },
    },
    saved: { tags: ['saved'], type: 'final' },
  },
});
