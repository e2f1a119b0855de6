export { CancelUsernameChangeButton, TaxIdForm, UsernameChangeForm } from './ui/profile-details-forms';
export { cancelUsernameChangeLogic, taxIdFormLogic, usernameChangeFormLogic } from './model/profile-details-actors';
