import { msg } from '@lingui/core/macro';
import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { createProofFormMachine } from '../settings/proof-form.machine';

/**
 * The profile's small forms (spec 002 s3 Profile store, s7 Writes): the tax id
 * (customerTaxNumberUpdate) and a request to sign in with another e-mail (the username change
 * request). Each is the form statechart with its rule; the service's refusal is shown as its
 * description (002 s8).
 */
export const profileFormMessages = {
  taxIdRequired: msg`Enter your tax id.`,
  taxIdFormat: msg`A tax id has 4 to 40 letters, digits, spaces, dots, slashes or dashes.`,
  emailRequired: msg`Enter the new e-mail address.`,
  emailFormat: msg`Enter an e-mail address like name@example.com.`,
  emailSame: msg`This is already the address you sign in with.`,
};

/** The tax id: 4 to 40 letters, digits, spaces, dots, slashes or dashes (the same rule as the service's). */
export function validateTaxId(values: FormValues): FormErrors {
  const taxId = (values.taxId ?? '').trim();
  if (!taxId) return { taxId: { descriptor: profileFormMessages.taxIdRequired } };
  if (!/^[A-Za-z0-9 ./-]{4,40}$/.test(taxId)) return { taxId: { descriptor: profileFormMessages.taxIdFormat } };
  return {};
}

/** The new sign-in address: an e-mail (at most 100 characters), not the one in use (`current`, compared without case). */
export function validateUsernameChange(values: FormValues): FormErrors {
  const email = (values.email ?? '').trim();
  if (!email) return { email: { descriptor: profileFormMessages.emailRequired } };
  if (email.length > 100 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { email: { descriptor: profileFormMessages.emailFormat } };
  if (email.toLowerCase() === (values.current ?? '').trim().toLowerCase()) return { email: { descriptor: profileFormMessages.emailSame } };
  return {};
}

export const taxIdFormMachine = createFormMachine('taxIdForm', validateTaxId);
/** The address one signs in with: the service asks the user to confirm it is them first (issue 49). */
export const usernameChangeFormMachine = createProofFormMachine('usernameChangeForm', validateUsernameChange);
