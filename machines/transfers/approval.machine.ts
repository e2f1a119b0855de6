import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';
import type { ApprovalRequest } from './approval-request';
import { approvalStep, approvalTexts, cleanCode, isCodeComplete, statusFailureText, transactionResultText, type ApprovalReply, type ApprovalStatus, type ApproveType, type TransactionResult } from './approval.logic';

/**
 * Confirming a money movement or a sensitive action (001 s4 Transaction approval; 002 s4
 * realtime results), whatever screen starts it. The screen provides the calls; this statechart
 * owns the flow:
 *
 * - `submit` (the screen's call: the request given as input, with the screen's requestId) answers
 *   operationId and approveType; mode none is a success at once (pending when the reply says so);
 * - sms, otp and approvalCode ask for the code, which is confirmed (`confirm`: approve transfer
 *   or approve payment) or sent again (`resend`, optionally by another available method); a
 *   refused code keeps the popup open with the service's reason;
 * - push waits for the result on the realtime channel (`watch`): success, failure, or a rejection
 *   with or without a message; the user may switch to a code method instead;
 * - a reply without the ids it needs ends as "Not Operation Id, Fail Operation";
 * - a reply with a transactionRequestId (the user may only initiate) waits for an approver of the
 *   company: "approval transaction created", nothing to confirm here;
 * - a failed transfer can be retried (`retryTransfer`, trxid), which starts the approval again;
 * - the success after an SMS code closes by itself after SMS_SUCCESS_CLOSE_MS (001 s9).
 *
 * Nothing is guessed when a reply is lost. A confirmation or a resend that fails (refused, or its
 * reply lost) is followed by the operation's status (`status`: approvalStatus): approved is the
 * success, failed or rejected (three wrong codes, say) ends with the service's reason, waiting
 * goes back to the code (by the method the status names) with the failure shown. While a push is
 * waiting the status is asked every PUSH_CHECK_MS as well, so a result missed while the realtime
 * channel reconnects still arrives. When even the status cannot be asked the popup stays, and a
 * CANCEL then ends as `unknown`, never as "nothing moved"; a repeat of the same confirmation is
 * answered once by the service.
 *
 * The submit that fails (a refusal or the network) ends in `submitFailed`: the screen keeps the
 * values and may RETRY with the same requestId, so the service answers a repeat once.
 *
 * A screen whose own call already answered the approval fields (a card's block, PIN change or
 * reissue, submitted by its form so the form keeps its field errors) starts the statechart with
 * that reply as input (`{ reply }`): it skips the submit and goes where the reply leads.
 * Ends (`done`) with what happened; views read tags.
 */
export const SMS_SUCCESS_CLOSE_MS = 3_000;
/** How often a waiting push asks the operation's status besides listening for its result. */
export const PUSH_CHECK_MS = 5_000;

export type ApprovalOutcome = 'success' | 'pending' | 'requested' | 'failed' | 'rejected' | 'cancelled' | 'unknown';
export type ApprovalTag = 'busy' | 'submitting' | 'code' | 'push' | 'success' | 'pending' | 'requested' | 'failed' | 'rejected' | 'submitFailed' | 'popup';

/** What the screen submits (its call and body, with its requestId): kept for a RETRY. */
export type { ApprovalRequest } from './approval-request';

export interface ApprovalContext {
  request: ApprovalRequest | null;
  reply: ApprovalReply | null;
  code: string;
  /** Why the last code or resend was refused (the popup stays open). */
  codeError: UiMessage | null;
  /** Whether a new code was sent (the popup says so). */
  resent: boolean;
  /** The final message of a failure, a rejection, or a failed submit. */
  failure: UiMessage | null;
  outcome: ApprovalOutcome | null;
  /** Wrong codes the operation still takes (from its status), when known. */
  attemptsLeft: number | null;
  /** A confirmation or resend failed and the status could not be asked: whether it went through is not known. */
  uncertain: boolean;
}

