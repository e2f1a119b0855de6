export { AddAddressButton, ConfirmAddressButton, DeleteAddressButton, ReplaceAddressButton } from './ui/address-buttons';
export { AddressDialog } from './ui/address-dialog';
export type { AddressDialogProps, AddressToEdit } from './ui/address-dialog';
export { addressEditLogic, confirmAddressLogic, deleteAddressLogic } from './model/address-actors';
