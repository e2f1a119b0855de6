import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { groupCardNumber } from '@machines/cards/card.logic';
import { cardKeys } from '@/entities/card';
import { useFormMachine } from '@/shared/lib';
import { useNotificationsActor } from '@/shared/model';
import { Button, EmptyState, FormAlert, TextField } from '@/shared/ui';
import { confirmLogic, type ConfirmCardLogic, type ConfirmRequirements } from '../model/confirm-card-actors';
import styles from './confirm-card-form.module.css';

/**
 * Confirming a card at another bank (000 s2 /confirm-card): the small amount charged to it, with
 * the attempts left; a card that needs nothing more says so.
 */
export function ConfirmCardForm({ cardId, data, onDone, logic }: { cardId: number; data: ConfirmRequirements; onDone: () => void; logic?: ConfirmCardLogic }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const form = useFormMachine(
    (logic ?? confirmLogic(cardId)).provide({
      actions: {
        submitted: () => {
          void queryClient.invalidateQueries({ queryKey: cardKeys.external() });
          notifications.send({ type: 'NOTIFY', notification: { id: `card-confirmed-${cardId}`, tone: 'success', title: t`Your card is confirmed.` } });
          onDone();
        },
      },
    }),
    { values: { verificationAmount: '' } },
  );
  const number = data.card ? groupCardNumber(data.card.cardNumber) : '';
  if (!data.requirements.includes('verificationAmount')) {
    return (
      <>
        <EmptyState title={t`This card is confirmed`} message={t`Card ${number} needs nothing more.`} />
        <Button variant="secondary" onPress={onDone}>{t`Back`}</Button>
      </>
    );
  }
  const currency = data.currencyCode;
  const attempts = data.attemptsLeft;
  return (
    <form {...form.formProps} className={styles.form}>
      <p className={styles.lead}>{t`We charged a small amount in ${currency} to card ${number}. Find it on the card's statement at your bank and type it here.`}</p>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <TextField {...form.field('verificationAmount')} label={t`Amount charged (${currency})`} description={t`Attempts left: ${attempts}`} inputMode="decimal" autoComplete="off" isRequired />
      <div className={styles.buttons}>
        <Button variant="secondary" onPress={onDone}>
          {t`Later`}
        </Button>
        <Button type="submit" isPending={form.busy}>
          {t`Confirm card`}
        </Button>
      </div>
    </form>
  );
}
