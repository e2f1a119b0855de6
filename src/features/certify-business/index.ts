export { BusinessCertificationForm } from './ui/business-certification-form';
export type { BusinessCertificationFormProps } from './ui/business-certification-form';
export { certifyBusinessLogicFor } from './model/certify-business-logic';
export type { BusinessCertificationLogic } from './model/certify-business-logic';
