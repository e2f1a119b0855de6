import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { FormErrors } from '../shared/form.machine';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { canRemoveResidence, changeResidence, dropErrorsUnder as dropServerErrors, emptyResidence, refusalOf } from './residences';
import { taxIdPayload, taxIdProblems, usFormsRequired, type TaxIdRow, type TaxReferenceTable, type UsForm } from './tax.rules';

export { emptyResidence } from './residences';

/**
 * The personal tax self-certification, /self-certification (spec 002 s3 FATCA/CRS certification,
 * s5 Tax ids, s9 analytics):
 *
 * - `loading`: the tax reference table and the certification given before (`load`); a failure
 *   offers RETRY.
 * - `editing`: birth city, country and date, citizenships, US indicia and US taxpayer, and the tax
 *   residences (ADD_RESIDENCE, REMOVE_RESIDENCE, CHANGE_RESIDENCE), each with its tax id or the
 *   reason it is missing as the table allows. SUBMIT checks everything first (`personalProblems`,
 *   `taxIdProblems`); tax ids refused here are tracked "Tax ID not valid".
 * - `submitting` (`submit`, personalFatcaCrsCertificationUpdate): "Sign Declaration" tracked; the
 *   service's refusal of a tax id is "Tax ID validation failed", its field errors shown by param.
 * - `certified`: what the service says now stands — the US forms still to give (`forms`, one
 *   leaving with FORM_GIVEN once it is sent); EDIT goes back to the form. The page reads the verification status again (`certified`).
 */
export type PersonalCertificationTag = 'loading' | 'loadFailed' | 'editing' | 'busy' | 'certified';

export type PersonalField = 'cityOfBirth' | 'countryOfBirth' | 'dateOfBirth';

export interface PersonalCertificationValues {
  cityOfBirth: string;
  countryOfBirth: string;
  dateOfBirth: string;
  citizenship: string[];
  hasUSIndicia: boolean;
  isUSTaxPayer: boolean;
  taxIds: TaxIdRow[];
}

export type PersonalProblem = 'required' | 'tooLong' | 'dateFormat' | 'dateFuture' | 'citizenshipRequired' | 'citizenshipTooMany';

export const personalCertificationMessages = {
  cityRequired: msg`Enter the city you were born in.`,
  countryRequired: msg`Choose the country you were born in.`,
  dateRequired: msg`Enter your date of birth.`,
  dateFormat: msg`Enter the date as year, month and day.`,
  dateFuture: msg`The date of birth cannot be in the future.`,
  tooLong: msg`This is too long.`,
  citizenshipRequired: msg`Choose at least one citizenship.`,
  citizenshipTooMany: msg`Choose at most five citizenships.`,
};

export const emptyPersonalCertification = (): PersonalCertificationValues => ({
  cityOfBirth: '',
  countryOfBirth: '',
  dateOfBirth: '',
  citizenship: [],
  hasUSIndicia: false,
  isUSTaxPayer: false,
  taxIds: [emptyResidence()],
});

/** What is wrong with the personal part (the tax residences are `taxIdProblems`): `today` is YYYY-MM-DD. */
export function personalProblems(values: PersonalCertificationValues, today: string): Partial<Record<PersonalField | 'citizenship', PersonalProblem>> {
  const problems: Partial<Record<PersonalField | 'citizenship', PersonalProblem>> = {};
  const city = values.cityOfBirth.trim();
  if (!city) problems.cityOfBirth = 'required';
  else if (city.length > 100) problems.cityOfBirth = 'tooLong';
  if (!/^[A-Z]{2}$/.test(values.countryOfBirth)) problems.countryOfBirth = 'required';
  const date = values.dateOfBirth.trim();
  if (!date) problems.dateOfBirth = 'required';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) problems.dateOfBirth = 'dateFormat';
  else if (date > today) problems.dateOfBirth = 'dateFuture';
  if (values.citizenship.length === 0) problems.citizenship = 'citizenshipRequired';
  else if (values.citizenship.length > 5) problems.citizenship = 'citizenshipTooMany';
  return problems;
}

/** The certification as it is sent (002 s7; only non-null values in each tax residence). */
export function personalCertificationPayload(values: PersonalCertificationValues) {
  return {
    entityType: 'individual' as const,
    cityOfBirth: values.cityOfBirth.trim(),
    countryOfBirth: values.countryOfBirth,
    dateOfBirth: values.dateOfBirth.trim(),
    citizenship: [...new Set(values.citizenship)],
    hasUSIndicia: values.hasUSIndicia,
    isUSTaxPayer: values.isUSTaxPayer,
    taxIds: values.taxIds.map(taxIdPayload),
  };
}

/** Who certifies, when it is a company's representative (their link's certification): shown on the form. */
export interface Certifying {
  firstName: string;
  lastName: string;
  businessName: string;
}

export interface Loaded {
  table: TaxReferenceTable;
  values: PersonalCertificationValues | null;
  /** A representative certifying through their link (null or absent: the signed-in customer). */
  certifying?: Certifying | null;
}

export interface PersonalCertificationContext {
  values: PersonalCertificationValues;
  table: TaxReferenceTable;
  today: string;
  /** Problems are shown after the first SUBMIT. */
  shown: boolean;
  attempts: number;
  /** The service's field errors, by param (`cityOfBirth`, `taxIds[1].taxId`…). */
  serverErrors: FormErrors;
  failure: UiMessage | null;
  /** After certifying: the US forms still to give. */
  forms: UsForm[];
  certifying: Certifying | null;
}

