import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Account } from '@/entities/account';
import { Money } from '@/shared/ui';
import styles from './account-overview.module.css';

/** Card status names (spec 001 s4). */
const cardStatus: Record<number, MessageDescriptor> = {
  0: msg`Submitted`,
  2: msg`Active`,
  4: msg`Cancelled`,
  18: msg`Blocked for fraud`,
  19: msg`Printing`,
  20: msg`Printed`,
  21: msg`Shipped`,
  23: msg`Pending`,
  27: msg`Limited`,
  38: msg`Expired`,
  41: msg`Processing`,
  65: msg`Waiting for documents`,
  71: msg`Paused`,
};

/** A card on home: its name, kind, status, expiry and balance; the whole tile opens its detail. */
export function CardTile({ card }: { card: Account }) {
  const { t, i18n } = useLingui();
  const name = card.cardAliasName ?? (card.cardIsVirtual ? t`Virtual card` : t`Card`);
  const status = cardStatus[card.accountStatusId];
  const expiry = card.cardExpiryMonth && card.cardExpiryYear ? `${String(card.cardExpiryMonth).padStart(2, '0')}/${String(card.cardExpiryYear).slice(-2)}` : null;
  return (
    <Link to="/cards/$accountId" params={{ accountId: String(card.accountId) }} className={styles.card}>
      <span className={styles.cardName}>{name}</span>
      <span className={styles.cardMeta}>
        {card.cardIsVirtual ? t`Virtual` : t`Physical`}
        {status ? ` · ${i18n._(status)}` : ''}
        {expiry ? ` · ${t`expires ${expiry}`}` : ''}
      </span>
      <span className={styles.cardBalance}>
        <Money amount={card.balance} currency={card.currencyCode} />
      </span>
    </Link>
  );
}
