export { LinkDeviceButton } from './ui/link-device-button';
export type { LinkDeviceButtonProps } from './ui/link-device-button';
export { linkDeviceLogic } from './model/link-device-actors';
