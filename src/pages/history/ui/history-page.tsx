import { useCallback } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isClosed } from '@machines/accounts/account.logic';
import { activeFilterCount, cleanHistorySearch, isSettlementAccount, type HistorySearch } from '@machines/history/history.logic';
import { accountsQuery, type Account } from '@/entities/account';
import { historyQuery, type HistoryTransaction } from '@/entities/history';
import { HistoryFilters } from '@/features/history-filter';
import { onDemand, usePageTitle } from '@/shared/lib';
import { useDisclosure, useSelection } from '@/shared/model';
import { Button, QueryState, Select, onDemandDialog } from '@/shared/ui';
import { HistoryList, HistorySummaryView } from '@/widgets/history-list';
import { Authorizations } from './authorizations';
import styles from './history.module.css';

const route = getRouteApi('/main/history');

/** The transaction's details (a dialog) and the export panel load when first used. */
const Details = onDemandDialog(() => import(/* webpackChunkName: "transaction-details" */ './transaction-details').then((m) => m.TransactionDetails));
const Export = onDemand(() => import(/* webpackChunkName: "history-export" */ '@/features/history-export').then((m) => m.HistoryExport));

/**
 * /history (001 s2, s3, s7): every transaction, newest first, filtered by the address (account,
 * keyword, type, direction, status, dates, amounts, e-mail), loaded 20 at a time as the list is
 * scrolled; with an account chosen, its summary; a settlement account also has its card
 * authorisations. A filtered view can be bookmarked: the filter is the address.
 */
export function HistoryPage() {
  const { t } = useLingui();
  usePageTitle(t`History`);
  const raw = route.useSearch();
  const search = cleanHistorySearch(raw);
  const accountId = search.accountId ? Number(search.accountId) : null;
  const navigate = useNavigate();
  const apply = useCallback((next: HistorySearch) => void navigate({ to: '/history', search: next as Record<string, string> }), [navigate]);
  const accounts = useQuery(accountsQuery());
  const authorizations = raw.view === 'authorizations' && accountId !== null && isSettlementAccount(accountId, accounts.data ?? []);
  const history = useInfiniteQuery({ ...historyQuery(search), enabled: !authorizations });
  if (authorizations) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t`History`}</h1>
        <Link to="/history" search={{ accountId: String(accountId) }}>{t`All transactions of this account`}</Link>
        <Authorizations accountId={accountId} page={Number(raw.page ?? 1)} />
      </div>
    );
  }
  return <HistoryPageView search={search} onApply={apply} accounts={accounts.data ?? []} history={history} />;
}

export interface HistoryView {
  data?: { pages: { total: number; transactions: HistoryTransaction[]; summary: import('@/entities/history').HistorySummary | null }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export function HistoryPageView({ search, onApply, accounts, history }: { search: HistorySearch; onApply: (s: HistorySearch) => void; accounts: readonly Account[]; history: HistoryView }) {
  const { t, i18n } = useLingui();
  const filters = useDisclosure();
  const details = useSelection();
  const pages = history.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.transactions);
  const total = pages[0]?.total ?? 0;
  const summary = pages[0]?.summary ?? null;
  // Debit cards spend from their settlement account: their history is that account's.
  const open = accounts.filter((a) => !isClosed(a) && a.subType !== 'DEBIT');
  const count = activeFilterCount(search);
  const selected = details.selected === null ? null : (rows.find((r) => r.transactionId === details.selected) ?? null);
  const accountId = search.accountId ? Number(search.accountId) : null;
  const loadMore = useCallback(() => void history.fetchNextPage(), [history]);
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t`History`}</h1>
        <nav aria-label={t`History views`} className={styles.views}>
          <Link to="/history/batch-transfers">{t`Batch transfers`}</Link>
          <Link to="/statements" search={accountId ? { accountId: String(accountId) } : {}}>{t`Statements`}</Link>
          {accountId && isSettlementAccount(accountId, accounts) ? (
            <Link to="/history" search={{ accountId: String(accountId), view: 'authorizations' }}>{t`Card authorisations`}</Link>
          ) : null}
        </nav>
      </div>
      <div className={styles.controls}>
        <Select
          label={t`Account`}
          placeholder={t`All accounts`}
          placeholderSelectable
          options={open.map((a) => ({ id: String(a.accountId), label: a.cardAliasName ? `${a.cardAliasName} · ${a.currencyCode}` : t`${a.currencyCode} account ${a.accountId}` }))}
          selectedKey={search.accountId ?? ''}
          onSelectionChange={(id) => onApply(cleanHistorySearch({ ...search, accountId: id }))}
        />
        <Button variant="secondary" aria-expanded={filters.open} aria-controls="history-filters" onPress={filters.toggle}>
          {count > 0 ? t`Filters (${count})` : t`Filters`}
        </Button>
      </div>
      <div id="history-filters" hidden={!filters.open}>
        {filters.open ? <HistoryFilters key={JSON.stringify(search)} search={search} onApply={(next) => { onApply(next); filters.close(); }} /> : null}
      </div>
      <Export.Lazy search={search} />
      {summary ? <HistorySummaryView summary={summary} /> : accountId === null ? <p className={styles.hint}>{t`Choose an account to see its summary.`}</p> : null}
      <QueryState query={history} title={t`Your history could not be loaded`} />
      {history.data ? (
        <>
          <p className={styles.count} aria-live="polite">
            {plural(total, { one: '# transaction', other: '# transactions' })}
          </p>
          <HistoryList
            rows={rows}
            total={total}
            hasMore={history.hasNextPage}
            paused={history.isFetchNextPageError === true}
            filtered={count > 0}
            loadingMore={history.isFetchingNextPage}
            loadMore={loadMore}
            onOpen={(tx) => {
              Details.preload();
              details.select(tx.transactionId);
            }}
            stale={history.isPlaceholderData}
          />
          {history.isFetchNextPageError ? (
            <div role="alert" className={styles.moreError}>
              {t`More transactions could not be loaded. What is shown stays.`}{' '}
              <Button variant="secondary" onPress={loadMore}>
                {t`Try again`}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {selected ? <Details.Lazy transaction={selected} onClose={details.clear} /> : null}
    </div>
  );
}
