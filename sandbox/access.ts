import type { Db } from './db.ts';
import type { HandlerReply } from './handler-types.ts';
import { refused } from './kernel/replies.ts';

/**
 * Who a call acts for (spec 000 s4): the signed-in customer, or for business and admin callers the
 * customer of the body's fromCustomerId when they may act for them.
 */

/** What a user may do for a customer, by area (000 s6, 002 s3 permissions: 0 no access, 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading). */
export interface Permissions {
  balanceInfo: number;
  transfers: number;
  history: number;
  merchant: number;
  [area: string]: number;
}

/** A customer's access to their own things (a personal customer, a business owner for their company). */
export const FULL_ACCESS: Permissions = { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 };
/** An employee for themselves: an employee holds no money of their own; they act for their companies. */
export const NO_ACCESS: Permissions = { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 };
/** An admin for a customer they administer: admins read and support (balances, history, merchant settings); they never move a customer's money. */
export const ADMIN_ACCESS: Permissions = { balanceInfo: 1, transfers: 0, history: 1, merchant: 1 };

interface CallerRow {
  kind: string;
  brand: string;
  permissions: string;
}
const customerRow = (db: Db, id: number) => db.prepare('SELECT kind, brand, permissions FROM customers WHERE id = ?').get(id) as CallerRow | undefined;

/**
 * The user's access to a customer, or null when they may not act for them (issue 46): themselves
 * (an employee's own record holds nothing: NO_ACCESS; a business owner whose access another
 * full-access user changed has that access, owner_access, issue 54); a company they are an authorised user of,
 * with the rights of that relation (authorized_users: one row per user and company, so a user of two
 * companies has two sets of rights); an admin for a customer they administer (admin_customers,
 * issue 52: a careful bank gives each admin their own customers), read-only (ADMIN_ACCESS).
 * Nobody else: an employee of company A is refused for company B of the same brand, an admin for
 * a customer of the brand they do not administer.
 */
export function accessFor(db: Db, callerId: number | null, target: number | null): Permissions | null {
  if (callerId === null || target === null) return null;
  const caller = customerRow(db, callerId);
  if (!caller) return null;
  if (callerId === target) {
    if (caller.kind === 'employee') return NO_ACCESS;
    // A business owner whose access another full-access user changed (issue 54): that access, by area.
    const own = caller.kind === 'business' ? (db.prepare('SELECT permissions FROM owner_access WHERE company_id = ?').get(callerId) as { permissions: string } | undefined) : undefined;
    if (own) return JSON.parse(own.permissions) as Permissions;
    return { ...FULL_ACCESS, ...(JSON.parse(caller.permissions) as Permissions) } as Permissions;
  }
  const relation = db.prepare('SELECT permissions FROM authorized_users WHERE user_id = ? AND company_id = ?').get(callerId, target) as { permissions: string } | undefined;
  if (relation) return JSON.parse(relation.permissions) as Permissions;
  return caller.kind === 'admin' && administers(db, callerId, target) ? ADMIN_ACCESS : null;
}

/** Whether the admin administers the customer (admin_customers; the seed's ADMINISTERED_PER_ADMIN of their brand). */
export const administers = (db: Db, adminId: number, customerId: number): boolean =>
  db.prepare('SELECT 1 FROM admin_customers WHERE admin_id = ? AND customer_id = ?').get(adminId, customerId) !== undefined;

/** The customers an admin administers, by id. */
export const administeredBy = (db: Db, adminId: number): number[] =>
  (db.prepare('SELECT customer_id FROM admin_customers WHERE admin_id = ? ORDER BY customer_id').all(adminId) as { customer_id: number }[]).map((row) => row.customer_id);

/** Whether the signed-in user may act for the customer (fromCustomerId, spec 000 s4): see accessFor. */
export const actsFor = (db: Db, callerId: number | null, target: number | null): boolean => accessFor(db, callerId, target) !== null;

/** The companies a user is an authorised user of, in the order they were added (the first is the one customer info names). */
export const companiesOf = (db: Db, userId: number): number[] =>
  (db.prepare('SELECT company_id FROM authorized_users WHERE user_id = ? ORDER BY rowid').all(userId) as { company_id: number }[]).map((row) => row.company_id);

/** Makes a user an authorised user of a company with these rights (the seed, a registration's users). */
export const authorise = (db: Db, userId: number, companyId: number, accessRights: number, permissions: Permissions): void =>
  void db
    .prepare('INSERT OR REPLACE INTO authorized_users (user_id, company_id, access_rights, permissions) VALUES (?, ?, ?, ?)')
    .run(userId, companyId, accessRights, JSON.stringify(permissions));

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
