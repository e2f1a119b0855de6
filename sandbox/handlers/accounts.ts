import { createHash } from 'node:crypto';
import type { HandlerMap, HandlerContext } from '../handler-types.ts';
import { actsFor } from '../access.ts';
import { pickLanguage } from '../auth-messages.ts';
import { ANNOUNCEMENT_TEXTS } from '../announcement-texts.ts';
import { CURRENCIES } from '../reference-lists.ts';

/**
 * Accounts, currencies, wallets, recent transfers and announcements (spec 001 s3, s4, s7); the
 * history (transactionHistory and the rest of the history area) is sandbox/handlers/history.ts.
 * Every call acts for the signed-in customer or, for business and admin callers, for
 * fromCustomerId (spec 000 s4). State lives in SQLite, so an added currency or a created wallet
 * is still there after a restart.
 */

export interface AccountRow {
  id: number;
  customer_id: number;
  type: number;
  sub_type: string | null;
  status_id: number;
  currency: string;
  balance: string;
  balance_min: string | null;
  pending: string | null;
  card_is_virtual: number | null;
  card_alias: string | null;
  card_expiry_month: number | null;
  card_expiry_year: number | null;
  card_reissued_status_id: number | null;
  settlement_account_id: number | null;
  wallet_address: string | null;
}

/** Currencies a customer may add: the reference list's currencies (sandbox/reference-lists.ts, the currencies method). */
export const ADDABLE_CURRENCIES = CURRENCIES.map(([code]) => code);
const CRYPTO = new Set(['BTC', 'ETH', 'USDT', 'USDC']);

/** Indicative rates to USD (decimal strings); other pairs are derived through USD, to 8 decimals. */
const USD_RATES: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  RON: '0.2174',
  CAD: '0.73',
  AUD: '0.65',
  BTC: '64250.5',
  USDT: '1',
  // The currencies external transfers arrive in (sandbox/handlers/external.ts).
  BRL: '0.18',
  JPY: '0.0067',
  HKD: '0.128',
  LKR: '0.0033',
  INR: '0.012',
  ETH: '3100',
  USDC: '1',
};

export const denied = { status: 200, body: { responseCode: 'ENOA', responseDescription: 'You cannot act for this customer' } };

/** The customer the call acts for, or null when the caller may not act for them. */
export function owner({ db, customerId, body }: HandlerContext): number | null {
  const target = typeof body.fromCustomerId === 'number' ? body.fromCustomerId : customerId;
  return actsFor(db, customerId, target) ? target : null;
}

/** Balance-info access of the caller (an employee's access right; 0 hides balances). */
function balanceAccess({ db, customerId }: HandlerContext): number {
  const row = db.prepare('SELECT permissions FROM customers WHERE id = ?').get(customerId) as { permissions: string } | undefined;
  const permissions = row ? (JSON.parse(row.permissions) as Record<string, number>) : {};
  return permissions.balanceInfo ?? 0;
}

export function toAccount(row: AccountRow) {
  return {
    accountId: row.id,
    type: row.type,
    ...(row.sub_type ? { subType: row.sub_type } : {}),
    accountStatusId: row.status_id,
    balance: row.balance,
    ...(row.balance_min !== null ? { accountBalanceMin: row.balance_min } : {}),
    ...(row.pending !== null ? { pendingAmount: row.pending } : {}),
    customerId: row.customer_id,
    ...(row.card_is_virtual !== null ? { cardIsVirtual: row.card_is_virtual === 1 } : {}),
    ...(row.card_alias !== null ? { cardAliasName: row.card_alias } : {}),
    ...(row.card_expiry_month !== null ? { cardExpiryMonth: row.card_expiry_month } : {}),
    ...(row.card_expiry_year !== null ? { cardExpiryYear: row.card_expiry_year } : {}),
    ...(row.card_reissued_status_id !== null ? { cardReissuedStatusId: row.card_reissued_status_id } : {}),
    ...(row.settlement_account_id !== null ? { settlementAccountId: row.settlement_account_id } : {}),
    currencyCode: row.currency,
  };
}

