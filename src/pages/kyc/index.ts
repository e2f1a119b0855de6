export { KycPage, ProfileUpdatePage } from './ui/kyc-page';
export type { KycPageProps, ProfileUpdatePageProps } from './ui/kyc-page';
