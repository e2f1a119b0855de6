import { fromCallback, fromPromise } from 'xstate';
import { approvalMachine, type ApprovalEvent } from '@machines/transfers/approval.machine';
import type { ApprovalReply } from '@machines/transfers/approval.logic';

/**
 * The approval statechart with scripted calls, for the model tests of the statecharts that invoke
 * it (transfers, mass p2p): each submit answers the next reply ('fail': a refusal); codes are
 * accepted; `watched.send` delivers a realtime result to a waiting push.
 */
export function scriptedApproval(replies: (ApprovalReply | 'fail')[]) {
  const submitted: Record<string, unknown>[] = [];
  const watched: { send: ((event: ApprovalEvent) => void) | null } = { send: null };
  const logic = approvalMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        submitted.push(input);
        const next = replies.shift();
        if (next === 'fail' || next === undefined) throw { text: 'Server is not available' };
        return next;
      }),
      confirm: fromPromise<void, { reply: ApprovalReply; code: string }>(async () => undefined),
      resend: fromPromise(async () => ({})),
      retryTransfer: fromPromise<ApprovalReply, { transactionId: number }>(async () => {
        throw { text: 'no' };
      }),
      watch: fromCallback(({ sendBack }) => {
        watched.send = sendBack;
        return () => undefined;
      }),
    },
  });
  return { logic, submitted, watched };
}
