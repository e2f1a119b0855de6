import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ButtonKnown } from '@machines/merchant/button-edit.machine';
import type { ButtonValues } from '@machines/merchant/merchant.rules';
import type { Logo } from '@/entities/merchant';
import { uiMessageText, useFocusOnRejectedSubmit, useKnownFacts } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, RadioGroup, Select, TextField } from '@/shared/ui';
import type { ButtonEditLogic } from '../model/button-actors';
import { ButtonPreview } from './button-preview';
import styles from './merchant-buttons.module.css';

export interface ButtonEditFormProps {
  logic: ButtonEditLogic;
  /** The button changed (null: a new one) and its values as saved. */
  id: number | null;
  values?: ButtonValues;
  /** The currencies of the open payment accounts and the logos (their ids are what the rules know). */
  currencies: readonly string[];
  logos: readonly Logo[];
  insecureHosts: readonly string[];
  onSaved: (buttonId: number | null) => void;
  onCancel: () => void;
}

type TextName = Exclude<keyof ButtonValues, 'logoId'>;

/**
 * A saved payment button written or changed (the buttonEdit statechart: every field checked before
 * anything is sent, saved once per intent, nothing typed lost by a failure), with its preview
 * beside the fields. A refused submit moves the focus to the first problem.
 */
export function ButtonEditForm({ logic, id, values: initial, currencies, logos, insecureHosts, onSaved, onCancel }: ButtonEditFormProps) {
  const { t, i18n } = useLingui();
  const known: ButtonKnown = { currencies, logoIds: logos.map((logo) => logo.id) };
  const actor = useActorRef(logic.provide({ actions: { saved: ({ context }) => onSaved(context.savedId) } }), {
    ...inspectOptions(),
    input: { id, ...(initial ? { values: initial } : {}), known, insecureHosts },
  });
  // The reads the rules check against may arrive or change while the form is open.
  useKnownFacts(actor, known);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(attempts);
  const text = (name: TextName) => ({
    value: values[name],
    onChange: (value: string) => actor.send({ type: 'CHANGE', name, value }),
    errorMessage: uiMessageText(i18n, errors[name]),
    isDisabled: busy,
  });
  const logo = logos.find((one) => one.id === values.logoId) ?? null;
  return (
    <div className={styles.editor}>
      <form
        ref={form}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <TextField label={t`Button name`} description={t`For you only, to find it in the list.`} {...text('name')} isRequired autoComplete="off" />
        <RadioGroup
          label={t`Kind of button`}
          options={[
            { id: 'buyNow', label: t`Buy now: a fixed amount` },
            { id: 'donate', label: t`Donate: the payer may choose the amount` },
          ]}
          value={values.buttonType}
          onChange={(value) => actor.send({ type: 'CHANGE', name: 'buttonType', value })}
          errorMessage={uiMessageText(i18n, errors.buttonType)}
          isDisabled={busy}
        />
        <TextField label={t`Item name`} description={t`What the payer sees they pay for.`} {...text('itemName')} isRequired autoComplete="off" />
        <div className={styles.pair}>
          <TextField label={values.buttonType === 'donate' ? t`Amount (optional)` : t`Amount`} inputMode="decimal" autoComplete="off" {...text('amount')} isRequired={values.buttonType !== 'donate'} />
          <Select
            label={t`Currency`}
            placeholder={currencies.length ? t`Choose` : t`No open account`}
            description={currencies.length ? undefined : t`Open a payment account first: payments go into it.`}
            options={currencies.map((code) => ({ id: code, label: code }))}
            selectedKey={values.currencyCode || null}
            onSelectionChange={(value) => actor.send({ type: 'CHANGE', name: 'currencyCode', value })}
            errorMessage={uiMessageText(i18n, errors.currencyCode)}
            isDisabled={busy}
            isRequired
          />
        </div>
        <Select
          label={t`Logo`}
          placeholder={t`No logo`}
          placeholderSelectable
          options={logos.map((one) => ({ id: String(one.id), label: one.isDefault ? t`${one.name} (default)` : one.name }))}
          selectedKey={values.logoId === null ? '' : String(values.logoId)}
          onSelectionChange={(value) => actor.send({ type: 'SET_LOGO', logoId: value ? Number(value) : null })}
          errorMessage={uiMessageText(i18n, errors.logoId)}
          isDisabled={busy}
        />
        <TextField label={t`Return address (optional)`} description={t`Where the payer goes after paying.`} type="url" inputMode="url" autoComplete="url" {...text('returnUrl')} />
        <TextField label={t`Cancel address (optional)`} description={t`Where the payer goes if they cancel.`} type="url" inputMode="url" autoComplete="url" {...text('cancelUrl')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button type="submit" isPending={busy}>
            {id === null ? t`Create the button` : t`Save the button`}
          </Button>
          <Button
            variant="secondary"
            isDisabled={busy}
            onPress={() => {
              actor.send({ type: 'CANCEL' });
              onCancel();
            }}
          >
            {t`Cancel`}
          </Button>
        </div>
      </form>
      <ButtonPreview values={values} logo={logo} />
    </div>
  );
}
