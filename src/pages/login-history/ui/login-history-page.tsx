import { useCallback } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { pageCount, type LoginHistorySearch } from '@machines/settings/login-history.rules';
import { loginHistoryQuery, type LoginHistoryItem, type LoginHistoryPageData } from '@/entities/security';
import { LoginHistoryFilter } from '@/features/login-history-filter';
import { formatDateTime, usePageTitle } from '@/shared/lib';
import { EmptyState, Pager, QueryState, type QueryLike } from '@/shared/ui';
import styles from './login-history-page.module.css';

const route = getRouteApi('/main/login-history');

/**
 * /login-history (001 s2, s3, s7, s9): the customer's sign-ins, newest first, 20 a page, each with
 * its date and time (in the customer's language and time zone) and, where the service knows them,
 * the device and the place. The dates and the page are the address, so a view can be bookmarked.
 */
export function LoginHistoryPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const onSearch = useCallback((next: LoginHistorySearch) => void navigate({ to: '/login-history', search: next }), [navigate]);
  return <LoginHistory search={search} onSearch={onSearch} />;
}

/** The page for a search: reads its query (key ['login-history', search]). */
export function LoginHistory({ search, onSearch }: { search: LoginHistorySearch; onSearch: (next: LoginHistorySearch) => void }) {
  return <LoginHistoryView search={search} onSearch={onSearch} query={useQuery(loginHistoryQuery(search))} />;
}

export type LoginHistoryQuery = QueryLike & { data?: LoginHistoryPageData | undefined; isPlaceholderData?: boolean };

export function LoginHistoryView({ search, onSearch, query }: { search: LoginHistorySearch; onSearch: (next: LoginHistorySearch) => void; query: LoginHistoryQuery }) {
  const { t } = useLingui();
  usePageTitle(t`Login history`);
  const filtered = Boolean(search.fromDate || search.toDate);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Login history`}</h1>
      <p className={styles.hint}>
        <Trans>
          Every sign-in to your account. If you do not recognise one, <Link to="/setting">change your password</Link>.
        </Trans>
      </p>
      <LoginHistoryFilter search={search} onApply={onSearch} />
      <QueryState query={query} title={t`Your login history could not be loaded`} />
      {query.data ? <SignIns search={search} data={query.data} stale={query.isPlaceholderData === true} filtered={filtered} /> : null}
    </div>
  );
}

function SignIns({ search, data, stale, filtered }: { search: LoginHistorySearch; data: LoginHistoryPageData; stale: boolean; filtered: boolean }) {
  const { t, i18n } = useLingui();
  const page = search.page ?? 1;
  const pages = pageCount(data.total);
  const to = (n: number): LoginHistorySearch => {
    const { page: _page, ...dates } = search;
    return n > 1 ? { ...dates, page: n } : dates;
  };
  if (data.items.length === 0) {
    if (page > 1) return <EmptyState title={t`There is nothing on this page`} action={<Link to="/login-history" search={to(1)}>{t`Go to the first page`}</Link>} />;
    return filtered ? <EmptyState title={t`No sign-ins in these dates`} message={t`Choose other dates, or clear them to see every sign-in.`} /> : <EmptyState title={t`No sign-ins yet`} />;
  }
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {plural(data.total, { one: '# sign-in', other: '# sign-ins' })}
      </p>
      <div className={styles.tableWrap}>
        <table className={stale ? `${styles.table} ${styles.stale}` : styles.table} aria-label={t`Sign-ins`} aria-busy={stale || undefined}>
          <thead className={styles.head}>
            <tr>
              <th scope="col">{t`Date and time`}</th>
              <th scope="col">{t`Device`}</th>
              <th scope="col">{t`Place`}</th>
              <th scope="col">{t`IP address`}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item, index) => (
              <SignInRow key={`${item.date}-${index}`} item={item} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pages={pages}
        link={(target, rel, label) => (
          <Link to="/login-history" search={to(target)} rel={rel}>
            {label}
          </Link>
        )}
      />
    </>
  );
}

/** A country's name in the interface language (Intl), else its code. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One sign-in: what the service does not know is left out (an unknown device says so). Server text is rendered as text. */
function SignInRow({ item }: { item: LoginHistoryItem }) {
  const { t, i18n } = useLingui();
  const place = [item.city?.trim(), item.countryCode ? countryName(item.countryCode, i18n.locale) : null].filter(Boolean).join(', ');
  return (
    <tr className={styles.row}>
      <th scope="row" className={styles.date} data-label={t`Date and time`}>
        <time dateTime={item.date}>{formatDateTime(item.date, i18n.locale)}</time>
      </th>
      <td data-label={t`Device`}>{item.device?.trim() || <span className={styles.muted}>{t`Unknown device`}</span>}</td>
      <td data-label={t`Place`}>{place || null}</td>
      <td data-label={t`IP address`} className={styles.ip}>
        {item.ip || null}
      </td>
    </tr>
  );
}
