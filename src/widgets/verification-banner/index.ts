export { VerificationBanner } from './ui/verification-banner';
export { LIMIT_REASON_TEXTS, REQUIRED_ACTION_TEXTS, STATUS_TEXTS } from './ui/verification-texts';
