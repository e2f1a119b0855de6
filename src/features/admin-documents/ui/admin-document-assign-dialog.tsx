import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { ADMIN_DOCUMENT_FILE_TYPES } from '@machines/company/admin-documents.rules';
import type { AdminDocument } from '@/entities/admin';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, Dialog, FileDrop, FormAlert, TextField } from '@/shared/ui';
import type { AdminDocumentLogics } from '../model/admin-document-actors';
import styles from './admin-documents.module.css';

export interface AdminDocumentAssignDialogProps {
  /** Whose file the document goes on (the popup's title). */
  customerName: string;
  /** The assign statechart with its call for the customer shown (adminDocumentLogicsFor), or a story's fake. */
  logic: AdminDocumentLogics['assign'];
  /** The document is on the customer's file (as the service kept it, or null when the reply named none), with the name sent. */
  onAssigned: (document: AdminDocument | null, name: string) => void;
  onClose: () => void;
}

/**
 * The assign popup (issue 52; adminDocumentAssign), mounted while open, one attempt per opening:
 * the document's name and its file, checked by the statechart before anything is sent (a name of
 * at most 120 characters; a PDF, JPEG or PNG of at most 10 MB), each problem at its field and
 * announced; the first problem takes the focus. A refusal by the service keeps the name and the
 * file and says why; sending them again is the same attempt (its requestId). While a send is under
 * way the popup stays open (Escape and Cancel wait), so its outcome is always seen.
 */
export function AdminDocumentAssignDialog({ customerName, logic, onAssigned, onClose }: AdminDocumentAssignDialogProps) {
  const { t, i18n } = useLingui();
  const fileId = useId();
  const actor = useActorRef(
    logic.provide({
      actions: {
        assigned: ({ context }, { document }) => onAssigned((document as AdminDocument | null) ?? null, context.sent?.name ?? context.name.trim()),
      },
    }),
    inspectOptions(),
  );
  const name = useSelector(actor, (s) => s.context.name);
  const file = useSelector(actor, (s) => s.context.file);
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const ref = useFocusOnRejectedSubmit(attempts);
  const error = (field: 'name' | 'file') => uiMessageText(i18n, errors[field]);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog isOpen onClose={close} title={t`Add a document for ${customerName}`}>
      <form
        ref={ref}
        noValidate
        className={styles.form}
        aria-label={t`Add a document`}
        aria-busy={busy || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <TextField
          label={t`Document name`}
          description={t`For example “Signed service agreement”.`}
          autoComplete="off"
          autoFocus
          value={name}
          onChange={(value) => actor.send({ type: 'CHANGE', value })}
          errorMessage={error('name')}
          isRequired
          isReadOnly={busy}
        />
        <FileDrop
          id={fileId}
          label={t`The file`}
          accept={ADMIN_DOCUMENT_FILE_TYPES.join(',')}
          isDisabled={busy}
          fileName={file?.name}
          onFile={(chosen) => actor.send({ type: 'CHOOSE', file: chosen })}
          errorMessage={error('file')}
        >
          <p className={styles.hint}>{t`PDF, JPEG or PNG, up to 10 MB.`}</p>
        </FileDrop>
        <div className={styles.buttons}>
          <Button type="submit" isPending={busy}>
            {t`Add the document`}
          </Button>
          <Button variant="secondary" onPress={close} isDisabled={busy}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
