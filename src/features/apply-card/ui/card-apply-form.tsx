import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { fundingAccounts } from '@machines/cards/card.logic';
import { newRequestId } from '@machines/shared/request-id';
import { accountKeys, type Account } from '@/entities/account';
import type { CardOffer } from '@/entities/card';
import { formatMoney, useFormMachine } from '@/shared/lib';
import { useNotificationsActor } from '@/shared/model';
import { Button, EmptyState, FormAlert, RadioGroup, Select } from '@/shared/ui';
import { applyLogic, type ApplyLogic } from '../model/apply-actors';
import { NETWORK_NAMES, offerFromKey, offerKey } from '../model/offers';
import styles from './card-apply-form.module.css';

export interface CardApplyFormProps {
  offers: readonly CardOffer[];
  accounts: readonly Account[];
  accountId?: string | undefined;
  onApplied: (card: Account) => void;
  logic?: ApplyLogic;
}

/**
 * Apply for a card (000 s2 card apply; 001 s9: networks MC, UPI, VISA; prepaid 1, debit 2): one of
 * the offers, and for a debit card the account it spends from; the new card is in the account list
 * before its page opens.
 */
export function CardApplyForm({ offers, accounts, accountId, onApplied, logic = applyLogic }: CardApplyFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const form = useFormMachine(
    logic.provide({
      actions: {
        submitted: async ({ context }) => {
          const card = context.result as Account;
          // The new card must be in the list before its page opens (its guard reads the list).
          await queryClient.refetchQueries({ queryKey: accountKeys.list() });
          notifications.send({ type: 'NOTIFY', notification: { id: `card-applied-${card.accountId}`, tone: 'success', title: t`Your card is requested.` } });
          onApplied(card);
        },
      },
    }),
    { values: { offer: '', applyType: '', settlementAccountId: accountId ?? '', requestId: newRequestId() } },
  );
  if (offers.length === 0) return <EmptyState title={t`No cards to apply for`} message={t`There is no card you can apply for right now.`} />;
  const offer = form.field('offer');
  const chosen = offerFromKey(offer.value);
  const settlement = chosen?.applyType === 2 ? fundingAccounts(accounts, chosen.currencyCode) : [];
  const label = (o: CardOffer) => {
    const network = NETWORK_NAMES[o.cardNetwork] ?? o.cardNetwork;
    const kind = o.applyType === 2 ? t`debit` : t`prepaid`;
    const form = o.cardIsVirtual ? t`virtual` : t`physical`;
    const fee = /^0+(\.0+)?$/.test(o.fee) ? t`no fee` : t`fee ${formatMoney(o.fee, o.currencyCode, i18n.locale)}`;
    return `${network} ${kind} · ${form} · ${o.currencyCode} · ${fee}`;
  };
  const settlementField = form.field('settlementAccountId');
  return (
    <form {...form.formProps} className={styles.form}>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <RadioGroup
        label={t`Card`}
        options={offers.map((o) => ({ id: offerKey(o), label: label(o) }))}
        value={offer.value || null}
        onChange={(key) => {
          offer.onChange(key);
          form.actor.send({ type: 'CHANGE', name: 'applyType', value: String(offerFromKey(key)?.applyType ?? '') });
        }}
        errorMessage={offer.errorMessage}
      />
      {chosen?.applyType === 2 ? (
        settlement.length > 0 ? (
          <Select
            label={t`Spends from account`}
            placeholder={t`Choose…`}
            options={settlement.map((a) => ({ id: String(a.accountId), label: t`${a.currencyCode} account ${a.accountId} · ${formatMoney(a.balance, a.currencyCode, i18n.locale)}` }))}
            selectedKey={settlementField.value || null}
            onSelectionChange={settlementField.onChange}
            errorMessage={settlementField.errorMessage}
            isRequired
          />
        ) : (
          <FormAlert>{t`A debit card spends from a ${chosen.currencyCode} account; add that currency on the home page first.`}</FormAlert>
        )
      ) : null}
      {chosen && !chosen.cardIsVirtual ? <p className={styles.hint}>{t`A physical card is sent to your address; activate it when it arrives.`}</p> : null}
      {chosen?.cardIsVirtual ? <p className={styles.hint}>{t`A virtual card can be used online at once.`}</p> : null}
      <div className={styles.buttons}>
        <Button type="submit" isPending={form.busy}>
          {t`Apply`}
        </Button>
      </div>
    </form>
  );
}
