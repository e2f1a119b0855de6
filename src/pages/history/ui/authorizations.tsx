import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DEBIT_HISTORY_PAGE_SIZE } from '@machines/shared/constants';
import { debitHistoryQuery, type Authorization } from '@/entities/history';
import { formatDateTime } from '@/shared/lib';
import { EmptyState, Money, QueryState, type QueryLike } from '@/shared/ui';
import styles from './history.module.css';

/** A settlement account's card authorisations (001 s6), 10 a page; the page is in the address. */
export function Authorizations({ accountId, page }: { accountId: number; page: number }) {
  return <AuthorizationsView accountId={accountId} page={page} query={useQuery(debitHistoryQuery(accountId, page))} />;
}

export function AuthorizationsView({ accountId, page, query }: { accountId: number; page: number; query: QueryLike & { data?: { total: number; authorizations: Authorization[] } | undefined } }) {
  const { t, i18n } = useLingui();
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEBIT_HISTORY_PAGE_SIZE));
  const statusText: Record<Authorization['status'], string> = { pending: t`Pending`, settled: t`Settled`, reversed: t`Reversed`, declined: t`Declined` };
  const to = (n: number) => ({ accountId: String(accountId), view: 'authorizations' as const, ...(n > 1 ? { page: String(n) } : {}) });
  return (
    <section aria-labelledby="authorizations-title" className={styles.page}>
      <h2 id="authorizations-title" className={styles.subtitle}>{t`Card authorisations`}</h2>
      <QueryState query={query} title={t`The card authorisations could not be loaded`} />
      {query.data && query.data.authorizations.length === 0 ? <EmptyState title={t`No card authorisations`} /> : null}
      {query.data && query.data.authorizations.length > 0 ? (
        <>
          <ul className={styles.authorizations}>
            {query.data.authorizations.map((a) => (
              <li key={a.authorizationId} className={styles.authorization}>
                <span className={styles.name}>{a.merchant ?? t`Card payment`}</span>
                <span className={styles.amount}>
                  <Money amount={a.amount} currency={a.currencyCode} />
                </span>
                <span className={styles.meta}>
                  <time dateTime={a.created}>{formatDateTime(a.created, i18n.locale)}</time> · {statusText[a.status]}
                </span>
              </li>
            ))}
          </ul>
          <nav aria-label={t`Pages`} className={styles.pager}>
            {page > 1 ? <Link to="/history" search={to(page - 1)}>{t`Newer`}</Link> : null}
            <span>{t`Page ${page} of ${pages}`}</span>
            {page < pages ? <Link to="/history" search={to(page + 1)}>{t`Older`}</Link> : null}
          </nav>
        </>
      ) : null}
    </section>
  );
}
