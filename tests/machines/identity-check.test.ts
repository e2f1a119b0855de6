// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { identityCheckMachine, type IdentityFeeFact, type IdentityKnown } from '@machines/merchant/identity-check.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const UUID = /^[0-9a-f-]{36}$/;

const KNOWN: IdentityKnown = {
  accounts: [
    { accountId: 11, balance: '100.00' },
    { accountId: 12, balance: '1.00' },
  ],
  countries: ['DE', 'RO'],
};
const FEES: Record<number, IdentityFeeFact> = { 11: { accountId: 11, amount: '2.50', currencyCode: 'EUR' }, 12: { accountId: 12, amount: '12.00', currencyCode: 'RON' } };
const PERSON = { firstName: 'Anna', lastName: 'Berg', email: 'anna@example.com', countryCode: 'DE' } as const;

type Outcome = { ok: number } | { throws: unknown };

/**
 * An identity check (issue 56): the fee asked for the chosen account and asked again when it
 * changes (an answer for the account before is never shown); the fee and the person confirmed
 * before anything is charged; created once per intent (a retry sends the same requestId).
 */
describe('identity check statechart (issue 56)', () => {
  const coverage = new Coverage(identityCheckMachine);

  function run({ fees = [] as ('ok' | 'fail' | 'hold')[], creates = [] as Outcome[], values = {} as Record<string, unknown> } = {}) {
    const feeAsks: number[] = [];
    const held: (() => void)[] = [];
    const sent: { requestId: string; accountId: number | null }[] = [];
    const done: string[] = [];
    const actor = createActor(
      identityCheckMachine.provide({
        actors: {
          fee: fromPromise(async ({ input }) => {
            feeAsks.push(input.accountId);
            const how = fees.shift() ?? 'ok';
            if (how === 'hold') await new Promise<void>((resolve) => held.push(resolve));
            if (how === 'fail') throw { text: 'The fee could not be found' };
            return FEES[input.accountId]!;
          }),
          create: fromPromise(async ({ input }) => {
            sent.push({ requestId: input.requestId, accountId: input.values.accountId });
            const outcome = creates.shift() ?? { ok: 501 };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
        actions: { created: () => void done.push('created') },
      }),
      { input: { known: KNOWN, values }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const tags = () => [...actor.getSnapshot().tags].sort();
    const context = () => actor.getSnapshot().context;
    const state = () => actor.getSnapshot().value;
    const fill = () => {
      for (const [name, value] of Object.entries(PERSON)) actor.send({ type: 'CHANGE', name: name as keyof typeof PERSON, value });
    };
    return { actor, tags, context, state, fill, feeAsks, held, sent, done };
  }

  it('no account yet: nothing asked; SUBMIT shows every problem and sends nothing', async () => {
    const { actor, tags, context, feeAsks, sent } = run();
    expect(tags()).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    expect(Object.keys(context().errors).sort()).toEqual(['accountId', 'countryCode', 'email', 'firstName', 'lastName']);
    expect(context().attempts).toBe(1);
    actor.send({ type: 'CHANGE', name: 'firstName', value: 'A' });
    expect(context().errors.firstName).toBeUndefined();
    await settle();
    expect(feeAsks).toEqual([]);
    expect(sent).toEqual([]);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ verificationId: null });
  });

  it('an account chosen asks its fee; another account asks again and an answer for the first is never shown; none chosen again forgets it', async () => {
    const { actor, tags, context, feeAsks, held } = run({ fees: ['hold', 'ok'] });
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 11 });
    expect(tags()).toEqual(['feeLoading']);
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 12 });
    await settle();
    expect(feeAsks).toEqual([11, 12]);
    expect(tags()).toEqual(['feeReady']);
    expect(context().fee).toEqual(FEES[12]);
    held.forEach((resolve) => resolve()); // the first answer arrives late
    await settle();
    expect(context().fee).toEqual(FEES[12]);
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: null });
    expect(tags()).toEqual([]);
    expect(context().fee).toBeNull();
  });

  it('the fee not found: said, the check cannot start; RETRY_FEE asks again', async () => {
    const { actor, tags, context, fill, feeAsks } = run({ fees: ['fail', 'ok'] });
    fill();
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 11 });
    await settle();
    expect(tags()).toEqual(['feeFailed']);
    expect(context().feeError).toEqual({ text: 'The fee could not be found' });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors.accountId).toMatchObject({ descriptor: expect.any(Object) });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    actor.send({ type: 'RETRY_FEE' });
    await settle();
    expect(feeAsks).toEqual([11, 11]);
    expect(tags()).toEqual(['feeReady']);
    expect(context().feeError).toBeNull();
  });

  it('a fee larger than the balance is refused at the account before anything is charged', async () => {
    const { actor, context, fill, sent } = run();
    fill();
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 12 });
    await settle();
    actor.send({ type: 'SUBMIT' });
    expect(context().errors.accountId).toBeDefined();
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('confirmed: created once; a failure waits in the confirmation and CONFIRM sends the same requestId; BACK and a change make a new intent', async () => {
    const { actor, tags, context, fill, sent, done } = run({ creates: [{ throws: { message: { text: 'Server is not available' } } }, { ok: 77 }] });
    fill();
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 11 });
    await settle();
    actor.send({ type: 'SUBMIT' });
    expect(tags()).toEqual(['confirming', 'feeReady']);
    // Back to the details: nothing sent; the fee is still there.
    actor.send({ type: 'BACK' });
    expect(tags()).toEqual(['feeReady']);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    expect(tags()).toEqual(['busy', 'confirming', 'feeReady']);
    await settle();
    expect(tags()).toEqual(['confirming', 'feeReady']);
    expect(context().error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.requestId).toMatch(UUID);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().output).toEqual({ verificationId: 77 });
    expect(done).toEqual(['created']);
  });

  it('a refusal by field goes back to the details with it; changed and confirmed again, it is a new intent', async () => {
    const { actor, tags, context, fill, sent } = run({ creates: [{ throws: { fields: { email: { text: 'This e-mail cannot receive invitations' } } } }, { ok: 78 }] });
    fill();
    actor.send({ type: 'CHOOSE_ACCOUNT', accountId: 11 });
    await settle();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(tags()).toEqual(['feeReady']);
    expect(context().errors).toEqual({ email: { text: 'This e-mail cannot receive invitations' } });
    expect(context().attempts).toBe(1);
    actor.send({ type: 'CHANGE', name: 'email', value: 'anna.berg@example.com' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().output).toEqual({ verificationId: 78 });
  });

  it('started with an account: its fee is asked at once; KNOWN brings new accounts and countries', async () => {
    const { actor, tags, context, feeAsks } = run({ values: { accountId: 11 } });
    await settle();
    expect(feeAsks).toEqual([11]);
    expect(tags()).toEqual(['feeReady']);
    actor.send({ type: 'KNOWN', known: { accounts: [{ accountId: 11, balance: '0.50' }], countries: ['DE'] } });
    expect(context().known.accounts).toEqual([{ accountId: 11, balance: '0.50' }]);
  });

  expectFullCoverage(coverage);
});
