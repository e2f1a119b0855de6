import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import { historyKeys, markInstructionViewed, type PaymentInstruction } from '@/entities/history';
import { toUiMessage } from '@/shared/api';

/** "Mark as viewed" of one payment instruction (paymentInstructionViewed), then the list is asked again. */
export function markViewedLogic(instruction: PaymentInstruction, queryClient: QueryClient) {
  return taskMachine.provide({
    actors: {
      run: fromPromise(async () => {
        try {
          await markInstructionViewed(instruction.id, instruction.accountId);
          await queryClient.invalidateQueries({ queryKey: historyKeys.instructions() });
        } catch (error) {
          throw toUiMessage(error);
        }
      }),
    },
  });
}
export type MarkViewedLogic = ReturnType<typeof markViewedLogic>;
