import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { safeInAppPath } from '@machines/auth/redirect.logic';
import { confirmCardFormMachine, normalizeAmount } from '@machines/cards/card-forms';
import { groupCardNumber } from '@machines/cards/card.logic';
import { cardConfirm, cardConfirmRequirementsQuery, cardKeys } from '@/entities/card';
import { toFormFailure } from '@/shared/api';
import { usePageTitle, useFormMachine } from '@/shared/lib';
import { useNotificationsActor } from '@/shared/model';
import { Button, EmptyState, FormAlert, QueryState, TextField, type QueryLike } from '@/shared/ui';
import styles from './confirm-card.module.css';

const route = getRouteApi('/main/confirm-card/$cardId');

/** Where confirming leads back: the in-app path the customer came from (?back=), else /add-card. */
export function backTarget(back: unknown): string {
  return safeInAppPath(back) ?? '/add-card';
}

/**
 * /confirm-card/{cardId} (000 s2): loads what confirming the card asks (the small amount charged
 * to it, the attempts left), takes the amount, and goes back where the customer came from.
 */
export function ConfirmCardPage() {
  const { t } = useLingui();
  usePageTitle(t`Confirm your card`);
  const { cardId } = route.useParams();
  const search = route.useSearch();
  const navigate = useNavigate();
  const id = Number(cardId);
  const requirements = useQuery({ ...cardConfirmRequirementsQuery(id), enabled: id > 0 });
  const back = backTarget(search.back);
  return <ConfirmCardPageView cardId={id} query={requirements} onDone={() => void navigate({ to: back })} />;
}

/** The confirm page with its requirements query injected (stories: loading, error, filled, confirmed). */
export function ConfirmCardPageView({ cardId, query, onDone, logic }: { cardId: number; query: QueryLike & { data?: ConfirmRequirements | undefined }; onDone: () => void; logic?: ReturnType<typeof confirmLogic> }) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Confirm your card`}</h1>
      <QueryState query={query} title={t`The card could not be loaded`} />
      {query.data ? <ConfirmCardView cardId={cardId} data={query.data} onDone={onDone} {...(logic ? { logic } : {})} /> : null}
    </div>
  );
}

export interface ConfirmRequirements {
  card?: { cardNumber: string; cardBrand?: string | undefined } | undefined;
  requirements: readonly string[];
  currencyCode: string;
  attemptsLeft: number;
}

export const confirmLogic = (cardId: number) =>
  confirmCardFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        try {
          await cardConfirm(cardId, normalizeAmount(input.values.verificationAmount ?? ''));
          return true;
        } catch (error) {
          throw toFormFailure(error);
        }
      }),
    },
  });

export function ConfirmCardView({ cardId, data, onDone, logic }: { cardId: number; data: ConfirmRequirements; onDone: () => void; logic?: ReturnType<typeof confirmLogic> }) {
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
