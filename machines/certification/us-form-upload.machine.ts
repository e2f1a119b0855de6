import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { FormErrors } from '../shared/form.machine';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { documentFileProblem } from '../verification/verification.rules';
import type { CertificationForm } from './tax.rules';

/**
 * A US form the certification asks for, given (spec 002 s5, s7, s9): a signed W-9 or
 * W-8BEN (the name as signed, the date, the signed file) or the certificate of loss of US
 * nationality (the file, its date of issue if known). Checked before sending; "Sign W Form" or
 * "Submit Loss of Nationality" is tracked when it is sent; a refusal keeps what was given;
 * `sent` (final) hands over to the page, which reads the certification again.
 */
export type UsFormUploadTag = 'editing' | 'busy' | 'sent';

export interface ChosenUsFile {
  name: string;
  type: string;
  size: number;
}

export interface UsFormValues {
  signedName: string;
  signedDate: string;
  issuedDate: string;
}

export const usFormMessages = {
  nameRequired: msg`Enter your name as you signed the form.`,
  dateRequired: msg`Enter the date you signed the form.`,
  dateFormat: msg`Enter the date as year, month and day.`,
  dateFuture: msg`The date cannot be in the future.`,
  fileRequired: msg`Choose the file.`,
  fileType: msg`This file is not a PDF, JPEG or PNG.`,
  fileSize: msg`This file is larger than 10 MB.`,
  fileEmpty: msg`This file is empty.`,
};

const validDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** What is wrong before sending: a W-form needs the name signed (2–100 characters) and a signing date up to today; every form needs a good file; a certificate's date of issue, if given, is a date up to today. */
export function usFormProblems(kind: CertificationForm, values: UsFormValues, file: ChosenUsFile | null, today: string): FormErrors {
  const errors: FormErrors = {};
  if (kind !== 'lossOfNationality') {
    const name = values.signedName.trim();
    if (name.length < 2 || name.length > 100) errors.signedName = { descriptor: usFormMessages.nameRequired };
    const date = values.signedDate.trim();
    if (!date) errors.signedDate = { descriptor: usFormMessages.dateRequired };
    else if (!validDate(date)) errors.signedDate = { descriptor: usFormMessages.dateFormat };
    else if (date > today) errors.signedDate = { descriptor: usFormMessages.dateFuture };
  } else if (values.issuedDate.trim()) {
    const date = values.issuedDate.trim();
    if (!validDate(date)) errors.issuedDate = { descriptor: usFormMessages.dateFormat };
    else if (date > today) errors.issuedDate = { descriptor: usFormMessages.dateFuture };
  }
  if (!file) errors.file = { descriptor: usFormMessages.fileRequired };
  else {
    const problem = documentFileProblem(file);
    if (problem) errors.file = { descriptor: problem === 'fileType' ? usFormMessages.fileType : problem === 'fileSize' ? usFormMessages.fileSize : usFormMessages.fileEmpty };
  }
  return errors;
}

export interface UsFormUploadContext {
  kind: CertificationForm;
  today: string;
  values: UsFormValues;
  file: ChosenUsFile | null;
  errors: FormErrors;
  failure: UiMessage | null;
  attempts: number;
}

export type UsFormUploadEvent = { type: 'CHANGE'; field: keyof UsFormValues; value: string } | { type: 'CHOOSE'; file: ChosenUsFile } | { type: 'SUBMIT' };

export const usFormUploadMachine = setup({
  types: {
    context: {} as UsFormUploadContext,
    events: {} as UsFormUploadEvent,
    input: {} as { kind: CertificationForm; today: string; signedName?: string },
    tags: {} as UsFormUploadTag,
  },
  actors: {
    /** personalWFormUpload or lossOfNationalityUpload. Throws a FormFailure. */
    upload: fromPromise<void, { kind: CertificationForm; values: UsFormValues; file: ChosenUsFile }>(async () => {
      throw new Error('upload not provided');
    }),
  },
  actions: {
    /** Provided by the app's analytics (002 s9). */
    track: (_, _params: { event: 'Sign W Form' | 'Submit Loss of Nationality' }) => {},
    /** Provided by the page: the certification is read again. */
    sent: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(usFormProblems(context.kind, context.values, context.file, context.today)).length > 0,
  },
}).createMachine({
  id: 'usFormUpload',
  context: ({ input }) => ({ kind: input.kind, today: input.today, values: { signedName: input.signedName ?? '', signedDate: input.today, issuedDate: '' }, file: null, errors: {}, failure: null, attempts: 0 }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        CHANGE: { actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined }, failure: null })) },
        CHOOSE: { actions: assign(({ context, event }) => ({ file: event.file, errors: { ...context.errors, file: undefined }, failure: null })) },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: usFormProblems(context.kind, context.values, context.file, context.today), attempts: context.attempts + 1 })) },
          { target: 'sending', actions: assign({ errors: {}, failure: null }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      entry: { type: 'track', params: ({ context }) => ({ event: context.kind === 'lossOfNationality' ? ('Submit Loss of Nationality' as const) : ('Sign W Form' as const) }) },
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ kind: context.kind, values: context.values, file: context.file! }),
        onDone: { target: 'sent', actions: 'sent' },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const fields = (event.error as { fields?: FormErrors } | null)?.fields;
            return { errors: fields ?? {}, failure: fields ? null : formFailureMessage(event.error), attempts: context.attempts + 1 };
          }),
        },
      },
    },
    sent: { tags: ['sent'], type: 'final' },
  },
});
