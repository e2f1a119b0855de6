import { useActorRef } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { preapprovedCancelMachine } from '@machines/transfers/preapproved-cancel.machine';
import { preapprovedCancel, preapprovedKeys } from '@/entities/transfer';
import { uiActor } from '@/shared/api';
import { inspectOptions, useNotificationsActor } from '@/shared/model';

/** The cancel statechart with its call (preapproved cancel). */
export const preapprovedCancelLogic = preapprovedCancelMachine.provide({
  actors: {
    cancel: uiActor<void, { id: number }>(async (input) => {
      await preapprovedCancel(input.id);
    }),
  },
});
export type PreapprovedCancelLogic = typeof preapprovedCancelLogic;

/** One cancel statechart for the page: a cancelled payment leaves the list, and a notification says so. */
export function usePreapprovedCancel(logic: PreapprovedCancelLogic = preapprovedCancelLogic) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  return useActorRef(
    logic.provide({
      actions: {
        cancelled: (_, { paymentId }) => {
          void queryClient.invalidateQueries({ queryKey: preapprovedKeys.all });
          notifications.send({ type: 'NOTIFY', notification: { id: `preapproved-cancelled-${paymentId}`, tone: 'success', title: t`The payment is cancelled. No more payments are made.` } });
        },
      },
    }),
    inspectOptions(),
  );
}
