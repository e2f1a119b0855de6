// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { DEEPLINK_REFRESH_MS, linkDeviceMachine } from '@machines/settings/link-device.machine';
import { storeLinksMessages } from '@machines/auth/store-links.logic';
import { Coverage, expectFullCoverage, replayPaths } from './coverage';

type Ev = EventFromLogic<typeof linkDeviceMachine>;
type Snap = SnapshotFrom<typeof linkDeviceMachine>;

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;
const refresh = { type: 'xstate.after.deeplinkRefresh.linkDevice.open.qr.showing' } as unknown as Ev;
const link = (n: number) => ({ deeplink: `app://link-device?token=t${n}` });
const unreachable = { text: 'The service is not available' };
const phoneRefused = { fields: { phoneNumber: { text: 'This number cannot receive SMS' } } };

function start(coverage: Coverage) {
  const calls = { deeplink: 0, aborted: 0, links: [] as { phoneNumber: string }[] };
  const clock = new SimulatedClock();
  const actor = createActor(
    linkDeviceMachine.provide({
      actors: {
        requestDeeplink: fromPromise<{ deeplink: string }, void>(({ signal }) => {
          calls.deeplink += 1;
          signal.addEventListener('abort', () => void (calls.aborted += 1));
          return new Promise(() => {});
        }),
        sendStoreLinks: fromPromise<void, { phoneNumber: string }>(({ input, signal }) => {
          calls.links.push(input);
          signal.addEventListener('abort', () => void (calls.aborted += 1));
          return new Promise(() => {});
        }),
      },
    }),
    { clock, inspect: coverage.inspect },
  ).start();
  const send = (...events: Ev[]) => events.forEach((event) => actor.send(event));
  return { actor, clock, calls, send };
}

