import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { approvalMachine, type ApprovalOutcome } from '../transfers/approval.machine';
import type { ApprovalRequestOf } from '../transfers/approval-request';
import { sendForApproval } from '../transfers/send-for-approval';

/**
 * Paying an invoice (001 s2 popup invoice pay; issue 51). The spec has no pay call: paying is the
 * p2p transfer with the invoice's id (001 s7 p2p invoiceId), its amount, currency and payee fixed
 * by the invoice. The customer chooses an account (one the page offers: payingAccounts); its fee is
 * asked (001 s7 p2p fee: amount, accountId) and the total shown; PAY sends it through the approval
 * statechart (child `approval`) in the customer's mode. One requestId per intent: a retry after a
 * lost reply or a 500 is answered once, never paid twice; choosing another account is a new intent.
 * The statechart ends (`final`) with the approval's outcome, or `cancelled` when closed.
 *
 * Views read tags: `quoting` (the fee is being asked), `feeFailed`, `ready` (PAY allowed),
 * `paying`; context `accountId`, `fee`, `error`.
 */
export interface InvoiceToPay {
  invoiceId: number;
  amount: string;
  currencyCode: string;
  /** The payee's e-mail: the transfer's toEmail. */
  payeeEmail: string;
}

export interface InvoicePayContext {
  invoice: InvoiceToPay;
  accountId: number | null;
  fee: string | null;
  error: UiMessage | null;
  requestId: string;
  outcome: ApprovalOutcome | null;
}

export type InvoicePayEvent = { type: 'CHOOSE'; accountId: number } | { type: 'RETRY' } | { type: 'PAY'; enough: boolean } | { type: 'CLOSE' };
export type InvoicePayTag = 'quoting' | 'feeFailed' | 'ready' | 'paying';
export type InvoicePayOutput = { outcome: ApprovalOutcome | 'cancelled' };

/** The transfer that pays the invoice (001 s7 p2p transfer with invoiceId). */
export function invoicePayRequest(context: Pick<InvoicePayContext, 'invoice' | 'accountId' | 'requestId'>): ApprovalRequestOf<'p2pTransfer'> {
  const { invoice } = context;
  return {
    method: 'p2pTransfer',
    body: { accountId: context.accountId ?? 0, amount: invoice.amount, currency: invoice.currencyCode, toEmail: invoice.payeeEmail, invoiceId: invoice.invoiceId, requestId: context.requestId },
  };
}

export const invoicePayMachine = setup({
  types: {
    context: {} as InvoicePayContext,
    input: {} as { invoice: InvoiceToPay; accountId?: number | null },
    events: {} as InvoicePayEvent,
    tags: {} as InvoicePayTag,
    output: {} as InvoicePayOutput,
  },
  actors: {
    approval: approvalMachine,
    /** The p2p fee for the amount from the account (001 s7 p2p fee). Throws a UiMessage. */
    quoteFee: fromPromise<string, { amount: string; accountId: number }>(async () => {
      throw new Error('invoicePay: quoteFee not provided');
    }),
  },
  actions: {
    /** Provided by the app: money moved or may have (balances, history, the invoices). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    newIntent: assign({ requestId: () => newRequestId() }),
  },
  guards: {
    chosen: ({ context }) => context.accountId !== null,
    enough: ({ event }) => event.type === 'PAY' && event.enough,
  },
}).createMachine({
  id: 'invoicePay',
  context: ({ input }) => ({ invoice: input.invoice, accountId: input.accountId ?? null, fee: null, error: null, requestId: newRequestId(), outcome: null }),
  output: ({ context }) => ({ outcome: context.outcome ?? 'cancelled' }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'chosen', target: 'quoting' }, { target: 'choosing' }] },
    choosing: {
      on: {
        CHOOSE: { target: 'quoting', actions: [assign({ accountId: ({ event }) => event.accountId, fee: null, error: null }), 'newIntent'] },
        CLOSE: 'closed',
      },
    },
    quoting: {
      tags: ['quoting'],
      invoke: {
        src: 'quoteFee',
        input: ({ context }) => ({ amount: context.invoice.amount, accountId: context.accountId ?? 0 }),
        onDone: { target: 'ready', actions: assign({ fee: ({ event }) => event.output }) },
        onError: { target: 'feeFailed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
      on: {
        CHOOSE: { target: 'quoting', reenter: true, actions: [assign({ accountId: ({ event }) => event.accountId, fee: null, error: null }), 'newIntent'] },
        CLOSE: 'closed',
      },
    },
    feeFailed: {
      tags: ['feeFailed'],
      on: {
        RETRY: { target: 'quoting', actions: assign({ error: null }) },
        CHOOSE: { target: 'quoting', actions: [assign({ accountId: ({ event }) => event.accountId, error: null }), 'newIntent'] },
        CLOSE: 'closed',
      },
    },
    /** The fee and total shown; PAY when the view says the balance covers them. */
    ready: {
      tags: ['ready'],
      on: {
        PAY: { guard: 'enough', target: 'paying', actions: assign({ error: null, outcome: null }) },
        CHOOSE: { target: 'quoting', actions: [assign({ accountId: ({ event }) => event.accountId, fee: null, error: null }), 'newIntent'] },
        CLOSE: 'closed',
      },
    },
    paying: {
      tags: ['paying'],
      ...sendForApproval<InvoicePayContext, 'newIntent'>({
        request: invoicePayRequest,
        moved: { target: 'paid' },
        // Refused or failed: the popup stays with the account chosen; a new try is a new intent.
        notMoved: { target: 'ready', actions: ['newIntent'] },
        // Closed or not known: the same intent, so paying again cannot pay twice.
        cancelled: { target: 'ready' },
      }),
    },
    paid: { type: 'final' },
    closed: { type: 'final' },
  },
});
