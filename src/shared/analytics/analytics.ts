/**
 * The app's one analytics module (002 s9 "Analytics events"; the second one, with another event
 * shape, folded in: issue 61). It carries sign-in's and the terms', the registration funnel, the
 * company selector's, the tax self-certification's and the support message center's events; the
 * analytics issue completes it (page views, the other events, storage, do-not-track, consent).
 * An event goes to every listener (`onAnalytics`) and is dispatched on `window` as `app:analytics`
 * (a CustomEvent whose detail is the entry), so an adapter, a test or the e2e suite can hear it.
 * Nothing personal is ever an event property: names of steps and numbers only.
 */
export const ANALYTICS_EVENTS = [
  // Page views (002 s9: "covers page views"): the route's template as `page` (app/model/page-views.ts).
  'Page view',
  // Sign-in (002 s9), and the terms shown at sign-in.
  'Login click',
  'Login success',
  'Login failed',
  'Token receive',
  'Terms show',
  'Terms accept',
  // Leaving for the old web application (000 s2): the hand-off of a user who is not yet an
  // authorised user, and the redirect flag (useOldWeb).
  'Old web redirect',
  'Redirect',
  // The captcha (002 s9; machines/registration/captcha.ts): a token handed over, refused by the
  // service, or taken back (unticked, expired, or used up by a failed submit).
  'Turnstile success',
  'Turnstile failed',
  'Turnstile reset',
  // The move of two-factor to the mobile app at sign-in (000 s3 migration; docs/decisions.md
  // "Analytics events"): the step shown (soft or strict, migrate or enable, the days left), put off
  // ("Continue for now"), the app asked for, left (Back).
  'SCP migration show',
  'SCP migration postpone',
  'SCP migration get app',
  'SCP migration back',
  // The transfer forms (which form only, never the amount): the largest amount put in, an amount typed.
  'Click max amount',
  'Input transfer amount',
  'Register Personal Step',
  'Register Business Step',
  'Leave Registration',
  'Sign Up Complete',
  'Login Completed',
  // Acting for a company (issue 52): the selector shown, a company chosen.
  'Company select show',
  'Company select',
  // Tax self-certification.
  'Tax ID not valid',
  'Tax ID validation failed',
  'Request W Form',
  'Sign W Form',
  'Sign Declaration',
  'Submit Loss of Nationality',
  // Support message center events (issue 60; docs/decisions.md "Support tickets"): the centre shown
  // (its filter), a ticket opened, a ticket made and a reply sent (how many files), nothing of their text.
  'Support message center show',
  'Support ticket open',
  'Support ticket create',
  'Support ticket reply',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
export type AnalyticsProps = Readonly<Record<string, string | number | boolean>>;

export interface AnalyticsEntry {
  event: AnalyticsEvent;
  props: AnalyticsProps;
  /** Milliseconds since the epoch. */
  at: number;
}

const listeners = new Set<(entry: AnalyticsEntry) => void>();

/** Records one event (002 s9 names). */
export function track(event: AnalyticsEvent, props: AnalyticsProps = {}): AnalyticsEntry {
  const entry: AnalyticsEntry = { event, props: { ...props }, at: Date.now() };
  for (const listener of listeners) listener(entry);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<AnalyticsEntry>('app:analytics', { detail: entry }));
  return entry;
}

/** Hears every event from now on; the returned function stops. */
export function onAnalytics(listener: (entry: AnalyticsEntry) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A statechart's `track` action params as an event: its other params are the properties (the
 * funnel's step number as `step`, a sign-in's flow, a failure's reason), those left undefined
 * dropped. A name not in the catalogue is not sent.
 */
export function trackAction({ event, ...params }: { event: string } & Readonly<Record<string, string | number | boolean | undefined>>): void {
  if (!(ANALYTICS_EVENTS as readonly string[]).includes(event)) return;
  const props: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) props[key] = value;
  track(event as AnalyticsEvent, props);
}
