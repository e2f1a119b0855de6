import type { IdentityCheck, IdentityStart, IdentityVerdict } from '@machines/verification/identity-verification.machine';
import { api, asUiMessage } from '@/shared/api';

/**
 * Identity verification with the external provider (spec 002 s7 REST): a run started
 * for the signed-in customer (POST /identity-verification) or for another customer the user acts
 * for (POST /customers/{id}/identity-verification), and its result (POST verification/customer/{id}/verify).
 * A failure throws what the statechart shows (the server's words, or the generic ones). The SDK
 * token is only passed on: never stored.
 */

/** A new run; `actingCustomerId` only when the user acts for a customer other than themselves. */
export const startIdentityVerification = (input: { returnOrigin: string; actingCustomerId: number | null }): Promise<IdentityStart> =>
  asUiMessage(async () => {
    const body = { returnOrigin: input.returnOrigin };
    const { data } =
      input.actingCustomerId === null
        ? await api().auth.POST('/identity-verification', { body })
        : await api().auth.POST('/customers/{id}/identity-verification', { params: { path: { id: input.actingCustomerId } }, body });
    if (!data) throw new Error('identity verification start: no reply');
    return data;
  });

/** The provider's decision so far on a run (with its SDK token) or a video identity job of the customer. */
export const verifyIdentity = (customerId: number, check: IdentityCheck): Promise<IdentityVerdict> =>
  asUiMessage(async () => {
    const { data } = await api().auth.POST('/verification/customer/{id}/verify', { params: { path: { id: customerId } }, body: check });
    if (!data) throw new Error('identity verify: no reply');
    return data;
  });
