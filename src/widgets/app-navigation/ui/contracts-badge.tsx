import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { contractStatsQuery } from '@/entities/contract';
import { formatCount } from '@/shared/lib';
import styles from './app-navigation.module.css';

/**
 * How many contracts are still to be signed (GET /contract/stats `requests`: UNSIGNED and WAITING),
 * beside the navigation's entry; nothing while it loads, when it fails or when there are none. The
 * number is said in words to a screen reader.
 */
export function ContractsBadge() {
  const { i18n } = useLingui();
  const stats = useQuery(contractStatsQuery());
  const count = stats.data?.requests ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{formatCount(count, i18n.locale)}</span>
      <span className={styles.visuallyHidden}>{plural(count, { one: '(# contract to sign)', other: '(# contracts to sign)' })}</span>
    </span>
  );
}
