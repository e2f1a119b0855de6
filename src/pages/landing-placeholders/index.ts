export {
  KycPage,
  ProfileUpdatePage,
  SelfCertificationSplashPage,
  BusinessSelfCertificationSplashPage,
  CompanyDocumentsPage,
  AdminOverviewPage,
} from './ui/landing-placeholders';
