import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { formMessages, type FormErrors, type FormFailure } from '../shared/form.machine';
import { formFailureMessage, toFailure, type UiMessage } from '../shared/ui-message';
import type { ChosenFile } from './document-upload.machine';
import { documentFileProblem } from './verification.rules';
import {
  changePersonalInfo,
  dueDiligenceDocumentsNeeded,
  emptyKycQuestions,
  emptyPersonalInfo,
  kycQuestionProblems,
  kycQuestionsPayload,
  kycQuestionValuesOf,
  kycStepsToShow,
  personalInfoPayload,
  personalInfoProblems,
  personalInfoValuesOf,
  type DueDiligenceDocument,
  type KycCustomerInfo,
  type KycLists,
  type KycQuestionField,
  type KycQuestionProblem,
  type KycQuestionValues,
  type KycRequest,
  type KycStepKind,
  type PersonalInfoField,
  type PersonalInfoPayload,
  type PersonalInfoProblem,
  type PersonalInfoValues,
} from './kyc.rules';

/**
 * /kyc, the page a customer is kept on while KYC is needed (spec 002 s2, s3 User status, s7), as a wizard over the steps of the KYC request:
 *
 * - `loading` (`load`): the request, the customer's KYC info, the due diligence info and the
 *   questions' dictionaries; a failure offers RETRY. No open request, or nothing left to do in it:
 *   `nothingToDo` (tag `done`; the page tells the session and moves on, `kycDone`).
 * - `step`: the request's steps not done yet, in its order (`kycStepsToShow`), one at a time
 *   ("Step 2 of 3"): `questions` (four choices, kycInfoUpdate), `personalInfo` (the personal data
 *   prefilled from kycCustomerInfoGet, kycCustomerPersonalInfoUpdate), `dueDiligence` (each
 *   required document still to give: a file chosen and checked, then sent one after another with
 *   its progress, customerJumioDocumentCreate with isDueDiligence; CANCEL stops it, a failure
 *   keeps the files) and `identity` (the identity check with the provider, done on its own pages:
 *   REFRESH, the realtime news, reads the request again). SUBMIT checks the step first (the same
 *   rules as the service's); a refusal's field errors by param stay on the form with the values;
 *   BACK returns to the previous step with everything kept.
 * - `finishing` (`readRequest`): after the last step the request is read again: nothing left is
 *   `done` (`kycDone`: the session reads the customer again and the start page follows); steps left
 *   (an identity check still waiting) are shown again.
 */
export type KycTag =
  'loading' | 'loadFailed' | 'done' | 'nothingToDo' | 'step' | 'step:questions' | 'step:personalInfo' | 'step:dueDiligence' | 'step:identity' | 'busy' | 'uploading' | 'finishing' | 'finishFailed';

/** What `load` gives: the request, the customer's data, the due diligence documents and the lists. */
export interface KycLoaded {
  request: KycRequest | null;
  info: KycCustomerInfo | null;
  documents: readonly DueDiligenceDocument[];
  lists: KycLists;
}

export interface KycContext {
  today: string;
  request: KycRequest | null;
  /** The steps shown (fixed when the request is read), and where the customer is. */
  steps: KycStepKind[];
  index: number;
  lists: KycLists;
  questions: KycQuestionValues;
  personal: PersonalInfoValues;
  /** The states of the address's country (empty: none, or not known yet). */
  stateCodes: string[];
  documents: DueDiligenceDocument[];
  /** The files chosen per document type, until sent. */
  files: Record<number, ChosenFile>;
  /** The document being sent (or last sent), and how much of it (0–100). */
  uploading: number | null;
  progress: number;
  /** Problems are shown after a refused SUBMIT of the step. */
  shown: boolean;
  /** Bumped on every refused SUBMIT (the view focuses the first wrong field). */
  attempts: number;
  /** The service's field errors by param (`occupationId`, `address.city`, `file`). */
  serverErrors: FormErrors;
  failure: UiMessage | null;
}

