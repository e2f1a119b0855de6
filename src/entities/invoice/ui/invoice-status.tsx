import { useLingui } from '@lingui/react/macro';
import { invoiceTone, isOverdue } from '@machines/invoices/invoice.rules';
import type { Invoice } from '../api/invoices';
import styles from './invoice-status.module.css';

/**
 * An invoice's status (001 s3): the reply's `status` text (in the request's language) in a badge
 * whose tone follows the statusId (neutral for one the app does not know), and "Overdue" beside an
 * unpaid one past its due date (`today`: the customer's day). Server text is rendered as text.
 */
export function InvoiceStatus({ invoice, today }: { invoice: Pick<Invoice, 'statusId' | 'status' | 'dueDate'>; today: string }) {
  const { t } = useLingui();
  return (
    <span className={styles.status}>
      <span className={`${styles.badge} ${styles[invoiceTone(invoice.statusId)]}`}>{invoice.status}</span>
      {isOverdue(invoice, today) ? <span className={`${styles.badge} ${styles.danger}`}>{t`Overdue`}</span> : null}
    </span>
  );
}
