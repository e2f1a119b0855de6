import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import type { Actor } from 'xstate';
import type { binLookupMachine } from '@machines/cards/bin-lookup.machine';
import { emptyAddCard } from '@machines/cards/card-forms';
import { cardKeys, type ExternalCard } from '@/entities/card';
import { uiMessageText, useFormMachine } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, Select, TextField } from '@/shared/ui';
import { addCardFormLogic, binLookupLogic } from '../model/add-card-actors';
import styles from './add-card.module.css';

export interface AddCardFormProps {
  /** The card was added (it waits for confirmation). */
  onAdded: (card: ExternalCard) => void;
  /** Injectable for stories and tests. */
  formLogic?: ReturnType<typeof addCardFormLogic>;
  lookupLogic?: typeof binLookupLogic;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * Add a card at another bank (/add-card): the number (its bin looked up as it is typed), expiry
 * and holder. The full number is sent once and kept nowhere in the page afterwards.
 */
/**
 * The form's logic, made once per page load: a new machine on every render would make
 * `useActorRef` start a new actor each time (it compares the machine's config).
 */
let defaultFormLogic: ReturnType<typeof addCardFormLogic> | null = null;

export function AddCardForm({ onAdded, formLogic, lookupLogic = binLookupLogic }: AddCardFormProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const lookup = useActorRef(lookupLogic, inspectOptions());
  const form = useFormMachine(
    (formLogic ?? (defaultFormLogic ??= addCardFormLogic())).provide({
      actions: {
        submitted: ({ context }) => {
          void queryClient.invalidateQueries({ queryKey: cardKeys.external() });
          onAdded(context.result as ExternalCard);
        },
      },
    }),
    { values: emptyAddCard },
  );
  const number = form.field('cardNumber');
  const month = form.field('cardExpiryMonth');
  const year = form.field('cardExpiryYear');
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 16 }, (_, i) => String(thisYear + i));
  return (
    <form {...form.formProps} className={styles.form} aria-labelledby="add-card-title">
      <h2 id="add-card-title" className={styles.title}>{t`Add a card`}</h2>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <TextField
        {...number}
        onChange={(value) => {
          number.onChange(value);
          lookup.send({ type: 'TYPED', number: value });
        }}
        label={t`Card number`}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        isRequired
      />
      <BinInfoView lookup={lookup} />
      <div className={styles.row}>
        <Select label={t`Expiry month`} placeholder={t`Month`} options={MONTHS.map((m) => ({ id: String(Number(m)), label: m }))} selectedKey={month.value || null} onSelectionChange={month.onChange} errorMessage={month.errorMessage} isRequired />
        <Select label={t`Expiry year`} placeholder={t`Year`} options={years.map((y) => ({ id: y, label: y }))} selectedKey={year.value || null} onSelectionChange={year.onChange} isRequired />
      </div>
      <TextField {...form.field('cardHolderName')} label={t`Name on the card`} autoComplete="cc-name" maxLength={60} isRequired />
      <div className={styles.buttons}>
        <Button type="submit" isPending={form.busy}>
          {t`Add card`}
        </Button>
      </div>
    </form>
  );
}

/** What the bin says: issuer, brand, category and country, or that the card cannot be used. */
export function BinInfoView({ lookup }: { lookup: Actor<typeof binLookupMachine> }) {
  const { t, i18n } = useLingui();
  const looking = useSelector(lookup, (s) => s.hasTag('looking'));
  const info = useSelector(lookup, (s) => (s.hasTag('known') ? s.context.info : null));
  const error = useSelector(lookup, (s) => (s.hasTag('failed') ? s.context.error : null));
  const region = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.locale], { type: 'region' }) : null;
  return (
    <div className={styles.bin} aria-live="polite">
      {looking ? <p className={styles.hint}>{t`Checking the card…`}</p> : null}
      {error ? (
        <p className={styles.hint}>
          {uiMessageText(i18n, error)}{' '}
          <Button variant="ghost" onPress={() => lookup.send({ type: 'RETRY' })}>{t`Try again`}</Button>
        </p>
      ) : null}
      {info && !info.valid ? <p className={styles.invalid}>{t`Cards of this kind cannot be added.`}</p> : null}
      {info?.valid ? (
        <p className={styles.hint}>
          {[info.cardBrand, info.cardCategory, info.cardType, info.issuer, info.countryCode ? (region?.of(info.countryCode) ?? info.countryCode) : null, info.isPrepaid ? t`prepaid` : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