export type KycEvent =
  | { type: 'CHANGE_QUESTION'; field: KycQuestionField; value: string }
  | { type: 'CHANGE_PERSONAL'; field: PersonalInfoField; value: string }
  | { type: 'STATES'; codes: string[] }
  | { type: 'CHOOSE_FILE'; documentTypeId: number; file: ChosenFile }
  | { type: 'REMOVE_FILE'; documentTypeId: number }
  | { type: 'PROGRESS'; percent: number }
  | { type: 'UPLOADED'; documentId: number }
  | { type: 'UPLOAD_FAILED'; error: unknown }
  | { type: 'CANCEL' }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' };

/** What the upload actor sends (the due diligence document chosen for this type). */
export interface KycUploadInput {
  documentTypeId: number;
  file: ChosenFile;
}

export const kycMessages = {
  questionRequired: msg`Choose an answer.`,
  questionUnknown: msg`Choose one of the answers in the list.`,
  firstNameRequired: msg`Enter your first name.`,
  lastNameRequired: msg`Enter your last name.`,
  nameTooLong: msg`A name has at most 100 characters.`,
  birthDayRequired: msg`Enter your date of birth.`,
  birthDayFormat: msg`Enter the date as year, month and day.`,
  birthDayFuture: msg`The date of birth cannot be in the future.`,
  birthDayTooYoung: msg`You must be at least 18 years old.`,
  residenceRequired: msg`Choose your country of residence.`,
  countryRequired: msg`Choose the country.`,
  stateRequired: msg`Choose the state or region.`,
  cityRequired: msg`Enter the city.`,
  streetRequired: msg`Enter the street and number.`,
  tooLong: msg`This is too long.`,
  postalCodeRequired: msg`Enter the postal code.`,
  postalCodeLength: msg`A postal code has 2 to 12 characters.`,
  fileMissing: msg`Choose a file for this document.`,
  fileType: msg`This file is not a PDF, JPEG or PNG.`,
  fileSize: msg`This file is larger than 10 MB.`,
  fileEmpty: msg`This file is empty.`,
};

/** The message of a question's problem. */
export const questionProblemMessage = (problem: KycQuestionProblem): MessageDescriptor => (problem === 'required' ? kycMessages.questionRequired : kycMessages.questionUnknown);

/** The message of a personal data field's problem. */
export function personalInfoProblemMessage(field: PersonalInfoField, problem: PersonalInfoProblem): MessageDescriptor {
  if (problem === 'tooLong') return field === 'firstName' || field === 'lastName' ? kycMessages.nameTooLong : kycMessages.tooLong;
  if (problem === 'format') return kycMessages.birthDayFormat;
  if (problem === 'future') return kycMessages.birthDayFuture;
  if (problem === 'tooYoung') return kycMessages.birthDayTooYoung;
  if (problem === 'postalCode') return kycMessages.postalCodeLength;
  const required: Record<PersonalInfoField, MessageDescriptor> = {
    firstName: kycMessages.firstNameRequired,
    lastName: kycMessages.lastNameRequired,
    birthDay: kycMessages.birthDayRequired,
    residenceCountryCode: kycMessages.residenceRequired,
    'address.countryCode': kycMessages.countryRequired,
    'address.stateCode': kycMessages.stateRequired,
    'address.city': kycMessages.cityRequired,
    'address.street': kycMessages.streetRequired,
    'address.postalCode': kycMessages.postalCodeRequired,
  };
  return required[field];
}

/** The message of a due diligence file's problem (missing, type, size, empty), or null. */
export function dueDiligenceFileProblem(file: ChosenFile | undefined): MessageDescriptor | null {
  if (!file) return kycMessages.fileMissing;
  const problem = documentFileProblem(file);
  return problem === 'fileType' ? kycMessages.fileType : problem === 'fileSize' ? kycMessages.fileSize : problem === 'empty' ? kycMessages.fileEmpty : null;
}

