import type { Db } from './db.ts';
import type { HandlerReply } from './handler-types.ts';
import { refused } from './kernel/replies.ts';

/**
 * Who a call acts for (spec 000 s4): the signed-in customer, or for business and admin callers the
 * customer of the body's fromCustomerId when they may act for them.
 */

/**
 * Whether the signed-in customer may act for another (fromCustomerId, spec 000 s4): themselves;
 * an admin for anyone of the brand; a business employee for the business of the same brand.
 */
export function actsFor(db: Db, callerId: number | null, target: number | null): boolean {
  if (callerId === null || target === null) return false;
  if (callerId === target) return true;
  const caller = db.prepare('SELECT kind, brand FROM customers WHERE id = ?').get(callerId) as { kind: string; brand: string } | undefined;
  const other = db.prepare('SELECT kind, brand FROM customers WHERE id = ?').get(target) as { kind: string; brand: string } | undefined;
  if (!caller || !other || caller.brand !== other.brand) return false;
  return caller.kind === 'admin' || (caller.kind === 'employee' && other.kind === 'business');
}

/** The refusal of a call for a customer the caller may not act for (or a thing that is not theirs). */
export const denied: HandlerReply = refused('You cannot act for this customer', 'ENOA');

/** The body's fromCustomerId when it is a number (the rule-added field of every main-service request). */
const fromCustomerIdOf = (body: unknown): number | undefined =>
  typeof body === 'object' && body !== null && 'fromCustomerId' in body && typeof body.fromCustomerId === 'number' ? body.fromCustomerId : undefined;

/** The acting customer: the body's fromCustomerId, else the signed-in one. */
export const actingCustomerOf = ({ customerId, body }: { customerId: number | null; body: unknown }): number | null => fromCustomerIdOf(body) ?? customerId;

/** What acting for someone reads of a call. */
export interface ActingContext {
  db: Db;
  customerId: number | null;
  body: unknown;
}

/** The customer the call acts for, or null when the caller may not act for them. */
export function owner(ctx: ActingContext): number | null {
  const target = actingCustomerOf(ctx);
  return actsFor(ctx.db, ctx.customerId, target) ? target : null;
}

/** The signed-in user an operation is held for, when not the acting customer (an employee acting for a company); else null. */
export const callerFor = (ctx: { customerId: number | null | undefined }, acting: number): number | null => (ctx.customerId != null && ctx.customerId !== acting ? ctx.customerId : null);
