// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { linkCheckMachine } from '@machines/shared/link-check.machine';
import type { LinkVerdict } from '@machines/shared/link-check.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
type Outcome = { ok: LinkVerdict } | { throws: unknown } | 'never';
const URL_A = 'https://docs.example/guide';

/** A link in someone else's message checked before it opens: safe opens, unsafe is blocked, a failed check warns. */
describe('link check statechart', () => {
  const coverage = new Coverage(linkCheckMachine);

  function run(outcomes: Outcome[], mayOpenNow = true) {
    const log: string[] = [];
    const actor = createActor(
      linkCheckMachine.provide({
        actors: {
          check: fromPromise<LinkVerdict, { url: string }>(async ({ input }) => {
            log.push(`check ${input.url}`);
            const outcome = outcomes.shift() ?? { ok: 'safe' };
            if (outcome === 'never') return new Promise<LinkVerdict>(() => {});
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
        actions: { open: (_, params) => void log.push(`open ${params.url}`) },
        guards: { mayOpenNow: () => mayOpenNow },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const snapshot = () => actor.getSnapshot();
    return { log, send: actor.send.bind(actor), value: () => snapshot().value, context: () => snapshot().context, snapshot };
  }

  it('safe: opened at once, back to idle with nothing kept', async () => {
    const { log, send, value, context, snapshot } = run([{ ok: 'safe' }]);
    send({ type: 'OPEN', url: URL_A });
    expect(snapshot().hasTag('checking')).toBe(true);
    expect(context().url).toBe(URL_A);
    await settle();
    expect(value()).toBe('idle');
    expect(context()).toEqual({ url: null, error: null });
    expect(log).toEqual([`check ${URL_A}`, `open ${URL_A}`]);
  });

  it('safe but the press was too long ago: offered to press, OPENED or CLOSE leave it', async () => {
    const { log, send, value, snapshot } = run([{ ok: 'safe' }, { ok: 'safe' }], false);
    send({ type: 'OPEN', url: URL_A });
    await settle();
    expect(value()).toBe('ready');
    expect(snapshot().hasTag('ready')).toBe(true);
    send({ type: 'OPENED' });
    expect(value()).toBe('idle');
    send({ type: 'OPEN', url: URL_A });
    await settle();
    send({ type: 'CLOSE' });
    expect(value()).toBe('idle');
    expect(log).toEqual([`check ${URL_A}`, `check ${URL_A}`]);
  });

  it('unsafe: blocked, nothing opens; another OPEN is ignored until closed', async () => {
    const { log, send, value, context } = run([{ ok: 'unsafe' }]);
    send({ type: 'OPEN', url: 'https://malware.example/x' });
    await settle();
    expect(value()).toBe('blocked');
    send({ type: 'OPEN', url: URL_A });
    expect(context().url).toBe('https://malware.example/x');
    send({ type: 'CLOSE' });
    expect(value()).toBe('idle');
    expect(log).toEqual(['check https://malware.example/x']);
  });

  it('the check failed: its reason kept; RETRY asks again, OPENED (anyway) or CLOSE end it', async () => {
    const { log, send, value, context } = run([{ throws: { text: 'Service unavailable' } }, { throws: { text: 'again' } }, { throws: { text: 'and again' } }, { ok: 'safe' }]);
    send({ type: 'OPEN', url: URL_A });
    await settle();
    expect(value()).toBe('failed');
    expect(context().error).toEqual({ text: 'Service unavailable' });
    send({ type: 'RETRY' });
    expect(context().error).toBeNull();
    await settle();
    expect(value()).toBe('failed');
    send({ type: 'OPENED' });
    expect(value()).toBe('idle');
    send({ type: 'OPEN', url: URL_A });
    await settle();
    send({ type: 'CLOSE' });
    expect(value()).toBe('idle');
    expect(log.filter((line) => line.startsWith('open'))).toEqual([]);
  });

  it('CANCEL while checking: nothing opens, even when the answer comes', async () => {
    const { log, send, value } = run(['never']);
    send({ type: 'OPEN', url: URL_A });
    send({ type: 'CANCEL' });
    expect(value()).toBe('idle');
    await settle();
    expect(log).toEqual([`check ${URL_A}`]);
  });

  expectFullCoverage(coverage);
});
