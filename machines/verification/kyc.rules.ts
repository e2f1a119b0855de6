import { isAdult } from '../registration/registration-draft.ts';
import { documentAskedFor, namedDocumentStatus } from './verification.rules.ts';

/**
 * KYC and the personal information update (spec 002 s2 /kyc and /profile-update, s3 Customer info
 * and User status: isNeedKyc, isNeedPersonalInfoUpdate, dueDiligenceLevel, kycCustomerInfo,
 * customerKycRequest; s7 kycRequestGet, kycCustomerInfoGet, dueDiligenceInfoGet, kycInfoUpdate,
 * kycCustomerPersonalInfoUpdate, customerJumioDocumentCreate): pure rules the KYC and
 * profile update statecharts, their views and the sandbox share (no messages here: the sandbox
 * imports this file). Every rule is a table test (tests/unit/kyc-rules.test.ts).
 */

// ---- the request ----------------------------------------------------------------------------------

/** What the compliance team may ask for, one step each (decision: 002 names the calls, not the steps). */
export const KYC_STEP_KINDS = ['questions', 'personalInfo', 'dueDiligence', 'identity'] as const;
export type KycStepKind = (typeof KYC_STEP_KINDS)[number];

export type KycRequestStatus = 'open' | 'submitted' | 'approved' | 'rejected';

export interface KycStep {
  kind: KycStepKind;
  done: boolean;
}

/** The KYC request (kycRequestGet): the steps in the order the compliance team asks for them. */
export interface KycRequest {
  id: number;
  status: KycRequestStatus;
  steps: readonly KycStep[];
  dueDiligenceLevel: DueDiligenceLevel | null;
  comment: string | null;
}

/**
 * The steps the customer still has to go through, in the request's order: none without a request
 * or when it is no longer open; a step done is skipped; a kind listed twice counts once; a kind
 * this client does not know is left out (it cannot be done here).
 */
export function kycStepsToShow(request: Pick<KycRequest, 'status' | 'steps'> | null | undefined): KycStepKind[] {
  if (!request || request.status !== 'open') return [];
  const shown: KycStepKind[] = [];
  for (const step of request.steps) {
    if (step.done || !(KYC_STEP_KINDS as readonly string[]).includes(step.kind) || shown.includes(step.kind)) continue;
    shown.push(step.kind);
  }
  return shown;
}

// ---- the questions (kycInfoUpdate) --------------------------------------------------------------------

export const KYC_QUESTION_FIELDS = ['occupationId', 'sourceOfFundsId', 'purposeOfAccountId', 'estimatedMonthlyDepositId'] as const;
export type KycQuestionField = (typeof KYC_QUESTION_FIELDS)[number];
export type KycQuestionValues = Record<KycQuestionField, string>;
export type KycQuestionProblem = 'required' | 'unknown';

/** The dictionaries the questions choose from (002 s7: occupations, personal sources of funds, personal purpose of account, estimated monthly deposits). */
export interface KycLists {
  occupations: readonly { id: string; name: string }[];
  sourcesOfFunds: readonly { id: string; name: string }[];
  purposesOfAccount: readonly { id: string; name: string }[];
  estimatedMonthlyDeposits: readonly { id: string; name: string }[];
}

export const KYC_QUESTION_LISTS: Record<KycQuestionField, keyof KycLists> = {
  occupationId: 'occupations',
  sourceOfFundsId: 'sourcesOfFunds',
  purposeOfAccountId: 'purposesOfAccount',
  estimatedMonthlyDepositId: 'estimatedMonthlyDeposits',
};

export const emptyKycQuestions = (): KycQuestionValues => ({ occupationId: '', sourceOfFundsId: '', purposeOfAccountId: '', estimatedMonthlyDepositId: '' });

/**
 * What is wrong with the answers: each one is required and, when the lists are known (the app's
 * and the service's), one of its list's ids. An empty list does not refuse anything (not loaded).
 */
export function kycQuestionProblems(values: KycQuestionValues, lists?: KycLists | null): Partial<Record<KycQuestionField, KycQuestionProblem>> {
  const problems: Partial<Record<KycQuestionField, KycQuestionProblem>> = {};
  for (const field of KYC_QUESTION_FIELDS) {
    const value = values[field].trim();
    if (!value) problems[field] = 'required';
    else {
      const list = lists?.[KYC_QUESTION_LISTS[field]] ?? [];
      if (list.length > 0 && !list.some((entry) => entry.id === value)) problems[field] = 'unknown';
    }
  }
  return problems;
}

