import type { Db } from './db.ts';
import type { HandlerReply } from './handler-types.ts';
import { INVOICE_STATUS } from '../machines/invoices/invoice-search.ts';
import { isOverdue } from '../machines/invoices/invoice.rules.ts';
import { currencyDecimals, decimal, units } from './kernel/money.ts';
import { refused, vfMany, type Issue } from './kernel/replies.ts';
import { customerTimeZone, dayIn } from './kernel/time-zone.ts';

/**
 * The invoices table (issue 51) and what other areas ask of it: the p2p transfer that pays an
 * invoice (sandbox/handlers/p2p.ts: the invoice it may pay, the details it must match, paid or
 * payment pending once the money moves or waits for a business approver, unpaid again when that
 * request is declined or fails) and the verification's "unpaid invoice" limit (an overdue invoice
 * from the service). The invoice calls themselves are sandbox/handlers/invoices.ts; the seed is
 * sandbox/seed-invoices.ts. Amounts are exact decimal text (amount_units for filters), written with
 * the currency's decimals.
 */

export interface InvoiceRow {
  id: number;
  brand: string;
  /** The customer who sent it and is paid; null: the service itself (a system invoice). */
  payee_id: number | null;
  payer_id: number;
  payee_name: string;
  payee_email: string;
  payer_name: string;
  payer_email: string;
  payee_account_id: number | null;
  payer_account_id: number | null;
  amount: string;
  currency: string;
  /** The payer's fee for paying it (the p2p fee), zero until paid. */
  fee: string;
  due_date: string;
  sent: string;
  updated: string;
  status_id: number;
  note: string | null;
  rejection_note: string | null;
  is_funding: number;
  is_system: number;
  /** While payment pending (4): the held p2p row of the business request that pays it. */
  pending_transaction_id: number | null;
}

/** Invoice ids follow the highest one, from 20001 (a fresh seed always gives the same ids). */
const INVOICE_ID_FLOOR = 20_000;

export const INVOICE_NOT_WAITING = 'This invoice is no longer waiting for payment';
export const NO_SUCH_INVOICE = 'No such invoice';

export const invoiceById = (db: Db, id: unknown): InvoiceRow | undefined =>
  typeof id === 'number' || (typeof id === 'string' && /^\d{1,15}$/.test(id)) ? (db.prepare('SELECT * FROM invoices WHERE id = ?').get(Number(id)) as InvoiceRow | undefined) : undefined;

/** An amount in the currency's decimals ('25' → '25.00'; 8 in crypto). */
export const inCurrency = (amount: string, currency: string): string => decimal(units(amount), currencyDecimals(currency));

/** A zero in the currency's decimals ("0.00"): the fee of an invoice not paid yet. */
export const zeroIn = (currency: string): string => decimal(0n, currencyDecimals(currency));

export interface NewInvoice {
  brand: string;
  payeeId: number | null;
  payerId: number;
  payeeName: string;
  payeeEmail: string;
  payerName: string;
  payerEmail: string;
  payeeAccountId: number | null;
  payerAccountId?: number | null;
  amount: string;
  currency: string;
  fee?: string;
  dueDate: string;
  sent: string;
  updated?: string;
  statusId?: number;
  note?: string | null;
  rejectionNote?: string | null;
  isFunding?: boolean;
  isSystem?: boolean;
}

