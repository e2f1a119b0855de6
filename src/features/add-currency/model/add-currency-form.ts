import { fromPromise } from 'xstate';
import { addCurrencyMachine } from '@machines/accounts/add-currency.machine';
import { addCurrency } from '@/entities/account';
import { toFormFailure } from '@/shared/api';

/** The add-currency form with its real submit: addCurrency (spec 001 s7). */
export const addCurrencyFormLogic = addCurrencyMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => {
      try {
        return await addCurrency(input.values.currencyCode ?? '');
      } catch (error) {
        throw toFormFailure(error);
      }
    }),
  },
});
