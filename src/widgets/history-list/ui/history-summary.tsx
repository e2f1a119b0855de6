import { useLingui } from '@lingui/react/macro';
import type { HistorySummary } from '@/entities/history';
import { Money } from '@/shared/ui';
import styles from './history-summary.module.css';

/**
 * The history summary of one account over the filter's dates (001 s3): beginning balance, total
 * debit, total credit, ending balance, and how many are processing or rejected.
 */
export function HistorySummaryView({ summary }: { summary: HistorySummary }) {
  const { t } = useLingui();
  const c = summary.currencyCode;
  return (
    <section aria-labelledby="history-summary-title" className={styles.summary}>
      <h2 id="history-summary-title" className={styles.title}>{t`Summary`}</h2>
      <dl className={styles.figures}>
        <div>
          <dt>{t`Beginning balance`}</dt>
          <dd><Money amount={summary.beginningBalance} currency={c} /></dd>
        </div>
        <div>
          <dt>{t`Total debit`}</dt>
          <dd><Money amount={summary.totalDebit} currency={c} /></dd>
        </div>
        <div>
          <dt>{t`Total credit`}</dt>
          <dd><Money amount={summary.totalCredit} currency={c} /></dd>
        </div>
        <div>
          <dt>{t`Ending balance`}</dt>
          <dd><Money amount={summary.endingBalance} currency={c} /></dd>
        </div>
        <div>
          <dt>{t`Processing`}</dt>
          <dd>{summary.processingCount}</dd>
        </div>
        <div>
          <dt>{t`Rejected`}</dt>
          <dd>{summary.rejectedCount}</dd>
        </div>
      </dl>
    </section>
  );
}
