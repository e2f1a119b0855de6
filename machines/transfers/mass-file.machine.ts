import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { msg } from '@lingui/core/macro';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { approvalMachine, type ApprovalOutcome } from './approval.machine';
import { sendForApproval } from './send-for-approval';
import type { MassFileApprovalRequest } from './approval-request';
import type { MassFileMethod } from './external-rails';

/**
 * A mass file transfer across /transfer/mass/{wire,eft,oct,digital} and
 * /transfer/external/mass/confirm (001 s2, s5, s7): the customer chooses the account, a batch name
 * and a file; the file is checked in the browser first (`check`, a worker: progress as it reads,
 * every problem with its line and column, cancellable), so a bad file is fixed before anything is
 * sent; a clean file is uploaded with onlySummary (`summarize`: nothing moves; rows the service
 * refuses come back the same way); the summary is reviewed on the confirm page and CONFIRM sends
 * the batch through the approval statechart (child `approval`) with one requestId per reviewed
 * summary (a retry sends the same). A sent batch ends in `sent` until NEW.
 *
 * Views read tags: `editing`, `checking`, `problems`, `busy`, `review`, `sending`, `sent`.
 */
export type MassFileTag = 'editing' | 'checking' | 'problems' | 'busy' | 'review' | 'sending' | 'sent';

export interface MassFileProblemFact {
  line: number;
  column: string;
  problem: string;
  /** The service's words for a row it refused (the browser's own problems are worded by the view). */
  message?: string | undefined;
}
export interface MassFileSummaryFact {
  count: number;
  total: string;
  fee: string;
  currencyCode: string;
  errors: readonly MassFileProblemFact[];
}

export type MassFileEvent =
  | { type: 'ACCOUNT'; accountId: string }
  | { type: 'BATCH_NAME'; batchName: string }
  | { type: 'FILE'; file: Blob; fileName: string }
  | { type: 'PROGRESS'; share: number }
  | { type: 'CHECKED'; problems: readonly MassFileProblemFact[]; rows: number }
  | { type: 'CHECK_FAILED' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'EDIT' }
  | { type: 'NEW' };

export interface MassFileContext {
  method: MassFileMethod;
  accountId: string;
  batchName: string;
  file: Blob | null;
  fileName: string;
  /** How much of the file the check has read (0 to 1). */
  progress: number;
  rows: number;
  problems: readonly MassFileProblemFact[];
  summary: MassFileSummaryFact | null;
  failure: UiMessage | null;
  requestId: string;
  outcome: ApprovalOutcome | null;
}

/** The upload's data part (001 s7: onlySummary, accountId, batchName, method), with the file. */
export function massFileRequest(context: Pick<MassFileContext, 'method' | 'accountId' | 'batchName' | 'file' | 'fileName'>, onlySummary: boolean, requestId?: string): Omit<MassFileApprovalRequest, 'method'> {
  return {
    data: {
      onlySummary,
      accountId: Number(context.accountId),
      method: context.method,
      ...(context.batchName.trim() ? { batchName: context.batchName.trim() } : {}),
      ...(requestId && !onlySummary ? { requestId } : {}),
    },
    file: context.file,
    fileName: context.fileName,
  };
}

const unreadable = msg`The file could not be read. Choose it again.`;

const readyToCheck = (context: MassFileContext) => /^\d+$/.test(context.accountId) && context.file !== null && context.batchName.trim().length <= 60;