/** The documents still to give, each with what is wrong with its file (an empty record: all fine). */
export function dueDiligenceProblems(context: Pick<KycContext, 'documents' | 'files'>): Record<number, MessageDescriptor> {
  const problems: Record<number, MessageDescriptor> = {};
  for (const doc of dueDiligenceDocumentsNeeded(context.documents)) {
    const problem = dueDiligenceFileProblem(context.files[doc.documentTypeId]);
    if (problem) problems[doc.documentTypeId] = problem;
  }
  return problems;
}

/** The step the customer is on (null outside the steps): views use this or the `step:*` tags. */
export const kycStep = (snapshot: SnapshotFrom<typeof kycMachine>): KycStepKind | null => (snapshot.hasTag('step') ? (snapshot.context.steps[snapshot.context.index] ?? null) : null);

/** A refused write: the service's field errors by param; its message only when no field says why. */
function refusal(error: unknown): Pick<KycContext, 'serverErrors' | 'failure'> {
  const failure = (error instanceof Error || !error ? {} : error) as FormFailure;
  const fields = failure.fields ?? {};
  const hasFields = Object.keys(fields).length > 0;
  return { serverErrors: fields, failure: hasFields ? null : (failure.message ?? { descriptor: formMessages.unexpected }) };
}

const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

const stepIs =
  (kind: KycStepKind) =>
  ({ context }: { context: KycContext }) =>
    context.steps[context.index] === kind;

/** The next document to send: the first still needed that has a file chosen. */
const nextUpload = (context: Pick<KycContext, 'documents' | 'files'>): number | null =>
  dueDiligenceDocumentsNeeded(context.documents).find((doc) => context.files[doc.documentTypeId])?.documentTypeId ?? null;

const stepEntry = { shown: false, serverErrors: {}, failure: null } as const;

