import { fromCallback, fromPromise } from 'xstate';
import { approvalMachine, type ApprovalEvent, type ApprovalRequest } from '@machines/transfers/approval.machine';
import { confirmCall, isResultFor, type ApprovalReply } from '@machines/transfers/approval.logic';
import type { UiMessage } from '@machines/shared/ui-message';
import { approvePayment, approveTransfer, resendApprovalCode, retryTransfer } from '../api/approval';
import { isApiError, isTransportFailure, toUiMessage } from '@/shared/api';
import { expectTransactionResults, watchTransactionResults } from '@/shared/model';

/**
 * What a refused approval says (001 s8): approve transfer shows the message from `errors`, else
 * the description; approve payment (and a refused resend or retry) the `responseDescription`.
 * The network and anything else: the common rule.
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

/**
 * The approval statechart with the app's calls, for one kind of submit: `submit` sends the
 * screen's body (with its requestId) and answers the approval fields. Made once per screen kind
 * (module level), so the statechart keeps its implementations across renders.
 */
export function createApprovalLogic(
  submit: (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalReply>,
  options: {
    /** The screen's own confirm call (global pay confirms a batch's or a payment's code with its ids from the request); else approve transfer or approve payment. */
    confirm?: (input: { reply: ApprovalReply; code: string; request: ApprovalRequest | null }) => Promise<void>;
  } = {},
) {
  return approvalMachine.provide({
    actors: {
      // A push result can come before the reply that starts the watch: held for it until then.
      submit: fromPromise(async ({ input, signal }) => {
        const replied = expectTransactionResults();
        try {
          return await submit(input, signal);
        } catch (error) {
          throw toUiMessage(error);
        } finally {
          replied();
        }
      }),
      confirm: fromPromise(async ({ input }) => {
        const call = options.confirm ? 'other' : confirmCall(input.reply);
        try {
          if (options.confirm) await options.confirm({ reply: input.reply, code: input.code, request: input.request ?? null });
          else if (call === 'approveTransfer') await approveTransfer(input.reply.transactionId!, input.code);
          else await approvePayment(input.reply.operationId ?? '', input.code);
        } catch (error) {
          throw approvalFailure(error, call);
        }
      }),
      resend: fromPromise(async ({ input }) => {
        try {
          return await resendApprovalCode(input.reply.operationId ?? '', input.approveType);
        } catch (error) {
          throw approvalFailure(error, 'other');
        }
      }),
      retryTransfer: fromPromise(async ({ input }) => {
        const replied = expectTransactionResults();
        try {
          return await retryTransfer(input.transactionId);
        } catch (error) {
          throw approvalFailure(error, 'other');
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
}
