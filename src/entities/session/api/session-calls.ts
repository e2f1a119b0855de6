import { api, type AccessInfo, type CustomerInfo, type MainReply } from '@/shared/api';

type Term = NonNullable<NonNullable<MainReply<'customerInfo'>['terms']>['term']>;
import { tokenLifetimeMs } from '@/shared/lib';
import type { SessionTokens } from '@machines/auth/session.machine';

/** The calls the session makes (auth service: refresh, logout; main service: customer info, hand-off). */

/** POST /auth/refresh: new tokens, or 'session expired' (spec 000 s8); an empty token is refused first. */
export async function refreshTokens(refreshToken: string | null): Promise<SessionTokens> {
  if (!refreshToken) throw new Error('empty refresh token');
  try {
    const { data } = await api().auth.POST('/auth/refresh', { body: { refreshToken } });
    if (!data?.accessToken) throw new Error('no token');
    return { accessToken: data.accessToken, refreshToken: data.refreshToken, lifetimeMs: tokenLifetimeMs(data.accessToken, data.expiresIn) };
  } catch {
    throw new Error('session expired');
  }
}

/** POST /auth/logout: its errors are only logged (spec 000 s4). */
export async function logoutOnServer(refreshToken: string | null): Promise<void> {
  try {
    await api().auth.POST('/auth/logout', { body: refreshToken ? { refreshToken } : {} });
  } catch (error) {
    console.warn('[session] logout failed (ignored):', error);
  }
}

/** Customer info of the signed-in user (spec 000 s3) and the terms it carries (spec 002 s7: terms.term). */
export async function fetchCustomerInfo(): Promise<{ customer: CustomerInfo | null; term: Term | null }> {
  const reply = await api().main.call('customerInfo');
  return { customer: reply.customer ?? null, term: reply.terms?.term ?? null };
}

/** "Terms accept" (spec 002 s7 Writes). */
export async function acceptTermsOnServer(termId: string): Promise<void> {
  await api().main.call('termsAccept', { termId });
}

/**
 * The user's access to the acting customer (spec 002 s3 "Customer access info"; depends on
 * fromCustomerId), or to `customerId` when given: asked before the app acts for them.
 */
export async function fetchAccessInfo(customerId?: number): Promise<AccessInfo> {
  return api().main.call('userAccessInfoGet', {}, customerId === undefined ? {} : { actingCustomerId: customerId });
}

/** "Business authorised user get" (spec 002 s7): the information the old web application continues with. */
export async function fetchAuthorizedUserInformation(): Promise<Record<string, unknown> | null> {
  return (await api().main.call('businessAuthorizedUserGet')).authorizedUserInformationApi ?? null;
}

/** userAccessList (002 s7): the customers the signed-in user may act for, as the company selector lists them. */
export async function fetchAccessList(): Promise<{ id: number; name: string; username?: string }[]> {
  const reply = await api().main.call('userAccessList', {});
  return (reply.customers ?? []).map((customer) => ({ id: customer.id, name: customer.name, username: customer.username }));
}
