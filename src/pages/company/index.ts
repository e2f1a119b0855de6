export { CompanyPage, CompanyDocumentsPage, CompanyView, useCompanyViewer } from './ui/company-page';
export type { CompanyViewProps, BusinessQuery } from './ui/company-page';
