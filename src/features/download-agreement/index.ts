export { AgreementDownloadButton, useSaveAgreement } from './ui/agreement-download-button';
export type { SaveAgreement } from './ui/agreement-download-button';
