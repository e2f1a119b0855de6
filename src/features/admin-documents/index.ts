export { AdminDocuments, AdminDocumentsView } from './ui/admin-documents';
export type { AdminDocumentsProps, AdminDocumentsQuery } from './ui/admin-documents';
export { adminDocumentLogicsFor } from './model/admin-document-actors';
export type { AdminDocumentLogics } from './model/admin-document-actors';
