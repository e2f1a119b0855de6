import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { preapprovedCancelMachine } from '@machines/transfers/preapproved-cancel.machine';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog } from '@/shared/ui';
import styles from './cancel-dialogs.module.css';

export type PreapprovedCancelActor = ActorRefFrom<typeof preapprovedCancelMachine>;

/**
 * The question before a cancel, and the action-confirmation popup after a refused one (001 s4, s8):
 * the service's reason, and the choice to try again or close. Both are alert dialogs (focus moves in,
 * Escape closes, focus returns).
 */
export function PreapprovedCancelDialogs({ actor, describe }: { actor: PreapprovedCancelActor; describe: (paymentId: number) => string }) {
  const { t, i18n } = useLingui();
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const paymentId = useSelector(actor, (s) => s.context.paymentId);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const what = paymentId !== null ? describe(paymentId) : '';
  const dismiss = () => actor.send({ type: 'DISMISS' });
  if (asking || (busy && !failed)) {
    return (
      <Dialog isOpen role="alertdialog" onClose={dismiss} title={t`Cancel this payment?`}>
        <div className={styles.body}>
          <p className={styles.text}>{what}</p>
          <p className={styles.text}>{t`No more payments are made. Payments already made stay as they are.`}</p>
          <div className={styles.buttons}>
            <Button variant="danger" isPending={busy} onPress={() => actor.send({ type: 'CONFIRM' })}>
              {t`Cancel the payment`}
            </Button>
            <Button variant="secondary" onPress={dismiss} isDisabled={busy}>
              {t`Keep it`}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }
  if (failed) {
    return (
      <Dialog isOpen role="alertdialog" onClose={dismiss} title={t`The payment is not cancelled`}>
        <div className={styles.body}>
          <p className={styles.text}>{what}</p>
          <p className={styles.error}>{error}</p>
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
            <Button variant="secondary" onPress={dismiss}>
              {t`Close`}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return null;
}
