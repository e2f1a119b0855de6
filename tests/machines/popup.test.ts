// @vitest-environment node
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import { MAX_QUEUED_POPUPS, POPUP_AUTO_CLOSE_MS, popupMachine, type PopupRequest } from '@machines/app/popup.machine';
import { Coverage, expectFullCoverage } from './coverage';

const failure = (message: string): PopupRequest => ({ kind: 'response', status: 'failure', reply: { message } });
const smsSent: PopupRequest = { kind: 'response', status: 'success', reply: { message: 'Code sent' }, autoClose: true };

describe('popup machine (response and error popups)', () => {
  const coverage = new Coverage(popupMachine);

  function start() {
    const clock = new SimulatedClock();
    const goHome = vi.fn();
    const actor = createActor(popupMachine.provide({ actions: { goHome } }), {
      clock,
      inspect: (e: InspectionEvent) => coverage.inspect(e),
    }).start();
    const messages = () => actor.getSnapshot().context.queue.map((p) => (p.reply as { message: string }).message);
    return { actor, clock, goHome, messages };
  }

  it('shows a popup and closes it on CLOSE', () => {
    const { actor, messages } = start();
    actor.send({ type: 'SHOW', popup: failure('No funds') });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(messages()).toEqual(['No funds']);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(messages()).toEqual([]);
  });

  it('a second popup waits behind the open one and shows when the first closes', () => {
    const { actor, messages } = start();
    actor.send({ type: 'SHOW', popup: failure('first') });
    actor.send({ type: 'SHOW', popup: failure('second') });
    expect(messages()).toEqual(['first', 'second']);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches({ open: 'showing' })).toBe(true);
    expect(messages()).toEqual(['second']);
  });

  it(`keeps at most ${MAX_QUEUED_POPUPS} waiting popups; the oldest waiting one gives way, the open one stays`, () => {
    const { actor, messages } = start();
    for (const m of ['open', 'w1', 'w2', 'w3', 'w4']) actor.send({ type: 'SHOW', popup: failure(m) });
    expect(messages()).toEqual(['open', 'w2', 'w3', 'w4']);
  });

  it('"Go to home" runs the goHome action and closes', () => {
    const { actor, goHome } = start();
    actor.send({ type: 'SHOW', popup: { kind: 'error', reply: { message: 'Not found' }, goHome: true } });
    actor.send({ type: 'GO_HOME' });
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it(`an autoClose popup closes itself after ${POPUP_AUTO_CLOSE_MS} ms; others stay until closed`, () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'SHOW', popup: smsSent });
    clock.increment(POPUP_AUTO_CLOSE_MS - 1);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('closed')).toBe(true);

    actor.send({ type: 'SHOW', popup: failure('stays') });
    clock.increment(POPUP_AUTO_CLOSE_MS * 10);
    expect(messages()).toEqual(['stays']);
  });

  it('the timer restarts for the next popup in the queue', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'SHOW', popup: failure('first') });
    actor.send({ type: 'SHOW', popup: smsSent });
    clock.increment(POPUP_AUTO_CLOSE_MS * 2);
    expect(messages()).toEqual(['first', 'Code sent']);
    actor.send({ type: 'CLOSE' });
    clock.increment(POPUP_AUTO_CLOSE_MS - 1);
    expect(messages()).toEqual(['Code sent']);
    clock.increment(1);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('CLEAR (sign-out) drops every popup', () => {
    const { actor, messages } = start();
    actor.send({ type: 'SHOW', popup: failure('a') });
    actor.send({ type: 'SHOW', popup: failure('b') });
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(messages()).toEqual([]);
  });

  expectFullCoverage(coverage);
});
