import { useSelector } from '@xstate/react';
import { useAnalyticsConsent, type AnalyticsConsentActor } from '@/shared/analytics';
import { onDemand } from '@/shared/lib';

const banner = onDemand(() => import(/* webpackChunkName: "analytics-consent" */ './analytics-consent-banner').then((m) => m.AnalyticsConsentBanner));

/**
 * The banner's code, when the consent statechart shows it: the app's take-over of a prerendered page
 * waits for it, so the banner drawn in the page's HTML is drawn again in the same commit (no blink).
 */
export function consentBannerReady(actor: AnalyticsConsentActor | null): Promise<unknown> {
  return actor?.getSnapshot().hasTag('banner') ? banner.ready() : Promise.resolve();
}

/**
 * The analytics consent banner (issue 61) on every page, its code loaded only when the consent
 * statechart shows it (tag `banner`): asked, noticed, or opened again from the footer.
 */
export function AnalyticsConsentGate() {
  const actor = useAnalyticsConsent();
  return actor ? <ShownWhenAsked actor={actor} /> : null;
}

function ShownWhenAsked({ actor }: { actor: NonNullable<ReturnType<typeof useAnalyticsConsent>> }) {
  const shown = useSelector(actor, (s) => s.hasTag('banner'));
  return shown ? <banner.Lazy actor={actor} /> : null;
}
