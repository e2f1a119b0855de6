import { useEffect, useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { withSettingValue } from '@machines/settings/notification-settings.rules';
import { securityListKeys, type NotificationSetting } from '@/entities/security';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Switch } from '@/shared/ui';
import type { NotificationToggleLogic } from '../model/notification-toggle-actors';
import { settingName } from '../model/notification-texts';
import styles from './notification-setting-row.module.css';

/**
 * One setting's switch, on its own toggle statechart: the new value shows at once and is saved
 * ("Saving…" meanwhile); the kept value goes into the list's cache; a failure puts the switch back
 * to the confirmed value and says why beside it. A value read again (another tab, a refetch) is
 * brought in with SYNC.
 */
export function NotificationSettingRow({ setting, logic }: { setting: NotificationSetting; logic: NotificationToggleLogic }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const errorId = useId();
  const actor = useActorRef(
    logic.provide({
      actions: {
        saved: (_, { identified, value }) =>
          queryClient.setQueryData<NotificationSetting[]>(securityListKeys.notifications, (settings) => (settings ? withSettingValue(settings, identified, value) : settings)),
      },
    }),
    { input: { identified: setting.identified, value: setting.value }, ...inspectOptions() },
  );
  useEffect(() => {
    actor.send({ type: 'SYNC', value: setting.value });
  }, [actor, setting.value]);
  const value = useSelector(actor, (s) => s.context.value);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  return (
    <li className={styles.row}>
      <Switch isSelected={value} isPending={busy} onChange={(next) => actor.send({ type: 'TOGGLE', value: next })} aria-describedby={error ? errorId : undefined}>
        {settingName(i18n, setting.identified)}
      </Switch>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </li>
  );
}
