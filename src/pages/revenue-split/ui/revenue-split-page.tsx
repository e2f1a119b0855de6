import { useEffect, useRef } from 'react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { contractListParams, inTab, readContractSearch, type ContractSearch } from '@machines/contracts/contract-search';
import { CONTRACT_TABS, contractRights, type ContractTab } from '@machines/contracts/contract.rules';
import { useSelector } from '@xstate/react';
import { merchantFactsOf, useSessionActor } from '@/entities/session';
import { contractListQuery, ContractStatusBadge, type Contract, type ContractListPage } from '@/entities/contract';
import { ContractFilter, ContractOrder } from '@/features/contract-filter';
import { formatCount, formatDay, formatPercent, usePageTitle } from '@/shared/lib';
import { buttonClass, EmptyState, LinkTabs, linkTab, Preloader, QueryState, TabCount, type QueryLike } from '@/shared/ui';
import styles from './revenue-split-page.module.css';

/** The tabs' names (000 s3's meta counts; what each holds: docs/decisions.md "Smart contracts"). */
const TAB_LABELS: Readonly<Record<ContractTab, MessageDescriptor>> = {
  total: msg`All`,
  requests: msg`To sign`,
  pending: msg`Not started`,
  active: msg`Active`,
  ended: msg`Ended`,
  pay: msg`I pay`,
  receive: msg`I receive`,
};

export interface RevenueSplitPageProps {
  /** The address's search as text (the route keeps strings; cleaned here). */
  search: Readonly<Record<string, string>>;
  onSearch: (next: ContractSearch) => void;
}

/**
 * /revenue-split (000 s2, s3, s7; issue 58; brand 1 only, the route's guard): the acting customer's
 * contracts by tab with the service's counts, filtered by the company's and the other party's
 * names, in the order chosen, all kept in the address; 1000 a page, the next asked for as the end
 * comes near. A row opens the contract's page.
 */
export function RevenueSplitPage({ search, onSearch }: RevenueSplitPageProps) {
  const clean = readContractSearch(search);
  const list = useInfiniteQuery(contractListQuery(contractListParams(clean)));
  const canCreate = useSelector(useSessionActor(), (s) => contractRights(merchantFactsOf(s)) === 'act');
  return <RevenueSplitView search={clean} onSearch={onSearch} list={list} canCreate={canCreate} />;
}

export type ContractListRead = QueryLike & {
  data?: { pages: readonly ContractListPage[] } | undefined;
  isPlaceholderData?: boolean;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
};

export interface RevenueSplitViewProps {
  search: ContractSearch;
  onSearch: (next: ContractSearch) => void;
  list: ContractListRead;
  /** Full merchant access: a new contract may be made here (issue 59). */
  canCreate?: boolean;
}

/** The page with its read injected (stories: loading, empty, error, filled). */
export function RevenueSplitView({ search, onSearch, list, canCreate = false }: RevenueSplitViewProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Revenue split contracts`);
  const tab = search.tab ?? 'total';
  const meta = list.data?.pages[0]?.meta;
  const tabSearch = (next: ContractTab): ContractSearch => {
    const { tab: _tab, ...rest } = search;
    return next === 'total' ? rest : { ...rest, tab: next };
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Revenue split contracts`}</h1>
      {canCreate ? (
        <p className={styles.actions}>
          <Link to="/revenue-split/new" className={buttonClass('primary')}>
            {t`New contract`}
          </Link>
        </p>
      ) : null}
      <LinkTabs label={t`Contracts by kind`}>
        {CONTRACT_TABS.map((one) => (
          <Link key={one} to="/revenue-split" search={tabSearch(one)} {...linkTab(tab === one)}>
            {i18n._(TAB_LABELS[one])}
            {meta ? <TabCount>{formatCount(meta[one], i18n.locale)}</TabCount> : null}
          </Link>
        ))}
      </LinkTabs>
      <div className={styles.tools}>
        <ContractFilter search={search} onApply={onSearch} />
        <div className={styles.order}>
          <ContractOrder search={search} onChange={onSearch} />
        </div>
      </div>
      <QueryState query={list} title={t`Your contracts could not be loaded`} />
      {list.data ? <ContractRows search={search} list={list} pages={list.data.pages} /> : null}
    </div>
  );
}

