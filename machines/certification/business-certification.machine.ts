import { assign, fromPromise, setup } from 'xstate';
import type { FormErrors } from '../shared/form.machine';
import { toFailure, type UiMessage } from '../shared/ui-message';
import {
  asksDisregardedEntity,
  businessProblems,
  businessUsFormsRequired,
  controllingPersonPayload,
  entityTypeOf,
  hasBusinessProblems,
  hasTaxIdProblems,
  MAX_CONTROLLING_PERSONS,
  MAX_PERSON_RESIDENCES,
  needsControllingPersons,
  questionsPayload,
  emptyQuestions,
  type BusinessQuestions,
  type BusinessUsForm,
  type ControllingPerson,
  type PersonField,
  type TextQuestion,
  type YesNoQuestion,
} from './business.rules';
import { canRemoveResidence, changeResidence, dropErrorsUnder, emptyResidence, refusalOf } from './residences';
import { taxIdPayload, type TaxIdRow, type TaxReferenceTable } from './tax.rules';
import { MAX_RESIDENCES } from './personal-certification.machine';

/**
 * The business tax self-certification, /self-certification-business (spec 002 s2: it loads
 * shareholders and directors; s3 FATCA/CRS certification; s5 Tax ids; s9 analytics):
 *
 * - `loading`: the tax reference table, the certification given before and the company's
 *   shareholders and directors (`load`); a failure offers RETRY.
 * - `editing`: the questions in order (ANSWER, CHANGE; business.rules.ts closes those that no
 *   longer apply), US taxpayer and disregarded entity (SET_FLAG), the company's tax residences
 *   (business TINs) and, for a passive NFE, its controlling persons (ADD_PERSON, from a shareholder
 *   or director or blank; REMOVE_PERSON; CHANGE_PERSON; their own residences). SUBMIT checks
 *   everything first; tax ids refused here are tracked "Tax ID not valid".
 * - `submitting` (`submit`, businessFatcaCrsCertificationUpdate): "Sign Declaration"; a refused tax
 *   id is "Tax ID validation failed", field errors shown by param.
 * - `certified`: the US forms still to give (W-9 or W-8BEN-E; FORM_GIVEN), EDIT back to the form.
 */
export type BusinessCertificationTag = 'loading' | 'loadFailed' | 'editing' | 'busy' | 'certified';

/** A shareholder or director of the company, offered as a controlling person. */
export interface CompanyPerson {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  countryOfBirth: string | null;
  /** director or shareholder (a shareholder's share in percent, as text). */
  role: 'director' | 'shareholder';
  share: string | null;
}

export interface BusinessCertificationValues {
  questions: BusinessQuestions;
  isUSTaxPayer: boolean;
  isDisregardedEntity: boolean;
  taxIds: TaxIdRow[];
  controllingPersons: ControllingPerson[];
}

export interface BusinessLoaded {
  table: TaxReferenceTable;
  values: BusinessCertificationValues | null;
  people: CompanyPerson[];
}

export interface BusinessCertificationContext {
  values: BusinessCertificationValues;
  table: TaxReferenceTable;
  people: CompanyPerson[];
  today: string;
  shown: boolean;
  attempts: number;
  serverErrors: FormErrors;
  failure: UiMessage | null;
  forms: BusinessUsForm[];
}

export type BusinessCertificationEvent =
  | { type: 'ANSWER'; question: YesNoQuestion; value: boolean }
  | { type: 'CHANGE'; question: TextQuestion; value: string }
  | { type: 'SET_FLAG'; flag: 'isUSTaxPayer' | 'isDisregardedEntity'; value: boolean }
  | { type: 'ADD_RESIDENCE' }
  | { type: 'REMOVE_RESIDENCE'; index: number }
  | { type: 'CHANGE_RESIDENCE'; index: number; field: keyof TaxIdRow; value: string }
  | { type: 'ADD_PERSON'; fromId?: number }
  | { type: 'REMOVE_PERSON'; index: number }
  | { type: 'CHANGE_PERSON'; index: number; field: PersonField; value: string }
  | { type: 'ADD_PERSON_RESIDENCE'; index: number }
  | { type: 'REMOVE_PERSON_RESIDENCE'; index: number; row: number }
  | { type: 'CHANGE_PERSON_RESIDENCE'; index: number; row: number; field: keyof TaxIdRow; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'FORM_GIVEN'; form: BusinessUsForm };

