export { UploadDocumentButton } from './ui/upload-document-button';
export type { UploadDocumentButtonProps } from './ui/upload-document-button';
export { DocumentUploadDialog } from './ui/document-upload-dialog';
export type { DocumentUploadDialogProps, DocumentUploadTarget } from './ui/document-upload-dialog';
export { documentUploadLogic } from './model/upload-actors';
