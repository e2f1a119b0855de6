import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormValues } from '@machines/shared/form.machine';
import { emptyOwnTransferValues, ownTransferMachine } from '@machines/transfers/own-transfer.machine';
import type { TransferInput } from '@machines/transfers/transfer.machine';
import { accountKeys } from '@/entities/account';
import { historyKeys } from '@/entities/history';
import { createApprovalLogic, forgetTransferIntent, keepTransferIntent, readTransferIntent, submitOwnTransfer, transferKeys } from '@/entities/transfer';
import { inspectOptions } from '@/shared/model';

/** The own-account transfer statechart with the app's calls: its approval submits `ownAccountsTransfer`. */
export const ownTransferLogic = ownTransferMachine.provide({
  actors: { approval: createApprovalLogic((request, signal) => submitOwnTransfer(request, signal)) },
});

export type OwnTransferLogic = typeof ownTransferLogic;

/**
 * Starts the statechart for /transfer/account: a transfer that was being sent when the page was
 * left comes back with its requestId (the same intent); otherwise the given first values. The
 * intent is kept in the tab while it is sent; money that moved refreshes the balances, limits and
 * history.
 */
export function useOwnTransferActor(logic: OwnTransferLogic, prefill: FormValues) {
  const queryClient = useQueryClient();
  const [input] = useState((): TransferInput => {
    const kept = readTransferIntent('own');
    return kept
      ? { values: { ...emptyOwnTransferValues, ...kept.values }, requestId: kept.requestId, restored: true }
      : { values: { ...emptyOwnTransferValues, ...prefill } };
  });
  const [provided] = useState(() =>
    logic.provide({
      actions: {
        intentStarted: (_, params) => keepTransferIntent('own', params.values, params.requestId),
        intentEnded: () => forgetTransferIntent('own'),
        sent: () => {
          void queryClient.invalidateQueries({ queryKey: accountKeys.all });
          void queryClient.invalidateQueries({ queryKey: transferKeys.maxAmountAll });
          void queryClient.invalidateQueries({ queryKey: transferKeys.limitsAll });
          void queryClient.invalidateQueries({ queryKey: historyKeys.all });
        },
      },
    }),
  );
  return useActorRef(provided, { input, ...inspectOptions() });
}
