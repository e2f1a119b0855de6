export {
  deviceKeys,
  linkedDevicesQuery,
  registeredDevicesQuery,
  approveMethodsQuery,
  authProfileQuery,
} from './api/devices';
export { useUnlinkDevice, useRemoveDevice, useApproveDevice, registerDevice, sendStoreLinks, useDevicesChanged, useDeviceNews } from './api/device-mutations';
export type { Device, ApproveMethod, AuthProfile, DeviceCreatePayload } from './api/devices';
export { DeviceTable } from './ui/device-table';
