import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { fromPromise } from 'xstate';
import { emptyReceiveForm, receiveFormMachine } from '@machines/batches/global-pay-forms.machine';
import { RECEIVE_METHOD_FIELDS, isGlobalPayMethod } from '@machines/batches/global-pay-rules';
import type { FormFailure } from '@machines/shared/form.machine';
import type { ReceiveFact } from '@machines/batches/receive.machine';
import { METHOD_LABELS, submitReceiveChoice } from '@/entities/global-pay-batch';
import { toFormFailure } from '@/shared/api';
import { useFormMachine } from '@/shared/lib';
import { Button, FormAlert, RadioGroup, TextField } from '@/shared/ui';
import styles from './receive-form.module.css';

const METHOD_HINTS: Record<string, MessageDescriptor> = {
  bankTransfer: msg`To your bank account.`,
  card: msg`To your debit or credit card.`,
  wallet: msg`To a wallet in your name at this e-mail address; open it to use the money.`,
  instantPayment: msg`To your instant payment key (for example a Pix key).`,
};
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  accountHolderName: msg`Account holder's name`,
  accountNumber: msg`Account number or IBAN`,
  cardNumber: msg`Card number`,
  instantKey: msg`Instant payment key`,
};

/** The submit: the chosen method and only its fields; a refused field comes back at its field (`details.cardNumber`). */
async function submitChoice(values: Record<string, string>) {
  const id = values.id ?? '';
  const method = values.paymentMethod ?? '';
  if (!isGlobalPayMethod(method)) throw { message: { descriptor: msg`Choose how you want to receive the money.` } } satisfies FormFailure;
  const details = Object.fromEntries(RECEIVE_METHOD_FIELDS[method].map((field) => [field, (values[field] ?? '').trim()]));
  try {
    return await submitReceiveChoice(id, method, details);
  } catch (error) {
    const failure = toFormFailure(error);
    const fields = Object.fromEntries(Object.entries(failure.fields ?? {}).map(([param, message]) => [param.replace(/^details\./, ''), message]));
    throw { ...failure, ...(Object.keys(fields).length ? { fields } : {}) } satisfies FormFailure;
  }
}

/**
 * The recipient's choice on /receive/{id}: how to receive (the methods the sender allowed for the
 * recipient's country) and what that method needs, on the form statechart (checked with the same
 * rule as the service; sent once). On success it says thank you and the page reads the link again.
 */
export const receiveFormLogic = receiveFormMachine.provide({ actors: { submit: fromPromise(async ({ input }) => submitChoice(input.values)) } });

export function ReceiveForm({
  id,
  methods,
  onReceived,
  logic = receiveFormLogic,
}: {
  id: string;
  /** The methods the sender allowed, with what each needs (p2p global pay methods). */
  methods: ReceiveFact['methods'];
  /** The choice was taken (the page reads the link again). */
  onReceived?: () => void;
  /** Injectable for stories (a fake submit). */
  logic?: typeof receiveFormLogic;
}) {
  const { t, i18n } = useLingui();
  const form = useFormMachine(
    logic.provide({ actions: { submitted: () => onReceived?.() } }),
    { values: { ...emptyReceiveForm, id, paymentMethod: methods.length === 1 ? methods[0]!.name : '' } },
  );
  const method = form.values.paymentMethod ?? '';
  const fields = isGlobalPayMethod(method) ? RECEIVE_METHOD_FIELDS[method] : [];
  const choice = form.field('paymentMethod');
  if (form.submitted) {
    return (
      <p role="status" className={styles.done}>
        {t`Thank you. The money is on its way to you.`}
      </p>
    );
  }
  return (
    <form {...form.formProps} className={styles.form}>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <RadioGroup
        label={t`How do you want to receive it?`}
        value={choice.value || null}
        onChange={choice.onChange}
        errorMessage={choice.errorMessage}
        options={methods.map((m) => ({ id: m.name, label: METHOD_LABELS[m.name] ? i18n._(METHOD_LABELS[m.name]!) : m.name }))}
      />
      {METHOD_HINTS[method] ? <p className={styles.hint}>{i18n._(METHOD_HINTS[method]!)}</p> : null}
      {fields.map((field) => (
        <TextField
          key={field}
          label={FIELD_LABELS[field] ? i18n._(FIELD_LABELS[field]!) : field}
          {...form.field(field)}
          inputMode={field === 'cardNumber' ? 'numeric' : undefined}
          autoComplete={field === 'cardNumber' ? 'cc-number' : field === 'accountHolderName' ? 'name' : 'off'}
          isRequired
        />
      ))}
      <div className={styles.buttons}>
        <Button type="submit" isPending={form.busy}>
          {t`Receive the money`}
        </Button>
      </div>
    </form>
  );
}
