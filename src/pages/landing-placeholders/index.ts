export { CompanyDocumentsPage } from './ui/landing-placeholders';
