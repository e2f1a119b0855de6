import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { msg } from '@lingui/core/macro';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { approvalMachine, type ApprovalOutcome } from '../transfers/approval.machine';
import { sendForApproval } from '../transfers/send-for-approval';
import { isBatchSettled, statusPollDelay, type GlobalPayBatchStatus, type GlobalPayPaymentStatus } from './global-pay-rules';
import {
  applyEdit,
  canSubmit,
  editedIds,
  inverseEdit,
  mergeSaved,
  nextSaveGroup,
  resumeAt,
  withStatuses,
  type GlobalPayBatchFact,
  type GlobalPayEdit,
  type GlobalPayEditFailure,
  type GlobalPayEditRequest,
  type GlobalPayPaymentFact,
} from './global-pay.logic';
import { canFixInPlace, checkPaymentChange, fixesReady, fixReplacements, type GlobalPayBadRow, type GlobalPayFixes, type GlobalPayInlineColumn } from './global-pay-table';

/**
 * A global pay batch's life (001 s3, s4, s7; docs/decisions.md "Global pay"), shared by
 * /transfer/mass/global and /transfer/external/global-summary:
 *
 * - `choosing` the account, a batch name and a file; the file is checked in the browser first
 *   (`check`, a worker: progress, every problem with its line and column, cancellable), then
 *   uploaded (`upload`) once per requestId. Response code 92 (an identical batch exists) stops in
 *   `identical` with its date and batchId: CONFIRM resends with ignoreIdenticalBatch, STOP drops it.
 * - `problems`: the file's bad lines are fixed in place (FIX a cell, OMIT a line) or the file is
 *   downloaded with its problems; USE_FIXES, once every bad line is fixed or left out, writes the
 *   file back (`rewrite`, a worker) and checks it again before anything is uploaded.
 * - `loading` the batch (`getBatch`): from an upload, or RESUME {batchId} after a reload or from
 *   the address; it resumes where the batch is (draft → editing; under way → following; end).
 * - `editing` a draft: EDIT_CELL checks a cell's new value by the file's row rule (refused: the
 *   problem stays on the cell, nothing is sent; accepted: an EDIT); EDIT changes the table (or the batch's name: full update) at once and queues the call; the queue is saved one
 *   call at a time (`save`: a run of changes, removals and restorations in one update payments
 *   call, anything else alone; a requestId each); a refused or failed call marks only its
 *   payments (RETRY_EDIT, DISCARD_EDIT), the others stay. UNDO takes back the last change (its
 *   inverse, worked out when it was made, saved like any change). SUBMIT and REJECT ask first.
 * - `submitting` through the approval statechart (child `approval`, one requestId per intent);
 *   `rejecting` (`reject`).
 * - `following` the batch status (`status`) with back-off (1, 2, 4, 8, then 15 s; POLL — the
 *   realtime channel's news of the batch (`changes`) or the page coming back — asks at once); a
 *   dropped connection only waits longer. It ends in `settled` (completed) or `rejected`.
 * - RESEND {paymentId, beneficiaryEmail?} sends a failed payment again through the approval
 *   statechart (`resending`: single approval).
 *
 * Views read tags.
 */
export type GlobalPayTag =
  | 'choosing'
  | 'checking'
  | 'problems'
  | 'fixable'
  | 'rewriting'
  | 'uploading'
  | 'uploadFailed'
  | 'identical'
  | 'loading'
  | 'loadFailed'
  | 'batch'
  | 'editing'
  | 'saving'
  | 'confirmSubmit'
  | 'confirmReject'
  | 'submitting'
  | 'rejecting'
  | 'following'
  | 'settled'
  | 'rejected'
  | 'resending'
  | 'busy';

export interface GlobalPayFileProblem {
  line: number;
  column: string;
  problem: string;
  /** The service's words for a row it refused (the browser's own problems are worded by the view). */
  message?: string | undefined;
}

