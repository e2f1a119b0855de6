import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog, FormAlert } from '@/shared/ui';
import type { EntityEditActor } from '../model/use-entity-edit';

/**
 * The question before an entity is deleted (an alert dialog: not dismissed by a click outside), its
 * progress and its failure with "Try again" (the same requestId), as the entity edit statechart
 * says (tags `confirming`, `failed`; `busy` while it is sent).
 */
export function EntityDeleteDialog({ actor, title, text }: { actor: EntityEditActor; title: (subject: string) => string; text: string }) {
  const { t, i18n } = useLingui();
  const subject = useSelector(actor, (s) => (s.hasTag('confirming') || s.matches('deleting') || s.hasTag('failed') ? (s.context.subject ?? '') : null));
  const busy = useSelector(actor, (s) => s.matches('deleting'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  const cancel = () => actor.send({ type: 'CANCEL' });
  return (
    <Dialog
      isOpen={subject !== null}
      role="alertdialog"
      onClose={cancel}
      title={title(subject ?? '')}
      footer={
        <>
          <Button variant="secondary" isDisabled={busy} onPress={cancel}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" isPending={busy} onPress={() => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' })}>
            {failed ? t`Try again` : t`Delete`}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </Dialog>
  );
}

/** A change made from the list (on or off) that failed: said beside the list until the next change. */
export function EntityListError({ actor }: { actor: EntityEditActor }) {
  const { i18n } = useLingui();
  const error = useSelector(actor, (s) => (s.matches('idle') ? uiMessageText(i18n, s.context.error) : null));
  return error ? <FormAlert>{error}</FormAlert> : null;
}

/** A row's action button named with the row (its word, then the row's name: "Edit Production"). */
export function RowButton({ word, nameId, onPress, children, variant = 'secondary', haspopup }: { word: string; nameId: string; onPress: () => void; children: ReactNode; variant?: 'secondary' | 'danger'; haspopup?: boolean }) {
  return (
    <Button variant={variant} aria-haspopup={haspopup ? 'dialog' : undefined} aria-labelledby={`${word} ${nameId}`} onPress={onPress}>
      <span id={word}>{children}</span>
    </Button>
  );
}
