import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { waitFor, type ActorRefFrom } from 'xstate';
import type { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';
import { RadioGroup } from '../radio-group/radio-group';
import styles from './secret-reveal-dialogs.module.css';

export interface SecretRevealTexts {
  /** The question before a new secret is issued. */
  confirmTitle: string;
  /** What happens to the old one. */
  confirmText: string;
  /** The button that issues it. */
  confirmLabel: string;
  /** The dialog that shows it once. */
  revealTitle: string;
  /** What is lost if it is closed without keeping it. */
  leaveText: string;
}

export interface SecretRevealDialogsProps {
  /** The secretReveal statechart (machines/merchant/secret-reveal.machine.ts), running with its call. */
  actor: ActorRefFrom<typeof secretRevealMachine>;
  texts: SecretRevealTexts;
  /** How long the old secret may keep working, offered in the question (sent as CONFIRM's choice); none: it stops at once. */
  choices?: { label: string; options: readonly { id: string; label: string }[]; initial: string };
}

/**
 * The dialogs of a secret shown once (an IPN or PBN signing secret, an API key, a webhook's signing
 * secret): the question before a new one is issued (with how long the old one keeps working when
 * the page offers it), then the secret in a dialog that stays until the user says they kept it,
 * with one-press copy. Closing it, leaving the page (a link, Back) asks first; a page closed or
 * reloaded meanwhile is warned by the browser. The secret lives only in the statechart.
 */
export function SecretRevealDialogs({ actor, texts, choices }: SecretRevealDialogsProps) {
  const { t } = useLingui();
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const revealed = useSelector(actor, (s) => s.hasTag('revealed'));
  const askingLeave = useSelector(actor, (s) => s.hasTag('confirmingLeave'));
  const secret = useSelector(actor, (s) => s.context.secret);
  const copied = useSelector(actor, (s) => s.context.copied);
  // The choice lives in the statechart (CHOOSE); until the user picks one, the page's first choice.
  const choice = useSelector(actor, (s) => s.context.choice) ?? choices?.initial ?? '';

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
    <>
      <Dialog
        isOpen={confirming}
        role="alertdialog"
        onClose={() => actor.send({ type: 'CANCEL' })}
        title={texts.confirmTitle}
        footer={
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
              {t`Cancel`}
            </Button>
            <Button onPress={() => actor.send(choices ? { type: 'CONFIRM', choice } : { type: 'CONFIRM' })}>{texts.confirmLabel}</Button>
          </>
        }
      >
        <div className={styles.body}>
          <p className={styles.text}>{texts.confirmText}</p>
          {choices ? <RadioGroup label={choices.label} options={choices.options} value={choice} onChange={(value) => actor.send({ type: 'CHOOSE', choice: value })} /> : null}
        </div>
      </Dialog>
      <Dialog
        isOpen={revealed}
        role="alertdialog"
        onClose={() => actor.send({ type: 'LEAVE' })}
        title={askingLeave ? t`Close without keeping the secret?` : texts.revealTitle}
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
          <p className={styles.text}>{texts.leaveText}</p>
        ) : (
          <div className={styles.body}>
            <p className={styles.text}>{t`Keep it somewhere safe now: it is not shown again.`}</p>
            <p className={styles.secretValue}>
              <code>{secret}</code>
            </p>
            <p role="status" className={styles.hint}>
              {copied ? t`Copied to the clipboard.` : ''}
            </p>
          </div>
        )}
      </Dialog>
    </>
  );
}