// ---- the personal data (kycCustomerPersonalInfoUpdate) -------------------------------------------------

export const PERSONAL_INFO_FIELDS = [
  'firstName',
  'lastName',
  'birthDay',
  'residenceCountryCode',
  'address.countryCode',
  'address.stateCode',
  'address.city',
  'address.street',
  'address.postalCode',
] as const;
export type PersonalInfoField = (typeof PERSONAL_INFO_FIELDS)[number];
/** The form's values by field; the field names are the service's params (`address.city`), so its refusals land on the right field. */
export type PersonalInfoValues = Record<PersonalInfoField, string>;
export type PersonalInfoProblem = 'required' | 'tooLong' | 'format' | 'future' | 'tooYoung' | 'postalCode';

/** Names 1–100 characters; a city up to 100, a street up to 200; a postal code 2–12 (decisions, the service's limits). */
export const PERSONAL_INFO_LIMITS = { name: 100, city: 100, street: 200, postalCodeMin: 2, postalCodeMax: 12 } as const;

/** The customer's data as kycCustomerInfoGet answers them (002 s3 Customer info, kycCustomerInfo). */
export interface KycCustomerInfo {
  firstName: string;
  lastName: string;
  birthDay: string | null;
  residenceCountryCode: string | null;
  address: { countryCode: string; stateCode: string | null; city: string; street: string; postalCode: string };
  occupationId: string | null;
  sourceOfFundsId: string | null;
  purposeOfAccountId: string | null;
  estimatedMonthlyDepositId: string | null;
}

export const emptyPersonalInfo = (): PersonalInfoValues => ({
  firstName: '',
  lastName: '',
  birthDay: '',
  residenceCountryCode: '',
  'address.countryCode': '',
  'address.stateCode': '',
  'address.city': '',
  'address.street': '',
  'address.postalCode': '',
});

/** The form prefilled from the customer's data (missing ones empty). */
export function personalInfoValuesOf(info: KycCustomerInfo | null | undefined): PersonalInfoValues {
  if (!info) return emptyPersonalInfo();
  return {
    firstName: info.firstName ?? '',
    lastName: info.lastName ?? '',
    birthDay: info.birthDay ?? '',
    residenceCountryCode: info.residenceCountryCode ?? '',
    'address.countryCode': info.address?.countryCode ?? '',
    'address.stateCode': info.address?.stateCode ?? '',
    'address.city': info.address?.city ?? '',
    'address.street': info.address?.street ?? '',
    'address.postalCode': info.address?.postalCode ?? '',
  };
}

/** The questions prefilled from the customer's earlier answers (missing ones empty). */
export function kycQuestionValuesOf(info: KycCustomerInfo | null | undefined): KycQuestionValues {
  return {
    occupationId: info?.occupationId ?? '',
    sourceOfFundsId: info?.sourceOfFundsId ?? '',
    purposeOfAccountId: info?.purposeOfAccountId ?? '',
    estimatedMonthlyDepositId: info?.estimatedMonthlyDepositId ?? '',
  };
}

