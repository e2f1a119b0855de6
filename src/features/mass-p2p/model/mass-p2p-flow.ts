import type { MassSummary } from '@machines/transfers/mass-p2p.logic';
import { massP2pMachine } from '@machines/transfers/mass-p2p.machine';
import { announceMoneyMoved } from '@/entities/account';
import { approvalLogic } from '@/entities/approval';
import { summarizeMassP2p } from '@/entities/transfer';
import { type MainBody, uiActor } from '@/shared/api';
import { createSharedFlow } from '@/shared/model';

/** The mass p2p statechart with the app's calls. */
export const massP2pLogic = massP2pMachine.provide({
  actors: {
    summarize: uiActor<MassSummary, MainBody<'p2pMassTransfer'>>((input, signal) => summarizeMassP2p(input, signal)),
    approval: approvalLogic,
  },
  actions: { moneyMoved: announceMoneyMoved },
});
export type MassP2pLogic = typeof massP2pLogic;

/**
 * One mass p2p at a time across /transfer/mass/p2p and its /confirm page (a shared flow: moving
 * between the two keeps it; the confirm page's guard reads it).
 */
export const massP2pFlow = createSharedFlow(() => massP2pLogic, { defaultInput: () => ({}) });
