import type { FormValues } from '@machines/shared/form.machine';
import { emptyP2pValues, p2pTransferMachine } from '@machines/transfers/p2p-transfer.machine';
import { approvalLogic } from '@/entities/approval';
import { useTransferActor } from './use-transfer-actor';

/** The p2p transfer statechart with the app's calls: its approval submits `p2pTransfer`. */
export const p2pTransferLogic = p2pTransferMachine.provide({
  actors: { approval: approvalLogic },
});
export type P2pTransferLogic = typeof p2pTransferLogic;

/** The statechart of /transfer/p2p (see useTransferActor). */
export const useP2pTransferActor = (logic: P2pTransferLogic, prefill: FormValues) => useTransferActor('p2p', logic, emptyP2pValues, prefill);