export type ApprovalEvent =
  | { type: 'CODE'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'RESEND'; approveType?: ApproveType }
  | { type: 'RESULT'; result: TransactionResult }
  | { type: 'RETRY' }
  | { type: 'RETRY_TRANSFER' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

/**
 * What the approval starts from: the request to submit (a parent's `sendForApproval` state gives
 * it), or the reply of a submit the screen has already made (the approval goes where it leads).
 */
export type ApprovalInput = { request: ApprovalRequest } | { reply: ApprovalReply };

export interface ApprovalOutput {
  outcome: ApprovalOutcome;
  reply: ApprovalReply | null;
}

const codeRefused = (error: unknown): UiMessage => toFailure(error);

type StatusDone = { event: { output: ApprovalStatus } };
const statusIs = (state: ApprovalStatus['state']) => ({ event }: StatusDone) => event.output.state === state;
const keepStatus = { type: 'keepStatus' as const, params: ({ event }: StatusDone) => ({ status: event.output }) };
const statusFailure = { type: 'statusFailure' as const, params: ({ event }: StatusDone) => ({ status: event.output }) };

/**
 * Where the operation's status leads (after a failed confirmation or resend, or a push's check):
 * approved is the success (pending when processed later), rejected or failed ends with why, a
 * method changed by a resend goes to that method, still waiting stays (`stillWaiting`).
 */
function afterStatus(stillWaiting: string) {
  return [
    { guard: ({ event }: StatusDone) => event.output.state === 'approved' && event.output.reply.status === 'pending', target: '#approval.pending', actions: keepStatus },
    { guard: statusIs('approved'), target: '#approval.succeeded', actions: keepStatus },
    { guard: statusIs('rejected'), target: '#approval.rejected', actions: [keepStatus, statusFailure] },
    { guard: statusIs('failed'), target: '#approval.failed', actions: [keepStatus, statusFailure] },
    { guard: ({ context, event }: StatusDone & { context: ApprovalContext }) => (event.output.reply.approveType === 'push') !== (context.reply?.approveType === 'push'), target: '#approval.routing', actions: keepStatus },
    { target: stillWaiting, actions: keepStatus },
  ];
}

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    input: {} as ApprovalInput,
    events: {} as ApprovalEvent,
    tags: {} as ApprovalTag,
    output: {} as ApprovalOutput,
  },
  actors: {
    /** The screen's submit (with its requestId). Throws a UiMessage when refused. */
    submit: fromPromise<ApprovalReply, ApprovalRequest>(async () => {
      throw new Error('submit not provided');
    }),
    /** approve transfer (trxid, approvalCode) or approve payment (approvalCode, operationId). Throws a UiMessage. */
    /** `request` is what was submitted (null when the statechart started from a reply): a screen whose code goes to its own call reads its ids from it. */
    confirm: fromPromise<void, { reply: ApprovalReply; code: string; request?: ApprovalRequest | null }>(async () => {
      throw new Error('confirm not provided');
    }),
    /** resend approval code (approveType, operationId): where the new code went. */
    resend: fromPromise<Partial<ApprovalReply>, { reply: ApprovalReply; approveType: ApproveType }>(async () => {
      throw new Error('resend not provided');
    }),
    /** approvalStatus (operationId): where the operation stands, asked when a reply was lost or a call failed. */
    status: fromPromise<ApprovalStatus, { reply: ApprovalReply }>(async () => {
      throw new Error('status not provided');
    }),
    /** retry transfer (trxid): the retried transfer's approval. */
    retryTransfer: fromPromise<ApprovalReply, { transactionId: number }>(async () => {
      throw new Error('retryTransfer not provided');
    }),
    /** Results on the realtime channel for this operation, sent back as RESULT. */
    watch: fromCallback<ApprovalEvent, { reply: ApprovalReply }>(() => () => undefined),
  },
  delays: { smsClose: SMS_SUCCESS_CLOSE_MS, pushCheck: PUSH_CHECK_MS },
  guards: {
    stepIs: ({ context }, params: { step: ReturnType<typeof approvalStep> }) => context.reply !== null && approvalStep(context.reply) === params.step,
    codeComplete: ({ context }) => isCodeComplete(context.code),
    confirmedBySms: ({ context }) => context.reply?.approveType === 'sms',
    resultIs: ({ event }, params: { result: TransactionResult['result'] }) => event.type === 'RESULT' && event.result.result === params.result,
    hasTransaction: ({ context }) => context.reply?.transactionId !== undefined,
    startsFromReply: ({ context }) => context.reply !== null,
    switchesMethod: ({ event }) => event.type === 'RESEND' && event.approveType !== undefined && event.approveType !== 'push',
  },
  actions: {
    typeCode: assign(({ event }) => {
      assertEvent(event, 'CODE');
      return { code: cleanCode(event.value).slice(0, 12), codeError: null };
    }),
    keepReply: assign({ reply: (_, params: { reply: ApprovalReply }) => params.reply, code: '', codeError: null, resent: false, failure: null }),
    /** What the status says now: the approval fields (the method may have changed), the attempts left; no longer uncertain. */
    keepStatus: assign({
      reply: ({ context }, params: { status: ApprovalStatus }) => ({ ...context.reply!, ...params.status.reply }),
      attemptsLeft: (_, params: { status: ApprovalStatus }) => params.status.attemptsLeft ?? null,
      uncertain: false,
    }),
    statusFailure: assign({ failure: (_, params: { status: ApprovalStatus }) => statusFailureText(params.status) }),
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({
    request: 'request' in input ? input.request : null,
    reply: 'reply' in input ? input.reply : null,
    code: '',
    codeError: null,
    resent: false,
    failure: null,
    outcome: null,
    attemptsLeft: null,
    uncertain: false,
  }),
  initial: 'starting',
  output: ({ context }) => ({ outcome: context.outcome ?? 'cancelled', reply: context.reply }),
  states: {
    starting: {
      always: [{ guard: 'startsFromReply', target: 'routing' }, { target: 'submitting' }],
    },
    submitting: {
      tags: ['busy', 'submitting'],
      invoke: {
        src: 'submit',
        input: ({ context }) => context.request!,
        onDone: { target: 'routing', actions: { type: 'keepReply', params: ({ event }) => ({ reply: event.output }) } },
        onError: { target: 'submitFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** Where the reply leads (001 s4). */
    routing: {
      always: [
        { guard: { type: 'stepIs', params: { step: 'success' } }, target: 'succeeded' },
        { guard: { type: 'stepIs', params: { step: 'pending' } }, target: 'pending' },
        { guard: { type: 'stepIs', params: { step: 'requested' } }, target: 'requested' },
        { guard: { type: 'stepIs', params: { step: 'push' } }, target: 'push' },
        { guard: { type: 'stepIs', params: { step: 'code' } }, target: 'code' },
        { target: 'failed', actions: assign({ failure: { descriptor: approvalTexts.notOperationId } }) },
      ],
    },
    /** The submit itself failed: nothing to confirm; the screen keeps its values (same requestId on RETRY). */
    submitFailed: {
      tags: ['submitFailed'],
      on: {
        RETRY: { target: 'submitting', actions: assign({ failure: null }) },
        CANCEL: { target: 'done', actions: assign({ outcome: 'cancelled' }) },
      },
    },
    code: {
      tags: ['code', 'popup'],
      initial: 'entering',
      on: { CANCEL: { target: 'done', actions: assign({ outcome: ({ context }) => (context.uncertain ? 'unknown' : 'cancelled') }) } },
      states: {
        entering: {
          on: {
            CODE: { actions: 'typeCode' },
            CONFIRM: { guard: 'codeComplete', target: 'confirming' },
            RESEND: { target: 'resending' },
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            src: 'confirm',
            input: ({ context }) => ({ reply: context.reply!, code: context.code, request: context.request }),
            onDone: { target: '#approval.succeeded' },
            onError: { target: 'checking', actions: assign({ codeError: ({ event }) => codeRefused(event.error), code: '' }) },
          },
        },
        /** After a failed confirmation or resend: what the service says of the operation decides. */
        checking: {
          tags: ['busy'],
          // The next code may be typed meanwhile: what is typed is kept, only Confirm waits.
          on: { CODE: { actions: 'typeCode' } },
          invoke: {
            src: 'status',
            input: ({ context }) => ({ reply: context.reply! }),
            onDone: afterStatus('entering'),
            onError: { target: 'entering', actions: assign({ uncertain: true }) },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            src: 'resend',
            input: ({ context, event }) => ({ reply: context.reply!, approveType: (event.type === 'RESEND' && event.approveType) || context.reply!.approveType }),
            onDone: {
              target: 'entering',
              actions: assign({
                reply: ({ context, event }) => ({ ...context.reply!, ...event.output }),
                resent: true,
                code: '',
                codeError: null,
              }),
            },
            onError: { target: 'checking', actions: assign({ codeError: ({ event }) => codeRefused(event.error) }) },
          },
        },
      },
    },
    push: {
      tags: ['push', 'popup'],
      initial: 'waiting',
      invoke: { src: 'watch', input: ({ context }) => ({ reply: context.reply! }) },
      on: {
        CANCEL: { target: 'done', actions: assign({ outcome: ({ context }) => (context.uncertain ? 'unknown' : 'cancelled') }) },
        RESULT: [
          { guard: { type: 'resultIs', params: { result: 'success' } }, target: '#approval.succeeded' },
          {
            guard: { type: 'resultIs', params: { result: 'rejected' } },
            target: '#approval.rejected',
            actions: assign({ failure: ({ event }) => transactionResultText(event.result) }),
          },
          { target: '#approval.failed', actions: assign({ failure: ({ event }) => transactionResultText(event.result) }) },
        ],
      },
      states: {
        waiting: {
          // The status too, now and then: a result sent while the realtime channel was away is not lost.
          after: { pushCheck: 'checking' },
          on: {
            // Another method instead of the push: a code is sent there.
            RESEND: { guard: 'switchesMethod', target: 'switching' },
          },
        },
        checking: {
          invoke: {
            src: 'status',
            input: ({ context }) => ({ reply: context.reply! }),
            onDone: afterStatus('waiting'),
            // Not known this time: the result or the next check will tell.
            onError: { target: 'waiting' },
          },
        },
        switching: {
          tags: ['busy'],
          invoke: {
            src: 'resend',
            input: ({ context, event }) => ({ reply: context.reply!, approveType: (event.type === 'RESEND' && event.approveType) || 'sms' }),
            onDone: {
              target: '#approval.code',
              actions: assign({ reply: ({ context, event }) => ({ ...context.reply!, ...event.output }), resent: true, code: '', codeError: null }),
            },
            // Refused, or its reply lost (the code may have gone out): the status says which method is on.
            onError: { target: 'checking', actions: assign({ codeError: ({ event }) => codeRefused(event.error) }) },
          },
        },
      },
    },
    succeeded: {
      tags: ['success', 'popup'],
      entry: assign({ outcome: 'success' }),
      initial: 'shown',
      states: {
        shown: {
          always: { guard: 'confirmedBySms', target: 'closing' },
        },
        /** 001 s9: the SMS success popup closes after 3 s. */
        closing: {
          after: { smsClose: '#approval.done' },
        },
      },
      on: { CLOSE: 'done' },
    },
    pending: {
      tags: ['pending', 'popup'],
      entry: assign({ outcome: 'pending' }),
      on: { CLOSE: 'done' },
    },
    /** An initiate-only user's transfer waits for an approver of the company (001 s4: approvalTransactionCreated). */
    requested: {
      tags: ['requested', 'popup'],
      entry: assign({ outcome: 'requested' }),
      on: { CLOSE: 'done' },
    },
    failed: {
      tags: ['failed', 'popup'],
      entry: assign({ outcome: 'failed' }),
      on: {
        CLOSE: 'done',
        RETRY_TRANSFER: { guard: 'hasTransaction', target: 'retrying' },
      },
    },
    retrying: {
      tags: ['busy', 'failed', 'popup'],
      invoke: {
        src: 'retryTransfer',
        input: ({ context }) => ({ transactionId: context.reply?.transactionId ?? 0 }),
        onDone: { target: 'routing', actions: { type: 'keepReply', params: ({ event }) => ({ reply: event.output }) } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    rejected: {
      tags: ['rejected', 'popup'],
      entry: assign({ outcome: 'rejected' }),
      on: { CLOSE: 'done' },
    },
    done: { type: 'final' },
  },
});
