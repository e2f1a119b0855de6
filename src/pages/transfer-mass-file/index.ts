export { TransferMassFileConfirmPage, TransferMassFileConfirmView, TransferMassFilePage, TransferMassFilePageView } from './ui/transfer-mass-file-page';
