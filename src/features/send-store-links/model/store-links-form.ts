import { normalisePhone, storeLinksFormMachine } from '@machines/auth/store-links.logic';
import { sendStoreLinks } from '@/entities/device';
import { formActor } from '@/shared/api';

/** The store-links form with its real submit: POST /auth/stores-urls/send (public call, no sign-in needed). */
export const storeLinksFormLogic = storeLinksFormMachine.provide({
  actors: {
    // A failure's message is resolved when shown (the active language): the form keeps a UiMessage.
    submit: formActor(async (input) => {
      await sendStoreLinks(normalisePhone(input.values.phoneNumber ?? ''));
      return null;
    }),
  },
});
