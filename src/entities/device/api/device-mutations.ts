import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';
import { watchDeviceChanges } from '@/shared/model';
import { deviceKeys, type Device, type DeviceCreatePayload } from './devices';

/**
 * Device changes (spec 000 s7). Each hook invalidates every device list, so the tables show the
 * server's state after the change; a failure opens the app's error popup (query client).
 */

/** DELETE /device-api/device/{id}: a linked phone stops approving sign-ins and payments. */
export function useUnlinkDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: Device) => {
      await api().auth.DELETE('/device-api/device/{id}', { params: { path: { id: device.id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** DELETE /auth/devices/{deviceId}: removes a registered device. */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: Device) => {
      await api().auth.DELETE('/auth/devices/{deviceId}', { params: { path: { deviceId: device.id } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/**
 * Approves a registered device (000 s4): PATCH /auth/devices/{deviceId}/approve/{methodId} by the
 * method chosen, or POST /auth/devices/{deviceId}/approve when the service offers no method to
 * choose (issue 61).
 */
export function useApproveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ device, methodId }: { device: Device; methodId?: string }) => {
      if (methodId === undefined) await api().auth.POST('/auth/devices/{deviceId}/approve', { params: { path: { deviceId: device.id } } });
      else await api().auth.PATCH('/auth/devices/{deviceId}/approve/{methodId}', { params: { path: { deviceId: device.id, methodId } }, body: {} });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** POST /auth/devices: the registration form's submit (its statechart calls it; see useDevicesChanged). */
export async function registerDevice(payload: DeviceCreatePayload): Promise<Device> {
  const { data } = await api().auth.POST('/auth/devices', { body: payload });
  if (!data) throw new Error('no device in the reply');
  return data;
}

/** POST /auth/stores-urls/send (000 s7): the brand's app store links by SMS to a number in international format (public: no sign-in needed). */
export async function sendStoreLinks(phoneNumber: string): Promise<void> {
  await api().auth.POST('/auth/stores-urls/send', { body: { phoneNumber } });
}

/** Refreshes every device list (after a registration made by the form statechart). */
export function useDevicesChanged(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
}

/**
 * While mounted, the device lists and the auth profile (scp) read again when the realtime channel
 * says a phone was linked (issue 49: the phone opened the QR code of "link a new phone").
 */
export function useDeviceNews(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchDeviceChanges(() => {
        void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
        void queryClient.invalidateQueries({ queryKey: deviceKeys.profile() });
      }),
    [queryClient],
  );
}
