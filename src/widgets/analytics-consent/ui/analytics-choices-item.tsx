import { useLingui } from '@lingui/react/macro';
import { useAnalyticsConsent } from '@/shared/analytics';
import styles from './analytics-consent.module.css';

/**
 * "Analytics choices" in the footer (a list item of its links) (issue 61): opens the consent banner again, so a choice can be
 * changed or withdrawn from every page. Not shown where the environment collects nothing.
 */
export function AnalyticsChoicesItem() {
  const { t } = useLingui();
  const actor = useAnalyticsConsent();
  if (!actor) return null;
  return (
    <li>
      <button type="button" className={styles.linkButton} data-analytics-choices="" onClick={() => actor.send({ type: 'CHANGE' })}>
        {t`Analytics choices`}
      </button>
    </li>
  );
}
