// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { buttonEditMachine, buttonErrors, EMPTY_BUTTON } from '@machines/merchant/button-edit.machine';
import { merchantMessages as m } from '@machines/merchant/merchant-messages';
import type { ButtonValues } from '@machines/merchant/merchant.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const UUID = /^[0-9a-f-]{36}$/;
const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });
const known = { currencies: ['EUR', 'USD'], logoIds: [3, 4] };
const gift: ButtonValues = { name: 'Gift card', buttonType: 'buyNow', itemName: 'Gift card 50', amount: '50.00', currencyCode: 'EUR', logoId: 3, returnUrl: 'https://shop.example/thanks', cancelUrl: '' };

type Outcome = { ok: number } | { throws: unknown };

/**
 * A saved payment button made or changed (issue 55; 001 s7 saved button create, update): every
 * field checked first, sent once per intent (create without an id, update with it), a refusal by
 * field or as a message keeping every value.
 */
describe('button edit statechart (issue 55)', () => {
  const coverage = new Coverage(buttonEditMachine);

  function run(options: { id?: number; values?: ButtonValues; saves?: Outcome[]; insecureHosts?: string[] } = {}) {
    const calls: { id: number | null; values: ButtonValues; requestId: string }[] = [];
    const saved: string[] = [];
    const actor = createActor(
      buttonEditMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            calls.push({ ...input, values: { ...input.values } });
            const outcome = options.saves?.shift() ?? { ok: input.id ?? 70 };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
        actions: { saved: () => void saved.push('saved') },
      }),
      { input: { id: options.id, values: options.values, known, insecureHosts: options.insecureHosts }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    const type = (changes: Partial<Omit<ButtonValues, 'logoId'>>) =>
      (Object.entries(changes) as [Exclude<keyof ButtonValues, 'logoId'>, string][]).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    return { actor, state, context, type, calls, saved };
  }

  it('a new button starts empty (buy now); every problem by field, nothing sent; typing clears its own', async () => {
    const { actor, state, context, type, calls } = run();
    expect(state()).toBe('editing');
    expect(context()).toMatchObject({ id: null, values: EMPTY_BUTTON, errors: {}, attempts: 0, savedId: null });
    expect(context().requestId).toMatch(UUID);
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ name: e(m.nameRequired), itemName: e(m.itemNameRequired), amount: e(m.amountRequired), currencyCode: e(m.currency) });
    expect(context().attempts).toBe(1);
    type({ name: 'Gift card' });
    expect(Object.keys(context().errors)).toEqual(['itemName', 'amount', 'currencyCode']);
    type({ itemName: 'i'.repeat(128), amount: '0', currencyCode: 'GBP', returnUrl: 'http://shop.example' });
    actor.send({ type: 'SET_LOGO', logoId: 9 });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ itemName: e(m.itemNameTooLong), amount: e(m.amountInvalid), currencyCode: e(m.currency), logoId: e(m.logo), returnUrl: e(m.urlNotHttps) });
    // Donate may leave the amount to the payer.
    type({ buttonType: 'donate', amount: '', itemName: 'Donation', currencyCode: 'USD', returnUrl: '' });
    actor.send({ type: 'SET_LOGO', logoId: null });
    expect(context().errors).toEqual({}); // each change cleared its own
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('saving');
    await settle();
    expect(calls).toEqual([{ id: null, values: { ...EMPTY_BUTTON, name: 'Gift card', buttonType: 'donate', itemName: 'Donation', currencyCode: 'USD', amount: '', returnUrl: '' }, requestId: expect.stringMatching(UUID) }]);
    expect(state()).toBe('saved');
    expect(actor.getSnapshot().output).toEqual({ buttonId: 70 });
  });

  it('KNOWN brings the reads: a currency whose account closed is refused; the sandbox host passes http when named', () => {
    const { actor, context } = run({ values: gift, insecureHosts: ['127.0.0.1'] });
    actor.send({ type: 'KNOWN', known: { currencies: ['USD'], logoIds: [3] } });
    actor.send({ type: 'CHANGE', name: 'returnUrl', value: 'http://127.0.0.1:8787/thanks' });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ currencyCode: e(m.currency) });
    expect(buttonErrors(gift, known)).toEqual({});
    expect(buttonErrors({ ...gift, returnUrl: 'http://127.0.0.1/x' }, known)).toEqual({ returnUrl: e(m.urlNotHttps) });
    expect(buttonErrors({ ...gift, cancelUrl: `https://x.example/${'a'.repeat(250)}` }, known)).toEqual({ cancelUrl: e(m.urlTooLong) });
    expect(buttonErrors({ ...gift, name: 'n'.repeat(101) }, known)).toEqual({ name: e(m.nameTooLong) });
    expect(buttonErrors({ ...gift, buttonType: 'subscribe' }, known)).toEqual({ buttonType: e(m.buttonType) });
    expect(buttonErrors({ ...gift, cancelUrl: 'https://a:b@x.example' }, known)).toEqual({ cancelUrl: e(m.urlCredentials) });
    expect(buttonErrors({ ...gift, cancelUrl: 'x' }, known)).toEqual({ cancelUrl: e(m.urlInvalid) });
  });

  it('a change is an update with its id; a refusal keeps every value; the same values keep the requestId, others get a new one', async () => {
    const { actor, state, context, type, calls, saved } = run({
      id: 7,
      values: gift,
      saves: [{ throws: { text: 'Server is not available' } }, { throws: { fields: { currencyCode: { text: 'No open EUR account' } } } }, { throws: { message: { text: 'You have no open EUR account to receive payments' } } }, { ok: 7 }],
    });
    expect(context().id).toBe(7);
    type({ amount: '45.00' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls[0]).toMatchObject({ id: 7, values: { ...gift, amount: '45.00' } });
    expect(context()).toMatchObject({ error: { text: 'Server is not available' }, errors: {}, attempts: 0, values: { ...gift, amount: '45.00' } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls[1]!.requestId).toBe(calls[0]!.requestId);
    expect(context()).toMatchObject({ errors: { currencyCode: { text: 'No open EUR account' } }, error: null, attempts: 1 });
    type({ amount: '40.00' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls[2]!.requestId).not.toBe(calls[0]!.requestId);
    expect(context().error).toEqual({ text: 'You have no open EUR account to receive payments' });
    expect(saved).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls[3]!.requestId).toBe(calls[2]!.requestId);
    expect(state()).toBe('saved');
    expect(actor.getSnapshot().output).toEqual({ buttonId: 7 });
    expect(saved).toEqual(['saved']);
  });

  it('CANCEL ends it with nothing sent', () => {
    const { actor, state, calls } = run({ values: gift });
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('cancelled');
    expect(actor.getSnapshot().output).toEqual({ buttonId: null });
    expect(calls).toEqual([]);
  });

  expectFullCoverage(coverage);
});
