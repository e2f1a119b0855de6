import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { IdentityKnown } from '@machines/merchant/identity-check.machine';
import type { Account } from '@/entities/account';
import { AccountSelect } from '@/entities/account';
import { formatMoney, uiMessageText, useFocusOnRejectedSubmit, useKnownFacts } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, CountrySelect, FormAlert, TextField } from '@/shared/ui';
import type { IdentityCheckLogic } from '../model/identity-actors';
import styles from './merchant-identity.module.css';

export interface IdentityCheckFormProps {
  logic: IdentityCheckLogic;
  /** Started again after a check (Start another check): the focus goes to the first field. */
  focusOnStart?: boolean;
  /** The accounts that may pay the fee (the customer's open payment accounts). */
  accounts: readonly Account[];
  countries: readonly { code: string; name: string }[];
  onCreated: (verificationId: number | null) => void;
}

/**
 * A new identity verification check (the identityCheck statechart): the paying account (its fee
 * asked at once and shown before anything is sent), the person's names, e-mail, country and a
 * reference of the merchant's; Continue shows the fee and the person to confirm; Start the check
 * charges it once. Nothing typed is lost by a failure; a refused submit moves the focus to the first
 * problem.
 */
export function IdentityCheckForm({ logic, accounts, countries, onCreated, focusOnStart = false }: IdentityCheckFormProps) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const known: IdentityKnown = { accounts: accounts.map((account) => ({ accountId: account.accountId, balance: account.balance })), countries: countries.map((country) => country.code) };
  const actor = useActorRef(logic.provide({ actions: { created: ({ context }) => onCreated(context.verificationId) } }), { ...inspectOptions(), input: { known } });
  // The reads the rules check against may arrive or change while the form is open.
  useKnownFacts(actor, known);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const fee = useSelector(actor, (s) => s.context.fee);
  const feeError = useSelector(actor, (s) => uiMessageText(i18n, s.context.feeError));
  const feeLoading = useSelector(actor, (s) => s.hasTag('feeLoading'));
  const feeFailed = useSelector(actor, (s) => s.hasTag('feeFailed'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(attempts);
  useEffect(() => {
    if (focusOnStart) form.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, [focusOnStart, form]);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // The confirmation takes the place of the form and back (WCAG 2.4.3): the focus goes to its
  // heading, and back on Continue when the details come back.
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
    else if (wasConfirming.current) continueButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const text = (name: 'firstName' | 'lastName' | 'email' | 'reference') => ({
    value: values[name],
    onChange: (value: string) => actor.send({ type: 'CHANGE', name, value }),
    errorMessage: uiMessageText(i18n, errors[name]),
  });
  const account = accounts.find((one) => one.accountId === values.accountId) ?? null;
  const feeText = fee ? formatMoney(fee.amount, fee.currencyCode, i18n.locale) : '';
  if (confirming) {
    const person = `${values.firstName.trim()} ${values.lastName.trim()}`;
    const email = values.email.trim();
    return (
      <div className={styles.confirm} aria-labelledby={`${ids}-confirm`} role="group">
        <h2 id={`${ids}-confirm`} ref={confirmHeading} tabIndex={-1} className={styles.subtitle}>
          {t`Start the check?`}
        </h2>
        <p>{t`${person} will get an invitation at ${email} to prove who they are.`}</p>
        <p className={styles.fee}>{t`The fee of ${feeText} is charged to account No. ${values.accountId ?? ''} once, when you start the check.`}</p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button isPending={busy} onPress={() => actor.send({ type: 'CONFIRM' })}>
            {error ? t`Try again` : t`Start the check`}
          </Button>
          <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'BACK' })}>
            {t`Back`}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <AccountSelect
        label={t`The account that pays the fee`}
        accounts={accounts}
        value={values.accountId === null ? '' : String(values.accountId)}
        onChange={(value) => actor.send({ type: 'CHOOSE_ACCOUNT', accountId: value ? Number(value) : null })}
        errorMessage={uiMessageText(i18n, errors.accountId)}
      />
      <div className={styles.feeLine} aria-live="polite">
        {feeLoading ? <p className={styles.hint}>{t`Finding the fee…`}</p> : null}
        {fee && account ? <p className={styles.fee}>{t`Fee for one check: ${feeText}`}</p> : null}
        {feeFailed ? (
          <FormAlert>
            {feeError ?? ''} {t`The check cannot be started until the fee is known.`}{' '}
            <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY_FEE' })}>
              {t`Try again`}
            </Button>
          </FormAlert>
        ) : null}
      </div>
      <div className={styles.pair}>
        <TextField label={t`First name`} autoComplete="off" isRequired {...text('firstName')} />
        <TextField label={t`Last name`} autoComplete="off" isRequired {...text('lastName')} />
      </div>
      <TextField label={t`E-mail`} description={t`The person gets the invitation here.`} type="email" inputMode="email" autoComplete="off" isRequired {...text('email')} />
      <CountrySelect label={t`Country of the identity document`} countries={countries} value={values.countryCode} onChange={(value) => actor.send({ type: 'CHANGE', name: 'countryCode', value })} errorMessage={uiMessageText(i18n, errors.countryCode)} />
      <TextField label={t`Your reference (optional)`} description={t`An order number or a customer number, to find the check later.`} autoComplete="off" {...text('reference')} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.buttons}>
        <Button ref={continueButton} type="submit" isDisabled={feeLoading || feeFailed}>
          {t`Continue`}
        </Button>
      </div>
    </form>
  );
}
