import { requestDecisionMachine } from '@machines/business/request-decision.machine';
import { createApprovalLogic, decideRequests } from '@/entities/transfer';

/** The decision statechart with its calls: approve or decline requests, confirmed in the approver's mode. */
export const requestDecisionLogic = requestDecisionMachine.provide({
  actors: { approval: createApprovalLogic((request, signal) => decideRequests(request, signal)) },
});
export type RequestDecisionLogic = typeof requestDecisionLogic;
