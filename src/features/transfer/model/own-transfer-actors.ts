import type { FormValues } from '@machines/shared/form.machine';
import { emptyOwnTransferValues, ownTransferMachine } from '@machines/transfers/own-transfer.machine';
import { approvalLogic } from '@/entities/approval';
import { useTransferActor } from './use-transfer-actor';

/** The own-account transfer statechart with the app's calls: its approval submits `ownAccountsTransfer`. */
export const ownTransferLogic = ownTransferMachine.provide({
  actors: { approval: approvalLogic },
});

export type OwnTransferLogic = typeof ownTransferLogic;

/** The statechart of /transfer/account (see useTransferActor). */
export const useOwnTransferActor = (logic: OwnTransferLogic, prefill: FormValues) => useTransferActor('own', logic, emptyOwnTransferValues, prefill);
