import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AdditionalQuestion, IndustryGroup } from '@machines/registration/registration.rules';

/**
 * Registration's words that other screens show too: the industries' groups (002 s3), the due
 * diligence follow-ups the app adds to the service's additional questions and their yes/no answers
 * (the business registration wizard and the company's own file ask the same questions).
 */

/** The four groups of industries (002 s3). */
export const INDUSTRY_GROUP_LABELS: Record<IndustryGroup, MessageDescriptor> = {
  adultRelatedBusiness: msg`Adult-related business`,
  mainstreamCompany: msg`Mainstream company`,
  financialCompanies: msg`Financial companies`,
  investmentCompanies: msg`Investment companies`,
};

/** The due diligence follow-ups the app adds (002 s3), and the yes/no answers. */
export const QUESTION_TEXTS: Record<string, MessageDescriptor> = {
  anotherAccountDetails: msg`Which bank or payment institution, and which account?`,
  businessAnotherAccountDetails: msg`Which bank or payment institution, and which account?`,
  controlAccountPerson: msg`The person who controls the account: full name and date of birth`,
};
export const YES_NO: Record<string, MessageDescriptor> = { yes: msg`Yes`, no: msg`No` };

/** An additional question as the customer reads it: the app's words for its own follow-ups, else the service's text. */
export function questionText(i18n: I18n, question: Pick<AdditionalQuestion, 'id' | 'text'>): string {
  const own = QUESTION_TEXTS[question.id];
  return own ? i18n._(own) : question.text;
}

/** An additional question's options as choices (the yes/no the app adds in the interface language). */
export function questionOptions(i18n: I18n, question: Pick<AdditionalQuestion, 'options'>): { id: string; label: string }[] {
  return (question.options ?? []).map((option) => {
    const own = YES_NO[option.label];
    return { id: option.value, label: own ? i18n._(own) : option.label };
  });
}
