import type { DatabaseSync } from 'node:sqlite';
import type { HandlerContext } from './handler-types.ts';
import type { Realtime } from './realtime.ts';
import type { TokenService } from './tokens.ts';
import { INVOICE_STATUS } from '../machines/invoices/invoice-search.ts';
import { regulatedEntityOf, serviceAddress } from './documents/regulated-entity.ts';
import { insertInvoice, zeroIn } from './invoice-store.ts';
import { partyName } from './handlers/invoices.ts';
import { p2pFee, p2pHandlers } from './handlers/p2p.ts';

/**
 * The seeded invoices of each brand (issue 51), relative to the seed's clock (`now`), so a fresh
 * seed is always the same for the same clock:
 *   - 45 from invoices@ to invoices-business@'s company and 45 back, every 2.6 days over the last
 *     four months, in USD, EUR and RON, from 25.00 to about 1,500.00. Each way unpaid (some overdue,
 *     some not yet due), paid and rejected (every other rejection with a note); the company's
 *     received ones are also payment pending (4): paid by invoices-initiator@, who may only
 *     initiate, so each waits for invoices-business@ (the owner) to approve or decline it
 *     (/transfer/approved). A person has no business approver: invoices@'s are never 4.
 *     Paid ones say from which account and at what fee (the p2p fee), without moving money again.
 *   - invoices-business@: two funding invoices (one paid, one unpaid) and one other invoice from
 *     the service ("Annual account fee", paid).
 *   - invoices-overdue@: an invoice from the service ten days overdue: the account is limited for an
 *     unpaid invoice (002 s4) until it is paid (sandbox/invoice-store.ts unpaidInvoiceLimit).
 * `only` seeds just the invoices a customer sends or receives (POST /__sandbox/sign-in-state),
 * with ids after `after` (never an id an invoice had before, which a held payment may still name).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CURRENCIES = ['USD', 'EUR', 'RON'] as const;
/** Statuses from invoices@ to the company (payer a business: 4 possible) and back (payer a person). */
const TO_BUSINESS = [1, 2, 3, 2, 1, 4, 2, 3, 1] as const;
const TO_PERSON = [1, 2, 3, 2, 1, 2, 3, 1] as const;
export const SEEDED_INVOICES_EACH_WAY = 45;

const NOTES: readonly (string | null)[] = [
  'Website design, first milestone',
  'Logo refresh and brand guide',
  null,
  'Photography for the spring catalogue',
  'Translation of the product pages (EN to RO)',
  'Monthly bookkeeping',
  null,
  'Office plants and care, two months',
  'Workshop: payments for small teams',
  'Hosting and domain renewal',
  'Copywriting for the newsletter',
];
const REJECTION_NOTES: readonly string[] = ['This was already paid by bank transfer', 'Wrong amount: we agreed on a lower price', 'Not ordered by us'];

const dayOf = (instant: number): string => new Date(instant).toISOString().slice(0, 10);
const plusDays = (day: string, days: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY);

