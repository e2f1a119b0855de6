export {
  customerLimitsQuery,
  ownAccountsFeeQuery,
  transactionMaxAmountQuery,
  transferExchangeRateQuery,
  transferKeys,
} from './api/lookups';
export type { CustomerLimit } from './api/lookups';
export { payeeCheckLogic } from './model/payee-check';
export type { PayeeCheckLogic } from './model/payee-check';
export { PayeeNotes } from './ui/payee-notes';
export type { PayeeNotesProps } from './ui/payee-notes';
export { forgetTransferIntent, keepTransferIntent, readTransferIntent } from './model/intent';
export type { TransferIntent, TransferKind } from './model/intent';
export {
  checkPayee,
  customerEmailsQuery,
  p2pBeneficiariesQuery,
  p2pFeeQuery,
  p2pKeys,
  paymentTemplatesQuery,
  recentTransferDetailsQuery,
} from './api/p2p';
export type { CustomerEmail, P2pBeneficiary, PaymentTemplate } from './api/p2p';
export { preapprovedCancel, preapprovedKeys, preapprovedListQuery } from './api/preapproved';
export type { PreapprovedPayment } from './api/preapproved';
export { summarizeMassP2p } from './api/mass-p2p';
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
  swiftLookup,
  transferDetailsQuery,
  transferFeeQuery,
} from './api/external';
export type { Bank, IbanInfo, InstantKeyInfo, SwiftInfo, TransferField } from './api/external';
export { massFileKeys, massSampleLinksQuery, summarizeMassFile } from './api/mass-file';
export type { MassFileUpload, MassSampleType } from './api/mass-file';
export { notificationCountsQuery, requestKeys, transactionRequestsQuery } from './api/requests';
export type { TransactionRequest } from './api/requests';
