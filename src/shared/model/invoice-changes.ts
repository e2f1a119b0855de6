import { newsChannel } from './news';

/**
 * News of the customer's invoices from the realtime channel (issue 51: a new invoice received,
 * one of theirs rejected): the session publishes it, and the invoice lists on /transfer/invoices
 * read again at once.
 */
const invoices = newsChannel();

/** Subscribes to the news. Returns the unsubscribe. */
export const watchInvoiceChanges = invoices.watch;
export const publishInvoiceChange = (): void => invoices.publish();