function check(s: Snap) {
  const open = s.matches('open');
  expect(s.hasTag('open')).toBe(open);
  expect(s.hasTag('qrBusy')).toBe(s.matches({ open: { qr: 'requesting' } }));
  expect(s.hasTag('qrShown')).toBe(s.matches({ open: { qr: 'showing' } }));
  expect(s.hasTag('qrFailed')).toBe(s.matches({ open: { qr: 'failed' } }));
  expect(s.hasTag('sendingLinks')).toBe(s.matches({ open: { links: 'sendingLinks' } }));
  expect(s.hasTag('linksSent')).toBe(s.matches({ open: { links: 'sent' } }));
  expect(s.hasTag('linksRefused')).toBe(s.matches({ open: { links: 'refused' } }));
  if (s.matches({ open: { qr: 'showing' } })) expect(s.context.deeplink).toMatch(/^app:\/\//);
  if (s.matches({ open: { qr: 'failed' } })) expect(s.context).toMatchObject({ deeplink: null, qrFailure: unreachable });
  if (s.matches({ open: { links: 'refused' } })) expect(s.context.linksFailure).not.toBeNull();
  if (!open) expect(s.context).toEqual({ deeplink: null, qrFailure: null, phoneNumber: '', phoneError: null, linksFailure: null });
}

describe('link device machine (the QR of a fresh deeplink, the store links by SMS)', () => {
  const coverage = new Coverage(linkDeviceMachine);

  const events = (s: Snap): Ev[] => {
    const list: Ev[] = [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'RETRY' }, { type: 'SEND_LINKS', phoneNumber: '+40 712 345 678' }, { type: 'SEND_LINKS', phoneNumber: '0712' }];
    if (s.matches({ open: { qr: 'requesting' } })) list.push(done('requestDeeplink', link(1)), fail('requestDeeplink', unreachable));
    if (s.matches({ open: { qr: 'showing' } })) list.push(refresh);
    if (s.matches({ open: { links: 'sendingLinks' } })) list.push(done('sendStoreLinks'), fail('sendStoreLinks', phoneRefused));
    return list;
  };
  const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.deeplink !== null, s.context.phoneNumber, s.context.phoneError !== null, s.context.linksFailure !== null]);
  const paths = getShortestPaths(linkDeviceMachine, { events, serializeState });

  it('generates paths', () => expect(paths.length).toBeGreaterThan(10));
  replayPaths('path ', paths, () => start(coverage).actor, check);

  it('the QR refreshes every 60 s while open, the old one shown until the new one comes', () => {
    const { actor, clock, calls, send } = start(coverage);
    send({ type: 'OPEN' });
    expect(calls.deeplink).toBe(1);
    expect(actor.getSnapshot().hasTag('qrBusy')).toBe(true);
    send(done('requestDeeplink', link(1)));
    expect(actor.getSnapshot().context.deeplink).toBe('app://link-device?token=t1');
    for (let n = 2; n <= 4; n += 1) {
      clock.increment(DEEPLINK_REFRESH_MS - 1);
      expect(calls.deeplink).toBe(n - 1);
      clock.increment(1);
      expect(calls.deeplink).toBe(n);
      // Asking: the previous QR stays on screen.
      expect(actor.getSnapshot().context.deeplink).toBe(`app://link-device?token=t${n - 1}`);
      send(done('requestDeeplink', link(n)));
      expect(actor.getSnapshot().context.deeplink).toBe(`app://link-device?token=t${n}`);
    }
    expect(DEEPLINK_REFRESH_MS).toBe(60_000);
  });

  it('a failed request shows the error (no stale QR) with RETRY', () => {
    const { actor, calls, send } = start(coverage);
    send({ type: 'OPEN' }, done('requestDeeplink', link(1)));
    actor.send(refresh);
    send(fail('requestDeeplink', unreachable));
    expect(actor.getSnapshot().hasTag('qrFailed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ deeplink: null, qrFailure: unreachable });
    send({ type: 'RETRY' });
    expect(calls.deeplink).toBe(3);
    expect(actor.getSnapshot().context.qrFailure).toBeNull();
    send(fail('requestDeeplink', new Error('bug')));
    expect(actor.getSnapshot().context.qrFailure).toMatchObject({ descriptor: expect.anything() });
  });

  it('the store links: a number the rule refuses is not sent; a right one is sent (as the contract wants it) while the QR keeps refreshing; a refusal says why and may be tried again', () => {
    const { actor, clock, calls, send } = start(coverage);
    send({ type: 'OPEN' }, done('requestDeeplink', link(1)));
    send({ type: 'SEND_LINKS', phoneNumber: '' });
    expect(actor.getSnapshot().context.phoneError).toEqual({ descriptor: storeLinksMessages.phoneRequired });
    send({ type: 'SEND_LINKS', phoneNumber: '0712 345' });
    expect(actor.getSnapshot().context).toMatchObject({ phoneNumber: '0712 345', phoneError: { descriptor: storeLinksMessages.phoneInvalid } });
    expect(calls.links).toEqual([]);
    send({ type: 'SEND_LINKS', phoneNumber: '+40 (712) 345-678' });
    expect(actor.getSnapshot().hasTag('sendingLinks')).toBe(true);
    expect(calls.links).toEqual([{ phoneNumber: '+40712345678' }]);
    // Meanwhile the QR refreshes.
    clock.increment(DEEPLINK_REFRESH_MS);
    expect(calls.deeplink).toBe(2);
    expect(actor.getSnapshot().hasTag('sendingLinks')).toBe(true);
    send(fail('sendStoreLinks', phoneRefused));
    expect(actor.getSnapshot().hasTag('linksRefused')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ linksFailure: { text: 'This number cannot receive SMS' }, phoneNumber: '+40 (712) 345-678' });
    send({ type: 'SEND_LINKS', phoneNumber: '+40 712 345 679' }, done('sendStoreLinks'));
    expect(actor.getSnapshot().hasTag('linksSent')).toBe(true);
    expect(actor.getSnapshot().context.linksFailure).toBeNull();
    // Sent again (another phone, or the SMS did not come).
    send({ type: 'SEND_LINKS', phoneNumber: '+40712345670' });
    expect(calls.links.at(-1)).toEqual({ phoneNumber: '+40712345670' });
    send(fail('sendStoreLinks', unreachable));
    expect(actor.getSnapshot().context.linksFailure).toEqual(unreachable);
    // A wrong number after a refusal: back on the form with its error, nothing sent.
    send({ type: 'SEND_LINKS', phoneNumber: 'x' });
    expect(actor.getSnapshot().matches({ open: { links: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ phoneNumber: 'x', phoneError: { descriptor: storeLinksMessages.phoneInvalid }, linksFailure: null });
    expect(calls.links).toHaveLength(3);
    // And after a success too.
    send({ type: 'SEND_LINKS', phoneNumber: '+40712345670' }, done('sendStoreLinks'), { type: 'SEND_LINKS', phoneNumber: '+40' });
    expect(actor.getSnapshot().matches({ open: { links: 'ready' } })).toBe(true);
    expect(calls.links).toHaveLength(4);
  });

  it('CLOSE stops everything: the calls in flight, the timer; nothing is kept', () => {
    const { actor, clock, calls, send } = start(coverage);
    send({ type: 'OPEN' }, done('requestDeeplink', link(1)), { type: 'SEND_LINKS', phoneNumber: '+40712345678' });
    clock.increment(DEEPLINK_REFRESH_MS);
    expect(calls.deeplink).toBe(2);
    const before = calls.aborted;
    send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(calls.aborted - before).toBe(2); // the deeplink asked and the links being sent
    clock.increment(10 * DEEPLINK_REFRESH_MS);
    expect(calls.deeplink).toBe(2);
    expect(actor.getSnapshot().context).toEqual({ deeplink: null, qrFailure: null, phoneNumber: '', phoneError: null, linksFailure: null });
    // Opened again: a fresh deeplink.
    send({ type: 'OPEN' });
    expect(calls.deeplink).toBe(3);
  });

  expectFullCoverage(coverage);
});
