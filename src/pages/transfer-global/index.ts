export { TransferGlobalPage, TransferGlobalPageView, TransferGlobalSummaryPage, TransferGlobalSummaryView } from './ui/transfer-global-page';
