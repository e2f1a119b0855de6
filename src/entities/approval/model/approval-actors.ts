import { fromCallback, fromPromise } from 'xstate';
import { approvalMachine, type ApprovalEvent } from '@machines/transfers/approval.machine';
import { confirmBody, isResultFor, type ApprovalReply } from '@machines/transfers/approval.logic';
import type { UiMessage } from '@machines/shared/ui-message';
import { approvalStatus, confirmApproval, resendApprovalCode, retryTransfer, submitForApproval } from '../api/approval';
import { asUiMessage, isApiError, isTransportFailure, toUiMessage } from '@/shared/api';
import { afterNextPaint } from '@/shared/lib';
import { expectTransactionResults, watchTransactionResults } from '@/shared/model';

/**
 * What a refused approval says (001 s8): approve transfer shows the message from `errors`, else
 * the description; approve payment (and a refused resend, retry or batch approval) the
 * `responseDescription`. The network and anything else: the common rule.
 */
export function approvalFailure(error: unknown, call: 'approveTransfer' | 'approvePayment' | 'other'): UiMessage {
  if (isApiError(error) && !isTransportFailure(error)) {
    const body = (error.body ?? {}) as { errors?: unknown; responseDescription?: unknown };
    const errors = Array.isArray(body.errors) ? body.errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '') : [];
    if (call === 'approveTransfer' && errors.length) return { text: errors.join(' ') };
    if (typeof body.responseDescription === 'string' && body.responseDescription.trim()) return { text: body.responseDescription };
  }
  return toUiMessage(error);
}

/** Runs a call and turns a refusal into what the approval popup says. */
async function orFailure<T>(call: 'approveTransfer' | 'approvePayment' | 'other', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw approvalFailure(error, call);
  }
}

/**
 * The approval statechart with the app's calls, the same for every screen: the request it is
 * given (typed by its method) goes to its call, a code to the confirmation that fits it, and a
 * push waits for this operation's result on the realtime channel.
 */
export const approvalLogic = approvalMachine.provide({
  actors: {
    // The press paints first (the busy button), then the request is built and sent (issue 48).
    // A push result can come before the reply that starts the watch: held for it until then.
    submit: fromPromise(async ({ input, signal }) => {
      await afterNextPaint();
      const replied = expectTransactionResults();
      try {
        return await asUiMessage(() => submitForApproval(input, signal));
      } finally {
        replied();
      }
    }),
    confirm: fromPromise(async ({ input }) => {
      const method = confirmBody(input.reply, input.code, input.request ?? null).method;
      const call = method === 'approveTransfer' || method === 'approvePayment' ? method : 'other';
      await orFailure(call, () => confirmApproval(input.reply, input.code, input.request ?? null));
    }),
    resend: fromPromise(async ({ input }) => orFailure('other', () => resendApprovalCode(input.reply.operationId ?? '', input.approveType))),
    // Where the operation stands, after a failed confirmation or resend and now and then while a push waits.
    status: fromPromise(async ({ input, signal }) => approvalStatus(input.reply.operationId ?? '', signal)),
    retryTransfer: fromPromise(async ({ input }) => {
      const replied = expectTransactionResults();
      try {
        return await orFailure('other', () => retryTransfer(input.transactionId));
      } finally {
        replied();
      }
    }),
    // The result of this operation on the realtime channel (the session publishes every result).
    watch: fromCallback<ApprovalEvent, { reply: ApprovalReply }>(({ sendBack, input }) =>
      watchTransactionResults((result) => {
        if (!isResultFor(result, input.reply)) return false;
        sendBack({ type: 'RESULT', result });
        return true;
      }),
    ),
  },
});
export type ApprovalLogic = typeof approvalLogic;
