import { randomBytes } from 'node:crypto';
import type { Handler, HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { transaction, type Db } from '../db.ts';
import { insertExternalCard, isCardType, isObviousPin, issuedPin, cardNumberHash } from '../seed-accounts.ts';
import { denied, owner, rate, toAccount, type AccountRow } from './accounts.ts';
import { approveModeOf, holdForApproval, mayMoveBetweenOwnAccounts, registerPerformer, type PerformResult, type Work } from '../approvals.ts';
import { holdOrRequest, transferRefusal } from '../requests.ts';
import { luhnChecksumOk } from '../../machines/transfers/external-rails.ts';

/**
 * Cards (spec 001 s3, s4, s5, s7, s9; docs/decisions.md "Cards (issue 18, the calls and
 * actions)"), external cards and transfers between own accounts (loading a card). The sandbox
 * checks card statuses with its own table below, not the client's (machines/), so a screen that
 * offers a forbidden action fails end to end. Money is exact decimal text, added and compared as
 * BigInt units (never floats). Calls that move money or create something the customer pays for
 * (cardActivation, cardApply, ownAccountsTransfer) are idempotent by requestId.
 */

interface CardRow extends AccountRow {
  card_pin: string | null;
  card_express: number | null;
  card_network: string | null;
}

interface ExternalCardRow {
  id: number;
  customer_id: number;
  number_hash: string;
  masked: string;
  brand: string | null;
  expiry_month: number;
  expiry_year: number;
  holder: string;
  confirmed: number;
  attempts_left: number;
  verification_amount: string;
}

/** Card status ids (001 s4): the sandbox's own table. */
const STATUS = {
  submitted: 0,
  active: 2,
  canceled: 4,
  fraud: 18,
  printing: 19,
  printed: 20,
  shipped: 21,
  pending: 23,
  limited: 27,
  expired: 38,
  processing: 41,
  pendingDocuments: 65,
  paused: 71,
} as const;
/** A card in the customer's hands: block, show and change PIN, reissue. */
const IN_USE: readonly number[] = [STATUS.active, STATUS.paused, STATUS.expired];
/** cardReissuedStatusId values of a reissue under way (submitted, printing, printed): shipping can be upgraded. */
const REISSUE_UPGRADABLE: readonly number[] = [STATUS.submitted, STATUS.printing, STATUS.printed];
/** cardReissuedStatusId values that mean no reissue is under way (the new card is active, or it was cancelled). */
const REISSUE_DONE: readonly number[] = [STATUS.active, STATUS.canceled];

const PAYMENT = 1001;
const CLOSED = 11;
const ACTIVATION_FEE = '5.00';
const LOAD_FEE = '1.50';
const PIN_OPERATION_MS = 5 * 60 * 1000;
const CRYPTO_DECIMALS = new Set(['BTC', 'ETH', 'USDT', 'USDC']);

export const ok = (body: Record<string, unknown> = {}): HandlerReply => ({ status: 200, body: { responseCode: '00', ...body } });
export const vf = (param: string, description: string): HandlerReply => ({ status: 200, body: { responseCode: 'VF', validationErrors: [{ param, description }] } });
const refused: HandlerReply = { status: 200, body: { responseCode: '13', responseDescription: 'This card does not allow that in its current status' } };
const closed: HandlerReply = { status: 200, body: { responseCode: 'CA', responseDescription: 'This account is closed' } };

// ---- exact decimals -------------------------------------------------------------------------

/** A decimal string (the contract's Decimal: at most 8 decimals) as a count of 10^-8 units. */
export function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const n = BigInt(`${whole || '0'}${fraction.padEnd(8, '0').slice(0, 8)}`);
  return negative ? -n : n;
}

export const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

