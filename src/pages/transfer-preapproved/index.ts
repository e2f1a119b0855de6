export { TransferPreapprovedPage, TransferPreapprovedPageView } from './ui/transfer-preapproved-page';
