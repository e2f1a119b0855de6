import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminCustomerListRequest, type AdminCustomerSearch } from '@machines/company/admin-customers.rules';
import { adminDocumentName } from '@machines/company/admin-documents.rules';
import { api, asFormFailure, asUiMessage, type MainSchemas } from '@/shared/api';

/** A customer an admin administers (main.yaml AccessibleCustomer: id, name, login e-mail, kind). */
export type AccessibleCustomer = MainSchemas['AccessibleCustomer'];
/** A document an admin put on a customer's file (main.yaml AdminDocument). */
export type AdminDocument = MainSchemas['AdminDocument'];

/** One page of the administered customers and how many the search finds in all. */
export interface AdminCustomerPageData {
  total: number;
  customers: AccessibleCustomer[];
}

/**
 * The admin overview's reads and writes (issue 52; main.yaml tag company): the customers an admin
 * administers (adminCustomerList, an extension: not affected by fromCustomerId) and the admin
 * documents of one of them (adminDocumentList, adminDocumentAssign, adminDocumentRemove). The
 * documents' calls name the customer they are for (`actingCustomerId`: its fromCustomerId), the one
 * their cache key and their screen name: a read kept under a customer is always that customer's,
 * and a write goes to the customer on screen even if the acting customer changed meanwhile. Writes
 * carry the statechart's requestId; after one the app reads `adminKeys.documents(customerId)` again.
 */
export const adminKeys = {
  all: ['admin'] as const,
  customers: (search: AdminCustomerSearch) => ['admin', 'customers', search] as const,
  documents: (customerId: number) => ['admin', 'documents', customerId] as const,
};

/** A page of the administered customers for the address's search, 20 a page; the page before stays on screen while another loads. */
export const adminCustomersQuery = (search: AdminCustomerSearch) =>
  queryOptions({
    queryKey: adminKeys.customers(search),
    queryFn: async ({ signal }): Promise<AdminCustomerPageData> => {
      const reply = await api().main.call('adminCustomerList', adminCustomerListRequest(search), { signal });
      return { total: reply.total ?? 0, customers: reply.customers ?? [] };
    },
    placeholderData: keepPreviousData,
    // The admin's own list, whoever they act for: a switch keeps it (src/app/model/acting-customer-actor.ts).
    meta: { errorPopup: false, ownedByUser: true },
  });

/** The admin documents on a customer's file, newest first. */
export const adminDocumentsQuery = (customerId: number) =>
  queryOptions({
    queryKey: adminKeys.documents(customerId),
    queryFn: async ({ signal }): Promise<AdminDocument[]> => (await api().main.call('adminDocumentList', {}, { signal, actingCustomerId: customerId })).documents ?? [],
    meta: { errorPopup: false },
  });

/**
 * adminDocumentAssign: the trimmed name and the attempt's requestId as the JSON part, the file as
 * it was chosen. A refusal is a FormFailure (the service's words at `name` or `file`).
 */
export const assignAdminDocument = ({ customerId, name, file, requestId }: { customerId: number; name: string; file: Blob & { name: string }; requestId: string }) =>
  asFormFailure(async () => (await api().main.upload('adminDocumentAssign', { name: adminDocumentName(name), requestId }, file, file.name, { actingCustomerId: customerId })).document ?? null);

/** adminDocumentRemove, once per requestId. A failure is a UiMessage. */
export const removeAdminDocument = ({ customerId, documentId, requestId }: { customerId: number; documentId: number; requestId: string }) =>
  asUiMessage(async () => {
    await api().main.call('adminDocumentRemove', { documentId, requestId }, { actingCustomerId: customerId });
  });

/** The document's file (its `url` on the documents service, fetched with the bearer token), named as it was kept. */
export async function fetchAdminDocumentFile(document: Pick<AdminDocument, 'url' | 'fileName'>): Promise<{ blob: Blob; fileName: string }> {
  const fileId = /\/files\/([A-Za-z0-9_-]+)/.exec(document.url ?? '')?.[1];
  if (!fileId) throw new Error(`Not a file link: ${document.url ?? '(none)'}`);
  const { data } = await api().documents.GET('/files/{fileId}', { params: { path: { fileId } }, parseAs: 'blob' as const });
  if (!data) throw new Error(`No file behind the link: ${document.url}`);
  return { blob: data, fileName: document.fileName };
}
