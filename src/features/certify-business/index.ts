export { BusinessCertificationForm } from './ui/business-certification-form';
export type { BusinessCertificationFormProps } from './ui/business-certification-form';
export { certifyBusinessLogicFor } from './model/certify-business-actors';
export type { BusinessCertificationLogic } from './model/certify-business-actors';
