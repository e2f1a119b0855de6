import { fromPromise } from 'xstate';
import { normalisePhone, storeLinksFormMachine } from '@machines/auth/store-links.logic';
import { api, toFormFailure } from '@/shared/api';

/** The store-links form with its real submit: POST /auth/stores-urls/send (public call, no sign-in needed). */
export const storeLinksFormLogic = storeLinksFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => {
      try {
        await api().auth.POST('/auth/stores-urls/send', { body: { phoneNumber: normalisePhone(input.values.phoneNumber ?? '') } });
        return null;
      } catch (error) {
        // The message is resolved when shown (the active language): the form keeps a UiMessage.
        throw toFormFailure(error);
      }
    }),
  },
});
