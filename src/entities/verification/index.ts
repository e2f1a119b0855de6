export { loadVerificationFacts } from './api/load-facts';
export { startIdentityVerification, verifyIdentity } from './api/identity';
export { loadKyc, readDueDiligence, readKycCustomerInfo, readKycRequest, saveKycAnswers, saveKycPersonalInfo, uploadDueDiligenceDocument } from './api/kyc';
export { VerificationProvider, endOwnVerification, ownVerificationActor, useOptionalVerificationActor, useRefreshVerification, useVerificationActor, verificationLogic } from './model/verification-actor';
export type { VerificationActor } from './model/verification-actor';
export {
  addressesQuery,
  cancelUsernameChange,
  checkAddressCompatibility,
  confirmAddress,
  confirmPhoneCode,
  deleteAddress,
  documentsQuery,
  documentTypesQuery,
  emailsQuery,
  identityQuery,
  isPhoneConfirmed,
  makePhoneChallenge,
  profileQuery,
  requestUsernameChange,
  saveAddress,
  savePhone,
  saveTaxId,
  sendPhoneCode,
  statesQuery,
  uploadDocument,
  verificationKeys,
} from './api/profile';
export type { DocumentUploadData } from './api/profile';
export { NAMED_STATUS_TEXTS, StatusText, today } from './ui/status-text';
