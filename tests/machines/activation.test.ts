// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { activationFromSearch, activationMachine, type ActivationRequest } from '@machines/auth/activation.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('activation machine', () => {
  const coverage = new Coverage(activationMachine);
  const request: ActivationRequest = { action: 'activationBusiness', user: 'ana@example.com', code: '246810' };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  function start(outcome: 'ok' | 'fail') {
    const calls: ActivationRequest[] = [];
    const failures: unknown[] = [];
    const signedIn: unknown[] = [];
    const actor = createActor(
      activationMachine.provide({
        actors: {
          activate: fromPromise(async ({ input }) => {
            calls.push(input);
            if (outcome === 'fail') throw { responseCode: 'VF' };
            return { accessToken: 'at', refreshToken: 'rt' };
          }),
        },
        actions: { showFailure: (_, { error }) => failures.push(error), signIn: (_, params) => signedIn.push(params) },
      }),
      { input: request, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, calls, failures, signedIn };
  }

  it('sends the code once and ends signed in with the tokens', async () => {
    const { actor, calls, signedIn } = start('ok');
    await settle();
    expect(calls).toEqual([request]);
    expect(signedIn).toEqual([{ tokens: { accessToken: 'at', refreshToken: 'rt' }, username: 'ana@example.com' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ tokens: { accessToken: 'at', refreshToken: 'rt' }, username: 'ana@example.com' });
  });

  it('a failure shows the popup with the reply and stays failed (no retry with the same code)', async () => {
    const { actor, failures, signedIn } = start('fail');
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(signedIn).toEqual([]);
    expect(failures).toEqual([{ responseCode: 'VF' }]);
  });

  it.each([
    [{ action: 'activation', user: ' ana@example.com ', code: ' 1 ' }, { action: 'activation', user: 'ana@example.com', code: '1' }],
    [{ action: 'activationEmployee', user: 'e@x.test', code: '9' }, { action: 'activationEmployee', user: 'e@x.test', code: '9' }],
    [{ action: 'register', user: 'a', code: '1' }, null],
    [{ action: 'activation', user: '', code: '1' }, null],
    [{ action: 'activation', user: 'a' }, null],
    [{}, null],
  ])('address %j → %j', (search, expected) => {
    expect(activationFromSearch(search)).toEqual(expected);
  });

  expectFullCoverage(coverage);
});
