import type { Db } from '../db.ts';

/**
 * A customer as the handlers that name, find or check one read it (p2p's payee, an invoice's
 * parties, the main service's caller): the columns every one of them needs. A handler that needs
 * more extends it and selects its own columns.
 */
export interface CustomerRow {
  id: number;
  brand: string;
  login: string;
  kind: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  profile: string;
}

export const CUSTOMER_COLUMNS = 'id, brand, login, kind, first_name, last_name, business_name, profile';

/** The customer with this id, or undefined. */
export const customerById = (db: Db, id: number): CustomerRow | undefined => db.prepare(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = ?`).get(id) as CustomerRow | undefined;

/** The customer whose login is this e-mail (any case, trimmed), or undefined. */
export const customerByEmail = (db: Db, email: string): CustomerRow | undefined =>
  db.prepare(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE lower(login) = lower(?)`).get(email.trim()) as CustomerRow | undefined;

/** A customer the request already established (the acting one, a session's): their row, which must exist. */
export function existingCustomer(db: Db, id: number): CustomerRow {
  const row = customerById(db, id);
  if (!row) throw new Error(`customer ${id} does not exist`);
  return row;
}
