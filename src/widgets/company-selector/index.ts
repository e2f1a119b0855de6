export { CompanySelector, CompanySelectorView } from './ui/company-selector';
export type { CompanySelectorViewProps } from './ui/company-selector';
