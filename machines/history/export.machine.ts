import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';
import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';

/**
 * One export of the history (001 s7: export with amountFrom, amountTo, customerEmail, type;
 * start returns exportId; status by exportId; send to e-mail with exportId, e-mail and optional
 * fromCustomerId). Started, then its status is asked with a growing pause (1 s, 2 s, 4 s, then
 * every 8 s) until the file is ready or failed, at most EXPORT_MAX_POLLS times; a ready export is
 * downloaded (in the mobile app through its download message) or sent to an e-mail, as often as
 * the customer likes. Cancel stops waiting; a failure can be retried (a new export).
 *
 * Views read tags: `working` (starting or waiting), `ready`, `busy` (downloading or sending),
 * `failed`, `sent`.
 */
export type ExportType = 'csv' | 'pdf';

export interface ExportRequest {
  type: ExportType;
  amountFrom?: string | undefined;
  amountTo?: string | undefined;
  customerEmail?: string | undefined;
  /** The history filter the export covers (account, dates, …), as the list shows it. */
  filter?: Record<string, string | number> | undefined;
}

export type ExportStatus = { status: 'pending'; progress?: number | undefined } | { status: 'ready' } | { status: 'failed'; reason?: string | undefined };

export const EXPORT_MAX_POLLS = 30;
export const EXPORT_POLL_MS = 1000;
export const EXPORT_POLL_MAX_MS = 8000;

/** The pause before the n-th status question (n from 0): 1 s, 2 s, 4 s, 8 s, 8 s, … */
export const exportPollDelay = (attempt: number): number => Math.min(EXPORT_POLL_MS * 2 ** attempt, EXPORT_POLL_MAX_MS);

export const exportMessages = {
  failed: msg`The export could not be made. Try again.`,
  timedOut: msg`The export is taking too long. Try again later.`,
  sent: msg`The export is on its way to {email}.`,
};

export type ExportTag = 'working' | 'ready' | 'busy' | 'failed' | 'sent';
export type ExportEvent =
  | { type: 'START'; request: ExportRequest }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'DOWNLOAD' }
  | { type: 'SEND'; email: string };

export interface ExportContext {
  request: ExportRequest | null;
  exportId: string | null;
  attempts: number;
  progress: number | null;
  error: UiMessage | null;
  sentTo: string | null;
}

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    tags: {} as ExportTag,
  },
  actors: {
    /** Export start: the exportId. Throws a UiMessage. */
    start: fromPromise<string, ExportRequest>(async () => {
      throw new Error('start not provided');
    }),
    /** Export status by exportId. */
    status: fromPromise<ExportStatus, { exportId: string }>(async () => {
      throw new Error('status not provided');
    }),
    /** Fetches the ready file and hands it to the browser (or the mobile app). */
    download: fromPromise<void, { exportId: string; type: ExportType }>(async () => {
      throw new Error('download not provided');
    }),
    /** Send to e-mail (exportId, e-mail). */
    send: fromPromise<void, { exportId: string; email: string }>(async () => {
      throw new Error('send not provided');
    }),
  },
  delays: {
    poll: ({ context }) => exportPollDelay(context.attempts),
  },
  guards: {
    ready: (_, params: { output: ExportStatus }) => params.output.status === 'ready',
    failed: (_, params: { output: ExportStatus }) => params.output.status === 'failed',
    outOfPolls: ({ context }) => context.attempts + 1 >= EXPORT_MAX_POLLS,
  },
  actions: {
    fail: assign({ error: (_, params: { error: unknown }) => (params.error instanceof Error || !params.error ? { descriptor: exportMessages.failed } : (params.error as UiMessage)) }),
  },
}).createMachine({
  id: 'export',
  context: { request: null, exportId: null, attempts: 0, progress: null, error: null, sentTo: null },
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'starting', actions: assign({ request: ({ event }) => event.request, error: null, sentTo: null }) } },
    },
    starting: {
      tags: ['working'],
      invoke: {
        src: 'start',
        input: ({ context }) => context.request ?? { type: 'csv' },
        onDone: { target: 'waiting', actions: assign({ exportId: ({ event }) => event.output, attempts: 0, progress: null }) },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { CANCEL: 'idle' },
    },
    waiting: {
      tags: ['working'],
      after: { poll: 'checking' },
      on: { CANCEL: { target: 'idle', actions: assign({ exportId: null }) } },
    },
    checking: {
      tags: ['working'],
      invoke: {
        src: 'status',
        input: ({ context }) => ({ exportId: context.exportId ?? '' }),
        onDone: [
          { guard: { type: 'ready', params: ({ event }) => ({ output: event.output }) }, target: 'ready' },
          {
            guard: { type: 'failed', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: assign({ error: ({ event }) => ('reason' in event.output && event.output.reason ? { text: event.output.reason } : { descriptor: exportMessages.failed }) }),
          },
          { guard: 'outOfPolls', target: 'failed', actions: assign({ error: { descriptor: exportMessages.timedOut } }) },
          {
            target: 'waiting',
            actions: assign({
              attempts: ({ context }) => context.attempts + 1,
              progress: ({ event }) => ('progress' in event.output && typeof event.output.progress === 'number' ? event.output.progress : null),
            }),
          },
        ],
        // A status question that fails (the network) is asked again after the next pause.
        onError: [
          { guard: 'outOfPolls', target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          { target: 'waiting', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
        ],
      },
      on: { CANCEL: { target: 'idle', actions: assign({ exportId: null }) } },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        CANCEL: { target: 'idle', actions: assign({ exportId: null, request: null }) },
      },
      states: {
        idle: {
          on: {
            DOWNLOAD: { target: 'downloading', actions: assign({ error: null, sentTo: null }) },
            SEND: { target: 'sending', actions: assign({ error: null, sentTo: ({ event }) => event.email }) },
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            src: 'download',
            input: ({ context }) => ({ exportId: context.exportId ?? '', type: context.request?.type ?? 'csv' }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'send',
            input: ({ context }) => ({ exportId: context.exportId ?? '', email: context.sentTo ?? '' }),
            onDone: 'sent',
            onError: { target: 'idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, assign({ sentTo: null })] },
          },
        },
        sent: {
          tags: ['sent'],
          on: {
            DOWNLOAD: { target: 'downloading', actions: assign({ error: null, sentTo: null }) },
            SEND: { target: 'sending', actions: assign({ error: null, sentTo: ({ event }) => event.email }) },
          },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: { target: 'starting', actions: assign({ error: null, exportId: null }) },
        CANCEL: { target: 'idle', actions: assign({ error: null, exportId: null, request: null }) },
      },
    },
  },
});

export const sendExportMessages = {
  email: msg`Type a whole e-mail address.`,
};

/** The "send to e-mail" form of a ready export: a whole address (001 s5 e-mail rule, not empty here). */
export function validateSendExport(values: FormValues): FormErrors {
  const email = (values.email ?? '').trim();
  return email.length > 5 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? {} : { email: { descriptor: sendExportMessages.email } };
}

export const sendExportFormMachine = createFormMachine('sendExport', validateSendExport);
