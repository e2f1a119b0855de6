import type { MessageDescriptor } from '@lingui/core';
import { personalCertificationMessages, type PersonalField, type PersonalProblem } from '@machines/certification/personal-certification.machine';

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
