import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { loginHistoryRequest, type LoginHistorySearch } from '@machines/settings/login-history.rules';
import { api, type MainSchemas } from '@/shared/api';

/** A sign-in (001 s3 Login history item: date); the device and the place where the service knows them. */
export type LoginHistoryItem = MainSchemas['LoginHistoryItem'];

/** One page of the login history and how many sign-ins the dates hold in all (001 s3: list total). */
export interface LoginHistoryPageData {
  total: number;
  items: LoginHistoryItem[];
}

export const loginHistoryKeys = {
  all: ['login-history'] as const,
  search: (search: LoginHistorySearch) => [...loginHistoryKeys.all, search] as const,
};

/**
 * loginHistory (001 s7) for the address's dates and page, 20 a page (s9). While another page or
 * other dates load, the page read before stays on screen (marked stale).
 */
export const loginHistoryQuery = (search: LoginHistorySearch) =>
  queryOptions({
    queryKey: loginHistoryKeys.search(search),
    queryFn: async ({ signal }): Promise<LoginHistoryPageData> => {
      const reply = await api().main.call('loginHistory', loginHistoryRequest(search), { signal });
      return { total: reply.total ?? 0, items: reply.items ?? [] };
    },
    placeholderData: keepPreviousData,
  });
