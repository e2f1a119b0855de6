export { RequestApprovals, RequestApprovalsView } from './ui/request-approvals';
export type { RequestApprovalsProps, RequestDecisionActor } from './ui/request-approvals';
export { requestDecisionLogic } from './model/request-decision-actors';
export type { RequestDecisionLogic } from './model/request-decision-actors';
