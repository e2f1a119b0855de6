import { useEffect, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { TRANSACTION_STATUS_LABELS, invoicePaymentLabel, transactionName } from '@machines/history/history.logic';
import type { HistoryTransaction } from '@/entities/history';
import { formatDateTime } from '@/shared/lib';
import { EmptyState, Money, Preloader } from '@/shared/ui';
import styles from './history-list.module.css';

export interface HistoryListProps {
  /** The rows loaded so far (pages joined). */
  rows: readonly HistoryTransaction[];
  /** How many rows the filter matches in all. */
  total: number;
  /** More pages exist and one can be asked for now. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  onOpen: (transaction: HistoryTransaction) => void;
  /** A new filter is loading: the old rows stay (the list says it is busy). */
  stale?: boolean;
  /** The last page failed: the list does not ask again by itself (the page offers "Try again"). */
  paused?: boolean;
  /** Some filter is on (the empty list says nothing matches it). */
  filtered?: boolean;
}

const ROW_ESTIMATE = 64;

/**
 * The history as one long list that stays smooth at 100,000 transactions: only the rows in view
 * (and a few around them) are in the page (@tanstack/react-virtual, the window scrolls); the next
 * page is asked for when the end of what is loaded comes near. Each row opens its details in a
 * dialog over the list, so the scroll position never moves.
 */
export function HistoryList({ rows, total, hasMore, loadingMore, loadMore, onOpen, stale = false, paused = false, filtered = false }: HistoryListProps) {
  const { t, i18n } = useLingui();
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  // The end of what is loaded is near: ask for the next page (the query ignores repeats while one is on its way).
  useEffect(() => {
    if (hasMore && !paused && !loadingMore && last >= rows.length - 10) loadMore();
  }, [hasMore, paused, loadingMore, last, rows.length, loadMore]);
  if (rows.length === 0) return filtered ? <EmptyState title={t`No transactions`} message={t`Nothing matches these filters.`} /> : <EmptyState title={t`No transactions`} />;
  return (
    <>
      <ul
        ref={listRef}
        className={stale ? `${styles.list} ${styles.stale}` : styles.list}
        style={{ height: virtualizer.getTotalSize() }}
        aria-label={t`Transactions`}
        aria-busy={stale || loadingMore}
      >
        {items.map((item) => {
          const tx = rows[item.index]!;
          const invoice = invoicePaymentLabel(tx);
          return (
            <li
              key={tx.transactionId}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={total}
              aria-posinset={item.index + 1}
              className={styles.row}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <button type="button" className={styles.open} onClick={() => onOpen(tx)}>
                <span className={styles.name}>{transactionName(tx, (d) => i18n._(d))}</span>
                <span className={styles.amount}>
                  <Money amount={tx.amount} currency={tx.currencyCode} />
                </span>
                <span className={styles.meta}>
                  <time dateTime={tx.created}>{formatDateTime(tx.created, i18n.locale)}</time>
                  {' · '}
                  {i18n._(TRANSACTION_STATUS_LABELS[tx.status])}
                </span>
                {invoice ? <span className={styles.meta}>{i18n._(invoice)}</span> : null}
                {tx.reference || tx.note ? <span className={styles.text}>{[tx.reference, tx.note].filter(Boolean).join(' · ')}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {loadingMore ? <Preloader label={t`Loading more transactions`} /> : null}
      {!hasMore && rows.length > 0 ? <p className={styles.end}>{t`That is all: ${plural(total, { one: '# transaction', other: '# transactions' })}.`}</p> : null}
    </>
  );
}
