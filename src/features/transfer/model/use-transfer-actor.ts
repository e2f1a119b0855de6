import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FormValues } from '@machines/shared/form.machine';
import type { TransferInput, TransferLogic } from '@machines/transfers/transfer.machine';
import { announceMoneyMoved } from '@/entities/account';
import { forgetTransferIntent, keepTransferIntent, readTransferIntent, type TransferKind } from '@/entities/transfer';
import { inspectOptions } from '@/shared/model';

/**
 * Starts a transfer statechart for its page: a transfer of this kind that was being sent when the
 * page was left comes back with its requestId (the same intent); otherwise the first values. The
 * intent is kept in the tab while it is sent (`keep` leaves out what must never be stored, such as
 * a card number); money that moved refreshes the balances, limits and history.
 */
export function useTransferActor<F>(kind: TransferKind, logic: TransferLogic<F>, empty: FormValues, prefill: FormValues, keep: (values: FormValues) => FormValues = (values) => values) {
  const [input] = useState((): TransferInput => {
    const kept = readTransferIntent(kind);
    return kept ? { values: { ...empty, ...kept.values }, requestId: kept.requestId, restored: true } : { values: { ...empty, ...prefill } };
  });
  const [provided] = useState(
    () =>
      logic.provide({
        actions: {
          intentStarted: (_, params) => keepTransferIntent(kind, keep(params.values), params.requestId),
          intentEnded: () => forgetTransferIntent(kind),
          moneyMoved: announceMoneyMoved,
        },
      }),
  );
  // The transfer statechart takes its input (TransferInput); XState's option types cannot see that through the generic.
  return useActorRef(provided as TransferLogic<unknown>, { input, ...inspectOptions() }) as unknown as ActorRefFrom<TransferLogic<F>>;
}
