import { fromPromise } from 'xstate';
import type { FormValues } from '@machines/shared/form.machine';
import { emptyP2pValues, p2pTransferMachine } from '@machines/transfers/p2p-transfer.machine';
import { payeeCheckMachine } from '@machines/transfers/payee-check.machine';
import type { PayeeFacts } from '@machines/transfers/p2p.logic';
import { checkPayee, createApprovalLogic, submitP2pTransfer } from '@/entities/transfer';
import { toUiMessage } from '@/shared/api';
import { useTransferActor } from './use-transfer-actor';

/** The p2p transfer statechart with the app's calls: its approval submits `p2pTransfer`. */
export const p2pTransferLogic = p2pTransferMachine.provide({
  actors: { approval: createApprovalLogic((request, signal) => submitP2pTransfer(request, signal)) },
});
export type P2pTransferLogic = typeof p2pTransferLogic;

/** The payee check with its call (check payee). */
export const payeeCheckLogic = payeeCheckMachine.provide({
  actors: {
    check: fromPromise<PayeeFacts, { email: string }>(async ({ input, signal }) => {
      try {
        return await checkPayee(input.email, signal);
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
  },
});
export type PayeeCheckLogic = typeof payeeCheckLogic;

/** The statechart of /transfer/p2p (see useTransferActor). */
export const useP2pTransferActor = (logic: P2pTransferLogic, prefill: FormValues) => useTransferActor('p2p', logic, emptyP2pValues, prefill);