export interface GlobalPayUploadInput {
  accountId: number;
  batchName: string;
  file: Blob;
  fileName: string;
  ignoreIdenticalBatch: boolean;
  requestId: string;
}
/** What an upload answered: a new batch, an identical one (code 92), or the rows the service refused. */
export type GlobalPayUploadOutcome =
  | { result: 'created'; batchId: number }
  | { result: 'identical'; batchId: number; date: string }
  | { result: 'refused'; problems: readonly GlobalPayFileProblem[] };

export interface GlobalPayStatusFact {
  status: GlobalPayBatchStatus;
  payments: readonly { id: number; status: GlobalPayPaymentStatus; receivedBy?: string | undefined; failureReason?: string | undefined }[];
}

export type GlobalPayEvent =
  | { type: 'ACCOUNT'; accountId: string }
  | { type: 'BATCH_NAME'; batchName: string }
  | { type: 'FILE'; file: Blob; fileName: string }
  | { type: 'PROGRESS'; share: number }
  | { type: 'CHECKED'; problems: readonly GlobalPayFileProblem[]; rows: number; header?: readonly string[]; badRows?: readonly GlobalPayBadRow[] }
  /** A bad line's cell fixed in place (before upload). */
  | { type: 'FIX'; line: number; column: string; value: string }
  /** A bad line left out of the file (or taken back in). */
  | { type: 'OMIT'; line: number; omitted: boolean }
  /** Write the fixed file back and check it again. */
  | { type: 'USE_FIXES' }
  /** A cell of the draft's table changed in place. */
  | { type: 'EDIT_CELL'; id: number; column: GlobalPayInlineColumn; value: string }
  | { type: 'CHECK_FAILED' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'CONFIRM' }
  | { type: 'STOP' }
  | { type: 'RESUME'; batchId: number }
  /** `undoing`: the edit undoes an earlier one (it is not itself undone). */
  | { type: 'EDIT'; edit: GlobalPayEditRequest; undoing?: boolean }
  | { type: 'UNDO' }
  | { type: 'RETRY_EDIT'; id: number }
  | { type: 'DISCARD_EDIT'; id: number }
  | { type: 'SUBMIT' }
  | { type: 'REJECT' }
  | { type: 'BACK' }
  | { type: 'POLL' }
  | { type: 'RESEND'; paymentId: number; beneficiaryEmail?: string | undefined }
  | { type: 'NEW' };

export interface GlobalPayContext {
  accountId: string;
  batchName: string;
  file: Blob | null;
  fileName: string;
  progress: number;
  rows: number;
  problems: readonly GlobalPayFileProblem[];
  /** The file's header and its bad lines as read (to fix them in place), the fixes and the lines left out. */
  header: readonly string[];
  badRows: readonly GlobalPayBadRow[];
  fixes: GlobalPayFixes;
  omitted: readonly number[];
  uploadRequestId: string;
  ignoreIdenticalBatch: boolean;
  identical: { batchId: number; date: string } | null;
  /** The batch the statechart holds (a reload resumes it). */
  batchId: number | null;
  batch: Omit<GlobalPayBatchFact, 'payments'> | null;
  /** The payments as shown (edits included at once). */
  payments: readonly GlobalPayPaymentFact[];
  /** The payments as the service last answered them (DISCARD_EDIT goes back to these). */
  saved: readonly GlobalPayPaymentFact[];
  queue: readonly GlobalPayEdit[];
  /** The batch's name as the service has it (a refused rename goes back to it). */
  savedBatchName: string;
  /** How many edits at the head of the queue the call under way saves. */
  inFlight: number;
  /** What undoes each change made, newest last (UNDO takes the last). */
  undo: readonly (readonly GlobalPayEditRequest[])[];
  /** Edits the service refused or that failed, by payment id. */
  failedEdits: Readonly<Record<number, { edit: GlobalPayEdit; failure: GlobalPayEditFailure }>>;
  /** Cells of the table whose new value the row rule refused (by `id:column`): the value as typed and its problem; nothing was sent. */
  cellErrors: Readonly<Record<string, { value: string; problem: string }>>;
  nextTempId: number;
  submitRequestId: string;
  outcome: ApprovalOutcome | null;
  /** The page-level message (a failed upload, load, submit or reject). */
  failure: UiMessage | null;
  /** Status polls since the last change of status (the back-off). */
  attempt: number;
  /** The last status poll did not reach the service (the page says it keeps trying). */
  statusFailed: boolean;
  resend: { paymentId: number; beneficiaryEmail?: string | undefined; requestId: string } | null;
}

