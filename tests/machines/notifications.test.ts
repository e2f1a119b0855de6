// @vitest-environment node
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import {
  MAX_VISIBLE_NOTIFICATIONS,
  notificationsMachine,
  notificationTimerMachine,
  type NotificationItem,
} from '@machines/app/notifications.machine';
import { Coverage, expectFullCoverage } from './coverage';

const n = (id: string): NotificationItem => ({ id, tone: 'info', title: `Title ${id}` });

describe('notifications machine (10-second notifications)', () => {
  const parent = new Coverage(notificationsMachine);
  const timer = new Coverage(notificationTimerMachine);

  function start() {
    const clock = new SimulatedClock();
    const inspect = (e: InspectionEvent) => {
      parent.inspect(e);
      timer.inspect(e);
    };
    const actor = createActor(notificationsMachine, { clock, inspect }).start();
    const ids = () => actor.getSnapshot().context.items.map((i) => i.id);
    return { actor, clock, ids };
  }

  it('a notification disappears after exactly 10 seconds', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'NOTIFY', notification: n('a') });
    clock.increment(9_999);
    expect(ids()).toEqual(['a']);
    clock.increment(1);
    expect(ids()).toEqual([]);
  });

  it('each notification has its own timer', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'NOTIFY', notification: n('a') });
    clock.increment(4_000);
    actor.send({ type: 'NOTIFY', notification: n('b') });
    clock.increment(6_000);
    expect(ids()).toEqual(['b']);
    clock.increment(4_000);
    expect(ids()).toEqual([]);
  });

  it('dismissing removes it at once', () => {
    const { actor, ids } = start();
    actor.send({ type: 'NOTIFY', notification: n('a') });
    actor.send({ type: 'NOTIFY', notification: n('b') });
    actor.send({ type: 'DISMISS', id: 'a' });
    expect(ids()).toEqual(['b']);
  });

  it('pausing (hover or focus) stops the clock until resumed, then the full time runs again', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'NOTIFY', notification: n('a') });
    clock.increment(5_000);
    actor.send({ type: 'PAUSE', id: 'a' });
    clock.increment(60_000);
    expect(ids()).toEqual(['a']);
    actor.send({ type: 'RESUME', id: 'a' });
    clock.increment(9_999);
    expect(ids()).toEqual(['a']);
    clock.increment(1);
    expect(ids()).toEqual([]);
  });

  it(`keeps at most ${MAX_VISIBLE_NOTIFICATIONS}, dropping the oldest`, () => {
    const { actor, ids } = start();
    for (const id of ['1', '2', '3', '4', '5', '6']) actor.send({ type: 'NOTIFY', notification: n(id) });
    expect(ids()).toEqual(['2', '3', '4', '5', '6']);
  });

  it('the same id replaces the earlier notification; CLEAR removes all (logout)', () => {
    const { actor, clock, ids } = start();
    actor.send({ type: 'NOTIFY', notification: n('a') });
    clock.increment(8_000);
    actor.send({ type: 'NOTIFY', notification: { ...n('a'), title: 'again' } });
    clock.increment(8_000);
    expect(ids()).toEqual(['a']);
    actor.send({ type: 'CLEAR' });
    expect(ids()).toEqual([]);
    clock.increment(20_000);
    expect(ids()).toEqual([]);
  });

  expectFullCoverage(parent, timer);
});
