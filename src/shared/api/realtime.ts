import { apiRuntime } from './runtime';

/**
 * The realtime channel (WebSocket): notifications, transaction confirmations and login
 * approvals. The first message authenticates (`{type:'auth', token}`: the access token, or
 * the tmpJwt of a pending login), so no token ends up in a URL or a log. Reconnects after a
 * drop with capped exponential backoff; `close()` stops for good (logout).
 */
export interface RealtimeMessage {
  type: string;
  [key: string]: unknown;
}

export interface RealtimeConnection {
  close(): void;
}

export interface RealtimeOptions {
  token: () => string | null;
  onMessage: (message: RealtimeMessage) => void;
  /** Called when the connection is down and a retry is scheduled (attempt counts from 1). */
  onDrop?: (attempt: number) => void;
  onOpen?: () => void;
  maxBackoffMs?: number;
  WebSocketImpl?: typeof WebSocket;
}

/** How often a channel waiting for its access token looks again. */
const TOKEN_WAIT_MS = 200;

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const open = () => {
    if (closed) return;
    // No access token yet (a reload restores the session with a refresh first): a socket opened now
    // would authenticate with nothing and hear nothing, so wait for the token.
    if (!options.token()) {
      timer = setTimeout(open, TOKEN_WAIT_MS);
      return;
    }
    const ws = new Impl(apiRuntime.bases.realtime);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      ws.send(JSON.stringify({ type: 'auth', token: options.token() }));
      options.onOpen?.();
    };
    ws.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as RealtimeMessage;
        if (message && typeof message.type === 'string') {
          options.onMessage(message);
          // A result the service redelivers until it hears it was received (a socket closing under it loses nothing).
          if (typeof message.deliveryId === 'string') ws.send(JSON.stringify({ type: 'ack', deliveryId: message.deliveryId }));
        }
      } catch {
        /* ignore malformed frames */
      }
    };
    ws.onclose = () => {
      if (closed) return;
      attempt += 1;
      options.onDrop?.(attempt);
      const delay = Math.min(maxBackoff, 500 * 2 ** (attempt - 1));
      timer = setTimeout(open, delay);
    };
    ws.onerror = () => ws.close();
  };

  open();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
