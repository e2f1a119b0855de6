import { useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { normalizeAmount } from '@machines/shared/amount';
import { emptyGlobalPayPayment, globalPayPaymentFormMachine } from '@machines/batches/global-pay-forms.machine';
import { BENEFICIARY_TYPES, FEE_SHARES, GLOBAL_PAY_COUNTRIES, GLOBAL_PAY_CURRENCIES, paymentFromRow, type GlobalPayPaymentInput } from '@machines/batches/global-pay-rules';
import { paymentChanges, type GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import type { FormValues } from '@machines/shared/form.machine';
import { useFormMachine } from '@/shared/lib';
import { Button, Dialog, FormAlert, Select, TextField } from '@/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { BENEFICIARY_TYPE_LABELS, FEE_SHARE_LABELS, METHOD_LABELS, globalPayCountryMethodsQuery, globalPayDictionaryQuery } from '@/entities/global-pay-batch';
import { useCountryName } from './use-country-name';
import styles from './global-pay.module.css';

const valuesOf = (payment: GlobalPayPaymentFact | null): FormValues =>
  payment
    ? {
        amount: payment.amount,
        currency: payment.currency,
        beneficiaryType: payment.beneficiaryType,
        beneficiaryName: payment.beneficiaryName,
        beneficiaryEmail: payment.beneficiaryEmail,
        beneficiaryCountryCode: payment.beneficiaryCountryCode,
        description: payment.description,
        feeShare: payment.feeShare,
      }
    : emptyGlobalPayPayment;

/**
 * Adding a payment to a draft batch, or changing one: the fields of the file's row on the form
 * statechart, checked with the same row rule as the file and the service (the first wrong field
 * gets the focus). Saving hands the payment to the batch statechart, which shows it at once and
 * saves it; the dialog closes.
 */
export function PaymentDialog({
  payment,
  onAdd,
  onUpdate,
  onClose,
}: {
  /** The payment to change; null adds one. */
  payment: GlobalPayPaymentFact | null;
  onAdd: (payment: GlobalPayPaymentInput) => void;
  onUpdate: (id: number, changes: Partial<GlobalPayPaymentInput>) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const countryName = useCountryName();
  const form = useFormMachine(
    globalPayPaymentFormMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          const next = paymentFromRow({ ...input.values, amount: normalizeAmount(input.values.amount ?? '') });
          if (payment) {
            const changes = paymentChanges(payment, next);
            if (Object.keys(changes).length) onUpdate(payment.id, changes);
          } else onAdd(next);
          return next;
        }),
      },
      actions: { submitted: onClose },
    }),
    { values: valuesOf(payment) },
  );
  const field = (name: string) => form.field(name);
  // The dictionary of countries and methods (the shared table until it arrives), and what the chosen country offers.
  const dictionary = useQuery(globalPayDictionaryQuery());
  const country = field('beneficiaryCountryCode').value;
  const offered = useQuery(globalPayCountryMethodsQuery(country));
  const countries = (dictionary.data?.countries?.map((c) => c.code) ?? Object.keys(GLOBAL_PAY_COUNTRIES))
    .map((code) => ({ id: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.locale));
  const methodNames = (offered.data ?? []).map((name) => (METHOD_LABELS[name] ? i18n._(METHOD_LABELS[name]!) : name)).join(', ');
  return (
    <Dialog isOpen onClose={onClose} title={payment ? t`Change the payment` : t`Add a payment`}>
      <form {...form.formProps} className={styles.paymentForm}>
        {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
        <TextField label={t`Name`} {...field('beneficiaryName')} maxLength={100} autoComplete="off" isRequired />
        <TextField label={t`E-mail`} type="email" {...field('beneficiaryEmail')} maxLength={254} autoComplete="off" isRequired />
        <Select
          label={t`Beneficiary type`}
          options={BENEFICIARY_TYPES.map((type) => ({ id: type, label: i18n._(BENEFICIARY_TYPE_LABELS[type]!) }))}
          selectedKey={field('beneficiaryType').value || null}
          onSelectionChange={field('beneficiaryType').onChange}
          errorMessage={field('beneficiaryType').errorMessage}
          isRequired
        />
        <Select
          label={t`Country`}
          placeholder={t`Choose…`}
          options={countries}
          selectedKey={field('beneficiaryCountryCode').value || null}
          onSelectionChange={field('beneficiaryCountryCode').onChange}
          errorMessage={field('beneficiaryCountryCode').errorMessage}
          description={methodNames ? t`Recipients there can receive by: ${methodNames}.` : undefined}
          isRequired
        />
        <div className={styles.pair}>
          <TextField label={t`Amount`} inputMode="decimal" {...field('amount')} autoComplete="off" isRequired />
          <Select
            label={t`Currency`}
            placeholder={t`Choose…`}
            options={GLOBAL_PAY_CURRENCIES.map((code) => ({ id: code, label: code }))}
            selectedKey={field('currency').value || null}
            onSelectionChange={field('currency').onChange}
            errorMessage={field('currency').errorMessage}
            isRequired
          />
        </div>
        <Select
          label={t`Fee paid by`}
          options={FEE_SHARES.map((side) => ({ id: side, label: i18n._(FEE_SHARE_LABELS[side]!) }))}
          selectedKey={field('feeShare').value || null}
          onSelectionChange={field('feeShare').onChange}
          errorMessage={field('feeShare').errorMessage}
        />
        <TextField label={t`Description (optional)`} {...field('description')} maxLength={140} autoComplete="off" />
        <div className={styles.buttons}>
          <Button type="submit">{payment ? t`Save the payment` : t`Add the payment`}</Button>
          <Button variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
