import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { FieldProblem, StructureProblem, WizardStep } from '@machines/registration/registration-draft';

/** The wizard's steps as the customer reads them (002 s4). */
export const STEP_TITLES: Record<WizardStep, MessageDescriptor> = {
  generalForm: msg`The company`,
  financialInfoForm: msg`Money and currencies`,
  dueDilligenceForm: msg`A few questions`,
  legalForm: msg`Registered address`,
  directorsHub: msg`Directors`,
  shareholdersHub: msg`Shareholders`,
  usersHub: msg`Users`,
  summary: msg`Check and submit`,
};

/** The business registration types (002 s1), in the customer's words. */
export const BUSINESS_TYPE_LABELS: Record<string, MessageDescriptor> = {
  advertisingNetworks: msg`Advertising network`,
  affiliatePrograms: msg`Affiliate program`,
  liveStreamingNetworks: msg`Live streaming network`,
  freelanceCompanies: msg`Freelance company`,
  hostingProviders: msg`Hosting provider`,
  billingPaymentProcessors: msg`Billing or payment processor`,
  webcamStudios: msg`Webcam studio`,
  others: msg`Other`,
};

/** What is wrong with a field of a step, a person or a company. */
export const FIELD_PROBLEMS: Record<FieldProblem, MessageDescriptor> = {
  required: msg`Required.`,
  format: msg`Check the format.`,
  tooYoung: msg`The person must be at least 18 years old.`,
  future: msg`The date cannot be in the future.`,
  range: msg`A share is more than 0 % and at most 100 %.`,
  emailNotChecked: msg`We are checking this e-mail. Wait a moment, or change it to check again.`,
  emailTaken: msg`This e-mail already has an account. Give the user another e-mail.`,
  sourceDetails: msg`Describe each source of funds chosen.`,
};

/** A share's own problem (as typed). */
export const SHARE_PROBLEMS: Record<'required' | 'format' | 'range', MessageDescriptor> = {
  required: msg`Enter the share.`,
  format: msg`A share is a number with at most 2 decimals.`,
  range: msg`A share is more than 0 % and at most 100 %.`,
};

/** The tree's problems (002 s5), said where they are (`company`: the company's name). */
export function structureText(i18n: I18n, problem: StructureProblem, company: string): string {
  switch (problem.problem) {
    case 'noDirector':
      return i18n._(msg`${company} needs at least one director.`);
    case 'noShareholder':
      return i18n._(msg`Add at least one shareholder.`);
    case 'sumLow':
      return i18n._(msg`The shares of ${company} together are at least 10 %.`);
    case 'sumHigh':
      return i18n._(msg`The shares of ${company} together are at most 100 %.`);
    case 'none':
      return i18n._(msg`Add at least one shareholder.`);
    case 'noUsers':
      return i18n._(msg`Add at least one user.`);
    case 'noFullAccess':
      return i18n._(msg`One user needs full access.`);
    case 'rights':
      return i18n._(msg`Choose the user's access rights.`);
    case 'email':
      return i18n._(msg`The user's e-mail must be checked and free.`);
    default:
      return i18n._(SHARE_PROBLEMS[problem.problem]);
  }
}
