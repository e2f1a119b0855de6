import styles from './empty-state.module.css';

/** Nothing to show yet: a title, an explanation and an optional action. */
export function EmptyState({ title, message, action }: { title: string; message?: string; action?: React.ReactNode }) {
  return (
    <div className={styles.box}>
      <p className={styles.title}>{title}</p>
      {message ? <p className={styles.message}>{message}</p> : null}
      {action}
    </div>
  );
}
