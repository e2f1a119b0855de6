export { EditPhoneButton } from './ui/edit-phone-button';
export type { EditPhoneButtonProps } from './ui/edit-phone-button';
export { PhoneDialog } from './ui/phone-dialog';
export type { EditablePhone, PhoneDialogProps } from './ui/phone-dialog';
export { phoneVerificationLogic } from './model/phone-actors';
