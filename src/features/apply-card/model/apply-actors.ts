import { fromPromise } from 'xstate';
import { applyFormMachine } from '@machines/cards/card-forms';
import { cardApply } from '@/entities/card';
import { toFormFailure } from '@/shared/api';
import { offerFromKey } from './offers';

/** The card application form with its call: the chosen offer, its funding account for a debit card, one requestId. */
export const applyLogic = applyFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input: { values } }) => {
      const offer = offerFromKey(values.offer ?? '');
      if (!offer) throw { fields: {} };
      try {
        return await cardApply({
          ...offer,
          ...(offer.applyType === 2 ? { settlementAccountId: Number(values.settlementAccountId) } : {}),
          requestId: values.requestId ?? '',
        });
      } catch (error) {
        throw toFormFailure(error);
      }
    }),
  },
});
export type ApplyLogic = typeof applyLogic;
