import type { Db } from '../db.ts';
import type { HandlerMap } from '../handler-types.ts';
import { isCardType } from '../seed-accounts.ts';
import { denied, owner } from '../access.ts';
import { holdOrRequest, transferRefusal } from '../requests.ts';
import { add, currencyDecimals, decimal, decimalsOf, largestWithFee, rate, subtract, units } from '../kernel/money.ts';
import { account, CLOSED, completeHeld, idempotent, insertTransaction, nowIso, rejectHeld, setBalance, transferTextOf, type AccountRow } from '../kernel/ledger.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import { customerTimeZone, periodStarts } from '../kernel/time-zone.ts';
import type { OwnTransferWork, PerformResult, Performers } from '../work.ts';
import { STATUS } from './cards.ts';
import { permissionFlagsFor } from '../company-people-store.ts';

/**
 * Transfers between the customer's own accounts (spec 001 s3, s7), loading a card among them: the
 * fee, the exchange rate, the largest amount and the limits, and the transfer itself, idempotent
 * by requestId and confirmed in the customer's approval mode. Money is exact decimal text, added
 * and compared as BigInt units (never floats).
 */

const LOAD_FEE = '1.50';
const closed = refused('This account is closed', 'CA');
const cardRefused = refused('This card does not allow that in its current status');

/** How the activity names an account: its alias, else its currency. */
/** Whether the caller's permission flags for the customer (001 s3; a company user's own) let them move money between its accounts. */
const mayMoveBetweenOwnAccounts = (db: Db, callerId: number | null, customerId: number): boolean => permissionFlagsFor(db, callerId, customerId).withdrawOwn?.betweenAccounts === true;

const accountName = (row: AccountRow): string => row.card_alias ?? `${row.currency} account`;

/**
 * The fee of a transfer between own accounts, in the source's currency: a card load costs
 * LOAD_FEE; a change of currency 0.5 % of the amount sent (rounded up to the currency's
 * decimals); the same currency between accounts is free.
 */
export function transferFee(from: AccountRow, to: AccountRow, fromAmount: string): string {
  if (isCardType(to.type)) return LOAD_FEE;
  if (from.currency === to.currency) return '0.00';
  const places = currencyDecimals(from.currency);
  const step = 10n ** BigInt(8 - places);
  const raw = (units(fromAmount) * 5n + 999n) / 1000n; // 0.5 %, rounded up in units
  return decimal(((raw + step - 1n) / step) * step, places);
}

/** Units of `amount` times `rateText`, rounded down (true) or up (false) to `places` decimals. */
function convert(amount: string, rateText: string, places: number, down: boolean, divide = false): string {
  const scale = 10n ** 8n;
  const a = units(amount);
  const r = units(rateText);
  const exact = divide ? (a * scale) / r : (a * r) / scale;
  const remainder = divide ? (a * scale) % r : (a * r) % scale;
  const step = 10n ** BigInt(8 - places);
  let value = (exact / step) * step;
  if (!down && (exact % step !== 0n || remainder !== 0n)) value += step;
  return decimal(value, places);
}

/** Between own accounts (001 s7 max amount with operation betweenAccounts, limits with type betweenAccounts), in the source's currency. */
const PER_TRANSFER_MAX = '10000.00';
const DAILY_LIMIT = '20000.00';
const MONTHLY_LIMIT = '100000.00';

/**
 * Every kind of transfer counts toward the limits: between own accounts, to a person, wires, EFT,
 * card payouts, crypto, instant and Interac (mass and global pay write rows of these kinds). Card
 * purchases, fees and deposits do not.
 */
const LIMITED_KINDS = ['between_accounts', 'p2p', 'wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'] as const;

/** What left an account by transfer since `since` (not rejected), as a positive decimal. */
function sentSince(db: Db, accountId: number, acting: number, since: string): bigint {
  const rows = db
    .prepare(
      `SELECT amount FROM transactions WHERE customer_id = ? AND account_id = ? AND type IN (${LIMITED_KINDS.map(() => '?').join(', ')}) AND amount LIKE '-%' AND status <> 'rejected' AND created >= ?`,
    )
    .all(acting, accountId, ...LIMITED_KINDS, since) as { amount: string }[];
  return rows.reduce((sum, r) => sum - units(r.amount), 0n);
}

