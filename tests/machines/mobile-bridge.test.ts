// @vitest-environment node
import { createActor, fromCallback, SimulatedClock, type InspectionEvent } from 'xstate';
import { MOBILE_INIT_DELAY_MS, mobileBridgeMachine, type BridgeOutgoing } from '@machines/app/mobile-bridge.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('mobile bridge machine (wrapper mode)', () => {
  const coverage = new Coverage(mobileBridgeMachine);

  function start(enabled: boolean) {
    const clock = new SimulatedClock();
    const posted: BridgeOutgoing[] = [];
    const logout = vi.fn();
    let listening = false;
    const actor = createActor(
      mobileBridgeMachine.provide({
        actors: { listen: fromCallback(() => ((listening = true), () => (listening = false))) },
        actions: { post: (_, { message }) => posted.push(message), requestLogout: logout },
      }),
      { input: { enabled }, clock, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, clock, posted, logout, isListening: () => listening };
  }

  it(`inside the app: waits ${MOBILE_INIT_DELAY_MS} ms, then says ready and listens`, () => {
    const { actor, clock, posted, isListening } = start(true);
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    clock.increment(MOBILE_INIT_DELAY_MS - 1);
    expect(posted).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().matches('connected')).toBe(true);
    expect(posted).toEqual([{ type: 'ready' }]);
    expect(isListening()).toBe(true);
  });

  it('keeps the device secret for sign-in, obeys logout, forwards what the page sends', () => {
    const { actor, clock, posted, logout } = start(true);
    clock.increment(MOBILE_INIT_DELAY_MS);
    actor.send({ type: 'RECEIVED', message: { type: 'deviceSecret', secret: 'secret-1', pushToken: 'push-1' } });
    expect(actor.getSnapshot().context.device).toEqual({ secret: 'secret-1', pushToken: 'push-1' });
    actor.send({ type: 'RECEIVED', message: { type: 'logout' } });
    expect(logout).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SEND', message: { type: 'sessionExpired' } });
    expect(posted.at(-1)).toEqual({ type: 'sessionExpired' });
  });

  it('in a plain browser: off, no delay, nothing sent', () => {
    const { actor, posted } = start(false);
    expect(actor.getSnapshot().matches('off')).toBe(true);
    actor.send({ type: 'SEND', message: { type: 'loggedIn' } });
    expect(posted).toEqual([]);
  });

  expectFullCoverage(coverage);
});
