import { useCallback, type ReactNode } from 'react';
import { isBusinessKind } from '@machines/shared/customer-kind';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fundingCurrencyOf, invoiceActions, invoiceCurrencies } from '@machines/invoices/invoice.rules';
import { invoicePageCount, tabOf, type InvoiceSearch, type InvoiceTab } from '@machines/invoices/invoice-search';
import { accountsQuery, type Account } from '@/entities/account';
import { invoiceListQuery, InvoiceStatus, useInvoiceNews, type Invoice, type InvoicePageData } from '@/entities/invoice';
import { customerOf, useSessionActor } from '@/entities/session';
import { customerEmailsQuery, type PayeeCheckLogic } from '@/entities/transfer';
import { InvoiceDialogs, InvoicePdfButton, useInvoicesActor, type InvoicesActor, type InvoicesLogic } from '@/features/invoice-actions';
import { InvoiceFilter } from '@/features/invoice-filter';
import { formatDate, localToday, usePageTitle } from '@/shared/lib';
import { Button, EmptyState, LinkTabs, linkTab, Money, Pager, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-invoices-page.module.css';

const route = getRouteApi('/main/transfer/invoices');

/**
 * /transfer/invoices (001 s2, s3, s4, s7, s9; issue 51): Received and Sent, each a list of 20 a
 * page filtered by the address (status, dates, amounts, the other party's e-mail); a row is viewed,
 * paid, rejected or its PDF downloaded as invoiceActions says; a new invoice is sent from here and a
 * business asks for a funding invoice. The popups are the invoices statechart's; after any of them
 * the invoice and both lists are read again.
 */
export function TransferInvoicesPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const onSearch = useCallback((next: InvoiceSearch) => void navigate({ to: '/transfer/invoices', search: next }), [navigate]);
  const business = useSelector(useSessionActor(), (s) => isBusinessKind(customerOf(s)?.customerType));
  useInvoiceNews();
  return (
    <TransferInvoicesView
      search={search}
      onSearch={onSearch}
      list={useQuery(invoiceListQuery(search))}
      accounts={useQuery(accountsQuery()).data ?? []}
      ownEmails={(useQuery(customerEmailsQuery()).data ?? []).map((email) => email.email)}
      business={business}
      menu={<TransferMenu />}
    />
  );
}

export type InvoiceListQuery = QueryLike & { data?: InvoicePageData | undefined; isPlaceholderData?: boolean };

export interface TransferInvoicesViewProps {
  search: InvoiceSearch;
  onSearch: (next: InvoiceSearch) => void;
  list: InvoiceListQuery;
  accounts: readonly Account[];
  ownEmails: readonly string[];
  business: boolean;
  menu?: ReactNode;
  logic?: InvoicesLogic;
  /** The create popup's payee check (stories give it a fake call). */
  payeeLogic?: PayeeCheckLogic;
  today?: string;
}

