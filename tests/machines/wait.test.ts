// @vitest-environment node
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import { POST_LOGIN_WAIT_MS } from '@machines/shared/constants';
import { waitMachine } from '@machines/shared/wait.machine';
import { Coverage, expectFullCoverage } from './coverage';

/** The post-login wait (002 s9: 5 seconds), on a simulated clock. */
describe('wait statechart (002 s9)', () => {
  const coverage = new Coverage(waitMachine);

  it('waits 5 seconds, then is over', () => {
    const clock = new SimulatedClock();
    const actor = createActor(waitMachine, { clock, inspect: (event: InspectionEvent) => coverage.inspect(event) }).start();
    clock.increment(POST_LOGIN_WAIT_MS - 1);
    expect(actor.getSnapshot().hasTag('over')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('over')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
  });

  expectFullCoverage(coverage);
});
