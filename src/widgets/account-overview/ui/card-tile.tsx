import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { CARD_STATUS_LABELS, cardMeta } from '@machines/cards/card.logic';
import type { Account } from '@/entities/account';
import { Money } from '@/shared/ui';
import styles from './account-overview.module.css';


/**
 * A card on home: its name, kind, status, expiry and balance; the whole tile opens its detail. A
 * debit card has no detail page (only prepaid cards do, spec 000 s2): it opens its settlement
 * account's history instead.
 */
export function CardTile({ card }: { card: Account }) {
  const { t, i18n } = useLingui();
  const name = card.cardAliasName ?? (card.cardIsVirtual ? t`Virtual card` : t`Card`);
  const status = CARD_STATUS_LABELS[card.accountStatusId];
  const expiry = card.cardExpiryMonth && card.cardExpiryYear ? `${String(card.cardExpiryMonth).padStart(2, '0')}/${String(card.cardExpiryYear).slice(-2)}` : null;
  return (
    <Link
      {...(card.subType === 'DEBIT'
        ? { to: '/history', search: { accountId: String(card.settlementAccountId ?? card.accountId) } }
        : { to: '/cards/$accountId', params: { accountId: String(card.accountId) } })}
      className={styles.card}
    >
      <span className={styles.cardName}>{name}</span>
      <span className={styles.cardMeta}>
        {card.cardIsVirtual ? t`Virtual` : t`Physical`}
        {status ? ` · ${i18n._(status)}` : ''}
        {expiry ? ` · ${t`expires ${expiry}`}` : ''}
      </span>
      {cardMeta(card).balanceAvailable ? (
        <span className={styles.cardBalance}>
          <Money amount={card.balance} currency={card.currencyCode} />
        </span>
      ) : null}
    </Link>
  );
}
