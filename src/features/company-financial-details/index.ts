export { FinancialDetailsForm } from './ui/financial-details-form';
export type { FinancialDetailsFormProps } from './ui/financial-details-form';
export { DueDiligenceForm } from './ui/due-diligence-form';
export type { DueDiligenceFormProps } from './ui/due-diligence-form';
export { dueDiligenceFormLogic, financialDetailFormLogic } from './model/financial-details-actors';
export type { DueDiligenceFormLogic, FinancialDetailFormLogic } from './model/financial-details-actors';