export function rate(from: string, to: string): string {
  if (from === to) return '1';
  const a = USD_RATES[from];
  const b = USD_RATES[to];
  if (!a || !b) return '1';
  // Decimal division at 8 places with integers (no float): a / b.
  const scale = 10n ** 8n;
  const toUnits = (v: string) => {
    const [i, f = ''] = v.split('.');
    return BigInt(i + f.padEnd(8, '0').slice(0, 8));
  };
  const q = (toUnits(a) * scale) / toUnits(b);
  const s = q.toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/\.?0+$/, '');
}

export const accountHandlers: HandlerMap = {
  balanceInquiry: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const rows = ctx.db.prepare('SELECT * FROM accounts WHERE customer_id = ? ORDER BY id').all(acting) as unknown as AccountRow[];
    if (balanceAccess(ctx) === 0) {
      return { status: 200, body: { responseCode: 'ENOA', responseDescription: 'You have no access to balance information' } };
    }
    return { status: 200, body: { responseCode: '00', accounts: rows.map(toAccount) } };
  },
  addCurrency: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const code = String(ctx.body.currencyCode).toUpperCase();
    if (!ADDABLE_CURRENCIES.includes(code)) {
      return { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'currencyCode', description: 'This currency cannot be added' }] } };
    }
    const held = ctx.db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = ?').get(acting, code);
    if (held) {
      return { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'currencyCode', description: 'You already have an account in this currency' }] } };
    }
    const { next } = ctx.db.prepare('SELECT COALESCE(MAX(id), 50000) + 1 AS next FROM accounts').get() as { next: number };
    ctx.db
      .prepare('INSERT INTO accounts (id, customer_id, type, status_id, currency, balance) VALUES (?, ?, 1001, 1, ?, ?)')
      .run(next, acting, code, '0.00');
    const row = ctx.db.prepare('SELECT * FROM accounts WHERE id = ?').get(next) as unknown as AccountRow;
    return { status: 200, body: { responseCode: '00', account: toAccount(row) } };
  },
  createWallet: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const code = String(ctx.body.currencyCode).toUpperCase();
    const row = ctx.db.prepare('SELECT * FROM accounts WHERE id = ? AND customer_id = ?').get(ctx.body.accountId, acting) as AccountRow | undefined;
    if (!row || row.currency !== code) {
      return { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'accountId', description: 'No account in this currency' }] } };
    }
    if (!CRYPTO.has(code)) {
      return { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'currencyCode', description: 'Wallets are only for crypto currencies' }] } };
    }
    if (row.status_id === 11) return { status: 200, body: { responseCode: 'CA', responseDescription: 'This account is closed' } };
    let address = row.wallet_address;
    if (!address) {
      // Deterministic per account, so asking twice (a retry after a lost reply) gives the same address.
      const digest = createHash('sha256').update(`wallet:${row.id}:${code}`).digest('hex');
      address = code === 'BTC' ? `bc1q${digest.slice(0, 38)}` : `0x${digest.slice(0, 40)}`;
      ctx.db.prepare('UPDATE accounts SET wallet_address = ? WHERE id = ?').run(address, row.id);
    }
    return { status: 200, body: { responseCode: '00', address } };
  },
  defaultExchangeRates: () => {
    const codes = ['USD', 'EUR', 'RON', 'GBP'];
    const rates = codes.flatMap((from) => codes.filter((to) => to !== from).map((to) => ({ fromCurrencyCode: from, toCurrencyCode: to, rate: rate(from, to) })));
    return { status: 200, body: { responseCode: '00', rates } };
  },
  crossPlatformRequirement: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = ctx.db.prepare('SELECT currency FROM accounts WHERE id = ? AND customer_id = ?').get(ctx.body.accountId, acting) as { currency: string } | undefined;
    if (!row) return { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'accountId', description: 'No such account' }] } };
    // The sandbox asks for the mobile app for BTC wallets (so both answers can be tried).
    return { status: 200, body: { responseCode: '00', isRequired: row.currency === 'BTC' } };
  },
  recentTransfers: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const types = (ctx.body.types as string[]) ?? [];
    const limit = Number(ctx.body.limit ?? 5);
    // External transfers (sandbox/handlers/external.ts) keep their country: countryCode lists
    // only the transfers to that country.
    const rows = ctx.db
      .prepare(
        `SELECT t.id, t.type, t.amount, t.currency, t.created, t.counterparty, t.counterparty_email, t.permission, t.disabled, e.country FROM transactions t
         LEFT JOIN external_transfers e ON e.transaction_id = t.id AND e.customer_id = t.customer_id
         WHERE t.customer_id = ? AND t.amount LIKE '-%' AND t.counterparty IS NOT NULL AND t.status <> 'rejected'
         ORDER BY t.created DESC, t.id DESC`,
      )
      .all(acting) as { id: number; type: string; amount: string; currency: string; created: string; counterparty: string; counterparty_email: string | null; permission: string | null; disabled: number; country: string | null }[];
    const seen = new Set<string>();
    const transfers = [];
    for (const row of rows) {
      if (!types.includes(row.type)) continue;
      if (ctx.body.permission && row.permission !== ctx.body.permission) continue;
      if (ctx.body.countryCode && row.country !== ctx.body.countryCode) continue;
      const key = `${row.type}:${row.counterparty_email ?? row.counterparty}`;
      if (seen.has(key)) continue; // one entry per recipient
      seen.add(key);
      transfers.push({
        transactionId: row.id,
        type: row.type,
        permission: row.permission ?? '3d',
        isDisabled: row.disabled === 1,
        name: row.counterparty,
        ...(row.counterparty_email ? { email: row.counterparty_email } : {}),
        amount: row.amount.replace(/^-/, ''),
        currencyCode: row.currency,
        created: row.created,
      });
      if (transfers.length >= limit) break;
    }
    return { status: 200, body: { responseCode: '00', transfers } };
  },
  announcementList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const only = ctx.body.withConfirmation === true ? ' AND confirmation = 1' : '';
    const rows = ctx.db.prepare(`SELECT * FROM announcements WHERE customer_id = ?${only} ORDER BY created DESC, id DESC`).all(acting) as unknown as AnnouncementRow[];
    const language = pickLanguage(ctx.headers.get('accept-language'));
    return { status: 200, body: { responseCode: '00', announcements: rows.map((r) => toAnnouncement(r, language)) } };
  },
  announcementGet: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = findAnnouncement(ctx, acting);
    if (!row) return notFound;
    ctx.db.prepare('UPDATE announcements SET is_read = 1 WHERE id = ?').run(row.id);
    return { status: 200, body: { responseCode: '00', announcement: toAnnouncement({ ...row, is_read: 1 }, pickLanguage(ctx.headers.get('accept-language'))) } };
  },
  announcementConfirm: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = findAnnouncement(ctx, acting);
    if (!row) return notFound;
    if (row.confirmation !== 1) {
      return { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'id', description: 'This announcement does not ask for a choice' }] } };
    }
    // The same choice again (a retry after a lost reply) is answered as the first time.
    if (row.choice !== null && row.choice !== ctx.body.choice) {
      return { status: 200, body: { responseCode: 'UE', responseDescription: 'You have already answered this announcement' } };
    }
    ctx.db.prepare('UPDATE announcements SET choice = ?, is_read = 1 WHERE id = ?').run(ctx.body.choice, row.id);
    return { status: 200, body: { responseCode: '00', announcement: toAnnouncement({ ...row, is_read: 1, choice: ctx.body.choice }, pickLanguage(ctx.headers.get('accept-language'))) } };
  },
};

interface AnnouncementRow {
  id: number;
  customer_id: number;
  text_key: string;
  created: string;
  confirmation: number;
  is_read: number;
  choice: string | null;
}

const notFound = { status: 200, body: { responseCode: 'VF', validationErrors: [{ param: 'id', description: 'No such announcement' }] } };

function findAnnouncement(ctx: HandlerContext, acting: number): AnnouncementRow | undefined {
  return ctx.db.prepare('SELECT * FROM announcements WHERE id = ? AND customer_id = ?').get(ctx.body.id, acting) as AnnouncementRow | undefined;
}

function toAnnouncement(row: AnnouncementRow, language: keyof (typeof ANNOUNCEMENT_TEXTS)[string]) {
  const text = ANNOUNCEMENT_TEXTS[row.text_key]?.[language] ?? { title: row.text_key, body: '' };
  return { id: row.id, isRead: row.is_read === 1, confirmation: row.confirmation === 1, choice: row.choice, title: text.title, body: text.body, created: row.created };
}

