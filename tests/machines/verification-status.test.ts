// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { shownStatusOf, statusOf, verificationStatusMachine } from '@machines/verification/verification-status.machine';
import { VERIFICATION_STATUSES, WARNING_STATUSES, type VerificationFacts } from '@machines/verification/verification.rules';
import { checkedFacts, factsFor } from '../support/verification-facts';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

describe('verification status statechart (002 s4)', () => {
  const coverage = new Coverage(verificationStatusMachine);

  function run(loads: (VerificationFacts | 'fail')[], facts: VerificationFacts | null = null) {
    let calls = 0;
    const actor = createActor(
      verificationStatusMachine.provide({
        actors: {
          loadFacts: fromPromise(async () => {
            calls += 1;
            const next = loads.shift();
            if (next === undefined || next === 'fail') throw { text: 'Server is not available' };
            return next;
          }),
        },
      }),
      { input: { facts }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, calls: () => calls };
  }

  it('every status of the spec is reached from its facts, each with its tag; the warning ones carry `warning`', () => {
    for (const status of VERIFICATION_STATUSES) {
      const { actor } = run([], factsFor[status]);
      expect(statusOf(actor.getSnapshot())).toBe(status);
      expect(actor.getSnapshot().hasTag('warning')).toBe(WARNING_STATUSES.includes(status));
    }
  });

  it('decides again when the facts change (an upload, a confirmation): from any status to any other', () => {
    const { actor } = run([], factsFor.unverified);
    for (const status of [...VERIFICATION_STATUSES].reverse()) {
      actor.send({ type: 'FACTS_CHANGED', facts: factsFor[status] });
      expect(statusOf(actor.getSnapshot())).toBe(status);
    }
  });

  it('loads the facts first; a refresh (a realtime notification) loads again; a failed refresh keeps the last status and says why; a failed first load offers a retry', async () => {
    const { actor, calls } = run([factsFor.verificationProcessing, 'fail', checkedFacts()]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(statusOf(actor.getSnapshot())).toBeNull();
    expect(shownStatusOf(actor.getSnapshot())).toBeNull(); // nothing decided yet
    await settle();
    expect(statusOf(actor.getSnapshot())).toBe('verificationProcessing');
    actor.send({ type: 'REFRESH' });
    // While reading again: no status of its own, but the last decision is what the screens show.
    expect(statusOf(actor.getSnapshot())).toBeNull();
    expect(shownStatusOf(actor.getSnapshot())).toBe('verificationProcessing');
    await settle();
    expect(statusOf(actor.getSnapshot())).toBe('verificationProcessing');
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'REFRESH' });
    await settle();
    expect(statusOf(actor.getSnapshot())).toBe('checked');
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(calls()).toBe(3);
    const first = run(['fail', factsFor.limited]);
    await settle();
    expect(first.actor.getSnapshot().hasTag('failed')).toBe(true);
    first.actor.send({ type: 'RETRY' });
    await settle();
    expect(statusOf(first.actor.getSnapshot())).toBe('limited');
  });

  expectFullCoverage(coverage);
});