export const emptyBusinessCertification = (): BusinessCertificationValues => ({
  questions: emptyQuestions(),
  isUSTaxPayer: false,
  isDisregardedEntity: false,
  taxIds: [emptyResidence()],
  controllingPersons: [],
});

/** A controlling person from a shareholder or director (their names, birth date and country where known), or blank. */
export function personFrom(person: CompanyPerson | undefined): ControllingPerson {
  return {
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    dateOfBirth: person?.dateOfBirth ?? '',
    countryOfBirth: person?.countryOfBirth ?? '',
    controlType: person ? (person.role === 'shareholder' ? 'ownership' : 'seniorManagingOfficial') : null,
    taxIds: [emptyResidence()],
  };
}

/** The certification as it is sent (002 s3): the entity type the answers give, the questions asked, controlling persons only for a passive NFE. */
export function businessCertificationPayload(values: BusinessCertificationValues) {
  return {
    entityType: entityTypeOf(values.questions) ?? 'activeNfe',
    questions: questionsPayload(values.questions),
    isUSTaxPayer: values.isUSTaxPayer,
    isDisregardedEntity: asksDisregardedEntity(values.isUSTaxPayer) && values.isDisregardedEntity,
    taxIds: values.taxIds.map(taxIdPayload),
    controllingPersons: needsControllingPersons(values.questions) ? values.controllingPersons.map(controllingPersonPayload) : [],
  };
}

const problemsOf = (context: BusinessCertificationContext) => businessProblems(context.values, context.table, context.today);

const withPersons = (context: BusinessCertificationContext, persons: ControllingPerson[]) => ({ values: { ...context.values, controllingPersons: persons } });
const mapPerson = (persons: readonly ControllingPerson[], index: number, change: (person: ControllingPerson) => ControllingPerson) => persons.map((person, i) => (i === index ? change(person) : person));

