import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import type { UiMessage } from '../shared/ui-message';
import { refusalOf, type FormErrors, type FormFailure } from '../shared/form.machine';
import { logoFileProblem, nameProblem, type LogoType } from './merchant.rules';
import { merchantMessages as m, logoFileMessage, nameMessage } from './merchant-messages';

/**
 * A business logo uploaded (issue 55; 001 s7 Merchant: logo create, multipart with data and
 * file[]):
 * - the name, the file and "make it the default" are kept in the machine (nothing chosen is lost
 *   by a failure); CHOOSE puts a file, CHANGE_NAME the name, SET_DEFAULT the flag;
 * - SUBMIT checks the name and the file (PNG or JPEG, at most 1 MB: logoFileProblem) and then
 *   reads the file's first bytes (`checking`: the `readKind` actor) so a file that is not really an
 *   image is refused before any upload; only then `uploading` (the `upload` actor, one requestId
 *   per intent: the same file and name sent again after a failure keep it);
 * - a refusal goes back to `editing` with the service's field errors, or its message (a reply's
 *   `errors`, 001 s8, arrives as the message); `uploaded` is final with the new logo's id.
 * CANCEL while editing ends it (`cancelled`). Views read tags: `busy`, and `attempts` to move the
 * focus to the first problem.
 */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
  /** The file itself (a File in the browser), handed to the actors as it is. */
  blob: Blob;
}

export interface LogoUploadContext {
  name: string;
  isDefault: boolean;
  file: ChosenFile | null;
  errors: FormErrors;
  error: UiMessage | null;
  attempts: number;
  requestId: string;
  /** What was last sent (the same again keeps the requestId). */
  sent: { name: string; isDefault: boolean; file: ChosenFile } | null;
  logoId: number | null;
}

export type LogoUploadEvent =
  | { type: 'CHANGE_NAME'; value: string }
  | { type: 'SET_DEFAULT'; value: boolean }
  | { type: 'CHOOSE'; file: ChosenFile | null }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

export type LogoUploadTag = 'busy';

/** What the `upload` actor throws: field errors (name, file) and/or a message. */
export type LogoUploadFailure = FormFailure;

const problems = (context: Pick<LogoUploadContext, 'name' | 'file'>): FormErrors => {
  const errors: FormErrors = {};
  const name = nameProblem(context.name);
  if (name) errors.name = nameMessage(name);
  const file = logoFileProblem(context.file);
  if (file) errors.file = logoFileMessage(file);
  return errors;
};

/** The errors but one field's. */
const without = (errors: FormErrors, field: string): FormErrors => Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));

const sameIntent = (context: LogoUploadContext) =>
  context.sent !== null && context.sent.name === context.name.trim() && context.sent.isDefault === context.isDefault && context.sent.file.blob === context.file?.blob;

export const logoUploadMachine = setup({
  types: {
    context: {} as LogoUploadContext,
    input: {} as { isDefault?: boolean } | undefined,
    events: {} as LogoUploadEvent,
    tags: {} as LogoUploadTag,
    output: {} as { logoId: number | null },
  },
  actors: {
    /** The file's kind by its first bytes (imageKindOf), or null. */
    readKind: fromPromise<LogoType | null, { file: Blob }>(async () => {
      throw new Error('logoUpload: readKind not provided');
    }),
    /** The multipart logoCreate, once per requestId: the new logo's id. Throws a LogoUploadFailure or a UiMessage. */
    upload: fromPromise<number, { name: string; isDefault: boolean; file: Blob; requestId: string }>(async () => {
      throw new Error('logoUpload: upload not provided');
    }),
  },
  actions: {
    /** Provided by the page: the list is read again. */
    uploaded: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(problems(context)).length > 0,
  },
}).createMachine({
  id: 'logoUpload',
  context: ({ input }) => ({
    name: '',
    isDefault: input?.isDefault ?? false,
    file: null,
    errors: {},
    error: null,
    attempts: 0,
    requestId: newRequestId(),
    sent: null,
    logoId: null,
  }),
  output: ({ context }) => ({ logoId: context.logoId }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE_NAME: { actions: assign(({ context, event }) => ({ name: event.value, errors: without(context.errors, 'name'), error: null })) },
        SET_DEFAULT: { actions: assign({ isDefault: ({ event }) => event.value }) },
        CHOOSE: { actions: assign(({ context, event }) => ({ file: event.file, errors: without(context.errors, 'file'), error: null })) },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: problems(context), error: null, attempts: context.attempts + 1 })) },
          { target: 'checking', actions: assign({ errors: {}, error: null }) },
        ],
        CANCEL: { target: 'cancelled' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'readKind',
        input: ({ context }) => ({ file: context.file!.blob }),
        onDone: [
          {
            guard: ({ event }) => event.output === null,
            target: 'editing',
            actions: assign(({ context }) => ({ errors: { file: { descriptor: m.logoNotImage } }, attempts: context.attempts + 1 })),
          },
          {
            target: 'uploading',
            // The same name, flag and file again after a failure keep the requestId; anything else is a new intent.
            actions: assign(({ context }) => ({
              requestId: context.sent !== null && !sameIntent(context) ? newRequestId() : context.requestId,
              sent: { name: context.name.trim(), isDefault: context.isDefault, file: context.file! },
            })),
          },
        ],
        onError: { target: 'editing', actions: assign(({ context }) => ({ errors: { file: { descriptor: m.logoUnreadable } }, attempts: context.attempts + 1 })) },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ name: context.name.trim(), isDefault: context.isDefault, file: context.file!.blob, requestId: context.requestId }),
        onDone: { target: 'uploaded', actions: [assign({ logoId: ({ event }) => event.output }), 'uploaded'] },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const refusal = refusalOf(event.error);
            return { errors: refusal.errors, error: refusal.error, attempts: context.attempts + (refusal.byField ? 1 : 0) };
          }),
        },
      },
    },
    uploaded: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
