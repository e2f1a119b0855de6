export { approvePayment, approveTransfer, resendApprovalCode, retryTransfer, toApprovalReply } from './api/approval';
export {
  customerLimitsQuery,
  ownAccountsFeeQuery,
  submitOwnTransfer,
  transactionMaxAmountQuery,
  transferExchangeRateQuery,
  transferKeys,
} from './api/lookups';
export type { CustomerLimit } from './api/lookups';
export { forgetTransferIntent, keepTransferIntent, readTransferIntent } from './model/intent';
export type { TransferIntent, TransferKind } from './model/intent';
export { approvalFailure, createApprovalLogic } from './model/approval-logic';
export { ApprovalDialog } from './ui/approval-dialog';
export type { ApprovalActor } from './ui/approval-dialog';
export { ApprovalSubmit } from './ui/approval-submit';
export {
  checkPayee,
  customerEmailsQuery,
  p2pBeneficiariesQuery,
  p2pFeeQuery,
  p2pKeys,
  paymentTemplatesQuery,
  recentTransferDetailsQuery,
  submitP2pTransfer,
} from './api/p2p';
export type { CustomerEmail, P2pBeneficiary, PaymentTemplate } from './api/p2p';
export { preapprovedCancel, preapprovedKeys, preapprovedListQuery } from './api/preapproved';
export type { PreapprovedPayment } from './api/preapproved';
export { submitMassP2p, summarizeMassP2p } from './api/mass-p2p';
export {
  availableTransfersQuery,
  bankListRequirementsQuery,
  binBlacklistQuery,
  cryptoFeeQuery,
  eftBranchesQuery,
  externalKeys,
  extraParamsQuery,
  ibanLookup,
  instantBanksQuery,
  instantKeyInfo,
  submitExternalTransfer,
  swiftLookup,
  transferDetailsQuery,
  transferFeeQuery,
} from './api/external';
export type { Bank, IbanInfo, InstantKeyInfo, SwiftInfo, TransferField } from './api/external';
export { massFileKeys, massSampleLinksQuery, submitMassFile, summarizeMassFile } from './api/mass-file';
export type { MassFileUpload, MassSampleType } from './api/mass-file';
export { BatchReview, MassReview } from './ui/mass-review';
export type { BatchActor, MassReviewProps } from './ui/mass-review';
export { decideRequests, notificationCountsQuery, requestKeys, transactionRequestsQuery } from './api/requests';
export type { TransactionRequest } from './api/requests';
export {
  confirmGlobalPay,
  getGlobalPayBatch,
  globalPayBatchStatus,
  globalPayCountryMethodsQuery,
  globalPayDictionaryQuery,
  globalPayKeys,
  loadReceive,
  rejectGlobalPayBatch,
  saveGlobalPayEdits,
  submitGlobalPay,
  submitReceiveChoice,
  uploadGlobalPayBatch,
} from './api/global-pay';
export type { GlobalPayDictionary, ReceiveMeta, ReceiveMethod } from './api/global-pay';
export {
  BATCH_STATUS_LABELS,
  BENEFICIARY_TYPE_LABELS,
  COLUMN_LABELS as GLOBAL_PAY_COLUMN_LABELS,
  FAILURE_LABELS,
  FEE_SHARE_LABELS,
  METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from './ui/global-pay-texts';
