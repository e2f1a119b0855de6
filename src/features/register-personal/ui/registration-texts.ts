import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PersonalProblem } from '@machines/registration/personal-registration.machine';

/** The personal registration types (002 s1), in the customer's words. */
export const PERSONAL_TYPE_LABELS: Record<string, MessageDescriptor> = {
  webmasters: msg`Webmaster`,
  freelancers: msg`Freelancer`,
  webcamModels: msg`Webcam model`,
  developers: msg`Developer`,
  independentContractors: msg`Independent contractor`,
  others: msg`Other`,
};

/** What is wrong with a field of the personal form. */
export const PERSONAL_PROBLEMS: Record<PersonalProblem, MessageDescriptor> = {
  required: msg`Required.`,
  format: msg`Check the format.`,
  tooYoung: msg`You must be at least 18 years old.`,
  emailTaken: msg`An account with this e-mail exists. Sign in instead.`,
  emailEmployee: msg`This e-mail belongs to a company's employee. Activate your account from the e-mail your company sent.`,
  emailNotChecked: msg`We are checking this e-mail. Wait a moment, or check your connection.`,
  agreement: msg`Accept this to open an account.`,
  weakPassword: msg`Use at least 8 characters with a letter and a digit.`,
  passwordMismatch: msg`The passwords do not match.`,
};
