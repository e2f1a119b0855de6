import { fromPromise } from 'xstate';
import { blacklistAddFormMachine } from '@machines/settings/blacklist-add.machine';
import { isBlockType } from '@machines/settings/blacklist.rules';
import { securityListMessages } from '@machines/settings/security-lists-messages';
import type { FormFailure } from '@machines/shared/form.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { addToBlacklist, removeFromBlacklist } from '@/entities/security';

/** The add-to-blacklist popup's statechart with its call (blacklistAdd with the submit's requestId). */
export const blacklistAddFormLogic = blacklistAddFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => {
      const blockType = input.values.blockType;
      // The form's rule refused anything else before sending: this only keeps the type honest.
      if (!isBlockType(blockType)) return Promise.reject<never>({ fields: { blockType: { descriptor: securityListMessages.blockTypeRequired } } } satisfies FormFailure);
      return addToBlacklist({ email: input.values.email ?? '', blockType, requestId: input.requestId ?? '' });
    }),
  },
});
export type BlacklistAddFormLogic = typeof blacklistAddFormLogic;

/** An e-mail taken off the list (blacklistDelete), confirmed first and sent once per requestId. */
export const blacklistRemoveLogic = confirmedChangeMachine.provide({
  actors: {
    change: fromPromise(({ input }) => removeFromBlacklist({ email: input.subject, requestId: input.requestId })),
  },
});
export type BlacklistRemoveLogic = typeof blacklistRemoveLogic;
