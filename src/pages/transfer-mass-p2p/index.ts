export { TransferMassP2pConfirmPage, TransferMassP2pConfirmView, TransferMassP2pPage, TransferMassP2pPageView } from './ui/transfer-mass-p2p-page';
