import * as v from 'valibot';
import type { BridgeIncoming, BridgeOutgoing } from '@machines/app/mobile-bridge.machine';

/**
 * The browser side of the mobile-app bridge. Contract with the native app (documented in
 * docs/decisions.md): the app posts JSON strings into the page with `window.postMessage(data,
 * location.origin)` from its injected script (so the event's origin is the page's own and its
 * source is this window); the page posts to the app through `window.ReactNativeWebView.postMessage`.
 * Anything from another origin or another window (an iframe, an opener) is dropped.
 */
const incomingSchema = v.variant('type', [
  v.object({ type: v.literal('deviceSecret'), secret: v.pipe(v.string(), v.minLength(8), v.maxLength(512)), pushToken: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) }),
  v.object({ type: v.literal('logout') }),
]);

export function acceptBridgeMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  page: { origin: string; window: unknown },
): BridgeIncoming | null {
  if (event.origin !== page.origin) return null;
  if (event.source !== null && event.source !== page.window) return null;
  let data: unknown = event.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const result = v.safeParse(incomingSchema, data);
  return result.success ? (result.output as BridgeIncoming) : null;
}

/** Web → app. Without the native interface (a plain browser) nothing is sent. */
export function postToApp(message: BridgeOutgoing, win: Window = window): void {
  const native = (win as unknown as { ReactNativeWebView?: { postMessage: (data: string) => void } }).ReactNativeWebView;
  native?.postMessage(JSON.stringify(message));
}

/** Subscribes to checked incoming messages; returns the unsubscribe. */
export function listenToApp(onMessage: (message: BridgeIncoming) => void, win: Window = window): () => void {
  const handler = (event: MessageEvent) => {
    const message = acceptBridgeMessage(event, { origin: win.location.origin, window: win });
    if (message) onMessage(message);
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}

/** Whether the native app's interface was injected into this page before it loaded: the wrapper's own handshake. */
export function hasNativeBridge(win: Window = window): boolean {
  const native = (win as unknown as { ReactNativeWebView?: { postMessage?: unknown } }).ReactNativeWebView;
  return typeof native?.postMessage === 'function';
}

/**
 * Wrapper mode (spec 000: "the mode flag is persisted"). `?mobileApp=1` turns it on and is kept,
 * `?mobileApp=0` off; otherwise the stored flag. Issue 47: the mode holds only inside the wrapper,
 * whose injected interface (`bridge`) is the handshake: in a plain browser a link's or a stored flag
 * turns nothing on (downloads would go to an app that is not there) and a stored flag is removed.
 */
export function mobileModeFrom(query: string | null, stored: string | undefined, bridge: boolean): { enabled: boolean; persist: '1' | null | undefined } {
  if (query === '0' || query === 'false') return { enabled: false, persist: null };
  if (!bridge) return { enabled: false, persist: stored === undefined ? undefined : null };
  if (query === '1' || query === 'true') return { enabled: true, persist: '1' };
  return { enabled: stored === '1', persist: undefined };
}
