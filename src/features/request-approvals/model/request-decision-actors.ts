import { requestDecisionMachine } from '@machines/business/request-decision.machine';
import { announceMoneyMoved } from '@/entities/account';
import { approvalLogic } from '@/entities/approval';

/** The decision statechart with its calls: approve or decline requests, confirmed in the approver's mode. */
export const requestDecisionLogic = requestDecisionMachine.provide({
  actors: { approval: approvalLogic },
  // The list, the counts and the balances are asked again after a decision.
  actions: { moneyMoved: announceMoneyMoved },
});
export type RequestDecisionLogic = typeof requestDecisionLogic;
