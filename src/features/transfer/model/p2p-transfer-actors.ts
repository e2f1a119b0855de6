import type { FormValues } from '@machines/shared/form.machine';
import { emptyP2pValues, p2pTransferMachine } from '@machines/transfers/p2p-transfer.machine';
import { lookupMachine } from '@machines/shared/lookup.machine';
import { PAYEE_CHECK_DELAY_MS, type PayeeFacts } from '@machines/transfers/p2p.logic';
import { approvalLogic } from '@/entities/approval';
import { checkPayee } from '@/entities/transfer';
import { uiActor } from '@/shared/api';
import { useTransferActor } from './use-transfer-actor';

/** The p2p transfer statechart with the app's calls: its approval submits `p2pTransfer`. */
export const p2pTransferLogic = p2pTransferMachine.provide({
  actors: { approval: approvalLogic },
});
export type P2pTransferLogic = typeof p2pTransferLogic;

/** The payee check as the e-mail is typed: the lookup statechart with its call (check payee), 400 ms after a change. */
export const payeeCheckLogic = lookupMachine.provide({
  actors: {
    lookUp: uiActor<unknown, { query: unknown }>((input, signal) => checkPayee(String(input.query), signal)),
  },
  delays: { settle: PAYEE_CHECK_DELAY_MS },
});
export type PayeeCheckLogic = typeof payeeCheckLogic;

/** The statechart of /transfer/p2p (see useTransferActor). */
export const useP2pTransferActor = (logic: P2pTransferLogic, prefill: FormValues) => useTransferActor('p2p', logic, emptyP2pValues, prefill);
