export { ConfirmIpnButton } from './ui/confirm-ipn-button';
export type { ConfirmIpnButtonProps } from './ui/confirm-ipn-button';
export { confirmIpnLogic } from './model/confirm-ipn-actors';
export type { ConfirmIpnLogic } from './model/confirm-ipn-actors';
