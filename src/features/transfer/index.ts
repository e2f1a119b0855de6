export { OwnTransferForm } from './ui/own-transfer-form';
export type { OwnTransferFormProps } from './ui/own-transfer-form';
export { ownTransferLogic } from './model/own-transfer-logic';
export type { OwnTransferLogic } from './model/own-transfer-logic';
export { P2pTransferForm } from './ui/p2p-transfer-form';
export type { P2pTransferFormProps } from './ui/p2p-transfer-form';
export { p2pTransferLogic, payeeCheckLogic } from './model/p2p-transfer-logic';
export type { P2pTransferLogic, PayeeCheckLogic } from './model/p2p-transfer-logic';