export const businessCertificationMachine = setup({
  types: {
    context: {} as BusinessCertificationContext,
    events: {} as BusinessCertificationEvent,
    input: {} as { today: string },
    tags: {} as BusinessCertificationTag,
  },
  actors: {
    /** The tax reference table, the certification given before (null: none yet) and the shareholders and directors. */
    load: fromPromise<BusinessLoaded>(async () => {
      throw new Error('load not provided');
    }),
    /** businessFatcaCrsCertificationUpdate: the US forms still to give. Throws a FormFailure (fields by param). */
    submit: fromPromise<BusinessUsForm[], ReturnType<typeof businessCertificationPayload>>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    track: (_, _params: { event: 'Tax ID not valid' | 'Tax ID validation failed' | 'Sign Declaration' }) => {},
    certified: () => {},
    /** An answer or a text of the questions; the service's error on it goes. */
    setQuestion: assign(({ context, event }) => {
      if (event.type !== 'ANSWER' && event.type !== 'CHANGE') return {};
      return {
        values: { ...context.values, questions: { ...context.values.questions, [event.question]: event.value } },
        serverErrors: dropErrorsUnder(context.serverErrors, `questions.${event.question}`),
        failure: null,
      };
    }),
  },
  guards: {
    taxIdsInvalid: ({ context }) => hasTaxIdProblems(problemsOf(context)),
    invalid: ({ context }) => hasBusinessProblems(problemsOf(context)),
    canAddResidence: ({ context }) => context.values.taxIds.length < MAX_RESIDENCES,
    canRemoveResidence: ({ context, event }) => event.type === 'REMOVE_RESIDENCE' && canRemoveResidence(context.values.taxIds, event.index),
    canAddPerson: ({ context }) => context.values.controllingPersons.length < MAX_CONTROLLING_PERSONS,
    isPerson: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.values.controllingPersons.length,
    canAddPersonResidence: ({ context, event }) => event.type === 'ADD_PERSON_RESIDENCE' && (context.values.controllingPersons[event.index]?.taxIds.length ?? MAX_PERSON_RESIDENCES) < MAX_PERSON_RESIDENCES,
    canRemovePersonResidence: ({ context, event }) => event.type === 'REMOVE_PERSON_RESIDENCE' && canRemoveResidence(context.values.controllingPersons[event.index]?.taxIds ?? [], event.row),
    taxIdRefused: ({ event }) => Object.keys((event as { error?: { fields?: object } }).error?.fields ?? {}).some((param) => /^(controllingPersons\[\d+\]\.)?taxIds/.test(param)),
  },
}).createMachine({
  id: 'businessCertification',
  context: ({ input }) => ({ values: emptyBusinessCertification(), table: {}, people: [], today: input.today, shown: false, attempts: 0, serverErrors: {}, failure: null, forms: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ table: event.output.table, people: event.output.people, ...(event.output.values ? { values: event.output.values } : {}) })),
        },
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
        ANSWER: { actions: 'setQuestion' },
        CHANGE: { actions: 'setQuestion' },
        SET_FLAG: { actions: assign(({ context, event }) => ({ values: { ...context.values, [event.flag]: event.value } })) },
        ADD_RESIDENCE: { guard: 'canAddResidence', actions: assign(({ context }) => ({ values: { ...context.values, taxIds: [...context.values.taxIds, emptyResidence()] } })) },
        REMOVE_RESIDENCE: {
          guard: 'canRemoveResidence',
          actions: assign(({ context, event }) => ({ values: { ...context.values, taxIds: context.values.taxIds.filter((_, i) => i !== event.index) }, serverErrors: dropErrorsUnder(context.serverErrors, 'taxIds') })),
        },
        CHANGE_RESIDENCE: {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, taxIds: changeResidence(context.values.taxIds, event.index, event.field, event.value) },
            serverErrors: dropErrorsUnder(context.serverErrors, `taxIds[${event.index}]`),
            failure: null,
          })),
        },
        ADD_PERSON: {
          guard: 'canAddPerson',
          actions: assign(({ context, event }) => withPersons(context, [...context.values.controllingPersons, personFrom(context.people.find((p) => p.id === event.fromId))])),
        },
        REMOVE_PERSON: {
          guard: 'isPerson',
          actions: assign(({ context, event }) => ({
            ...withPersons(
              context,
              context.values.controllingPersons.filter((_, i) => i !== event.index),
            ),
            serverErrors: dropErrorsUnder(context.serverErrors, 'controllingPersons'),
          })),
        },
        CHANGE_PERSON: {
          guard: 'isPerson',
          actions: assign(({ context, event }) => ({
            ...withPersons(
              context,
              mapPerson(context.values.controllingPersons, event.index, (person) => ({ ...person, [event.field]: event.value })),
            ),
            serverErrors: dropErrorsUnder(context.serverErrors, `controllingPersons[${event.index}].${event.field}`),
          })),
        },
        ADD_PERSON_RESIDENCE: {
          guard: 'canAddPersonResidence',
          actions: assign(({ context, event }) => withPersons(context, mapPerson(context.values.controllingPersons, event.index, (person) => ({ ...person, taxIds: [...person.taxIds, emptyResidence()] })))),
        },
        REMOVE_PERSON_RESIDENCE: {
          guard: 'canRemovePersonResidence',
          actions: assign(({ context, event }) => ({
            ...withPersons(
              context,
              mapPerson(context.values.controllingPersons, event.index, (person) => ({ ...person, taxIds: person.taxIds.filter((_, i) => i !== event.row) })),
            ),
            serverErrors: dropErrorsUnder(context.serverErrors, `controllingPersons[${event.index}].taxIds`),
          })),
        },
        CHANGE_PERSON_RESIDENCE: {
          guard: 'isPerson',
          actions: assign(({ context, event }) => ({
            ...withPersons(
              context,
              mapPerson(context.values.controllingPersons, event.index, (person) => ({ ...person, taxIds: changeResidence(person.taxIds, event.row, event.field, event.value) })),
            ),
            serverErrors: dropErrorsUnder(context.serverErrors, `controllingPersons[${event.index}].taxIds[${event.row}]`),
          })),
        },
        SUBMIT: [
          { guard: 'taxIdsInvalid', actions: [assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })), { type: 'track', params: { event: 'Tax ID not valid' } }] },
          { guard: 'invalid', actions: assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })) },
          { target: 'submitting', actions: assign({ serverErrors: {}, failure: null }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: { type: 'track', params: { event: 'Sign Declaration' } },
      invoke: {
        src: 'submit',
        input: ({ context }) => businessCertificationPayload(context.values),
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
        FORM_GIVEN: { actions: assign({ forms: ({ context, event }) => context.forms.filter((form) => form !== event.form) }) },
      },
    },
  },
});

/** The US forms the answers ask for, before sending (the page says so as the customer answers). */
export const businessFormsForValues = (values: BusinessCertificationValues): BusinessUsForm[] => businessUsFormsRequired(values.isUSTaxPayer, values.questions);
