export { TransferApprovedPage, TransferApprovedPageView } from './ui/transfer-approved-page';
