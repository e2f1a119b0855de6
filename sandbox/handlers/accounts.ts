import { createHash } from 'node:crypto';
import type { HandlerMap, HandlerContext } from '../handler-types.ts';
import { accessFor, denied, owner } from '../access.ts';
import { rate } from '../kernel/money.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import { CLOSED, type AccountRow } from '../kernel/ledger.ts';
import { isCryptoCode } from '../../machines/shared/crypto-currencies.ts';
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

/** Currencies a customer may add: the reference list's currencies (sandbox/reference-lists.ts, the currencies method). */
export const ADDABLE_CURRENCIES = CURRENCIES.map(([code]) => code);

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

export const accountHandlers: HandlerMap = {
  balanceInquiry: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const rows = ctx.db.prepare('SELECT * FROM accounts WHERE customer_id = ? ORDER BY id').all(acting) as unknown as AccountRow[];
    if ((accessFor(ctx.db, ctx.customerId, acting)?.balanceInfo ?? 0) === 0) {
      return refused('You have no access to balance information', 'ENOA');
    }
    return ok({ accounts: rows.map(toAccount) });
  },
  addCurrency: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const code = String(ctx.body.currencyCode).toUpperCase();
    if (!ADDABLE_CURRENCIES.includes(code)) {
      return vf('currencyCode', 'This currency cannot be added');
    }
    const held = ctx.db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = ?').get(acting, code);
    if (held) {
      return vf('currencyCode', 'You already have an account in this currency');
    }
    const { next } = ctx.db.prepare('SELECT COALESCE(MAX(id), 50000) + 1 AS next FROM accounts').get() as { next: number };
    ctx.db
      .prepare('INSERT INTO accounts (id, customer_id, type, status_id, currency, balance) VALUES (?, ?, 1001, 1, ?, ?)')
      .run(next, acting, code, '0.00');
    const row = ctx.db.prepare('SELECT * FROM accounts WHERE id = ?').get(next) as unknown as AccountRow;
    return ok({ account: toAccount(row) });
  },
  createWallet: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const code = String(ctx.body.currencyCode).toUpperCase();
    const row = ctx.db.prepare('SELECT * FROM accounts WHERE id = ? AND customer_id = ?').get(ctx.body.accountId, acting) as AccountRow | undefined;
    if (!row || row.currency !== code) {
      return vf('accountId', 'No account in this currency');
    }
    if (!isCryptoCode(code)) {
      return vf('currencyCode', 'Wallets are only for crypto currencies');
    }
    if (row.status_id === CLOSED) return refused('This account is closed', 'CA');
    let address = row.wallet_address;
    if (!address) {
      // Deterministic per account, so asking twice (a retry after a lost reply) gives the same address.
      const digest = createHash('sha256').update(`wallet:${row.id}:${code}`).digest('hex');
      address = code === 'BTC' ? `bc1q${digest.slice(0, 38)}` : `0x${digest.slice(0, 40)}`;
      ctx.db.prepare('UPDATE accounts SET wallet_address = ? WHERE id = ?').run(address, row.id);
    }
    return ok({ address });
  },
  defaultExchangeRates: () => {
    const codes = ['USD', 'EUR', 'RON', 'GBP'];
    const rates = codes.flatMap((from) => codes.filter((to) => to !== from).map((to) => ({ fromCurrencyCode: from, toCurrencyCode: to, rate: rate(from, to) })));
    return ok({ rates });
  },
  crossPlatformRequirement: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = ctx.db.prepare('SELECT currency FROM accounts WHERE id = ? AND customer_id = ?').get(ctx.body.accountId, acting) as { currency: string } | undefined;
    if (!row) return vf('accountId', 'No such account');
    // The sandbox asks for the mobile app for BTC wallets (so both answers can be tried).
    return ok({ isRequired: row.currency === 'BTC' });
  },
  recentTransfers: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const types: readonly string[] = ctx.body.types ?? [];
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
    return ok({ transfers });
  },
  announcementList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const only = ctx.body.withConfirmation === true ? ' AND confirmation = 1' : '';
    const rows = ctx.db.prepare(`SELECT * FROM announcements WHERE customer_id = ?${only} ORDER BY created DESC, id DESC`).all(acting) as unknown as AnnouncementRow[];
    const language = pickLanguage(ctx.headers.get('accept-language'));
    return ok({ announcements: rows.map((r) => toAnnouncement(r, language)) });
  },
  announcementGet: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = findAnnouncement(ctx, acting);
    if (!row) return notFound;
    ctx.db.prepare('UPDATE announcements SET is_read = 1 WHERE id = ?').run(row.id);
    return ok({ announcement: toAnnouncement({ ...row, is_read: 1 }, pickLanguage(ctx.headers.get('accept-language'))) });
  },
  announcementConfirm: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const row = findAnnouncement(ctx, acting);
    if (!row) return notFound;
    if (row.confirmation !== 1) {
      return vf('id', 'This announcement does not ask for a choice');
    }
    // The same choice again (a retry after a lost reply) is answered as the first time.
    if (row.choice !== null && row.choice !== ctx.body.choice) {
      return refused('You have already answered this announcement', 'UE');
    }
    ctx.db.prepare('UPDATE announcements SET choice = ?, is_read = 1 WHERE id = ?').run(ctx.body.choice, row.id);
    return ok({ announcement: toAnnouncement({ ...row, is_read: 1, choice: ctx.body.choice }, pickLanguage(ctx.headers.get('accept-language'))) });
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

const notFound = vf('id', 'No such announcement');

function findAnnouncement(ctx: HandlerContext<'announcementGet' | 'announcementConfirm'>, acting: number): AnnouncementRow | undefined {
  return ctx.db.prepare('SELECT * FROM announcements WHERE id = ? AND customer_id = ?').get(ctx.body.id, acting) as AnnouncementRow | undefined;
}

function toAnnouncement(row: AnnouncementRow, language: keyof (typeof ANNOUNCEMENT_TEXTS)[string]) {
  const text = ANNOUNCEMENT_TEXTS[row.text_key]?.[language] ?? { title: row.text_key, body: '' };
  return { id: row.id, isRead: row.is_read === 1, confirmation: row.confirmation === 1, choice: row.choice, title: text.title, body: text.body, created: row.created };
}

