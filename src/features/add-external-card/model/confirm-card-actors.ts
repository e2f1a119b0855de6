import { confirmCardFormMachine, normalizeAmount } from '@machines/cards/card-forms';
import { cardConfirm } from '@/entities/card';
import { formActor } from '@/shared/api';

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
      submit: formActor(async (input) => {
        await cardConfirm(cardId, normalizeAmount(input.values.verificationAmount ?? ''));
        return true;
      }),
    },
  });
export type ConfirmCardLogic = ReturnType<typeof confirmLogic>;
