import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { groupCardNumber } from '@machines/cards/card.logic';
import { expiryText, externalCardsQuery, type ExternalCard } from '@/entities/card';
import { AddCardForm } from '@/features/add-external-card';
import { usePageTitle } from '@/shared/lib';
import { EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import styles from './add-card.module.css';

/**
 * /add-card (000 s2): the customer's cards at other banks (for card payouts), masked, each either
 * confirmed or waiting for confirmation, and the form that adds one. An added card goes on to
 * /confirm-card/{cardId}, which comes back here.
 */
export function AddCardPage() {
  const { t } = useLingui();
  usePageTitle(t`Your cards at other banks`);
  const navigate = useNavigate();
  const cards = useQuery(externalCardsQuery());
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Your cards at other banks`}</h1>
      <p className={styles.lead}>{t`Add your own cards at other banks to send money to them. A new card is confirmed with the small amount we charge to it.`}</p>
      <section aria-labelledby="external-cards-title" className={styles.section}>
        <h2 id="external-cards-title" className={styles.subtitle}>{t`Added cards`}</h2>
        <ExternalCardsView query={cards} />
      </section>
      <AddCardForm onAdded={(card) => void navigate({ to: '/confirm-card/$cardId', params: { cardId: String(card.cardId) }, search: { back: '/add-card' } })} />
    </div>
  );
}

/** The added cards with their query injected (stories: loading, error, empty, filled). */
export function ExternalCardsView({ query }: { query: QueryLike & { data?: readonly ExternalCard[] | undefined } }) {
  const { t } = useLingui();
  return (
    <>
      <QueryState query={query} title={t`Your cards could not be loaded`} />
      {query.data ? <ExternalCardList cards={query.data} /> : null}
    </>
  );
}

export function ExternalCardList({ cards }: { cards: readonly ExternalCard[] }) {
  const { t } = useLingui();
  if (cards.length === 0) return <EmptyState title={t`No cards yet`} message={t`Cards you add appear here.`} />;
  return (
    <ul className={styles.list}>
      {cards.map((card) => {
        const expiry = expiryText(card.cardExpiryMonth, card.cardExpiryYear);
        return (
          <li key={card.cardId} className={styles.item}>
            <span className={styles.number}>{groupCardNumber(card.cardNumber)}</span>
            <span className={styles.meta}>{[card.cardBrand, expiry ? t`expires ${expiry}` : null].filter(Boolean).join(' · ')}</span>
            {card.confirmed ? (
              <span className={styles.meta}>{t`Confirmed`}</span>
            ) : (
              <Link to="/confirm-card/$cardId" params={{ cardId: String(card.cardId) }} search={{ back: '/add-card' }}>
                {t`Confirm this card`}
                <span className={styles.visuallyHidden}> {groupCardNumber(card.cardNumber)}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
