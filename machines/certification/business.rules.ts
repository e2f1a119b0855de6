import { taxIdPayload, taxIdProblems, type CertificationForm, type TaxIdField, type TaxIdProblem, type TaxIdRow, type TaxReferenceTable } from './tax.rules.ts';

/**
 * The business tax self-certification's rules (spec 002 s3 FATCA/CRS certification: the questions
 * giin, giinMissingReason, isFinancialInstitution, isUsingClientFunds,
 * isManagedByFinancialInstitution, isPubliclyTraded, companySecurityMarket, companyTicket,
 * isOwnPubliclyTradedCompany, companyOwnedByYou*, isEarnPassiveIncome; isUSTaxPayer,
 * isDisregardedEntity; controllingPersons), pure and table-tested
 * (tests/unit/business-certification-rules.test.ts).
 *
 * The questions are the CRS/FATCA entity classification, asked in order; an answer closes the
 * questions after it that no longer apply (decisions, CRS practice):
 * 1. A financial institution, an entity holding client funds (custodial) or one managed by a
 *    financial institution (investment entity) is a financial institution: it gives its GIIN or
 *    why it has none.
 * 2. Otherwise a company whose shares are regularly traded on a securities market gives the market
 *    and its ticker (a listed entity).
 * 3. Otherwise a company owned by a listed company gives that company's name, market and ticker (a
 *    related entity).
 * 4. Otherwise a company whose income is mostly passive (dividends, interest, rents, royalties) is a
 *    passive NFE and names its controlling persons; else it is an active NFE.
 */

export type Answer = boolean | null;

export interface BusinessQuestions {
  isFinancialInstitution: Answer;
  isUsingClientFunds: Answer;
  isManagedByFinancialInstitution: Answer;
  giin: string;
  giinMissingReason: GiinMissingReason | '' | null;
  isPubliclyTraded: Answer;
  companySecurityMarket: string;
  companyTicket: string;
  isOwnPubliclyTradedCompany: Answer;
  companyOwnedByYouName: string;
  companyOwnedByYouSecurityMarket: string;
  companyOwnedByYouTicket: string;
  isEarnPassiveIncome: Answer;
}

export type YesNoQuestion = 'isFinancialInstitution' | 'isUsingClientFunds' | 'isManagedByFinancialInstitution' | 'isPubliclyTraded' | 'isOwnPubliclyTradedCompany' | 'isEarnPassiveIncome';
export type TextQuestion = Exclude<keyof BusinessQuestions, YesNoQuestion>;

/** Why a financial institution has no GIIN: applied for and not yet issued; not required (exempt or deemed compliant); a non-participating institution. */
export const GIIN_MISSING_REASONS = ['applied', 'notRequired', 'nonParticipating'] as const;
export type GiinMissingReason = (typeof GIIN_MISSING_REASONS)[number];

/** The entity type sent (002 s3 entityType): the classification the answers give. */
export type BusinessEntityType = 'financialInstitution' | 'listedEntity' | 'relatedEntity' | 'passiveNfe' | 'activeNfe';

/** How a controlling person controls the company (CRS). */
export const CONTROL_TYPES = ['ownership', 'otherMeans', 'seniorManagingOfficial'] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

/** A controlling person of a passive NFE (002 s3 controllingPersons). */
export interface ControllingPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  countryOfBirth: string;
  controlType: ControlType | '' | null;
  /** Their tax residences, as the personal certification's (personal TINs). */
  taxIds: TaxIdRow[];
}

export const MAX_CONTROLLING_PERSONS = 10;
export const MAX_PERSON_RESIDENCES = 5;
export const NAME_MAX = 100;
export const MARKET_MAX = 100;

export const emptyQuestions = (): BusinessQuestions => ({
  isFinancialInstitution: null,
  isUsingClientFunds: null,
  isManagedByFinancialInstitution: null,
  giin: '',
  giinMissingReason: null,
  isPubliclyTraded: null,
  companySecurityMarket: '',
  companyTicket: '',
  isOwnPubliclyTradedCompany: null,
  companyOwnedByYouName: '',
  companyOwnedByYouSecurityMarket: '',
  companyOwnedByYouTicket: '',
  isEarnPassiveIncome: null,
});

const isFinancial = (q: BusinessQuestions): boolean => q.isFinancialInstitution === true || q.isUsingClientFunds === true || q.isManagedByFinancialInstitution === true;
const notFinancial = (q: BusinessQuestions): boolean => q.isFinancialInstitution === false && q.isUsingClientFunds === false && q.isManagedByFinancialInstitution === false;

