import { Button, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../icons/icons';
import styles from './dialog.module.css';

import type { DialogProps } from './dialog';

/**
 * The modal itself (react-aria's overlay, focus scope and dialog), loaded on demand by `Dialog`:
 * focus moves inside on open, is trapped while open, and returns to the element that opened it
 * on close. Escape closes it.
 */
export function ModalDialog({ isOpen, onClose, title, children, role = 'dialog', footer }: DialogProps) {
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
