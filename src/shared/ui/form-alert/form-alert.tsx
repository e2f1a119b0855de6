import styles from './form-alert.module.css';

/**
 * A form's own message (server refusal, rate limit): announced as an alert, focusable so a failed
 * submit can move focus to it. Server text is rendered as text.
 */
export function FormAlert({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" tabIndex={-1} className={styles.alert}>
      {children}
    </div>
  );
}
