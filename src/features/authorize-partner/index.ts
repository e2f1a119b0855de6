export { PartnerConsent } from './ui/partner-consent';
export type { PartnerConsentProps } from './ui/partner-consent';
