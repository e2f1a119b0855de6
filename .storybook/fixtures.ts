import { fn } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import { lookupMachine } from '../machines/shared/lookup.machine';
import { approvalMachine } from '../machines/transfers/approval.machine';
import type { PayeeFacts } from '../machines/transfers/p2p.logic';
import type { ApprovalReply } from '../machines/transfers/approval.logic';
import type { ApprovalRequest } from '../machines/transfers/approval-request';
import type { Account } from '../src/entities/account';
import type { QueryLike } from '../src/shared/ui';
import type { Authorization, BatchTransfer, HistorySummary, HistoryTransaction } from '../src/entities/history';

/** Story data shared by the widgets and pages that show the same things. */

/** A query's state for views that take their query injected: `fakeQuery({ isPending: true })`, `fakeQuery({ data: [] })`. */
export function fakeQuery<T>(over: Partial<QueryLike & { data: T }> = {}): QueryLike & { data?: T | undefined } {
  return { isPending: false, isError: false, error: null, data: undefined, refetch: fn(), ...over };
}

/** The currencies the stories' dictionary offers. */
export const demoCurrencies = [
  { code: 'USD', name: 'US dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'British pound' },
  { code: 'RON', name: 'Romanian leu' },
  { code: 'USDT', name: 'Tether' },
];

const base = { customerId: 10, accountStatusId: 1 } as const;

/** A realistic home: USD with a pending payment and a prepayment account, EUR receiving, USDT, a closed RON account and two cards. */
export const demoAccounts: Account[] = [
  { ...base, accountId: 1001, type: 1001, currencyCode: 'USD', balance: '2450.75', pendingAmount: '-120.50' },
  { ...base, accountId: 1002, type: 4001, subType: 'PREPAID', currencyCode: 'USD', balance: '-120.00', accountBalanceMin: '-500.00' },
  { ...base, accountId: 1003, type: 4002, currencyCode: 'EUR', balance: '980.40' },
  { ...base, accountId: 1004, type: 1001, currencyCode: 'USDT', balance: '250.12345678' },
  { ...base, accountId: 1005, type: 4002, currencyCode: 'RON', balance: '0.00', accountStatusId: 11 },
  { ...base, accountId: 2001, type: 2010, accountStatusId: 2, currencyCode: 'USD', balance: '310.00', cardIsVirtual: false, cardAliasName: 'Travel card', cardExpiryMonth: 9, cardExpiryYear: 2028, settlementAccountId: 1001 },
  { ...base, accountId: 2002, type: 2020, accountStatusId: 71, currencyCode: 'EUR', balance: '45.00', cardIsVirtual: true, cardExpiryMonth: 3, cardExpiryYear: 2027 },
];

/**
 * The cards pages' accounts: home's accounts plus more cards. Listed (prepaid, not closed):
 * physical 2001 (active), 2003 (shipped), 2004 (expired, GBP); virtual 2002 (paused), 2005
 * (active). Not listed: 2006 (debit) and 2007 (cancelled).
 */
export const demoCardAccounts: Account[] = [
  ...demoAccounts,
  { ...base, accountId: 2003, type: 2011, accountStatusId: 21, currencyCode: 'USD', balance: '0.00', cardIsVirtual: false, cardAliasName: 'Spare card' },
  { ...base, accountId: 2004, type: 2010, accountStatusId: 38, currencyCode: 'GBP', balance: '12.40', cardIsVirtual: false, cardAliasName: 'London card', cardExpiryMonth: 1, cardExpiryYear: 2025 },
  { ...base, accountId: 2005, type: 2020, accountStatusId: 2, currencyCode: 'USD', balance: '99.99', cardIsVirtual: true, cardAliasName: 'Online shopping', cardExpiryMonth: 6, cardExpiryYear: 2029 },
  { ...base, accountId: 2006, type: 2030, accountStatusId: 2, subType: 'DEBIT', currencyCode: 'USD', balance: '0.00', cardIsVirtual: false, cardAliasName: 'Debit card', settlementAccountId: 1001 },
  { ...base, accountId: 2007, type: 2010, accountStatusId: 4, currencyCode: 'USD', balance: '0.00', cardIsVirtual: false, cardAliasName: 'Old card' },
];

const TX_KINDS = [
  { type: 'card', description: 'Coffee at Luna', sign: -1 },
  { type: 'p2p', description: undefined, sign: -1, reference: 'INV-2026-0042', note: 'Dinner <b>at</b> Luna — thank you!' },
  { type: 'deposit', description: 'Salary March', sign: 1 },
  { type: 'wire', description: undefined, sign: -1 },
  { type: 'fee', description: 'Monthly fee', sign: -1 },
  { type: 'between_accounts', description: undefined, sign: 1 },
] as const;
const TX_STATUSES = ['completed', 'completed', 'processing', 'completed', 'rejected'] as const;

/**
 * `count` history rows, newest first, the same every time: ids from `firstId` down, one every
 * 3 hours back from 2026-03-31 12:00 UTC, a mix of types (some without a description; p2p rows
 * with a reference and a note holding markup, which must show as text), statuses and amounts in
 * USD on account 1001.
 */
export function demoTransactions(count: number, firstId = 900_000): HistoryTransaction[] {
  const newest = Date.UTC(2026, 2, 31, 12, 0);
  return Array.from({ length: count }, (_, i) => {
    const kind = TX_KINDS[i % TX_KINDS.length]!;
    const cents = 150 + ((i * 7919) % 250_000);
    const amount = `${kind.sign < 0 ? '-' : ''}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    return {
      transactionId: firstId - i,
      accountId: 1001,
      amount,
      currencyCode: 'USD',
      created: new Date(newest - i * 3 * 3_600_000).toISOString(),
      status: TX_STATUSES[i % TX_STATUSES.length]!,
      type: kind.type,
      ...(kind.description ? { description: kind.description } : {}),
      ...('reference' in kind ? { reference: kind.reference, note: kind.note } : {}),
    };
  });
}

const BATCH_KINDS = ['wire', 'eft', 'oct', 'p2p', 'crypto', 'globalPay'] as const;
const BATCH_STATUSES = ['completed', 'processing', 'partiallyCompleted', 'rejected', 'cancelled'] as const;

/** `count` batches, newest first, of every type and status. */
export function demoBatches(count: number, firstId = 7000): BatchTransfer[] {
  const newest = Date.UTC(2026, 2, 28, 9, 0);
  return Array.from({ length: count }, (_, i) => ({
    batchId: firstId - i,
    batchName: i === 1 ? 'Contractors, Q1 — Portugal, Romania and the Czech Republic' : `Payroll ${String(28 - (i % 28)).padStart(2, '0')}`,
    type: BATCH_KINDS[i % BATCH_KINDS.length]!,
    created: new Date(newest - i * 86_400_000).toISOString(),
    status: BATCH_STATUSES[i % BATCH_STATUSES.length]!,
    paymentsCount: i === 2 ? 1 : 3 + ((i * 37) % 400),
    totalAmount: `${1200 + ((i * 7919) % 90_000)}.${String((i * 13) % 100).padStart(2, '0')}`,
    currencyCode: i % 3 === 0 ? 'EUR' : 'USD',
  }));
}

/** The USD account 1001's summary over a month. */
export const demoHistorySummary: HistorySummary = {
  currencyCode: 'USD',
  beginningBalance: '2100.25',
  totalDebit: '-1649.50',
  totalCredit: '2000.00',
  endingBalance: '2450.75',
  processingCount: 2,
  rejectedCount: 1,
};

/** The USDT account 1004's summary: amounts keep their 8 decimals. */
export const demoCryptoSummary: HistorySummary = {
  currencyCode: 'USDT',
  beginningBalance: '100.00000001',
  totalDebit: '-0.12345678',
  totalCredit: '150.2469',
  endingBalance: '250.12345678',
  processingCount: 0,
  rejectedCount: 0,
};

/** `count` card authorisations of the debit card 2006 (settling to account 1001), newest first. */
export function demoAuthorizations(count: number): Authorization[] {
  const statuses = ['pending', 'settled', 'reversed', 'declined'] as const;
  const newest = Date.UTC(2026, 2, 30, 18, 30);
  return Array.from({ length: count }, (_, i) => ({
    authorizationId: 7000 + i,
    cardAccountId: 2006,
    amount: `-${12 + i}.${String((i * 37) % 100).padStart(2, '0')}`,
    currencyCode: 'USD',
    created: new Date(newest - i * 26 * 3_600_000).toISOString(),
    status: statuses[i % statuses.length]!,
    ...(i % 3 === 2 ? {} : { merchant: i % 3 === 0 ? 'Corner Market' : 'City Transit' }),
  }));
}

/**
 * The approval statechart with fake calls, for a transfer story: `submit` answers the screen's
 * body (a reply, or a refusal when it throws); codes are accepted, a push never answers.
 */
export function fakeApprovalLogic(submit: (request: ApprovalRequest) => Promise<ApprovalReply>) {
  return approvalMachine.provide({
    actors: {
      submit: fromPromise<ApprovalReply, ApprovalRequest>(({ input }) => submit(input)),
      confirm: fromPromise<void, { reply: ApprovalReply; code: string }>(async () => undefined),
      resend: fromPromise<Partial<ApprovalReply>, { reply: ApprovalReply; approveType: ApprovalReply['approveType'] }>(async () => ({})),
      retryTransfer: fromPromise<ApprovalReply, { transactionId: number }>(async () => ({ approveType: 'none', status: 'completed' })),
      status: fromPromise(async ({ input }) => ({ state: 'waiting' as const, reply: input.reply })),
      watch: fromCallback(() => () => undefined),
    },
  });
}

/** A payee check (check payee) that knows `payees` by e-mail and no one else; answers 10 ms after typing settles. */
export function fakePayeeCheckLogic(payees: Readonly<Record<string, Omit<PayeeFacts, 'email'>>>) {
  return lookupMachine.provide({
    actors: { lookUp: fromPromise<unknown, { query: unknown }>(async ({ input }) => ({ email: String(input.query), ...(payees[String(input.query)] ?? { exist: false }) })) },
    delays: { settle: 10 },
  });
}
