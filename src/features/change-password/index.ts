export { PasswordChangeForm } from './ui/password-change-form';
export type { PasswordChangeFormProps } from './ui/password-change-form';
export { passwordChangeLogic } from './model/password-actors';
