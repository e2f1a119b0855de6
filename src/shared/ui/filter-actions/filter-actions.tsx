import { useLingui } from '@lingui/react/macro';
import { Button } from '../button/button';
import styles from './filter-actions.module.css';

/** A list filter's buttons: Apply filters (the form's submit) and, when there is something to clear, Clear filters. */
export function FilterActions({ onClear, className }: { onClear: (() => void) | null; className?: string }) {
  const { t } = useLingui();
  return (
    <div className={className ? `${styles.buttons} ${className}` : styles.buttons}>
      <Button type="submit">{t`Apply filters`}</Button>
      {onClear ? (
        <Button variant="secondary" onPress={onClear}>
          {t`Clear filters`}
        </Button>
      ) : null}
    </div>
  );
}
