import { binLookupMachine } from '@machines/cards/bin-lookup.machine';
import { addCardBody, createAddCardFormMachine } from '@machines/cards/card-forms';
import { binInfo, externalCardAdd } from '@/entities/card';
import { uiActor, formActor } from '@/shared/api';

/** The bin lookup with its real call (binInfo). */
export const binLookupLogic = binLookupMachine.provide({
  actors: {
    lookUp: uiActor((input, signal) => binInfo(input.binNumber, signal)),
  },
});

/** The add-card form checking expiry against this month, with its real submit (externalCardAdd). */
export function addCardFormLogic(today: Date = new Date()) {
  return createAddCardFormMachine({ month: today.getMonth() + 1, year: today.getFullYear() }).provide({
    actors: {
      submit: formActor((input) => externalCardAdd(addCardBody(input.values))),
    },
  });
}
