import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors } from '../shared/form.machine';
import type { UiMessage } from '../shared/ui-message';
import type { IdentityCheckField, IdentityCheckProblem, IdentityFilterProblem, IdentityFilters } from './merchant-checks.rules';

/** Merchant tools, 2 of 2 (issue 56): the rules' outcomes in words. */
export const merchantCheckMessages = {
  account: msg`Choose the account that pays the fee.`,
  firstNameRequired: msg`Enter the person's first name.`,
  lastNameRequired: msg`Enter the person's last name.`,
  nameTooLong: msg`Use at most 100 characters.`,
  emailRequired: msg`Enter the e-mail the invitation is sent to.`,
  email: msg`Enter a valid e-mail address.`,
  country: msg`Choose the country of the person's identity document.`,
  referenceTooLong: msg`Use at most 100 characters.`,
  feeNotCovered: msg`The balance of this account does not cover the fee. Choose another account or add money to it.`,
  feeUnknown: msg`The fee for this account could not be found, so the check cannot be started yet.`,
  status: msg`Choose one of the statuses.`,
  date: msg`Enter a day, for example 2026-11-30.`,
  range: msg`The last day cannot be before the first.`,
} satisfies Record<string, MessageDescriptor>;

const m = merchantCheckMessages;
const d = (descriptor: MessageDescriptor): UiMessage => ({ descriptor });

/** An identity check's problem in words, by its field. */
export function identityCheckMessage(field: IdentityCheckField, problem: IdentityCheckProblem): UiMessage {
  switch (problem) {
    case 'account':
      return d(m.account);
    case 'required':
      return d(field === 'firstName' ? m.firstNameRequired : field === 'lastName' ? m.lastNameRequired : m.emailRequired);
    case 'tooLong':
      return d(field === 'reference' ? m.referenceTooLong : m.nameTooLong);
    case 'email':
      return d(m.email);
    case 'country':
      return d(m.country);
  }
}

/** The identity list filters' problems in words. */
export function identityFilterErrors(problems: Partial<Record<keyof IdentityFilters, IdentityFilterProblem>>): FormErrors {
  const words: Record<IdentityFilterProblem, MessageDescriptor> = { status: m.status, fromDate: m.date, toDate: m.date, range: m.range };
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, d(words[problem])]));
}
