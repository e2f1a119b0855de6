import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { REQUEST_PAGE_SIZE, requestListFilter, type RequestFilter } from '@machines/business/approvals.logic';
import { api, type MainBody, type MainSchemas, MONEY_QUERY } from '@/shared/api';

/** Business transaction requests (001 s3, s7): the list, the notification counts and the decisions. */
export type TransactionRequest = MainSchemas['TransactionRequest'];

export const requestKeys = {
  all: ['transaction-requests'] as const,
  list: (filter: RequestFilter, page: number) => ['transaction-requests', 'list', filter, page] as const,
  counts: ['transaction-requests', 'counts'] as const,
};

export const transactionRequestsQuery = (filter: RequestFilter, pageNumber: number) =>
  queryOptions({
    queryKey: requestKeys.list(filter, pageNumber),
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('transactionRequestList', { ...requestListFilter(filter), pageNumber, pageSize: REQUEST_PAGE_SIZE }, { signal });
      return { total: reply.total ?? 0, requests: reply.requests ?? [] };
    },
    placeholderData: keepPreviousData,
  });

/** How many requests wait for an approver of the acting company (the header's count); asked again every minute. */
export const notificationCountsQuery = () =>
  queryOptions({
    queryKey: requestKeys.counts,
    meta: MONEY_QUERY,
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('notificationCounts', {}, { signal });
      return { single: reply.transactionRequestCount ?? 0, mass: reply.massTransactionRequestCount ?? 0 };
    },
    refetchInterval: 60_000,
  });

