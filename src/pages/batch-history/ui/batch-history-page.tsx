import { useCallback } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BATCH_STATUS_LABELS, BATCH_TYPE_LABELS, activeBatchFilterCount, cleanBatchSearch, type BatchSearch } from '@machines/history/history.logic';
import { batchHistoryQuery, type BatchTransfer } from '@/entities/history';
import { BatchFilters } from '@/features/history-filter';
import { formatDate, usePageTitle } from '@/shared/lib';
import { useDisclosure } from '@/shared/model';
import { Button, EmptyState, Money, Preloader, QueryState } from '@/shared/ui';
import styles from './batch-history.module.css';

const route = getRouteApi('/main/history/batch-transfers');

/**
 * /history/batch-transfers (001 s2; 002 s5): the user's batches, newest first, 20 at a time,
 * filtered by the address (search, types, from, to; empty values dropped).
 */
export function BatchHistoryPage() {
  const raw = route.useSearch();
  const search = cleanBatchSearch(raw);
  const navigate = useNavigate();
  const apply = useCallback((next: BatchSearch) => void navigate({ to: '/history/batch-transfers', search: next as Record<string, string> }), [navigate]);
  const batches = useInfiniteQuery(batchHistoryQuery(search));
  return <BatchHistoryView search={search} onApply={apply} batches={batches} />;
}

export interface BatchesView {
  data?: { pages: { total: number; batches: BatchTransfer[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export function BatchHistoryView({ search, onApply, batches }: { search: BatchSearch; onApply: (s: BatchSearch) => void; batches: BatchesView }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Batch transfers`);
  const filters = useDisclosure();
  const pages = batches.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.batches);
  const total = pages[0]?.total ?? 0;
  const count = activeBatchFilterCount(search);
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t`Batch transfers`}</h1>
        <nav aria-label={t`History views`} className={styles.views}>
          <Link to="/history">{t`All transactions`}</Link>
          <Link to="/statements">{t`Statements`}</Link>
        </nav>
      </div>
      <div className={styles.controls}>
        <Button variant="secondary" aria-expanded={filters.open} aria-controls="batch-filters" onPress={filters.toggle}>
          {count > 0 ? t`Filters (${count})` : t`Filters`}
        </Button>
      </div>
      <div id="batch-filters" hidden={!filters.open}>
        {filters.open ? (
          <BatchFilters
            key={JSON.stringify(search)}
            search={search}
            onApply={(next) => {
              onApply(next);
              filters.close();
            }}
          />
        ) : null}
      </div>
      <QueryState query={batches} title={t`Your batch transfers could not be loaded`} />
      {batches.data ? (
        <>
          <p className={styles.count} aria-live="polite">
            {plural(total, { one: '# batch', other: '# batches' })}
          </p>
          {rows.length === 0 ? (
            count > 0 ? <EmptyState title={t`No batch transfers`} message={t`Nothing matches these filters.`} /> : <EmptyState title={t`No batch transfers`} message={t`Batches you send from a file or with global pay appear here.`} />
          ) : (
            <ul className={batches.isPlaceholderData ? `${styles.list} ${styles.stale}` : styles.list} aria-label={t`Batch transfers`} aria-busy={batches.isPlaceholderData === true || batches.isFetchingNextPage}>
              {rows.map((b) => (
                <li key={b.batchId} className={styles.row}>
                  <span className={styles.name}>
                    {b.type === 'globalPay' ? (
                      // A global pay batch opens where it is: a draft to go on editing, a sent one on its summary.
                      b.status === 'draft' ? (
                        <Link to="/transfer/mass/global" search={{ batchId: b.batchId }}>
                          {b.batchName}
                        </Link>
                      ) : (
                        <Link to="/transfer/external/global-summary" search={{ batchId: b.batchId }}>
                          {b.batchName}
                        </Link>
                      )
                    ) : (
                      b.batchName
                    )}
                  </span>
                  <span className={styles.amount}>
                    <Money amount={b.totalAmount} currency={b.currencyCode} />
                  </span>
                  <span className={styles.meta}>
                    {i18n._(BATCH_TYPE_LABELS[b.type])}
                    {' · '}
                    <time dateTime={b.created}>{formatDate(b.created, i18n.locale)}</time>
                    {' · '}
                    {plural(b.paymentsCount, { one: '# payment', other: '# payments' })}
                  </span>
                  <span className={styles.status} data-status={b.status}>
                    {i18n._(BATCH_STATUS_LABELS[b.status])}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {batches.isFetchingNextPage ? <Preloader label={t`Loading more batches`} /> : null}
          {batches.isFetchNextPageError ? (
            <div role="alert" className={styles.moreError}>
              {t`More batches could not be loaded. What is shown stays.`}{' '}
              <Button variant="secondary" onPress={() => void batches.fetchNextPage()}>
                {t`Try again`}
              </Button>
            </div>
          ) : batches.hasNextPage && !batches.isFetchingNextPage ? (
            <Button variant="secondary" onPress={() => void batches.fetchNextPage()}>
              {t`Show more`}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
