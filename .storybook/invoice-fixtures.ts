import { fn } from 'storybook/test';
import { fromPromise } from 'xstate';
import { fundingInvoiceFormMachine, invoiceCreateFormMachine, invoiceRejectFormMachine } from '@machines/invoices/invoice-forms';
import { invoicePayMachine } from '@machines/invoices/invoice-pay.machine';
import { invoicesMachine } from '@machines/invoices/invoices.machine';
import type { FormValues } from '@machines/shared/form.machine';
import type { Invoice, InvoicePageData } from '@/entities/invoice';
import { fakeApprovalLogic, fakePayeeCheckLogic, fakeQuery } from './fixtures';

/**
 * Invoices in stories (issue 51): the invoices page's and its popups' stories share these (the
 * invoices the service sends, the list's query, the statechart with fake calls).
 */
export const INVOICE_TODAY = '2026-11-30';

export const demoInvoice = (id: number, over: Partial<Invoice> = {}): Invoice => ({
  id,
  payeeName: 'Northwind Studio Ltd',
  payerName: 'Ana Ruiz',
  payeeEmail: 'billing@northwind.example',
  payerEmail: 'ana@example.com',
  payeeAccountId: 5001,
  payerAccountId: null,
  amount: '125.50',
  currencyCode: 'USD',
  total: '125.50',
  feePayment: '0.00',
  dueDate: '2026-12-15',
  sentDate: '2026-11-20T10:00:00Z',
  updatedDate: '2026-11-20T10:00:00Z',
  statusId: 1,
  status: 'Unpaid',
  noteBody: 'Design work, November',
  rejectionNote: null,
  isFunding: false,
  isSystem: false,
  urlPdf: `/invoices/${id}/pdf`,
  ...over,
});

/** Received: unpaid (one overdue), paid, rejected with a note, payment pending, a funding invoice. */
export const demoReceivedInvoices: Invoice[] = [
  demoInvoice(41),
  demoInvoice(40, { dueDate: '2026-11-25', noteBody: null }),
  demoInvoice(39, { statusId: 2, status: 'Paid', payerAccountId: 1001, feePayment: '1.50', total: '127.00' }),
  demoInvoice(38, { statusId: 3, status: 'Rejected', rejectionNote: 'Already paid by card' }),
  demoInvoice(37, { statusId: 4, status: 'Payment pending' }),
  demoInvoice(36, { payeeName: 'Northbridge Pay funding', payeeEmail: 'funding@northbridgepay.example', isFunding: true, isSystem: true, amount: '5000.00', total: '5000.00' }),
];

export const invoicePage = (total: number, invoices: Invoice[]): InvoicePageData => ({ total, invoices });
export const invoiceListQuery = (over: Parameters<typeof fakeQuery<InvoicePageData>>[0] = {}) => fakeQuery<InvoicePageData>(over);

/** The popups' calls, faked; `resetInvoiceFakes` (a story's beforeEach) gives them their happy answers. */
export const invoiceFakes = {
  createInvoice: fn<(values: FormValues, requestId?: string) => Promise<Invoice>>(),
  rejectInvoice: fn<(values: FormValues, requestId?: string) => Promise<Invoice>>(),
  fundInvoice: fn<(values: FormValues, requestId?: string) => Promise<Invoice>>(),
  quoteFee: fn<(input: { amount: string; accountId: number }) => Promise<string>>(),
  submitPayment: fn(async (_request: unknown) => ({ approveType: 'none' as const, status: 'completed' as const })),
};

export function resetInvoiceFakes(): void {
  const { createInvoice, rejectInvoice, fundInvoice, quoteFee, submitPayment } = invoiceFakes;
  for (const mock of [createInvoice, rejectInvoice, fundInvoice, quoteFee, submitPayment]) mock.mockReset();
  createInvoice.mockImplementation(async (values) => demoInvoice(900, { payerEmail: values.toEmail ?? '' }));
  rejectInvoice.mockImplementation(async () => demoInvoice(41, { statusId: 3, status: 'Rejected' }));
  fundInvoice.mockImplementation(async () => demoInvoice(901, { isFunding: true, isSystem: true }));
  quoteFee.mockResolvedValue('1.50');
  submitPayment.mockImplementation(async () => ({ approveType: 'none' as const, status: 'completed' as const }));
}

/** The real invoices statechart with the fake calls (no network). */
export const fakeInvoicesLogic = invoicesMachine.provide({
  actors: {
    createForm: invoiceCreateFormMachine.provide({ actors: { submit: fromPromise(({ input }) => invoiceFakes.createInvoice(input.values, input.requestId)) } }),
    rejectForm: invoiceRejectFormMachine.provide({ actors: { submit: fromPromise(({ input }) => invoiceFakes.rejectInvoice(input.values, input.requestId)) } }),
    fundingForm: fundingInvoiceFormMachine.provide({ actors: { submit: fromPromise(({ input }) => invoiceFakes.fundInvoice(input.values, input.requestId)) } }),
    pay: invoicePayMachine.provide({ actors: { approval: fakeApprovalLogic((request) => invoiceFakes.submitPayment(request)), quoteFee: fromPromise(({ input }) => invoiceFakes.quoteFee(input)) } }),
  },
});

/** Who the create popup's payee check knows: a customer, an employee, a blacklisted e-mail; anyone else is unknown. */
export const fakeInvoicePayeeLogic = fakePayeeCheckLogic({
  'shop@example.com': { exist: true, name: 'Corner Shop' },
  'staff@example.com': { exist: true, isEmployee: true, name: 'Globex Ltd' },
  'blocked@example.com': { exist: true, outBlacklist: true, name: 'Sam L.' },
});
