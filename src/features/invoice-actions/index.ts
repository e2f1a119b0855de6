export { invoicesLogic } from './model/invoice-actors';
export { useInvoicesActor } from './model/use-invoices-actor';
export type { InvoicesLogic } from './model/invoice-actors';
export { InvoiceDialogs, InvoiceDetails, InvoicePdfButton } from './ui/invoice-dialogs';
export type { InvoiceDialogsProps, InvoicesActor } from './ui/invoice-dialogs';
