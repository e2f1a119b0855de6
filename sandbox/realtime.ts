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
  /**
   * Results sent but not yet acknowledged (the app answers `{ type: 'ack', deliveryId }`), by
   * delivery: a socket that closes before acknowledging (a session reconnecting with a refreshed
   * token closes the old one while the result is on its way) leaves it to the next channel.
   */
  private readonly unacked = new Map<string, { customerId: number; message: object; sockets: Set<WSContext> }>();
  private deliveries = 0;
  /**
   * The decision on each pending sign-in (approved or declined on the other device), kept a minute:
   * a waiting page whose channel subscribes after the decision (the phone was quicker than its
   * socket) is told at once, so the sign-in does not wait forever.
   */
  private readonly loginDecisions = new Map<string, { at: number; message: object }>();

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
        if (message.type === 'ack') {
          const deliveryId = (message as { deliveryId?: unknown }).deliveryId;
          if (typeof deliveryId === 'string') this.unacked.delete(deliveryId);
          return;
        }
        if (message.type !== 'auth' || !message.token) return;
        const customerId = await this.tokens.verifyAccess(message.token);
        // Closed while its token was checked (the page left): subscribing it now would leave a dead
        // socket that results are sent to, and never handed on, after onClose has run.
        if (!this.all.has(ws)) return;
        if (customerId !== null) {
          add(this.byCustomer, customerId, ws);
          ws.send(JSON.stringify({ type: 'ready' }));
          const missed = (this.missed.get(customerId) ?? []).filter((m) => Date.now() - m.at <= MISSED_KEPT_MS);
          this.missed.delete(customerId);
          for (const { message: kept } of missed) {
            const deliveryId = (kept as { deliveryId?: string }).deliveryId;
            if (deliveryId) this.unacked.set(deliveryId, { customerId, message: kept, sockets: new Set([ws]) });
            ws.send(JSON.stringify(kept));
          }
          return;
        }
        const key = await this.tokens.verifyPending(message.token);
        if (key !== null) {
          add(this.byLogin, key, ws);
          ws.send(JSON.stringify({ type: 'ready' }));
          const decided = this.loginDecisions.get(key);
          if (decided && Date.now() - decided.at <= MISSED_KEPT_MS) ws.send(JSON.stringify(decided.message));
          return;
        }
        ws.send(JSON.stringify({ type: 'error', message: 'unauthorised' }));
        ws.close(4401, 'unauthorised');
      },
      onClose: (_event, ws) => {
        this.all.delete(ws);
        for (const set of [...this.byCustomer.values(), ...this.byLogin.values()]) set.delete(ws);
        // What this socket never acknowledged, and no other socket took, goes to the customer's
        // channel that is already open (one that subscribed while this one was closing), else
        // waits for the next one.
        for (const [deliveryId, pending] of this.unacked) {
          if (!pending.sockets.delete(ws) || pending.sockets.size > 0) continue;
          const open = new Set(this.byCustomer.get(pending.customerId) ?? []);
          if (open.size === 0) {
            this.unacked.delete(deliveryId);
            this.keep(pending.customerId, pending.message);
          } else {
            pending.sockets = open;
            send(open, pending.message);
          }
        }
      },
    };
  }

  toCustomer(customerId: number, message: object): number {
    const type = (message as { type?: unknown }).type;
    if (type !== 'transactionConfirmation' && type !== 'globalPayBatch' && type !== 'verification.changed' && type !== 'company.changed') return send(this.byCustomer.get(customerId), message);
    // A result the customer waits for (a transaction's, a batch's, a verification or company document decision):
    // delivered until acknowledged (each delivery has its id), kept for a channel opening meanwhile.
    this.deliveries += 1;
    const deliveryId = `d${Date.now().toString(36)}-${this.deliveries}`;
    const stamped = { ...message, deliveryId };
    const sockets = new Set(this.byCustomer.get(customerId) ?? []);
    if (sockets.size === 0) this.keep(customerId, stamped);
    else this.unacked.set(deliveryId, { customerId, message: stamped, sockets });
    return send(sockets, stamped);
  }

  /** Kept a minute for the customer's next channel. */
  private keep(customerId: number, message: object): void {
    const kept = (this.missed.get(customerId) ?? []).filter((m) => Date.now() - m.at <= MISSED_KEPT_MS).slice(-49);
    this.missed.set(customerId, [...kept, { at: Date.now(), message }]);
  }

  toLogin(key: string, message: object): number {
    const type = (message as { type?: unknown }).type;
    if (type === 'login.approved' || type === 'login.declined') {
      for (const [kept, { at }] of this.loginDecisions) if (Date.now() - at > MISSED_KEPT_MS) this.loginDecisions.delete(kept);
      this.loginDecisions.set(key, { at: Date.now(), message });
    }
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
