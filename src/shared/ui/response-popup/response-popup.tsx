import { useLingui } from '@lingui/react/macro';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';
import { FailureIcon, SuccessIcon } from '../icons/icons';
import styles from './response-popup.module.css';

export interface ResponsePopupProps {
  isOpen: boolean;
  status: 'success' | 'failure';
  title?: string;
  /** Already translated, or server text: rendered as text, never as HTML. May be empty when the title says it all. */
  message?: string | null | undefined;
  onClose: () => void;
  /** When given, a "Go to home" button (the caller clears OAuth parameters and navigates home). */
  onGoHome?: () => void;
}

/** The generic response popup of spec 001 s8: success or failure icon, message, optional "go to home". */
export function ResponsePopup({ isOpen, status, title, message, onClose, onGoHome }: ResponsePopupProps) {
  const { t } = useLingui();
  const heading = title ?? (status === 'success' ? t`Success` : t`Error`);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={heading}
      role={status === 'failure' ? 'alertdialog' : 'dialog'}
      footer={
        <>
          {onGoHome ? (
            <Button variant="secondary" onPress={onGoHome}>
              {t`Go to home`}
            </Button>
          ) : null}
          <Button onPress={onClose}>{t`OK`}</Button>
        </>
      }
    >
      <div className={`${styles.content} ${status === 'success' ? styles.success : styles.failure}`}>
        <span className={styles.icon}>{status === 'success' ? <SuccessIcon size={32} /> : <FailureIcon size={32} />}</span>
        {message ? <p className={styles.message}>{message}</p> : null}
      </div>
    </Dialog>
  );
}
