export { IdentityVerificationResultPage, VideoIdentityJobPage } from './ui/identity-verification-page';
