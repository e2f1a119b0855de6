export { PersonalCertificationForm } from './ui/personal-certification-form';
export type { PersonalCertificationFormProps } from './ui/personal-certification-form';
export { certifyLogicFor } from './model/certify-actors';
export type { PersonalCertificationLogic } from './model/certify-actors';
