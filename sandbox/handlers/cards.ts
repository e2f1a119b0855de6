import { randomBytes } from 'node:crypto';
import type { Handler, HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import type { Db } from '../db.ts';
import { insertExternalCard, isCardType, isObviousPin, issuedPin, cardNumberHash } from '../seed-accounts.ts';
import { toAccount } from './accounts.ts';
import { callerFor, denied, owner } from '../access.ts';
import { approveModeOf, holdForApproval } from '../approvals.ts';
import { luhnChecksumOk } from '../../machines/transfers/external-rails.ts';
import { subtract, units } from '../kernel/money.ts';
import { account, CLOSED, idempotent, insertTransaction, nowIso, PAYMENT, reread, type AccountRow } from '../kernel/ledger.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import type { Performer, Performers, WorkOf } from '../work.ts';

/**
 * Cards (spec 001 s3, s4, s5, s7, s9; docs/decisions.md "Cards (the calls and
 * actions)") and external cards. The sandbox checks card statuses with its own table below, not
 * the client's (machines/), so a screen that offers a forbidden action fails end to end. Calls
 * that create something the customer pays for (cardActivation, cardApply) are idempotent by
 * requestId. Transfers between own accounts (loading a card) are sandbox/handlers/own-transfer.ts.
 */

/** A card is an account row (its card_ columns). */
export type CardRow = AccountRow;

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
export const STATUS = {
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

const ACTIVATION_FEE = '5.00';
const PIN_OPERATION_MS = 5 * 60 * 1000;

/** A card action its current status does not allow. */
const notInThisStatus = refused('This card does not allow that in its current status');

// ---- rows -----------------------------------------------------------------------------------

/** The customer's card with this account id, or undefined (not theirs, or not a card). */
function ownCard(db: Db, id: unknown, acting: number): CardRow | undefined {
  const row = account(db, id, acting);
  return row && isCardType(row.type) ? row : undefined;
}

/**
 * The last four digits "printed" on a card, which activation asks for: the sandbox has no card
 * numbers, so they are the account id's last four digits, zero-padded (account 51234 → 1234).
 * This rule is for the demo-user notes in docs/demo-users.md: demo users have no plastic to read them from.
 */
const lastFourDigits = (accountId: number): string => String(accountId % 10_000).padStart(4, '0');

// ---- handler shapes -------------------------------------------------------------------------

/** A call on one of the customer's cards (body.accountId): another customer's card, or no card, is ENOA. */
function onCard<M extends CardMethod>(act: (ctx: HandlerContext<M>, card: CardRow, acting: number) => HandlerReply): Handler<M> {
  return (ctx) => {
    const acting = owner(ctx);
    if (acting === null) return denied;
    const card = ownCard(ctx.db, bodyField(ctx.body, 'accountId'), acting);
    if (!card) return denied;
    return act(ctx, card, acting);
  };
}

/** The calls on one card (their bodies carry its accountId). */
type CardMethod =
  | 'cardPause'
  | 'cardUnpause'
  | 'cardBlock'
  | 'cardShowPin'
  | 'cardGetPin'
  | 'cardChangePin'
  | 'cardSetAlias'
  | 'cardReissue'
  | 'cardUpgradeReissueShipping'
  | 'cardActivationData';

/** A status change allowed from some statuses only; the reply carries the card. */
const statusChange = <M extends CardMethod>(from: readonly number[], to: number): Handler<M> =>
  onCard<M>(({ db }, card) => {
    if (!from.includes(card.status_id)) return notInThisStatus;
    db.prepare('UPDATE accounts SET status_id = ? WHERE id = ?').run(to, card.id);
    return ok({ account: toAccount(reread(db, card.id)) });
  });

/** The sensitive card actions (their work kinds are their method names). */
type SensitiveKind = 'cardBlock' | 'cardChangePin' | 'cardReissue';

/** A sensitive card action: what it asks, whether the card (now) allows it, and doing it. */
interface SensitiveCardAction<K extends SensitiveKind> {
  /** What the request asks, kept with a held approval. */
  work: (ctx: HandlerContext<K>, card: CardRow) => WorkOf[K];
  /** The refusal when the card or the request does not allow it (null: it does). */
  check: (card: CardRow, work: WorkOf[K]) => HandlerReply | null;
  /** Does it, inside the caller's transaction. */
  apply: (db: Db, card: CardRow, work: WorkOf[K]) => void;
}

const reasonOf = (reply: HandlerReply): string => {
  const body = reply.body as { responseDescription?: string; validationErrors?: { description: string }[] };
  return body.responseDescription ?? body.validationErrors?.[0]?.description ?? 'This card does not allow that now';
};

/**
 * Block, PIN change and reissue are sensitive actions (docs/decisions.md "Cards through the
 * approval"): checked at once, then done at once in approval mode none (the reply carries the
 * card), or held in the customer's mode until approved (the reply carries the approval fields).
 */
function sensitiveCardAction<K extends SensitiveKind>(action: SensitiveCardAction<K>): Handler<K> {
  return onCard<K>((ctx, card, acting) => {
    const { db } = ctx;
    const work = action.work(ctx, card);
    const refusal = action.check(card, work);
    if (refusal) return refusal;
    const mode = approveModeOf(db, acting);
    if (mode !== 'none') return ok(holdForApproval(db, acting, mode, work, null, nowIso(ctx), callerFor(ctx, acting)));
    action.apply(db, card, work);
    return ok({ approveType: 'none', account: toAccount(reread(db, card.id)) });
  });
}

/** When a held card action is approved the card is checked again, since its status may have changed meanwhile. */
function cardPerformer<K extends SensitiveKind>(action: SensitiveCardAction<K>): Performer<WorkOf[K]> {
  return {
    perform: (db, acting, work) => {
      const card = ownCard(db, work.accountId, acting);
      if (!card) return { ok: false, reason: 'This card is not yours' };
      const refusal = action.check(card, work);
      if (refusal) return { ok: false, reason: reasonOf(refusal) };
      action.apply(db, card, work);
      return { ok: true };
    },
    release: () => undefined,
  };
}

/** A body's field, read without knowing the body's method (shapes shared by several calls). */
const bodyField = (body: unknown, name: string): unknown => (typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined);

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

// ---- the sensitive actions --------------------------------------------------------------------

const CARD_BLOCK: SensitiveCardAction<'cardBlock'> = {
  work: (_ctx, card) => ({ kind: 'cardBlock', accountId: card.id }),
  check: (card) => (IN_USE.includes(card.status_id) ? null : notInThisStatus),
  apply: (db, card) => void db.prepare('UPDATE accounts SET status_id = ? WHERE id = ?').run(STATUS.canceled, card.id),
};

const CARD_CHANGE_PIN: SensitiveCardAction<'cardChangePin'> = {
  work: ({ body }, card) => ({ kind: 'cardChangePin', accountId: card.id, pin: String(body.pin), pinRepeat: String(body.pinRepeat), confirm: body.confirm }),
  check: (card, work) => {
    if (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1) return notInThisStatus;
    const pin = String(work.pin);
    if (pin !== work.pinRepeat) return vf('pinRepeat', 'The two PINs are not the same');
    if (work.confirm !== true) return vf('confirm', 'Confirm that your old PIN stops working');
    if (isObviousPin(pin)) return vf('pin', 'This PIN is too easy to guess: avoid repeated digits and runs such as 1234');
    return null;
  },
  apply: (db, card, work) => void db.prepare('UPDATE accounts SET card_pin = ? WHERE id = ?').run(String(work.pin), card.id),
};

const CARD_REISSUE: SensitiveCardAction<'cardReissue'> = {
  work: ({ body }, card) => ({ kind: 'cardReissue', accountId: card.id, isExpressShipping: body.isExpressShipping === true }),
  check: (card) => (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1 ? notInThisStatus : null),
  apply: (db, card, work) => {
    // A reissue already under way (a repeat, a second tab): answered as done, nothing changes.
    if (card.card_reissued_status_id === null || REISSUE_DONE.includes(card.card_reissued_status_id)) {
      db.prepare('UPDATE accounts SET card_reissued_status_id = ?, card_express = ? WHERE id = ?').run(STATUS.submitted, work.isExpressShipping === true ? 1 : 0, card.id);
    }
  },
};

/** The PIN of the card may be read with this operation id for the next five minutes (cardGetPin). */
function openPinRead(db: Db, operationId: string, acting: number, accountId: number, at: number): void {
  db.prepare('DELETE FROM pin_operations WHERE created < ?').run(at - PIN_OPERATION_MS);
  db.prepare('INSERT INTO pin_operations (operation_id, customer_id, account_id, created) VALUES (?, ?, ?, ?)').run(operationId, acting, accountId, at);
}

/** The performers of the held card actions (sandbox/performers.ts). */
export const cardPerformers: Pick<Performers, SensitiveKind | 'cardShowPin'> = {
  cardBlock: cardPerformer(CARD_BLOCK),
  cardChangePin: cardPerformer(CARD_CHANGE_PIN),
  cardReissue: cardPerformer(CARD_REISSUE),
  // A confirmed PIN request opens the read (the card checked again: it may have changed meanwhile).
  cardShowPin: {
    perform: (db, acting, work, _transactionId, now) => {
      const card = ownCard(db, work.accountId, acting);
      if (!card || !IN_USE.includes(card.status_id)) return { ok: false, reason: 'This card does not allow that now' };
      openPinRead(db, work.operationId, acting, card.id, Date.parse(now));
      return { ok: true };
    },
    release: () => undefined,
  },
};

// ---- the calls ------------------------------------------------------------------------------

export const cardHandlers: HandlerMap = {
  cardPause: statusChange([STATUS.active, STATUS.expired], STATUS.paused),
  cardUnpause: statusChange([STATUS.paused], STATUS.active),
  cardBlock: sensitiveCardAction(CARD_BLOCK),

  // Showing the PIN goes through the approval mode like a PIN change (issue 46): in mode none the
  // PIN may be read at once; else once the approval is confirmed (the performer opens the read).
  cardShowPin: onCard((ctx, card, acting) => {
    const { db, now } = ctx;
    if (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1) return notInThisStatus;
    const mode = approveModeOf(db, acting);
    if (mode === 'none') {
      const operationId = randomBytes(16).toString('hex');
      openPinRead(db, operationId, acting, card.id, now());
      return ok({ operationId, approveType: 'none' });
    }
    const fields = holdForApproval(db, acting, mode, { kind: 'cardShowPin', accountId: card.id, operationId: '' }, null, nowIso(ctx), callerFor(ctx, acting));
    // The work names its approval, so confirming it opens the read under that id.
    db.prepare('UPDATE approvals SET work = ? WHERE operation_id = ?').run(JSON.stringify({ kind: 'cardShowPin', accountId: card.id, operationId: fields.operationId }), fields.operationId);
    return ok(fields);
  }),
  cardGetPin: onCard(({ db, now, body }, card, acting) => {
    if (!IN_USE.includes(card.status_id) || card.card_is_virtual === 1) return notInThisStatus;
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
  cardChangePin: sensitiveCardAction(CARD_CHANGE_PIN),
  cardSetAlias: onCard(({ db, body }, card) => {
    if (card.status_id === STATUS.canceled || card.status_id === STATUS.fraud) return notInThisStatus;
    const alias = String(body.cardAliasName).trim();
    if (!alias) return vf('cardAliasName', 'Enter a name for the card');
    db.prepare('UPDATE accounts SET card_alias = ? WHERE id = ?').run(alias, card.id);
    return ok({ account: toAccount(reread(db, card.id)) });
  }),
  cardReissue: sensitiveCardAction(CARD_REISSUE),
  cardUpgradeReissueShipping: onCard(({ db }, card) => {
    if (card.card_reissued_status_id === null || !REISSUE_UPGRADABLE.includes(card.card_reissued_status_id)) return notInThisStatus;
    // A blocked (cancelled) or fraud card's reissue is not upgraded.
    if (card.status_id === STATUS.canceled || card.status_id === STATUS.fraud) return notInThisStatus;
    if (card.card_express !== 1) db.prepare('UPDATE accounts SET card_express = 1 WHERE id = ?').run(card.id);
    return ok({ account: toAccount(reread(db, card.id)) });
  }),
  cardActivationData: onCard((_ctx, card) => {
    if (card.status_id !== STATUS.shipped || card.card_is_virtual === 1) return notInThisStatus;
    return ok({ fees: ACTIVATION_FEE, feeCurrency: card.currency, extraParams: [{ name: 'lastFourDigits', required: true, pattern: '^\\d{4}$' }] });
  }),
  cardActivation: idempotent('cardActivation', (ctx, acting) => {
    const { db, body } = ctx;
    const card = ownCard(db, body.accountId, acting);
    if (!card) return denied;
    if (card.status_id !== STATUS.shipped || card.card_is_virtual === 1) return notInThisStatus;
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
    const country = ctx.body.countryCode;
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
    if (card.attempts_left <= 0) return refused('Too many wrong amounts: contact support');
    if (units(String(body.verificationAmount)) !== units(card.verification_amount)) {
      const left = card.attempts_left - 1;
      db.prepare('UPDATE external_cards SET attempts_left = ? WHERE id = ?').run(left, card.id);
      return vf('verificationAmount', left === 0 ? 'This is not the amount charged, and no attempts are left: contact support' : `This is not the amount charged: ${left} ${left === 1 ? 'attempt' : 'attempts'} left`);
    }
    db.prepare('UPDATE external_cards SET confirmed = 1 WHERE id = ?').run(card.id);
    return ok({ card: toExternalCard({ ...card, confirmed: 1 }) });
  },
};