/** A field changed: another country of the address clears its state (the states are the country's). */
export function changePersonalInfo(values: PersonalInfoValues, field: PersonalInfoField, value: string): PersonalInfoValues {
  if (field === 'address.countryCode' && value !== values['address.countryCode']) return { ...values, [field]: value, 'address.stateCode': '' };
  return { ...values, [field]: value };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (text: string) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const COUNTRY = /^[A-Z]{2}$/;

/**
 * What is wrong with the personal data (`today` is YYYY-MM-DD): first and last name 1–100
 * characters; the date of birth a real date, not in the future, of an adult (18 on `today`); the
 * country of residence; the address's country, city (up to 100), street (up to 200) and postal
 * code (2–12 characters) required, and a state of the country's list when it has states
 * (`stateCodes`, empty: none or not known).
 */
export function personalInfoProblems(values: PersonalInfoValues, facts: { today: string; stateCodes?: readonly string[] }): Partial<Record<PersonalInfoField, PersonalInfoProblem>> {
  const problems: Partial<Record<PersonalInfoField, PersonalInfoProblem>> = {};
  const value = (field: PersonalInfoField) => (values[field] ?? '').trim();
  for (const field of ['firstName', 'lastName'] as const) {
    if (!value(field)) problems[field] = 'required';
    else if (value(field).length > PERSONAL_INFO_LIMITS.name) problems[field] = 'tooLong';
  }
  const birthDay = value('birthDay');
  if (!birthDay) problems.birthDay = 'required';
  else if (!validDate(birthDay)) problems.birthDay = 'format';
  else if (birthDay > facts.today) problems.birthDay = 'future';
  else if (!isAdult(birthDay, facts.today)) problems.birthDay = 'tooYoung';
  if (!COUNTRY.test(value('residenceCountryCode'))) problems.residenceCountryCode = 'required';
  if (!COUNTRY.test(value('address.countryCode'))) problems['address.countryCode'] = 'required';
  else if ((facts.stateCodes ?? []).length > 0 && !facts.stateCodes!.includes(value('address.stateCode'))) problems['address.stateCode'] = 'required';
  if (!value('address.city')) problems['address.city'] = 'required';
  else if (value('address.city').length > PERSONAL_INFO_LIMITS.city) problems['address.city'] = 'tooLong';
  if (!value('address.street')) problems['address.street'] = 'required';
  else if (value('address.street').length > PERSONAL_INFO_LIMITS.street) problems['address.street'] = 'tooLong';
  const postalCode = value('address.postalCode');
  if (!postalCode) problems['address.postalCode'] = 'required';
  else if (postalCode.length < PERSONAL_INFO_LIMITS.postalCodeMin || postalCode.length > PERSONAL_INFO_LIMITS.postalCodeMax) problems['address.postalCode'] = 'postalCode';
  return problems;
}

/** The personal data as they are sent (trimmed; no state: null). */
export function personalInfoPayload(values: PersonalInfoValues) {
  const value = (field: PersonalInfoField) => (values[field] ?? '').trim();
  return {
    firstName: value('firstName'),
    lastName: value('lastName'),
    birthDay: value('birthDay'),
    residenceCountryCode: value('residenceCountryCode'),
    address: {
      countryCode: value('address.countryCode'),
      stateCode: value('address.stateCode') || null,
      city: value('address.city'),
      street: value('address.street'),
      postalCode: value('address.postalCode'),
    },
  };
}
export type PersonalInfoPayload = ReturnType<typeof personalInfoPayload>;

/** The answers as they are sent (trimmed ids). */
export const kycQuestionsPayload = (values: KycQuestionValues): KycQuestionValues => ({
  occupationId: values.occupationId.trim(),
  sourceOfFundsId: values.sourceOfFundsId.trim(),
  purposeOfAccountId: values.purposeOfAccountId.trim(),
  estimatedMonthlyDepositId: values.estimatedMonthlyDepositId.trim(),
});

// ---- due diligence (dueDiligenceInfoGet, customerJumioDocumentCreate) ------------------------------------

/** Due diligence levels with documents to give (002 s4: level 1 standard, level 4 enhanced). */
export type DueDiligenceLevel = 1 | 4;

/**
 * The document types due diligence asks for (decision; 002 s3 categories): the proof of the source
 * of funds (a payslip, category 11), the proof of the source of wealth (a savings or investment
 * statement, category 11) and a bank statement (type 21).
 */
export const DUE_DILIGENCE_DOCUMENT_TYPES = { sourceOfFunds: 110, sourceOfWealth: 112, bankStatement: 21 } as const;

/** What each level requires: level 1 the source of funds; level 4 also the source of wealth and a bank statement. */
export function dueDiligenceRequirements(level: number | null | undefined): number[] {
  const { sourceOfFunds, sourceOfWealth, bankStatement } = DUE_DILIGENCE_DOCUMENT_TYPES;
  if (level === 1) return [sourceOfFunds];
  if (level === 4) return [sourceOfFunds, sourceOfWealth, bankStatement];
  return [];
}

export interface DueDiligenceDocument {
  documentTypeId: number;
  name: string;
  required: boolean;
  /** The latest upload's statusId (null: none yet). */
  statusId: number | null;
}

/**
 * The required documents still to give: none uploaded, or the latest refused, cancelled, deleted or
 * expired. One waiting for review or confirmed counts as given (the step is done while it waits).
 */
export const dueDiligenceDocumentsNeeded = <D extends Pick<DueDiligenceDocument, 'required' | 'statusId'>>(documents: readonly D[]): D[] =>
  documents.filter((doc) => doc.required && documentAskedFor(namedDocumentStatus(doc.statusId)));