/** A varied amount from 25.00 to 1,505.00 (exact text). */
const amountOf = (i: number, way: number): string => {
  const cents = 2_500 + ((i * 7_919 + way * 3_571) % 148_000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

interface Customer {
  id: number;
  login: string;
  brand: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
}

export function seedInvoices(db: DatabaseSync, brand: string, now: number, only?: number, after?: number): void {
  const customer = (local: string) =>
    db.prepare('SELECT id, login, brand, first_name, last_name, business_name FROM customers WHERE login = ?').get(`${local}@${brand}.test`) as Customer | undefined;
  const person = customer('invoices');
  const company = customer('invoices-business');
  const initiator = customer('invoices-initiator');
  const overdue = customer('invoices-overdue');
  if (!person || !company || !initiator || !overdue) return;
  const involves = (...ids: (number | null)[]) => only === undefined || ids.includes(only);
  const account = (customerId: number, currency: string) =>
    (db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = ? ORDER BY id LIMIT 1').get(customerId, currency) as { id: number } | undefined)?.id ?? null;
  const pending: { id: number; at: number; amount: string; currency: string; payee: string }[] = [];

  const between = (payee: Customer, payer: Customer, statuses: readonly number[], way: number) => {
    if (!involves(payee.id, payer.id)) return;
    for (let i = 0; i < SEEDED_INVOICES_EACH_WAY; i += 1) {
      const sent = now - Math.round((i * 2.6 + way * 1.3) * DAY) - ((i * 7) % 24) * HOUR - 3 * HOUR;
      const statusId = statuses[i % statuses.length]!;
      const currency = CURRENCIES[(i + way) % CURRENCIES.length]!;
      const amount = amountOf(i, way);
      const sentDay = dayOf(sent);
      // Unpaid: every other one due two weeks after it was sent (overdue once older), the others in 45 days.
      const dueDate = plusDays(sentDay, statusId === INVOICE_STATUS.unpaid ? (i % 2 === 0 ? 14 : 45) : 30);
      // Decided halfway between sending and now (at most two days after).
      const decided = new Date(sent + Math.min(2 * DAY, Math.floor((now - sent) / 2))).toISOString();
      const paid = statusId === INVOICE_STATUS.paid;
      const rejected = statusId === INVOICE_STATUS.rejected;
      const id = insertInvoice(
        db,
        {
          brand,
          payeeId: payee.id,
          payerId: payer.id,
          payeeName: partyName(payee),
          payeeEmail: payee.login,
          payerName: partyName(payer),
          payerEmail: payer.login,
          payeeAccountId: account(payee.id, currency),
          payerAccountId: paid ? account(payer.id, currency) : null,
          amount,
          currency,
          fee: paid ? p2pFee(amount, currency) : zeroIn(currency),
          dueDate,
          sent: new Date(sent).toISOString(),
          updated: paid || rejected ? decided : new Date(sent).toISOString(),
          // Payment pending is reached below, by paying it as the initiator.
          statusId: statusId === INVOICE_STATUS.paymentPending ? INVOICE_STATUS.unpaid : statusId,
          note: NOTES[(i + way) % NOTES.length] ?? null,
          rejectionNote: rejected && i % 2 === 0 ? REJECTION_NOTES[i % REJECTION_NOTES.length]! : null,
        },
        after,
      );
      if (statusId === INVOICE_STATUS.paymentPending) pending.push({ id, at: Date.parse(decided), amount, currency, payee: payee.login });
    }
  };
  between(person, company, TO_BUSINESS, 0);
  between(company, person, TO_PERSON, 1);

  // The company's payments waiting for its approver: invoices-initiator@ pays them (a request each).
  for (const p of pending) {
    const accountId = account(company.id, p.currency);
    if (accountId === null) throw new Error(`sandbox seed: ${company.login} has no ${p.currency} payment account`);
    const ctx: HandlerContext<'p2pTransfer'> = {
      db,
      // Not used by a payment that becomes a request.
      tokens: undefined as unknown as TokenService,
      realtime: undefined as unknown as Realtime,
      now: () => p.at,
      body: { method: 'p2pTransfer', fromCustomerId: company.id, requestId: `seed-invoice-${p.id}`, accountId, toEmail: p.payee, amount: p.amount, currency: p.currency, invoiceId: p.id },
      files: {},
      params: {},
      query: new URLSearchParams(),
      headers: new Headers(),
      customerId: initiator.id,
    };
    const reply = p2pHandlers.p2pTransfer?.(ctx);
    const answer = (reply && !(reply instanceof Promise) ? reply.body : undefined) as { responseCode?: string; transactionRequestId?: number } | undefined;
    if (answer?.responseCode !== '00' || answer.transactionRequestId === undefined) throw new Error(`sandbox seed: invoice ${p.id} of ${brand} is not payment pending: ${JSON.stringify(answer)}`);
  }

  // From the service: the company's funding invoices (the money funds its first payment account) and a fee.
  const entity = regulatedEntityOf(brand);
  const fromService = (payer: Customer, invoice: { daysAgo: number; dueIn: number; amount: string; currency: string; funding: boolean; paid?: boolean; note?: string }) => {
    const sent = now - invoice.daysAgo * DAY - 5 * HOUR;
    insertInvoice(
      db,
      {
        brand,
        payeeId: null,
        payerId: payer.id,
        payeeName: entity.name,
        payeeEmail: serviceAddress(brand, invoice.funding ? 'funding' : 'billing'),
        payerName: partyName(payer),
        payerEmail: payer.login,
        payeeAccountId: invoice.funding ? account(payer.id, invoice.currency) : null,
        amount: invoice.amount,
        currency: invoice.currency,
        dueDate: plusDays(dayOf(sent), invoice.dueIn),
        sent: new Date(sent).toISOString(),
        updated: new Date(invoice.paid ? sent + 3 * DAY : sent).toISOString(),
        statusId: invoice.paid ? INVOICE_STATUS.paid : INVOICE_STATUS.unpaid,
        note: invoice.note ?? null,
        isFunding: invoice.funding,
        isSystem: true,
      },
      after,
    );
  };
  if (involves(company.id)) {
    fromService(company, { daysAgo: 40, dueIn: 14, amount: '5000.00', currency: 'USD', funding: true, paid: true });
    fromService(company, { daysAgo: 3, dueIn: 14, amount: '2500.00', currency: 'USD', funding: true });
    // Paid: an unpaid one would limit the company once overdue (sandbox/invoice-store.ts unpaidInvoiceLimit).
    fromService(company, { daysAgo: 35, dueIn: 30, amount: '120.00', currency: 'USD', funding: false, paid: true, note: 'Annual account fee' });
  }
  if (involves(overdue.id)) fromService(overdue, { daysAgo: 40, dueIn: 30, amount: '35.00', currency: 'EUR', funding: false, note: 'Account maintenance fee, last quarter' });
}

/**
 * A customer's invoices as seeded (POST /__sandbox/sign-in-state): every invoice they send or
 * receive goes (a payment still waiting for an approver with it: its request and held row), then
 * the seeded ones that involve them come back (new ids). Money that moved stays moved
 * (POST /__sandbox/customer-money restores it).
 */
export function restoreInvoices(db: DatabaseSync, customerId: number, now: number): void {
  const brand = (db.prepare('SELECT brand FROM customers WHERE id = ?').get(customerId) as { brand: string } | undefined)?.brand;
  if (!brand) return;
  const { highest } = db.prepare('SELECT COALESCE(MAX(id), 0) AS highest FROM invoices').get() as { highest: number };
  const rows = db.prepare('SELECT id, payer_id, pending_transaction_id FROM invoices WHERE payer_id = ? OR payee_id = ?').all(customerId, customerId) as {
    id: number;
    payer_id: number;
    pending_transaction_id: number | null;
  }[];
  for (const row of rows) {
    if (row.pending_transaction_id !== null) {
      db.prepare("DELETE FROM transaction_requests WHERE customer_id = ? AND held_transaction_id = ? AND status = 'waiting'").run(row.payer_id, row.pending_transaction_id);
      db.prepare("DELETE FROM transactions WHERE id = ? AND customer_id = ? AND status = 'processing'").run(row.pending_transaction_id, row.payer_id);
    }
    db.prepare('DELETE FROM invoices WHERE id = ?').run(row.id);
    // The seed's payments of these invoices are forgotten with them.
    db.prepare('DELETE FROM idempotent_replies WHERE customer_id = ? AND request_id = ?').run(row.payer_id, `seed-invoice-${row.id}`);
  }
  seedInvoices(db, brand, now, customerId, highest);
}
