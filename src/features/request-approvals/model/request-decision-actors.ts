import { requestDecisionMachine } from '@machines/business/request-decision.machine';
import { approvalLogic } from '@/entities/approval';

/** The decision statechart with its calls: approve or decline requests, confirmed in the approver's mode. */
export const requestDecisionLogic = requestDecisionMachine.provide({
  actors: { approval: approvalLogic },
});
export type RequestDecisionLogic = typeof requestDecisionLogic;
