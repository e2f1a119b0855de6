import { assign, emit, fromPromise, setup } from 'xstate';
import { refusalOf, type FormErrors } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import type { UiMessage } from '../shared/ui-message';
import { fieldErrors, fileProblemMessage, supportMessageMessages } from './support-message.form';
import { admitFiles, fieldValuesOf, type AttachmentLimits, type TicketFieldRule } from './support-message.rules';

/**
 * A support message (issue 60; 002 s7): a new ticket (its fields from GET /ticketsFields) or a
 * reply (its text), with attachments within the composer's limits (POST /composetickets):
 * - `editing`: CHANGE a field; ADD_FILES (each checked: empty, too large, of a type not taken, a
 *   duplicate, beyond the count: said by name, not added); REMOVE_FILE; SUBMIT checks every field
 *   (support-message.rules) and, when all is well, uploads and sends;
 * - `uploading`: each file not uploaded yet, in turn (POST /uploads), its progress by PROGRESS; a
 *   failed upload: back to `editing`, nothing sent (said), everything typed kept, the file marked
 *   failed with the service's reason (SUBMIT uploads what is still missing, then sends);
 * - `sending`: the ticket or the reply, once per requestId (a failure keeps it, so sending again
 *   cannot make a second one; any change is a new intent): `done` with what was made; a refusal
 *   back to `editing` with the service's field errors (by apiName) or its message.
 * A reply (`repeatable`) is not the end of the conversation: once sent it emits `sent` with what was
 * made and is back to `editing`, empty, for the next one; a new ticket is `done` with it.
 * The help desk's calls are the support desk's jobs (401 renewal, 429). Views read context.values,
 * .files, .errors, .fileNotes, .error and the tag `busy` (nothing is taken while it is set).
 */
export interface AttachedFile {
  key: string;
  name: string;
  size: number;
  type: string;
  /** The browser's File (opaque here). */
  file: unknown;
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  /** The upload's percent sent (0–100). */
  progress: number;
  uploadId: string | null;
  /** Why its upload failed (the service's reason), shown beside it; null otherwise. */
  problem: UiMessage | null;
}

export interface NewFile {
  name: string;
  size: number;
  type: string;
  file: unknown;
}

export interface SupportMessageInput {
  fields: readonly TicketFieldRule[];
  limits: AttachmentLimits;
  values?: Readonly<Record<string, string>>;
  /** A reply: once sent, emptied for the next one (emits `sent`) instead of done. */
  repeatable?: boolean;
}

export interface SupportMessageContext {
  fields: readonly TicketFieldRule[];
  limits: AttachmentLimits;
  values: Record<string, string>;
  files: AttachedFile[];
  errors: FormErrors;
  /** The files refused when they were added, said by name until the next change of the files. */
  fileNotes: UiMessage[];
  error: UiMessage | null;
  requestId: string | null;
  /** Bumped when SUBMIT is refused, so the view moves the focus to the first problem. */
  attempts: number;
  nextKey: number;
  /** What was made (the ticket or the thread), once sent. */
  made: unknown;
  repeatable: boolean;
}

/** Emitted by a repeatable message (a reply) each time one was sent. */
export interface SupportMessageSent {
  type: 'sent';
  made: unknown;
}

export type SupportMessageEvent =
  | { type: 'CHANGE'; name: string; value: string }
  | { type: 'ADD_FILES'; files: readonly NewFile[] }
  | { type: 'REMOVE_FILE'; key: string }
  | { type: 'SUBMIT' }
  | { type: 'PROGRESS'; key: string; percent: number };

/** What `send` is given: the fields' values as sent, the uploads and the intent's requestId. */
export interface SupportMessageSend {
  values: Record<string, string>;
  uploadIds: string[];
  requestId: string;
}

const pendingOf = (context: SupportMessageContext) => context.files.find((file) => file.status !== 'uploaded') ?? null;
const withFile = (files: AttachedFile[], key: string, patch: Partial<AttachedFile>) => files.map((file) => (file.key === key ? { ...file, ...patch } : file));