/** Adds an invoice and answers its id: after the highest one (and after `after`, when given). */
export function insertInvoice(db: Db, invoice: NewInvoice, after?: number): number {
  const { highest } = db.prepare(`SELECT COALESCE(MAX(id), ${INVOICE_ID_FLOOR}) AS highest FROM invoices`).get() as { highest: number };
  const next = Math.max(highest, after ?? 0) + 1;
  const amount = inCurrency(invoice.amount, invoice.currency);
  db.prepare(
    `INSERT INTO invoices (id, brand, payee_id, payer_id, payee_name, payee_email, payer_name, payer_email, payee_account_id, payer_account_id, amount, amount_units, currency, fee,
       due_date, sent, updated, status_id, note, rejection_note, is_funding, is_system, pending_transaction_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
  ).run(
    next,
    invoice.brand,
    invoice.payeeId,
    invoice.payerId,
    invoice.payeeName,
    invoice.payeeEmail.toLowerCase(),
    invoice.payerName,
    invoice.payerEmail.toLowerCase(),
    invoice.payeeAccountId,
    invoice.payerAccountId ?? null,
    amount,
    units(amount),
    invoice.currency,
    invoice.fee ?? zeroIn(invoice.currency),
    invoice.dueDate,
    invoice.sent,
    invoice.updated ?? invoice.sent,
    invoice.statusId ?? INVOICE_STATUS.unpaid,
    invoice.note ?? null,
    invoice.rejectionNote ?? null,
    invoice.isFunding ? 1 : 0,
    invoice.isSystem ? 1 : 0,
  );
  return next;
}

// ---- paying an invoice with a p2p transfer ------------------------------------------------------

/**
 * The invoice a p2p transfer of `acting` may pay (p2pTransfer's invoiceId): one they received,
 * unpaid, not a funding invoice (that one is paid by bank transfer to the details on its PDF);
 * otherwise the refusal (UE, the service's words).
 */
export function invoiceToPay(db: Db, acting: number, invoiceId: unknown): { invoice: InvoiceRow } | { refused: HandlerReply } {
  const invoice = invoiceById(db, invoiceId);
  if (!invoice || invoice.payer_id !== acting) return { refused: refused(NO_SUCH_INVOICE, 'UE') };
  if (invoice.is_funding === 1) return { refused: refused('A funding invoice is paid by bank transfer to the details on its PDF', 'UE') };
  if (invoice.status_id !== INVOICE_STATUS.unpaid) return { refused: refused(INVOICE_NOT_WAITING, 'UE') };
  return { invoice };
}

/** A payment that is not the invoice's, by param (VF): the recipient, the amount and the currency must be the invoice's. */
export function invoiceMismatch(invoice: InvoiceRow, paid: { toEmail: string; amount: string; currency: string }): HandlerReply | null {
  const issues: Issue[] = [];
  if (paid.toEmail.trim().toLowerCase() !== invoice.payee_email) issues.push({ param: 'toEmail', description: `Pay the sender of the invoice: ${invoice.payee_email}` });
  if (units(paid.amount) !== units(invoice.amount)) issues.push({ param: 'amount', description: `Pay the amount of the invoice: ${invoice.amount} ${invoice.currency}` });
  if (paid.currency !== invoice.currency) issues.push({ param: 'currency', description: `Pay in the currency of the invoice: ${invoice.currency}` });
  return issues.length ? vfMany(issues) : null;
}

/**
 * Whether the money of a p2p transfer may pay the invoice now (when it moves): still unpaid, or
 * payment pending for this very transfer (its held row). Another payment got there first, or it was
 * rejected meanwhile: the transfer fails and its money stays.
 */
export function invoiceStillPayable(db: Db, invoiceId: number, heldTransactionId: number | null): boolean {
  const invoice = invoiceById(db, invoiceId);
  if (!invoice) return false;
  if (invoice.status_id === INVOICE_STATUS.unpaid) return true;
  return invoice.status_id === INVOICE_STATUS.paymentPending && heldTransactionId !== null && invoice.pending_transaction_id === heldTransactionId;
}

/** Paid (2) on both sides: the account it was paid from and the fee it cost; total is amount + fee. */
export const markInvoicePaid = (db: Db, invoiceId: number, payerAccountId: number, fee: string, now: string): void =>
  void db
    .prepare('UPDATE invoices SET status_id = ?, payer_account_id = ?, fee = ?, updated = ?, pending_transaction_id = NULL WHERE id = ?')
    .run(INVOICE_STATUS.paid, payerAccountId, fee, now, invoiceId);

/** Payment pending (4): a business user's payment waits for an approver (its held row names it). */
export const markInvoicePending = (db: Db, invoiceId: number, heldTransactionId: number, now: string): void =>
  void db.prepare('UPDATE invoices SET status_id = ?, pending_transaction_id = ?, updated = ? WHERE id = ? AND status_id = ?').run(INVOICE_STATUS.paymentPending, heldTransactionId, now, invoiceId, INVOICE_STATUS.unpaid);

/** Unpaid (1) again when the payment pending for this held row is declined or fails. */
export const releaseInvoice = (db: Db, invoiceId: number, heldTransactionId: number | null, now: string): void => {
  if (heldTransactionId === null) return;
  db.prepare('UPDATE invoices SET status_id = ?, pending_transaction_id = NULL, updated = ? WHERE id = ? AND status_id = ? AND pending_transaction_id = ?').run(
    INVOICE_STATUS.unpaid,
    now,
    invoiceId,
    INVOICE_STATUS.paymentPending,
    heldTransactionId,
  );
};

// ---- the verification's "unpaid invoice" limit -------------------------------------------------

/**
 * Whether the customer is limited for an unpaid invoice (002 s4 required-action reason 2): an
 * invoice the service issued them (a system invoice, not a funding one) is unpaid after its due
 * day, in the customer's time zone. Paying it lifts the limit. (The limit reasons a demo user's
 * verification case brings are its profile's; this one follows the invoices.)
 */
export function unpaidInvoiceLimit(db: Db, customerId: number | null, now: number): boolean {
  if (customerId === null) return false;
  const rows = db
    .prepare('SELECT status_id, due_date FROM invoices WHERE payer_id = ? AND status_id = ? AND is_system = 1 AND is_funding = 0')
    .all(customerId, INVOICE_STATUS.unpaid) as { status_id: number; due_date: string }[];
  if (rows.length === 0) return false;
  const today = dayIn(now, customerTimeZone(db, customerId));
  return rows.some((row) => isOverdue({ statusId: row.status_id, dueDate: row.due_date }, today));
}

/** The limit reason an overdue invoice from the service gives (nothing to send: it ends when paid). */
export const UNPAID_INVOICE_REASON = { actionTypeId: 2, requirementDocuments: [] } as const;
