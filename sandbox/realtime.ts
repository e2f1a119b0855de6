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
    return send(this.byCustomer.get(customerId), message);
  }

  toLogin(key: string, message: object): number {
    return send(this.byLogin.get(key), message);
  }

  closeAll(): void {
    for (const ws of this.all) ws.close();
  }
}

function add<K>(map: Map<K, Set<WSContext>>, key: K, ws: WSContext) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(ws);
}

function send(set: Set<WSContext> | undefined, message: object): number {
  for (const ws of set ?? []) ws.send(JSON.stringify(message));
  return set?.size ?? 0;
}
