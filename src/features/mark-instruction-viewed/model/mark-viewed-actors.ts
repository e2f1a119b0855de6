import type { QueryClient } from '@tanstack/react-query';
import { taskMachine } from '@machines/shared/task.machine';
import { historyKeys, markInstructionViewed, type PaymentInstruction } from '@/entities/history';
import { uiActor } from '@/shared/api';

/** "Mark as viewed" of one payment instruction (paymentInstructionViewed), then the list is asked again. */
export function markViewedLogic(instruction: PaymentInstruction, queryClient: QueryClient) {
  return taskMachine.provide({
    actors: {
      run: uiActor(async () => {
        await markInstructionViewed(instruction.id, instruction.accountId);
        await queryClient.invalidateQueries({ queryKey: historyKeys.instructions() });
      }),
    },
  });
}
export type MarkViewedLogic = ReturnType<typeof markViewedLogic>;
