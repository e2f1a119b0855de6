export { AnalyticsConsentGate } from './ui/analytics-consent-gate';
export { AnalyticsChoicesItem } from './ui/analytics-choices-item';
