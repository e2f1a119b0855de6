import { useEffect, useId, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { affectsCards, type AddressField, type AddressValues, type CardOfAddress } from '@machines/verification/address-edit.machine';
import { useCountryPreselection } from '@/entities/security';
import { statesQuery, useRefreshVerification } from '@/entities/verification';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions, useCountries, useNotificationsActor } from '@/shared/model';
import { Button, Dialog, FormAlert, Preloader, Select, TextField } from '@/shared/ui';
import { addressEditLogic } from '../model/address-actors';
import styles from './edit-address.module.css';

/** An address of the profile as the dialog needs it (spec 002 s3 Address; the reply's fields may be missing). */
export interface AddressToEdit {
  addressId: number;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  stateCode?: string | null;
}

export interface AddressDialogProps {
  /** The address replaced; none: a new address. */
  address?: AddressToEdit | null;
  onClose: () => void;
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof addressEditLogic;
}

const valuesOf = (address: AddressToEdit): AddressValues => ({
  address1: address.address1 ?? '',
  address2: address.address2 ?? '',
  city: address.city ?? '',
  postalCode: address.postalCode ?? '',
  countryCode: address.countryCode ?? '',
  stateCode: address.stateCode ?? '',
});

/**
 * Add an address, or replace one (spec 002 s3, s7; 001 s7). The address-edit statechart owns the
 * fields, their rules and the calls: a country with states needs one (its list is read here and
 * handed to the statechart); a replacement first asks which cards the move affects and, when some
 * are, says so until the customer confirms or goes back. Saved: the profile is read again, a
 * notice asks for a proof of the address and the dialog closes.
 */
export function AddressDialog({ address = null, onClose, logic = addressEditLogic }: AddressDialogProps) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const countries = useCountries();
  const actor = useActorRef(
    logic.provide({
      actions: {
        saved: () => {
          refresh();
          notifications.send({ type: 'NOTIFY', notification: { id: 'address-saved', tone: 'success', title: t`Your address is saved. Please send a proof of it.` } });
          onClose();
        },
      },
    }),
    { input: { addressId: address?.addressId ?? null, values: address ? valuesOf(address) : {} }, ...inspectOptions() },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const compatibility = useSelector(actor, (s) => s.context.compatibility);
  // The warning stays on screen while the confirmed replacement is saved (the only way into
  // `saving` with cards affected is CONFIRM).
  const warning = useSelector(actor, (s) => s.hasTag('warning') || (s.matches('saving') && !!s.context.compatibility && affectsCards(s.context.compatibility)));

  // The chosen country's states: the list handed to the statechart when it arrives.
  const language = parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE;
  const states = useQuery(statesQuery(values.countryCode, language));
  useEffect(() => {
    if (states.data) actor.send({ type: 'STATES', codes: states.data.map((s) => s.code) });
  }, [actor, states.data]);

  const formRef = useFocusOnRejectedSubmit(attempts);
  // Back from the warning: focus returns to the first field.
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (warning || !focusFirstField.current) return;
    focusFirstField.current = false;
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [warning, formRef]);

  const field = (name: AddressField) => ({
    value: values[name],
    onChange: (value: string) => actor.send({ type: 'CHANGE', field: name, value }),
    errorMessage: uiMessageText(i18n, errors[name]),
  });
  const formErrorText = uiMessageText(i18n, formError);
  const country = field('countryCode');
  // A new address's country, preselected from where the browser is (never from a VPN; the customer's choice wins).
  const offered = useMemo(() => countries.map((c) => c.code), [countries]);
  useCountryPreselection({ current: country.value ?? '', offered, apply: country.onChange });
  const state = field('stateCode');
  const stateOptions = states.data ?? [];

  return (
    <Dialog isOpen onClose={onClose} title={address ? t`Replace your address` : t`Add an address`}>
      {warning && compatibility ? (
        <CardWarning
          compatibility={compatibility}
          busy={busy}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onBack={() => {
            focusFirstField.current = true;
            actor.send({ type: 'BACK' });
          }}
        />
      ) : (
        <form
          ref={formRef}
          noValidate
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {formErrorText ? <FormAlert>{formErrorText}</FormAlert> : null}
          <TextField label={t`Street and number`} autoComplete="address-line1" isRequired {...field('address1')} />
          <TextField label={t`Apartment, floor (optional)`} autoComplete="address-line2" {...field('address2')} />
          <TextField label={t`City`} autoComplete="address-level2" isRequired {...field('city')} />
          <TextField label={t`Postal code`} autoComplete="postal-code" isRequired {...field('postalCode')} />
          <Select
            label={t`Country`}
            placeholder={t`Choose…`}
            options={countries.map((c) => ({ id: c.code, label: c.name }))}
            selectedKey={country.value || null}
            onSelectionChange={country.onChange}
            errorMessage={country.errorMessage}
            isRequired
          />
          {states.isLoading ? (
            <Preloader label={t`Loading the states…`} />
          ) : states.isError && !states.data ? (
            <div role="alert" className={styles.statesError}>
              <p className={styles.statesErrorText}>{t`The list of states could not be loaded.`}</p>
              <Button variant="secondary" onPress={() => void states.refetch()}>
                {t`Try again`}
              </Button>
            </div>
          ) : stateOptions.length > 0 ? (
            <Select
              label={t`State or region`}
              placeholder={t`Choose…`}
              options={stateOptions.map((s) => ({ id: s.code, label: s.name }))}
              selectedKey={state.value || null}
              onSelectionChange={state.onChange}
              errorMessage={state.errorMessage}
              isRequired
            />
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" isPending={busy}>
              {t`Save address`}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * What the move does to the customer's cards (001 s7 address replacement compatibility): cards
 * cancelled because they are issued for the country of residence, cards on their way to the old
 * address. Focus moves to its heading when it appears; the customer confirms or goes back.
 */
function CardWarning({
  compatibility,
  busy,
  onConfirm,
  onBack,
}: {
  compatibility: { cardAccountsToBeCanceled: CardOfAddress[]; cardAccountsToBeShippedToOldAddress: CardOfAddress[] };
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const cardName = (card: CardOfAddress) => {
    const accountId = card.accountId;
    return card.alias?.trim() || t`Card account ${accountId}`;
  };
  const canceled = compatibility.cardAccountsToBeCanceled;
  const shipped = compatibility.cardAccountsToBeShippedToOldAddress;
  return (
    <section aria-labelledby={headingId} className={styles.warning}>
      <h4 id={headingId} ref={heading} tabIndex={-1} className={styles.warningTitle}>
        {t`Your cards and this move`}
      </h4>
      {canceled.length > 0 ? (
        <>
          <p className={styles.warningText}>{t`These cards will be cancelled, because a card is issued for your country of residence:`}</p>
          <ul className={styles.cards}>
            {canceled.map((card) => (
              <li key={card.accountId}>{cardName(card)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {shipped.length > 0 ? (
        <>
          <p className={styles.warningText}>{t`These cards are on their way and will still be delivered to your old address:`}</p>
          <ul className={styles.cards}>
            {shipped.map((card) => (
              <li key={card.accountId}>{cardName(card)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled={busy} onPress={onBack}>
          {t`Back`}
        </Button>
        <Button isPending={busy} onPress={onConfirm}>
          {t`Replace my address`}
        </Button>
      </div>
    </section>
  );
}
