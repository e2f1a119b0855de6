export { BusinessSelfCertificationPage, BusinessSelfCertificationSplashPage, RepresentativeCertificationPage, SelfCertificationPage, SelfCertificationSplashPage } from './ui/self-certification-page';
export type { BusinessSelfCertificationPageProps, RepresentativeCertificationPageProps, SelfCertificationPageProps } from './ui/self-certification-page';
