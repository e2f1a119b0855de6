import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { applyFormMachine } from '@machines/cards/card-forms';
import { fundingAccounts } from '@machines/cards/card.logic';
import { newRequestId } from '@machines/shared/request-id';
import { accountKeys, accountsQuery, type Account } from '@/entities/account';
import { cardApply, cardOffersQuery, type CardOffer } from '@/entities/card';
import { toFormFailure, type MainSchemas } from '@/shared/api';
import { formatMoney, usePageTitle, useFormMachine } from '@/shared/lib';
import { useNotificationsActor } from '@/shared/model';
import { Button, EmptyState, FormAlert, QueryState, RadioGroup, Select, type QueryLike } from '@/shared/ui';
import styles from './card-apply.module.css';

const route = getRouteApi('/main/cards/apply');

/** An offer as one choice: network|applyType|currency|virtual. */
export const offerKey = (o: CardOffer): string => `${o.cardNetwork}|${o.applyType}|${o.currencyCode}|${o.cardIsVirtual ? 1 : 0}`;

export function offerFromKey(key: string): { cardNetwork: MainSchemas['CardNetwork']; applyType: 1 | 2; currencyCode: string; cardIsVirtual: boolean } | null {
  const [network, type, currencyCode, virtual] = key.split('|');
  if (!network || !currencyCode || (type !== '1' && type !== '2')) return null;
  return { cardNetwork: network as MainSchemas['CardNetwork'], applyType: type === '2' ? 2 : 1, currencyCode, cardIsVirtual: virtual === '1' };
}

const NETWORK_NAMES: Record<string, string> = { MC: 'Mastercard', UPI: 'UnionPay', VISA: 'Visa' };

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
  logic?: typeof applyLogic;
}) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Apply for a card`}</h1>
      <QueryState query={offers} title={t`The card offers could not be loaded`} />
      <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
      {offers.data && accounts.data ? (
        <CardApplyView
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

export const applyLogic = applyFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input: { values } }) => {
      const offer = offerFromKey(values.offer ?? '');
      if (!offer) throw { fields: {} };
      try {
        return await cardApply({
          ...offer,
          ...(offer.applyType === 2 ? { settlementAccountId: Number(values.settlementAccountId) } : {}),
          requestId: values.requestId ?? '',
        });
      } catch (error) {
        throw toFormFailure(error);
      }
    }),
  },
});

export interface CardApplyViewProps {
  offers: readonly CardOffer[];
  accounts: readonly Account[];
  accountId?: string | undefined;
  onApplied: (card: Account) => void;
  logic?: typeof applyLogic;
}

export function CardApplyView({ offers, accounts, accountId, onApplied, logic = applyLogic }: CardApplyViewProps) {
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
