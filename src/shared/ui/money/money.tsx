import { useLingui } from '@lingui/react';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import styles from './money.module.css';

/** An amount with its currency in the user's language; negative amounts are marked. */
export function Money({ amount, currency }: { amount: string | number; currency: string }) {
  const { i18n } = useLingui();
  const negative = String(amount).trim().startsWith('-');
  return <span className={negative ? `${styles.money} ${styles.negative}` : styles.money}>{formatMoney(amount, currency, i18n.locale)}</span>;
}

/** A date in the user's language, with the machine-readable value for assistive tech. */
export function DateText({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const { i18n } = useLingui();
  return <time dateTime={value}>{withTime ? formatDateTime(value, i18n.locale) : formatDate(value, i18n.locale)}</time>;
}
