export { ApprovalDialog } from './ui/approval-dialog';
export type { ApprovalActor } from './ui/approval-dialog';
export { approvalFailure, createApprovalLogic } from './model/approval-logic';
