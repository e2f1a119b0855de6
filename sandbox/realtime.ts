import type { WSContext, WSEvents } from 'hono/ws';
import type { TokenService } from './tokens.ts';

/**
 * The realtime channel. A client's first message is `{type:'auth', token}`: an access token
 * subscribes it to its customer's notifications and confirmations; a pending-login token
 * subscribes it to that login's approval. Subscribing happens before anything is read, so an
 * event that lands in between is not lost.
 */
export class Realtime {
  private readonly tokens: TokenService;
  private readonly byCustomer = new Map<number, Set<WSContext>>();
  private readonly byLogin = new Map<string, Set<WSContext>>();
  private readonly all = new Set<WSContext>();
  /**
   * Results a customer had no open channel for (between a socket's close and the next one's auth,
   * as when a session reconnects with a refreshed token): kept a minute and handed to the next
   * channel that subscribes, as a service that redelivers missed events would. Only messages that
   * answer something the customer waits for (a transaction's result, a batch's news).
   */
  private readonly missed = new Map<number, { at: number; message: object }[]>();

  constructor(tokens: TokenService) {
    this.tokens = tokens;
  }

  handlers(): WSEvents {
    return {
      onOpen: (_event, ws) => void this.all.add(ws),
      onMessage: async (event, ws) => {
        let message: { type?: string; token?: string };
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (message.type !== 'auth' || !message.token) return;
        const customerId = await this.tokens.verifyAccess(message.token);
        if (customerId !== null) {
          add(this.byCustomer, customerId, ws);
          ws.send(JSON.stringify({ type: 'ready' }));
          const missed = (this.missed.get(customerId) ?? []).filter((m) => Date.now() - m.at <= MISSED_KEPT_MS);
          this.missed.delete(customerId);
          for (const { message: kept } of missed) ws.send(JSON.stringify(kept));
          return;
        }
        const key = await this.tokens.verifyPending(message.token);
        if (key !== null) {
          add(this.byLogin, key, ws);
          ws.send(JSON.stringify({ type: 'ready' }));
          return;
        }
        ws.send(JSON.stringify({ type: 'error', message: 'unauthorised' }));
        ws.close(4401, 'unauthorised');
      },
      onClose: (_event, ws) => {
        this.all.delete(ws);
        for (const set of [...this.byCustomer.values(), ...this.byLogin.values()]) set.delete(ws);
      },
    };
  }

  toCustomer(customerId: number, message: object): number {
    const delivered = send(this.byCustomer.get(customerId), message);
    const type = (message as { type?: unknown }).type;
    if (delivered === 0 && (type === 'transactionConfirmation' || type === 'globalPayBatch')) {
      const kept = (this.missed.get(customerId) ?? []).filter((m) => Date.now() - m.at <= MISSED_KEPT_MS).slice(-49);
      this.missed.set(customerId, [...kept, { at: Date.now(), message }]);
    }
    return delivered;
  }

  toLogin(key: string, message: object): number {
    return send(this.byLogin.get(key), message);
  }

  closeAll(): void {
    for (const ws of this.all) ws.close();
  }
}

/** How long a result waits for a channel that was reconnecting. */
const MISSED_KEPT_MS = 60_000;

function add<K>(map: Map<K, Set<WSContext>>, key: K, ws: WSContext) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(ws);
}

function send(set: Set<WSContext> | undefined, message: object): number {
  for (const ws of set ?? []) ws.send(JSON.stringify(message));
  return set?.size ?? 0;
}
