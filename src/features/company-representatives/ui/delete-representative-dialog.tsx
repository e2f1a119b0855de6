import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { uiMessageText } from '@/shared/lib';
import { Button, Dialog, FormAlert } from '@/shared/ui';
import type { RepresentativeActor } from '../model/representative-actors';
import styles from './representatives.module.css';

/**
 * "Delete Mihai Stan?" (002 s6): an alert dialog naming the person; a forced delete (admins) says it
 * removes their documents too. While it is sent the dialog waits (Delete shows progress, Escape and
 * Cancel do nothing); a failure says why, with Try again (the same request). `onConfirm` is told
 * which representative goes (the section moves the focus once the lists no longer show them).
 */
export function DeleteRepresentativeDialog({ actor, onConfirm }: { actor: RepresentativeActor; onConfirm?: (representativeId: number) => void }) {
  const { t, i18n } = useLingui();
  const open = useSelector(actor, (s) => s.hasTag('confirmDelete'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('deleteFailed'));
  const target = useSelector(actor, (s) => s.context.deleting);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  if (!open || !target) return null;
  const { name } = target;
  const forced = target.mode === 'force';
  const cancel = () => {
    if (!busy) actor.send({ type: 'CANCEL' });
  };
  return (
    <Dialog isOpen role="alertdialog" onClose={cancel} title={t`Delete ${name}?`}>
      <div className={styles.question}>
        {forced ? (
          <p className={styles.questionText}>{t`This is a forced delete: ${name} is removed from the company's representatives together with their documents. It cannot be undone.`}</p>
        ) : (
          <p className={styles.questionText}>{t`${name} is removed from the company's representatives.`}</p>
        )}
        {failed && error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.dialogButtons}>
          <Button variant="secondary" onPress={cancel} isDisabled={busy}>
            {t`Cancel`}
          </Button>
          {/* One button (the focus stays on it): Delete, then after a failure Try again. */}
          <Button
            variant="danger"
            isPending={busy}
            onPress={() => {
              if (failed) {
                actor.send({ type: 'RETRY' });
                return;
              }
              onConfirm?.(target.representativeId);
              actor.send({ type: 'CONFIRM' });
            }}
          >
            {failed ? t`Try again` : forced ? t`Delete with documents` : t`Delete`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
