// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { ipnSettingsFormMachine, pbnSettingsFormMachine } from '@machines/merchant/merchant-forms';
import { INSECURE_HOSTS_FACT, ipnSettingsErrors, merchantMessages as m, pbnSettingsErrors } from '@machines/merchant/merchant-messages';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });

/**
 * The merchant settings forms (issue 55; 001 s3 IPN settings and PBN setting): only valid values
 * are saved; a refusal or a lost reply keeps what was typed and the same values keep their
 * requestId; a save ends the form with the reply.
 */
describe('merchant settings forms (issue 55)', () => {
  const ipn = new Coverage(ipnSettingsFormMachine);
  const pbn = new Coverage(pbnSettingsFormMachine);

  function start(machine: typeof ipnSettingsFormMachine, coverage: Coverage, values: FormValues, outcomes: ('ok' | FormFailure)[] = []) {
    const sent: { values: FormValues; requestId?: string }[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
            return { saved: true };
          }),
        },
      }),
      { input: { values }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const type = (changes: FormValues) => Object.entries(changes).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    return { actor, sent, type };
  }

  it.each([
    [{ statusId: '1', notifyStatusId: '1', notifyUrl: '' }, {}],
    [{ statusId: '2', notifyStatusId: '1', notifyUrl: '' }, { notifyUrl: e(m.urlRequired) }],
    [{ statusId: '2', notifyStatusId: '2', notifyUrl: 'https://shop.example/ipn' }, {}],
    [{ statusId: '1', notifyStatusId: '1', notifyUrl: 'http://shop.example/ipn' }, { notifyUrl: e(m.urlNotHttps) }],
    [{ statusId: '2', notifyStatusId: '1', notifyUrl: 'http://127.0.0.1:8787/__sandbox/ipn-sink/a', [INSECURE_HOSTS_FACT]: '127.0.0.1\nlocalhost' }, {}],
    [{ statusId: '2', notifyStatusId: '1', notifyUrl: 'http://127.0.0.1:8787/x' }, { notifyUrl: e(m.urlNotHttps) }],
    [{ statusId: '', notifyStatusId: '3', notifyUrl: 'x' }, { statusId: e(m.statusRequired), notifyStatusId: e(m.notifyStatusRequired), notifyUrl: e(m.urlInvalid) }],
  ])('IPN settings %j → %j', (values, expected) => {
    expect(ipnSettingsErrors(values)).toEqual(expected);
  });

  it.each([
    [{ statusId: '1' }, {}],
    [{ statusId: '2' }, {}],
    [{ statusId: '0' }, { statusId: e(m.statusRequired) }],
    [{}, { statusId: e(m.statusRequired) }],
  ])('PBN setting %j → %j', (values, expected) => {
    expect(pbnSettingsErrors(values)).toEqual(expected);
  });

  it('IPN settings: turned on without an address is refused; a 500 keeps it and the retry keeps the requestId; saved it ends', async () => {
    const { actor, sent, type } = start(ipnSettingsFormMachine, ipn, { statusId: '1', notifyStatusId: '1', notifyUrl: '' }, [{ message: { text: 'Server is not available' } }, { fields: { notifyUrl: { text: 'This address cannot be reached' } } }]);
    type({ statusId: '2' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ notifyUrl: e(m.urlRequired) });
    type({ notifyUrl: 'https://shop.example/ipn' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().context.errors).toEqual({ notifyUrl: { text: 'This address cannot be reached' } });
    type({ notifyUrl: 'https://shop.example/ipn2' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[2]!.requestId).not.toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: true });
  });

  it('PBN setting: a lost reply kept, sent again with its requestId, saved', async () => {
    const { actor, sent, type } = start(pbnSettingsFormMachine, pbn, { statusId: '' }, [{ message: { text: 'Server is not available' } }]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ statusId: e(m.statusRequired) });
    type({ statusId: '2' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
  });

  expectFullCoverage(ipn, pbn);
});
