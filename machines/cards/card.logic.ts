import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { accountKind, isClosed, type AccountFacts } from '../accounts/account.logic';
import { luhnChecksumOk } from '../transfers/external-rails';

/**
 * Cards (spec 001 s3, s4; 000 s2) as pure rules: the status ids with their labels, the actions
 * each status allows (the "card meta flags"), and where /cards and /cards/{accountId} lead.
 * Table-tested in tests/unit/card-rules.test.ts; decisions where the spec is silent:
 * docs/decisions.md "Cards".
 */

/** Card status ids (001 s4). */
export const CARD_STATUSES = {
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

export type CardStatusName = keyof typeof CARD_STATUSES;

/** Each status id's label (001 s4 names them; "Pending (documents)" reads as waiting for documents). */
export const CARD_STATUS_LABELS: Readonly<Record<number, MessageDescriptor>> = {
  0: msg`Submitted`,
  2: msg`Active`,
  4: msg`Cancelled`,
  18: msg`Blocked for fraud`,
  19: msg`Printing`,
  20: msg`Printed`,
  21: msg`Shipped`,
  23: msg`Pending`,
  27: msg`Limited`,
  38: msg`Expired`,
  41: msg`Processing`,
  65: msg`Waiting for documents`,
  71: msg`Paused`,
};

export interface CardFacts extends Pick<AccountFacts, 'type' | 'accountStatusId' | 'subType'> {
  cardIsVirtual?: boolean | undefined;
}

/** What a card offers (the card meta flags of 001 s3). */
export interface CardMeta {
  debit: boolean;
  prepaid: boolean;
  physical: boolean;
  virtual: boolean;
  expired: boolean;
  balanceAvailable: boolean;
  historyAvailable: boolean;
  block: boolean;
  changePin: boolean;
  showPin: boolean;
  editName: boolean;
  details: boolean;
  load: boolean;
  enrollment: boolean;
  pause: boolean;
  unpause: boolean;
}

const { active, paused, expired, limited, fraud, canceled } = CARD_STATUSES;
/** Statuses of a card in the customer's hands (balance, block, show PIN: 001 s4). */
const IN_USE: readonly number[] = [active, paused, expired];
/** Enrollment (3-D Secure) is offered for physical prepaid cards of these types (the spec says "certain types"; decision). */
export const ENROLLMENT_CARD_TYPES: readonly number[] = [2010, 2011, 2012];

/**
 * The actions a card's status allows, exactly as 001 s4 lists them:
 * - balance, block, show PIN: active, paused, expired;
 * - history: the same plus limited;
 * - load: only active;
 * - pause: active or expired; unpause: only paused;
 * - enrollment: only active, non-virtual cards of certain types;
 * - change PIN and show PIN: never when fraud.
 * Where s4 is silent (decisions): a virtual card has no PIN, so neither show nor change PIN;
 * change PIN otherwise follows show PIN; the name can be edited and the details opened on any card
 * that is not cancelled or blocked for fraud.
 */
export function cardMeta(card: CardFacts): CardMeta {
  const status = card.accountStatusId;
  const virtual = card.cardIsVirtual === true;
  const inUse = IN_USE.includes(status);
  const notFraud = status !== fraud;
  const showPin = inUse && notFraud && !virtual;
  const usable = status !== canceled && status !== fraud;
  return {
    debit: card.subType === 'DEBIT',
    prepaid: card.subType !== 'DEBIT',
    physical: !virtual,
    virtual,
    expired: status === expired,
    balanceAvailable: inUse,
    historyAvailable: inUse || status === limited,
    block: inUse,
    changePin: showPin,
    showPin,
    editName: usable,
    details: usable,
    load: status === active,
    enrollment: status === active && !virtual && ENROLLMENT_CARD_TYPES.includes(card.type),
    pause: status === active || status === expired,
    unpause: status === paused,
  };
}

/**
 * The customer's own cards that the cards pages show: prepaid card accounts that are not closed
 * (000 s2). Debit cards (subType DEBIT) are not among them: they show on home with their
 * settlement account's history (decision, docs/decisions.md "Cards").
 */
export function listedCards<A extends AccountFacts & { cardIsVirtual?: boolean | undefined }>(accounts: readonly A[]): A[] {
  return accounts.filter((a) => accountKind(a.type) === 'card' && a.subType !== 'DEBIT' && !isClosed(a));
}

export type CardsTarget = { to: '/home' } | { to: '/cards/physical' } | { to: '/cards/virtual' } | { to: '/cards/$accountId'; accountId: number };

/**
 * Where /cards leads (000 s2, 001 s2): the physical list when the customer has a physical card,
 * else the virtual list; a list with a single card goes straight to its detail. No cards: the
 * (empty) physical list, which offers to apply for one (decision; the spec does not say).
 */
export function cardsLanding(accounts: readonly (AccountFacts & { cardIsVirtual?: boolean | undefined })[]): CardsTarget {
  const cards = listedCards(accounts);
  const physical = cards.filter((c) => c.cardIsVirtual !== true);
  const list = physical.length > 0 ? physical : cards;
  if (list.length === 0) return { to: '/cards/physical' };
  if (list.length === 1) return { to: '/cards/$accountId', accountId: list[0]!.accountId };
  return { to: physical.length > 0 ? '/cards/physical' : '/cards/virtual' };
}

/** Where a card list (physical or virtual) leads: straight to the detail when it holds one card. */
export function cardListTarget(accounts: readonly (AccountFacts & { cardIsVirtual?: boolean | undefined })[], kind: 'physical' | 'virtual'): CardsTarget | null {
  const list = listedCards(accounts).filter((c) => (c.cardIsVirtual === true) === (kind === 'virtual'));
  if (list.length === 1) return { to: '/cards/$accountId', accountId: list[0]!.accountId };
  if (list.length === 0 && listedCards(accounts).length > 0) return cardsLanding(accounts); // the other list
  return null; // stay on the list (empty when there are no cards at all: it offers to apply)
}

/**
 * /cards/{accountId} (000 s2): only for the customer's own listed card; otherwise the cards list
 * when there are several cards, else home. null means the detail may open.
 */
export function cardDetailGuard(accounts: readonly (AccountFacts & { cardIsVirtual?: boolean | undefined })[], accountId: number): CardsTarget | null {
  const cards = listedCards(accounts);
  if (cards.some((c) => c.accountId === accountId)) return null;
  if (cards.length > 1) return cardsLanding(accounts);
  return { to: '/home' };
}

/** The reissue statuses during which the shipping can still be upgraded: submitted, printing, printed. */
const REISSUE_UPGRADABLE: readonly number[] = [CARD_STATUSES.submitted, CARD_STATUSES.printing, CARD_STATUSES.printed];
/** A reissue is under way unless there is none, or the last one finished (active) or was cancelled. */
const REISSUE_DONE: readonly number[] = [CARD_STATUSES.active, CARD_STATUSES.canceled];

export interface CardLifecycleFacts extends CardFacts {
  cardReissuedStatusId?: number | undefined;
}

/** Actions beyond the meta flags (000 s2 names the pages; docs/decisions.md "Cards" the rules). */
export interface CardLifecycle {
  /** A shipped physical card is activated by the customer (fees, fee account, extra parameters). */
  activate: boolean;
  /** A physical card in use with no reissue under way can be reissued. */
  reissue: boolean;
  /** A reissue not yet shipped can have its shipping upgraded to express (not once the card is blocked). */
  upgradeShipping: boolean;
  /** A reissue is under way (its status is shown on the card). */
  reissuing: boolean;
}

export function cardLifecycle(card: CardLifecycleFacts): CardLifecycle {
  const physical = card.cardIsVirtual !== true;
  const status = card.accountStatusId;
  const reissued = card.cardReissuedStatusId;
  const reissuing = reissued !== undefined && !REISSUE_DONE.includes(reissued);
  return {
    activate: physical && status === CARD_STATUSES.shipped,
    reissue: physical && IN_USE.includes(status) && !reissuing,
    upgradeShipping: physical && status !== CARD_STATUSES.canceled && status !== CARD_STATUSES.fraud && reissued !== undefined && REISSUE_UPGRADABLE.includes(reissued),
    reissuing,
  };
}

/** Card numbers of 16 characters or more are masked (001 s5, s9): first 6, last 4. */
export const CARD_MASK_THRESHOLD = 16;

/** The digits of a typed card number (spaces and dashes removed). */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

/** Masks a card number of 16 characters or more: "424242••••••4242"; shorter ones stay as typed. */
export function maskCardNumber(number: string): string {
  const digits = cardDigits(number);
  if (digits.length < CARD_MASK_THRESHOLD) return number;
  return `${digits.slice(0, 6)}${'•'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/** A card number grouped in fours for reading ("4242 42•• •••• 4242"). */
export const groupCardNumber = (number: string): string => cardDigits(number).replace(/(.{4})(?=.)/g, '$1 ');

/** The bin to look up: the first 6 digits with spaces removed (001 s5), or null before 6 digits. */
export function binOf(typed: string): string | null {
  const digits = cardDigits(typed);
  return /^\d{6}/.test(digits) ? digits.slice(0, 6) : null;
}

/** The Luhn check every card number passes (12 to 19 digits). */
export function passesLuhn(typed: string): boolean {
  const digits = cardDigits(typed);
  return /^\d{12,19}$/.test(digits) && luhnChecksumOk(digits);
}

/** An obvious PIN (decision): four equal digits, or a run up or down such as 1234 or 9876. */
export function isObviousPin(pin: string): boolean {
  if (!/^\d{4}$/.test(pin)) return false;
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((v, i) => v - d[i]!);
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}


/**
 * Where a load or an activation fee can come from: the customer's open payment accounts in that
 * currency (no exchange on a load; docs/decisions.md "Cards").
 */
export function fundingAccounts<A extends AccountFacts>(accounts: readonly A[], currencyCode: string): A[] {
  return accounts.filter((a) => accountKind(a.type) === 'payment' && !isClosed(a) && a.currencyCode === currencyCode);
}
