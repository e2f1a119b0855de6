import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { linesOf } from '../settings/security-lists-messages';
import { dueDiligenceErrors } from '../registration/registration-draft';
import { adjustAdditionalQuestions, shownQuestions, type AdditionalQuestion } from '../registration/registration.rules';
import { signatureProblems, type SignatureProblem } from './company-file.rules';
import { addressProblems } from '../verification/address-edit.machine';
import { documentFileProblem } from '../verification/verification.rules';

/**
 * The company file's forms in words (issue 53): the financial details (the registration wizard's
 * money step and the industry), the due-diligence answers and a signed statement, each by field.
 * Lists travel as one value per line; the due-diligence questions (as the service lists them) come
 * with the answers as the fact `@questions` (JSON), so the rule knows which follow-ups show.
 */
export const companyFileMessages = {
  sourcesRequired: msg`Choose at least one source of funds.`,
  purposesRequired: msg`Choose at least one purpose of the account.`,
  depositRequired: msg`Choose the estimated monthly deposits.`,
  currenciesRequired: msg`Choose at least one currency.`,
  industryRequired: msg`Choose the company's industry.`,
  answerRequired: msg`Answer this question.`,
  answerFormat: msg`Enter a date as YYYY-MM-DD, for example 2026-03-01.`,
  nameRequired: msg`Type your full name to sign.`,
  nameLength: msg`Type your full name: 2 to 120 characters.`,
  notAccepted: msg`Confirm that you have read the statement and agree to it.`,
} satisfies Record<string, MessageDescriptor>;

const m = companyFileMessages;

/** The financial details' values: sourcesOfFunds, purposesOfAccount, currencies one id per line; estimatedMonthlyDeposit, industry one id. */
export function financialDetailErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  if (linesOf(values.sourcesOfFunds).length === 0) errors.sourcesOfFunds = { descriptor: m.sourcesRequired };
  if (linesOf(values.purposesOfAccount).length === 0) errors.purposesOfAccount = { descriptor: m.purposesRequired };
  if (!(values.estimatedMonthlyDeposit ?? '').trim()) errors.estimatedMonthlyDeposit = { descriptor: m.depositRequired };
  if (linesOf(values.currencies).length === 0) errors.currencies = { descriptor: m.currenciesRequired };
  if (!(values.industry ?? '').trim()) errors.industry = { descriptor: m.industryRequired };
  return errors;
}

/** The fact that carries the questions with the answers. */
export const QUESTIONS_FACT = '@questions';

/** The questions the due-diligence values carry (adjusted as on load: 002 s3), none when the fact is missing or not a list. */
export function questionsOf(values: FormValues): AdditionalQuestion[] {
  try {
    const parsed = JSON.parse(values[QUESTIONS_FACT] ?? '[]') as unknown;
    return Array.isArray(parsed) ? adjustAdditionalQuestions(parsed as AdditionalQuestion[]) : [];
  } catch {
    return [];
  }
}

/** The answers alone (the values without the fact). */
export const answersOf = (values: FormValues): Record<string, string> => Object.fromEntries(Object.entries(values).filter(([key]) => key !== QUESTIONS_FACT));

/** Every question shown for the answers given is answered (the registration wizard's rule). */
export function dueDiligenceFormErrors(values: FormValues): FormErrors {
  const answers = answersOf(values);
  const shown = shownQuestions(questionsOf(values), answers).map((q) => q.id);
  const errors: FormErrors = {};
  for (const [id, problem] of Object.entries(dueDiligenceErrors(shown, answers))) errors[id] = { descriptor: problem === 'format' ? m.answerFormat : m.answerRequired };
  return errors;
}

const SIGNATURE_TEXTS: Record<SignatureProblem, [field: string, MessageDescriptor]> = {
  nameRequired: ['signedName', m.nameRequired],
  nameLength: ['signedName', m.nameLength],
  notAccepted: ['accepted', m.notAccepted],
};

/** A signed statement's values: signedName as typed, accepted 'true' when the box is ticked. */
export function signatureErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const problem of signatureProblems({ signedName: values.signedName ?? '', accepted: values.accepted === 'true' })) {
    const [field, descriptor] = SIGNATURE_TEXTS[problem];
    errors[field] = { descriptor };
  }
  return errors;
}

// ---- the representative's address (businessRepresentativeAddressCreate) ------------------------------

export const representativeAddressMessages = {
  proofTypeRequired: msg`Choose what the proof of address is.`,
  proofRequired: msg`Choose the file of the proof of address.`,
  proofType: msg`The proof must be a PDF, JPEG or PNG file.`,
  proofSize: msg`The proof must be at most 10 MB.`,
  proofEmpty: msg`This file is empty. Choose another one.`,
} satisfies Record<string, MessageDescriptor>;

/** The facts the address form carries besides what is typed: the country's state codes (one per line) and the chosen proof's name, type and size. */
export const STATES_FACT = '@states';

/**
 * The representative's address with its proof (002 s7 "business representative address create
 * (multipart with documents)"): the address as the profile's address form checks it
 * (addressProblems: street, city, postal code, country, the state where the country has states,
 * lengths), the proof's type chosen and its file a PDF, JPEG or PNG, not empty, at most 10 MB
 * (documentFileProblem), all before anything is sent.
 */
export function representativeAddressErrors(values: FormValues): FormErrors {
  const address = {
    address1: values.address1 ?? '',
    address2: values.address2 ?? '',
    city: values.city ?? '',
    postalCode: values.postalCode ?? '',
    countryCode: values.countryCode ?? '',
    stateCode: values.stateCode ?? '',
  };
  const errors = addressProblems(address, linesOf(values[STATES_FACT]));
  if (!(values.documentTypeId ?? '').trim()) errors.documentTypeId = { descriptor: representativeAddressMessages.proofTypeRequired };
  if (!values.fileName) errors.file = { descriptor: representativeAddressMessages.proofRequired };
  else {
    const problem = documentFileProblem({ type: values.fileType ?? '', size: Number(values.fileSize ?? '0') });
    if (problem === 'fileType') errors.file = { descriptor: representativeAddressMessages.proofType };
    if (problem === 'fileSize') errors.file = { descriptor: representativeAddressMessages.proofSize };
    if (problem === 'empty') errors.file = { descriptor: representativeAddressMessages.proofEmpty };
  }
  return errors;
}
