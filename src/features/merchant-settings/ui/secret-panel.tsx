import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { maskedSecret } from '@machines/merchant/merchant.rules';
import { uiMessageText } from '@/shared/lib';
import { Button, FormAlert, SecretRevealDialogs } from '@/shared/ui';
import type { SecretActor } from '../model/settings-actors';
import styles from './merchant-settings.module.css';

export interface SecretPanelProps {
  /** The secret's last four characters as saved (null: none issued yet). */
  lastFour: string | null;
  /** The user may issue a new one (full access). */
  canManage: boolean;
  /** The secretReveal statechart, running (its page also sends it a secret a save issued). */
  actor: SecretActor;
}

/**
 * A signing secret (001 s3: the IPN settings' secret regeneration flag, the PBN setting's secret):
 * by its last four characters; "Issue a new secret" asks first (the old one stops working), then
 * shows the new one once, in a dialog that stays until the user says they kept it (a secret a save
 * of the settings issued is shown the same way). Leaving the page
 * meanwhile (a link, Back) or closing the dialog asks first; a page closed or reloaded meanwhile is
 * warned by the browser.
 */
export function SecretPanel({ lastFour, canManage, actor }: SecretPanelProps) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));

  return (
    <section className={styles.secret} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.subtitle}>
        {t`Signing secret`}
      </h2>
      <p className={styles.hint}>{t`Your server checks each notification with this secret. It is shown once, when it is issued; after that only its last four characters.`}</p>
      <p className={styles.masked}>{lastFour ? maskedSecret(lastFour) : t`No secret has been issued yet.`}</p>
      {canManage ? (
        <Button variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'REGENERATE' })}>
          {lastFour ? t`Issue a new secret` : t`Issue a secret`}
        </Button>
      ) : null}
      {failed && error ? (
        <FormAlert>
          {error}{' '}
          <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
            {t`Try again`}
          </Button>{' '}
          <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
            {t`Cancel`}
          </Button>
        </FormAlert>
      ) : null}
      <SecretRevealDialogs
        actor={actor}
        texts={{
          confirmTitle: t`Issue a new secret?`,
          confirmText: lastFour ? t`The secret in use stops working at once: update your server with the new one.` : t`Your server will need it to check the notifications.`,
          confirmLabel: t`Issue it`,
          revealTitle: t`Your new secret`,
          leaveText: t`It is not shown again. Without it your server cannot check the notifications, and you will have to issue another.`,
        }}
      />
    </section>
  );
}
