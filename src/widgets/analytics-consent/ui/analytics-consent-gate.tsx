import { useSelector } from '@xstate/react';
import { useAnalyticsConsent, type AnalyticsConsentActor } from '@/shared/analytics';
import { AnalyticsConsentBanner } from './analytics-consent-banner';

/**
 * The analytics consent banner (issue 61) on every page, when the consent statechart shows it (tag
 * `banner`): asked, noticed, or opened again from the footer. Its code is part of the entry (about
 * 1 KB): a first visit sees it on the first page, and loaded on demand it arrived a round trip after
 * that page, as the page's largest paint (docs/performance.md, "Issue 48: where it stands
 * (session 42)"). On a prerendered page it is in the HTML already (docs/decisions.md "Analytics consent").
 */
export function AnalyticsConsentGate() {
  const actor = useAnalyticsConsent();
  return actor ? <ShownWhenAsked actor={actor} /> : null;
}

function ShownWhenAsked({ actor }: { actor: AnalyticsConsentActor }) {
  const shown = useSelector(actor, (s) => s.hasTag('banner'));
  return shown ? <AnalyticsConsentBanner actor={actor} /> : null;
}
