export { PersonalRegistrationForm } from './ui/personal-registration-form';
export type { PersonalRegistrationActor, PersonalRegistrationFormProps } from './ui/personal-registration-form';
export { personalRegistrationLogic } from './model/personal-registration-actors';
export { PERSONAL_TYPE_LABELS } from './ui/registration-texts';
