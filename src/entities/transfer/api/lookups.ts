import { queryOptions } from '@tanstack/react-query';
import { api, type MainBody, type MainSchemas, MONEY_QUERY } from '@/shared/api';

/**
 * What a transfer form shows before submit (001 s5, s7): the exchange rate, the fee, the smallest
 * and largest amount and the customer's limits, as query options; each is asked only when its
 * rule (machines/transfers/*.logic.ts) says it may be.
 */
export const transferKeys = {
  rate: (from: string, to: string) => ['transfer-rate', from, to] as const,
  ownFee: (amount: string, from: number, to: number) => ['own-accounts-fee', amount, from, to] as const,
  maxAmountAll: ['transfer-max-amount'] as const,
  maxAmount: (lookup: object) => [...transferKeys.maxAmountAll, lookup] as const,
  limitsAll: ['customer-limits'] as const,
  /** Who the customer has sent to and their templates: a sent transfer may add one. */
  beneficiariesAll: ['p2p-beneficiaries'] as const,
  limits: (lookup: object) => [...transferKeys.limitsAll, lookup] as const,
};

export type CustomerLimit = MainSchemas['CustomerLimit'];

export const transferExchangeRateQuery = (fromCurrencyCode: string, toCurrencyCode: string) =>
  queryOptions({
    queryKey: transferKeys.rate(fromCurrencyCode, toCurrencyCode),
    queryFn: async ({ signal }) => (await api().main.call('transferExchangeRate', { fromCurrencyCode, toCurrencyCode }, { signal })).rate ?? null,
    staleTime: 60_000,
  });

/** The fee of a transfer between own accounts (a card load is one); only with an amount and both accounts (001 s5). */
export const ownAccountsFeeQuery = (amount: string, fromAccountId: number, toAccountId: number) =>
  queryOptions({
    queryKey: transferKeys.ownFee(amount, fromAccountId, toAccountId),
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('ownAccountsFee', { amount, fromAccountId, toAccountId }, { signal });
      return { fee: reply.fee ?? '0', currencyCode: reply.currencyCode ?? '' };
    },
    staleTime: 60_000,
  });

export const transactionMaxAmountQuery = (lookup: MainBody<'transactionMaxAmount'>) =>
  queryOptions({
    queryKey: transferKeys.maxAmount(lookup),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('transactionMaxAmount', lookup, { signal });
      return { minAmount: reply.minAmount ?? null, amount: reply.amount ?? null };
    },
    staleTime: 15_000,
  });

export const customerLimitsQuery = (lookup: MainBody<'customerLimits'>) =>
  queryOptions({
    queryKey: transferKeys.limits(lookup),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }): Promise<CustomerLimit[]> => (await api().main.call('customerLimits', lookup, { signal })).limits ?? [],
    staleTime: 15_000,
  });


