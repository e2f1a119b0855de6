import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { LoginActor } from '../model/login-flow';
import { Button, FormAlert } from '@/shared/ui';
import { formatDateTime, uiMessageText } from '@/shared/lib';
import styles from './login-form.module.css';

/** A new device: the sign-in waits for approval from one of the user's devices, listed here. */
export function VerifyDeviceStep({ actor }: { actor: LoginActor }) {
  const { t, i18n } = useLingui();
  const failure = useSelector(actor, (s) => s.context.error);
  const devices = useSelector(actor, (s) => s.context.reply?.devices) ?? [];
  const error = uiMessageText(i18n, failure);
  return (
    <section aria-labelledby="approve-title" className={styles.panel}>
      <h2 id="approve-title">{t`Confirm this new device`}</h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p role="status" className={styles.waiting}>{t`Waiting for approval…`}</p>
      {devices.length ? (
        <ul className={styles.devices} aria-label={t`Your devices`}>
          {devices.map((d) => (
            <li key={`${d.name}-${d.lastActivityAt}`}>
              <strong>{d.name}</strong> ({d.type}) · {d.location ?? '—'} · {d.lastActivityAt ? formatDateTime(d.lastActivityAt, i18n.locale) : '—'}
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" onPress={() => actor.send({ type: 'BACK' })}>{t`Back`}</Button>
    </section>
  );
}
