// @vitest-environment node
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import {
  MAX_VISIBLE_NOTIFICATIONS,
  notificationGraceMachine,
  notificationsMachine,
  notificationTimerMachine,
  type NotificationItem,
} from '@machines/app/notifications.machine';
import { UNCLAIMED_GRACE_MS } from '@machines/shared/constants';
import { Coverage, expectFullCoverage } from './coverage';

const n = (id: string): NotificationItem => ({ id, tone: 'info', title: `Title ${id}` });

describe('notifications machine (10-second notifications)', () => {
  const parent = new Coverage(notificationsMachine);
  const timer = new Coverage(notificationTimerMachine);
  const grace = new Coverage(notificationGraceMachine);

  function start() {
    const clock = new SimulatedClock();
    const inspect = (e: InspectionEvent) => {
      parent.inspect(e);
      timer.inspect(e);
      grace.inspect(e);
    };
    const actor = createActor(notificationsMachine, { clock, inspect }).start();
    const ids = () => actor.getSnapshot().context.items.map((i) => i.id);
    const held = () => actor.getSnapshot().context.held.map((h) => `${h.id}${h.grace ? ' (grace)' : ''}`);
    return { actor, clock, ids, held };
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

  it('a held notification waits without a deadline; released, it is shown after exactly its grace (2 s), then lasts its 10 s', () => {
    const { actor, clock, ids, held } = start();
    actor.send({ type: 'HOLD', notification: { ...n('r'), category: 'transaction' } });
    clock.increment(60_000);
    expect(held()).toEqual(['r']);
    expect(ids()).toEqual([]);
    actor.send({ type: 'RELEASE', id: 'r' });
    actor.send({ type: 'RELEASE', id: 'r' }); // its grace starts once
    expect(held()).toEqual(['r (grace)']);
    clock.increment(UNCLAIMED_GRACE_MS - 1);
    expect(ids()).toEqual([]);
    clock.increment(1);
    expect(ids()).toEqual(['r']);
    expect(held()).toEqual([]);
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ id: 'r', category: 'transaction' });
    clock.increment(9_999);
    expect(ids()).toEqual(['r']);
    clock.increment(1);
    expect(ids()).toEqual([]);
  });

  it('a withdrawn notification (a popup claimed its result) is never shown, held or in its grace; an unknown id changes nothing', () => {
    const { actor, clock, ids, held } = start();
    actor.send({ type: 'HOLD', notification: n('a') });
    actor.send({ type: 'HOLD', notification: n('b') });
    actor.send({ type: 'RELEASE', id: 'b' });
    actor.send({ type: 'RELEASE', id: 'nope' });
    actor.send({ type: 'WITHDRAW', id: 'a' });
    clock.increment(UNCLAIMED_GRACE_MS / 2);
    actor.send({ type: 'WITHDRAW', id: 'b' });
    actor.send({ type: 'WITHDRAW', id: 'nope' });
    clock.increment(UNCLAIMED_GRACE_MS * 5);
    expect(held()).toEqual([]);
    expect(ids()).toEqual([]);
  });

  it('held again under the same id: the later one stands and waits anew; CLEAR (logout) drops what is held', () => {
    const { actor, clock, ids, held } = start();
    actor.send({ type: 'HOLD', notification: n('a') });
    actor.send({ type: 'RELEASE', id: 'a' });
    clock.increment(UNCLAIMED_GRACE_MS - 1);
    actor.send({ type: 'HOLD', notification: { ...n('a'), title: 'later' } });
    clock.increment(UNCLAIMED_GRACE_MS);
    expect(held()).toEqual(['a']);
    expect(ids()).toEqual([]);
    actor.send({ type: 'HOLD', notification: n('b') });
    actor.send({ type: 'RELEASE', id: 'b' });
    actor.send({ type: 'CLEAR' });
    clock.increment(UNCLAIMED_GRACE_MS * 5);
    expect(held()).toEqual([]);
    expect(ids()).toEqual([]);
  });

  expectFullCoverage(parent, timer, grace);
});
