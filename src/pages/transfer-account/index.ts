export { TransferAccountPage, TransferAccountPageView } from './ui/transfer-account-page';
