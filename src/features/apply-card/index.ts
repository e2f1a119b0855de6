export { CardApplyForm } from './ui/card-apply-form';
export type { CardApplyFormProps } from './ui/card-apply-form';
export { applyLogic } from './model/apply-actors';
export type { ApplyLogic } from './model/apply-actors';
export { offerFromKey, offerKey } from './model/offers';
