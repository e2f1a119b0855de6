import { assign, sendTo, setup } from 'xstate';
import type { FormValues } from '../shared/form.machine';
import { fundingInvoiceFormMachine, invoiceCreateFormMachine, invoiceRejectFormMachine } from './invoice-forms';
import { invoicePayMachine, type InvoicePayOutput, type InvoiceToPay } from './invoice-pay.machine';

/**
 * The invoices page's popups (001 s2: invoice create, pay, view, reject; s4 the funding invoice;
 * issue 51), one at a time:
 * - VIEW opens an invoice; from it PAY or REJECT replace it with their popup;
 * - CREATE, PAY, REJECT and FUND each invoke their child (`form`: a form statechart ended by its
 *   submit; `pay`: invoicePayMachine) and, when it ends with something done, run `changed` (the app
 *   fetches the invoice and both lists again) and show the `result` (what was done, with the
 *   invoice the reply carries: a funding invoice's PDF opens from it);
 * - a pay ends when its approval popup (which says what happened: paid, waiting for an approver,
 *   refused) is closed: back to the list, with `changed` when the money moved or may have (an
 *   unknown outcome); CLOSE from any popup goes back to the list, nothing lost but the popup (the
 *   pay popup's CLOSE goes to its statechart first, which ends with what it knows).
 *
 * Views read tags: `viewing`, `creating`, `paying`, `rejecting`, `funding`, `result`; context
 * `invoiceId`, `done`, `result`.
 */
export type InvoiceDone = 'created' | 'rejected' | 'funded';

export interface InvoicesContext {
  /** The invoice a popup is about (view, pay, reject). */
  invoiceId: number | null;
  toPay: InvoiceToPay | null;
  /** The values the create, reject and funding forms start from (their facts among them). */
  formValues: FormValues;
  done: InvoiceDone | null;
  /** What the finished submit answered (the invoice, when the call replies one). */
  result: unknown;
}

export type InvoicesEvent =
  | { type: 'VIEW'; invoiceId: number }
  | { type: 'CREATE'; values: FormValues }
  | { type: 'PAY'; invoice: InvoiceToPay }
  | { type: 'REJECT'; invoiceId: number; values: FormValues }
  | { type: 'FUND'; values: FormValues }
  | { type: 'CLOSE' };

export type InvoicesTag = 'viewing' | 'creating' | 'paying' | 'rejecting' | 'funding' | 'result';

/** The pay ended with money moved, waiting for an approver, or not known: the invoice and lists are read again. */
const MAY_HAVE_MOVED = ['success', 'pending', 'requested', 'unknown'];

export const invoicesMachine = setup({
  types: {
    context: {} as InvoicesContext,
    events: {} as InvoicesEvent,
    tags: {} as InvoicesTag,
  },
  actors: {
    createForm: invoiceCreateFormMachine,
    rejectForm: invoiceRejectFormMachine,
    fundingForm: fundingInvoiceFormMachine,
    pay: invoicePayMachine,
  },
  actions: {
    /** Provided by the app: fetch the invoice and both lists again. */
    changed: () => {},
    forget: assign({ invoiceId: null, toPay: null, formValues: {}, done: null, result: null }),
  },
  guards: {
    mayHaveMoved: ({ event }) => 'output' in event && MAY_HAVE_MOVED.includes((event.output as InvoicePayOutput).outcome),
  },
}).createMachine({
  id: 'invoices',
  context: { invoiceId: null, toPay: null, formValues: {}, done: null, result: null },
  initial: 'idle',
  on: {
    CLOSE: { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: {
      on: {
        VIEW: { target: 'viewing', actions: assign({ invoiceId: ({ event }) => event.invoiceId }) },
        CREATE: { target: 'creating', actions: assign({ formValues: ({ event }) => event.values }) },
        PAY: { target: 'paying', actions: assign({ invoiceId: ({ event }) => event.invoice.invoiceId, toPay: ({ event }) => event.invoice }) },
        REJECT: { target: 'rejecting', actions: assign({ invoiceId: ({ event }) => event.invoiceId, formValues: ({ event }) => event.values }) },
        FUND: { target: 'funding', actions: assign({ formValues: ({ event }) => event.values }) },
      },
    },
    viewing: {
      tags: ['viewing'],
      on: {
        PAY: { target: 'paying', actions: assign({ toPay: ({ event }) => event.invoice }) },
        REJECT: { target: 'rejecting', actions: assign({ formValues: ({ event }) => event.values }) },
      },
    },
    creating: {
      tags: ['creating'],
      invoke: {
        id: 'form',
        src: 'createForm',
        input: ({ context }) => ({ values: context.formValues }),
        onDone: { target: 'result', actions: [assign({ done: 'created', result: ({ event }) => event.output }), 'changed'] },
      },
    },
    paying: {
      tags: ['paying'],
      // Closing the pay popup ends its statechart, which says whether money may have moved.
      on: { CLOSE: { actions: sendTo('pay', { type: 'CLOSE' }) } },
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ invoice: context.toPay! }),
        onDone: [
          { guard: 'mayHaveMoved', target: 'idle', actions: ['changed', 'forget'] },
          { target: 'idle', actions: 'forget' },
        ],
      },
    },
    rejecting: {
      tags: ['rejecting'],
      invoke: {
        id: 'form',
        src: 'rejectForm',
        input: ({ context }) => ({ values: context.formValues }),
        onDone: { target: 'result', actions: [assign({ done: 'rejected', result: ({ event }) => event.output }), 'changed'] },
      },
    },
    funding: {
      tags: ['funding'],
      invoke: {
        id: 'form',
        src: 'fundingForm',
        input: ({ context }) => ({ values: context.formValues }),
        onDone: { target: 'result', actions: [assign({ done: 'funded', result: ({ event }) => event.output }), 'changed'] },
      },
    },
    /** What was done, until closed. */
    result: { tags: ['result'] },
  },
});
