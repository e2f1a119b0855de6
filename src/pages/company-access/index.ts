export { CompanyAccessPage, CompanyAccessView } from './ui/company-access-page';
export type { CompanyAccessViewProps } from './ui/company-access-page';
