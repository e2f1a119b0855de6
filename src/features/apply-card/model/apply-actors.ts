import { applyFormMachine } from '@machines/cards/card-forms';
import { cardApply } from '@/entities/card';
import { formActor } from '@/shared/api';
import { offerFromKey } from './offers';

/** The card application form with its call: the chosen offer, its funding account for a debit card, one requestId. */
export const applyLogic = applyFormMachine.provide({
  actors: {
    submit: formActor(async ({ values }) => {
      const offer = offerFromKey(values.offer ?? '');
      if (!offer) throw { fields: {} };
      return cardApply({
        ...offer,
        ...(offer.applyType === 2 ? { settlementAccountId: Number(values.settlementAccountId) } : {}),
        requestId: values.requestId ?? '',
      });
    }),
  },
});
export type ApplyLogic = typeof applyLogic;
