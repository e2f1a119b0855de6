import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { accountOffers, isClosed } from '@machines/accounts/account.logic';
import { STATEMENTS_PAGE_SIZE } from '@machines/shared/constants';
import { accountsQuery, type Account } from '@/entities/account';
import { paymentInstructionsQuery, statementsQuery, type PaymentInstruction, type StatementExport } from '@/entities/history';
import { DownloadButton } from '@/features/history-export';
import { MarkViewedButton } from '@/features/mark-instruction-viewed';
import { usePageTitle } from '@/shared/lib';
import { Button, EmptyState, QueryState, Select, type QueryLike } from '@/shared/ui';
import styles from './statements.module.css';

const route = getRouteApi('/main/statements');

/**
 * /statements (001 s2, s7): the monthly statements of an account (12 a page, each a PDF from the
 * documents service) and the payment instructions for paying into the customer's accounts, each
 * marked viewed once read. The account and the page are in the address.
 */
export function StatementsPage() {
  const { t } = useLingui();
  usePageTitle(t`Statements`);
  const search = route.useSearch();
  const navigate = useNavigate();
  const accounts = useQuery(accountsQuery());
  const withStatements = (accounts.data ?? []).filter((a) => !isClosed(a) && accountOffers(a, accounts.data ?? []).statements);
  const accountId = Number(search.accountId) || withStatements[0]?.accountId || 0;
  const page = Math.max(1, Number(search.page) || 1);
  const statements = useQuery({ ...statementsQuery(accountId, page), enabled: accountId > 0 });
  const instructions = useQuery(paymentInstructionsQuery());
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Statements`}</h1>
      <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      {accounts.data ? (
        <Select
          label={t`Account`}
          placeholder={t`Choose…`}
          options={withStatements.map((a) => ({ id: String(a.accountId), label: a.cardAliasName ? `${a.cardAliasName} · ${a.currencyCode}` : t`${a.currencyCode} account ${a.accountId}` }))}
          selectedKey={accountId ? String(accountId) : null}
          onSelectionChange={(id) => void navigate({ to: '/statements', search: { accountId: id } })}
        />
      ) : null}
      {accountId > 0 ? <StatementsView accountId={accountId} page={page} query={statements} /> : null}
      <InstructionsView query={instructions} accounts={accounts.data ?? []} />
    </div>
  );
}

export function StatementsView({ accountId, page, query }: { accountId: number; page: number; query: QueryLike & { data?: { total: number; exports: StatementExport[] } | undefined } }) {
  const { t, i18n } = useLingui();
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STATEMENTS_PAGE_SIZE));
  const month = (dateFrom: string) => new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${dateFrom}T00:00:00Z`));
  const to = (n: number) => ({ accountId: String(accountId), ...(n > 1 ? { page: String(n) } : {}) });
  return (
    <section aria-labelledby="statements-title" className={styles.section}>
      <h2 id="statements-title" className={styles.subtitle}>{t`Monthly statements`}</h2>
      <QueryState query={query} title={t`The statements could not be loaded`} />
      {query.data && query.data.exports.length === 0 ? <EmptyState title={t`No statements yet`} message={t`A statement is ready after the first month with transactions.`} /> : null}
      {query.data && query.data.exports.length > 0 ? (
        <>
          <ul className={styles.list}>
            {query.data.exports.map((s) => (
              <li key={s.dateFrom} className={styles.item}>
                <span className={styles.name}>{month(s.dateFrom)}</span>
                <DownloadButton document={{ name: 'statement', body: { accountId: s.accountId, dateFrom: s.dateFrom } }}>
                  {t`Download PDF`}
                  <span className={styles.visuallyHidden}> {month(s.dateFrom)}</span>
                </DownloadButton>
              </li>
            ))}
          </ul>
          <nav aria-label={t`Pages`} className={styles.pager}>
            {page > 1 ? <Link to="/statements" search={to(page - 1)}>{t`Newer`}</Link> : null}
            <span>{t`Page ${page} of ${pages}`}</span>
            {page < pages ? <Link to="/statements" search={to(page + 1)}>{t`Older`}</Link> : null}
          </nav>
        </>
      ) : null}
    </section>
  );
}

export function InstructionsView({ query, accounts }: { query: QueryLike & { data?: readonly PaymentInstruction[] | undefined }; accounts: readonly Account[] }) {
  const { t } = useLingui();
  const open = new Set(accounts.filter((a) => !isClosed(a)).map((a) => a.accountId));
  const items = (query.data ?? []).filter((i) => open.size === 0 || open.has(i.accountId));
  return (
    <section aria-labelledby="instructions-title" className={styles.section}>
      <h2 id="instructions-title" className={styles.subtitle}>{t`Payment instructions`}</h2>
      <p className={styles.hint}>{t`Use these details to pay into your accounts from a bank.`}</p>
      <QueryState query={query} title={t`The payment instructions could not be loaded`} />
      {query.data && items.length === 0 ? <EmptyState title={t`No payment instructions`} /> : null}
      <ul className={styles.list}>
        {items.map((instruction) => (
          <li key={instruction.id} className={styles.instruction}>
            <dl className={styles.facts}>
              <div>
                <dt>{t`Account`}</dt>
                <dd>{t`${instruction.currencyCode} account ${instruction.accountId}`}</dd>
              </div>
              {instruction.beneficiaryName ? (
                <div>
                  <dt>{t`Beneficiary`}</dt>
                  <dd>{instruction.beneficiaryName}</dd>
                </div>
              ) : null}
              {instruction.bankName ? (
                <div>
                  <dt>{t`Bank`}</dt>
                  <dd>{instruction.bankName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t`Bank account number`}</dt>
                <dd className={styles.number}>{instruction.bankAccountNumber}</dd>
              </div>
              {instruction.swift ? (
                <div>
                  <dt>{t`SWIFT`}</dt>
                  <dd>{instruction.swift}</dd>
                </div>
              ) : null}
              {instruction.reference ? (
                <div>
                  <dt>{t`Reference to quote`}</dt>
                  <dd>{instruction.reference}</dd>
                </div>
              ) : null}
            </dl>
            {instruction.viewed ? <span className={styles.hint}>{t`Viewed`}</span> : <MarkViewedButton instruction={instruction} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
