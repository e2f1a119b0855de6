export { AnalyticsConsentGate, consentBannerReady } from './ui/analytics-consent-gate';
export { AnalyticsChoicesItem } from './ui/analytics-choices-item';
