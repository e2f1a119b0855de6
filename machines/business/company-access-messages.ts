import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import Big from 'big.js';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { isAdult, validDate } from '../registration/registration-draft';
import { parseShare, shareProblem } from '../registration/registration.rules';
import { newEmailProblem, isEmailCodeComplete, type NewEmailProblem } from './company-access.rules';

/**
 * The company's people and e-mails in words (issue 54): a representative's form (the registration
 * wizard's person, or a company that holds shares), a new e-mail and its code, each by field.
 * Facts travel with the values under names starting with '@': `@today` (YYYY-MM-DD, for the age
 * rule), `@otherShares` (the shares the company's other shareholders hold together, as text, for
 * the 100 % rule) and `@emails` (the company's addresses, one a line, for the duplicate rule).
 */
export const companyAccessMessages = {
  kindRequired: msg`Choose whether this is a person or a company.`,
  firstNameRequired: msg`Enter the first name.`,
  lastNameRequired: msg`Enter the last name.`,
  nameTooLong: msg`Use at most 100 characters.`,
  companyNameTooLong: msg`Use at most 200 characters.`,
  companyNameRequired: msg`Enter the company's name.`,
  birthdayRequired: msg`Enter the date of birth.`,
  birthdayFormat: msg`Enter a date as YYYY-MM-DD, for example 1985-04-12.`,
  tooYoung: msg`A representative must be at least 18 years old.`,
  emailRequired: msg`Enter an e-mail address.`,
  emailInvalid: msg`Enter a valid e-mail address.`,
  emailDuplicate: msg`The company has this e-mail already.`,
  phoneFormat: msg`Enter a phone number: digits, spaces and an optional + at the start.`,
  roleRequired: msg`Choose at least one role.`,
  shareRequired: msg`Enter the share in percent.`,
  shareFormat: msg`Enter the share as a number with at most 2 decimals, for example 12.5.`,
  shareRange: msg`The share must be above 0 and at most 100.`,
  sharesTotal: msg`The shareholders would hold more than 100 % together.`,
  codeIncomplete: msg`Enter the 6-digit code from the e-mail.`,
} satisfies Record<string, MessageDescriptor>;

const m = companyAccessMessages;
const blank = (text: string | undefined) => !(text ?? '').trim();
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const NAME_MAX = 100;

/** The fields of the representative form (a role is 'true' when ticked). */
export const REPRESENTATIVE_FIELDS = ['kind', 'firstName', 'lastName', 'companyName', 'birthday', 'email', 'phone', 'director', 'shareholder', 'ultimateOwner', 'share'] as const;

const ticked = (value: string | undefined) => value === 'true';

/** The representative form (businessRepresentativeAdd): the wizard's person rules, or a company that only holds shares. */
export function representativeFormErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const kind = values.kind;
  if (kind !== 'person' && kind !== 'company') return { kind: { descriptor: m.kindRequired } };
  if (kind === 'person') {
    if (blank(values.firstName)) errors.firstName = { descriptor: m.firstNameRequired };
    else if (values.firstName!.trim().length > NAME_MAX) errors.firstName = { descriptor: m.nameTooLong };
    if (blank(values.lastName)) errors.lastName = { descriptor: m.lastNameRequired };
    else if (values.lastName!.trim().length > NAME_MAX) errors.lastName = { descriptor: m.nameTooLong };
    const birthday = (values.birthday ?? '').trim();
    if (!birthday) errors.birthday = { descriptor: m.birthdayRequired };
    else if (!validDate(birthday)) errors.birthday = { descriptor: m.birthdayFormat };
    else if (!isAdult(birthday, values['@today'] ?? '')) errors.birthday = { descriptor: m.tooYoung };
    const email = emailError(values.email ?? '', linesOfEmails(values['@emails']));
    if (email) errors.email = email;
    if (!blank(values.phone) && !PHONE.test(values.phone!.trim())) errors.phone = { descriptor: m.phoneFormat };
    if (!ticked(values.director) && !ticked(values.shareholder) && !ticked(values.ultimateOwner)) errors.roles = { descriptor: m.roleRequired };
  } else if (blank(values.companyName)) errors.companyName = { descriptor: m.companyNameRequired };
  else if (values.companyName!.trim().length > 200) errors.companyName = { descriptor: m.companyNameTooLong };
  // A company is always a shareholder; a person only when ticked.
  if (kind === 'company' || ticked(values.shareholder)) {
    const problem = shareProblem(values.share ?? '');
    if (problem) errors.share = { descriptor: problem === 'required' ? m.shareRequired : problem === 'format' ? m.shareFormat : m.shareRange };
    else if (sharesExceed(values.share ?? '', values['@otherShares'] ?? '0')) errors.share = { descriptor: m.sharesTotal };
  }
  return errors;
}

/** Whether this share and the others together pass 100 % (exact decimals; other shares that are not a number count as none). */
export function sharesExceed(share: string, otherShares: string): boolean {
  const mine = parseShare(share);
  if (!mine) return false;
  return mine.plus(parseShare(otherShares) ?? Big(0)).gt(100);
}

const linesOfEmails = (text: string | undefined): string[] => (text ?? '').split('\n').filter((line) => line.trim() !== '');

const EMAIL_TEXTS: Record<NewEmailProblem, MessageDescriptor> = { required: m.emailRequired, invalid: m.emailInvalid, duplicate: m.emailDuplicate };

function emailError(text: string, existing: readonly string[]): FormErrors[string] {
  const problem = newEmailProblem(text, existing);
  return problem ? { descriptor: EMAIL_TEXTS[problem] } : undefined;
}

/** A new company e-mail (companyEmailAdd): the 002 s5 rule before any call, and not one the company has (`@emails`). */
export function companyEmailErrors(values: FormValues): FormErrors {
  const error = emailError(values.email ?? '', linesOfEmails(values['@emails']));
  return error ? { email: error } : {};
}

/** A confirmation code as typed: six digits. */
export const codeError = (code: string): FormErrors[string] => (isEmailCodeComplete(code) ? undefined : { descriptor: m.codeIncomplete });
