import { useLingui } from '@lingui/react/macro';
import { Button, Dialog } from '@/shared/ui';
import styles from './edit-address.module.css';

/** "Delete this address?": an alert dialog (Escape or "Keep it" keeps it; focus returns to the button). */
export function DeleteAddressQuestion({ onDelete, onKeep }: { onDelete: () => void; onKeep: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      isOpen
      role="alertdialog"
      onClose={onKeep}
      title={t`Delete this address?`}
      footer={
        <>
          <Button variant="secondary" onPress={onKeep}>
            {t`Keep it`}
          </Button>
          <Button variant="danger" onPress={onDelete}>
            {t`Delete`}
          </Button>
        </>
      }
    >
      <p className={styles.question}>{t`The address is removed from your profile.`}</p>
    </Dialog>
  );
}
