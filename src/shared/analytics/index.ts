export { ANALYTICS_EVENTS, onAnalytics, track, trackAction } from './analytics';
export type { AnalyticsEntry, AnalyticsEvent, AnalyticsProps } from './analytics';
export { analyticsCollectorUrl, startAnalyticsCollector } from './collector';
