import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog, FormAlert } from '@/shared/ui';
import type { AdminDocumentLogics } from '../model/admin-document-actors';
import styles from './admin-documents.module.css';

export interface AdminDocumentRemoveDialogProps {
  actor: ActorRefFrom<AdminDocumentLogics['remove']>;
  /** The name of the document asked about (its id is the statechart's subject). */
  nameOf: (documentId: number) => string;
  customerName: string;
}

/**
 * The removal's question (an alert dialog: not dismissed by a click outside), its progress and its
 * failure with "Try again" (the same request again), as the confirmed-change statechart says.
 */
export function AdminDocumentRemoveDialog({ actor, nameOf, customerName }: AdminDocumentRemoveDialogProps) {
  const { t, i18n } = useLingui();
  const subject = useSelector(actor, (s) => s.context.subject);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const name = subject === null ? '' : nameOf(Number(subject));
  const cancel = () => actor.send({ type: 'CANCEL' });
  return (
    <Dialog isOpen={subject !== null} role="alertdialog" onClose={cancel} title={t`Remove the document ${name}?`}>
      <div className={styles.form}>
        <p className={styles.text}>{t`The document is taken off the file of ${customerName} and cannot be brought back.`}</p>
        {failed && error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button variant="danger" isPending={busy} onPress={() => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' })}>
            {failed ? t`Try again` : t`Remove`}
          </Button>
          <Button variant="secondary" isDisabled={busy} onPress={cancel}>
            {t`Cancel`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
