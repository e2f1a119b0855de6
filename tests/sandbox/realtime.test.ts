// @vitest-environment node
import { Realtime } from '../../sandbox/realtime';

/** The sandbox's realtime channel keeps a result a reconnecting customer had no channel for. */
describe('sandbox realtime: results missed while reconnecting', () => {
  const tokens = { verifyAccess: async (token: string) => (token === 'access-7' ? 7 : null), verifyPending: async () => null };
  const socket = () => {
    const sent: { type: string }[] = [];
    return { sent, ws: { send: (text: string) => sent.push(JSON.parse(text)), close: () => undefined } };
  };
  const auth = async (realtime: Realtime, ws: object, token: string) => {
    const handlers = realtime.handlers();
    handlers.onOpen?.(new Event('open'), ws as never);
    await handlers.onMessage?.({ data: JSON.stringify({ type: 'auth', token }) } as MessageEvent, ws as never);
  };

  it('hands a transaction result and a batch change to the next channel that subscribes, once; other messages are not kept', async () => {
    const realtime = new Realtime(tokens as never);
    expect(realtime.toCustomer(7, { type: 'transactionConfirmation', operationId: 'op-1', result: 'success' })).toBe(0);
    expect(realtime.toCustomer(7, { type: 'globalPayBatch', batchId: 5 })).toBe(0);
    expect(realtime.toCustomer(7, { type: 'login.request', key: 'k' })).toBe(0);
    const first = socket();
    await auth(realtime, first.ws, 'access-7');
    expect(first.sent.map((m) => m.type)).toEqual(['ready', 'transactionConfirmation', 'globalPayBatch']);
    const second = socket();
    await auth(realtime, second.ws, 'access-7');
    expect(second.sent.map((m) => m.type)).toEqual(['ready']);
    expect(realtime.toCustomer(7, { type: 'transactionConfirmation', operationId: 'op-2' })).toBe(2);
  });

  it('a result sent to a socket that closes before acknowledging it goes to the next channel; an acknowledged one does not', async () => {
    const realtime = new Realtime(tokens as never);
    const handlers = realtime.handlers();
    const old = socket();
    await auth(realtime, old.ws, 'access-7');
    expect(realtime.toCustomer(7, { type: 'transactionConfirmation', operationId: 'op-1', result: 'success' })).toBe(1);
    expect(realtime.toCustomer(7, { type: 'transactionConfirmation', operationId: 'op-2', result: 'success' })).toBe(1);
    const [first, second] = old.sent.slice(1) as unknown as { deliveryId: string; operationId: string }[];
    expect(first!.deliveryId).toMatch(/^d/);
    expect(second!.deliveryId).not.toBe(first!.deliveryId);
    // op-1 heard; the socket closes (a refreshed token) before op-2 is acknowledged.
    await handlers.onMessage?.({ data: JSON.stringify({ type: 'ack', deliveryId: first!.deliveryId }) } as MessageEvent, old.ws as never);
    handlers.onClose?.(new CloseEvent('close'), old.ws as never);
    const next = socket();
    await auth(realtime, next.ws, 'access-7');
    expect(next.sent.map((m) => (m as { operationId?: string }).operationId ?? m.type)).toEqual(['ready', 'op-2']);
    // Acknowledged on the new channel: a later reconnect hands over nothing more.
    await handlers.onMessage?.({ data: JSON.stringify({ type: 'ack', deliveryId: second!.deliveryId }) } as MessageEvent, next.ws as never);
    handlers.onClose?.(new CloseEvent('close'), next.ws as never);
    const last = socket();
    await auth(realtime, last.ws, 'access-7');
    expect(last.sent.map((m) => m.type)).toEqual(['ready']);
  });
  it('a result sent to a closing socket goes to the channel that subscribed meanwhile, not to one that never comes', async () => {
    const realtime = new Realtime(tokens as never);
    const handlers = realtime.handlers();
    const old = socket();
    await auth(realtime, old.ws, 'access-7');
    const fresh = socket();
    await auth(realtime, fresh.ws, 'access-7'); // the reloaded page, before the old socket's close is seen
    expect(realtime.toCustomer(7, { type: 'transactionConfirmation', operationId: 'op-1', result: 'success' })).toBe(2);
    const sent = fresh.sent.at(-1) as unknown as { deliveryId: string };
    handlers.onClose?.(new CloseEvent('close'), fresh.ws as never); // the new one drops too before it acknowledges…
    const again = socket();
    await auth(realtime, again.ws, 'access-7');
    handlers.onClose?.(new CloseEvent('close'), old.ws as never); // …and the old one's close comes last
    expect(again.sent.map((m) => (m as { operationId?: string }).operationId ?? m.type)).toEqual(['ready', 'op-1']);
    await handlers.onMessage?.({ data: JSON.stringify({ type: 'ack', deliveryId: sent.deliveryId }) } as MessageEvent, again.ws as never);
    handlers.onClose?.(new CloseEvent('close'), again.ws as never);
    const last = socket();
    await auth(realtime, last.ws, 'access-7');
    expect(last.sent.map((m) => m.type)).toEqual(['ready']);
  });

  it('a socket that closes while its token is being checked is not subscribed: the result waits for the next channel', async () => {
    let check!: (customerId: number) => void;
    const slow = { verifyAccess: () => new Promise<number>((resolve) => (check = resolve)), verifyPending: async () => null };
    const realtime = new Realtime(slow as never);
    const handlers = realtime.handlers();
    const leaving = socket();
    handlers.onOpen?.(new Event('open'), leaving.ws as never);
    const authed = handlers.onMessage?.({ data: JSON.stringify({ type: 'auth', token: 'access-7' }) } as MessageEvent, leaving.ws as never);
    handlers.onClose?.(new CloseEvent('close'), leaving.ws as never); // the page left during the check
    check(7);
    await authed;
    expect(realtime.toCustomer(7, { type: 'transactionConfirmation', operationId: 'op-1', result: 'success' })).toBe(0);
    const next = socket();
    handlers.onOpen?.(new Event('open'), next.ws as never);
    const nextAuthed = handlers.onMessage?.({ data: JSON.stringify({ type: 'auth', token: 'access-7' }) } as MessageEvent, next.ws as never);
    check(7);
    await nextAuthed;
    expect(next.sent.map((m) => (m as { operationId?: string }).operationId ?? m.type)).toEqual(['ready', 'op-1']);
  });
  it('a sign-in decided before its waiting page subscribed is told when the page subscribes', async () => {
    const pending = { verifyAccess: async () => null, verifyPending: async (token: string) => (token === 'pending-k' ? 'k' : null) };
    const realtime = new Realtime(pending as never);
    expect(realtime.toLogin('k', { type: 'login.approved', key: 'k' })).toBe(0); // the phone was quicker
    const waiting = socket();
    await auth(realtime, waiting.ws, 'pending-k');
    expect(waiting.sent.map((m) => m.type)).toEqual(['ready', 'login.approved']);
    const other = socket();
    await auth(realtime, other.ws, 'access-7');
    expect(other.sent.map((m) => m.type)).toEqual(['error']);
  });
});
