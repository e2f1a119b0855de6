import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { addableCurrencies } from '@machines/accounts/account.logic';
import { homeAccountsQuery, type Account } from '@/entities/account';
import { AddCurrencyButton } from '@/features/add-currency';
import { useAppStartActor } from '@/shared/model';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { useSelector } from '@xstate/react';
import { AccountList, type ConfirmationLogic } from './account-list';
import styles from './account-overview.module.css';

/**
 * Home's accounts: the list (throttled query, spec 001 s9) with loading, error and empty states,
 * and "Add a currency" for the currencies the customer does not hold yet.
 */
export function AccountOverview() {
  const query = useQuery(homeAccountsQuery());
  return <AccountOverviewView query={query} />;
}

/** The view, with its query injectable (stories show each state). */
export function AccountOverviewView({ query, confirmationLogic }: { query: QueryLike & { data?: readonly Account[] | undefined }; confirmationLogic?: ConfirmationLogic }) {
  const { t } = useLingui();
  const app = useAppStartActor();
  const offered = useSelector(app, (s) => s.context.dictionaries?.currencies.map((c) => c.code) ?? []);
  const accounts = query.data;
  const addable = accounts ? addableCurrencies(offered, accounts) : [];
  return (
    <section aria-labelledby="accounts-title" className={styles.section}>
      <div className={styles.head}>
        <h2 id="accounts-title">{t`Accounts`}</h2>
        {accounts ? <AddCurrencyButton currencies={addable} /> : null}
      </div>
      <QueryState query={query} title={t`Could not load your accounts`} />
      {accounts && accounts.length === 0 ? (
        <EmptyState title={t`You have no accounts yet`} message={t`Add a currency to open your first account.`} />
      ) : null}
      {accounts && accounts.length > 0 ? <AccountList accounts={accounts} confirmationLogic={confirmationLogic} /> : null}
    </section>
  );
}
