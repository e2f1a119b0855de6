import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { uiMessageText } from '@/shared/lib';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';
import { FormAlert } from '../form-alert/form-alert';
import styles from './confirmed-change-dialog.module.css';

export interface ConfirmedChangeDialogProps {
  /** The confirmed-change statechart (machines/shared/confirmed-change.machine.ts), provided with its call. */
  actor: ActorRefFrom<typeof confirmedChangeMachine>;
  /** The question, for the subject asked about. */
  title: (subject: string) => string;
  /** What confirming does, for the subject. */
  text: (subject: string) => string;
  /** The confirming button's word (e.g. "Remove"). */
  confirmLabel: string;
}

/**
 * The question of a confirmed change (an alert dialog: not dismissed by a click outside), its
 * progress and its failure with "Try again" (the same request, the same requestId), as the
 * confirmed-change statechart says: removing an e-mail from the payout black list, an admin document.
 */
export function ConfirmedChangeDialog({ actor, title, text, confirmLabel }: ConfirmedChangeDialogProps) {
  const { t, i18n } = useLingui();
  const subject = useSelector(actor, (s) => s.context.subject);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const cancel = () => actor.send({ type: 'CANCEL' });
  return (
    <Dialog isOpen={subject !== null} role="alertdialog" onClose={cancel} title={title(subject ?? '')}>
      <div className={styles.form}>
        <p className={styles.text}>{text(subject ?? '')}</p>
        {failed && error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button variant="danger" isPending={busy} onPress={() => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' })}>
            {failed ? t`Try again` : confirmLabel}
          </Button>
          <Button variant="secondary" isDisabled={busy} onPress={cancel}>
            {t`Cancel`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
