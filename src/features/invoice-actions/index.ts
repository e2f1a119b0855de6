export { invoicesLogic } from './model/invoice-actors';
export type { InvoicesLogic } from './model/invoice-actors';
export { InvoiceDialogs, InvoiceDetails, InvoicePdfButton } from './ui/invoice-dialogs';
export type { InvoiceDialogsProps, InvoicesActor } from './ui/invoice-dialogs';