const ROW_ESTIMATE = 96;

/** The contracts of the tab as one long list: only the rows in view are in the page (the window scrolls); the next 1000 asked for near the end. */
function ContractRows({ search, list, pages }: { search: ContractSearch; list: ContractListRead; pages: readonly ContractListPage[] }) {
  const { t, i18n } = useLingui();
  const tab = search.tab ?? 'total';
  const rows = inTab(
    pages.flatMap((page) => page.data),
    tab,
  );
  const count = pages[0]?.meta.count ?? 0;
  const filtered = Boolean(search.companyName || search.counterpartyName);
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => ROW_ESTIMATE, overscan: 8, scrollMargin: listRef.current?.offsetTop ?? 0 });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const hasMore = list.hasNextPage === true;
  const loadingMore = list.isFetchingNextPage === true;
  const { fetchNextPage } = list;
  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - 10) void fetchNextPage?.();
  }, [hasMore, loadingMore, last, rows.length, fetchNextPage]);
  if (rows.length === 0 && !hasMore) {
    if (filtered) return <EmptyState title={t`No contract matches these filters`} message={t`Change or clear the filters to see more.`} />;
    return tab === 'total' ? (
      <EmptyState title={t`No contracts yet`} message={t`Revenue split contracts you make or are offered appear here.`} />
    ) : (
      <EmptyState title={t`No contracts here`} message={t`Contracts of this kind appear here.`} />
    );
  }
  const stale = list.isPlaceholderData === true;
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {plural(tab === 'pay' || tab === 'receive' ? rows.length : count, { one: '# contract', other: '# contracts' })}
      </p>
      <ul
        ref={listRef}
        className={stale ? `${styles.list} ${styles.stale}` : styles.list}
        style={{ height: virtualizer.getTotalSize() }}
        aria-label={t`Contracts`}
        aria-busy={stale || loadingMore || undefined}
      >
        {items.map((item) => {
          const contract = rows[item.index]!;
          return (
            <li
              key={contract.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className={styles.row}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <ContractRow contract={contract} locale={i18n.locale} />
            </li>
          );
        })}
      </ul>
      {loadingMore ? <Preloader label={t`Loading more contracts`} /> : null}
    </>
  );
}

/** One contract: the company (logo and name), the other party, who pays what share, the dates and the status; the whole row opens it. Names as text. */
function ContractRow({ contract, locale }: { contract: Contract; locale: string }) {
  const { t } = useLingui();
  const other = (contract.direction === 'PAY' ? contract.beneficiary : contract.sender).name;
  const contractId = contract.id;
  const share = formatPercent(contract.percentage, locale);
  const from = formatDay(contract.activeFrom, locale);
  const to = contract.activeTo ? formatDay(contract.activeTo, locale) : null;
  return (
    <Link to="/revenue-split/$contractId" params={{ contractId: String(contract.id) }} className={styles.open}>
      {contract.company.logo ? <img className={styles.logo} src={contract.company.logo} alt="" width={40} height={40} /> : <span className={styles.logo} aria-hidden="true" />}
      <span className={styles.main}>
        <span className={styles.name}>{contract.company.title}</span>
        <span className={styles.muted}>{t`With ${other}`}</span>
      </span>
      <span className={styles.facts}>
        <span className={styles.share}>{contract.direction === 'PAY' ? t`You pay ${share}` : t`You receive ${share}`}</span>
        <span className={styles.muted}>
          {to ? (
            <Trans>
              <time dateTime={contract.activeFrom}>{from}</time> to <time dateTime={contract.activeTo ?? ''}>{to}</time>
            </Trans>
          ) : (
            <Trans>
              From <time dateTime={contract.activeFrom}>{from}</time>
            </Trans>
          )}
        </span>
      </span>
      <ContractStatusBadge status={contract.status} />
      <span className={styles.visuallyHidden}>{t`Contract No. ${contractId}`}</span>
    </Link>
  );
}
