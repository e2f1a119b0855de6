export { AddCardForm, BinInfoView } from './ui/add-card-form';
export { addCardFormLogic, binLookupLogic } from './model/add-card-actors';