/** The page with its reads injected (stories: loading, empty, error, filled; the popups' calls replaceable). */
export function TransferInvoicesView({ search, onSearch, list, accounts, ownEmails, business, menu = null, logic, payeeLogic, today = localToday() }: TransferInvoicesViewProps) {
  const { t } = useLingui();
  usePageTitle(t`Invoices`);
  const actor = useInvoicesActor(logic);
  const tab = tabOf(search);
  const currencies = invoiceCurrencies(accounts);
  const fundingCurrency = fundingCurrencyOf(accounts);
  const quick = search.status === 1;
  const tabSearch = (next: InvoiceTab): InvoiceSearch => (next === 'sent' ? { tab: 'sent' } : {});
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Invoices`}</h1>
      {menu}
      <div className={styles.actions}>
        <Button
          aria-haspopup="dialog"
          onPress={() =>
            actor.send({
              type: 'CREATE',
              values: { toEmail: '', amount: '', currency: currencies[0] ?? '', dueDate: '', noteBody: '', today, currencies: currencies.join('\n'), own: ownEmails.join('\n') },
            })
          }
        >
          {t`New invoice`}
        </Button>
        {business && fundingCurrency ? (
          <Button variant="secondary" aria-haspopup="dialog" onPress={() => actor.send({ type: 'FUND', values: { amount: '', currency: fundingCurrency } })}>
            {t`Funding invoice`}
          </Button>
        ) : null}
      </div>
      <LinkTabs label={t`Invoices`}>
        <Link to="/transfer/invoices" search={tabSearch('received')} {...linkTab(tab === 'received')}>
          {t`Received`}
        </Link>
        <Link to="/transfer/invoices" search={tabSearch('sent')} {...linkTab(tab === 'sent')}>
          {t`Sent`}
        </Link>
      </LinkTabs>
      <p className={styles.quick}>
        <Button variant={quick ? 'primary' : 'secondary'} aria-pressed={quick} onPress={() => onSearch(quick ? tabSearch(tab) : { ...tabSearch(tab), status: 1 })}>
          {tab === 'received' ? t`Unpaid` : t`Awaiting payment`}
        </Button>
      </p>
      <InvoiceFilter search={search} onApply={onSearch} />
      <QueryState query={list} title={t`Your invoices could not be loaded`} />
      {list.data ? <InvoiceRows search={search} data={list.data} stale={list.isPlaceholderData === true} today={today} actor={actor} /> : null}
      <InvoiceDialogs actor={actor} tab={tab} invoices={list.data?.invoices ?? []} accounts={accounts} today={today} {...(payeeLogic ? { payeeLogic } : {})} />
    </div>
  );
}

function InvoiceRows({ search, data, stale, today, actor }: { search: InvoiceSearch; data: InvoicePageData; stale: boolean; today: string; actor: InvoicesActor }) {
  const { t, i18n } = useLingui();
  const tab = tabOf(search);
  const page = search.page ?? 1;
  const pages = invoicePageCount(data.total);
  const filtered = Object.keys(search).some((key) => key !== 'tab' && key !== 'page');
  const to = (n: number): InvoiceSearch => {
    const { page: _page, ...rest } = search;
    return n > 1 ? { ...rest, page: n } : rest;
  };
  if (data.invoices.length === 0) {
    if (page > 1) return <EmptyState title={t`There is nothing on this page`} action={<Link to="/transfer/invoices" search={to(1)}>{t`Go to the first page`}</Link>} />;
    if (filtered) return <EmptyState title={t`No invoice matches these filters`} message={t`Change or clear the filters to see more.`} />;
    return tab === 'received' ? <EmptyState title={t`No invoices received`} message={t`Invoices other customers send you appear here.`} /> : <EmptyState title={t`No invoices sent`} message={t`Send an invoice to ask a customer to pay you.`} />;
  }
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {plural(data.total, { one: '# invoice', other: '# invoices' })}
      </p>
      <ul className={stale ? `${styles.list} ${styles.stale}` : styles.list} aria-label={tab === 'received' ? t`Invoices received` : t`Invoices sent`} aria-busy={stale || undefined}>
        {data.invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} tab={tab} today={today} actor={actor} />
        ))}
      </ul>
      <Pager
        page={page}
        pages={pages}
        link={(target, rel, label) => (
          <Link to="/transfer/invoices" search={to(target)} rel={rel}>
            {label}
          </Link>
        )}
      />
    </>
  );
}

/** One invoice: the other party, the amount, the due date and the status; its actions by invoiceActions. Names and e-mails as text. */
function InvoiceRow({ invoice, tab, today, actor }: { invoice: Invoice; tab: InvoiceTab; today: string; actor: InvoicesActor }) {
  const { t, i18n } = useLingui();
  const actions = invoiceActions(tab, invoice);
  const name = tab === 'received' ? invoice.payeeName : invoice.payerName;
  const email = tab === 'received' ? invoice.payeeEmail : invoice.payerEmail;
  const due = formatDate(invoice.dueDate, i18n.locale);
  const sent = formatDate(invoice.sentDate, i18n.locale);
  const label = t`invoice No. ${invoice.id}`;
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={styles.name}>{name}</span>
        <span className={styles.muted}>{email}</span>
        {invoice.isFunding ? <span className={styles.kind}>{t`Funding invoice`}</span> : null}
      </div>
      <div className={styles.facts}>
        <span className={styles.amount}>
          <Money amount={invoice.amount} currency={invoice.currencyCode} />
        </span>
        <span className={styles.muted}>
          <Trans>
            Due <time dateTime={invoice.dueDate}>{due}</time> · sent <time dateTime={invoice.sentDate}>{sent}</time>
          </Trans>
        </span>
        <InvoiceStatus invoice={invoice} today={today} />
      </div>
      <div className={styles.rowActions}>
        <Button variant="secondary" aria-haspopup="dialog" onPress={() => actor.send({ type: 'VIEW', invoiceId: invoice.id })}>
          {t`View`}
          <span className={styles.visuallyHidden}> {label}</span>
        </Button>
        {actions.pay ? (
          <Button aria-haspopup="dialog" onPress={() => actor.send({ type: 'PAY', invoice: { invoiceId: invoice.id, amount: invoice.amount, currencyCode: invoice.currencyCode, payeeEmail: invoice.payeeEmail } })}>
            {t`Pay`}
            <span className={styles.visuallyHidden}> {label}</span>
          </Button>
        ) : null}
        {actions.reject ? (
          <Button variant="secondary" aria-haspopup="dialog" onPress={() => actor.send({ type: 'REJECT', invoiceId: invoice.id, values: { note: '', invoiceId: String(invoice.id) } })}>
            {t`Reject`}
            <span className={styles.visuallyHidden}> {label}</span>
          </Button>
        ) : null}
        <InvoicePdfButton invoice={invoice}>
          {t`PDF`}
          <span className={styles.visuallyHidden}> {label}</span>
        </InvoicePdfButton>
      </div>
    </li>
  );
}
