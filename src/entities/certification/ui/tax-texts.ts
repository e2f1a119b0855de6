import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TaxIdProblem, TinMissingReason } from '@machines/certification/tax.rules';

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