const EMPTY_LISTS: KycLists = { occupations: [], sourcesOfFunds: [], purposesOfAccount: [], estimatedMonthlyDeposits: [] };

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as { today: string },
    tags: {} as KycTag,
  },
  actors: {
    /** kycRequestGet, kycCustomerInfoGet, dueDiligenceInfoGet and the dictionaries. Throws what the page shows. */
    load: fromPromise<KycLoaded>(async () => {
      throw new Error('load not provided');
    }),
    /** kycRequestGet again (after the last step, or news of the identity check). */
    readRequest: fromPromise<KycRequest | null>(async () => {
      throw new Error('readRequest not provided');
    }),
    /** kycInfoUpdate. Throws a FormFailure (fields by param). */
    saveQuestions: fromPromise<unknown, KycQuestionValues>(async () => {
      throw new Error('saveQuestions not provided');
    }),
    /** kycCustomerPersonalInfoUpdate. Throws a FormFailure (fields by param: `address.city`). */
    savePersonalInfo: fromPromise<unknown, PersonalInfoPayload>(async () => {
      throw new Error('savePersonalInfo not provided');
    }),
    /** customerJumioDocumentCreate (isDueDiligence): PROGRESS while sending, then UPLOADED or UPLOAD_FAILED; stopping it aborts. */
    upload: fromCallback<KycEvent, KycUploadInput>(() => {
      throw new Error('upload not provided');
    }),
  },
  actions: {
    /** Provided by the page: the session reads the customer again, then the start page opens. */
    kycDone: () => {},
  },
  guards: {
    nothingLoaded: ({ event }) => kycStepsToShow((event as unknown as { output: KycLoaded }).output.request).length === 0,
    nothingLeft: ({ event }) => kycStepsToShow((event as unknown as { output: KycRequest | null }).output).length === 0,
    atQuestions: stepIs('questions'),
    atPersonalInfo: stepIs('personalInfo'),
    atDueDiligence: stepIs('dueDiligence'),
    lastStep: ({ context }) => context.index >= context.steps.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    questionsInvalid: ({ context }) => Object.keys(kycQuestionProblems(context.questions, context.lists)).length > 0,
    personalInvalid: ({ context }) => Object.keys(personalInfoProblems(context.personal, { today: context.today, stateCodes: context.stateCodes })).length > 0,
    filesInvalid: ({ context }) => Object.keys(dueDiligenceProblems(context)).length > 0,
    allGiven: ({ context }) => dueDiligenceDocumentsNeeded(context.documents).length === 0,
    documentNeeded: ({ context, event }) => event.type === 'CHOOSE_FILE' && dueDiligenceDocumentsNeeded(context.documents).some((doc) => doc.documentTypeId === event.documentTypeId),
  },
}).createMachine({
  id: 'kyc',
  context: ({ input }) => ({
    today: input.today,
    request: null,
    steps: [],
    index: 0,
    lists: EMPTY_LISTS,
    questions: emptyKycQuestions(),
    personal: emptyPersonalInfo(),
    stateCodes: [],
    documents: [],
    files: {},
    uploading: null,
    progress: 0,
    shown: false,
    attempts: 0,
    serverErrors: {},
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: [
          { guard: 'nothingLoaded', target: 'nothingToDo', actions: assign({ request: ({ event }) => event.output.request }) },
          {
            target: 'step',
            actions: assign(({ event }) => ({
              request: event.output.request,
              steps: kycStepsToShow(event.output.request),
              index: 0,
              lists: event.output.lists,
              questions: kycQuestionValuesOf(event.output.info),
              personal: personalInfoValuesOf(event.output.info),
              documents: [...event.output.documents],
            })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { RETRY: { target: 'loading', actions: assign({ failure: null }) } },
    },
    // No open request, or nothing left in it: the page tells the session and moves on.
    nothingToDo: {
      tags: ['done', 'nothingToDo'],
      entry: 'kycDone',
    },
    step: {
      tags: ['step'],
      entry: assign(stepEntry),
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'atQuestions', target: 'questions' }, { guard: 'atPersonalInfo', target: 'personalInfo' }, { guard: 'atDueDiligence', target: 'dueDiligence' }, { target: 'identity' }],
        },
        questions: {
          tags: ['step:questions'],
          initial: 'editing',
          states: {
            editing: {
              on: {
                CHANGE_QUESTION: {
                  actions: assign(({ context, event }) => ({
                    questions: { ...context.questions, [event.field]: event.value },
                    serverErrors: withoutKey(context.serverErrors, event.field),
                    failure: null,
                  })),
                },
                SUBMIT: [
                  { guard: 'questionsInvalid', actions: assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })) },
                  { target: 'saving', actions: assign({ serverErrors: {}, failure: null }) },
                ],
                BACK: { guard: 'hasPrevious', target: '#kyc.back' },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                src: 'saveQuestions',
                input: ({ context }) => kycQuestionsPayload(context.questions),
                onDone: '#kyc.advancing',
                onError: { target: 'editing', actions: assign(({ context, event }) => ({ ...refusal(event.error), attempts: context.attempts + 1 })) },
              },
            },
          },
        },
        personalInfo: {
          tags: ['step:personalInfo'],
          initial: 'editing',
          states: {
            editing: {
              on: {
                CHANGE_PERSONAL: {
                  actions: assign(({ context, event }) => ({
                    personal: changePersonalInfo(context.personal, event.field, event.value),
                    // Another country: its states are not known until they arrive (STATES).
                    stateCodes: event.field === 'address.countryCode' && event.value !== context.personal['address.countryCode'] ? [] : context.stateCodes,
                    serverErrors: withoutKey(context.serverErrors, event.field),
                    failure: null,
                  })),
                },
                STATES: { actions: assign({ stateCodes: ({ event }) => event.codes }) },
                SUBMIT: [
                  { guard: 'personalInvalid', actions: assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })) },
                  { target: 'saving', actions: assign({ serverErrors: {}, failure: null }) },
                ],
                BACK: { guard: 'hasPrevious', target: '#kyc.back' },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                src: 'savePersonalInfo',
                input: ({ context }) => personalInfoPayload(context.personal),
                onDone: '#kyc.advancing',
                onError: { target: 'editing', actions: assign(({ context, event }) => ({ ...refusal(event.error), attempts: context.attempts + 1 })) },
              },
            },
          },
        },
        dueDiligence: {
          tags: ['step:dueDiligence'],
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                CHOOSE_FILE: {
                  guard: 'documentNeeded',
                  actions: assign(({ context, event }) => ({ files: { ...context.files, [event.documentTypeId]: event.file }, serverErrors: {}, failure: null })),
                },
                REMOVE_FILE: { actions: assign({ files: ({ context, event }) => Object.fromEntries(Object.entries(context.files).filter(([id]) => Number(id) !== event.documentTypeId)) }) },
                SUBMIT: [
                  // Everything asked for is given already (waiting for review counts): on to the next step.
                  { guard: 'allGiven', target: '#kyc.advancing' },
                  { guard: 'filesInvalid', actions: assign(({ context }) => ({ shown: true, attempts: context.attempts + 1 })) },
                  { target: 'uploading', actions: assign({ serverErrors: {}, failure: null }) },
                ],
                BACK: { guard: 'hasPrevious', target: '#kyc.back' },
              },
            },
            // One document at a time, the first still needed with a file; the next after it.
            uploading: {
              tags: ['busy', 'uploading'],
              entry: assign(({ context }) => ({ uploading: nextUpload(context), progress: 0 })),
              invoke: {
                src: 'upload',
                input: ({ context }) => ({ documentTypeId: context.uploading ?? 0, file: context.files[context.uploading ?? 0]! }),
              },
              on: {
                PROGRESS: { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }) },
                UPLOADED: {
                  target: 'sent',
                  actions: assign(({ context }) => ({
                    progress: 100,
                    // Sent: waiting for review (submitted), its file no longer held.
                    documents: context.documents.map((doc) => (doc.documentTypeId === context.uploading ? { ...doc, statusId: 0 } : doc)),
                    files: Object.fromEntries(Object.entries(context.files).filter(([id]) => Number(id) !== context.uploading)),
                  })),
                },
                // The files stay chosen (those already sent are not sent again).
                UPLOAD_FAILED: { target: 'choosing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
                CANCEL: { target: 'choosing' },
              },
            },
            sent: {
              always: [{ guard: 'allGiven', target: '#kyc.advancing' }, { target: 'uploading' }],
            },
          },
        },
        // Done with the provider on its own pages: the news (or the customer) reads the request again.
        identity: {
          tags: ['step:identity'],
          on: {
            REFRESH: '#kyc.finishing',
            BACK: { guard: 'hasPrevious', target: '#kyc.back' },
          },
        },
      },
    },
    // The previous step, everything entered kept.
    back: {
      always: { target: 'step', actions: assign({ index: ({ context }) => context.index - 1 }) },
    },
    // The step is done: the next one, or after the last the request is read again.
    advancing: {
      always: [
        { guard: 'lastStep', target: 'finishing' },
        { target: 'step', actions: assign({ index: ({ context }) => context.index + 1 }) },
      ],
    },
    finishing: {
      tags: ['finishing', 'busy'],
      invoke: {
        src: 'readRequest',
        onDone: [
          { guard: 'nothingLeft', target: 'done', actions: assign({ request: ({ event }) => event.output }) },
          // Steps left (an identity check still waiting): shown again from the first.
          { target: 'step', actions: assign(({ event }) => ({ request: event.output, steps: kycStepsToShow(event.output), index: 0 })) },
        ],
        onError: { target: 'finishFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    finishFailed: {
      tags: ['finishFailed'],
      on: { RETRY: { target: 'finishing', actions: assign({ failure: null }) } },
    },
    done: {
      type: 'final',
      tags: ['done'],
      entry: 'kycDone',
    },
  },
});
