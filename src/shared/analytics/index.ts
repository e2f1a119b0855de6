export { ANALYTICS_EVENTS, onAnalytics, track, trackAction } from './analytics';
export type { AnalyticsEntry, AnalyticsEvent, AnalyticsProps } from './analytics';
export { analyticsCollectorUrl, analyticsId, BATCH_MAX, collectionOf, forgetAnalyticsId, startAnalyticsCollector } from './collector';
export type { AnalyticsCollector, Collection } from './collector';
export { startAnalyticsConsent } from './consent';
export type { AnalyticsConsentActor } from './consent';
export { AnalyticsConsentContext, useAnalyticsConsent } from './consent-context';
