import { useLingui } from '@lingui/react/macro';
import { invoiceTone, isOverdue } from '@machines/invoices/invoice.rules';
import type { Invoice } from '../api/invoices';
import { ToneBadge } from '@/shared/ui';
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
      <ToneBadge tone={invoiceTone(invoice.statusId)}>{invoice.status}</ToneBadge>
      {isOverdue(invoice, today) ? <ToneBadge tone="danger">{t`Overdue`}</ToneBadge> : null}
    </span>
  );
}
