export { OwnTransferForm } from './ui/own-transfer-form';
export type { OwnTransferFormProps } from './ui/own-transfer-form';
export { ownTransferLogic } from './model/own-transfer-logic';
export type { OwnTransferLogic } from './model/own-transfer-logic';
