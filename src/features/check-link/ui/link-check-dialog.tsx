import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { linkCheckMachine } from '@machines/shared/link-check.machine';
import { linkHost } from '@machines/shared/link-check.rules';
import { uiMessageText } from '@/shared/lib';
import { Button, buttonClass, Dialog, FormAlert, Preloader } from '@/shared/ui';
import styles from './check-link.module.css';

export type LinkCheckActor = ActorRefFrom<typeof linkCheckMachine>;

/**
 * The link check's dialog, as its statechart says (docs/decisions.md "Link checks"): checking
 * (Cancel), blocked (nothing to open), the check failed (a warning, Try again, and "Open anyway"
 * at the customer's own risk), or safe but the press too long ago for the browser ("Open the
 * link"). The address is shown whole, as text. Links open in a new tab without opener or referrer.
 */
export function LinkCheckDialog({ actor }: { actor: LinkCheckActor }) {
  const { t, i18n } = useLingui();
  const url = useSelector(actor, (s) => s.context.url);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const blocked = useSelector(actor, (s) => s.hasTag('blocked'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const open = url !== null && (checking || blocked || failed || ready);
  const close = () => actor.send({ type: checking ? 'CANCEL' : 'CLOSE' });
  const host = url ? linkHost(url) : '';
  const title = checking ? t`Checking the link` : blocked ? t`This link was blocked` : failed ? t`The link could not be checked` : t`The link is safe to open`;
  const address = <p className={styles.url}>{url}</p>;
  const outside = (label: string) => (
    <a className={buttonClass(failed ? 'danger' : 'primary')} href={url ?? undefined} target="_blank" rel="noopener noreferrer" onClick={() => actor.send({ type: 'OPENED' })}>
      {label}
    </a>
  );
  return (
    <Dialog isOpen={open} onClose={close} title={title} role={blocked || failed ? 'alertdialog' : 'dialog'}>
      <div className={styles.body}>
        {checking ? (
          <>
            <p className={styles.text}>{t`Before a link from a message opens, we check that it is safe.`}</p>
            {address}
            <Preloader label={t`Checking the link…`} />
            <div className={styles.buttons}>
              <Button variant="secondary" onPress={close}>{t`Cancel`}</Button>
            </div>
          </>
        ) : blocked ? (
          <>
            <p className={styles.text}>{t`Our check found that this link to ${host} is not safe, so it was not opened. Do not open it another way.`}</p>
            {address}
            <p className={styles.text}>{t`If a message asks you to open a link like this, or to share a password or card details, contact support.`}</p>
            <div className={styles.buttons}>
              <Button variant="primary" onPress={close}>{t`Close`}</Button>
            </div>
          </>
        ) : failed ? (
          <>
            {error ? <FormAlert>{error}</FormAlert> : null}
            <p className={styles.text}>{t`We could not check whether this link to ${host} is safe.`}</p>
            {address}
            <p className={styles.warning}>{t`Open it only if you trust where it leads: a link can lead to a site that imitates ours to steal your password or card details.`}</p>
            <div className={styles.buttons}>
              <Button variant="primary" onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
              {outside(t`Open anyway`)}
              <Button variant="secondary" onPress={close}>{t`Cancel`}</Button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.text}>{t`Our check found nothing wrong with this link to ${host}. It opens in a new tab.`}</p>
            {address}
            <div className={styles.buttons}>
              {outside(t`Open the link`)}
              <Button variant="secondary" onPress={close}>{t`Cancel`}</Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
