export { TransferExternalPage, TransferExternalPageView } from './ui/transfer-external-page';
