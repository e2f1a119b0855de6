import styles from './tone-badge.module.css';

export type BadgeTone = 'info' | 'warning' | 'success' | 'neutral' | 'danger';

/** A status in a bordered badge whose colour follows its tone (the words carry the meaning; the colour only repeats it). Its text as text. */
export function ToneBadge({ tone, children }: { tone: BadgeTone; children: React.ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
