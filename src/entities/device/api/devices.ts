import { queryOptions } from '@tanstack/react-query';
import { api, type AuthSchemas } from '@/shared/api';

/** Devices of the auth service and the device API (spec 000 s5, s7), and the auth profile: keys and queries. */
export type Device = AuthSchemas['Device'];
export type ApproveMethod = AuthSchemas['ApproveMethod'];
export type AuthProfile = AuthSchemas['AuthProfile'];
export type DeviceCreatePayload = AuthSchemas['DeviceCreate'];

export const deviceKeys = {
  all: ['devices'] as const,
  linked: () => [...deviceKeys.all, 'linked'] as const,
  registered: () => [...deviceKeys.all, 'registered'] as const,
  approveMethods: () => [...deviceKeys.all, 'approve-methods'] as const,
  profile: () => ['auth-profile'] as const,
};

export const linkedDevicesQuery = () =>
  queryOptions({
    queryKey: deviceKeys.linked(),
    queryFn: async ({ signal }) => (await api().auth.GET('/device-api/device', { signal })).data ?? [],
  });

export const registeredDevicesQuery = () =>
  queryOptions({
    queryKey: deviceKeys.registered(),
    queryFn: async ({ signal }) => (await api().auth.GET('/auth/devices', { signal })).data ?? [],
  });

export const approveMethodsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.approveMethods(),
    queryFn: async ({ signal }) => (await api().auth.GET('/auth/devices/approve-methods', { signal })).data ?? [],
    staleTime: 10 * 60_000,
  });

/** scp (none or push) and type (1-4) of the signed-in user (spec 000 s3). */
export const authProfileQuery = () =>
  queryOptions({
    queryKey: deviceKeys.profile(),
    queryFn: async ({ signal }) => (await api().auth.GET('/auth/profile', { signal })).data!,
  });
