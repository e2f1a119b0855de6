import { queryOptions } from '@tanstack/react-query';
import type { LinkVerdict } from '@machines/shared/link-check.rules';
import { api } from '@/shared/api';

export const linkCheckKeys = {
  all: ['link-check'] as const,
  url: (url: string) => [...linkCheckKeys.all, url] as const,
};

/**
 * The service's verdict on one address (POST /service/check-urls, 000 s7: the answer is the safe
 * subset of the addresses asked about). Kept for the session (the signed-in query cache is emptied
 * when it ends): a link checked once opens at once the next time. A failure is not kept.
 */
export const linkCheckQuery = (url: string) =>
  queryOptions({
    queryKey: linkCheckKeys.url(url),
    queryFn: async ({ signal }): Promise<LinkVerdict> => {
      const { data } = await api().auth.POST('/service/check-urls', { body: { urls: [url] }, signal });
      return data?.urls.includes(url) ? 'safe' : 'unsafe';
    },
    staleTime: Infinity,
    retry: false,
    meta: { errorPopup: false },
  });
