import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AnalyticsConsentActor } from '@/shared/analytics';
import { useBrand } from '@/shared/model';
import { Button } from '@/shared/ui';
import styles from './analytics-consent.module.css';

/**
 * The analytics consent banner (issue 61; docs/decisions.md "Analytics consent"), from the consent
 * statechart's state:
 * - asked (an EU brand, nothing chosen): Accept and Reject, the same size side by side, one press each;
 * - noticed (a UK brand, nothing chosen): analytics is on; OK and Turn off;
 * - opened again from the footer's "Analytics choices": says whether analytics is on, offers the
 *   other choice and Close; focus moves into it, and back to the footer's button when it closes.
 * Not a dialog: the page stays usable behind it. Nothing personal, no amounts: it says so.
 */
export function AnalyticsConsentBanner({ actor }: { actor: AnalyticsConsentActor }) {
  const { t } = useLingui();
  const { config } = useBrand();
  const view = useSelector(actor, (s) => (s.hasTag('reviewing') ? (s.hasTag('collecting') ? 'reviewingOn' : 'reviewingOff') : s.hasTag('asking') ? 'asking' : 'noticed'));
  const region = useRef<HTMLElement>(null);
  const reviewing = view === 'reviewingOn' || view === 'reviewingOff';
  useEffect(() => {
    if (!reviewing) return;
    const element = region.current;
    element?.focus();
    return () => {
      // Closed with the focus inside: back to the button that opened it (WCAG 2.4.3).
      if (element && (element.contains(document.activeElement) || document.activeElement === document.body)) document.querySelector<HTMLElement>('[data-analytics-choices]')?.focus();
    };
  }, [reviewing]);
  const text =
    view === 'asking'
      ? t`May we count how the pages of this app are used, to make it better? Nothing is collected unless you accept. We never collect names, amounts or account details.`
      : view === 'noticed'
        ? t`We count how the pages of this app are used, to make it better. We never collect names, amounts or account details. You can turn this off now or at any time.`
        : view === 'reviewingOn'
          ? t`Analytics is on: we count how the pages of this app are used. We never collect names, amounts or account details.`
          : t`Analytics is off: nothing about how you use this app is collected.`;
  return (
    <section ref={region} tabIndex={-1} className={styles.banner} aria-label={t`Analytics`} data-consent={view}>
      <p className={styles.text}>
        {text}{' '}
        <a href={config.legal.privacyUrl} rel="noopener noreferrer" target="_blank">
          {t`Privacy policy`}
        </a>
      </p>
      <p className={styles.actions}>
        {view === 'asking' ? (
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'ACCEPT' })}>{t`Accept`}</Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'REJECT' })}>{t`Reject`}</Button>
          </>
        ) : view === 'noticed' ? (
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'ACCEPT' })}>{t`OK`}</Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'REJECT' })}>{t`Turn off`}</Button>
          </>
        ) : (
          <>
            {view === 'reviewingOn' ? (
              <Button variant="secondary" onPress={() => actor.send({ type: 'REJECT' })}>{t`Turn off analytics`}</Button>
            ) : (
              <Button variant="secondary" onPress={() => actor.send({ type: 'ACCEPT' })}>{t`Allow analytics`}</Button>
            )}
            <Button variant="secondary" onPress={() => actor.send({ type: 'CLOSE' })}>{t`Close`}</Button>
          </>
        )}
      </p>
    </section>
  );
}
