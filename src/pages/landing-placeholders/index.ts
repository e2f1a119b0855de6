export {
  KycPage,
  ProfileUpdatePage,
  BusinessSelfCertificationSplashPage,
  CompanyDocumentsPage,
  AdminOverviewPage,
} from './ui/landing-placeholders';
