// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { deliveryResendMachine, type ResendOutcome } from '@machines/public-api/delivery-resend.machine';
import { webhookPingMachine, type PingOutcome } from '@machines/public-api/webhook-ping.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const UUID = /^[0-9a-f-]{36}$/;

/** A delivery posted again by hand (issue 57): once per intent, a failure retried with the same requestId, how it went kept for its row. */
describe('delivery resend statechart (issue 57)', () => {
  const coverage = new Coverage(deliveryResendMachine);

  function run(outcomes: ({ ok: ResendOutcome } | { throws: unknown })[] = []) {
    const calls: { id: number; requestId: string }[] = [];
    const done: string[] = [];
    const actor = createActor(
      deliveryResendMachine.provide({
        actors: {
          resend: fromPromise(async ({ input }) => {
            calls.push(input);
            const outcome = outcomes.shift() ?? { ok: { delivered: true, responseStatus: 200 } };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
        actions: { resendDone: () => void done.push('resendDone') },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const snapshot = () => actor.getSnapshot();
    return { actor, snapshot, calls, done };
  }

  it('sent once; how it went kept for the row; another press of another row is another intent; DISMISS clears', async () => {
    const { actor, snapshot, calls, done } = run([{ ok: { delivered: false, responseStatus: 500 } }]);
    actor.send({ type: 'RESEND', id: 41 });
    actor.send({ type: 'RESEND', id: 42 }); // one at a time
    expect(snapshot().value).toBe('resending');
    expect(snapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ id: 41, requestId: expect.stringMatching(UUID) });
    expect(snapshot().value).toBe('resent');
    expect(snapshot().context).toMatchObject({ id: 41, outcome: { delivered: false, responseStatus: 500 } });
    expect(done).toEqual(['resendDone']);
    actor.send({ type: 'RESEND', id: 41 });
    await settle();
    expect(calls[1]!.requestId).not.toBe(calls[0]!.requestId);
    expect(snapshot().context.outcome).toEqual({ delivered: true, responseStatus: 200 });
    actor.send({ type: 'DISMISS' });
    expect(snapshot().value).toBe('idle');
    expect(snapshot().context).toMatchObject({ id: null, outcome: null });
  });

  it('a failed call waits; RETRY sends the same requestId; DISMISS drops it', async () => {
    const { actor, snapshot, calls, done } = run([{ throws: { text: 'Server is not available' } }, { throws: { text: 'Server is not available' } }]);
    actor.send({ type: 'RESEND', id: 41 });
    await settle();
    expect(snapshot().value).toBe('failed');
    expect(snapshot().hasTag('failed')).toBe(true);
    expect(snapshot().context.error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'RETRY' });
    expect(snapshot().context.error).toBeNull();
    await settle();
    expect(calls[1]).toEqual(calls[0]);
    actor.send({ type: 'DISMISS' });
    expect(snapshot().value).toBe('idle');
    expect(snapshot().context.error).toBeNull();
    expect(done).toEqual([]);
  });

  expectFullCoverage(coverage);
});

/** A ping of a webhook's address (001 s7 "shows its result"): a dead address is an answer; a failed call is said; one at a time. */
describe('webhook ping statechart (issue 57)', () => {
  const coverage = new Coverage(webhookPingMachine);

  function run(outcomes: ({ ok: PingOutcome } | { throws: unknown })[] = []) {
    const calls: string[] = [];
    const actor = createActor(
      webhookPingMachine.provide({
        actors: {
          ping: fromPromise(async ({ input }) => {
            calls.push(input.url);
            const outcome = outcomes.shift() ?? { ok: { delivered: true, responseStatus: 200, durationMs: 12, responseExcerpt: '{"ok":true}' } };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    return { actor, snapshot: () => actor.getSnapshot(), calls };
  }

  it('the answer is kept for its address; a dead address is an answer; a CLEAR while on its way waits', async () => {
    const dead: PingOutcome = { delivered: false, responseStatus: null, durationMs: 3000, responseExcerpt: null };
    const { actor, snapshot, calls } = run([{ ok: dead }]);
    actor.send({ type: 'PING', url: 'https://gone.example/hooks' });
    actor.send({ type: 'PING', url: 'https://other.example' }); // one at a time
    actor.send({ type: 'CLEAR' });
    expect(snapshot().value).toBe('pinging');
    expect(snapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls).toEqual(['https://gone.example/hooks']);
    expect(snapshot().value).toBe('done');
    expect(snapshot().context).toMatchObject({ url: 'https://gone.example/hooks', outcome: dead });
    actor.send({ type: 'PING', url: 'https://shop.example/hooks' });
    await settle();
    expect(snapshot().context.outcome).toMatchObject({ delivered: true, responseStatus: 200 });
    actor.send({ type: 'CLEAR' });
    expect(snapshot().value).toBe('idle');
    expect(snapshot().context).toEqual({ url: null, outcome: null, error: null });
  });

  it('a failed call is said until the next PING', async () => {
    const { actor, snapshot, calls } = run([{ throws: { text: 'Server is not available' } }]);
    actor.send({ type: 'PING', url: 'https://shop.example/hooks' });
    await settle();
    expect(snapshot().value).toBe('failed');
    expect(snapshot().context.error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'PING', url: 'https://shop.example/hooks' });
    expect(snapshot().context.error).toBeNull();
    await settle();
    expect(snapshot().value).toBe('done');
    expect(calls).toHaveLength(2);
  });

  expectFullCoverage(coverage);
});
