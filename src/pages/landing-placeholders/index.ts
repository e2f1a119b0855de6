export {
  CompanyDocumentsPage,
  AdminOverviewPage,
} from './ui/landing-placeholders';
