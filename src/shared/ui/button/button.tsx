import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import styles from './button.module.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** While true the button shows a spinner, keeps its width and ignores presses (double-submit guard). */
  isPending?: boolean;
  children: React.ReactNode;
}

export function Button({ variant = 'primary', isPending = false, children, ...rest }: ButtonProps) {
  const { t } = useLingui();
  return (
    <AriaButton {...rest} isPending={isPending} className={`${styles.button} ${styles[variant]}`}>
      <span className={isPending ? styles.hiddenLabel : undefined}>{children}</span>
      {isPending ? (
        <span className={styles.spinner} role="progressbar" aria-label={t`Loading…`} />
      ) : null}
    </AriaButton>
  );
}
