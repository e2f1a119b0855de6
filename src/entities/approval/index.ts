export { approvalStatus, confirmApproval, resendApprovalCode, retryTransfer, submitForApproval, toApprovalReply } from './api/approval';
export { approvalFailure, approvalLogic } from './model/approval-actors';
export type { ApprovalLogic } from './model/approval-actors';
export { ApprovalDialog } from './ui/approval-dialog';
export type { ApprovalActor } from './ui/approval-dialog';
export { ApprovalSubmit } from './ui/approval-submit';
export { BatchReview, MassReview } from './ui/mass-review';
export type { BatchActor, MassReviewProps } from './ui/mass-review';
