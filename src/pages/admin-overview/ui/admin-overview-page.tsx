import { useCallback, useEffect, useId, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { adminCustomerPage, adminCustomerPageCount, type AdminCustomerSearch } from '@machines/company/admin-customers.rules';
import { customerKindOf } from '@machines/shared/customer-kind';
import { adminCustomersQuery, type AccessibleCustomer, type AdminCustomerPageData } from '@/entities/admin';
import { useActingCustomer, type ActingActor } from '@/entities/session';
import { AdminDocuments } from '@/features/admin-documents';
import { RepresentativesSection } from '@/features/company-representatives';
import { uiMessageText, usePageTitle } from '@/shared/lib';
import { useDisclosure } from '@/shared/model';
import { Button, EmptyState, FormAlert, Pager, QueryState, type QueryLike } from '@/shared/ui';
import { AdminCustomerSearchForm } from '@/features/admin-customer-filter';
import styles from './admin-overview-page.module.css';

const route = getRouteApi('/restricted/admin-overview');

/**
 * /admin-overview (spec 000 s2, issue 52): where an admin lands. The customers they administer
 * (adminCustomerList, 20 a page, searched by name or e-mail; the search and the page are the
 * address), each with its e-mail and kind and "Act for", which asks the acting-customer statechart
 * to switch (CHOOSE); the customer acted for is marked. For that customer, their admin documents
 * (the admin-documents feature). No money moves from here: an admin reads and files documents,
 * never pays or transfers.
 */
export function AdminOverviewPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const onSearch = useCallback((next: AdminCustomerSearch) => void navigate({ to: '/admin-overview', search: next }), [navigate]);
  return <AdminOverview search={search} onSearch={onSearch} />;
}

export interface AdminOverviewProps {
  search: AdminCustomerSearch;
  onSearch: (next: AdminCustomerSearch) => void;
}

/** The page for a search: reads its query (key ['admin', 'customers', search]) and the acting customer. */
export function AdminOverview(props: AdminOverviewProps) {
  return <AdminOverviewView {...props} query={useQuery(adminCustomersQuery(props.search))} acting={useActingCustomer()} />;
}

export type AdminCustomersQuery = QueryLike & { data?: AdminCustomerPageData | undefined; isPlaceholderData?: boolean };

export interface AdminOverviewViewProps extends AdminOverviewProps {
  query: AdminCustomersQuery;
  /** The acting-customer actor (null outside the app: "Act for" is then not offered). */
  acting: ActingActor | null;
}

