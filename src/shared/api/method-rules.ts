import type { MainMethod, MainUploadMethod } from './main-client';
import type { MethodRule } from './rules';

/**
 * The reference lists (spec 002 s3 "Reference lists", s7 "Dictionaries"; main.yaml tag
 * `dictionaries`): public methods, each asked for in a language. A name main.yaml does not
 * have fails `tsc`.
 */
const REFERENCE_LISTS = [
  'countries',
  'currencies',
  'birthCountries',
  'states',
  'occupations',
  'documentTypes',
  'customerAddressDocumentTypes',
  'personalSourcesOfFunds',
  'businessSourcesOfFunds',
  'employeeSourcesOfFunds',
  'personalPurposeOfAccount',
  'businessPurposeOfAccount',
  'industries',
  'personalAdditionalQuestions',
  'businessAdditionalQuestions',
  'personalAgreements',
  'estimatedMonthlyDeposits',
  'countryDateFormats',
  'primaryDialects',
  'phoneCodes',
  'allCurrencies',
  'accessRights',
  'taxReferenceTable',
] as const satisfies readonly MainMethod[];

/**
 * Bodies sent as typed: create account's registration draft (shares, registration numbers, answers
 * stay text); account recovery's (its task and e-mail ids are text, whatever they look like); the
 * KYC answers (the lists' ids are text); the password change and its confirmation (issue 49: the
 * passwords, the code and the requestKey are text, whatever they look like; issue 50: addresses, e-mails, agreement ids and
 * notification keys).
 */
const AS_TYPED = [
  'createAccount',
  'passwordChangeRequest',
  'passwordChangeCodeCheck',
  'passwordChangeWithCode',
  'kycInfoUpdate',
  'changePassword',
  'changePasswordConfirm',
  'accessIpAdd',
  'blacklistAdd',
  'blacklistDelete',
  'agreementDownload',
  'notificationSettingsSet',
  // Issue 53: the company file's ids, answers and the signer's name are text.
  'financialDetailUpdate',
  'dueDiligenceUpdate',
  'resolutionSend',
  'declarationSend',
  'prohibitedEscortStatementSend',
  // Issue 54: a representative's share, phone and birthday, and an e-mail's confirmation code are text.
  'businessRepresentativeAdd',
  'companyEmailAdd',
  'companyEmailConfirm',
] as const satisfies readonly MainMethod[];

/**
 * Which main-service methods get `lang`, `fromEmail` or `authSecret` added (spec 000 s5:
 * "fromEmail or authSecret for certain methods, lang for dictionary methods"). The spec does
 * not list them; each later issue adds its methods here when it adds them to main.yaml.
 */
/** A company representative's calls through their link (002 s2 /self-certification-representative): the held authSecret. */
const WITH_AUTH_SECRET = ['representativeFatcaCrsCertificationGet', 'representativeFatcaCrsCertificationUpdate'] as const satisfies readonly MainMethod[];

export const mainMethodRules: Record<string, MethodRule> = {
  ...Object.fromEntries(REFERENCE_LISTS.map((method) => [method, { lang: true }])),
  ...Object.fromEntries(AS_TYPED.map((method) => [method, { asTyped: true }])),
  ...Object.fromEntries(WITH_AUTH_SECRET.map((method) => [method, { authSecret: true }])),
};

/**
 * Calls whose success changes what the verification status is decided from (002 s3, s4): KYC
 * answers, the tax self-certifications and their US forms, documents, addresses, the phone and the
 * tax id. After any of them the main client publishes a verification change, so the banner, the
 * profile and the status pages read again at once (issue 45: a certification left "Complete your
 * tax certification" on screen until a reload). A name main.yaml does not have fails `tsc`.
 */
export const CHANGES_VERIFICATION = [
  'kycInfoUpdate',
  'kycCustomerPersonalInfoUpdate',
  'customerJumioDocumentCreate',
  'personalFatcaCrsCertificationUpdate',
  'personalWFormUpload',
  'lossOfNationalityUpload',
  'businessFatcaCrsCertificationUpdate',
  'businessWFormUpload',
  'phoneUpdate',
  'confirmPhone',
  'customerTaxNumberUpdate',
  'addressCreate',
  'addressReplace',
  'addressDelete',
  'confirmAddress',
  'documentUpload',
] as const satisfies readonly (MainMethod | MainUploadMethod)[];

/** Whether a successful call of this method changes the verification facts. */
export const changesVerification = (method: string): boolean => (CHANGES_VERIFICATION as readonly string[]).includes(method);
