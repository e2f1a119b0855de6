export { adminKeys, adminCustomersQuery, adminDocumentsQuery, assignAdminDocument, removeAdminDocument, fetchAdminDocumentFile } from './api/admin';
export type { AccessibleCustomer, AdminDocument, AdminCustomerPageData } from './api/admin';
