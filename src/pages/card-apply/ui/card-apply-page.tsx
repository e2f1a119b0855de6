import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { accountsQuery, type Account } from '@/entities/account';
import { cardOffersQuery, type CardOffer } from '@/entities/card';
import { CardApplyForm, type ApplyLogic } from '@/features/apply-card';
import { usePageTitle } from '@/shared/lib';
import { QueryState, type QueryLike } from '@/shared/ui';
import styles from './card-apply.module.css';

const route = getRouteApi('/main/cards/apply');

/**
 * Apply for a card (000 s2 card apply; 001 s9: networks MC, UPI, VISA; prepaid 1, debit 2):
 * the offers the service makes, and for a debit card the account it spends from (home's
 * "Request a card" passes that account as ?accountId=).
 */
export function CardApplyPage() {
  const { t } = useLingui();
  usePageTitle(t`Apply for a card`);
  const search = route.useSearch();
  const navigate = useNavigate();
  return (
    <CardApplyPageView
      offers={useQuery(cardOffersQuery())}
      accounts={useQuery(accountsQuery())}
      accountId={search.accountId}
      onApplied={(card) => void navigate({ to: '/cards/$accountId', params: { accountId: String(card.accountId) } })}
    />
  );
}

/** The apply page with its queries injected (stories: loading, error, empty, filled). */
export function CardApplyPageView({
  offers,
  accounts,
  accountId,
  onApplied,
  logic,
}: {
  offers: QueryLike & { data?: readonly CardOffer[] | undefined };
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  accountId?: string | undefined;
  onApplied: (card: Account) => void;
  logic?: ApplyLogic;
}) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Apply for a card`}</h1>
      <QueryState query={offers} title={t`The card offers could not be loaded`} />
      <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      {offers.data && accounts.data ? (
        <CardApplyForm
          offers={offers.data}
          accounts={accounts.data}
          accountId={accountId}
          onApplied={onApplied}
          {...(logic ? { logic } : {})}
        />
      ) : null}
    </div>
  );
}
