// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import { contractIdentificationMachine, identificationMessages, type IdentificationStatus, type IdentityProvider } from '@machines/contracts/contract-identification.machine';
import { CONTRACT_IDENTIFICATION_POLL_MAX, CONTRACT_IDENTIFICATION_POLL_MS } from '@machines/shared/constants';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
type Outcome<T> = { ok: T } | { throws: unknown };

/** The payer's identification (issue 59; 000 s4): started with a provider, told, taken there; pushed to the phone and waited for; failed and tried again; a fresh read moves it. */
describe('contract identification statechart (issue 59)', () => {
  const coverage = new Coverage(contractIdentificationMachine);

  function run(status: IdentificationStatus, options: { request?: Outcome<string>[]; started?: Outcome<void>[]; push?: Outcome<void>[] } = {}) {
    const log: unknown[] = [];
    const clock = new SimulatedClock();
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
      { input: { status }, clock, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const snapshot = () => actor.getSnapshot();
    return { log, clock, send: actor.send.bind(actor), value: () => snapshot().value, context: () => snapshot().context, snapshot };
  }

  it('starts in the state of the status read', () => {
    expect(run('NEW').value()).toBe('notStarted');
    expect(run('PROCESSING').value()).toBe('processing');
    expect(run('FAILED').value()).toBe('failed');
    expect(run('SUCCESS').snapshot().status).toBe('done');
    for (const status of ['NEW', 'PROCESSING', 'FAILED'] as const) expect(run(status).snapshot().hasTag('mayStart')).toBe(true);
  });

  it('a provider chosen, the job asked for, the service told, then off to the provider (once)', async () => {
    const { send, value, log, context, snapshot } = run('NEW');
    send({ type: 'CHOOSE', provider: 'nfd' });
    send({ type: 'START' });
    expect(value()).toBe('requesting');
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(snapshot().hasTag('mayStart')).toBe(false);
    send({ type: 'START' });
    send({ type: 'PUSH' });
    await settle();
    expect(value()).toBe('leaving');
    expect(log).toEqual([{ request: 'nfd' }, 'started', 'changed', { open: 'https://id.example/nfd' }]);
    expect(context()).toMatchObject({ status: 'PROCESSING', via: 'video', pushed: false });
  });

  it('a refused job or start keeps it where it was, with the reason; begun again it is cleared', async () => {
    const { send, value, context } = run('NEW', { request: [{ throws: { text: 'Not now' } }], started: [{ throws: { text: 'Changed meanwhile' } }] });
    send({ type: 'START' });
    await settle();
    expect(value()).toBe('notStarted');
    expect(context().error).toEqual({ text: 'Not now' });
    send({ type: 'START' });
    expect(context().error).toBeNull();
    await settle();
    expect(value()).toBe('notStarted');
    expect(context().error).toEqual({ text: 'Changed meanwhile' });
  });

  it('pushed to the phone: the service told, then read again every few seconds until the answer comes', async () => {
    const { send, value, context, log, clock } = run('NEW');
    send({ type: 'PUSH' });
    expect(value()).toBe('pushing');
    await settle();
    expect(value()).toBe('processing');
    expect(context()).toMatchObject({ status: 'PROCESSING', via: 'phone', pushed: true, polls: 0 });
    expect(log).toEqual(['push', 'started', 'changed']);
    clock.increment(CONTRACT_IDENTIFICATION_POLL_MS - 1);
    expect(log).toHaveLength(3);
    clock.increment(1);
    expect(log).toEqual(['push', 'started', 'changed', 'changed']);
    expect(context().polls).toBe(1);
    send({ type: 'UPDATED', status: 'SUCCESS' });
    expect(value()).toBe('passed');
  });

  it('a refused push is said where it was; pushed again while it runs', async () => {
    const { send, value, context, log } = run('PROCESSING', { push: [{ throws: { text: 'No phone linked' } }] });
    send({ type: 'PUSH' });
    await settle();
    expect(value()).toBe('processing');
    expect(context().error).toEqual({ text: 'No phone linked' });
    send({ type: 'PUSH' });
    await settle();
    expect(context()).toMatchObject({ error: null, pushed: true });
    expect(log.filter((entry) => entry === 'push')).toHaveLength(2);
  });

  /** An identification under way whose reads again are used up: in `stillProcessing`. */
  const usedUp = () => {
    const actor = run('PROCESSING');
    for (let i = 0; i <= CONTRACT_IDENTIFICATION_POLL_MAX; i += 1) actor.clock.increment(CONTRACT_IDENTIFICATION_POLL_MS);
    expect(actor.value()).toBe('stillProcessing');
    return actor;
  };

  it('read again at most the limit, then only on asking; begun again from there', async () => {
    const { send, value, context, log, clock } = run('PROCESSING');
    for (let i = 0; i < CONTRACT_IDENTIFICATION_POLL_MAX; i += 1) clock.increment(CONTRACT_IDENTIFICATION_POLL_MS);
    expect(log.filter((entry) => entry === 'changed')).toHaveLength(CONTRACT_IDENTIFICATION_POLL_MAX);
    expect(value()).toBe('processing');
    clock.increment(CONTRACT_IDENTIFICATION_POLL_MS);
    expect(value()).toBe('stillProcessing');
    clock.increment(CONTRACT_IDENTIFICATION_POLL_MS * 10);
    expect(log.filter((entry) => entry === 'changed')).toHaveLength(CONTRACT_IDENTIFICATION_POLL_MAX);
    send({ type: 'CHECK' });
    expect(value()).toBe('processing');
    expect(context().polls).toBe(0);
    expect(log.filter((entry) => entry === 'changed')).toHaveLength(CONTRACT_IDENTIFICATION_POLL_MAX + 1);
    send({ type: 'UPDATED', status: 'FAILED' });
    expect(value()).toBe('failed');
    // Left half-way (the provider's page closed): begun again from `processing` and from `stillProcessing`.
    const left = run('PROCESSING');
    left.send({ type: 'CHOOSE', provider: 'nfd' });
    left.send({ type: 'START' });
    await settle();
    expect(left.value()).toBe('leaving');
    const stale = usedUp();
    stale.send({ type: 'CHOOSE', provider: 'jmo' });
    stale.send({ type: 'PUSH' });
    await settle();
    expect(stale.value()).toBe('processing');
    const quiet = usedUp();
    quiet.send({ type: 'START' });
    await settle();
    expect(quiet.value()).toBe('leaving');
    const read = usedUp();
    read.send({ type: 'UPDATED', status: 'SUCCESS' });
    expect(read.value()).toBe('passed');
  });

  it('failed: said, tried again with the provider chosen; a fresh read moves it', async () => {
    const { send, value, context } = run('FAILED');
    expect(context().error).toEqual({ descriptor: identificationMessages.failed });
    send({ type: 'CHOOSE', provider: 'jmo' });
    send({ type: 'PUSH' });
    await settle();
    expect(value()).toBe('processing');
    expect(context().pushed).toBe(true);
    const again = run('FAILED');
    again.send({ type: 'START' });
    expect(again.context().error).toBeNull();
    await settle();
    expect(again.value()).toBe('leaving');
    const read = run('FAILED');
    read.send({ type: 'UPDATED', status: 'NEW' });
    expect(read.value()).toBe('notStarted');
    expect(read.context().error).toBeNull();
    read.send({ type: 'UPDATED', status: 'FAILED' });
    expect(read.value()).toBe('failed');
    expect(read.context().error).toEqual({ descriptor: identificationMessages.failed });
    const fresh = run('NEW');
    fresh.send({ type: 'CHOOSE', provider: 'nfd' });
    fresh.send({ type: 'PUSH' });
    await settle();
    fresh.send({ type: 'UPDATED', status: 'SUCCESS' });
    expect(fresh.value()).toBe('passed');
    const refusedPush = run('FAILED', { push: [{ throws: { text: 'No phone' } }] });
    refusedPush.send({ type: 'PUSH' });
    await settle();
    expect(refusedPush.value()).toBe('failed');
    expect(refusedPush.context().error).toEqual({ text: 'No phone' });
    const refusedStart = run('NEW', { started: [{ throws: { text: 'No' } }] });
    refusedStart.send({ type: 'PUSH' });
    await settle();
    expect(refusedStart.value()).toBe('notStarted');
    expect(refusedStart.context()).toMatchObject({ error: { text: 'No' }, pushed: true });
    const news = run('NEW');
    news.send({ type: 'UPDATED', status: 'PROCESSING' });
    expect(news.value()).toBe('processing');
  });

  expectFullCoverage(coverage);
});
