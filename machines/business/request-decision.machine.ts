import { assign, sendTo, setup } from 'xstate';
import { approvalMachine, type ApprovalOutput } from '../transfers/approval.machine';
import type { ApprovalRequestOf } from '../transfers/approval-request';

/**
 * Deciding transaction requests on /transfer/approved (001 s4 Business approver): the ticked
 * requests (TOGGLE, SELECT_ALL, CLEAR), then approving or declining one, the ticked ones, or a
 * whole mass request. A decline is asked first (it cannot be undone); every decision confirms
 * through the approval statechart (child `approval`) in the approver's mode; on success the page
 * refreshes the list and the counts (`decided`) and the ticks are cleared.
 *
 * Views read tags: `confirmDecline`, `deciding`; context `selected`, `outcome`.
 */
export type DecisionTarget = { transactionIds: readonly number[] } | { batchId: number };
export interface Decision {
  target: DecisionTarget;
  declined: boolean;
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
  decision: Decision | null;
  outcome: ApprovalOutput['outcome'] | null;
  /** What the last finished decision was (the notice says approved or declined). */
  decided: Decision | null;
}

/** The decision's call body (001 s7: transactionIds, declined; batchId, declined). */
export function decisionRequest(decision: Decision): ApprovalRequestOf<'transactionRequestApprove' | 'massTransactionRequestApprove'> {
  return 'batchId' in decision.target
    ? { method: 'massTransactionRequestApprove', body: { batchId: decision.target.batchId, declined: decision.declined } }
    : { method: 'transactionRequestApprove', body: { transactionIds: [...decision.target.transactionIds], declined: decision.declined } };
}

export const requestDecisionMachine = setup({
  types: {
    context: {} as RequestDecisionContext,
    events: {} as RequestDecisionEvent,
    tags: {} as 'confirmDecline' | 'deciding',
  },
  actors: { approval: approvalMachine },
  actions: {
    /** Provided by the page: refresh the list and the notification counts. */
    decided: () => {},
  },
  guards: {
    declines: ({ event }) => event.type === 'DECIDE' && event.decision.declined,
    outcomeIs: ({ event }, params: { outcomes: readonly ApprovalOutput['outcome'][] }) => 'output' in event && params.outcomes.includes((event.output as ApprovalOutput).outcome),
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
          { guard: 'declines', target: 'confirmingDecline', actions: assign({ decision: ({ event }) => event.decision, outcome: null, decided: null }) },
          { target: 'deciding', actions: assign({ decision: ({ event }) => event.decision, outcome: null, decided: null }) },
        ],
      },
    },
    confirmingDecline: {
      tags: ['confirmDecline'],
      on: { CONFIRM: 'deciding', CANCEL: { target: 'ready', actions: assign({ decision: null }) } },
    },
    deciding: {
      tags: ['deciding'],
      invoke: {
        id: 'approval',
        src: 'approval',
        input: {},
        onDone: [
          {
            guard: { type: 'outcomeIs', params: { outcomes: ['success', 'pending'] } },
            target: 'ready',
            actions: [assign(({ context, event }) => ({ outcome: event.output.outcome, decided: context.decision, decision: null, selected: [] })), 'decided'],
          },
          // Not confirmed or refused: the ticks stay for another try.
          { target: 'ready', actions: assign(({ event }) => ({ outcome: event.output.outcome, decision: null })) },
        ],
      },
      initial: 'starting',
      states: {
        starting: {
          entry: sendTo('approval', ({ context }) => ({ type: 'START' as const, request: decisionRequest(context.decision!) })),
          always: 'approving',
        },
        approving: {},
      },
    },
  },
});
