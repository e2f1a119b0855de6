import type { DatabaseSync } from 'node:sqlite';

/**
 * The money side of the demo data (spec 001 s3): accounts, recent transactions and announcements.
 * `rich` customers (personal@ and business@) get every kind of account in USD, EUR, RON and a
 * crypto currency, a closed account, pending amounts, cards, recent p2p transfers (one disabled)
 * and announcements with and without a required choice; the others get three payment accounts;
 * `empty` customers get nothing (home's empty state). Amounts are decimal strings, never floats.
 */
export type AccountSet = 'rich' | 'basic' | 'empty';

interface Ids {
  account: number;
  transaction: number;
  announcement: number;
}

export function accountSeeder(db: DatabaseSync, start: Ids = { account: 50_000, transaction: 900_000, announcement: 70_000 }) {
  const insertAccount = db.prepare(`INSERT INTO accounts
    (id, customer_id, type, sub_type, status_id, currency, balance, balance_min, pending, card_is_virtual, card_alias, card_expiry_month, card_expiry_year, card_reissued_status_id, settlement_account_id, wallet_address)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertTransaction = db.prepare(`INSERT INTO transactions
    (id, customer_id, account_id, created, type, amount, currency, status, counterparty, counterparty_email, permission, disabled)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAnnouncement = db.prepare('INSERT INTO announcements (id, customer_id, text_key, created, confirmation, is_read, choice) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const ids: Ids = { ...start };

  const account = (customerId: number, fields: { type?: number; subType?: string; status?: number; currency: string; balance: string; min?: string; pending?: string; virtual?: boolean; alias?: string; expiry?: [number, number]; settlement?: number }) => {
    ids.account += 1;
    insertAccount.run(
      ids.account,
      customerId,
      fields.type ?? 1001,
      fields.subType ?? null,
      fields.status ?? 1,
      fields.currency,
      fields.balance,
      fields.min ?? null,
      fields.pending ?? null,
      fields.virtual === undefined ? null : fields.virtual ? 1 : 0,
      fields.alias ?? null,
      fields.expiry?.[0] ?? null,
      fields.expiry?.[1] ?? null,
      null,
      fields.settlement ?? null,
      null,
    );
    return ids.account;
  };

  return (customerId: number, set: AccountSet, brandIndex: number) => {
    if (set === 'empty') return;
    // Slightly different figures per brand, so screenshots of two brands are told apart.
    const cents = String(brandIndex).padStart(2, '0');
    const usd = account(customerId, { currency: 'USD', balance: `12500.${cents}`, ...(set === 'rich' ? { pending: '-120.50' } : {}) });
    const eur = account(customerId, { currency: 'EUR', balance: `8300.1${brandIndex}` });
    account(customerId, { currency: 'RON', balance: '42000.00' });
    if (set !== 'rich') return;

    account(customerId, { type: 4001, currency: 'USD', balance: '-120.00', min: '-500.00' });
    account(customerId, { type: 4002, currency: 'EUR', balance: '1540.25', pending: '310.00' });
    account(customerId, { currency: 'USDT', balance: '250.12345678' });
    account(customerId, { type: 4002, status: 11, currency: 'RON', balance: '0.00' });
    account(customerId, { type: 2010, subType: 'PREPAID', status: 2, currency: 'USD', balance: '310.40', virtual: false, alias: 'Travel card', expiry: [9, 2028], settlement: usd });
    account(customerId, { type: 2020, subType: 'PREPAID', status: 71, currency: 'EUR', balance: '45.00', virtual: true, alias: 'Online shopping', expiry: [3, 2027], settlement: eur });

    const transaction = (created: string, type: string, amount: string, currency: string, status: string, counterparty: string | null, email: string | null, options: { permission?: string; disabled?: boolean; accountId?: number } = {}) => {
      ids.transaction += 1;
      insertTransaction.run(ids.transaction, customerId, options.accountId ?? (currency === 'EUR' ? eur : usd), created, type, amount, currency, status, counterparty, email, options.permission ?? null, options.disabled ? 1 : 0);
    };
    transaction('2026-11-17T09:12:00Z', 'deposit', '2000.00', 'USD', 'completed', 'Northwind Payroll', null);
    transaction('2026-11-18T14:03:00Z', 'p2p', '-75.00', 'USD', 'completed', 'Maria Ionescu', 'maria.ionescu@example.com', { permission: '3d' });
    transaction('2026-11-18T14:03:00Z', 'fee', '-0.75', 'USD', 'completed', null, null);
    transaction('2026-11-19T08:40:00Z', 'p2p', '-20.00', 'EUR', 'completed', 'Old Contact', 'old.contact@example.com', { permission: '3d', disabled: true });
    transaction('2026-11-20T16:25:00Z', 'wire', '-1250.00', 'EUR', 'processing', 'Atelier Lumière SARL', null, { permission: '3d' });
    transaction('2026-11-20T16:25:00Z', 'fee', '-12.50', 'EUR', 'completed', null, null);
    transaction('2026-11-21T10:05:00Z', 'p2p', '-40.00', 'USD', 'completed', 'Jonas Berg', 'jonas.berg@example.com', { permission: '3d' });
    transaction('2026-11-21T18:30:00Z', 'card', '-18.90', 'USD', 'completed', 'Corner Café', null);
    transaction('2026-11-22T11:00:00Z', 'p2p', '-15.00', 'USD', 'rejected', 'Sam Lee', 'sam.lee@example.com', { permission: '3d' });
    transaction('2026-11-22T12:45:00Z', 'p2p', '150.00', 'USD', 'completed', 'Maria Ionescu', 'maria.ionescu@example.com');

    const announcement = (key: string, created: string, confirmation: boolean, read: boolean) => {
      ids.announcement += 1;
      insertAnnouncement.run(ids.announcement, customerId, key, created, confirmation ? 1 : 0, read ? 1 : 0, null);
    };
    announcement('feesUpdate', '2026-11-22T08:00:00Z', true, false);
    announcement('newCards', '2026-11-19T08:00:00Z', false, false);
    announcement('maintenance', '2026-11-10T08:00:00Z', false, true);
  };
}

/**
 * Gives one customer their seeded accounts, activity and announcements again (new ids after the
 * highest ones), so an end-to-end test that adds a currency or answers an announcement can run
 * again, or be retried, against the same sandbox without touching anyone else.
 */
export function reseedMoney(db: DatabaseSync, customerId: number, set: AccountSet, brandIndex: number): void {
  const max = (table: string, floor: number) => (db.prepare(`SELECT COALESCE(MAX(id), ${floor}) AS id FROM ${table}`).get() as { id: number }).id;
  db.prepare('DELETE FROM announcements WHERE customer_id = ?').run(customerId);
  db.prepare('DELETE FROM transactions WHERE customer_id = ?').run(customerId);
  db.prepare('DELETE FROM accounts WHERE customer_id = ?').run(customerId);
  accountSeeder(db, { account: max('accounts', 50_000), transaction: max('transactions', 900_000), announcement: max('announcements', 70_000) })(customerId, set, brandIndex);
}
