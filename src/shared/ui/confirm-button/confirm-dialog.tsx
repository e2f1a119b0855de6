import { useLingui } from '@lingui/react/macro';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../button/button';
import styles from '../dialog/dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question of a `ConfirmButton`: an alert dialog (focus inside, Escape cancels, focus returns on close). */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={(open) => !open && onCancel()}>
      <Modal className={styles.modal}>
        <AriaDialog role="alertdialog" className={styles.dialog}>
          <div className={styles.head}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
          </div>
          <div className={styles.body}>
            <p>{message}</p>
          </div>
          <div className={styles.footer}>
            <Button variant="secondary" onPress={onCancel}>
              {t`Cancel`}
            </Button>
            <Button variant="danger" onPress={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
