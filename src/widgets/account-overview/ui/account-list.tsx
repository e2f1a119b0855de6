import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { accountOffers, groupAccounts, hasPending, isCryptoCurrency, prepaymentRemaining, type AccountKind } from '@machines/accounts/account.logic';
import type { Account } from '@/entities/account';
import { WalletButton } from '@/features/crypto-wallet';
import { DownloadButton, type documentLogic } from '@/features/history-export';
import { useCurrencyName } from '@/shared/model';
import { Money } from '@/shared/ui';
import { CardTile } from './card-tile';
import styles from './account-overview.module.css';

const kindLabels = {
  payment: msg`Payment account`,
  prepayment: msg`Prepayment account`,
  receiving: msg`Receiving account`,
} as const;

/**
 * The customer's accounts as home shows them (spec 001 s2, s3): one section per currency with its
 * payment, prepayment and receiving accounts, then the cards (each linking to its detail), then the
 * closed accounts in a collapsed list. Balances and pending amounts are exact (decimal strings).
 * Each open account offers its confirmation document (issue 61; docs/decisions.md "Account
 * confirmation documents").
 */
export function AccountList({ accounts, confirmationLogic }: { accounts: readonly Account[]; confirmationLogic?: ConfirmationLogic | undefined }) {
  const { t } = useLingui();
  const currencyName = useCurrencyName();
  const groups = groupAccounts(accounts);
  return (
    <div className={styles.list}>
      {groups.currencies.map((group) => {
        const name = currencyName(group.currencyCode);
        const headingId = `currency-${group.currencyCode}`;
        return (
          <section key={group.currencyCode} aria-labelledby={headingId} className={styles.currency}>
            <h3 id={headingId} className={styles.currencyTitle}>
              {name} <span className={styles.code}>{group.currencyCode}</span>
            </h3>
            <ul className={styles.accounts}>
              {(['payment', 'prepayment', 'receiving'] as const).flatMap((kind) =>
                group[kind].map((account) => <AccountRow key={account.accountId} account={account} kind={kind} all={accounts} confirmationLogic={confirmationLogic} />),
              )}
            </ul>
          </section>
        );
      })}
      {groups.cards.length > 0 ? (
        <section aria-labelledby="cards-title" className={styles.cardsSection}>
          <h3 id="cards-title" className={styles.currencyTitle}>{t`Cards`}</h3>
          <ul className={styles.cards}>
            {groups.cards.map((card) => (
              <li key={card.accountId}>
                <CardTile card={card} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.closed.length > 0 ? (
        <details className={styles.closed}>
          <summary>
            {t`Closed accounts`} ({groups.closed.length})
          </summary>
          <ul className={styles.accounts}>
            {groups.closed.map((account) => (
              <ClosedRow key={account.accountId} account={account} all={accounts} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** The account confirmation's statechart for an account (Storybook gives a fake; the app makes the real one). */
export type ConfirmationLogic = (accountId: number) => ReturnType<typeof documentLogic>;

function AccountRow({
  account,
  kind,
  all,
  confirmationLogic,
}: {
  account: Account;
  kind: Exclude<AccountKind, 'card' | 'other'>;
  all: readonly Account[];
  confirmationLogic?: ConfirmationLogic | undefined;
}) {
  const { t, i18n } = useLingui();
  const offers = accountOffers(account, all);
  const search = { accountId: String(account.accountId) };
  const label = i18n._(kindLabels[kind]);
  const links: ReactNode[] = [];
  if (offers.history) links.push(<Link key="history" to="/history" search={search}>{t`History`}</Link>);
  if (offers.statements) links.push(<Link key="statements" to="/statements" search={search}>{t`Statements`}</Link>);
  if (offers.instructions) links.push(<Link key="instructions" to="/statements" search={{ ...search, view: 'instructions' }}>{t`Payment instructions`}</Link>);
  if (offers.canRequestCard) links.push(<Link key="card" to="/cards/apply" search={search}>{t`Request a card`}</Link>);
  return (
    <li className={styles.account}>
      <div className={styles.accountHead}>
        <span className={styles.kind}>{label}</span>
        <span className={styles.number} id={`account-number-${account.accountId}`}>{t`No. ${account.accountId}`}</span>
      </div>
      <p className={styles.balance}>
        <span className={styles.visuallyHidden}>{t`Balance`} </span>
        <Money amount={account.balance} currency={account.currencyCode} />
      </p>
      {hasPending(account) ? (
        <p className={styles.detail}>
          {t`Pending`}: <Money amount={account.pendingAmount ?? '0'} currency={account.currencyCode} />
        </p>
      ) : null}
      {kind === 'prepayment' ? (
        <p className={styles.detail}>
          {t`Remaining value`}: <Money amount={prepaymentRemaining(account)} currency={account.currencyCode} />
        </p>
      ) : null}
      <div className={styles.actions}>
        {links}
        {isCryptoCurrency(account.currencyCode) ? <WalletButton accountId={account.accountId} currencyCode={account.currencyCode} /> : null}
        <DownloadButton
          document={{ name: 'accountConfirmation', body: { accountId: account.accountId } }}
          labelledBy={`account-confirmation-${account.accountId} account-number-${account.accountId}`}
          retryLabel={<span id={`account-confirmation-${account.accountId}`}>{t`Try again`}</span>}
          {...(confirmationLogic ? { logic: confirmationLogic(account.accountId) } : {})}
        >
          <span id={`account-confirmation-${account.accountId}`}>{t`Account confirmation (PDF)`}</span>
        </DownloadButton>
      </div>
    </li>
  );
}

function ClosedRow({ account, all }: { account: Account; all: readonly Account[] }) {
  const { t } = useLingui();
  const search = { accountId: String(account.accountId) };
  const { history } = accountOffers(account, all);
  return (
    <li className={styles.account}>
      <div className={styles.accountHead}>
        <span className={styles.kind}>{account.cardAliasName ?? t`Account No. ${account.accountId}`}</span>
        <span className={styles.number}>{account.currencyCode}</span>
      </div>
      <p className={styles.detail}>
        <Money amount={account.balance} currency={account.currencyCode} />
      </p>
      {history ? (
        <div className={styles.actions}>
          <Link to="/history" search={search}>{t`History`}</Link>
        </div>
      ) : null}
    </li>
  );
}
