import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { PayeeFacts } from '@machines/transfers/p2p.logic';
import { uiMessageText } from '@/shared/lib';
import { Button } from '@/shared/ui';
import type { PayeeCheckLogic } from '../model/payee-check';
import styles from './payee-notes.module.css';

export interface PayeeNotesProps {
  check: Actor<PayeeCheckLogic>;
  /** The e-mail in the field now: an answer about another one is not shown. */
  email: string;
  /** The field already shows an error about the e-mail: the notes step aside. */
  hasError: boolean;
  /** A transfer's recipient receives the money; an invoice's is asked to pay it. */
  purpose: 'transfer' | 'invoice';
}

/**
 * What the payee check says under an e-mail field, announced politely: checking, a failed check
 * with "Check again", then who it is, an unknown customer, a payout-blacklisted e-mail, an employee
 * of a business customer (an employee cannot pay invoices).
 */
export function PayeeNotes({ check, email, hasError, purpose }: PayeeNotesProps) {
  const { t, i18n } = useLingui();
  const payee = useSelector(check, (s) => (s.hasTag('known') ? (s.context.result as PayeeFacts) : null));
  const checking = useSelector(check, (s) => s.hasTag('looking'));
  const failed = useSelector(check, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  const same = payee && payee.email.toLowerCase() === email.trim().toLowerCase() ? payee : null;
  // The name stays the message's first placeholder ({0}): tests/unit/name-sentences.test.ts checks those sentences.
  const named = (payee: PayeeFacts) =>
    purpose === 'transfer'
      ? payee.name
        ? t`${payee.name} receives it.`
        : t`A customer receives it.`
      : payee.name
        ? t`${payee.name} is asked to pay it.`
        : t`A customer is asked to pay it.`;
  return (
    <div className={styles.payee} aria-live="polite">
      {checking ? <p>{t`Checking the recipient…`}</p> : null}
      {failed ? (
        <p>
          {failed}{' '}
          <Button variant="ghost" onPress={() => check.send({ type: 'RETRY' })}>
            {t`Check again`}
          </Button>
        </p>
      ) : null}
      {same && !hasError ? (
        same.exist ? (
          <>
            <p className={same.outBlacklist ? styles.bad : styles.good}>{same.outBlacklist ? t`This e-mail is on your payout blacklist.` : named(same)}</p>
            {same.isEmployee ? <p>{purpose === 'transfer' ? t`This is an employee of a business customer.` : t`This is an employee of a business customer: they cannot pay invoices.`}</p> : null}
          </>
        ) : (
          <p className={styles.bad}>{t`There is no customer with this e-mail.`}</p>
        )
      ) : null}
    </div>
  );
}