/** The page with its reads injected (stories: loading, empty, error, filled). */
export function AdminOverviewView({ search, onSearch, query, acting }: AdminOverviewViewProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Admin overview`);
  const ids = useId();
  const actor = acting ?? undefined;
  const current = useSelector(actor, (s) => s?.context.current ?? null);
  const target = useSelector(actor, (s) => s?.context.target ?? null);
  const switching = useSelector(actor, (s) => s?.hasTag('switching') ?? false);
  const switchError = useSelector(actor, (s) => uiMessageText(i18n, s?.context.switchError ?? null));
  const choices = useSelector(actor, (s) => s?.context.choices ?? null);
  const shownCustomers = query.data?.customers;
  /** A customer's name: from the acting statechart's list, else this page's, else its number. */
  const nameOf = (customerId: number) => choices?.find((choice) => choice.id === customerId)?.name ?? shownCustomers?.find((customer) => customer.id === customerId)?.name ?? t`Customer ${customerId}`;
  const currentName = current === null ? '' : nameOf(current);
  const currentKind = shownCustomers?.find((customer) => customer.id === current)?.customerType;
  const currentIsBusiness = currentKind !== undefined && customerKindOf(currentKind).kind !== 'personal';
  const targetName = target === null ? '' : nameOf(target);

  // After a switch the pressed button's row is the one acted for (its button gone): focus moves to the new customer's documents.
  const list = useRef<HTMLDivElement>(null);
  const documents = useRef<HTMLDivElement>(null);
  const shown = useRef(current);
  useEffect(() => {
    if (current === shown.current) return;
    shown.current = current;
    const focused = document.activeElement;
    if (current !== null && (!focused || focused === document.body || list.current?.contains(focused))) documents.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [current]);

  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.title}>{t`Admin overview`}</h1>
        <p className={styles.hint}>{t`The customers you administer. Act for a customer to manage the documents on their file.`}</p>
        {/* A live region from the first render (a region that appears is not announced): empty while acting for no one. */}
        <p role="status" className={styles.acting}>
          {switching && target !== null ? t`Please wait: switching to ${targetName}` : current !== null ? t`Acting for: ${currentName}` : ''}
        </p>
      </div>
      {switchError ? <FormAlert>{switchError}</FormAlert> : null}
      {current !== null ? (
        <div ref={documents}>
          <AdminDocuments key={current} customerId={current} customerName={currentName} />
          {/* A company acted for: its representatives, which an admin may delete by force (002 s6; issue 54). */}
          {currentIsBusiness ? <AdminRepresentatives key={`people-${current}`} companyName={currentName} /> : null}
        </div>
      ) : null}
      <section className={styles.customers} aria-labelledby={`${ids}-customers`}>
        <h2 id={`${ids}-customers`} className={styles.subtitle}>
          {t`Customers`}
        </h2>
        <AdminCustomerSearchForm search={search} onApply={onSearch} />
        <QueryState query={query} title={t`The customers could not be loaded`} />
        {query.data ? (
          <div ref={list}>
            <Customers search={search} data={query.data} stale={query.isPlaceholderData === true} current={current} switching={switching} acting={acting} />
          </div>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The acted-for company's representatives, shown on request (their four lists are read only then):
 * an admin reads them and may delete one by force, documents and all (002 s6; issue 54).
 */
function AdminRepresentatives({ companyName }: { companyName: string }) {
  const { t } = useLingui();
  const shown = useDisclosure();
  const panel = useId();
  return (
    <div className={styles.representatives}>
      <Button variant="secondary" aria-expanded={shown.open} aria-controls={panel} onPress={shown.toggle}>
        {shown.open ? t`Hide the representatives of ${companyName}` : t`Show the representatives of ${companyName}`}
      </Button>
      <div id={panel}>{shown.open ? <RepresentativesSection canManage={false} deleteMode="force" /> : null}</div>
    </div>
  );
}

interface CustomersProps {
  search: AdminCustomerSearch;
  data: AdminCustomerPageData;
  stale: boolean;
  current: number | null;
  switching: boolean;
  acting: ActingActor | null;
}

function Customers({ search, data, stale, current, switching, acting }: CustomersProps) {
  const { t } = useLingui();
  const page = search.page ?? 1;
  if (data.customers.length === 0) {
    if (page > 1) return <EmptyState title={t`There is nothing on this page`} action={<Link to="/admin-overview" search={adminCustomerPage(search, 1)}>{t`Go to the first page`}</Link>} />;
    return search.search ? (
      <EmptyState title={t`No customers match your search`} message={t`Search by another name or e-mail, or clear the search to see every customer.`} />
    ) : (
      <EmptyState title={t`You do not administer any customers yet`} />
    );
  }
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {plural(data.total, { one: '# customer', other: '# customers' })}
      </p>
      <ul className={stale ? `${styles.list} ${styles.stale}` : styles.list} aria-label={t`Customers you administer`} aria-busy={stale || undefined}>
        {data.customers.map((customer) => (
          <CustomerItem key={customer.id} customer={customer} isCurrent={customer.id === current} switching={switching} acting={acting} />
        ))}
      </ul>
      <Pager
        page={page}
        pages={adminCustomerPageCount(data.total)}
        link={(target, rel, label) => (
          <Link to="/admin-overview" search={adminCustomerPage(search, target)} rel={rel}>
            {label}
          </Link>
        )}
      />
    </>
  );
}

/** One customer: name, e-mail and kind; "Act for" (named with the customer), or the mark of the one acted for. Server text is rendered as text. */
function CustomerItem({ customer, isCurrent, switching, acting }: { customer: AccessibleCustomer; isCurrent: boolean; switching: boolean; acting: ActingActor | null }) {
  const { t } = useLingui();
  const ids = useId();
  const kind = customerKindOf(customer.customerType).kind === 'personal' ? t`Personal` : t`Business`;
  return (
    <li className={isCurrent ? `${styles.item} ${styles.current}` : styles.item} aria-current={isCurrent ? 'true' : undefined}>
      <div className={styles.about}>
        <p id={`${ids}-name`} className={styles.name}>
          {customer.name}
        </p>
        {customer.username ? <p className={styles.email}>{customer.username}</p> : null}
        <p className={styles.kind}>{kind}</p>
      </div>
      <div className={styles.choice}>
        {isCurrent ? (
          <span className={styles.badge}>{t`Acting for`}</span>
        ) : (
          // Named by its word and the customer's name ("Act for Acme S.L."): the name starts with what is seen, in every language.
          <Button variant="secondary" aria-labelledby={`${ids}-act ${ids}-name`} isDisabled={acting === null || switching} onPress={() => acting?.send({ type: 'CHOOSE', customerId: customer.id })}>
            <span id={`${ids}-act`}>{t`Act for`}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
