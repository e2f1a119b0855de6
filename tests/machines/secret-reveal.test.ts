// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const UUID = /^[0-9a-f-]{36}$/;
const SECRET = 'whsec_3kq8S2vLxN7pR4tY9uB1mC6dF0gH5jZa';

type Outcome = { ok: string } | { throws: unknown };

/**
 * A new secret shown once (issue 55; 001 s3 the secret regeneration flag): asked first, issued once
 * per intent (a retry after a failure sends the same requestId), kept only in the statechart until
 * acknowledged, and leaving while it is shown asks first.
 */
describe('secret reveal statechart (issue 55)', () => {
  const coverage = new Coverage(secretRevealMachine);

  function run(outcomes: Outcome[] = []) {
    const calls: string[] = [];
    const inputs: { subject: number | null; choice: string | null }[] = [];
    const done: string[] = [];
    const actor = createActor(
      secretRevealMachine.provide({
        actors: {
          regenerate: fromPromise(async ({ input }) => {
            calls.push(input.requestId);
            inputs.push({ subject: input.subject, choice: input.choice });
            const outcome = outcomes.shift() ?? { ok: SECRET };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
        actions: {
          regenerated: () => void done.push('regenerated'),
          proceed: () => void done.push('proceed'),
          stay: () => void done.push('stay'),
        },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    const tags = () => [...actor.getSnapshot().tags].sort();
    return { actor, state, context, tags, calls, done, inputs };
  }

  it('asked first: CANCEL sends nothing; leaving with nothing shown goes on at once', async () => {
    const { actor, state, tags, calls, done } = run();
    expect(state()).toBe('idle');
    actor.send({ type: 'LEAVE' });
    expect(done).toEqual(['proceed']);
    actor.send({ type: 'REGENERATE' });
    expect(state()).toBe('confirming');
    expect(tags()).toEqual(['confirming']);
    actor.send({ type: 'LEAVE' });
    expect(done).toEqual(['proceed', 'proceed']);
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    await settle();
    expect(calls).toEqual([]);
  });

  it('issued once, shown until acknowledged, then gone from the statechart; copying is marked', async () => {
    const { actor, state, context, tags, calls, done } = run();
    actor.send({ type: 'REGENERATE' });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('requesting');
    expect(tags()).toEqual(['busy']);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(UUID);
    expect(state()).toBe('revealed');
    expect(tags()).toEqual(['revealed']);
    expect(context()).toMatchObject({ secret: SECRET, copied: false, error: null });
    expect(done).toEqual(['regenerated']);
    actor.send({ type: 'COPIED' });
    expect(context().copied).toBe(true);
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(state()).toBe('idle');
    expect(context()).toMatchObject({ secret: null, copied: false });
    // Another regeneration is another intent.
    actor.send({ type: 'REGENERATE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]).not.toBe(calls[0]);
  });

  it('a failure waits with its message; RETRY sends the same requestId; CANCEL drops it', async () => {
    const { actor, state, context, tags, calls } = run([{ throws: { text: 'Server is not available' } }, { throws: new Error('bug') }, { ok: SECRET }]);
    actor.send({ type: 'REGENERATE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(state()).toBe('failed');
    expect(tags()).toEqual(['failed']);
    expect(context().error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'RETRY' });
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(calls[0]);
    expect(context().error).toMatchObject({ descriptor: expect.any(Object) }); // a bug is never shown as its text
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().error).toBeNull();
    expect(context().secret).toBeNull();
  });

  it('leaving while it is shown asks: STAY keeps it (the navigation cancelled), LEAVE_ANYWAY drops it (the navigation goes on)', async () => {
    const { actor, state, context, tags, done } = run();
    actor.send({ type: 'REGENERATE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    actor.send({ type: 'LEAVE' });
    expect(state()).toBe('confirmingLeave');
    expect(tags()).toEqual(['confirmingLeave', 'revealed']);
    actor.send({ type: 'LEAVE' }); // asked again: still asked, nothing let through
    expect(state()).toBe('confirmingLeave');
    actor.send({ type: 'STAY' });
    expect(state()).toBe('revealed');
    expect(context().secret).toBe(SECRET);
    expect(done).toEqual(['regenerated', 'stay']);
    actor.send({ type: 'LEAVE' });
    actor.send({ type: 'LEAVE_ANYWAY' });
    expect(state()).toBe('idle');
    expect(context().secret).toBeNull();
    expect(done).toEqual(['regenerated', 'stay', 'proceed']);
  });

  it('a secret issued by a save of the settings (ISSUED) is shown once the same way, even over a failed regeneration, and nothing is sent', async () => {
    const { actor, state, context, tags, calls, done } = run([{ throws: { text: 'Server is not available' } }]);
    actor.send({ type: 'ISSUED', secret: SECRET });
    expect(state()).toBe('revealed');
    expect(tags()).toEqual(['revealed']);
    expect(context()).toMatchObject({ secret: SECRET, copied: false });
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(context().secret).toBeNull();
    actor.send({ type: 'REGENERATE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(state()).toBe('failed');
    actor.send({ type: 'ISSUED', secret: 'other_secret_value_0000000000000' });
    expect(state()).toBe('revealed');
    expect(context()).toMatchObject({ secret: 'other_secret_value_0000000000000', error: null });
    expect(calls).toHaveLength(1);
    expect(done).toEqual([]);
  });

  it('a page with several secrets names whose (REGENERATE subject) and how long the old one works (CONFIRM choice); a retry keeps both', async () => {
    const { actor, context, calls, inputs } = run([{ throws: { text: 'Server is not available' } }]);
    actor.send({ type: 'REGENERATE', subject: 7 });
    expect(context()).toMatchObject({ subject: 7, choice: null });
    actor.send({ type: 'CHOOSE', choice: '7d' });
    expect(context().choice).toBe('7d');
    actor.send({ type: 'CHOOSE', choice: '1h' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    actor.send({ type: 'RETRY' });
    await settle();
    expect(inputs).toEqual([
      { subject: 7, choice: '1h' },
      { subject: 7, choice: '1h' },
    ]);
    expect(calls[1]).toBe(calls[0]);
    actor.send({ type: 'ACKNOWLEDGE' });
    // The page's one secret: no subject, no choice.
    actor.send({ type: 'REGENERATE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(inputs[2]).toEqual({ subject: null, choice: null });
    // A choice named with CONFIRM itself is taken as it is.
    actor.send({ type: 'ACKNOWLEDGE' });
    actor.send({ type: 'REGENERATE', subject: 8 });
    actor.send({ type: 'CONFIRM', choice: '24h' });
    await settle();
    expect(inputs[3]).toEqual({ subject: 8, choice: '24h' });
  });

  expectFullCoverage(coverage);
});
