export {
  loadPersonalCertification,
  loadRepresentativeCertification,
  loadTaxReferenceTable,
  sendPersonalCertification,
  sendRepresentativeCertification,
  uploadLossOfNationality,
  uploadWForm,
} from './api/personal-certification';
export { companyPeople, loadBusinessCertification, sendBusinessCertification, uploadBusinessWForm } from './api/business-certification';
export { usFormUploadLogicFor } from './model/us-form-actors';
export type { CertifyingCustomer, UsFormUploadLogic } from './model/us-form-actors';
export { SendUsFormButton } from './ui/send-us-form-button';
export type { SendUsFormButtonProps } from './ui/send-us-form-button';
export { US_FORM_TEXTS } from './ui/us-form-texts';
export { TaxResidences } from './ui/tax-residences';
export type { TaxResidencesProps } from './ui/tax-residences';
export { MISSING_REASON_TEXTS, TAX_ID_PROBLEM_TEXTS } from './ui/tax-texts';
