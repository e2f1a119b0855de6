// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/**
 * A destructive change confirmed first and sent once (issue 50: an e-mail removed from the payout
 * blacklist): nothing is sent before CONFIRM, a retry after a failure sends the same requestId, a
 * new confirmed change a new one.
 */
describe('confirmed change statechart', () => {
  const coverage = new Coverage(confirmedChangeMachine);

  function run(outcomes: ('ok' | unknown)[] = []) {
    const sent: { subject: string; requestId: string }[] = [];
    const changed: { subject: string }[] = [];
    const actor = createActor(
      confirmedChangeMachine.provide({
        actors: {
          change: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.length ? outcomes.shift() : 'ok';
            if (next !== 'ok') throw next;
            return null;
          }),
        },
        actions: { changed: (_, params) => void changed.push(params) },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent, changed };
  }

  it('REQUEST asks first; CANCEL sends nothing and forgets the subject', async () => {
    const { actor, sent, changed } = run();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'CONFIRM' }); // nothing asked yet: ignored
    actor.send({ type: 'REQUEST', subject: 'boris@example.com' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(actor.getSnapshot().context.subject).toBe('boris@example.com');
    actor.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.subject).toBeNull();
    expect(sent).toEqual([]);
    expect(changed).toEqual([]);
  });

  it('CONFIRM sends once (busy), then `changed` with the subject and idle', async () => {
    const { actor, sent, changed } = run();
    actor.send({ type: 'REQUEST', subject: 'boris@example.com' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'CONFIRM' }); // a second press while sending: ignored
    await settle();
    expect(sent).toEqual([{ subject: 'boris@example.com', requestId: expect.any(String) }]);
    expect(sent[0]!.requestId).not.toBe('');
    expect(changed).toEqual([{ subject: 'boris@example.com' }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.subject).toBeNull();
  });

  it('a failure waits with its message; RETRY sends the same requestId; CANCEL drops it', async () => {
    const { actor, sent, changed } = run([{ text: 'Not now' }, { text: 'Still not' }]);
    actor.send({ type: 'REQUEST', subject: 'boris@example.com' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ text: 'Not now' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull(); // cleared while sending again
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(actor.getSnapshot().context.error).toEqual({ text: 'Still not' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ subject: null, error: null });
    expect(changed).toEqual([]);
  });

  it('a bug is never shown as text', async () => {
    const { actor } = run([new Error('boom')]);
    actor.send({ type: 'REQUEST', subject: 'boris@example.com' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: expect.anything() });
  });

  it('a new REQUEST confirmed gets a new requestId', async () => {
    const { actor, sent, changed } = run();
    actor.send({ type: 'REQUEST', subject: 'a@example.com' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    actor.send({ type: 'REQUEST', subject: 'b@example.com' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(sent.map((s) => s.subject)).toEqual(['a@example.com', 'b@example.com']);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(changed).toEqual([{ subject: 'a@example.com' }, { subject: 'b@example.com' }]);
  });

  expectFullCoverage(coverage);
});
