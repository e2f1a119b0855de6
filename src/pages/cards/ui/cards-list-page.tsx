import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { listedCards } from '@machines/cards/card.logic';
import { accountsQuery, type Account } from '@/entities/account';
import { usePageTitle } from '@/shared/lib';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { CardTile } from '@/widgets/account-overview';
import styles from './cards.module.css';

export type CardListKind = 'physical' | 'virtual';

/**
 * /cards/physical and /cards/virtual (001 s2): the customer's prepaid, non-closed cards of one
 * kind, each opening its detail; the other kind is one link away. A list with one card never
 * shows: the router goes straight to the card (guards.ts).
 */
export function CardsListPage({ kind }: { kind: CardListKind }) {
  return <CardsListPageView kind={kind} query={useQuery(accountsQuery())} />;
}

/** The list page with its account query injected (stories: loading, error, empty, filled). */
export function CardsListPageView({ kind, query }: { kind: CardListKind; query: QueryLike & { data?: readonly Account[] | undefined } }) {
  const { t } = useLingui();
  const title = kind === 'physical' ? t`Physical cards` : t`Virtual cards`;
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <QueryState query={query} title={t`Your cards could not be loaded`} />
      {query.data ? <CardsListView kind={kind} accounts={query.data} /> : null}
    </div>
  );
}

export function CardsListView({ kind, accounts }: { kind: CardListKind; accounts: readonly Account[] }) {
  const { t } = useLingui();
  const cards = listedCards(accounts);
  const physical = cards.filter((c) => c.cardIsVirtual !== true);
  const virtual = cards.filter((c) => c.cardIsVirtual === true);
  const shown = kind === 'physical' ? physical : virtual;
  return (
    <>
      {physical.length > 0 && virtual.length > 0 ? (
        <nav aria-label={t`Card kinds`} className={styles.kinds}>
          <Link to="/cards/physical" className={styles.kind} activeProps={{ 'aria-current': 'page' }}>
            {t`Physical (${physical.length})`}
          </Link>
          <Link to="/cards/virtual" className={styles.kind} activeProps={{ 'aria-current': 'page' }}>
            {t`Virtual (${virtual.length})`}
          </Link>
        </nav>
      ) : null}
      {shown.length === 0 ? (
        <EmptyState title={t`No cards here`} message={kind === 'physical' ? t`You have no physical cards.` : t`You have no virtual cards.`} />
      ) : (
        <ul className={styles.list}>
          {shown.map((card) => (
            <li key={card.accountId}>
              <CardTile card={card} />
            </li>
          ))}
        </ul>
      )}
      <CardsLinks />
    </>
  );
}

/** Apply for a card, and the customer's cards at other banks. */
export function CardsLinks() {
  const { t } = useLingui();
  return (
    <ul className={styles.links}>
      <li>
        <Link to="/cards/apply">{t`Apply for a card`}</Link>
      </li>
      <li>
        <Link to="/add-card">{t`Your cards at other banks`}</Link>
      </li>
    </ul>
  );
}
