import { fromPromise } from 'xstate';
import { binLookupMachine } from '@machines/cards/bin-lookup.machine';
import { addCardBody, createAddCardFormMachine } from '@machines/cards/card-forms';
import { binInfo, externalCardAdd } from '@/entities/card';
import { toFormFailure, toUiMessage } from '@/shared/api';

/** The bin lookup with its real call (binInfo). */
export const binLookupLogic = binLookupMachine.provide({
  actors: {
    lookUp: fromPromise(async ({ input, signal }) => {
      try {
        return await binInfo(input.binNumber, signal);
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
  },
});

/** The add-card form checking expiry against this month, with its real submit (externalCardAdd). */
export function addCardFormLogic(today: Date = new Date()) {
  return createAddCardFormMachine({ month: today.getMonth() + 1, year: today.getFullYear() }).provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        try {
          return await externalCardAdd(addCardBody(input.values));
        } catch (error) {
          throw toFormFailure(error);
        }
      }),
    },
  });
}
