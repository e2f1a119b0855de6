import { useLingui } from '@lingui/react/macro';
import { CARD_STATUS_LABELS, cardLifecycle, cardMeta } from '@machines/cards/card.logic';
import type { MainSchemas } from '@/shared/api';
import { Money } from '@/shared/ui';
import styles from './card-summary.module.css';

type Account = MainSchemas['Account'];

/** A card's name as the customer gave it, else its kind. */
export function useCardName(): (card: Pick<Account, 'cardAliasName' | 'cardIsVirtual'>) => string {
  const { t } = useLingui();
  return (card) => card.cardAliasName ?? (card.cardIsVirtual ? t`Virtual card` : t`Card`);
}

/** "09/28" (month and the year's last two digits), or null. */
export const expiryText = (month?: number, year?: number): string | null =>
  month && year ? `${String(month).padStart(2, '0')}/${String(year).slice(-2)}` : null;

/**
 * One card at the top of its detail: name, kind, status, expiry, the balance where its status
 * shows one (001 s4), and a reissue under way.
 */
export function CardSummary({ card, headingLevel = 1 }: { card: Account; headingLevel?: 1 | 2 }) {
  const { t, i18n } = useLingui();
  const name = useCardName()(card);
  const meta = cardMeta(card);
  const life = cardLifecycle(card);
  const status = CARD_STATUS_LABELS[card.accountStatusId];
  const reissue = card.cardReissuedStatusId !== undefined ? CARD_STATUS_LABELS[card.cardReissuedStatusId] : undefined;
  const expiry = expiryText(card.cardExpiryMonth, card.cardExpiryYear);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.summary} aria-labelledby={`card-${card.accountId}-name`}>
      <Heading id={`card-${card.accountId}-name`} className={styles.name}>
        {name}
      </Heading>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Kind`}</dt>
          <dd>
            {meta.virtual ? t`Virtual` : t`Physical`} · {meta.debit ? t`Debit` : t`Prepaid`} · {card.currencyCode}
          </dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>
            <span className={styles.status} data-status={card.accountStatusId}>
              {status ? i18n._(status) : String(card.accountStatusId)}
            </span>
          </dd>
        </div>
        {expiry ? (
          <div>
            <dt>{t`Expires`}</dt>
            <dd>{expiry}</dd>
          </div>
        ) : null}
        {meta.balanceAvailable ? (
          <div>
            <dt>{t`Balance`}</dt>
            <dd className={styles.balance}>
              <Money amount={card.balance} currency={card.currencyCode} />
            </dd>
          </div>
        ) : null}
        {life.reissuing && reissue ? (
          <div>
            <dt>{t`New card`}</dt>
            <dd>{i18n._(reissue)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
