import { addCurrencyMachine } from '@machines/accounts/add-currency.machine';
import { addCurrency } from '@/entities/account';
import { formActor } from '@/shared/api';

/** The add-currency form with its real submit: addCurrency (spec 001 s7). */
export const addCurrencyFormLogic = addCurrencyMachine.provide({
  actors: {
    submit: formActor((input) => addCurrency(input.values.currencyCode ?? '')),
  },
});
