import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import { maskedSecret } from '@machines/merchant/merchant.rules';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog, FormAlert } from '@/shared/ui';
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
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const revealed = useSelector(actor, (s) => s.hasTag('revealed'));
  const askingLeave = useSelector(actor, (s) => s.hasTag('confirmingLeave'));
  const secret = useSelector(actor, (s) => s.context.secret);
  const copied = useSelector(actor, (s) => s.context.copied);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));

  // Leaving the page while the secret is shown: the statechart asks; the navigation waits for the answer.
  useBlocker({
    shouldBlockFn: async () => {
      if (!actor.getSnapshot().hasTag('revealed')) return false;
      actor.send({ type: 'LEAVE' });
      const answered = await waitFor(actor, (s) => !s.hasTag('confirmingLeave'));
      return answered.hasTag('revealed');
    },
    enableBeforeUnload: () => actor.getSnapshot().hasTag('revealed'),
  });

  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    actor.send({ type: 'COPIED' });
  };

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
      <Dialog
        isOpen={confirming}
        role="alertdialog"
        onClose={() => actor.send({ type: 'CANCEL' })}
        title={t`Issue a new secret?`}
        footer={
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
              {t`Cancel`}
            </Button>
            <Button onPress={() => actor.send({ type: 'CONFIRM' })}>{t`Issue it`}</Button>
          </>
        }
      >
        <p>{lastFour ? t`The secret in use stops working at once: update your server with the new one.` : t`Your server will need it to check the notifications.`}</p>
      </Dialog>
      <Dialog
        isOpen={revealed}
        role="alertdialog"
        onClose={() => actor.send({ type: 'LEAVE' })}
        title={askingLeave ? t`Close without keeping the secret?` : t`Your new secret`}
        footer={
          askingLeave ? (
            <>
              <Button variant="secondary" onPress={() => actor.send({ type: 'STAY' })}>
                {t`Back to the secret`}
              </Button>
              <Button onPress={() => actor.send({ type: 'LEAVE_ANYWAY' })}>{t`Close it`}</Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onPress={() => void copy()}>
                {copied ? t`Copied` : t`Copy`}
              </Button>
              <Button onPress={() => actor.send({ type: 'ACKNOWLEDGE' })}>{t`I have kept it`}</Button>
            </>
          )
        }
      >
        {askingLeave ? (
          <p>{t`It is not shown again. Without it your server cannot check the notifications, and you will have to issue another.`}</p>
        ) : (
          <>
            <p>{t`Keep it somewhere safe now: it is not shown again.`}</p>
            <p className={styles.secretValue}>
              <code>{secret}</code>
            </p>
            <p role="status" className={styles.hint}>
              {copied ? t`Copied to the clipboard.` : ''}
            </p>
          </>
        )}
      </Dialog>
    </section>
  );
}
