import { fromPromise } from 'xstate';
import { fundingInvoiceFormMachine, invoiceCreateFormMachine, invoiceRejectFormMachine } from '@machines/invoices/invoice-forms';
import { invoicePayMachine } from '@machines/invoices/invoice-pay.machine';
import { invoicesMachine } from '@machines/invoices/invoices.machine';
import { announceMoneyMoved } from '@/entities/account';
import { approvalLogic } from '@/entities/approval';
import { createFundingInvoice, createInvoice, rejectInvoice } from '@/entities/invoice';
import { api, uiActor } from '@/shared/api';

/** The p2p fee for paying from an account (001 s7 p2p fee: amount, accountId). */
async function p2pFee(input: { amount: string; accountId: number }, signal: AbortSignal): Promise<string> {
  return (await api().main.call('p2pFee', input, { signal })).fee ?? '0';
}

/**
 * The invoices page's statechart with the app's calls (issue 51): create, reject and the funding
 * invoice submit their forms' values with the form's requestId; paying is the p2p transfer through
 * the approval (its money refreshes the balances and history). The page provides `changed`.
 */
export const invoicesLogic = invoicesMachine.provide({
  actors: {
    createForm: invoiceCreateFormMachine.provide({
      actors: { submit: fromPromise(({ input }) => createInvoice({ values: input.values, requestId: input.requestId ?? '' })) },
    }),
    rejectForm: invoiceRejectFormMachine.provide({
      actors: { submit: fromPromise(({ input }) => rejectInvoice({ invoiceId: Number(input.values.invoiceId), note: input.values.note ?? '', requestId: input.requestId ?? '' })) },
    }),
    fundingForm: fundingInvoiceFormMachine.provide({
      actors: { submit: fromPromise(({ input }) => createFundingInvoice({ amount: input.values.amount ?? '', requestId: input.requestId ?? '' })) },
    }),
    pay: invoicePayMachine.provide({
      actors: { approval: approvalLogic, quoteFee: uiActor<string, { amount: string; accountId: number }>((input, signal) => p2pFee(input, signal)) },
      actions: { moneyMoved: announceMoneyMoved },
    }),
  },
});
export type InvoicesLogic = typeof invoicesLogic;

