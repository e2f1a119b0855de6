export { KycWizard } from './ui/kyc-wizard';
export type { KycWizardProps } from './ui/kyc-wizard';
export { ProfileUpdateForm } from './ui/profile-update-form';
export type { ProfileUpdateFormProps } from './ui/profile-update-form';
export { PersonalInfoFields } from './ui/personal-info-fields';
export type { PersonalInfoFieldsProps } from './ui/personal-info-fields';
export { kycLogicFor, profileUpdateLogic } from './model/kyc-actors';
export type { KycLogic, ProfileUpdateLogic } from './model/kyc-actors';