/** The daily and monthly limits with what is used of them, by the customer's day and month (their time zone). */
function limitsOf(db: Db, from: AccountRow, acting: number, now: string) {
  const places = currencyDecimals(from.currency);
  const starts = periodStarts(now, customerTimeZone(db, acting));
  const day = sentSince(db, from.id, acting, starts.day);
  const month = sentSince(db, from.id, acting, starts.month);
  return [
    { period: 'daily', amount: DAILY_LIMIT, used: decimal(day, places), currencyCode: from.currency },
    { period: 'monthly', amount: MONTHLY_LIMIT, used: decimal(month, places), currencyCode: from.currency },
  ];
}

/**
 * The smallest and the largest amount this account can send now: one transfer's cap, what is left
 * of the day and month, and the balance less the fee that amount would cost (`feeOf`, when the
 * kind of transfer is known: the largest amount shown can really be sent).
 */
export function maxAmountOf(db: Db, from: AccountRow, acting: number, now: string, feeOf?: (amount: string) => string): { minAmount: string; amount: string } {
  const places = currencyDecimals(from.currency);
  const left = limitsOf(db, from, acting, now).map((l) => units(l.amount) - units(l.used));
  const balance = units(from.balance);
  const candidates = [units(PER_TRANSFER_MAX), ...left, feeOf ? largestWithFee(balance, feeOf, places) : balance];
  const most = candidates.reduce((a, b) => (b < a ? b : a));
  // The smallest amount is the currency's smallest unit (the real minimum is not in the spec).
  return { minAmount: places === 8 ? '0.00000001' : '0.01', amount: decimal(most < 0n ? 0n : most, places) };
}

export const ownTransferHandlers: HandlerMap = {
  transferExchangeRate: (ctx) => {
    if (owner(ctx) === null) return denied;
    return ok({ fromCurrencyCode: ctx.body.fromCurrencyCode, toCurrencyCode: ctx.body.toCurrencyCode, rate: rate(String(ctx.body.fromCurrencyCode), String(ctx.body.toCurrencyCode)) });
  },
  customerLimits: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.fromAccountId, acting);
    if (!from) return denied;
    return ok({ type: String(ctx.body.type ?? 'betweenAccounts'), limits: limitsOf(ctx.db, from, acting, nowIso(ctx)) });
  },
  ownAccountsFee: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.fromAccountId, acting);
    const to = account(ctx.db, ctx.body.toAccountId, acting);
    if (!from || !to) return denied;
    return ok({ fee: transferFee(from, to, String(ctx.body.amount)), currencyCode: from.currency });
  },
  ownAccountsTransfer: idempotent('ownAccountsTransfer', (ctx, acting) => {
    const { db, body } = ctx;
    const from = account(db, body.fromAccount, acting);
    const to = account(db, body.toAccount, acting);
    if (!from || !to) return denied;
    // The permission flags (001 s3) decide: without own-account withdrawals between accounts, nothing moves.
    if (!mayMoveBetweenOwnAccounts(db, ctx.customerId, acting)) return refused('Transfers between your accounts are not allowed for this profile');
    if (from.status_id === CLOSED || to.status_id === CLOSED) return closed;
    // A load comes from a payment, prepayment or receiving account, never from another card.
    if (isCardType(from.type)) return vf('fromAccount', 'Money cannot be moved from a card: choose an account');
    if (from.id === to.id) return vf('toAccount', 'Choose another account');
    // A card is loaded in its own currency; accounts may change currency at the sandbox's rate.
    if (isCardType(to.type) && from.currency !== to.currency) return vf('toAccount', 'Choose an account in the same currency');
    const typedIn = body.currency === from.currency && from.currency !== to.currency ? from : to;
    if (body.currency !== undefined && body.currency !== from.currency && body.currency !== to.currency) return vf('currency', 'The amount is in neither account’s currency');
    const typed = String(body.toAmount);
    if (units(typed) <= 0n) return vf('toAmount', 'Enter an amount above zero');
    if (decimalsOf(typed) > currencyDecimals(typedIn.currency)) return vf('toAmount', `At most ${currencyDecimals(typedIn.currency)} decimals in ${typedIn.currency}`);
    if (isCardType(to.type) && to.status_id !== STATUS.active) return cardRefused;
    // What leaves and what arrives: the typed side exactly, the other at the rate (what arrives rounded down, what leaves rounded up).
    const r = rate(from.currency, to.currency);
    const fromAmount = typedIn === from ? decimal(units(typed), currencyDecimals(from.currency)) : convert(typed, r, currencyDecimals(from.currency), false, true);
    const toAmount = typedIn === to ? decimal(units(typed), currencyDecimals(to.currency)) : convert(typed, r, currencyDecimals(to.currency), true);
    if (units(toAmount) <= 0n) return vf('toAmount', 'The amount is too small to change currency');
    const limit = maxAmountOf(db, from, acting, nowIso(ctx));
    if (units(fromAmount) < units(limit.minAmount)) return vf('toAmount', `The smallest amount is ${limit.minAmount} ${from.currency}`);
    if (units(fromAmount) > units(limit.amount)) return vf('toAmount', `The largest amount is ${limit.amount} ${from.currency}`);
    const fee = transferFee(from, to, fromAmount);
    if (units(from.balance) < units(fromAmount) + units(fee)) return vf('toAmount', 'Not enough money on this account');
    const created = nowIso(ctx);
    const work: OwnTransferWork = { kind: 'ownTransfer', fromId: from.id, toId: to.id, amount: fromAmount, toAmount, fee, text: transferTextOf(body) };
    if (body.subscriptionFrequency) {
      db.prepare(
        'INSERT INTO subscriptions (customer_id, kind, from_account, to_account, amount, currency, frequency, end_date, transactions, user_cancel, reference, created, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(acting, 'ownTransfer', from.id, to.id, toAmount, to.currency, String(body.subscriptionFrequency), body.subscriptionEndDate ?? null, body.subscriptionTransactions ?? null, body.subscriptionUserCancel ? 1 : 0, body.reference ?? null, created, 'active');
    }
    // A request of an initiate-only user, or another approval mode than none (001 s4): nothing
    // moves until it is approved; the debit shows as processing meanwhile.
    const waits = holdOrRequest(ctx, acting, created, {
      work,
      request: { transactionType: 'betweenAccounts', amount: fromAmount, fee, currency: from.currency, accountId: from.id, beneficiary: accountName(to) },
      reserve: () => insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'between_accounts', amount: `-${fromAmount}`, currency: from.currency, counterparty: accountName(to), status: 'processing', text: work.text }),
    });
    if (waits) return waits;
    const moved = moveOwn(db, acting, work, null, created);
    if (!moved.ok) return vf('toAmount', moved.reason);
    return ok({ transactionId: moved.transactionId, approveType: 'none', status: 'completed' });
  }, { refusal: transferRefusal }),
};

