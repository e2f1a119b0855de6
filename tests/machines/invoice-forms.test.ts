// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { fundingInvoiceFormMachine, invoiceCreateFormMachine, invoiceFilterMachine, invoiceRejectFormMachine } from '@machines/invoices/invoice-forms';
import { invoiceMessages as m } from '@machines/invoices/invoice-messages';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const FACTS: FormValues = { today: '2026-11-30', currencies: 'USD\nEUR', own: 'me@example.com' };
const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });

/**
 * The invoice popups' forms (issue 51): each field's rule in words, only valid values sent, a
 * failure keeps what was typed and the same values sent again keep their requestId (nothing created
 * or rejected twice); a successful submit ends the form with the reply. The lists' filter hands its
 * ranges on when they are right.
 */
describe('invoice forms', () => {
  const create = new Coverage(invoiceCreateFormMachine);
  const reject = new Coverage(invoiceRejectFormMachine);
  const funding = new Coverage(fundingInvoiceFormMachine);
  const filter = new Coverage(invoiceFilterMachine);

  function start(machine: typeof invoiceCreateFormMachine, coverage: Coverage, values: FormValues, outcomes: ('ok' | FormFailure)[] = []) {
    const sent: { values: FormValues; requestId?: string }[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
            return { id: 900 };
          }),
        },
      }),
      { input: { values }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const type = (changes: FormValues) => Object.entries(changes).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    return { actor, sent, type };
  }

  it('create: every field in words; a refusal keeps the values and the retry keeps the requestId; success ends it', async () => {
    const { actor, sent, type } = start(invoiceCreateFormMachine, create, { toEmail: '', amount: '', currency: '', dueDate: '', noteBody: '', ...FACTS }, [
      { fields: { toEmail: { text: 'No customer has this e-mail' } } },
      { message: { text: 'Server is not available' } },
    ]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toEmail: e(m.emailRequired), amount: e(m.amountRequired), currency: e(m.currencyRequired), dueDate: e(m.dueRequired) });
    type({ toEmail: 'ME@example.com', amount: '0', currency: 'GBP', dueDate: '2026-11-29', noteBody: 'x'.repeat(501) });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toEmail: e(m.emailOwn), amount: e(m.amountZero), currency: e(m.currencyUnknown), dueDate: e(m.duePast), noteBody: e(m.noteTooLong) });
    type({ toEmail: 'a@b.c', amount: '1.234', currency: 'USD', dueDate: '2026-02-30', noteBody: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toEmail: e(m.emailFormat), amount: e(m.amountPlaces), dueDate: e(m.dueFormat) });
    type({ amount: 'abc' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.amount).toEqual(e(m.amountFormat));
    expect(sent).toEqual([]);

    type({ toEmail: 'nobody@example.com', amount: '25.50', dueDate: '2026-11-30' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ toEmail: { text: 'No customer has this e-mail' } });
    type({ toEmail: 'ana@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Server is not available' });
    expect(actor.getSnapshot().context.values.amount).toBe('25.50');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.requestId).toBe(sent[1]!.requestId);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: 900 });
  });

  it('reject: the note is optional, at most 500 characters; a lost reply is sent again with the same requestId', async () => {
    const { actor, sent, type } = start(invoiceRejectFormMachine, reject, { note: 'x'.repeat(501) }, [{ message: { text: 'The connection was lost' } }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ note: e(m.noteTooLong) });
    type({ note: '' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'The connection was lost' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent.map((s) => s.values)).toEqual([{ note: '' }, { note: '' }]);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('funding: the amount in the currency it is issued in (decimals by currency); a failure keeps it', async () => {
    const { actor, sent, type } = start(fundingInvoiceFormMachine, funding, { amount: '', currency: 'USD' }, [{ message: { descriptor: m.fundingFailed } }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: e(m.amountRequired) });
    type({ amount: '10.001' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: e(m.amountPlaces) });
    type({ amount: '500' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual(e(m.fundingFailed));
    expect(actor.getSnapshot().context.values.amount).toBe('500');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('the filter: ranges in order and amounts as amounts before they are handed on; Clear hands on nothing set', () => {
    const applied: FormValues[] = [];
    const actor = createActor(invoiceFilterMachine.provide({ actions: { applied: (_, values) => void applied.push(values) } }), {
      input: { values: { status: '', fromDate: '', toDate: '', fromAmount: '', toAmount: '', email: '' } },
      inspect: (event: InspectionEvent) => filter.inspect(event),
    }).start();
    const type = (changes: FormValues) => Object.entries(changes).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    type({ fromDate: '2026-03-05', toDate: '2026-03-01', fromAmount: '20', toAmount: '1O' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: e(m.rangeDateOrder), toAmount: e(m.rangeAmount) });
    type({ toDate: 'march', toAmount: '10' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ toDate: e(m.rangeDate), toAmount: e(m.rangeAmountOrder) });
    type({ fromDate: 'x', fromAmount: 'y' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ fromDate: e(m.rangeDate), toDate: e(m.rangeDate), fromAmount: e(m.rangeAmount) });
    expect(applied).toEqual([]);
    type({ fromDate: '2026-03-01', toDate: '2026-03-31', fromAmount: '5', toAmount: '50', status: '1' });
    actor.send({ type: 'SUBMIT' });
    expect(applied).toEqual([{ status: '1', fromDate: '2026-03-01', toDate: '2026-03-31', fromAmount: '5', toAmount: '50', email: '' }]);
    actor.send({ type: 'RESET' });
    expect(applied[1]).toEqual({});
    actor.send({ type: 'SYNC', values: { status: '2', fromDate: '', toDate: '', fromAmount: '', toAmount: '', email: 'ana' } });
    expect(actor.getSnapshot().context.values.status).toBe('2');
  });

  expectFullCoverage(create);
  expectFullCoverage(reject);
  expectFullCoverage(funding);
  expectFullCoverage(filter);
});
