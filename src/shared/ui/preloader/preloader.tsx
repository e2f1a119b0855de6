import { useLingui } from '@lingui/react/macro';
import styles from './preloader.module.css';

/**
 * Loading indicator: an indeterminate progress bar with a translated label, so screen readers
 * announce it. `page` fills the viewport (start-up, route loads); `inline` sits in content.
 */
export function Preloader({ variant = 'inline', label }: { variant?: 'page' | 'inline'; label?: string }) {
  const { t } = useLingui();
  return (
    <div className={variant === 'page' ? styles.page : styles.inline}>
      <div role="progressbar" aria-label={label ?? t`Loading…`} className={styles.bar}>
        <span className={styles.spinner} aria-hidden="true" />
      </div>
    </div>
  );
}
