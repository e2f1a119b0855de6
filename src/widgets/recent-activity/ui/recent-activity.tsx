import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { groupByDate, recentTransferTarget, visibleRecentTransfers } from '@machines/accounts/activity.logic';
import { RECENT_P2P_LIMIT } from '@machines/shared/constants';
import { TRANSACTION_STATUS_LABELS, invoicePaymentLabel, transactionName } from '@machines/history/history.logic';
import { homeActivityQuery, recentTransfersQuery, type RecentTransfer, type Transaction } from '@/entities/account';
import { DateText, EmptyState, Money, QueryState, type QueryLike } from '@/shared/ui';
import styles from './recent-activity.module.css';

/** Recent p2p transfers (at most 3, disabled ones hidden); each opens the transfer form prefilled. */
export function RecentTransfers() {
  const query = useQuery(recentTransfersQuery(['p2p'], RECENT_P2P_LIMIT));
  return <RecentTransfersView query={query} />;
}

export function RecentTransfersView({ query }: { query: QueryLike & { data?: readonly RecentTransfer[] | undefined } }) {
  const { t } = useLingui();
  const items = visibleRecentTransfers(query.data ?? [], RECENT_P2P_LIMIT);
  return (
    <section aria-labelledby="recent-title" className={styles.section}>
      <h2 id="recent-title" className={styles.title}>{t`Send again`}</h2>
      <QueryState query={query} title={t`Could not load your recent transfers`} />
      {query.data && items.length === 0 ? <EmptyState title={t`No recent transfers`} /> : null}
      {items.length > 0 ? (
        <ul className={styles.recent}>
          {items.map((item) => {
            const target = recentTransferTarget(item);
            const name = item.name;
            return (
              <li key={item.transactionId}>
                <Link to={target.to} search={target.search} className={styles.recentLink}>
                  <span className={styles.name}>
                    <span className={styles.visuallyHidden}>{t`Send again to`} </span>
                    {name}
                  </span>
                  {item.email ? <span className={styles.muted}>{item.email}</span> : null}
                  {item.amount && item.currencyCode ? (
                    <span className={styles.muted}>
                      {t`Last`}: <Money amount={item.amount} currency={item.currencyCode} />
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** Home's recent activity: the first history page grouped by date, fees left out (spec 001 s9). */
export function RecentActivity() {
  const query = useQuery(homeActivityQuery());
  return <RecentActivityView query={query} />;
}

export function RecentActivityView({ query }: { query: QueryLike & { data?: readonly Transaction[] | undefined } }) {
  const { t, i18n } = useLingui();
  const groups = groupByDate(query.data ?? []);
  return (
    <section aria-labelledby="activity-title" className={styles.section}>
      <div className={styles.head}>
        <h2 id="activity-title" className={styles.title}>{t`Recent activity`}</h2>
        <Link to="/history">{t`All history`}</Link>
      </div>
      <QueryState query={query} title={t`Could not load your recent activity`} />
      {query.data && groups.length === 0 ? <EmptyState title={t`No activity yet`} /> : null}
      {groups.map((group) => (
        <div key={group.date} className={styles.day}>
          <h3 className={styles.date}>
            <DateText value={`${group.date}T12:00:00`} />
          </h3>
          <ul className={styles.transactions}>
            {group.items.map((tx) => {
              const invoice = invoicePaymentLabel(tx);
              return (
                <li key={tx.transactionId} className={styles.transaction}>
                  <span className={styles.name}>{transactionName(tx, (d) => i18n._(d))}</span>
                  <span className={styles.amount}>
                    <Money amount={tx.amount} currency={tx.currencyCode} />
                  </span>
                  {invoice ? <span className={styles.muted}>{i18n._(invoice)}</span> : null}
                  <span className={styles.muted}>
                    <TransactionStatus status={tx.status} />
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

function TransactionStatus({ status }: { status: Transaction['status'] }) {
  const { i18n } = useLingui();
  return <>{i18n._(TRANSACTION_STATUS_LABELS[status])}</>;
}