export interface GlobalPayInput {
  /** Resume this batch (from the address). */
  batchId?: number | undefined;
}

const unreadable = msg`The file could not be read. Choose it again.`;
const unwritable = msg`The fixed file could not be written. Try again, or download the file with its problems.`;
/** The fixes of a file start again when another file is chosen. */
const noFixes = { header: [], badRows: [], fixes: {}, omitted: [] } as const;
const cellKey = (id: number, column: string) => `${id}:${column}`;
/** How many changes can be undone, one after another. */
export const UNDO_DEPTH = 50;

const fresh = (batchId: number | null = null): GlobalPayContext => ({
  accountId: '',
  batchName: '',
  file: null,
  fileName: '',
  progress: 0,
  rows: 0,
  problems: [],
  header: [],
  badRows: [],
  fixes: {},
  omitted: [],
  uploadRequestId: newRequestId(),
  ignoreIdenticalBatch: false,
  identical: null,
  batchId,
  batch: null,
  payments: [],
  saved: [],
  queue: [],
  savedBatchName: '',
  inFlight: 0,
  undo: [],
  failedEdits: {},
  cellErrors: {},
  nextTempId: -1,
  submitRequestId: newRequestId(),
  outcome: null,
  failure: null,
  attempt: 0,
  statusFailed: false,
  resend: null,
});

const readyToCheck = (context: GlobalPayContext) => /^\d+$/.test(context.accountId) && context.file !== null && context.batchName.trim().length <= 60;
const withoutKey = <T,>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  if (!(key in record)) return record as Record<string, T>;
  const { [key]: _gone, ...rest } = record;
  return rest;
};
const withoutFailed = (failed: GlobalPayContext['failedEdits'], ids: readonly number[]) => Object.fromEntries(Object.entries(failed).filter(([id]) => !ids.includes(Number(id))));

