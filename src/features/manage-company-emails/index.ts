export { CompanyEmailsView } from './ui/company-emails-view';
