export {
  deviceKeys,
  linkedDevicesQuery,
  registeredDevicesQuery,
  approveMethodsQuery,
  authProfileQuery,
  unlinkDevice,
  registerDevice,
  removeDevice,
  approveDevice,
} from './api/devices';
export type { Device, ApproveMethod, AuthProfile, DeviceCreatePayload } from './api/devices';
export { DeviceTable } from './ui/device-table';
