import { useLingui } from '@lingui/react/macro';
import { Button } from '../button/button';
import styles from './error-state.module.css';

/** A failed load: what happened, in words, and a way to try again. Server text is shown as text. */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: React.ReactNode;
  message: string;
  onRetry?: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className={styles.box} role="alert">
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.message}>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onPress={onRetry}>
          {t`Try again`}
        </Button>
      ) : null}
    </div>
  );
}
