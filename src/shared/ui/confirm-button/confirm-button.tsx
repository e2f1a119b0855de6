import { useLingui } from '@lingui/react/macro';
import { Dialog as AriaDialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../button/button';
import styles from '../dialog/dialog.module.css';

export interface ConfirmButtonProps {
  /** The button's text (and accessible name, e.g. "Remove Pixel 8"). */
  label: string;
  /** Visible text when it differs from the accessible name. */
  children?: React.ReactNode;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
}

/**
 * A button that asks before it acts (removing a device, cancelling a payment). The question is
 * an alert dialog: focus moves into it, Escape cancels, and focus returns to the button.
 */
export function ConfirmButton({ label, children, title, message, confirmLabel, onConfirm, isPending = false }: ConfirmButtonProps) {
  const { t } = useLingui();
  return (
    <DialogTrigger>
      <Button variant="secondary" aria-label={label} isPending={isPending}>
        {children ?? label}
      </Button>
      <ModalOverlay className={styles.overlay} isDismissable>
        <Modal className={styles.modal}>
          <AriaDialog role="alertdialog" className={styles.dialog}>
            {({ close }) => (
              <>
                <div className={styles.head}>
                  <Heading slot="title" className={styles.title}>
                    {title}
                  </Heading>
                </div>
                <div className={styles.body}>
                  <p>{message}</p>
                </div>
                <div className={styles.footer}>
                  <Button variant="secondary" onPress={close}>
                    {t`Cancel`}
                  </Button>
                  <Button
                    variant="danger"
                    onPress={() => {
                      onConfirm();
                      close();
                    }}
                  >
                    {confirmLabel}
                  </Button>
                </div>
              </>
            )}
          </AriaDialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