/** Units back to a decimal string with `places` decimals (the units never carry more). */
export function decimal(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(9, '0');
  const whole = digits.slice(0, -8);
  const fraction = digits.slice(-8, -8 + places || undefined);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/** `a + b` in the decimals of the more precise one (at least 2: balances read like '820.00'). */
export const add = (a: string, b: string): string => decimal(units(a) + units(b), Math.max(2, decimalsOf(a), decimalsOf(b)));
export const subtract = (a: string, b: string): string => decimal(units(a) - units(b), Math.max(2, decimalsOf(a), decimalsOf(b)));
export const currencyDecimals = (currency: string): number => (CRYPTO_DECIMALS.has(currency) ? 8 : 2);

// ---- rows -----------------------------------------------------------------------------------

export function account(db: Db, id: unknown, acting: number): CardRow | undefined {
  if (typeof id !== 'number') return undefined;
  return db.prepare('SELECT * FROM accounts WHERE id = ? AND customer_id = ?').get(id, acting) as CardRow | undefined;
}

/** The customer's card with this account id, or undefined (not theirs, or not a card). */
function ownCard(db: Db, id: unknown, acting: number): CardRow | undefined {
  const row = account(db, id, acting);
  return row && isCardType(row.type) ? row : undefined;
}

const reread = (db: Db, id: number): CardRow => db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as unknown as CardRow;

/**
 * The last four digits "printed" on a card, which activation asks for: the sandbox has no card
 * numbers, so they are the account id's last four digits, zero-padded (account 51234 → 1234).
 * This rule is for the demo-user notes in docs/demo-users.md: demo users have no plastic to read them from.
 */
const lastFourDigits = (accountId: number): string => String(accountId % 10_000).padStart(4, '0');

export const nowIso = (ctx: HandlerContext): string => new Date(ctx.now()).toISOString();

export function insertTransaction(
  db: Db,
  row: { customerId: number; accountId: number; created: string; type: string; amount: string; currency: string; counterparty: string | null; status?: 'completed' | 'processing'; email?: string | null; permission?: 'own' | '3d' | null },
): number {
  const { next } = db.prepare('SELECT COALESCE(MAX(id), 900000) + 1 AS next FROM transactions').get() as { next: number };
  db.prepare(
    `INSERT INTO transactions (id, customer_id, account_id, created, type, amount, amount_units, currency, status, counterparty, counterparty_email, permission, disabled)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  ).run(next, row.customerId, row.accountId, row.created, row.type, row.amount, units(row.amount), row.currency, row.status ?? 'completed', row.counterparty, row.email ?? null, row.permission ?? null);
  return next;
}

// ---- handler shapes -------------------------------------------------------------------------

/** A call on one of the customer's cards (body.accountId): another customer's card, or no card, is ENOA. */
function onCard(act: (ctx: HandlerContext, card: CardRow, acting: number) => HandlerReply): Handler {
  return (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const card = ownCard(ctx.db, ctx.body.accountId, acting);
    if (!card) return denied;
    return act(ctx, card, acting);
  };
}

/** A status change allowed from some statuses only; the reply carries the card. */
const statusChange = (from: readonly number[], to: number): Handler =>
  onCard(({ db }, card) => {
    if (!from.includes(card.status_id)) return refused;
    db.prepare('UPDATE accounts SET status_id = ? WHERE id = ?').run(to, card.id);
    return ok({ account: toAccount(reread(db, card.id)) });
  });

/** A sensitive card action: what it asks, whether the card (now) allows it, and doing it. */
interface SensitiveCardAction {
  /** The refusal when the card or the request does not allow it (null: it does). */
  check: (card: CardRow, work: Work) => HandlerReply | null;
  /** What the request asks, kept with a held approval. */
  work: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Does it, inside the caller's transaction. */
  apply: (db: Db, card: CardRow, work: Work) => void;
}

const reasonOf = (reply: HandlerReply): string => {
  const body = reply.body as { responseDescription?: string; validationErrors?: { description: string }[] };
  return body.responseDescription ?? body.validationErrors?.[0]?.description ?? 'This card does not allow that now';
};

/**
 * Block, PIN change and reissue are sensitive actions (docs/decisions.md "Cards through the
 * approval"): checked at once, then done at once in approval mode none (the reply carries the
 * card), or held in the customer's mode until approved (the reply carries the approval fields).
 * When approved the card is checked again, since its status may have changed meanwhile.
 */
function sensitiveCardAction(kind: string, action: SensitiveCardAction): Handler {
  registerPerformer(
    kind,
    (db, acting, work) => {
      const card = ownCard(db, work.accountId, acting);
      if (!card) return { ok: false, reason: 'This card is not yours' };
      const refusal = action.check(card, work);
      if (refusal) return { ok: false, reason: reasonOf(refusal) };
      action.apply(db, card, work);
      return { ok: true };
    },
    () => undefined,
  );
  return onCard(({ db, body, now }, card, acting) => {
    const work: Work = { kind, accountId: card.id, ...action.work(body) };
    const refusal = action.check(card, work);
    if (refusal) return refusal;
    const mode = approveModeOf(db, acting);
    if (mode !== 'none') return ok(holdForApproval(db, acting, mode, work, null, new Date(now()).toISOString()));
    action.apply(db, card, work);
    return ok({ approveType: 'none', account: toAccount(reread(db, card.id)) });
  });
}

/**
 * Idempotent submits (docs/decisions.md): the first '00' reply per customer and requestId is kept
 * and a repeat gets it unchanged (even with another body) without doing anything again; the same
 * requestId on another call is refused. Refused attempts are not kept. The look-up, the work and
 * keeping the reply are one transaction, so a repeat can never move money twice. A money-moving
 * submit (`movesMoney`) is refused first to a business user without transfer rights (sandbox/requests.ts).
 */
export function idempotent(method: string, work: (ctx: HandlerContext, acting: number) => HandlerReply, options: { movesMoney?: boolean } = {}): Handler {
  return (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const refusal = options.movesMoney ? transferRefusal(ctx, acting) : null;
    if (refusal) return refusal;
    const requestId = String(ctx.body.requestId);
    return transaction(ctx.db, () => {
      const kept = ctx.db.prepare('SELECT method, reply FROM idempotent_replies WHERE customer_id = ? AND request_id = ?').get(acting, requestId) as
        | { method: string; reply: string }
        | undefined;
      if (kept) {
        if (kept.method !== method) return vf('requestId', 'This request id was already used for another request');
        return { status: 200, body: JSON.parse(kept.reply) as unknown };
      }
      const reply = work(ctx, acting);
      if ((reply.body as { responseCode?: string } | undefined)?.responseCode === '00') {
        ctx.db.prepare('INSERT INTO idempotent_replies (customer_id, request_id, method, reply) VALUES (?, ?, ?, ?)').run(acting, requestId, method, JSON.stringify(reply.body));
      }
      return reply;
    });
  };
}

// ---- bins, offers ---------------------------------------------------------------------------

interface BinInfo {
  binNumber: string;
  issuer: string;
  cardBrand: string;
  cardCategory: string;
  cardType: string;
  countryCode: string;
  currencyCode: string;
  isCommercial: boolean;
  isPrepaid: boolean;
  valid: boolean;
}

/** What the first six digits say (issuers are fictional). `valid` false: cards the bank does not accept. */
const BINS: Record<string, Omit<BinInfo, 'binNumber'>> = {
  '411111': { issuer: 'Northgate Bank', cardBrand: 'VISA', cardCategory: 'CLASSIC', cardType: 'CREDIT', countryCode: 'US', currencyCode: 'USD', isCommercial: false, isPrepaid: false, valid: true },
  '424242': { issuer: 'Harbor Trust Bank', cardBrand: 'VISA', cardCategory: 'TRADITIONAL', cardType: 'CREDIT', countryCode: 'US', currencyCode: 'USD', isCommercial: false, isPrepaid: false, valid: true },
  '400005': { issuer: 'Maple Street Credit Union', cardBrand: 'VISA', cardCategory: 'CLASSIC', cardType: 'DEBIT', countryCode: 'US', currencyCode: 'USD', isCommercial: false, isPrepaid: false, valid: true },
  '555555': { issuer: 'Summit National Bank', cardBrand: 'MASTERCARD', cardCategory: 'STANDARD', cardType: 'CREDIT', countryCode: 'US', currencyCode: 'USD', isCommercial: false, isPrepaid: false, valid: true },
  '545454': { issuer: 'Summit National Bank', cardBrand: 'MASTERCARD', cardCategory: 'CORPORATE', cardType: 'CREDIT', countryCode: 'US', currencyCode: 'USD', isCommercial: true, isPrepaid: false, valid: true },
  '520082': { issuer: 'Thames & Mercer Bank', cardBrand: 'MASTERCARD', cardCategory: 'STANDARD', cardType: 'DEBIT', countryCode: 'GB', currencyCode: 'GBP', isCommercial: false, isPrepaid: false, valid: true },
  '222300': { issuer: 'Banca Carpatica', cardBrand: 'MASTERCARD', cardCategory: 'WORLD', cardType: 'CREDIT', countryCode: 'RO', currencyCode: 'RON', isCommercial: false, isPrepaid: false, valid: true },
  '510510': { issuer: 'Cedar Prepaid Services', cardBrand: 'MASTERCARD', cardCategory: 'PREPAID', cardType: 'DEBIT', countryCode: 'US', currencyCode: 'USD', isCommercial: false, isPrepaid: true, valid: true },
  '622126': { issuer: 'Jade River Bank', cardBrand: 'UPI', cardCategory: 'CLASSIC', cardType: 'DEBIT', countryCode: 'CN', currencyCode: 'CNY', isCommercial: false, isPrepaid: false, valid: true },
  '378282': { issuer: 'Liberty Express', cardBrand: 'AMEX', cardCategory: 'GREEN', cardType: 'CREDIT', countryCode: 'US', currencyCode: 'USD', isCommercial: false, isPrepaid: false, valid: false },
};

const binInfo = (binNumber: string): BinInfo | { binNumber: string; valid: false } => {
  const known = BINS[binNumber];
  return known ? { binNumber, ...known } : { binNumber, valid: false };
};

interface Offer {
  cardNetwork: 'MC' | 'UPI' | 'VISA';
  applyType: 1 | 2;
  currencyCode: string;
  cardIsVirtual: boolean;
  fee: string;
}

/** What a customer may apply for (apply type 1 prepaid, 2 debit). UPI only for some countries. */
const OFFERS: Offer[] = [
  { cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: false, fee: '10.00' },
  { cardNetwork: 'VISA', applyType: 1, currencyCode: 'USD', cardIsVirtual: true, fee: '0.00' },
  { cardNetwork: 'MC', applyType: 1, currencyCode: 'EUR', cardIsVirtual: false, fee: '10.00' },
  { cardNetwork: 'MC', applyType: 1, currencyCode: 'EUR', cardIsVirtual: true, fee: '0.00' },
  { cardNetwork: 'MC', applyType: 2, currencyCode: 'USD', cardIsVirtual: false, fee: '0.00' },
  { cardNetwork: 'UPI', applyType: 1, currencyCode: 'USD', cardIsVirtual: true, fee: '0.00' },
];
const UPI_COUNTRIES = ['CN', 'HK', 'SG'];

/** Luhn's check of a card number's digits (the rails module's, shared with the app). */
export const luhn = luhnChecksumOk;

function toExternalCard(row: ExternalCardRow) {
  return {
    cardId: row.id,
    cardNumber: row.masked,
    ...(row.brand ? { cardBrand: row.brand } : {}),
    cardExpiryMonth: row.expiry_month,
    cardExpiryYear: row.expiry_year,
    cardHolderName: row.holder,
    confirmed: row.confirmed === 1,
  };
}

function ownExternalCard(db: Db, id: unknown, acting: number): ExternalCardRow | undefined {
  if (typeof id !== 'number') return undefined;
  return db.prepare('SELECT * FROM external_cards WHERE id = ? AND customer_id = ?').get(id, acting) as ExternalCardRow | undefined;
}

/** An own open payment account in this currency, or the reason it is not one. */
function paymentAccount(db: Db, id: unknown, acting: number, currency: string): CardRow | string {
  const row = account(db, id, acting);
  if (!row || row.type !== PAYMENT) return 'Choose one of your payment accounts';
  if (row.status_id === CLOSED) return 'This account is closed';
  if (row.currency !== currency) return `Choose a payment account in ${currency}`;
  return row;
}

const accountName = (row: CardRow): string => row.card_alias ?? `${row.currency} account`;
/** Loading a card costs a flat fee in the card's currency; other transfers between own accounts are free. */
/**
 * The fee of a transfer between own accounts, in the source's currency: a card load costs
 * LOAD_FEE; a change of currency 0.5 % of the amount sent (rounded up to the currency's
 * decimals); the same currency between accounts is free.
 */
function transferFee(from: CardRow, to: CardRow, fromAmount: string): string {
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

// ---- the calls ------------------------------------------------------------------------------

export const cardHandlers: HandlerMap = {
  cardPause: statusChange([STATUS.active, STATUS.expired], STATUS.paused),
  cardUnpause: statusChange([STATUS.paused], STATUS.active),
  cardBlock: sensitiveCardAction('cardBlock', {
    check: (card) => (IN_USE.includes(card.status_id) ? null : refused),
    work: () => ({}),
    apply: (db, card) => void db.prepare('UPDATE accounts SET status_id = ? WHERE id = ?').run(STATUS.canceled, card.id),
  }),

  cardShowPin: onCard(({ db, now }, card, acting) => {
    if (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1) return refused;
    const operationId = randomBytes(16).toString('hex');
    db.prepare('DELETE FROM pin_operations WHERE created < ?').run(now() - PIN_OPERATION_MS);
    db.prepare('INSERT INTO pin_operations (operation_id, customer_id, account_id, created) VALUES (?, ?, ?, ?)').run(operationId, acting, card.id, now());
    return ok({ operationId, approveType: 'none' });
  }),
  cardGetPin: onCard(({ db, now, body }, card, acting) => {
    if (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1) return refused;
    const operation = db.prepare('SELECT created FROM pin_operations WHERE operation_id = ? AND customer_id = ? AND account_id = ?').get(String(body.operationId), acting, card.id) as
      | { created: number }
      | undefined;
    if (!operation || now() - operation.created > PIN_OPERATION_MS) return vf('operationId', 'This PIN request has expired: ask to see the PIN again');
    let pin = card.card_pin;
    if (!pin) {
      pin = issuedPin(card.id);
      db.prepare('UPDATE accounts SET card_pin = ? WHERE id = ?').run(pin, card.id);
    }
    return ok({ pinCode: pin });
  }),
  cardChangePin: sensitiveCardAction('cardChangePin', {
    check: (card, work) => {
      if (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1) return refused;
      const pin = String(work.pin);
      if (pin !== work.pinRepeat) return vf('pinRepeat', 'The two PINs are not the same');
      if (work.confirm !== true) return vf('confirm', 'Confirm that your old PIN stops working');
      if (isObviousPin(pin)) return vf('pin', 'This PIN is too easy to guess: avoid repeated digits and runs such as 1234');
      return null;
    },
    work: (body) => ({ pin: String(body.pin), pinRepeat: String(body.pinRepeat), confirm: body.confirm }),
    apply: (db, card, work) => void db.prepare('UPDATE accounts SET card_pin = ? WHERE id = ?').run(String(work.pin), card.id),
  }),
  cardSetAlias: onCard(({ db, body }, card) => {
    if (card.status_id === STATUS.canceled || card.status_id === STATUS.fraud) return refused;
    const alias = String(body.cardAliasName).trim();
    if (!alias) return vf('cardAliasName', 'Enter a name for the card');
    db.prepare('UPDATE accounts SET card_alias = ? WHERE id = ?').run(alias, card.id);
    return ok({ account: toAccount(reread(db, card.id)) });
  }),
  cardReissue: sensitiveCardAction('cardReissue', {
    check: (card) => (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1 ? refused : null),
    work: (body) => ({ isExpressShipping: body.isExpressShipping === true }),
    apply: (db, card, work) => {
      // A reissue already under way (a repeat, a second tab): answered as done, nothing changes.
      if (card.card_reissued_status_id === null || REISSUE_DONE.includes(card.card_reissued_status_id)) {
        db.prepare('UPDATE accounts SET card_reissued_status_id = ?, card_express = ? WHERE id = ?').run(STATUS.submitted, work.isExpressShipping === true ? 1 : 0, card.id);
      }
    },
  }),
  cardUpgradeReissueShipping: onCard(({ db }, card) => {
    if (card.card_reissued_status_id === null || !REISSUE_UPGRADABLE.includes(card.card_reissued_status_id)) return refused;
    // A blocked (cancelled) or fraud card's reissue is not upgraded.
    if (card.status_id === STATUS.canceled || card.status_id === STATUS.fraud) return refused;
    if (card.card_express !== 1) db.prepare('UPDATE accounts SET card_express = 1 WHERE id = ?').run(card.id);
    return ok({ account: toAccount(reread(db, card.id)) });
  }),
  cardActivationData: onCard((_ctx, card) => {
    if (card.status_id !== STATUS.shipped || card.card_is_virtual === 1) return refused;
    return ok({ fees: ACTIVATION_FEE, feeCurrency: card.currency, extraParams: [{ name: 'lastFourDigits', required: true, pattern: '^\\d{4}$' }] });
  }),
  cardActivation: idempotent('cardActivation', (ctx, acting) => {
    const { db, body } = ctx;
    const card = ownCard(db, body.accountId, acting);
    if (!card) return denied;
    if (card.status_id !== STATUS.shipped || card.card_is_virtual === 1) return refused;
    const extra = (body.extraParams ?? {}) as Record<string, string>;
    if (String(extra.lastFourDigits ?? '').trim() !== lastFourDigits(card.id)) return vf('lastFourDigits', 'These are not the last four digits on the card');
    const fee = paymentAccount(db, body.feeAccountId, acting, card.currency);
    if (typeof fee === 'string') return vf('feeAccountId', fee);
    if (units(fee.balance) < units(ACTIVATION_FEE)) return vf('feeAccountId', 'Not enough money on this account for the fee');
    db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(subtract(fee.balance, ACTIVATION_FEE), fee.id);
    insertTransaction(db, { customerId: acting, accountId: fee.id, created: nowIso(ctx), type: 'fee', amount: `-${ACTIVATION_FEE}`, currency: fee.currency, counterparty: null });
    // The card's PIN is the one it was issued with (derived from its id), now told to the customer.
    const pin = card.card_pin ?? issuedPin(card.id);
    db.prepare('UPDATE accounts SET status_id = ?, card_pin = ? WHERE id = ?').run(STATUS.active, pin, card.id);
    return ok({ pinCode: pin });
  }),

  binInfo: ({ body }) => ok({ binInfo: binInfo(String(body.binNumber)) }),

  applyForCardInfo: (ctx) => {
    if (owner(ctx) === null) return denied;
    const country = ctx.body.countryCode as string | undefined;
    const upi = country === undefined || UPI_COUNTRIES.includes(country);
    return ok({ offers: OFFERS.filter((o) => o.cardNetwork !== 'UPI' || upi) });
  },
  cardApply: idempotent('cardApply', (ctx, acting) => {
    const { db, body } = ctx;
    const virtual = body.cardIsVirtual === true;
    const offer = OFFERS.find((o) => o.cardNetwork === body.cardNetwork && o.applyType === body.applyType && o.currencyCode === body.currencyCode && o.cardIsVirtual === virtual);
    if (!offer) return vf('cardNetwork', 'This card is not offered: choose one of the offers');
    let settlement: number | null = null;
    if (offer.applyType === 2 || body.settlementAccountId !== undefined) {
      const row = paymentAccount(db, body.settlementAccountId, acting, offer.currencyCode);
      if (typeof row === 'string') return vf('settlementAccountId', row);
      settlement = row.id;
    }
    const today = new Date(ctx.now());
    const { next } = db.prepare('SELECT COALESCE(MAX(id), 50000) + 1 AS next FROM accounts').get() as { next: number };
    db.prepare(
      `INSERT INTO accounts (id, customer_id, type, sub_type, status_id, currency, balance, card_is_virtual, card_alias, card_expiry_month, card_expiry_year, settlement_account_id, card_pin, card_express, card_network)
       VALUES (?, ?, ?, ?, ?, ?, '0.00', ?, ?, ?, ?, ?, ?, 0, ?)`,
    ).run(
      next,
      acting,
      virtual ? 2020 : 2010,
      offer.applyType === 2 ? 'DEBIT' : 'PREPAID',
      // A virtual card is active at once; a physical one starts as Submitted.
      virtual ? STATUS.active : STATUS.submitted,
      offer.currencyCode,
      virtual ? 1 : 0,
      `${offer.cardNetwork} card`,
      today.getUTCMonth() + 1,
      today.getUTCFullYear() + 3,
      settlement,
      issuedPin(next),
      offer.cardNetwork,
    );
    return ok({ account: toAccount(reread(db, next)) });
  }),

  externalCardList: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const rows = ctx.db.prepare('SELECT * FROM external_cards WHERE customer_id = ? ORDER BY id').all(acting) as unknown as ExternalCardRow[];
    return ok({ cards: rows.map(toExternalCard) });
  },
  externalCardAdd: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { db, body } = ctx;
    const digits = String(body.cardNumber);
    const holder = String(body.cardHolderName).trim();
    if (holder.length < 2) return vf('cardHolderName', 'Enter the name on the card');
    if (!luhn(digits)) return vf('cardNumber', 'This card number is not valid');
    const today = new Date(ctx.now());
    const month = Number(body.cardExpiryMonth);
    const year = Number(body.cardExpiryYear);
    if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return vf('cardExpiryMonth', 'This card has expired');
    const bin = binInfo(digits.slice(0, 6));
    if (!bin.valid) return vf('cardNumber', 'Cards of this kind cannot be added');
    if (db.prepare('SELECT id FROM external_cards WHERE customer_id = ? AND number_hash = ?').get(acting, cardNumberHash(digits))) {
      return vf('cardNumber', 'This card has already been added');
    }
    // Only the hash and the masked number are kept, never the full number.
    const id = insertExternalCard(db, acting, { digits, brand: bin.cardBrand, month, year, holder });
    return ok({ card: toExternalCard(ownExternalCard(db, id, acting)!) });
  },
  cardConfirmRequirements: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const card = ownExternalCard(ctx.db, ctx.body.cardId, acting);
    if (!card) return denied;
    return ok({ card: toExternalCard(card), requirements: card.confirmed === 1 ? [] : ['verificationAmount'], currencyCode: 'USD', attemptsLeft: card.attempts_left });
  },
  cardConfirm: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const { db, body } = ctx;
    const card = ownExternalCard(db, body.cardId, acting);
    if (!card) return denied;
    if (card.confirmed === 1) return ok({ card: toExternalCard(card) });
    if (card.attempts_left <= 0) return { status: 200, body: { responseCode: '13', responseDescription: 'Too many wrong amounts: contact support' } };
    if (units(String(body.verificationAmount)) !== units(card.verification_amount)) {
      const left = card.attempts_left - 1;
      db.prepare('UPDATE external_cards SET attempts_left = ? WHERE id = ?').run(left, card.id);
      return vf('verificationAmount', left === 0 ? 'This is not the amount charged, and no attempts are left: contact support' : `This is not the amount charged: ${left} ${left === 1 ? 'attempt' : 'attempts'} left`);
    }
    db.prepare('UPDATE external_cards SET confirmed = 1 WHERE id = ?').run(card.id);
    return ok({ card: toExternalCard({ ...card, confirmed: 1 }) });
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
    if (!mayMoveBetweenOwnAccounts(db, acting)) return { status: 200, body: { responseCode: '13', responseDescription: 'Transfers between your accounts are not allowed for this profile' } };
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
    if (isCardType(to.type) && to.status_id !== STATUS.active) return refused;
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
    const work = { kind: 'ownTransfer', fromId: from.id, toId: to.id, amount: fromAmount, toAmount, fee };
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
      reserve: () => insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'between_accounts', amount: `-${fromAmount}`, currency: from.currency, counterparty: accountName(to), status: 'processing' }),
    });
    if (waits) return waits;
    const moved = moveOwn(db, acting, work, null, created);
    if (!moved.ok) return vf('toAmount', moved.reason);
    return ok({ transactionId: moved.transactionId, approveType: 'none', status: 'completed' });
  }, { movesMoney: true }),
};

/** Between own accounts (001 s7 max amount with operation betweenAccounts, limits with type betweenAccounts), in the source's currency. */
const PER_TRANSFER_MAX = '10000.00';
const DAILY_LIMIT = '20000.00';
const MONTHLY_LIMIT = '100000.00';

/** What left an account between own accounts since `since` (not rejected), as a positive decimal. */
function sentSince(db: Db, accountId: number, acting: number, since: string): bigint {
  const rows = db
    .prepare("SELECT amount FROM transactions WHERE customer_id = ? AND account_id = ? AND type = 'between_accounts' AND amount LIKE '-%' AND status <> 'rejected' AND created >= ?")
    .all(acting, accountId, since) as { amount: string }[];
  return rows.reduce((sum, r) => sum - units(r.amount), 0n);
}

function limitsOf(db: Db, from: CardRow, acting: number, now: string) {
  const places = currencyDecimals(from.currency);
  const day = sentSince(db, from.id, acting, `${now.slice(0, 10)}T00:00:00.000Z`);
  const month = sentSince(db, from.id, acting, `${now.slice(0, 7)}-01T00:00:00.000Z`);
  return [
    { period: 'daily', amount: DAILY_LIMIT, used: decimal(day, places), currencyCode: from.currency },
    { period: 'monthly', amount: MONTHLY_LIMIT, used: decimal(month, places), currencyCode: from.currency },
  ];
}

/** The smallest and the largest amount this account can send now: one transfer's cap, what is left of the day and month, the balance. */
export function maxAmountOf(db: Db, from: CardRow, acting: number, now: string): { minAmount: string; amount: string } {
  const places = currencyDecimals(from.currency);
  const left = limitsOf(db, from, acting, now).map((l) => units(l.amount) - units(l.used));
  const candidates = [units(PER_TRANSFER_MAX), ...left, units(from.balance)];
  const most = candidates.reduce((a, b) => (b < a ? b : a));
  // The smallest amount is the currency's smallest unit (the real minimum is not in the spec).
  return { minAmount: places === 8 ? '0.00000001' : '0.01', amount: decimal(most < 0n ? 0n : most, places) };
}

export const ownTransferHandlers: HandlerMap = {
  transferExchangeRate: (ctx) => {
    if (owner(ctx) === null) return denied;
    return ok({ fromCurrencyCode: ctx.body.fromCurrencyCode, toCurrencyCode: ctx.body.toCurrencyCode, rate: rate(String(ctx.body.fromCurrencyCode), String(ctx.body.toCurrencyCode)) });
  },
  transactionMaxAmount: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.fromAccountId, acting);
    if (!from || (ctx.body.toAccountId !== undefined && !account(ctx.db, ctx.body.toAccountId, acting))) return denied;
    return ok({ ...maxAmountOf(ctx.db, from, acting, nowIso(ctx)), type: String(ctx.body.operation ?? 'betweenAccounts') });
  },
  customerLimits: (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const from = account(ctx.db, ctx.body.fromAccountId, acting);
    if (!from) return denied;
    return ok({ type: String(ctx.body.type ?? 'betweenAccounts'), limits: limitsOf(ctx.db, from, acting, nowIso(ctx)) });
  },
};

/**
 * Moves money between two of the customer's accounts, in the caller's database transaction: both
 * balances and the activity rows, or nothing. A held transfer's processing debit row completes.
 */
function moveOwn(db: Db, acting: number, work: { fromId: number; toId: number; amount: string; toAmount?: string; fee: string }, heldTransactionId: number | null, created: string): PerformResult & { transactionId?: number } {
  const arrives = work.toAmount ?? work.amount;
  const from = account(db, work.fromId, acting);
  const to = account(db, work.toId, acting);
  if (!from || !to || from.status_id === CLOSED || to.status_id === CLOSED) return { ok: false, reason: 'This account is closed' };
  if (isCardType(to.type) && to.status_id !== STATUS.active) return { ok: false, reason: 'This card does not allow that in its current status' };
  if (units(from.balance) < units(work.amount) + units(work.fee)) return { ok: false, reason: 'Not enough money on this account' };
  db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(subtract(subtract(from.balance, work.amount), work.fee), from.id);
  db.prepare('UPDATE accounts SET balance = ? WHERE id = ?').run(add(account(db, to.id, acting)!.balance, arrives), to.id);
  let transactionId = heldTransactionId;
  if (transactionId !== null) db.prepare("UPDATE transactions SET status = 'completed', created = ? WHERE id = ?").run(created, transactionId);
  else transactionId = insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'between_accounts', amount: `-${work.amount}`, currency: from.currency, counterparty: accountName(to) });
  insertTransaction(db, { customerId: acting, accountId: to.id, created, type: 'between_accounts', amount: arrives, currency: to.currency, counterparty: accountName(from) });
  if (units(work.fee) > 0n) insertTransaction(db, { customerId: acting, accountId: from.id, created, type: 'fee', amount: `-${work.fee}`, currency: from.currency, counterparty: null });
  return { ok: true, transactionId };
}

registerPerformer(
  'ownTransfer',
  (db, acting, work, heldTransactionId, created) => moveOwn(db, acting, work as unknown as { fromId: number; toId: number; amount: string; toAmount?: string; fee: string }, heldTransactionId, created),
  (db, acting, _work, heldTransactionId) => {
    if (heldTransactionId !== null) db.prepare("UPDATE transactions SET status = 'rejected' WHERE id = ? AND customer_id = ?").run(heldTransactionId, acting);
  },
);
