import { createFilterMachine } from '../shared/filter.machine';
import { createFormMachine } from '../shared/form.machine';
import { fundingInvoiceErrors, invoiceCreateErrors, invoiceFilterErrors, invoiceRejectErrors } from './invoice-messages';

/**
 * The invoice popups' forms (issue 51), each the form statechart with its rule
 * (./invoice-messages.ts) and ended by a successful submit (`final`), so the invoices statechart
 * that invokes it moves on with the result. Each submit carries its requestId: the same values sent
 * again after a lost reply keep it, so nothing is created or rejected twice.
 */

/** Create (001 s7: noteBody, toEmail, amount, currency, dueDate); the facts it checks come with the values. */
export const invoiceCreateFormMachine = createFormMachine('invoiceCreateForm', invoiceCreateErrors, { final: true });

/** Reject (001 s7: invoiceId, note): the note is optional. */
export const invoiceRejectFormMachine = createFormMachine('invoiceRejectForm', invoiceRejectErrors, { final: true });

/** The business funding invoice (001 s7: amount). */
export const fundingInvoiceFormMachine = createFormMachine('fundingInvoiceForm', fundingInvoiceErrors, { final: true });

/** The lists' filter (status, dates, amounts, the other party's e-mail) bound for the address. */
export const invoiceFilterMachine = createFilterMachine('invoiceFilter', invoiceFilterErrors);
