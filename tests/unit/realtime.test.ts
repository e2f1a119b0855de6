// @vitest-environment node
import { connectRealtime } from '../../src/shared/api/realtime';
import { configureApi } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

describe('realtime channel', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
    configureApi({ bases: sandboxBases('http://127.0.0.1:9999') });
  });
  afterEach(() => vi.useRealTimers());

  it('acknowledges a result the service redelivers until it is heard (after handing it on); other messages are not acknowledged', () => {
    const got: { type: string }[] = [];
    connectRealtime({ token: () => 't', onMessage: (m) => got.push(m as { type: string }), WebSocketImpl: FakeSocket as never });
    const ws = FakeSocket.all[0]!;
    ws.onopen?.();
    ws.onmessage?.({ data: JSON.stringify({ type: 'transactionConfirmation', operationId: 'op-1', result: 'success', deliveryId: 'd1' }) });
    ws.onmessage?.({ data: JSON.stringify({ type: 'notification', title: 'Hi' }) });
    expect(got.map((m) => m.type)).toEqual(['transactionConfirmation', 'notification']);
    expect(ws.sent.slice(1).map((m) => JSON.parse(m))).toEqual([{ type: 'ack', deliveryId: 'd1' }]);
  });

  it('waits for the access token before opening (a reload restores the session with a refresh first), then authenticates with it', () => {
    let token: string | null = null;
    const connection = connectRealtime({ token: () => token, onMessage: () => {}, WebSocketImpl: FakeSocket as never });
    expect(FakeSocket.all).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(0); // never a socket that would authenticate with nothing
    token = 'restored-token';
    vi.advanceTimersByTime(200);
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0]!.onopen?.();
    expect(JSON.parse(FakeSocket.all[0]!.sent[0]!)).toEqual({ type: 'auth', token: 'restored-token' });
    connection.close();
    token = null;
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('authenticates with the first message, not in the URL, and delivers messages', () => {
    const got: unknown[] = [];
    connectRealtime({ token: () => 'secret-token', onMessage: (m) => got.push(m), WebSocketImpl: FakeSocket as never });
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toBe('ws://127.0.0.1:9999/realtime');
    expect(ws.url).not.toContain('secret');
    ws.onopen?.();
    expect(JSON.parse(ws.sent[0]!)).toEqual({ type: 'auth', token: 'secret-token' });
    ws.onmessage?.({ data: JSON.stringify({ type: 'notification', title: 'Hi' }) });
    ws.onmessage?.({ data: 'not json' });
    expect(got).toEqual([{ type: 'notification', title: 'Hi' }]);
  });

  it('reconnects after a drop with growing delays, and stops for good on close()', () => {
    const drops: number[] = [];
    const conn = connectRealtime({ token: () => 't', onMessage: () => {}, onDrop: (n) => drops.push(n), WebSocketImpl: FakeSocket as never });
    FakeSocket.all[0]!.close();
    expect(drops).toEqual([1]);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.close();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.onopen?.(); // a successful connection resets the backoff
    conn.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });
});
