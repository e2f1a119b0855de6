import { fromPromise } from 'xstate';
import { confirmCardFormMachine, normalizeAmount } from '@machines/cards/card-forms';
import { cardConfirm } from '@/entities/card';
import { toFormFailure } from '@/shared/api';

/** What confirming a card at another bank asks (cardConfirmRequirements). */
export interface ConfirmRequirements {
  card?: { cardNumber: string; cardBrand?: string | undefined } | undefined;
  requirements: readonly string[];
  currencyCode: string;
  attemptsLeft: number;
}

/** The confirm form of one card with its call: the small amount charged to it. */
export const confirmLogic = (cardId: number) =>
  confirmCardFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        try {
          await cardConfirm(cardId, normalizeAmount(input.values.verificationAmount ?? ''));
          return true;
        } catch (error) {
          throw toFormFailure(error);
        }
      }),
    },
  });
export type ConfirmCardLogic = ReturnType<typeof confirmLogic>;
