// @vitest-environment node
import { assign, createActor, fromPromise, setup, type AnyActorRef, type InspectionEvent } from 'xstate';
import { invoiceCreateFormMachine, fundingInvoiceFormMachine, invoiceRejectFormMachine } from '@machines/invoices/invoice-forms';
import type { invoicePayMachine, InvoicePayOutput, InvoiceToPay } from '@machines/invoices/invoice-pay.machine';
import { invoicesMachine } from '@machines/invoices/invoices.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const toPay: InvoiceToPay = { invoiceId: 41, amount: '10.00', currencyCode: 'USD', payeeEmail: 'shop@example.com' };
const createValues: FormValues = { toEmail: 'ana@example.com', amount: '25', currency: 'USD', dueDate: '2026-12-01', noteBody: '', today: '2026-11-30', currencies: 'USD\nEUR', own: 'me@example.com' };

/** A pay popup that ends with the outcome the test sends (the pay statechart has its own test). */
const scriptedPay = setup({
  types: { input: {} as { invoice: InvoiceToPay }, output: {} as InvoicePayOutput, events: {} as { type: 'END'; outcome: InvoicePayOutput['outcome'] } | { type: 'CLOSE' }, context: {} as { outcome: InvoicePayOutput['outcome'] } },
}).createMachine({
  context: { outcome: 'cancelled' },
  initial: 'open',
  output: ({ context }) => ({ outcome: context.outcome }),
  states: {
    open: { on: { END: { target: 'ended', actions: assign({ outcome: ({ event }) => event.outcome }) }, CLOSE: 'ended' } },
    ended: { type: 'final' },
  },
});

/**
 * The invoices page's popups (issue 51): one at a time; each form or pay child ends and the page
 * learns what was done (`changed`: the invoice and both lists fetched again); CLOSE goes back, the
 * pay popup's CLOSE through its own statechart.
 */
describe('invoices statechart', () => {
  const coverage = new Coverage(invoicesMachine);

  function run() {
    const changed: string[] = [];
    const sent: Record<string, unknown[]> = { create: [], reject: [], fund: [] };
    const form = (key: string, machine: typeof invoiceCreateFormMachine, reply: unknown) =>
      machine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent[key]!.push(input.values);
            return reply;
          }),
        },
      });
    const actor = createActor(
      invoicesMachine.provide({
        actors: {
          createForm: form('create', invoiceCreateFormMachine, { id: 900 }),
          rejectForm: form('reject', invoiceRejectFormMachine, { id: 41, statusId: 3 }),
          fundingForm: form('fund', fundingInvoiceFormMachine, { id: 901, isFunding: true }),
          // The stub stands in for the pay statechart: same input and output, its own events (a test-only cast).
          pay: scriptedPay as unknown as typeof invoicePayMachine,
        },
        actions: { changed: () => void changed.push('changed') },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = (id: string) => actor.getSnapshot().children[id] as AnyActorRef | undefined;
    return { actor, child, changed, sent };
  }

  it('create: the form child ends with the invoice; the lists are fetched again and the result shown until closed', async () => {
    const { actor, child, changed, sent } = run();
    actor.send({ type: 'CREATE', values: createValues });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    child('form')?.send({ type: 'SUBMIT' });
    await settle();
    expect(sent.create).toEqual([createValues]);
    expect(actor.getSnapshot().hasTag('result')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ done: 'created', result: { id: 900 } });
    expect(changed).toEqual(['changed']);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ done: null, result: null, invoiceId: null });
  });

  it('view, then reject from it (with a note); view, then pay from it; closing the view goes back', async () => {
    const { actor, child, changed, sent } = run();
    actor.send({ type: 'VIEW', invoiceId: 41 });
    expect(actor.getSnapshot().hasTag('viewing')).toBe(true);
    expect(actor.getSnapshot().context.invoiceId).toBe(41);
    actor.send({ type: 'REJECT', invoiceId: 41, values: { note: 'Wrong amount' } });
    expect(actor.getSnapshot().hasTag('rejecting')).toBe(true);
    child('form')?.send({ type: 'SUBMIT' });
    await settle();
    expect(sent.reject).toEqual([{ note: 'Wrong amount' }]);
    expect(actor.getSnapshot().context.done).toBe('rejected');
    actor.send({ type: 'CLOSE' });

    actor.send({ type: 'VIEW', invoiceId: 41 });
    actor.send({ type: 'PAY', invoice: toPay });
    expect(actor.getSnapshot().hasTag('paying')).toBe(true);
    // Paid: the approval popup said so; closed, back to the list, read again.
    child('pay')?.send({ type: 'END', outcome: 'success' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.invoiceId).toBeNull();
    expect(changed).toEqual(['changed', 'changed']);

    actor.send({ type: 'VIEW', invoiceId: 7 });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('pay from the list: waiting for an approver reads again; closed without paying, nothing changes; an unknown outcome reads again', async () => {
    const { actor, child, changed } = run();
    actor.send({ type: 'PAY', invoice: toPay });
    expect(actor.getSnapshot().context.invoiceId).toBe(41);
    child('pay')?.send({ type: 'END', outcome: 'requested' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(changed).toEqual(['changed']);
    changed.length = 0;

    actor.send({ type: 'PAY', invoice: toPay });
    actor.send({ type: 'CLOSE' }); // through the pay statechart, which ends cancelled
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(changed).toEqual([]);

    actor.send({ type: 'PAY', invoice: toPay });
    child('pay')?.send({ type: 'END', outcome: 'unknown' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(changed).toEqual(['changed']);
  });

  it('reject from the list, and the business funding invoice; a popup closed before its submit changes nothing', async () => {
    const { actor, child, changed, sent } = run();
    actor.send({ type: 'REJECT', invoiceId: 12, values: { note: '' } });
    expect(actor.getSnapshot().context.invoiceId).toBe(12);
    actor.send({ type: 'CLOSE' });
    expect(changed).toEqual([]);

    actor.send({ type: 'FUND', values: { amount: '500', currency: 'USD' } });
    expect(actor.getSnapshot().hasTag('funding')).toBe(true);
    child('form')?.send({ type: 'SUBMIT' });
    await settle();
    expect(sent.fund).toEqual([{ amount: '500', currency: 'USD' }]);
    expect(actor.getSnapshot().context).toMatchObject({ done: 'funded', result: { id: 901, isFunding: true } });
    expect(changed).toEqual(['changed']);
  });

  expectFullCoverage(coverage);
});