export type PersonalCertificationEvent =
  | { type: 'CHANGE'; field: PersonalField; value: string }
  | { type: 'SET_CITIZENSHIP'; codes: string[] }
  | { type: 'SET_FLAG'; flag: 'hasUSIndicia' | 'isUSTaxPayer'; value: boolean }
  | { type: 'ADD_RESIDENCE' }
  | { type: 'REMOVE_RESIDENCE'; index: number }
  | { type: 'CHANGE_RESIDENCE'; index: number; field: keyof TaxIdRow; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'FORM_GIVEN'; form: UsForm };

export const MAX_RESIDENCES = 10;

const anyTaxIdProblem = (context: PersonalCertificationContext) => taxIdProblems(context.values.taxIds, context.table, 'personal').some((p) => Object.keys(p).length > 0);

export const personalCertificationMachine = setup({
  types: {
    context: {} as PersonalCertificationContext,
    events: {} as PersonalCertificationEvent,
    input: {} as { today: string },
    tags: {} as PersonalCertificationTag,
  },
  actors: {
    /** The tax reference table and the certification given before (null: none yet). */
    load: fromPromise<Loaded>(async () => {
      throw new Error('load not provided');
    }),
    /** personalFatcaCrsCertificationUpdate: the US forms still to give. Throws a FormFailure (fields by param). */
    submit: fromPromise<UsForm[], ReturnType<typeof personalCertificationPayload>>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** Provided by the app's analytics (002 s9). */
    track: (_, _params: { event: 'Tax ID not valid' | 'Tax ID validation failed' | 'Sign Declaration' }) => {},
    /** Provided by the page: the verification status and the start page read again. */
    certified: () => {},
  },
  guards: {
    personalInvalid: ({ context }) => Object.keys(personalProblems(context.values, context.today)).length > 0,
    taxIdsInvalid: ({ context }) => anyTaxIdProblem(context),
    canAdd: ({ context }) => context.values.taxIds.length < MAX_RESIDENCES,
    canRemove: ({ context, event }) => event.type === 'REMOVE_RESIDENCE' && canRemoveResidence(context.values.taxIds, event.index),
    taxIdRefused: ({ event }) => Object.keys((event as { error?: { fields?: object } }).error?.fields ?? {}).some((param) => param.startsWith('taxIds')),
  },
}).createMachine({
  id: 'personalCertification',
  context: ({ input }) => ({ values: emptyPersonalCertification(), table: {}, today: input.today, shown: false, attempts: 0, serverErrors: {}, failure: null, forms: [], certifying: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: { target: 'editing', actions: assign(({ event }) => ({ table: event.output.table, certifying: event.output.certifying ?? null, ...(event.output.values ? { values: event.output.values } : {}) })) },
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
        CHANGE: { actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value }, serverErrors: dropServerErrors(context.serverErrors, event.field), failure: null })) },
        SET_CITIZENSHIP: { actions: assign(({ context, event }) => ({ values: { ...context.values, citizenship: [...new Set(event.codes.map((c) => c.toUpperCase()))] }, serverErrors: dropServerErrors(context.serverErrors, 'citizenship') })) },
        SET_FLAG: { actions: assign(({ context, event }) => ({ values: { ...context.values, [event.flag]: event.value } })) },
        ADD_RESIDENCE: { guard: 'canAdd', actions: assign(({ context }) => ({ values: { ...context.values, taxIds: [...context.values.taxIds, emptyResidence()] } })) },
        REMOVE_RESIDENCE: {
          guard: 'canRemove',
          // The service's errors are by position: after a removal they no longer point at the right row.
          actions: assign(({ context, event }) => ({ values: { ...context.values, taxIds: context.values.taxIds.filter((_, i) => i !== event.index) }, serverErrors: dropServerErrors(context.serverErrors, 'taxIds') })),
        },
        CHANGE_RESIDENCE: {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, taxIds: changeResidence(context.values.taxIds, event.index, event.field, event.value) },
            serverErrors: dropServerErrors(context.serverErrors, `taxIds[${event.index}]`),
            failure: null,
          })),
        },
        SUBMIT: [
          { guard: 'taxIdsInvalid', actions: [assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })), { type: 'track', params: { event: 'Tax ID not valid' } }] },
          { guard: 'personalInvalid', actions: assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })) },
          { target: 'submitting', actions: assign({ serverErrors: {}, failure: null }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: { type: 'track', params: { event: 'Sign Declaration' } },
      invoke: {
        src: 'submit',
        input: ({ context }) => personalCertificationPayload(context.values),
        onDone: { target: 'certified', actions: [assign({ forms: ({ event }) => event.output }), 'certified'] },
        onError: [
          { guard: 'taxIdRefused', target: 'editing', actions: [assign(({ context, event }) => refusalOf(context.attempts, event.error)), { type: 'track', params: { event: 'Tax ID validation failed' } }] },
          { target: 'editing', actions: assign(({ context, event }) => refusalOf(context.attempts, event.error)) },
        ],
      },
    },
    certified: {
      tags: ['certified'],
      on: {
        EDIT: { target: 'editing', actions: assign({ shown: false }) },
        // A US form given (now under review): no longer among those still needed.
        FORM_GIVEN: { actions: assign({ forms: ({ context, event }) => context.forms.filter((form) => form !== event.form) }) },
      },
    },
  },
});

/** The US forms the answers ask for, before sending (the page says so as the customer answers). */
export const formsForValues = (values: PersonalCertificationValues): UsForm[] =>
  usFormsRequired({ isUSTaxPayer: values.isUSTaxPayer, hasUSIndicia: values.hasUSIndicia, countryOfBirth: values.countryOfBirth || null, citizenship: values.citizenship });