/** The questions asked now, in order (an unanswered one closes the ones after it). */
export function questionsAsked(q: BusinessQuestions): (keyof BusinessQuestions)[] {
  const asked: (keyof BusinessQuestions)[] = ['isFinancialInstitution'];
  if (q.isFinancialInstitution === false) {
    asked.push('isUsingClientFunds');
    if (q.isUsingClientFunds === false) asked.push('isManagedByFinancialInstitution');
  }
  if (isFinancial(q)) return [...asked, 'giin', ...(q.giin.trim() ? [] : (['giinMissingReason'] as const))];
  if (!notFinancial(q)) return asked;
  asked.push('isPubliclyTraded');
  if (q.isPubliclyTraded === true) return [...asked, 'companySecurityMarket', 'companyTicket'];
  if (q.isPubliclyTraded !== false) return asked;
  asked.push('isOwnPubliclyTradedCompany');
  if (q.isOwnPubliclyTradedCompany === true) return [...asked, 'companyOwnedByYouName', 'companyOwnedByYouSecurityMarket', 'companyOwnedByYouTicket'];
  if (q.isOwnPubliclyTradedCompany !== false) return asked;
  return [...asked, 'isEarnPassiveIncome'];
}

/** The classification the answers give; null while a question that decides it is unanswered. */
export function entityTypeOf(q: BusinessQuestions): BusinessEntityType | null {
  if (isFinancial(q)) return 'financialInstitution';
  if (!notFinancial(q)) return null;
  if (q.isPubliclyTraded === true) return 'listedEntity';
  if (q.isPubliclyTraded === null) return null;
  if (q.isOwnPubliclyTradedCompany === true) return 'relatedEntity';
  if (q.isOwnPubliclyTradedCompany === null) return null;
  if (q.isEarnPassiveIncome === null) return null;
  return q.isEarnPassiveIncome ? 'passiveNfe' : 'activeNfe';
}

/** Controlling persons are named by a passive NFE only (CRS). */
export const needsControllingPersons = (q: BusinessQuestions): boolean => entityTypeOf(q) === 'passiveNfe';

/** The disregarded-entity question is asked of a US taxpayer only (a US single-member LLC signs the W-9 in its owner's name). */
export const asksDisregardedEntity = (isUSTaxPayer: boolean): boolean => isUSTaxPayer;

export type BusinessUsForm = Extract<CertificationForm, 'w9' | 'w8bene'>;

/**
 * The US forms a business certification asks for (decision, FATCA practice): a US taxpayer signs a
 * W-9; a foreign financial institution or passive NFE states its FATCA status on a W-8BEN-E; a
 * listed, related or active NFE needs none.
 */
export function businessUsFormsRequired(isUSTaxPayer: boolean, q: BusinessQuestions): BusinessUsForm[] {
  if (isUSTaxPayer) return ['w9'];
  const type = entityTypeOf(q);
  return type === 'financialInstitution' || type === 'passiveNfe' ? ['w8bene'] : [];
}

// ---- problems ---------------------------------------------------------------------------------------

/** A GIIN: XXXXXX.XXXXX.XX.XXX (letters and digits, the category's two letters, the country's three digits). */
const GIIN_PATTERN = /^[A-Z0-9]{6}\.[A-Z0-9]{5}\.[A-Z]{2}\.\d{3}$/;
/** A ticker: 1–12 letters, digits, dots or dashes. */
const TICKER_PATTERN = /^[A-Z0-9.-]{1,12}$/;

export type QuestionProblem = 'answerRequired' | 'giinFormat' | 'giinOrReason' | 'required' | 'tooLong' | 'tickerFormat';
export type PersonField = 'firstName' | 'lastName' | 'dateOfBirth' | 'countryOfBirth' | 'controlType';
export type PersonProblem = 'required' | 'tooLong' | 'dateFormat' | 'dateFuture';

export interface PersonProblems {
  fields: Partial<Record<PersonField, PersonProblem>>;
  taxIds: Partial<Record<TaxIdField, TaxIdProblem>>[];
  residencesRequired?: true;
}

export interface BusinessProblems {
  questions: Partial<Record<keyof BusinessQuestions, QuestionProblem>>;
  taxIds: Partial<Record<TaxIdField, TaxIdProblem>>[];
  /** A passive NFE without a controlling person. */
  controllingPersonsRequired?: true;
  persons: PersonProblems[];
}

const YES_NO: readonly YesNoQuestion[] = ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution', 'isPubliclyTraded', 'isOwnPubliclyTradedCompany', 'isEarnPassiveIncome'];
const isYesNo = (question: keyof BusinessQuestions): question is YesNoQuestion => (YES_NO as readonly string[]).includes(question);

function textProblem(value: string, max: number): QuestionProblem | null {
  const text = value.trim();
  if (!text) return 'required';
  return text.length > max ? 'tooLong' : null;
}

