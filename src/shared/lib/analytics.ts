/**
 * Product analytics events (spec 002 s9 "Analytics events"). The tracking provider is not named
 * by the spec; events go to the sink the app installs (`setAnalyticsSink`) and, in every build, to
 * a `app:analytics` DOM event, so tests and a tag manager can listen without a global. Nothing
 * personal is sent: event names and small, non-identifying properties only.
 */
export type AnalyticsEvent =
  | 'Login click'
  | 'Login success'
  | 'Login failed'
  | 'Token receive'
  | 'Terms show'
  | 'Terms accept'
  | 'Old web redirect'
  | 'Redirect';

type Sink = (event: AnalyticsEvent, properties: Record<string, string | number | boolean>) => void;
let sink: Sink | null = null;

export function setAnalyticsSink(next: Sink | null): void {
  sink = next;
}

export function track(event: AnalyticsEvent, properties: Record<string, string | number | boolean> = {}): void {
  sink?.(event, properties);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('app:analytics', { detail: { event, properties } }));
}
