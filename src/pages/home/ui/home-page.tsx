import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { isClosed } from '@machines/accounts/account.logic';
import { homeAccountsQuery, homeActivityQuery } from '@/entities/account';
import { seesBalances, useSessionActor } from '@/entities/session';
import { usePageTitle } from '@/shared/lib';
import { EmptyState, Preloader } from '@/shared/ui';
import { AccountOverview, ExchangeRates } from '@/widgets/account-overview';
import { Announcements } from '@/widgets/announcements';
import { RecentActivity, RecentTransfers } from '@/widgets/recent-activity';
import styles from './home-page.module.css';

/**
 * /home (spec 001 s2): accounts and balances, recent p2p transfers (3), recent activity by date,
 * the newest announcements and the exchange rates between the customer's currencies. A business
 * user without balance-info access sees no balances or activity, only what needs no balance
 * access (docs/decisions.md "Accounts": who sees what on home).
 */
export function HomePage() {
  const { t } = useLingui();
  usePageTitle(t`Home`);
  const session = useSessionActor();
  const balances = useSelector(session, seesBalances);
  const firstReplies = useFirstRepliesIn(balances);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Home</Trans>
      </h1>
      {/* Mounted from the start (each section's query runs and keeps its own states), shown together. */}
      <div className={styles.columns} hidden={!firstReplies}>
        <div className={styles.main}>
          {balances ? (
            <>
              <AccountOverview />
              <RecentActivity />
            </>
          ) : (
            <section aria-labelledby="accounts-title">
              <h2 id="accounts-title" className={styles.sectionTitle}>{t`Accounts`}</h2>
              <EmptyState title={t`You have no access to balances`} message={t`Ask the company's owner for balance access if you need it.`} />
            </section>
          )}
        </div>
        <div className={styles.aside}>
          {balances ? <RecentTransfers /> : null}
          <Announcements limit={3} />
          {balances ? <HeldRates /> : null}
        </div>
      </div>
      {firstReplies ? null : <Preloader />}
    </div>
  );
}

/**
 * Home's sections come together once the accounts and the activity have answered (or failed), with
 * one progress indicator until then. Sections appearing one by one pushed the ones under them
 * down while someone was reading (a layout shift of 0.5 under real mobile throttling:
 * the side column sits under the main one on narrow screens). The sections are mounted, hidden,
 * from the start, so every query starts at once and keeps its own loading and error states (a
 * section mounted after its query failed would ask again on mount and hide the failure).
 */
function useFirstRepliesIn(balances: boolean): boolean {
  const accounts = useQuery({ ...homeAccountsQuery(), enabled: balances });
  const activity = useQuery({ ...homeActivityQuery(), enabled: balances });
  return !balances || (!accounts.isPending && !activity.isPending);
}

/** The rates between the currencies of the customer's open accounts (from the same, throttled, list); pairs the server has no rate for are not shown. */
function HeldRates() {
  const accounts = useQuery(homeAccountsQuery());
  const currencies = [...new Set((accounts.data ?? []).filter((a) => !isClosed(a)).map((a) => a.currencyCode))];
  return <ExchangeRates currencies={currencies} />;
}
