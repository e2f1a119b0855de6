// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { contractIdentificationMachine, identificationMessages, type IdentificationStatus, type IdentityProvider } from '@machines/contracts/contract-identification.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
type Outcome<T> = { ok: T } | { throws: unknown };

/** The payer's identification (issue 59; 000 s4): started with a provider, told, taken there; pushed to the phone; failed and tried again; a fresh read moves it. */
describe('contract identification statechart (issue 59)', () => {
  const coverage = new Coverage(contractIdentificationMachine);

  function run(status: IdentificationStatus, options: { request?: Outcome<string>[]; started?: Outcome<void>[]; push?: Outcome<void>[] } = {}) {
    const log: unknown[] = [];
    const next = <T>(list: Outcome<T>[] | undefined, fallback: T): T => {
      const outcome = list?.shift() ?? { ok: fallback };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      contractIdentificationMachine.provide({
        actors: {
          request: fromPromise(async ({ input }: { input: { provider: IdentityProvider } }) => {
            log.push({ request: input.provider });
            return next(options.request, `https://id.example/${input.provider}`);
          }),
          started: fromPromise(async () => {
            log.push('started');
            return next(options.started, undefined);
          }),
          push: fromPromise(async () => {
            log.push('push');
            return next(options.push, undefined);
          }),
        },
        actions: {
          openProvider: (_, { url }) => void log.push({ open: url }),
          changed: () => void log.push('changed'),
        },
      }),
      { input: { status }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    return { log, send: actor.send.bind(actor), value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context, actor };
  }

  it('starts in the state of the status read', () => {
    expect(run('NEW').value()).toBe('notStarted');
    expect(run('PROCESSING').value()).toBe('processing');
    expect(run('FAILED').value()).toBe('failed');
    expect(run('SUCCESS').actor.getSnapshot().status).toBe('done');
  });

  it('a provider chosen, the job asked for, the service told, then off to the provider', async () => {
    const { send, value, log, context, actor } = run('NEW');
    send({ type: 'CHOOSE', provider: 'nfd' });
    send({ type: 'START' });
    expect(value()).toBe('requesting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    send({ type: 'START' });
    await settle();
    expect(value()).toBe('leaving');
    expect(log).toEqual([{ request: 'nfd' }, 'started', 'changed', { open: 'https://id.example/nfd' }]);
    expect(context().status).toBe('PROCESSING');
  });

  it('a refused job or start keeps it where it was, with the reason', async () => {
    const { send, value, context } = run('NEW', { request: [{ throws: { text: 'Not now' } }], started: [{ throws: { text: 'Changed meanwhile' } }] });
    send({ type: 'START' });
    await settle();
    expect(value()).toBe('notStarted');
    expect(context().error).toEqual({ text: 'Not now' });
    send({ type: 'START' });
    await settle();
    expect(value()).toBe('notStarted');
    expect(context().error).toEqual({ text: 'Changed meanwhile' });
  });

  it('pushed to the phone (again while it runs); a refused push said', async () => {
    const { send, value, context, log } = run('NEW', { push: [{ ok: undefined }, { throws: { text: 'No phone linked' } }] });
    send({ type: 'PUSH' });
    expect(value()).toBe('pushing');
    await settle();
    expect(context().pushed).toBe(true);
    send({ type: 'UPDATED', status: 'PROCESSING' });
    expect(value()).toBe('processing');
    send({ type: 'PUSH' });
    await settle();
    expect(context().error).toEqual({ text: 'No phone linked' });
    expect(log.filter((entry) => entry === 'push')).toHaveLength(2);
    send({ type: 'UPDATED', status: 'SUCCESS' });
    expect(value()).toBe('passed');
  });

  it('failed: said, tried again with the provider chosen; a fresh read moves it', async () => {
    const { send, value, context } = run('FAILED');
    expect(context().error).toEqual({ descriptor: identificationMessages.failed });
    send({ type: 'CHOOSE', provider: 'jmo' });
    send({ type: 'PUSH' });
    await settle();
    expect(value()).toBe('failed');
    expect(context().pushed).toBe(true);
    send({ type: 'START' });
    expect(context().error).toBeNull();
    await settle();
    expect(value()).toBe('leaving');
    const again = run('FAILED');
    again.send({ type: 'UPDATED', status: 'NEW' });
    expect(again.value()).toBe('notStarted');
    again.send({ type: 'UPDATED', status: 'FAILED' });
    expect(again.value()).toBe('failed');
    const fresh = run('NEW');
    fresh.send({ type: 'UPDATED', status: 'SUCCESS' });
    expect(fresh.value()).toBe('passed');
  });

  expectFullCoverage(coverage);
});
