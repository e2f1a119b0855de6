import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BusinessEntityType, BusinessQuestions, ControlType, GiinMissingReason, PersonField, PersonProblem, QuestionProblem } from '@machines/certification/business.rules';

/** The questions (002 s3), as the company's representative reads them. */
export const QUESTION_TEXTS: Record<keyof BusinessQuestions, MessageDescriptor> = {
  isFinancialInstitution: msg`Is the company a financial institution (a bank, broker, investment fund, insurer or custodian)?`,
  isUsingClientFunds: msg`Does the company hold money or financial assets for its clients?`,
  isManagedByFinancialInstitution: msg`Is the company’s money invested or managed by a financial institution?`,
  giin: msg`GIIN (Global Intermediary Identification Number)`,
  giinMissingReason: msg`Why is there no GIIN?`,
  isPubliclyTraded: msg`Are the company’s shares regularly traded on a securities market?`,
  companySecurityMarket: msg`Securities market`,
  companyTicket: msg`Ticker symbol`,
  isOwnPubliclyTradedCompany: msg`Is the company owned by a company whose shares are regularly traded?`,
  companyOwnedByYouName: msg`Name of the listed company`,
  companyOwnedByYouSecurityMarket: msg`Its securities market`,
  companyOwnedByYouTicket: msg`Its ticker symbol`,
  isEarnPassiveIncome: msg`Is more than half of the company’s income passive (dividends, interest, rents, royalties)?`,
};

export const GIIN_REASON_TEXTS: Record<GiinMissingReason, MessageDescriptor> = {
  applied: msg`Applied for, not issued yet`,
  notRequired: msg`Not required (an exempt or deemed-compliant institution)`,
  nonParticipating: msg`A non-participating financial institution`,
};

export const ENTITY_TYPE_TEXTS: Record<BusinessEntityType, MessageDescriptor> = {
  financialInstitution: msg`Financial institution`,
  listedEntity: msg`Listed company`,
  relatedEntity: msg`Company related to a listed company`,
  passiveNfe: msg`Passive non-financial entity`,
  activeNfe: msg`Active non-financial entity`,
};

export const CONTROL_TYPE_TEXTS: Record<ControlType, MessageDescriptor> = {
  ownership: msg`By ownership (25 % or more)`,
  otherMeans: msg`By other means (voting rights, agreements)`,
  seniorManagingOfficial: msg`As a senior managing official`,
};

export const QUESTION_PROBLEM_TEXTS: Record<QuestionProblem, MessageDescriptor> = {
  answerRequired: msg`Answer yes or no.`,
  giinFormat: msg`A GIIN looks like 98Q96B.00000.LE.250.`,
  giinOrReason: msg`Give the GIIN or say why there is none.`,
  required: msg`Fill in this field.`,
  tooLong: msg`This is too long.`,
  tickerFormat: msg`A ticker has 1 to 12 letters, digits, dots or dashes.`,
};

export function personProblemText(field: PersonField, problem: PersonProblem): MessageDescriptor {
  if (problem === 'tooLong') return msg`This is too long.`;
  if (problem === 'dateFormat') return msg`Enter the date as year, month and day.`;
  if (problem === 'dateFuture') return msg`The date of birth cannot be in the future.`;
  switch (field) {
    case 'firstName':
      return msg`Enter the first name.`;
    case 'lastName':
      return msg`Enter the last name.`;
    case 'dateOfBirth':
      return msg`Enter the date of birth.`;
    case 'countryOfBirth':
      return msg`Choose the country of birth.`;
    case 'controlType':
      return msg`Choose how this person controls the company.`;
  }
}
