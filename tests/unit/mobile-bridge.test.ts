import { acceptBridgeMessage, listenToApp, mobileModeFrom, postToApp } from '../../src/app/model/mobile-bridge';

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
    ['1', undefined, true, '1'],
    ['true', undefined, true, '1'],
    ['0', '1', false, null],
    [null, '1', true, undefined],
    [null, undefined, false, undefined],
    ['maybe', undefined, false, undefined],
  ])('mobileApp=%j with stored %j → enabled %s, persist %j', (query, stored, enabled, persist) => {
    expect(mobileModeFrom(query, stored)).toEqual({ enabled, persist });
  });
});
