import { fromCallback, fromPromise } from 'xstate';
import { approvalMachine, type ApprovalEvent } from '@machines/transfers/approval.machine';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';

/**
 * The approval statechart with scripted calls, for the model tests of the statecharts that invoke
 * it (transfers, mass p2p): each submit answers the next reply ('fail': a refusal); codes are
 * accepted; `watched.send` delivers a realtime result to a waiting push. `submitted` holds what
 * each submit sends (a JSON call's body; a mass file's data part with its file), `methods` the
 * call it goes to.
 */
export function scriptedApproval(replies: (ApprovalReply | 'fail')[]) {
  const submitted: Record<string, unknown>[] = [];
  const methods: ApprovalRequest['method'][] = [];
  const watched: { send: ((event: ApprovalEvent) => void) | null } = { send: null };
  const logic = approvalMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        const { method, ...sent } = input;
        methods.push(method);
        submitted.push('body' in sent ? sent.body : sent);
        const next = replies.shift();
        if (next === 'fail' || next === undefined) throw { text: 'Server is not available' };
        return next;
      }),
      confirm: fromPromise<void, { reply: ApprovalReply; code: string }>(async () => undefined),
      resend: fromPromise(async () => ({})),
      status: fromPromise(async ({ input }) => ({ state: 'waiting' as const, reply: input.reply })),
      retryTransfer: fromPromise<ApprovalReply, { transactionId: number }>(async () => {
        throw { text: 'no' };
      }),
      watch: fromCallback(({ sendBack }) => {
        watched.send = sendBack;
        return () => undefined;
      }),
    },
  });
  return { logic, submitted, methods, watched };
}
