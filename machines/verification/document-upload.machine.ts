import { assign, fromCallback, setup } from 'xstate';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { documentUploadProblems, partsNeeded, type DocumentPart } from './verification.rules';

/**
 * A verification document uploaded (spec 002 s3 Document statuses and categories):
 * the files of each part the type needs (front; back for types 4 and 5; the registration stamp for
 * type 88 in RU and UA) chosen and checked before anything is sent (type and size:
 * documentUploadProblems); the upload shows its progress and can be cancelled; a failure keeps
 * the files chosen and says why; success hands the document's id to the page (`uploaded`), which
 * reads the verification status again.
 */
export type DocumentUploadTag = 'choosing' | 'uploading' | 'uploaded';

/** A file as the statechart sees it (the browser's File has these). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export type DocumentUploadEvent<F extends ChosenFile = ChosenFile> =
  | { type: 'CHOOSE'; part: DocumentPart; file: F }
  | { type: 'REMOVE'; part: DocumentPart }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'PROGRESS'; percent: number }
  | { type: 'UPLOADED'; documentId: number }
  | { type: 'UPLOAD_FAILED'; error: unknown };

export interface DocumentUploadInput {
  categoryId: number;
  documentTypeId: number;
  /** The customer's country (type 88 needs the stamp in RU and UA). */
  countryCode: string | null;
  /** What the document answers (an address, a limit requirement, duplicate documents). */
  target?: { addressId?: number; limitReasonActionTypeId?: number; duplicate?: boolean };
}

export interface DocumentUploadContext extends DocumentUploadInput {
  files: Partial<Record<DocumentPart, ChosenFile>>;
  shown: boolean;
  /** 0 to 100, while uploading. */
  progress: number;
  failure: UiMessage | null;
  documentId: number | null;
}

export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
    input: {} as DocumentUploadInput,
    tags: {} as DocumentUploadTag,
  },
  actors: {
    /** Sends the files (provided by the app): PROGRESS while sending, then UPLOADED or UPLOAD_FAILED; stopping it aborts. */
    upload: fromCallback<DocumentUploadEvent, Pick<DocumentUploadContext, 'categoryId' | 'documentTypeId' | 'target' | 'files'>>(() => {
      throw new Error('upload not provided');
    }),
  },
  actions: {
    /** Provided by the page: the verification status reads the documents again. */
    uploaded: (_, _params: { documentId: number }) => {},
  },
  guards: {
    filesValid: ({ context }) => Object.keys(documentUploadProblems(context.documentTypeId, context.countryCode, context.files)).length === 0,
    partNeeded: ({ context, event }) => event.type === 'CHOOSE' && partsNeeded(context.documentTypeId, context.countryCode).includes(event.part),
  },
}).createMachine({
  id: 'documentUpload',
  context: ({ input }) => ({ ...input, files: {}, shown: false, progress: 0, failure: null, documentId: null }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['choosing'],
      on: {
        CHOOSE: { guard: 'partNeeded', actions: assign({ files: ({ context, event }) => ({ ...context.files, [event.part]: event.file }), failure: null }) },
        REMOVE: { actions: assign({ files: ({ context, event }) => Object.fromEntries(Object.entries(context.files).filter(([part]) => part !== event.part)) }) },
        SUBMIT: [{ guard: 'filesValid', target: 'uploading' }, { actions: assign({ shown: true }) }],
      },
    },
    uploading: {
      tags: ['uploading'],
      entry: assign({ progress: 0, failure: null }),
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ categoryId: context.categoryId, documentTypeId: context.documentTypeId, target: context.target, files: context.files }),
      },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }) },
        UPLOADED: { target: 'uploaded', actions: assign({ documentId: ({ event }) => event.documentId, progress: 100 }) },
        // The files stay chosen: another try sends them again.
        UPLOAD_FAILED: { target: 'choosing', actions: assign({ failure: ({ event }) => formFailureMessage(event.error) }) },
        CANCEL: { target: 'choosing' },
      },
    },
    uploaded: {
      type: 'final',
      tags: ['uploaded'],
      entry: { type: 'uploaded', params: ({ context }) => ({ documentId: context.documentId ?? 0 }) },
    },
  },
});
