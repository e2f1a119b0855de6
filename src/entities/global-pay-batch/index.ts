/**
 * A global pay batch (001 s3, s4, s7): its calls (upload, read, save edits, reject, status, the
 * dictionary and a country's methods) and a recipient's receive page (meta and choice), with the
 * texts of its statuses, columns and failures. The submit and the resend of a payment go through
 * the approval (`entities/approval`).
 */
export {
  getGlobalPayBatch,
  globalPayBatchStatus,
  globalPayCountryMethodsQuery,
  globalPayDictionaryQuery,
  globalPayKeys,
  loadReceive,
  rejectGlobalPayBatch,
  saveGlobalPayEdits,
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
