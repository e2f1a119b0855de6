import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { personalCertificationMessages, type PersonalField, type PersonalProblem } from '@machines/certification/personal-certification.machine';
import type { TaxIdProblem, TinMissingReason, UsForm } from '@machines/certification/tax.rules';

/** The US forms a certification asks for (FATCA), as the customer reads them. */
export const US_FORM_TEXTS: Record<UsForm, MessageDescriptor> = {
  w9: msg`Form W-9`,
  w8ben: msg`Form W-8BEN`,
  lossOfNationality: msg`Certificate of loss of US nationality`,
};

/** Why a tax id is missing (002 s5). */
export const MISSING_REASON_TEXTS: Record<TinMissingReason, MessageDescriptor> = {
  notIssued: msg`The country does not issue tax ids`,
  cannotObtain: msg`I cannot obtain one`,
  notRequired: msg`This country does not require one`,
};

/** What is wrong with a tax residence (`taxIdProblems`). */
export const TAX_ID_PROBLEM_TEXTS: Record<TaxIdProblem, MessageDescriptor> = {
  countryRequired: msg`Choose the country.`,
  countryTwice: msg`This country is already listed.`,
  taxIdFormat: msg`A tax id has 2 to 40 letters, digits, spaces, dots, slashes or dashes.`,
  reasonRequired: msg`Give the tax id or say why there is none.`,
  reasonNotAllowed: msg`This country requires a tax id.`,
  explanationRequired: msg`Explain why you cannot obtain a tax id.`,
  explanationTooLong: msg`At most 500 characters.`,
};

/** What is wrong with the personal part (`personalProblems`), as each field says it. */
export function personalProblemText(field: PersonalField | 'citizenship', problem: PersonalProblem): MessageDescriptor {
  if (problem === 'tooLong') return personalCertificationMessages.tooLong;
  if (problem === 'dateFormat') return personalCertificationMessages.dateFormat;
  if (problem === 'dateFuture') return personalCertificationMessages.dateFuture;
  if (problem === 'citizenshipRequired') return personalCertificationMessages.citizenshipRequired;
  if (problem === 'citizenshipTooMany') return personalCertificationMessages.citizenshipTooMany;
  // 'required': each field says what it needs.
  switch (field) {
    case 'cityOfBirth':
      return personalCertificationMessages.cityRequired;
    case 'countryOfBirth':
      return personalCertificationMessages.countryRequired;
    case 'dateOfBirth':
      return personalCertificationMessages.dateRequired;
    case 'citizenship':
      return personalCertificationMessages.citizenshipRequired;
  }
}
