import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'disabled' | 'className' | 'children'> {
  variant?: ButtonVariant;
  /** While true the button shows a spinner, keeps its width and focus, and ignores presses (double-submit guard). */
  isPending?: boolean;
  isDisabled?: boolean;
  /** Mouse, touch, Enter or Space (a native button's click). */
  onPress?: () => void;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

/**
 * The app's button: a native `<button>` (no react-aria here, so forms on the first screen carry no
 * press-handling library). Overlays it opens load on demand (ConfirmButton, MenuButton).
 */
export function Button({ variant = 'primary', isPending = false, isDisabled = false, onPress, type = 'button', children, ...rest }: ButtonProps) {
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isPending) {
      event.preventDefault(); // a pending submit button does not submit twice
      return;
    }
    onPress?.();
  };
  return (
    <button
      {...rest}
      type={type}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      data-pending={isPending || undefined}
      className={buttonClass(variant)}
      onClick={onClick}
    >
      <ButtonContent isPending={isPending}>{children}</ButtonContent>
    </button>
  );
}

/** The class names of a button variant (shared with `TriggerButton`). */
export const buttonClass = (variant: ButtonVariant) => `${styles.button} ${styles[variant]}`;

/** The label, hidden but keeping its width while a spinner says "Loading…". */
export function ButtonContent({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <span className={isPending ? styles.hiddenLabel : undefined}>{children}</span>
      {isPending ? <span className={styles.spinner} role="progressbar" aria-label={t`Loading…`} /> : null}
    </>
  );
}
