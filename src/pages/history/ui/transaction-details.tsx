import { useLingui } from '@lingui/react/macro';
import { TRANSACTION_STATUS_LABELS, invoicePaymentLabel, transactionName } from '@machines/history/history.logic';
import type { HistoryTransaction } from '@/entities/history';
import { DownloadButton } from '@/features/history-export';
import { formatDateTime } from '@/shared/lib';
import { Button, Dialog, Money } from '@/shared/ui';
import styles from './transaction-details.module.css';

/**
 * One transaction over the list (the list keeps its scroll position underneath): what, when,
 * which account, the amount and status, its number, the sender's reference and p2p note (as plain
 * text, for sender and recipient alike), and its confirmation as a PDF (documents service).
 */
export function TransactionDetails({ transaction: tx, onClose }: { transaction: HistoryTransaction; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const name = transactionName(tx, (d) => i18n._(d));
  const invoice = invoicePaymentLabel(tx);
  return (
    <Dialog isOpen onClose={onClose} title={name}>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Amount`}</dt>
          <dd className={styles.amount}>
            <Money amount={tx.amount} currency={tx.currencyCode} />
          </dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>{i18n._(TRANSACTION_STATUS_LABELS[tx.status])}</dd>
        </div>
        <div>
          <dt>{t`Date`}</dt>
          <dd>
            <time dateTime={tx.created}>{formatDateTime(tx.created, i18n.locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t`Account`}</dt>
          <dd>{t`No. ${tx.accountId}`}</dd>
        </div>
        <div>
          <dt>{t`Transaction no.`}</dt>
          <dd>{tx.transactionId}</dd>
        </div>
        {invoice ? (
          <div className={styles.wide}>
            <dt>{t`Invoice`}</dt>
            <dd>{i18n._(invoice)}</dd>
          </div>
        ) : null}
        {tx.reference ? (
          <div className={styles.wide}>
            <dt>{t`Reference`}</dt>
            <dd>{tx.reference}</dd>
          </div>
        ) : null}
        {tx.note ? (
          <div className={styles.wide}>
            <dt>{t`Note`}</dt>
            <dd className={styles.note}>{tx.note}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.buttons}>
        <DownloadButton document={{ name: 'transactionConfirmation', body: { transactionId: tx.transactionId } }}>{t`Confirmation (PDF)`}</DownloadButton>
        <Button variant="secondary" onPress={onClose}>
          {t`Close`}
        </Button>
      </div>
    </Dialog>
  );
}
