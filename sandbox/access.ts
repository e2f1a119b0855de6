import type { Db } from './db.ts';

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