export const supportMessageMachine = setup({
  types: {
    context: {} as SupportMessageContext,
    input: {} as SupportMessageInput,
    events: {} as SupportMessageEvent,
    output: {} as unknown,
    emitted: {} as SupportMessageSent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /uploads with the file, reporting its progress: the upload's id. Throws the refusal. */
    upload: fromPromise<string, { file: AttachedFile; report: (percent: number) => void }>(async () => {
      throw new Error('supportMessage: upload not provided');
    }),
    /** POST /tickets or POST /tickets/{id}/threads: what was made. Throws a FormFailure. */
    send: fromPromise<unknown, SupportMessageSend>(async () => {
      throw new Error('supportMessage: send not provided');
    }),
  },
  guards: {
    repeatable: ({ context }) => context.repeatable,
    valid: ({ context }) => Object.keys(fieldErrors(context.fields, context.values)).length === 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const { [event.name]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.name]: event.value }, errors, requestId: null };
    }),
    addFiles: assign(({ context, event }) => {
      if (event.type !== 'ADD_FILES') return {};
      const { admitted, refused, overCount } = admitFiles(context.files, event.files, context.limits);
      const added: AttachedFile[] = admitted.map((file, index) => ({ key: `f${context.nextKey + index}`, name: file.name, size: file.size, type: file.type, file: file.file, status: 'waiting', progress: 0, uploadId: null, problem: null }));
      return {
        files: [...context.files, ...added],
        nextKey: context.nextKey + admitted.length,
        fileNotes: [...refused.map(({ file, problem }) => fileProblemMessage(problem, file.name, context.limits)), ...overCount.map((file) => fileProblemMessage('overCount', file.name, context.limits))],
        requestId: null,
        error: null,
      };
    }),
    removeFile: assign(({ context, event }) => (event.type === 'REMOVE_FILE' ? { files: context.files.filter((file) => file.key !== event.key), fileNotes: [], requestId: null, error: null } : {})),
    refuse: assign(({ context }) => ({ errors: fieldErrors(context.fields, context.values), attempts: context.attempts + 1, error: null })),
    begin: assign(({ context }) => ({ errors: {}, error: null, fileNotes: [], requestId: context.requestId ?? newRequestId() })),
    /** The reply sent: said to the view, then the form emptied for the next one. */
    announceSent: emit(({ event }) => ({ type: 'sent' as const, made: (event as { output?: unknown }).output ?? null })),
    empty: assign(({ context }) => ({ values: {}, files: [], errors: {}, fileNotes: [], error: null, requestId: null, attempts: 0, nextKey: context.nextKey })),
    progress: assign(({ context, event }) => (event.type === 'PROGRESS' ? { files: withFile(context.files, event.key, { progress: Math.max(0, Math.min(100, Math.round(event.percent))) }) } : {})),
  },
}).createMachine({
  id: 'supportMessage',
  context: ({ input }) => ({
    fields: input.fields,
    limits: input.limits,
    values: { ...(input.values ?? {}) },
    files: [],
    errors: {},
    fileNotes: [],
    error: null,
    requestId: null,
    attempts: 0,
    nextKey: 1,
    made: null,
    repeatable: input.repeatable ?? false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        ADD_FILES: { actions: 'addFiles' },
        REMOVE_FILE: { actions: 'removeFile' },
        SUBMIT: [{ guard: 'valid', target: 'uploading', actions: 'begin' }, { actions: 'refuse' }],
      },
    },
    uploading: {
      tags: ['busy'],
      initial: 'next',
      on: { PROGRESS: { actions: 'progress' } },
      states: {
        next: {
          always: [{ guard: ({ context }) => pendingOf(context) !== null, target: 'file' }, { target: '#supportMessage.sending' }],
        },
        file: {
          entry: assign(({ context }) => ({ files: withFile(context.files, pendingOf(context)!.key, { status: 'uploading', progress: 0, problem: null }) })),
          invoke: {
            src: 'upload',
            input: ({ context, self }) => {
              const file = pendingOf(context)!;
              return { file, report: (percent: number) => self.send({ type: 'PROGRESS', key: file.key, percent }) };
            },
            onDone: { target: 'next', actions: assign(({ context, event }) => ({ files: withFile(context.files, pendingOf(context)!.key, { status: 'uploaded', progress: 100, uploadId: event.output }) })) },
            onError: {
              target: '#supportMessage.editing',
              // The form says nothing was sent and all is kept; the file says why (the service's reason:
              // too large, a type not taken, too many requests, unavailable), a bug never shown as text.
              actions: assign(({ context, event }) => ({
                files: withFile(context.files, pendingOf(context)!.key, {
                  status: 'failed',
                  progress: 0,
                  problem: event.error instanceof Error || !event.error ? null : refusalOf(event.error).error,
                }),
                error: { descriptor: supportMessageMessages.uploadFailed },
              })),
            },
          },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'send',
        input: ({ context }) => ({ values: fieldValuesOf(context.fields, context.values), uploadIds: context.files.map((file) => file.uploadId!), requestId: context.requestId! }),
        onDone: [
          { guard: 'repeatable', target: 'editing', actions: ['announceSent', 'empty'] },
          { target: 'done', actions: assign({ made: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const refusal = refusalOf(event.error);
            return refusal.byField ? { errors: refusal.errors, error: refusal.error, attempts: context.attempts + 1 } : { error: refusal.error };
          }),
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }: { context: SupportMessageContext }) => context.made,
});
