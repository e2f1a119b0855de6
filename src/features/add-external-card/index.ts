export { AddCardForm, BinInfoView } from './ui/add-card-form';
export { addCardFormLogic, binLookupLogic } from './model/add-card-actors';
export { ConfirmCardForm } from './ui/confirm-card-form';
export { confirmLogic } from './model/confirm-card-actors';
export type { ConfirmCardLogic, ConfirmRequirements } from './model/confirm-card-actors';
