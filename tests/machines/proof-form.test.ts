// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { reauthenticationMachine, type CheckPasswordInput } from '@machines/settings/reauthentication.machine';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { usernameChangeFormMachine } from '@machines/verification/profile-forms';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/**
 * The form of a change the service may ask a proof for (createProofFormMachine, issue 49), as the
 * profile's e-mail change uses it: the service's 403 REAUTH opens re-authentication, then the same
 * values go again with the proof; a cancel returns to the form with nothing lost.
 */
describe('proof form statechart (the e-mail change)', () => {
  const coverage = new Coverage(usernameChangeFormMachine);

  function run(outcomes: ('ok' | FormFailure | Error)[], proof: string | null = null) {
    const sent: { values: FormValues; proof: string | null; requestId?: string }[] = [];
    const asked: CheckPasswordInput[] = [];
    const given: { proof: string; expiresIn: number }[] = [];
    const actor = createActor(
      usernameChangeFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
            return 'sent';
          }),
          reauthentication: reauthenticationMachine.provide({
            actors: {
              checkPassword: fromPromise(async ({ input }) => {
                asked.push(input);
                return { proof: 'proof-2', expiresIn: 300 };
              }),
            },
          }),
        },
        actions: { proofGiven: (_, params) => void given.push(params) },
      }),
      { input: { values: { email: '', current: 'me@example.com' }, proof }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.reauthentication;
    return { actor, sent, asked, given, child };
  }

  it('refused by its rule first; the service asks for a proof: confirmed, the same values sent again with it, once; then RESET', async () => {
    const { actor, sent, asked, given, child } = run([{ proofRefused: true, message: { text: 'Confirm it is you first' } }, 'ok']);
    actor.send({ type: 'SUBMIT' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.attempts).toBe(1);
    actor.send({ type: 'CHANGE', name: 'email', value: 'new@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' }); // ignored while confirming
    child()!.send({ type: 'PASSWORD', value: 'Demo-pass-1' });
    child()!.send({ type: 'SUBMIT' });
    await settle();
    expect(asked).toEqual([{ password: 'Demo-pass-1' }]);
    expect(given).toEqual([{ proof: 'proof-2', expiresIn: 300 }]);
    expect(sent).toEqual([
      { values: { email: 'new@example.com', current: 'me@example.com' }, proof: null, requestId: expect.any(String) },
      { values: { email: 'new@example.com', current: 'me@example.com' }, proof: 'proof-2', requestId: expect.any(String) },
    ]);
    // The same change sent again with its proof is the same intent: the service answers it once.
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(actor.getSnapshot().context.result).toBe('sent');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values.email).toBe('');
    expect(actor.getSnapshot().hasTag('submitted')).toBe(false);
  });

  it('a proof held goes with the first try; refused (it expired): dropped and asked again; cancelled: the form again, the address kept', async () => {
    const { actor, sent, child } = run([{ proofRefused: true }], 'proof-1');
    actor.send({ type: 'CHANGE', name: 'email', value: 'new@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[0]!.proof).toBe('proof-1');
    expect(actor.getSnapshot().context.proof).toBeNull();
    child()!.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.email).toBe('new@example.com');
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('a refusal shows its fields or message; a bug is never shown as text', async () => {
    const { actor } = run([{ fields: { email: { text: 'This address belongs to another customer' } } }, new Error('bug')]);
    actor.send({ type: 'CHANGE', name: 'email', value: 'taken@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ email: { text: 'This address belongs to another customer' } });
    expect(actor.getSnapshot().context.formError).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toMatchObject({ descriptor: expect.anything() });
  });

  expectFullCoverage(coverage);
});
