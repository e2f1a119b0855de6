export { SelfCertificationPage, SelfCertificationSplashPage } from './ui/self-certification-page';
export type { SelfCertificationPageProps } from './ui/self-certification-page';
