import Big from 'big.js';
import { isCryptoCode } from '../shared/crypto-currencies.ts';

/**
 * Accounts (spec 001 s3, s4, s9) as pure rules: what kind an account is, whether it is closed, what
 * it offers (statements, history, payment instructions, a card request), the remaining value of a
 * prepayment account, and how home groups the list. Amounts stay decimal strings; the one sum
 * (remaining value) goes through big.js, never through floats. Table-tested in
 * tests/unit/account-rules.test.ts; decisions where the spec is silent: docs/decisions.md "Accounts".
 */

export const ACCOUNT_TYPES = { payment: 1001, prepayment: 4001, receiving: 4002 } as const;
/** Card account types are 2006 to 2135. */
export const CARD_TYPE_RANGE = [2006, 2135] as const;
/** accountStatusId 11: the account is closed. */
export const CLOSED_ACCOUNT_STATUS = 11;
/** Card status ids (spec 001 s4) that matter here. */
export const CARD_STATUS = { active: 2, canceled: 4, fraud: 18, limited: 27, expired: 38, paused: 71 } as const;
/** Card history is there for these statuses (s4: balance statuses plus limited). */
const CARD_HISTORY_STATUSES: readonly number[] = [CARD_STATUS.active, CARD_STATUS.paused, CARD_STATUS.expired, CARD_STATUS.limited];
/** Cards are issued on accounts in these currencies (decision: the apply-for-card currencies of the brands). */
export const CARD_CURRENCIES: readonly string[] = ['USD', 'EUR'];

export type AccountKind = 'payment' | 'prepayment' | 'receiving' | 'card' | 'other';

/** The fields these rules read (the API's Account has more). */
export interface AccountFacts {
  accountId: number;
  type: number;
  accountStatusId: number;
  balance: string;
  currencyCode: string;
  accountBalanceMin?: string | undefined;
  pendingAmount?: string | undefined;
  settlementAccountId?: number | undefined;
  subType?: 'PREPAID' | 'DEBIT' | undefined;
}

export function accountKind(type: number): AccountKind {
  if (type === ACCOUNT_TYPES.payment) return 'payment';
  if (type === ACCOUNT_TYPES.prepayment) return 'prepayment';
  if (type === ACCOUNT_TYPES.receiving) return 'receiving';
  if (type >= CARD_TYPE_RANGE[0] && type <= CARD_TYPE_RANGE[1]) return 'card';
  return 'other';
}

export const isCryptoCurrency = (currencyCode: string): boolean => isCryptoCode(currencyCode.toUpperCase());

/** Closed: status 11 (s4); a cancelled card is closed too, so it leaves the active list. */
export function isClosed(account: Pick<AccountFacts, 'type' | 'accountStatusId'>): boolean {
  if (account.accountStatusId === CLOSED_ACCOUNT_STATUS) return true;
  return accountKind(account.type) === 'card' && account.accountStatusId === CARD_STATUS.canceled;
}

export interface AccountOffers {
  statements: boolean;
  history: boolean;
  instructions: boolean;
  canRequestCard: boolean;
}

/**
 * What an account offers (s3 "derived per account"), in order:
 * 1. cards: history and statements while the card's status has history (active, paused, expired,
 *    limited); no instructions; a card is not requested on a card;
 * 2. other kinds that are not payment, prepayment or receiving offer nothing;
 * 3. history and statements for every payment, prepayment and receiving account, closed ones too
 *    (a customer still needs the records of a closed account);
 * 4. payment instructions (how to fund it) for open payment and receiving accounts in a fiat currency;
 * 5. a card can be requested on an open payment account in a card currency that no open card
 *    settles to yet.
 */
export function accountOffers(account: AccountFacts, all: readonly AccountFacts[]): AccountOffers {
  const kind = accountKind(account.type);
  const closed = isClosed(account);
  if (kind === 'card') {
    const history = CARD_HISTORY_STATUSES.includes(account.accountStatusId);
    return { statements: history, history, instructions: false, canRequestCard: false };
  }
  if (kind === 'other') return { statements: false, history: false, instructions: false, canRequestCard: false };
  const fiat = !isCryptoCurrency(account.currencyCode);
  const instructions = !closed && fiat && (kind === 'payment' || kind === 'receiving');
  const hasCard = all.some((other) => accountKind(other.type) === 'card' && !isClosed(other) && other.settlementAccountId === account.accountId);
  const canRequestCard = !closed && kind === 'payment' && CARD_CURRENCIES.includes(account.currencyCode.toUpperCase()) && !hasCard;
  return { statements: true, history: true, instructions, canRequestCard };
}

/** Remaining value of a prepayment account: |accountBalanceMin| + balance (s3), exact. */
export function prepaymentRemaining(account: Pick<AccountFacts, 'balance' | 'accountBalanceMin'>): string {
  return new Big(account.accountBalanceMin ?? '0').abs().plus(account.balance).toFixed();
}

/** Whether a pending amount is worth showing (present and not zero). */
export function hasPending(account: Pick<AccountFacts, 'pendingAmount'>): boolean {
  return account.pendingAmount !== undefined && account.pendingAmount !== '' && !new Big(account.pendingAmount).eq(0);
}

export interface CurrencyGroup<A> {
  currencyCode: string;
  payment: A[];
  prepayment: A[];
  receiving: A[];
}

export interface AccountGroups<A> {
  /** Open payment, prepayment and receiving accounts, one group per currency in the server's order. */
  currencies: CurrencyGroup<A>[];
  /** Open cards (shown as cards, each linking to its detail). */
  cards: A[];
  /** Closed accounts and cards, in their own collapsed list. */
  closed: A[];
}

/** Home's grouping (s2, s3): by currency and kind; cards apart; closed ones last. Unknown kinds are left out. */
export function groupAccounts<A extends AccountFacts>(accounts: readonly A[]): AccountGroups<A> {
  const groups: AccountGroups<A> = { currencies: [], cards: [], closed: [] };
  for (const account of accounts) {
    const kind = accountKind(account.type);
    if (kind === 'other') continue;
    if (isClosed(account)) {
      groups.closed.push(account);
      continue;
    }
    if (kind === 'card') {
      groups.cards.push(account);
      continue;
    }
    let group = groups.currencies.find((g) => g.currencyCode === account.currencyCode);
    if (!group) {
      group = { currencyCode: account.currencyCode, payment: [], prepayment: [], receiving: [] };
      groups.currencies.push(group);
    }
    group[kind].push(account);
  }
  return groups;
}

/** Currencies a customer can still add: offered ones without an open payment account (s7 add currency). */
export function addableCurrencies(offered: readonly string[], accounts: readonly AccountFacts[]): string[] {
  const held = new Set(accounts.filter((a) => accountKind(a.type) === 'payment' && !isClosed(a)).map((a) => a.currencyCode.toUpperCase()));
  return offered.filter((code) => !held.has(code.toUpperCase()));
}
