import { acceptBridgeMessage, hasNativeBridge, listenToApp, mobileModeFrom, postToApp } from '../../src/app/model/mobile-bridge';

describe('mobile bridge: which messages are accepted', () => {
  const page = { origin: 'https://app.brand.example', window: {} };
  const secret = JSON.stringify({ type: 'deviceSecret', secret: 'secret-123456', pushToken: 'push-1' });
  it.each([
    ['own origin, no source (injected by the app)', { origin: page.origin, source: null, data: secret }, 'deviceSecret'],
    ['own origin, this window', { origin: page.origin, source: page.window, data: '{"type":"logout"}' }, 'logout'],
    ['an object instead of a string', { origin: page.origin, source: null, data: { type: 'logout' } }, 'logout'],
    ['another origin', { origin: 'https://evil.example', source: null, data: secret }, null],
    ['an empty origin', { origin: '', source: null, data: secret }, null],
    ['another window of the same origin (iframe)', { origin: page.origin, source: {}, data: secret }, null],
    ['not JSON', { origin: page.origin, source: null, data: '{nope' }, null],
    ['unknown type', { origin: page.origin, source: null, data: '{"type":"transfer","amount":1000}' }, null],
    ['a secret that is too short', { origin: page.origin, source: null, data: '{"type":"deviceSecret","secret":"x","pushToken":"p"}' }, null],
  ])('%s → %s', (_name, event, expected) => {
    expect(acceptBridgeMessage(event as never, page)?.type ?? null).toBe(expected);
  });

  it('listens on the window and delivers only accepted messages', () => {
    const got: string[] = [];
    const stop = listenToApp((m) => got.push(m.type));
    window.dispatchEvent(new MessageEvent('message', { data: '{"type":"logout"}', origin: location.origin }));
    window.dispatchEvent(new MessageEvent('message', { data: '{"type":"logout"}', origin: 'https://evil.example' }));
    stop();
    window.dispatchEvent(new MessageEvent('message', { data: '{"type":"logout"}', origin: location.origin }));
    expect(got).toEqual(['logout']);
  });

  it('posts JSON to the native interface when there is one', () => {
    const sent: string[] = [];
    postToApp({ type: 'ready' }, { ReactNativeWebView: { postMessage: (d: string) => sent.push(d) } } as unknown as Window);
    postToApp({ type: 'ready' }, {} as Window); // a plain browser: nothing, no error
    expect(sent).toEqual(['{"type":"ready"}']);
  });

  it.each([
    // inside the wrapper (its interface injected)
    ['1', undefined, true, true, '1'],
    ['true', undefined, true, true, '1'],
    ['0', '1', true, false, null],
    [null, '1', true, true, undefined],
    [null, undefined, true, false, undefined],
    ['maybe', undefined, true, false, undefined],
    // a plain browser: a link turns nothing on, and a stored flag is forgotten (issue 47)
    ['1', undefined, false, false, undefined],
    ['true', '1', false, false, null],
    [null, '1', false, false, null],
    [null, undefined, false, false, undefined],
    ['0', '1', false, false, null],
  ])('mobileApp=%j with stored %j, bridge %s → enabled %s, persist %j', (query, stored, bridge, enabled, persist) => {
    expect(mobileModeFrom(query, stored, bridge)).toEqual({ enabled, persist });
  });

  it('the handshake is the native interface the wrapper injects', () => {
    expect(hasNativeBridge({} as Window)).toBe(false);
    expect(hasNativeBridge({ ReactNativeWebView: {} } as unknown as Window)).toBe(false);
    expect(hasNativeBridge({ ReactNativeWebView: { postMessage: () => undefined } } as unknown as Window)).toBe(true);
  });
});
