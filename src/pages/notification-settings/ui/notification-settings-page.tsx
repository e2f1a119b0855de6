import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { groupNotificationSettings } from '@machines/settings/notification-settings.rules';
import { notificationSettingsQuery } from '@/entities/security';
import { useSignedIn } from '@/entities/session';
import { groupName, NotificationSettingRow, notificationToggleLogic, type NotificationToggleLogic } from '@/features/notification-toggle';
import { usePageTitle } from '@/shared/lib';
import { EmptyState, QueryState } from '@/shared/ui';
import styles from './notification-settings-page.module.css';

/**
 * /profile/notifications (001 s2, s3 Notification setting: identified, value, group; s7
 * notification settings get and set; issue 50): the settings by group (the catalogue's groups in
 * its order, then any other the service sends, under its own key), each a switch saved at once.
 * Its own page, beside /profile. The switches' call can be replaced (stories).
 */
export function NotificationSettingsPage({ toggleLogic = notificationToggleLogic }: { toggleLogic?: NotificationToggleLogic }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Notification settings`);
  const signedIn = useSignedIn();
  const query = useQuery({ ...notificationSettingsQuery(), enabled: signedIn });
  const groups = useMemo(() => groupNotificationSettings(query.data ?? []), [query.data]);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Notification settings`}</h1>
      <p className={styles.hint}>{t`Choose what we tell you about. Each change is saved at once.`}</p>
      <QueryState query={query} title={t`Could not load your notification settings`} />
      {query.data && groups.length === 0 ? <EmptyState title={t`No notification settings to choose from`} /> : null}
      {groups.map((group, index) => (
        <section key={group.group} aria-labelledby={`notification-group-${index}`} className={styles.group}>
          <h2 id={`notification-group-${index}`} className={styles.groupTitle}>
            {groupName(i18n, group.group)}
          </h2>
          <ul className={styles.list}>
            {group.settings.map((setting) => (
              <NotificationSettingRow key={setting.identified} setting={setting} logic={toggleLogic} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
