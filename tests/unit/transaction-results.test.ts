// @vitest-environment node
import { i18n } from '@lingui/core';
import { createActor, SimulatedClock } from 'xstate';
import { routeRealtime } from '../../src/entities/session/model/create-session';
import { expectTransactionResults, watchTransactionResults } from '../../src/shared/model/transaction-results';
import { notificationsMachine } from '@machines/app/notifications.machine';
import { UNCLAIMED_GRACE_MS } from '@machines/shared/constants';

/**
 * Transaction results on the realtime channel (002 s4): the approval popup that waits for the
 * operation gets it; otherwise a notification says it with the result's own tone and text (it was
 * a success toast whatever the result). The grace before it is shown is the notifications
 * statechart's delay: the real statechart runs here on a simulated clock.
 */
function session() {
  const clock = new SimulatedClock();
  const notifications = createActor(notificationsMachine, { clock }).start();
  const shown = () => notifications.getSnapshot().context.items.map(({ timer: _timer, ...item }) => item);
  return { shown, clock, deps: { notifications, loginRequests: undefined } };
}
const microtask = () => Promise.resolve();

describe('transaction results from the realtime channel', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('a result nobody waits for is a notification with its tone and the spec text', () => {
    const { shown, clock, deps } = session();
    routeRealtime({ type: 'transactionConfirmation', id: 'a', result: 'success', title: 'Transfer to Ana' }, deps);
    routeRealtime({ type: 'transactionConfirmation', id: 'b', result: 'failed' }, deps);
    routeRealtime({ type: 'transactionConfirmation', id: 'c', result: 'rejected' }, deps);
    routeRealtime({ type: 'transactionConfirmation', id: 'd', result: 'rejected', message: 'Declined on the phone' }, deps);
    clock.increment(UNCLAIMED_GRACE_MS - 1);
    expect(shown()).toEqual([]);
    clock.increment(1);
    expect(shown().map((n) => [n.tone, n.title, n.body])).toEqual([
      ['success', 'Successfully submitted', 'Transfer to Ana'],
      ['error', 'Failed transaction', undefined],
      ['error', 'Transaction was rejected.', undefined],
      ['error', 'Declined on the phone', undefined],
    ]);
  });

  it('a result the popup claims is not shown twice; one it does not claim still is', () => {
    const { shown, clock, deps } = session();
    const seen: string[] = [];
    const stop = watchTransactionResults((result) => {
      seen.push(result.operationId ?? '');
      return result.operationId === 'op-1';
    });
    routeRealtime({ type: 'transactionConfirmation', result: 'success', operationId: 'op-1' }, deps);
    routeRealtime({ type: 'transactionConfirmation', result: 'success', operationId: 'op-2' }, deps);
    stop();
    routeRealtime({ type: 'transactionConfirmation', result: 'failed', operationId: 'op-1' }, deps);
    clock.increment(UNCLAIMED_GRACE_MS);
    expect(seen).toEqual(['op-1', 'op-2']);
    expect(shown().map((n) => n.title)).toEqual(['Successfully submitted', 'Failed transaction']);
  });

  it('a result that comes before its popup watches goes to the popup when it starts watching, not to a notification', async () => {
    const { shown, clock, deps } = session();
    routeRealtime({ type: 'transactionConfirmation', result: 'success', operationId: 'early' }, deps);
    clock.increment(UNCLAIMED_GRACE_MS / 2);
    const claimed: string[] = [];
    const stop = watchTransactionResults((result) => {
      if (result.operationId !== 'early') return false;
      claimed.push(result.result);
      return true;
    });
    await microtask(); // offered after the watcher has started
    clock.increment(UNCLAIMED_GRACE_MS);
    stop();
    expect(claimed).toEqual(['success']);
    expect(shown()).toEqual([]);
  });

  it('after the grace an unclaimed result is a notification, and a watcher that comes later does not get it', async () => {
    const { shown, clock, deps } = session();
    routeRealtime({ type: 'transactionConfirmation', result: 'failed', operationId: 'late' }, deps);
    clock.increment(UNCLAIMED_GRACE_MS);
    const seen: string[] = [];
    const stop = watchTransactionResults((result) => (seen.push(result.operationId ?? ''), true));
    await microtask();
    stop();
    expect(shown().map((n) => n.title)).toEqual(['Failed transaction']);
    expect(seen).toEqual([]);
  });

  it('a result that comes while a submit is on its way waits for the watch its reply starts, however late the reply is', async () => {
    const { shown, clock, deps } = session();
    const replied = expectTransactionResults(); // before the submit is sent
    routeRealtime({ type: 'transactionConfirmation', result: 'success', operationId: 'slow-reply' }, deps);
    clock.increment(UNCLAIMED_GRACE_MS * 5); // the reply takes its time
    expect(shown()).toEqual([]);
    replied();
    const claimed: string[] = [];
    const stop = watchTransactionResults((result) => result.operationId === 'slow-reply' && claimed.push(result.result) > 0);
    await microtask();
    clock.increment(UNCLAIMED_GRACE_MS);
    stop();
    expect(claimed).toEqual(['success']);
    expect(shown()).toEqual([]);
  });

  it('a result held for a submit that starts no watch of its own is a notification after the grace', () => {
    const { shown, clock, deps } = session();
    const replied = expectTransactionResults();
    routeRealtime({ type: 'transactionConfirmation', result: 'failed', operationId: 'other' }, deps);
    clock.increment(UNCLAIMED_GRACE_MS * 5);
    replied();
    replied(); // once only
    clock.increment(UNCLAIMED_GRACE_MS - 1);
    expect(shown()).toEqual([]);
    clock.increment(1);
    expect(shown().map((n) => n.title)).toEqual(['Failed transaction']);
  });

  it('a notification carries its type and status (002 s3): the status is the tone; a confirmation without a result is ignored', () => {
    const { shown, deps } = session();
    routeRealtime({ type: 'notification', id: 'n', notification: { type: 'general', status: 'info', title: 'Maintenance tonight', body: 'From 22:00' } }, deps);
    routeRealtime({ type: 'notification', id: 'd', notification: { type: 'document', status: 'error', title: 'Your document was refused' } }, deps);
    routeRealtime({ type: 'transactionConfirmation', id: 'x' }, deps);
    expect(shown()).toEqual([
      { id: 'n', tone: 'info', title: 'Maintenance tonight', body: 'From 22:00', category: 'general' },
      { id: 'd', tone: 'error', title: 'Your document was refused', body: undefined, category: 'document' },
    ]);
  });
});
