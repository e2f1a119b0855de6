// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import { LOGIN_REQUEST_TTL_MS, loginRequestMachine, loginRequestMessages } from '@machines/auth/login-request.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('login request machine (approve or decline a sign-in from a signed-in device)', () => {
  const coverage = new Coverage(loginRequestMachine);

  function start(confirm: (input: { key: string; result: boolean }) => Promise<void> = async () => {}) {
    const clock = new SimulatedClock();
    const calls: { key: string; result: boolean }[] = [];
    const answered = vi.fn();
    const actor = createActor(
      loginRequestMachine.provide({
        actors: { confirm: fromPromise(async ({ input }) => (calls.push(input), confirm(input))) },
        actions: { answered: (_, params) => answered(params) },
      }),
      { clock, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const keys = () => actor.getSnapshot().context.queue.map((r) => r.key);
    return { actor, clock, calls, answered, keys };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('approve sends true for the shown request and tells the user', async () => {
    const { actor, calls, answered } = start();
    actor.send({ type: 'REQUEST', request: { key: 'k1', device: 'Chromium on Linux' } });
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'APPROVE' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(calls).toEqual([{ key: 'k1', result: true }]);
    expect(answered).toHaveBeenCalledWith({ result: true });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('decline sends false; requests that arrive meanwhile are asked next (a repeated key replaces itself)', async () => {
    const { actor, calls, keys } = start();
    actor.send({ type: 'REQUEST', request: { key: 'k1' } });
    actor.send({ type: 'REQUEST', request: { key: 'k2' } });
    actor.send({ type: 'DECLINE' });
    actor.send({ type: 'REQUEST', request: { key: 'k3' } });
    actor.send({ type: 'REQUEST', request: { key: 'k3' } });
    await settle();
    expect(calls).toEqual([{ key: 'k1', result: false }]);
    expect(keys()).toEqual(['k2', 'k3']);
    expect(actor.getSnapshot().matches('asking')).toBe(true);
  });

  it('a failed answer keeps the question open with a message', async () => {
    const { actor } = start(async () => {
      throw new Error('404');
    });
    actor.send({ type: 'REQUEST', request: { key: 'k1' } });
    actor.send({ type: 'APPROVE' });
    await settle();
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: loginRequestMessages.failed });
  });

  it(`an unanswered request is dropped after ${LOGIN_REQUEST_TTL_MS / 60000} minutes; dismiss drops it at once`, () => {
    const { actor, clock, keys } = start();
    actor.send({ type: 'REQUEST', request: { key: 'k1' } });
    clock.increment(LOGIN_REQUEST_TTL_MS - 1);
    expect(keys()).toEqual(['k1']);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'REQUEST', request: { key: 'k2' } });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('sign-out clears everything', () => {
    const { actor, keys } = start();
    actor.send({ type: 'REQUEST', request: { key: 'k1' } });
    actor.send({ type: 'CLEAR' });
    expect(keys()).toEqual([]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  expectFullCoverage(coverage);
});
