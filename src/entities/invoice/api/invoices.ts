import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { invoiceListRequest, tabOf, type InvoiceSearch } from '@machines/invoices/invoice-search';
import { invoiceMessages } from '@machines/invoices/invoice-messages';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { api, asFormFailure, toFormFailure, type MainSchemas } from '@/shared/api';
import { watchInvoiceChanges } from '@/shared/model';

/** An invoice (001 s3), as the service answers it. */
export type Invoice = MainSchemas['Invoice'];

/** One page of a list and how many invoices its filter holds in all. */
export interface InvoicePageData {
  total: number;
  invoices: Invoice[];
}

/**
 * The invoices' reads and writes (issue 51; 001 s7 invoices: list received and list sent, get,
 * create, reject, the business funding invoice; the PDF on the documents service), typed by the
 * contract. Writes carry the statechart's requestId and throw a FormFailure (field errors by
 * param). After any of them the app refetches everything under `invoiceKeys.all`.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (search: InvoiceSearch) => ['invoices', 'list', search] as const,
  one: (invoiceId: number) => ['invoices', 'one', invoiceId] as const,
};

/** The tab's list for the address's filter and page, 20 a page; the page read before stays on screen while another loads. */
export const invoiceListQuery = (search: InvoiceSearch) =>
  queryOptions({
    queryKey: invoiceKeys.list(search),
    queryFn: async ({ signal }): Promise<InvoicePageData> => {
      const body = invoiceListRequest(search);
      const reply = tabOf(search) === 'sent' ? await api().main.call('invoiceSentList', body, { signal }) : await api().main.call('invoiceReceivedList', body, { signal });
      return { total: reply.total ?? 0, invoices: reply.invoices ?? [] };
    },
    placeholderData: keepPreviousData,
    meta: { errorPopup: false },
  });

/** One invoice as it is now (invoiceGet). */
export const invoiceQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: invoiceKeys.one(invoiceId),
    queryFn: async ({ signal }): Promise<Invoice | null> => (await api().main.call('invoiceGet', { invoiceId }, { signal })).invoice ?? null,
    meta: { errorPopup: false },
  });

/** invoiceCreate with the popup's values (the facts that come with them are not sent). */
export const createInvoice = ({ values, requestId }: { values: FormValues; requestId: string }) =>
  asFormFailure(async () => {
    const reply = await api().main.call('invoiceCreate', {
      toEmail: (values.toEmail ?? '').trim(),
      amount: (values.amount ?? '').trim().replace(/^(\d+),(\d+)$/, '$1.$2'),
      currency: (values.currency ?? '').trim().toUpperCase(),
      dueDate: (values.dueDate ?? '').trim(),
      ...(values.noteBody?.trim() ? { noteBody: values.noteBody.trim() } : {}),
      requestId,
    });
    return reply.invoice ?? null;
  });

/** invoiceReject: the note only when one was written. */
export const rejectInvoice = ({ invoiceId, note, requestId }: { invoiceId: number; note: string; requestId: string }) =>
  asFormFailure(async () => (await api().main.call('invoiceReject', { invoiceId, ...(note.trim() ? { note: note.trim() } : {}), requestId })).invoice ?? null);

/**
 * fundingInvoiceCreate (001 s7: amount). A refusal of the amount is said at the field; any other
 * failure is 001 s8's "Failed to generate invoice. Please, try again." (the amount kept).
 */
export async function createFundingInvoice({ amount, requestId }: { amount: string; requestId: string }): Promise<Invoice | null> {
  try {
    return (await api().main.call('fundingInvoiceCreate', { amount: amount.trim().replace(/^(\d+),(\d+)$/, '$1.$2'), requestId })).invoice ?? null;
  } catch (error) {
    const failure: FormFailure = toFormFailure(error);
    if (failure.fields?.amount) throw { fields: { amount: failure.fields.amount } } satisfies FormFailure;
    throw { message: { descriptor: invoiceMessages.fundingFailed } } satisfies FormFailure;
  }
}

/** The invoice's PDF (urlPdf: the documents service's /invoices/{id}/pdf), fetched with the bearer token. */
export async function fetchInvoicePdf(invoice: Pick<Invoice, 'id' | 'urlPdf'>): Promise<{ blob: Blob; fileName: string }> {
  const invoiceId = Number(/\/invoices\/(\d+)\/pdf/.exec(invoice.urlPdf)?.[1] ?? Number.NaN);
  if (!Number.isInteger(invoiceId)) throw new Error(`Not an invoice PDF link: ${invoice.urlPdf}`);
  const { data, response } = await api().documents.GET('/invoices/{invoiceId}/pdf', { params: { path: { invoiceId } }, parseAs: 'blob' as const });
  if (!data) throw new Error(`No PDF behind ${invoice.urlPdf}`);
  const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `invoice-${invoice.id}.pdf`;
  return { blob: data, fileName };
}

/** While mounted, the invoices read again when the realtime channel says one arrived or was rejected. */
export function useInvoiceNews(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchInvoiceChanges(() => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all })), [queryClient]);
}
