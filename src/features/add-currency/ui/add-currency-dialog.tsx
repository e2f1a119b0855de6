import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { emptyAddCurrencyForm } from '@machines/accounts/add-currency.machine';
import { accountKeys } from '@/entities/account';
import { useCurrencyName, useNotificationsActor } from '@/shared/model';
import { useFormMachine } from '@/shared/lib';
import { Button, Dialog, FormAlert, Select } from '@/shared/ui';
import { addCurrencyFormLogic } from '../model/add-currency-form';
import styles from './add-currency.module.css';

export interface AddCurrencyDialogProps {
  /** Currencies the customer can still add (account.logic `addableCurrencies`). */
  currencies: readonly string[];
  onClose: () => void;
  /** Injectable for stories and tests (a fake submit). */
  logic?: typeof addCurrencyFormLogic;
}

/**
 * Add a currency: choose one the customer does not hold, then add. The form statechart owns the
 * choice, the rule and the submission (sent once however often Add is pressed); on success the
 * account list refreshes, a notice says so and the dialog closes.
 */
export function AddCurrencyDialog({ currencies, onClose, logic = addCurrencyFormLogic }: AddCurrencyDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const currencyName = useCurrencyName();
  const form = useFormMachine(
    logic.provide({
      actions: {
        submitted: ({ context }) => {
          const code = context.values.currencyCode ?? '';
          const name = currencyName(code);
          void queryClient.invalidateQueries({ queryKey: accountKeys.all });
          notifications.send({ type: 'NOTIFY', notification: { id: `currency-added-${code}`, tone: 'success', title: t`Your ${name} account is open.` } });
          onClose();
        },
      },
    }),
    { values: emptyAddCurrencyForm },
  );
  const choice = form.field('currencyCode');
  return (
    <Dialog isOpen onClose={onClose} title={t`Add a currency`}>
      <form {...form.formProps} className={styles.form}>
        {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
        <p className={styles.hint}>{t`A new account in this currency opens at once, with a zero balance.`}</p>
        <Select
          label={t`Currency`}
          placeholder={t`Choose…`}
          options={currencies.map((code) => ({ id: code, label: `${currencyName(code)} (${code})` }))}
          selectedKey={choice.value || null}
          onSelectionChange={choice.onChange}
          errorMessage={choice.errorMessage}
          isRequired
        />
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </Button>
          <Button type="submit" isPending={form.busy}>
            {t`Add currency`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
