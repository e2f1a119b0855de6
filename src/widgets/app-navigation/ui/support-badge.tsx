import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { waitMachine } from '@machines/shared/wait.machine';
import { supportStatsQuery } from '@/entities/support-ticket';
import { formatCount } from '@/shared/lib';
import styles from './app-navigation.module.css';

/**
 * How many support tickets are new (GET zoho/tickets/stats `new`; issue 60), beside the
 * navigation's entry: asked for after the post-login wait (002 s9: 5 s, a machine delay); nothing
 * while it waits or loads, when it fails or when there are none. Said in words to a screen reader.
 */
export function SupportBadge() {
  const { i18n } = useLingui();
  const over = useSelector(useActorRef(waitMachine), (s) => s.hasTag('over'));
  const stats = useQuery({ ...supportStatsQuery(), enabled: over });
  const count = stats.data?.new ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{formatCount(count, i18n.locale)}</span>
      <span className={styles.visuallyHidden}>{plural(count, { one: '(# new answer)', other: '(# new answers)' })}</span>
    </span>
  );
}
