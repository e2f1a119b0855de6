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

/** The form's messages in one alert: a single one as text, several as a list; nothing without any. */
export function FormAlerts({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <FormAlert>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className={styles.list}>
          {messages.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
}
