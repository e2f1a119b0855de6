import { assign, setup } from 'xstate';
import { approvalMachine, type ApprovalOutcome } from '../transfers/approval.machine';
import { sendForApproval } from '../transfers/send-for-approval';
import type { ApprovalRequestOf } from '../transfers/approval-request';
import { newRequestId } from '../shared/request-id';

/**
 * Deciding transaction requests on /transfer/approved (001 s4 Business approver): the ticked
 * requests (TOGGLE, SELECT_ALL, CLEAR), then approving or declining one, the ticked ones, or a
 * whole mass request. A decline is asked first (it cannot be undone); every decision confirms
 * through the approval statechart (child `approval`) in the approver's mode; on success the page
 * refreshes the list and the counts (`moneyMoved`) and the ticks are cleared.
 *
 * Views read tags: `confirmDecline`, `deciding`; context `selected`, `outcome`.
 */
export type DecisionTarget = { transactionIds: readonly number[] } | { batchId: number };
export interface Decision {
  target: DecisionTarget;
  declined: boolean;
}
/** A decision as it is sent: with its requestId, one per decision (given when it is made), so a retry after a lost reply is answered once. */
export interface SentDecision extends Decision {
  requestId: string;
}

export type RequestDecisionEvent =
  | { type: 'TOGGLE'; id: number }
  | { type: 'SELECT_ALL'; ids: readonly number[] }
  | { type: 'CLEAR' }
  | { type: 'DECIDE'; decision: Decision }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface RequestDecisionContext {
  selected: readonly number[];
  decision: SentDecision | null;
  outcome: ApprovalOutcome | null;
  /** What the last finished decision was (the notice says approved or declined). */
  decided: Decision | null;
}

/** The decision's call body (001 s7: transactionIds, declined; batchId, declined; and the decision's requestId). */
export function decisionRequest(decision: SentDecision): ApprovalRequestOf<'transactionRequestApprove' | 'massTransactionRequestApprove'> {
  const { requestId } = decision;
  return 'batchId' in decision.target
    ? { method: 'massTransactionRequestApprove', body: { batchId: decision.target.batchId, declined: decision.declined, requestId } }
    : { method: 'transactionRequestApprove', body: { transactionIds: [...decision.target.transactionIds], declined: decision.declined, requestId } };
}

export const requestDecisionMachine = setup({
  types: {
    context: {} as RequestDecisionContext,
    events: {} as RequestDecisionEvent,
    tags: {} as 'confirmDecline' | 'deciding',
  },
  actors: { approval: approvalMachine },
  actions: {
    /** Provided by the page: money moved (refresh the list, the counts, the balances). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    keepDecided: assign(({ context }) => ({ decided: context.decision, decision: null, selected: [] })),
    forgetDecision: assign({ decision: null }),
  },
  guards: {
    declines: ({ event }) => event.type === 'DECIDE' && event.decision.declined,
  },
}).createMachine({
  id: 'requestDecision',
  context: { selected: [], decision: null, outcome: null, decided: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        TOGGLE: { actions: assign({ selected: ({ context, event }) => (context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id]) }) },
        SELECT_ALL: { actions: assign({ selected: ({ event }) => [...event.ids] }) },
        CLEAR: { actions: assign({ selected: [] }) },
        DECIDE: [
          { guard: 'declines', target: 'confirmingDecline', actions: assign({ decision: ({ event }) => ({ ...event.decision, requestId: newRequestId() }), outcome: null, decided: null }) },
          { target: 'deciding', actions: assign({ decision: ({ event }) => ({ ...event.decision, requestId: newRequestId() }), outcome: null, decided: null }) },
        ],
      },
    },
    confirmingDecline: {
      tags: ['confirmDecline'],
      on: { CONFIRM: 'deciding', CANCEL: { target: 'ready', actions: assign({ decision: null }) } },
    },
    deciding: {
      tags: ['deciding'],
      ...sendForApproval<RequestDecisionContext, 'keepDecided' | 'forgetDecision'>({
        request: (context) => decisionRequest(context.decision!),
        moved: { target: 'ready', outcomes: ['success', 'pending'], actions: ['keepDecided'] },
        // Not confirmed or refused: the ticks stay for another try.
        notMoved: { target: 'ready', actions: ['forgetDecision'] },
        cancelled: { target: 'ready', actions: ['forgetDecision'] },
      }),
    },
  },
});
