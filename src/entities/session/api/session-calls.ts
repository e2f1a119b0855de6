import { api, type AccessInfo, type CustomerInfo } from '@/shared/api';
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

/** Customer info of the signed-in user (spec 000 s3). */
export async function fetchCustomerInfo(): Promise<CustomerInfo | null> {
  return (await api().main.call('customerInfo')).customer ?? null;
}

/** The user's access to the acting customer (spec 002 s3 "Customer access info"; depends on fromCustomerId). */
export async function fetchAccessInfo(): Promise<AccessInfo> {
  return api().main.call('userAccessInfoGet');
}

/** "Business authorised user get" (spec 002 s7): the information the old web application continues with. */
export async function fetchAuthorizedUserInformation(): Promise<Record<string, unknown> | null> {
  return (await api().main.call('businessAuthorizedUserGet')).authorizedUserInformationApi ?? null;
}