/** What is wrong with the questions asked now (the others are not looked at). */
export function questionProblems(q: BusinessQuestions): Partial<Record<keyof BusinessQuestions, QuestionProblem>> {
  const problems: Partial<Record<keyof BusinessQuestions, QuestionProblem>> = {};
  for (const question of questionsAsked(q)) {
    if (isYesNo(question)) {
      if (q[question] === null) problems[question] = 'answerRequired';
      continue;
    }
    switch (question) {
      case 'giin': {
        const giin = q.giin.trim().toUpperCase();
        if (giin && !GIIN_PATTERN.test(giin)) problems.giin = 'giinFormat';
        break;
      }
      case 'giinMissingReason':
        if (!q.giinMissingReason) problems.giinMissingReason = 'giinOrReason';
        break;
      case 'companyTicket':
      case 'companyOwnedByYouTicket': {
        const ticker = q[question].trim().toUpperCase();
        if (!ticker) problems[question] = 'required';
        else if (!TICKER_PATTERN.test(ticker)) problems[question] = 'tickerFormat';
        break;
      }
      default: {
        const problem = textProblem(q[question as 'companySecurityMarket'], question === 'companyOwnedByYouName' ? NAME_MAX : MARKET_MAX);
        if (problem) problems[question] = problem;
      }
    }
  }
  return problems;
}

const validDate = (date: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** What is wrong with a controlling person: names (1–100), a date of birth not in the future, the country of birth, how they control, 1–5 tax residences. */
export function personProblems(person: ControllingPerson, table: TaxReferenceTable, today: string): PersonProblems {
  const fields: Partial<Record<PersonField, PersonProblem>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const text = person[field].trim();
    if (!text) fields[field] = 'required';
    else if (text.length > NAME_MAX) fields[field] = 'tooLong';
  }
  const date = person.dateOfBirth.trim();
  if (!date) fields.dateOfBirth = 'required';
  else if (!validDate(date)) fields.dateOfBirth = 'dateFormat';
  else if (date > today) fields.dateOfBirth = 'dateFuture';
  if (!/^[A-Z]{2}$/.test(person.countryOfBirth)) fields.countryOfBirth = 'required';
  if (!person.controlType) fields.controlType = 'required';
  const result: PersonProblems = { fields, taxIds: taxIdProblems(person.taxIds, table, 'personal') };
  if (person.taxIds.length === 0) result.residencesRequired = true;
  return result;
}

/** Everything wrong with the business certification: `today` is YYYY-MM-DD. */
export function businessProblems(values: { questions: BusinessQuestions; taxIds: readonly TaxIdRow[]; controllingPersons: readonly ControllingPerson[] }, table: TaxReferenceTable, today: string): BusinessProblems {
  const persons = needsControllingPersons(values.questions) ? values.controllingPersons.map((person) => personProblems(person, table, today)) : [];
  return {
    questions: questionProblems(values.questions),
    taxIds: taxIdProblems(values.taxIds, table, 'business'),
    ...(needsControllingPersons(values.questions) && values.controllingPersons.length === 0 ? { controllingPersonsRequired: true as const } : {}),
    persons,
  };
}

const personInvalid = (p: PersonProblems): boolean => Object.keys(p.fields).length > 0 || Boolean(p.residencesRequired) || p.taxIds.some((row) => Object.keys(row).length > 0);

/** Whether anything is wrong (the statechart's guard). */
export const hasBusinessProblems = (p: BusinessProblems): boolean =>
  Object.keys(p.questions).length > 0 || p.taxIds.some((row) => Object.keys(row).length > 0) || Boolean(p.controllingPersonsRequired) || p.persons.some(personInvalid);

/** Whether a tax id (the company's or a controlling person's) is refused before sending ("Tax ID not valid"). */
export const hasTaxIdProblems = (p: BusinessProblems): boolean => p.taxIds.some((row) => Object.keys(row).length > 0) || p.persons.some((person) => person.taxIds.some((row) => Object.keys(row).length > 0));

// ---- payload ----------------------------------------------------------------------------------------

/** The questions as sent (the contract's BusinessCertificationQuestions). */
export type QuestionsPayload = { [K in YesNoQuestion]?: boolean } & { [K in Exclude<TextQuestion, 'giinMissingReason'>]?: string } & { giinMissingReason?: GiinMissingReason };

const UPPER: readonly TextQuestion[] = ['giin', 'companyTicket', 'companyOwnedByYouTicket'];

/** The questions as sent: only those asked, text trimmed, the GIIN and tickers in capitals. */
export function questionsPayload(q: BusinessQuestions): QuestionsPayload {
  const payload: Record<string, string | boolean> = {};
  for (const question of questionsAsked(q)) {
    const value = q[question];
    if (typeof value === 'boolean') payload[question] = value;
    else if (value && value.trim()) payload[question] = UPPER.includes(question as TextQuestion) ? value.trim().toUpperCase() : value.trim();
  }
  return payload as QuestionsPayload;
}

export const controllingPersonPayload = (person: ControllingPerson) => ({
  firstName: person.firstName.trim(),
  lastName: person.lastName.trim(),
  dateOfBirth: person.dateOfBirth.trim(),
  countryOfBirth: person.countryOfBirth,
  controlType: (person.controlType || 'ownership') as ControlType,
  taxIds: person.taxIds.map(taxIdPayload),
});
