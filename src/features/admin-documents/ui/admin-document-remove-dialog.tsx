import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { ConfirmedChangeDialog } from '@/shared/ui';
import type { AdminDocumentLogics } from '../model/admin-document-actors';

export interface AdminDocumentRemoveDialogProps {
  actor: ActorRefFrom<AdminDocumentLogics['remove']>;
  /** The name of the document asked about (its id is the statechart's subject). */
  nameOf: (documentId: number) => string;
  customerName: string;
}

/** The removal's question, progress and failure with "Try again" (the shared confirmed-change dialog). */
export function AdminDocumentRemoveDialog({ actor, nameOf, customerName }: AdminDocumentRemoveDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmedChangeDialog
      actor={actor}
      title={(subject) => {
        const name = subject ? nameOf(Number(subject)) : '';
        return t`Remove the document ${name}?`;
      }}
      text={() => t`The document is taken off the file of ${customerName} and cannot be brought back.`}
      confirmLabel={t`Remove`}
    />
  );
}