export const globalPayBatchMachine = setup({
  types: {
    context: {} as GlobalPayContext,
    events: {} as GlobalPayEvent,
    input: {} as GlobalPayInput,
    tags: {} as GlobalPayTag,
  },
  actors: {
    /** The browser's check of the file (a worker): sends PROGRESS, then CHECKED or CHECK_FAILED; stopping it cancels. */
    check: fromCallback<GlobalPayEvent, { file: Blob }>(() => () => undefined),
    /** The file written back with the fixed lines (null: left out), in a worker. */
    rewrite: fromPromise<Blob, { file: Blob; replacements: Record<number, string[] | null> }>(async () => {
      throw new Error('rewrite not provided');
    }),
    /** upload batch (file, accountId, batchName, ignoreIdenticalBatch). Throws a UiMessage. */
    upload: fromPromise<GlobalPayUploadOutcome, GlobalPayUploadInput>(async () => {
      throw new Error('upload not provided');
    }),
    /** get batch. Throws a UiMessage. */
    getBatch: fromPromise<GlobalPayBatchFact, { batchId: number }>(async () => {
      throw new Error('getBatch not provided');
    }),
    /** One call for the edits (saveCallOf: update payments for a run of changes, else the edit's own call): the payments it changed. Throws a GlobalPayEditFailure. */
    save: fromPromise<readonly GlobalPayPaymentFact[], { batchId: number; edits: readonly GlobalPayEdit[] }>(async () => {
      throw new Error('save not provided');
    }),
    /** reject. Throws a UiMessage. */
    reject: fromPromise<void, { batchId: number }>(async () => {
      throw new Error('reject not provided');
    }),
    /** batch status. Throws when the service could not be reached. */
    status: fromPromise<GlobalPayStatusFact, { batchId: number }>(async () => {
      throw new Error('status not provided');
    }),
    /** News of this batch on the realtime channel (a recipient chose how to receive): sends POLL. */
    changes: fromCallback<GlobalPayEvent, { batchId: number }>(() => () => undefined),
    approval: approvalMachine,
  },
  actions: {
    /** Provided by the app: the batch was sent (the summary page shows it). */
    submitted: () => {},
    /** Provided by the app: money moved (refresh the balances and history). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    restartPolling: assign({ attempt: 0 }),
    newSubmitIntent: assign({ submitRequestId: () => newRequestId() }),
    paymentResent: assign(({ context }) => ({
      attempt: 0,
      payments: context.payments.map((p) =>
        p.id === context.resend?.paymentId ? { ...p, status: 'processing' as const, failureReason: undefined, beneficiaryEmail: context.resend.beneficiaryEmail ?? p.beneficiaryEmail } : p,
      ),
      resend: null,
    })),
    resendEnded: assign({ resend: null, attempt: 0 }),
    keepBatch: assign(({ event }) => {
      const { payments, ...batch } = (event as unknown as { output: GlobalPayBatchFact }).output;
      return { batch, batchId: batch.batchId, payments, saved: payments, savedBatchName: batch.batchName, queue: [], failedEdits: {}, cellErrors: {}, undo: [], attempt: 0, failure: null };
    }),
    keepStatus: assign(({ context, event }) => {
      const output = (event as unknown as { output: GlobalPayStatusFact }).output;
      const before = new Map(context.payments.map((p) => [p.id, p.status]));
      const changed = output.status !== context.batch?.status || output.payments.some((s) => before.get(s.id) !== s.status);
      return {
        batch: context.batch ? { ...context.batch, status: output.status } : null,
        payments: withStatuses(context.payments, output.payments),
        statusFailed: false,
        attempt: changed ? 0 : context.attempt + 1,
      };
    }),
    queueEdit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      const tempId = context.nextTempId;
      const edit: GlobalPayEdit = { ...event.edit, requestId: newRequestId(), ...(event.edit.kind === 'add' ? { tempId } : {}) };
      const inverse = event.undoing ? null : inverseEdit(context.payments, event.edit, context.batch?.batchName ?? '');
      return {
        payments: applyEdit(context.payments, edit),
        queue: [...context.queue, edit],
        nextTempId: event.edit.kind === 'add' ? tempId - 1 : tempId,
        failure: null,
        batch: event.edit.kind === 'rename' && context.batch ? { ...context.batch, batchName: event.edit.batchName } : context.batch,
        undo: inverse ? [...context.undo, inverse].slice(-UNDO_DEPTH) : context.undo,
        // A change of a payment's fields replaces what was typed into those cells and refused.
        cellErrors: event.edit.kind === 'update' ? Object.keys(event.edit.changes).reduce((errors, column) => withoutKey(errors, cellKey((event.edit as { id: number }).id, column)), context.cellErrors) : context.cellErrors,
      };
    }),
    keepResend: assign(({ event }) => ({
      resend: event.type === 'RESEND' ? { paymentId: event.paymentId, beneficiaryEmail: event.beneficiaryEmail?.trim() || undefined, requestId: newRequestId() } : null,
      failure: null,
    })),
  },
  delays: {
    poll: ({ context }) => statusPollDelay(context.attempt),
  },
  guards: {
    readyToCheck: ({ context }) => readyToCheck(context),
    hasProblems: ({ event }) => event.type === 'CHECKED' && event.problems.length > 0,
    fixesReady: ({ context }) => fixesReady(context.header, context.badRows, context.problems, context.fixes, context.omitted),
    isBadLine: ({ context, event }) => (event.type === 'FIX' || event.type === 'OMIT') && context.badRows.some((row) => row.line === event.line),
    cellRefused: ({ context, event }) => {
      if (event.type !== 'EDIT_CELL') return false;
      const payment = context.payments.find((p) => p.id === event.id);
      return !payment || 'problem' in checkPaymentChange(payment, event.column, event.value);
    },
    cellUnchanged: ({ context, event }) => {
      if (event.type !== 'EDIT_CELL') return false;
      const result = checkPaymentChange(context.payments.find((p) => p.id === event.id)!, event.column, event.value);
      return 'changes' in result && Object.keys(result.changes).length === 0;
    },
    uploadIs: ({ event }, params: { result: GlobalPayUploadOutcome['result'] }) => 'output' in event && (event.output as GlobalPayUploadOutcome).result === params.result,
    resumesAt: ({ event }, params: { at: ReturnType<typeof resumeAt> }) => 'output' in event && resumeAt((event.output as GlobalPayBatchFact).status) === params.at,
    hasQueue: ({ context }) => context.queue.length > 0,
    hasUndo: ({ context }) => context.undo.length > 0,
    allSaved: ({ context }) => context.queue.length === 0 && Object.keys(context.failedEdits).length === 0,
    mayResume: ({ context, event }) => event.type === 'RESUME' && event.batchId !== context.batchId,
    maySubmit: ({ context }) => canSubmit(context.payments, context.queue.length, Object.keys(context.failedEdits).length),
    isFailedEdit: ({ context, event }) => (event.type === 'RETRY_EDIT' || event.type === 'DISCARD_EDIT') && context.failedEdits[event.id] !== undefined,
    settled: ({ event }) => 'output' in event && isBatchSettled((event.output as GlobalPayStatusFact).status),
    mayResend: ({ context, event }) => event.type === 'RESEND' && context.payments.some((p) => p.id === event.paymentId && p.status === 'failed'),
  },
}).createMachine({
  id: 'globalPayBatch',
  context: ({ input }) => fresh(input.batchId ?? null),
  initial: 'start',
  on: {
    // The address names another batch (a link, a reload of another page): load it.
    RESUME: { guard: 'mayResume', target: '.loading', actions: assign(({ event }) => ({ ...fresh(event.type === 'RESUME' ? event.batchId : null) })) },
  },
  states: {
    start: {
      always: [{ guard: ({ context }) => context.batchId !== null, target: 'loading' }, { target: 'choosing' }],
    },
    choosing: {
      tags: ['choosing'],
      on: {
        ACCOUNT: { actions: assign({ accountId: ({ event }) => event.accountId, failure: null }) },
        BATCH_NAME: { actions: assign({ batchName: ({ event }) => event.batchName }) },
        FILE: { actions: assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.fileName, problems: [], failure: null, uploadRequestId: () => newRequestId(), ignoreIdenticalBatch: false }) },
      },
      // A chosen file is checked as soon as the account is known too (in either order).
      always: { guard: 'readyToCheck', target: 'checking' },
    },
    checking: {
      tags: ['choosing', 'checking', 'busy'],
      entry: assign({ progress: 0 }),
      invoke: { src: 'check', input: ({ context }) => ({ file: context.file! }) },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => event.share }) },
        CHECKED: [
          {
            guard: 'hasProblems',
            target: 'problems',
            actions: assign(({ event }) => ({ problems: event.problems, rows: event.rows, header: event.header ?? [], badRows: event.badRows ?? [], fixes: {}, omitted: [] })),
          },
          { target: 'uploading', actions: assign({ problems: [], rows: ({ event }) => event.rows, ...noFixes }) },
        ],
        CHECK_FAILED: { target: 'choosing', actions: assign({ file: null, fileName: '', failure: { descriptor: unreadable } }) },
        CANCEL: { target: 'choosing', actions: assign({ file: null, fileName: '' }) },
      },
    },
    /** The file has problems (the browser's, or rows the service refused): fix the lines here, or choose a fixed file. */
    problems: {
      tags: ['choosing', 'problems'],
      on: {
        ACCOUNT: { actions: assign({ accountId: ({ event }) => event.accountId }) },
        BATCH_NAME: { actions: assign({ batchName: ({ event }) => event.batchName }) },
        FILE: { target: 'checking', actions: assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.fileName, problems: [], ...noFixes, uploadRequestId: () => newRequestId(), ignoreIdenticalBatch: false }) },
        FIX: {
          guard: 'isBadLine',
          actions: assign({ fixes: ({ context, event }) => ({ ...context.fixes, [event.line]: { ...context.fixes[event.line], [event.column]: event.value } }), failure: null }),
        },
        OMIT: {
          guard: 'isBadLine',
          actions: assign({ omitted: ({ context, event }) => (event.omitted ? [...new Set([...context.omitted, event.line])] : context.omitted.filter((line) => line !== event.line)) }),
        },
        USE_FIXES: { guard: 'fixesReady', target: 'rewriting' },
      },
      initial: 'listed',
      states: {
        listed: {
          always: { guard: ({ context }) => canFixInPlace(context.problems, context.badRows), target: 'fixable' },
        },
        /** Every problem is on a line read with its cells: the lines can be fixed here. */
        fixable: { tags: ['fixable'] },
      },
    },
    /** The fixed file written back (a worker), then checked again as a new file: a new requestId. */
    rewriting: {
      tags: ['choosing', 'problems', 'fixable', 'rewriting', 'busy'],
      invoke: {
        src: 'rewrite',
        input: ({ context }) => ({ file: context.file!, replacements: fixReplacements(context.header, context.badRows, context.fixes, context.omitted) }),
        onDone: { target: 'checking', actions: assign({ file: ({ event }) => event.output, problems: [], ...noFixes, uploadRequestId: () => newRequestId(), ignoreIdenticalBatch: false }) },
        onError: { target: 'problems.fixable', actions: assign({ failure: { descriptor: unwritable } }) },
      },
    },
    uploading: {
      tags: ['choosing', 'uploading', 'busy'],
      invoke: {
        src: 'upload',
        input: ({ context }) => ({
          accountId: Number(context.accountId),
          batchName: context.batchName.trim(),
          file: context.file!,
          fileName: context.fileName,
          ignoreIdenticalBatch: context.ignoreIdenticalBatch,
          requestId: context.uploadRequestId,
        }),
        onDone: [
          {
            guard: { type: 'uploadIs', params: { result: 'identical' } },
            target: 'identical',
            actions: assign({ identical: ({ event }) => (event.output.result === 'identical' ? { batchId: event.output.batchId, date: event.output.date } : null) }),
          },
          { guard: { type: 'uploadIs', params: { result: 'refused' } }, target: 'problems', actions: assign({ problems: ({ event }) => (event.output.result === 'refused' ? event.output.problems : []) }) },
          { target: 'loading', actions: assign({ batchId: ({ event }) => (event.output.result === 'created' ? event.output.batchId : null), file: null, identical: null }) },
        ],
        // The reply was lost or refused: the file stays; RETRY sends the same requestId (nothing created twice).
        onError: { target: 'uploadFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    uploadFailed: {
      tags: ['choosing', 'uploadFailed'],
      on: {
        RETRY: { target: 'uploading', actions: assign({ failure: null }) },
        FILE: { target: 'checking', actions: assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.fileName, failure: null, uploadRequestId: () => newRequestId(), ignoreIdenticalBatch: false }) },
        CANCEL: { target: 'choosing', actions: assign({ file: null, fileName: '', failure: null }) },
      },
    },
    /** Code 92: an identical batch exists. */
    identical: {
      tags: ['choosing', 'identical'],
      on: {
        // Sending it anyway is a new intent: a new requestId.
        CONFIRM: { target: 'uploading', actions: assign({ ignoreIdenticalBatch: true, uploadRequestId: () => newRequestId() }) },
        STOP: { target: 'choosing', actions: assign({ file: null, fileName: '', identical: null }) },
      },
    },
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        src: 'getBatch',
        input: ({ context }) => ({ batchId: context.batchId! }),
        onDone: [
          { guard: { type: 'resumesAt', params: { at: 'editing' } }, target: 'editing', actions: 'keepBatch' },
          { guard: { type: 'resumesAt', params: { at: 'following' } }, target: 'following', actions: 'keepBatch' },
          { guard: { type: 'resumesAt', params: { at: 'settled' } }, target: 'settled', actions: 'keepBatch' },
          { target: 'rejected', actions: 'keepBatch' },
        ],
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: {
        RETRY: { target: 'loading', actions: assign({ failure: null }) },
        NEW: { target: 'choosing', actions: assign(() => fresh()) },
      },
    },
    editing: {
      tags: ['batch', 'editing'],
      on: {
        EDIT: { actions: 'queueEdit' },
        // A cell changed in place: refused by the row rule, it stays on the cell and nothing is sent.
        EDIT_CELL: [
          {
            guard: 'cellRefused',
            actions: assign({
              cellErrors: ({ context, event }) => {
                const payment = context.payments.find((p) => p.id === event.id);
                const result = payment ? checkPaymentChange(payment, event.column, event.value) : { problem: 'required' };
                return { ...context.cellErrors, [cellKey(event.id, event.column)]: { value: event.value, problem: 'problem' in result ? result.problem : 'required' } };
              },
            }),
          },
          { guard: 'cellUnchanged', actions: assign({ cellErrors: ({ context, event }) => withoutKey(context.cellErrors, cellKey(event.id, event.column)) }) },
          {
            actions: [
              assign({ cellErrors: ({ context, event }) => withoutKey(context.cellErrors, cellKey(event.id, event.column)) }),
              raise(({ context, event }) => {
                const result = checkPaymentChange(context.payments.find((p) => p.id === event.id)!, event.column, event.value);
                return { type: 'EDIT' as const, edit: { kind: 'update' as const, id: event.id, changes: 'changes' in result ? result.changes : {} } };
              }),
            ],
          },
        ],
        // The last change undone (its inverse, worked out when it was made), saved like any change.
        UNDO: {
          guard: 'hasUndo',
          actions: [
            ({ context, self }) => {
              for (const edit of context.undo.at(-1)!) self.send({ type: 'EDIT', edit, undoing: true });
            },
            assign({ undo: ({ context }) => context.undo.slice(0, -1) }),
          ],
        },
        // The same call again, with its requestId (a lost reply is not applied twice).
        RETRY_EDIT: {
          guard: 'isFailedEdit',
          actions: assign(({ context, event }) => {
            const failed = context.failedEdits[event.id]!;
            const ids = editedIds(failed.edit, context.payments);
            return { queue: [...context.queue, failed.edit], failedEdits: withoutFailed(context.failedEdits, ids) };
          }),
        },
        // Back to what the service has.
        DISCARD_EDIT: {
          guard: 'isFailedEdit',
          actions: assign(({ context, event }) => {
            const failed = context.failedEdits[event.id]!;
            const ids = editedIds(failed.edit, context.payments);
            const saved = new Map(context.saved.map((p) => [p.id, p]));
            const payments = context.payments.flatMap((p) => (ids.includes(p.id) ? (saved.has(p.id) ? [saved.get(p.id)!] : []) : [p]));
            // What is undone now may no longer hold: the undo history starts again.
            return { payments, failedEdits: withoutFailed(context.failedEdits, ids), undo: [] };
          }),
        },
      },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasQueue', target: 'saving' },
          on: {
            SUBMIT: { guard: 'maySubmit', target: '#globalPayBatch.confirmingSubmit' },
            REJECT: { target: '#globalPayBatch.confirmingReject' },
            // Another batch: this draft stays saved (nothing of it is lost: every change is saved first).
            NEW: { guard: 'allSaved', target: '#globalPayBatch.choosing', actions: assign(() => fresh()) },
          },
        },
        saving: {
          tags: ['saving'],
          // A run of changes, removals and restorations goes as one call; anything else alone.
          entry: assign({ inFlight: ({ context }) => nextSaveGroup(context.queue).length }),
          invoke: {
            src: 'save',
            input: ({ context }) => ({ batchId: context.batchId!, edits: context.queue.slice(0, context.inFlight) }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const group = context.queue.slice(0, context.inFlight);
                const savedById = new Map(context.saved.map((p) => [p.id, p]));
                for (const p of event.output) savedById.set(p.id, p);
                const head = group[0]!;
                return {
                  payments: mergeSaved(context.payments, head, event.output),
                  saved: [...savedById.values()],
                  queue: context.queue.slice(group.length),
                  savedBatchName: head.kind === 'rename' ? head.batchName : context.savedBatchName,
                };
              }),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const group = context.queue.slice(0, context.inFlight);
                const failure: GlobalPayEditFailure = (event.error as GlobalPayEditFailure | null)?.message ? (event.error as GlobalPayEditFailure) : { message: toFailure(event.error) };
                const head = group[0]!;
                // A new name that was not taken: the saved name comes back and the page says why.
                if (head.kind === 'rename') return { queue: context.queue.slice(1), failure: failure.message, batch: context.batch ? { ...context.batch, batchName: context.savedBatchName } : null };
                // Each payment of the call is marked with its own edit (tried again alone, or undone).
                const marks = Object.fromEntries(group.flatMap((edit) => editedIds(edit, context.payments).map((id) => [id, { edit, failure }])));
                return { failedEdits: { ...context.failedEdits, ...marks }, queue: context.queue.slice(group.length) };
              }),
            },
          },
        },
      },
    },
    confirmingSubmit: {
      tags: ['batch', 'confirmSubmit'],
      on: { BACK: 'editing', CONFIRM: 'submitting' },
    },
    confirmingReject: {
      tags: ['batch', 'confirmReject'],
      on: { BACK: 'editing', CONFIRM: 'rejecting' },
    },
    submitting: {
      tags: ['batch', 'submitting', 'busy'],
      ...sendForApproval<GlobalPayContext, 'restartPolling' | 'submitted' | 'newSubmitIntent'>({
        request: (context) => ({ method: 'globalPaySubmit', body: { batchId: context.batchId!, requestId: context.submitRequestId } }),
        moved: { target: 'following', actions: ['restartPolling', 'submitted'] },
        // Failed or rejected: nothing was sent; submitting again is a new intent.
        notMoved: { target: 'editing', actions: ['newSubmitIntent'] },
        cancelled: { target: 'editing' },
      }),
    },
    rejecting: {
      tags: ['batch', 'rejecting', 'busy'],
      invoke: {
        src: 'reject',
        input: ({ context }) => ({ batchId: context.batchId! }),
        onDone: { target: 'rejected', actions: assign(({ context }) => ({ batch: context.batch ? { ...context.batch, status: 'rejected' as const } : null })) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    following: {
      tags: ['batch', 'following'],
      invoke: { src: 'changes', input: ({ context }) => ({ batchId: context.batchId! }) },
      on: {
        RESEND: { guard: 'mayResend', target: 'resending', actions: 'keepResend' },
      },
      initial: 'polling',
      states: {
        polling: {
          invoke: {
            src: 'status',
            input: ({ context }) => ({ batchId: context.batchId! }),
            onDone: [
              { guard: 'settled', target: '#globalPayBatch.settled', actions: 'keepStatus' },
              { target: 'waiting', actions: 'keepStatus' },
            ],
            // Not reachable now: keep what is known and ask again later.
            onError: { target: 'waiting', actions: assign({ attempt: ({ context }) => context.attempt + 1, statusFailed: true }) },
          },
        },
        waiting: {
          after: { poll: 'polling' },
          on: { POLL: 'polling' },
        },
      },
    },
    settled: {
      tags: ['batch', 'settled'],
      on: {
        RESEND: { guard: 'mayResend', target: 'resending', actions: 'keepResend' },
        NEW: { target: 'choosing', actions: assign(() => fresh()) },
      },
    },
    resending: {
      tags: ['batch', 'resending', 'busy'],
      ...sendForApproval<GlobalPayContext, 'paymentResent' | 'resendEnded'>({
        request: (context) => ({
          method: 'globalPayResendPayment',
          body: { batchId: context.batchId!, paymentId: context.resend!.paymentId, requestId: context.resend!.requestId, ...(context.resend!.beneficiaryEmail ? { beneficiaryEmail: context.resend!.beneficiaryEmail } : {}) },
        }),
        moved: { target: 'following', actions: ['paymentResent'] },
        notMoved: { target: 'following', actions: ['resendEnded'] },
        cancelled: { target: 'following', actions: ['resendEnded'] },
        // The batch's outcome is its submit's: a payment's resend keeps none.
        ended: false,
      }),
    },
    rejected: {
      tags: ['rejected'],
      on: { NEW: { target: 'choosing', actions: assign(() => fresh()) } },
    },
  },
});
