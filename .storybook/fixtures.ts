import { fn } from 'storybook/test';
import type { Account } from '../src/entities/account';
import type { QueryLike } from '../src/shared/ui';

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
