import { Button, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../icons/icons';
import styles from './dialog.module.css';

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  /** Alert dialogs are announced as such and are not dismissed by clicking outside. */
  role?: 'dialog' | 'alertdialog';
  footer?: React.ReactNode;
}

/**
 * A modal dialog: focus moves inside on open, is trapped while open, and returns to the
 * element that opened it on close (react-aria). Escape closes it.
 */
export function Dialog({ isOpen, onClose, title, children, role = 'dialog', footer }: DialogProps) {
  const { t } = useLingui();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable={role === 'dialog'} className={styles.overlay}>
      <Modal className={styles.modal}>
        <AriaDialog role={role} className={styles.dialog}>
          <div className={styles.head}>
            <Heading slot="title" className={styles.title}>{title}</Heading>
            <Button className={styles.close} onPress={onClose} aria-label={t`Close`}>
              <CloseIcon />
            </Button>
          </div>
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
