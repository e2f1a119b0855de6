export { checkEmailExists, createAccount, createAccountFailure, registrationField, toBusinessRegistration } from './api/registration';
export type { CreateAccountRequest, PersonalRegistration } from './api/registration';
export { INDUSTRY_GROUP_LABELS, QUESTION_TEXTS, YES_NO, questionOptions, questionText } from './ui/registration-texts';
