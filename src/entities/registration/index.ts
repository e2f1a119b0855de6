export { checkEmailExists, createAccount, createAccountFailure, registrationField, toBusinessRegistration } from './api/registration';
export type { CreateAccountRequest, PersonalRegistration } from './api/registration';
