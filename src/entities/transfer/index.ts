export { approvePayment, approveTransfer, resendApprovalCode, retryTransfer, toApprovalReply } from './api/approval';
