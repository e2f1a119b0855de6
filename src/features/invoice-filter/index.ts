export { InvoiceFilter, invoiceStatusName } from './ui/invoice-filter';
export type { InvoiceFilterProps } from './ui/invoice-filter';