/**
 * Moves money between two of the customer's accounts, in the caller's database transaction: both
 * balances and the activity rows, or nothing. A held transfer's processing debit row completes.
 */
function moveOwn(db: Db, acting: number, work: OwnTransferWork, heldTransactionId: number | null, created: string): PerformResult & { transactionId?: number } {
  const arrives = work.toAmount ?? work.amount;
  const from = account(db, work.fromId, acting);
  const to = account(db, work.toId, acting);
  if (!from || !to || from.status_id === CLOSED || to.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  if (isCardType(to.type) && to.status_id !== STATUS.active) return { ok: false, reason: 'This card does not allow that in its current status' };
  if (units(from.balance) < units(work.amount) + units(work.fee)) return { ok: false, reason: 'Not enough money on this account' };
  setBalance(db, from.id, subtract(subtract(from.balance, work.amount), work.fee));
  setBalance(db, to.id, add(account(db, to.id, acting)!.balance, arrives));
  let transactionId = heldTransactionId;
  if (transactionId !== null) completeHeld(db, transactionId, created);
  else transactionId = insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'between_accounts', amount: `-${work.amount}`, currency: from.currency, counterparty: accountName(to), text: work.text });
  insertTransaction(db, { customerId: acting, accountId: to.id, created, type: 'between_accounts', amount: arrives, currency: to.currency, counterparty: accountName(from), text: work.text });
  if (units(work.fee) > 0n) insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'fee', amount: `-${work.fee}`, currency: from.currency, counterparty: null });
  return { ok: true, transactionId };
}

/** The performer of a held transfer between own accounts (sandbox/performers.ts). */
export const ownTransferPerformers: Pick<Performers, 'ownTransfer'> = {
  ownTransfer: { perform: moveOwn, release: (db, acting, _work, held) => rejectHeld(db, acting, held) },
};
