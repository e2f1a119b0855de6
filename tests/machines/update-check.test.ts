// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import { updateCheckMachine } from '@machines/app/update-check.machine';
import { UPDATE_CHECK_MS } from '@machines/shared/constants';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** The update check (002 s9: every 60000 ms; issue 61) on a simulated clock: offered, never forced. */
describe('update check statechart (issue 61)', () => {
  const coverage = new Coverage(updateCheckMachine);

  function run(answers: (string | Error)[]) {
    const clock = new SimulatedClock();
    const reads: number[] = [];
    let reloads = 0;
    const actor = createActor(
      updateCheckMachine.provide({
        actors: {
          readVersion: fromPromise(async () => {
            reads.push(reads.length + 1);
            const answer = answers.shift() ?? 'b-1';
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        actions: { reload: () => void (reloads += 1) },
      }),
      { clock, input: { current: 'b-1' }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const tick = async () => {
      clock.increment(UPDATE_CHECK_MS);
      await settle();
    };
    return { actor, clock, reads, tick, reloads: () => reloads, offering: () => actor.getSnapshot().hasTag('offering') };
  }

  it('asks every 60 s, not before; the same build is no news; a failed read is tried at the next tick', async () => {
    const { clock, reads, tick, offering } = run(['b-1', new Error('offline')]);
    clock.increment(UPDATE_CHECK_MS - 1);
    await settle();
    expect(reads).toEqual([]);
    clock.increment(1);
    await settle();
    expect(reads).toEqual([1]);
    expect(offering()).toBe(false);
    await tick();
    expect(reads).toEqual([1, 2]);
    expect(offering()).toBe(false);
    await tick();
    expect(reads).toEqual([1, 2, 3]);
  });

  it('a new build is offered and nothing is reloaded until asked; no more reads while it is offered; Reload reloads once', async () => {
    const { actor, reads, tick, offering, reloads } = run(['b-2']);
    await tick();
    expect(offering()).toBe(true);
    expect(actor.getSnapshot().context.latest).toBe('b-2');
    await tick();
    await tick();
    expect(reads).toEqual([1]);
    expect(reloads()).toBe(0);
    actor.send({ type: 'RELOAD' });
    expect(reloads()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('Later: that build is not offered again, a newer one is; an empty id is no build', async () => {
    const { actor, tick, offering } = run(['b-2', 'b-2', '', 'b-3']);
    await tick();
    actor.send({ type: 'LATER' });
    expect(offering()).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ putOff: 'b-2', latest: null });
    await tick();
    expect(offering()).toBe(false);
    await tick();
    expect(offering()).toBe(false);
    await tick();
    expect(offering()).toBe(true);
    expect(actor.getSnapshot().context.latest).toBe('b-3');
  });

  expectFullCoverage(coverage);
});
