import { companiesOf } from '../access.ts';
import type { Db } from '../db.ts';
import type { HandlerReply, ServiceHandlerMap } from '../handler-types.ts';
import { customerById } from '../kernel/customers.ts';
import { signSupportToken } from '../support-token.ts';
import { agentOf, contactOfCustomer, displayNameOf, ticketStats, ticketsOf } from '../support-store.ts';

/**
 * The bank's own support service (api-schemas/support.yaml, service `support` under /support,
 * bearer token; spec 002 s7 "Support tickets: Own service"; issue 60), on sandbox/support-store.ts.
 *
 * - Who: the acting customer: the signed-in one, or `fromCustomerId` when that is the signed-in
 *   user themselves or a company they are an authorised user of (sandbox/access.ts companiesOf, any
 *   rights: support is not an area of the permissions). Anyone else (another customer, a company of
 *   another user, a customer an admin administers: admins read, they do not write to the help desk
 *   as the customer), or a fromCustomerId that is not a whole number from 1 to 2147483647 (nobody
 *   at all; supportAgent and supportTicketStats have no 400): 403 "You cannot act for this customer".
 * - supportToken: the support token (sandbox/support-token.ts: HS256, sub the acting customer,
 *   email their login, name their display name, widgetId, brand, iat, exp 5 minutes later on the
 *   sandbox's clock) and `expiresAt`. No widgetId, or one over 64 characters: 400.
 * - supportAgent: the brand's agent (a name, an inline SVG photo, available from 08:00 to 20:00
 *   UTC on the sandbox's clock).
 * - supportTicketStats: how many of the acting customer's help desk tickets are in each display
 *   status now (the rules' ticketStatusId for their contact's e-mail); `all` every one. No contact
 *   yet: zeros.
 * - supportTickets: their tickets by number, the newest (made last) first; `ticketNumber` keeps the
 *   one with that number (none when they have no such ticket); over 32 characters: 400.
 */

/** The refusals (translated in sandbox/texts). */
export const CANNOT_ACT = 'You cannot act for this customer';
export const WIDGET_TEXT = 'Name the help desk widget the token is for';
export const TICKET_NUMBER_TEXT = 'Give a ticket number of at most 32 characters';

/** The most a fromCustomerId may be (the contract's maximum). */
const CUSTOMER_ID_MAX = 2_147_483_647;

const answer = (body: Record<string, unknown>): HandlerReply => ({ status: 200, body });
const refusal = (status: 400 | 403, text: string): HandlerReply => ({ status, body: { message: text } });
const isReply = (value: unknown): value is HandlerReply => typeof value === 'object' && value !== null && 'status' in value;

/** The customer the call acts for (fromCustomerId, else the signed-in one), or its 403. */
export function supportActingOf(ctx: { db: Db; customerId: number | null; query: URLSearchParams }): number | HandlerReply {
  const signedIn = ctx.customerId!;
  const text = ctx.query.get('fromCustomerId');
  if (text === null) return signedIn;
  // Not a customer id (the contract's 1 to 2147483647) names no one the user may act for: 403 like
  // anyone else (supportAgent and supportTicketStats have no 400).
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  if (id === null || id > CUSTOMER_ID_MAX || (id !== signedIn && !companiesOf(ctx.db, signedIn).includes(id))) return refusal(403, CANNOT_ACT);
  return id;
}

export const supportHandlers: ServiceHandlerMap<'support'> = {
  supportToken: async (ctx) => {
    const acting = supportActingOf(ctx);
    if (isReply(acting)) return acting;
    const widgetId = ctx.query.get('widgetId') ?? '';
    if (widgetId.length < 1 || widgetId.length > 64) return refusal(400, WIDGET_TEXT);
    const customer = customerById(ctx.db, acting)!;
    const signed = await signSupportToken({ customerId: acting, email: customer.login, name: displayNameOf(customer), widgetId, brand: customer.brand }, ctx.now());
    return answer(signed);
  },

  supportAgent: (ctx) => {
    const acting = supportActingOf(ctx);
    if (isReply(acting)) return acting;
    return answer(agentOf(customerById(ctx.db, acting)!.brand, ctx.now()));
  },

  supportTicketStats: (ctx) => {
    const acting = supportActingOf(ctx);
    if (isReply(acting)) return acting;
    return answer(ticketStats(ctx.db, contactOfCustomer(ctx.db, acting), ctx.now()));
  },

  supportTickets: (ctx) => {
    const acting = supportActingOf(ctx);
    if (isReply(acting)) return acting;
    const number = ctx.query.get('ticketNumber');
    if (number !== null && (number.length < 1 || number.length > 32)) return refusal(400, TICKET_NUMBER_TEXT);
    const contact = contactOfCustomer(ctx.db, acting);
    const rows = contact ? ticketsOf(ctx.db, contact.id) : [];
    const data = rows
      .sort((x, y) => (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : y.id - x.id))
      .filter((row) => number === null || String(row.number) === number)
      .map((row) => ({ id: String(row.id), ticketNumber: String(row.number) }));
    return answer({ data });
  },
};
