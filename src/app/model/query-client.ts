import { i18n } from '@lingui/core';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { PopupRequest } from '@machines/app/popup.machine';
import { isApiError, isTransportFailure } from '@/shared/api';
import type { PopupActor } from '@/shared/model';

/**
 * What a failed mutation shows by itself. One rule for every screen (spec 001 s7/s8):
 * - a mutation can opt out with `meta: { errorPopup: false }` and handle the error itself
 *   (global pay calls do: "do not show the automatic validation popup");
 * - a 401 is the session's business (refresh, or expiry and sign-in), terms go to the terms
 *   screen, a cancelled request is not an error: no popup;
 * - anything else opens the generic error popup (002 s8) with the server's reply, and the
 *   translated text of the error kind when the reply has no text.
 */
export function errorPopupFor(error: unknown, meta: Record<string, unknown> | undefined): PopupRequest | null {
  if (meta?.errorPopup === false) return null;
  if (!isApiError(error)) return null;
  if (error.kind === 'unauthorized' || error.kind === 'termsRequired') return null;
  // Transport failures show their own translated words, never the body (isTransportFailure).
  const reply = !isTransportFailure(error) && error.body && typeof error.body === 'object' ? (error.body as PopupRequest['reply']) : null;
  return { kind: 'error', reply, fallback: i18n._(error.defaultMessage) };
}

/**
 * The app's query client. Queries keep their last data when a refetch fails (TanStack Query
 * does not drop `data` on error; a non-'00' responseCode is thrown as an ApiError by the
 * transport), so a failed refetch never blanks what the user was reading (spec 002 s7).
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
