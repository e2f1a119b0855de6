export { TransferInvoicesPage } from './ui/transfer-invoices-page';
