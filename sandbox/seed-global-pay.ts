import type { DatabaseSync } from 'node:sqlite';
import { paymentFromRow, RECEIVE_LINK_DAYS, senderPays, type FeeShare } from '../machines/batches/global-pay-rules.ts';
import { createBatch, inAccountCurrency, insertLink, syncHistory } from './handlers/global-pay.ts';

/**
 * globalpay@ of each brand (sandbox/handlers/global-pay.ts), at fixed times so a fresh seed is
 * always the same:
 *   - the draft "March payroll" on the USD account, 4 payments: John Carter (US, USD, a receive
 *     link once sent), Lena Fischer (DE, EUR, the recipient pays the fee), personal@ of the brand
 *     (an existing customer: paid to the wallet), Ana Souza at bounce.example (fails, refunded);
 *   - the completed "October contractors" on the EUR account: paid to simple@'s wallet, paid by
 *     bank transfer through a receive link the recipient USED, failed as the recipient's link
 *     EXPIRED unused, failed as the e-mail bounced (its history row: partially completed).
 * The two links of each brand have readable ids (GET /__sandbox/receive-links?login=globalpay@brandN.test
 * lists them), for the recipient page's states:
 *   used:    rDemoUsedBrandNxxxxxxxx  (/receive/rDemoUsedBrand1xxxxxxxx on brand1)
 *   expired: rDemoExpiredBrandNxxxxx  (/receive/rDemoExpiredBrand1xxxxx on brand1)
 * With today's seed the batches of brand N are 60323 + 2N (the draft) and 60324 + 2N (the completed
 * one): 60325 and 60326 on brand1 (read them from the database or the links' list rather than rely on it).
 */
export const seededLinkId = (kind: 'Used' | 'Expired', brandIndex: number): string => `rDemo${kind}Brand${brandIndex}`.padEnd(23, 'x');

const DAY_MS = 24 * 60 * 60 * 1000;
const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

const row = (amount: string, currency: string, type: string, name: string, email: string, country: string, description: string, feeShare = 'sender', methods = '') =>
  paymentFromRow({ amount, currency, beneficiaryType: type, beneficiaryName: name, beneficiaryEmail: email, beneficiaryCountryCode: country, description, feeShare, paymentMethods: methods });

/** Seeds one brand (1–6); `loginOf` names the brand's demo users (seed.ts demoLogin). */
export function seedGlobalPay(db: DatabaseSync, brandIndex: number, loginOf: (local: string) => string): void {
  const customer = db.prepare('SELECT id FROM customers WHERE login = ?').get(loginOf('globalpay')) as { id: number } | undefined;
  if (!customer) return;
  const payment = (currency: string) =>
    (db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = ? ORDER BY id LIMIT 1').get(customer.id, currency) as { id: number } | undefined)?.id;
  const usd = payment('USD');
  const eur = payment('EUR');
  if (usd === undefined || eur === undefined) return;

  createBatch(db, {
    customerId: customer.id,
    accountId: usd,
    batchName: 'March payroll',
    created: '2026-11-24T09:30:00.000Z',
    payments: [
      row('2500.00', 'USD', 'individual', 'John Carter', 'john.carter@example.com', 'US', 'March salary'),
      row('1800.00', 'EUR', 'individual', 'Lena Fischer', 'lena.fischer@example.com', 'DE', 'March salary', 'recipient'),
      row('300.00', 'USD', 'individual', `Ana Demo ${brandIndex}`, loginOf('personal'), 'RO', 'March bonus'),
      row('400.00', 'BRL', 'individual', 'Ana Souza', 'ana.souza@bounce.example', 'BR', 'March salary', 'sender', 'bankTransfer;instantPayment'),
    ].map((input, i) => ({ line: i + 2, input })),
  });

  const created = '2026-10-20T09:00:00.000Z';
  const settled = plus(created, 4_000);
  const completed = createBatch(db, {
    customerId: customer.id,
    accountId: eur,
    batchName: 'October contractors',
    created,
    payments: [
      row('300.00', 'EUR', 'individual', `Ana Demo ${brandIndex}`, loginOf('simple'), 'RO', 'October design work'),
      row('1250.00', 'EUR', 'business', 'Atelier Lumière SARL', 'factures@atelier-lumiere.example', 'FR', 'Invoice 2026-118'),
      row('480.00', 'GBP', 'individual', 'Oliver Hughes', 'oliver.hughes@example.com', 'GB', 'October copywriting', 'recipient'),
      row('150.00', 'USD', 'individual', 'Sam Rivera', 'sam.rivera@bounce.example', 'US', 'October support'),
    ].map((input, i) => ({ line: i + 2, input })),
  });
  const [wallet, used, expired, bounced] = completed.paymentIds as [number, number, number, number];
  // Each payment's status, how it was received, why it failed.
  const outcomes = new Map<number, [string, string | null, string | null]>([
    [wallet, ['completed', 'wallet', null]],
    [used, ['completed', 'bankTransfer', null]],
    [expired, ['failed', null, 'linkExpired']],
    [bounced, ['failed', null, 'emailBounced']],
  ]);
  db.prepare("UPDATE global_pay_batches SET status = 'completed', submitted = ? WHERE id = ?").run(created, completed.batchId);
  const payments = db.prepare('SELECT id, amount, currency, fee_share FROM global_pay_payments WHERE batch_id = ?').all(completed.batchId) as {
    id: number;
    amount: string;
    currency: string;
    fee_share: string;
  }[];
  const settle = db.prepare('UPDATE global_pay_payments SET status = ?, received_by = ?, failure_reason = ?, processing_since = ?, debited = ? WHERE id = ?');
  for (const p of payments) {
    const debited = inAccountCurrency(senderPays({ amount: p.amount, feeShare: p.fee_share as FeeShare }), p.currency, 'EUR');
    const [status, receivedBy, failureReason] = outcomes.get(p.id)!;
    settle.run(status, receivedBy, failureReason, created, debited, p.id);
  }
  const expires = plus(settled, RECEIVE_LINK_DAYS * DAY_MS);
  insertLink(db, used, settled, expires, seededLinkId('Used', brandIndex));
  db.prepare('UPDATE global_pay_links SET used_at = ?, method = ?, details = ? WHERE id = ?').run(
    '2026-10-22T14:10:00.000Z',
    'bankTransfer',
    JSON.stringify({ accountHolderName: 'Atelier Lumière SARL', accountNumber: 'FR1420041010050500013M02606' }),
    seededLinkId('Used', brandIndex),
  );
  insertLink(db, expired, settled, expires, seededLinkId('Expired', brandIndex));
  syncHistory(db, completed.batchId);
}
