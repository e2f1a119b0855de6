import { MutationCache, QueryClient } from '@tanstack/react-query';
import { errorPopupFor } from '@/shared/api';
import type { PopupActor } from '@/shared/model';

/**
 * The app's query client. Queries keep their last data when a refetch fails (TanStack Query
 * does not drop `data` on error; a non-'00' responseCode is thrown as an ApiError by the
 * transport), so a failed refetch never blanks what the user was reading (spec 002 s7). A failed
 * mutation opens the generic error popup by itself (`errorPopupFor`, shared/api).
 */
export function createQueryClient(popup: PopupActor | null): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const request = errorPopupFor(error, mutation.meta);
        if (request) popup?.send({ type: 'SHOW', popup: request });
      },
    }),
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: 0 }, // never retry a money-moving mutation automatically
    },
  });
}
