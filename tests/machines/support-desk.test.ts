// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { isDeskAborted, supportDeskMachine, supportDeskMessages, type DeskCallKind, type DeskJob, type SupportContact } from '@machines/support/support-desk.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
type Outcome<T> = { ok: T } | { throws: unknown };
const refusal = (status: number) => ({ status, message: `refused ${status}` });
const CONTACT: SupportContact = { id: '7001', name: 'Sofia Lang', email: 'support@brand1.test' };

/**
 * The help desk's gateway (issue 60; 002 s7, s8): authorised with a support token and /me; every
 * call queued and run in turn with the token; a 401 renews the token once and sends again once; a
 * 429 drops the call and everything queued, and refuses new calls until RETRY.
 */
describe('support desk statechart (issue 60)', () => {
  const coverage = new Coverage(supportDeskMachine);

  function run(options: { authorise?: Outcome<{ token: string; contact: SupportContact }>[]; refresh?: Outcome<string>[] } = {}) {
    const log: string[] = [];
    let tokens = 1;
    const next = <T>(list: Outcome<T>[] | undefined, fallback: () => T): T => {
      const outcome = list?.shift() ?? { ok: fallback() };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      supportDeskMachine.provide({
        actors: {
          authorise: fromPromise(async () => {
            log.push('authorise');
            return next(options.authorise, () => ({ token: `t${tokens}`, contact: CONTACT }));
          }),
          refresh: fromPromise(async () => {
            log.push('refresh');
            tokens += 1;
            return next(options.refresh, () => `t${tokens}`);
          }),
        },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    /** A job whose call answers its outcomes in turn (a refusal by status), with what it was answered. */
    const call = (kind: DeskCallKind, outcomes: Outcome<unknown>[] = [{ ok: kind }]) => {
      const result: { tokens: string[]; value?: unknown; error?: unknown; settled: boolean } = { tokens: [], settled: false };
      const job: DeskJob = {
        id: `${kind}-${Math.random()}`,
        kind,
        run: async (token) => {
          result.tokens.push(token);
          log.push(`${kind}:${token}`);
          const outcome = outcomes.shift() ?? { ok: kind };
          if ('throws' in outcome) throw outcome.throws;
          return outcome.ok;
        },
        resolve: (value) => Object.assign(result, { value, settled: true }),
        reject: (error) => Object.assign(result, { error, settled: true }),
      };
      actor.send({ type: 'CALL', job });
      return result;
    };
    const snapshot = () => actor.getSnapshot();
    return { log, call, send: actor.send.bind(actor), value: () => snapshot().value, context: () => snapshot().context, snapshot };
  }

  it('authorised, then calls run in turn with the token; asked meanwhile, they wait', async () => {
    const { value, context, call, log, snapshot } = run();
    expect(value()).toBe('authorising');
    expect(snapshot().hasTag('busy')).toBe(true);
    const early = call('list');
    await settle();
    expect(early).toMatchObject({ settled: true, value: 'list', tokens: ['t1'] });
    expect(context()).toMatchObject({ token: 't1', contact: CONTACT, queue: [] });
    expect(value()).toEqual({ ready: 'idle' });
    const one = call('ticket');
    const two = call('conversations');
    expect(value()).toEqual({ ready: 'running' });
    expect(context().queue.map((job) => job.kind)).toEqual(['ticket', 'conversations']); // the first runs at the head, the second waits
    await settle();
    expect(one.value).toBe('ticket');
    expect(two.value).toBe('conversations');
    expect(log).toEqual(['authorise', 'list:t1', 'ticket:t1', 'conversations:t1']);
  });

  it('a refusal goes back to the one who asked, as it is; the next call runs', async () => {
    const { call } = run();
    await settle();
    const failing = call('create', [{ throws: refusal(400) }]);
    const after = call('list');
    await settle();
    expect(failing.error).toEqual(refusal(400));
    expect(after.value).toBe('list');
  });

  it('a 401: the token renewed once and the call sent again once; a second 401 is said as the session lost', async () => {
    const { call, log, context } = run();
    await settle();
    const renewed = call('reply', [{ throws: refusal(401) }, { ok: 'sent' }]);
    await settle();
    expect(renewed).toMatchObject({ value: 'sent', tokens: ['t1', 't2'] });
    expect(context().token).toBe('t2');
    const lost = call('read', [{ throws: refusal(401) }, { throws: refusal(401) }]);
    await settle();
    expect(lost.error).toEqual({ aborted: true, message: { descriptor: supportDeskMessages.sessionLost } });
    expect(lost.tokens).toEqual(['t2', 't3']);
    expect(log.filter((entry) => entry === 'refresh')).toHaveLength(2);
    // After the renewal, another refusal goes back as it is.
    const other = call('upload', [{ throws: refusal(401) }, { throws: refusal(413) }]);
    await settle();
    expect(other.error).toEqual(refusal(413));
  });

  it('the renewal refused: the call refused with its reason', async () => {
    const { call, value } = run({ refresh: [{ throws: refusal(500) }] });
    await settle();
    const job = call('list', [{ throws: refusal(401) }]);
    await settle();
    expect(job.error).toEqual(refusal(500));
    expect(value()).toEqual({ ready: 'idle' });
  });

  it('a 429 drops the call and every queued one, refuses new ones until RETRY; then calls run again', async () => {
    const { call, value, send, snapshot, context, log } = run();
    await settle();
    const first = call('list', [{ throws: refusal(429) }]);
    const queued = call('ticket');
    await settle();
    expect(value()).toBe('limited');
    expect(snapshot().hasTag('limited')).toBe(true);
    for (const job of [first, queued]) {
      expect(isDeskAborted(job.error)).toBe(true);
      expect(job.error).toEqual({ aborted: true, message: { descriptor: supportDeskMessages.tooMany } });
    }
    expect(queued.tokens).toEqual([]); // never sent
    const later = call('conversations');
    expect(isDeskAborted(later.error)).toBe(true);
    expect(later.tokens).toEqual([]);
    expect(context().queue).toEqual([]);
    send({ type: 'RETRY' });
    expect(context().error).toBeNull();
    const again = call('list');
    await settle();
    expect(again.value).toBe('list');
    expect(log.filter((entry) => entry === 'authorise')).toHaveLength(1); // the token was kept
  });

  it('a 429 on the renewal or on the call sent again limits it too', async () => {
    const renewal = run({ refresh: [{ throws: refusal(429) }] });
    await settle();
    const one = renewal.call('list', [{ throws: refusal(401) }]);
    await settle();
    expect(renewal.value()).toBe('limited');
    expect(isDeskAborted(one.error)).toBe(true);
    const resend = run();
    await settle();
    const two = resend.call('list', [{ throws: refusal(401) }, { throws: refusal(429) }]);
    await settle();
    expect(resend.value()).toBe('limited');
    expect(isDeskAborted(two.error)).toBe(true);
    const plain = run();
    await settle();
    const three = plain.call('list', [{ throws: refusal(401) }, { throws: refusal(500) }]);
    await settle();
    expect(three.error).toEqual(refusal(500));
  });

  it('authorising refused: unavailable with its reason, the waiting calls refused; RETRY authorises again', async () => {
    const { call, value, send, context, snapshot } = run({ authorise: [{ throws: { text: 'The support service is not available' } }] });
    const waiting = call('list');
    await settle();
    expect(value()).toBe('unavailable');
    expect(snapshot().hasTag('unavailable')).toBe(true);
    expect(waiting.error).toEqual({ aborted: true, message: { text: 'The support service is not available' } });
    const refused = call('ticket');
    expect(refused.error).toEqual({ aborted: true, message: { text: 'The support service is not available' } });
    send({ type: 'RETRY' });
    expect(value()).toBe('authorising');
    await settle();
    expect(context().token).toBe('t1');
  });

  it('a 429 while authorising: limited without a token; RETRY authorises again', async () => {
    const { value, send, log, call } = run({ authorise: [{ throws: refusal(429) }] });
    const waiting = call('list');
    await settle();
    expect(value()).toBe('limited');
    expect(isDeskAborted(waiting.error)).toBe(true);
    send({ type: 'RETRY' });
    expect(value()).toBe('authorising');
    await settle();
    expect(log.filter((entry) => entry === 'authorise')).toHaveLength(2);
  });

  expectFullCoverage(coverage);
});
