export { invoiceKeys, invoiceListQuery, invoiceQuery, createInvoice, rejectInvoice, createFundingInvoice, fetchInvoicePdf, useInvoiceNews } from './api/invoices';
export type { Invoice, InvoicePageData } from './api/invoices';
export { InvoiceStatus } from './ui/invoice-status';