export const massFileMachine = setup({
  types: {
    context: {} as MassFileContext,
    events: {} as MassFileEvent,
    input: {} as { method: MassFileMethod },
    tags: {} as MassFileTag,
  },
  actors: {
    /** The browser's check of the file (a worker): sends PROGRESS, then CHECKED or CHECK_FAILED; stopping it cancels. */
    check: fromCallback<MassFileEvent, { file: Blob; method: MassFileMethod }>(() => () => undefined),
    /** massTransfer with onlySummary: the summary. Throws a UiMessage. */
    summarize: fromPromise<MassFileSummaryFact, ReturnType<typeof massFileRequest>>(async () => {
      throw new Error('summarize not provided');
    }),
    approval: approvalMachine,
  },
  actions: {
    /** Provided by the app: money moved (refresh the balances and history). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    newIntent: assign({ requestId: () => newRequestId() }),
  },
  guards: {
    readyToCheck: ({ context }) => readyToCheck(context),
    hasProblems: ({ event }) => event.type === 'CHECKED' && event.problems.length > 0,
    hasRowErrors: ({ event }) => 'output' in event && (event.output as MassFileSummaryFact).errors.length > 0,
  },
}).createMachine({
  id: 'massFile',
  context: ({ input }) => ({
    method: input.method,
    accountId: '',
    batchName: '',
    file: null,
    fileName: '',
    progress: 0,
    rows: 0,
    problems: [],
    summary: null,
    failure: null,
    requestId: newRequestId(),
    outcome: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        ACCOUNT: { actions: assign({ accountId: ({ event }) => event.accountId, failure: null }) },
        BATCH_NAME: { actions: assign({ batchName: ({ event }) => event.batchName }) },
        FILE: { actions: assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.fileName, problems: [], summary: null, failure: null }) },
      },
      // A chosen file is checked as soon as the account is known too (in either order).
      always: { guard: 'readyToCheck', target: 'checking' },
    },
    checking: {
      tags: ['editing', 'checking', 'busy'],
      entry: assign({ progress: 0 }),
      invoke: { src: 'check', input: ({ context }) => ({ file: context.file!, method: context.method }) },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => event.share }) },
        CHECKED: [
          { guard: 'hasProblems', target: 'problems', actions: assign({ problems: ({ event }) => event.problems, rows: ({ event }) => event.rows }) },
          { target: 'summarizing', actions: assign({ problems: [], rows: ({ event }) => event.rows }) },
        ],
        CHECK_FAILED: { target: 'editing', actions: assign({ file: null, fileName: '', failure: { descriptor: unreadable } }) },
        CANCEL: { target: 'editing', actions: assign({ file: null, fileName: '' }) },
      },
    },
    /** The file has problems (the browser's, or rows the service refused): choose a fixed file. */
    problems: {
      tags: ['editing', 'problems'],
      on: {
        ACCOUNT: { actions: assign({ accountId: ({ event }) => event.accountId }) },
        BATCH_NAME: { actions: assign({ batchName: ({ event }) => event.batchName }) },
        FILE: { target: 'checking', actions: assign({ file: ({ event }) => event.file, fileName: ({ event }) => event.fileName, problems: [], summary: null }) },
      },
    },
    summarizing: {
      tags: ['editing', 'busy'],
      invoke: {
        src: 'summarize',
        input: ({ context }) => massFileRequest(context, true),
        onDone: [
          { guard: 'hasRowErrors', target: 'problems', actions: assign({ problems: ({ event }) => event.output.errors, summary: ({ event }) => event.output }) },
          // A new summary is a new intent: a new requestId.
          { target: 'reviewing', actions: assign({ summary: ({ event }) => event.output, requestId: () => newRequestId() }) },
        ],
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => toFailure(event.error), file: null, fileName: '', rows: 0 }) },
      },
    },
    reviewing: {
      tags: ['review'],
      on: {
        EDIT: { target: 'editing', actions: assign({ outcome: null, file: null, fileName: '', rows: 0, summary: null }) },
        CONFIRM: { target: 'sending', actions: assign({ outcome: null }) },
      },
    },
    sending: {
      tags: ['review', 'sending'],
      ...sendForApproval<MassFileContext, 'newIntent'>({
        request: (context) => ({ method: 'massTransfer', ...massFileRequest(context, false, context.requestId) }),
        moved: { target: 'sent' },
        // Failed or rejected: nothing moved; reviewing again is a new intent.
        notMoved: { target: 'reviewing', actions: ['newIntent'] },
        cancelled: { target: 'reviewing' },
      }),
    },
    sent: {
      tags: ['sent'],
      on: {
        NEW: {
          target: 'editing',
          actions: assign(({ context }) => ({ batchName: '', file: null, fileName: '', progress: 0, rows: 0, problems: [], summary: null, failure: null, requestId: newRequestId(), outcome: null, accountId: context.accountId })),
        },
      },
    },
  },
});
