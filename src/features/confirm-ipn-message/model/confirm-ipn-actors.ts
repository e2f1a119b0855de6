import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import { confirmIpnMessage, merchantKeys } from '@/entities/merchant';

/** "Confirm" of one IPN message (ipnMessageConfirm: handled, not sent again), then the messages are read again. */
export function confirmIpnLogic(id: number, queryClient: QueryClient) {
  return taskMachine.provide({
    actors: {
      // confirmIpnMessage throws the UiMessage the task shows.
      run: fromPromise(async () => {
        await confirmIpnMessage({ id });
        await queryClient.invalidateQueries({ queryKey: merchantKeys.all });
      }),
    },
  });
}
export type ConfirmIpnLogic = ReturnType<typeof confirmIpnLogic>;
