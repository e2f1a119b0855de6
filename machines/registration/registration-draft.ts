import Big from 'big.js';
import {
  emailUsable,
  parseShare,
  missingSourceDetails,
  nameAndDateAnswer,
  needsSourceDetails,
  REGISTRATION_DRAFT_VERSION,
  shareProblem,
  siblingProblem,
  userProblems,
  usersProblem,
  type EmailState,
  type ShareProblem,
  type SiblingProblem,
  type UserProblem,
  type UsersProblem,
} from './registration.rules.ts';

/**
 * The business registration draft (002 s3 Registration person and company, s4 Registration
 * wizard, s5): the wizard's forms, the people (directors, shareholders, users: one person may be
 * all three) and the companies that hold shares (each with its own directors and shareholders),
 * kept as flat records joined by ids so any node of the tree can be edited; and what is wrong with
 * each step, node and the whole before submit. Pure: the wizard statechart holds it, the page
 * saves it (docs/storage.md `app.registrationDraft`).
 */

export const WIZARD_STEPS = ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm', 'directorsHub', 'shareholdersHub', 'usersHub', 'summary'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
/** The steps whose fields are forms (the hubs list people and companies; the summary shows all). */
export const FORM_STEPS = ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export interface RegistrationAddress {
  countryCode: string;
  city: string;
  street: string;
  postalCode: string;
}
export const emptyAddress = (): RegistrationAddress => ({ countryCode: '', city: '', street: '', postalCode: '' });

/** A person of the registration (002 s3): a director, a shareholder, a user, or several of these. */
export interface RegistrationPerson {
  id: string;
  firstName: string;
  lastName: string;
  birthday: string;
  email: string;
  phone: string;
  address: RegistrationAddress;
  taxId: string;
  sourceOfFunds: string[];
  sourceDetails: Record<string, string>;
  isUser: boolean;
  accessRights: number | null;
  /** The e-mail check's answer for `email` (002 s3 Other); null until checked. */
  emailState: EmailState | null;
}

/** A holder of a company's shares: a person or a company, with its share (percent, as typed). */
export interface Holder {
  kind: 'person' | 'company';
  id: string;
  share: string;
}

/** A company that holds shares (002 s3 Registration company): its own directors and shareholders. */
export interface RegistrationCompany {
  id: string;
  name: string;
  country: string;
  tradingName: string;
  number: string;
  date: string;
  address: RegistrationAddress;
  directors: string[];
  shareholders: Holder[];
}

export interface BusinessDraft {
  version: string;
  /** The steps finished (passed with Next): free movement among these. */
  finished: WizardStep[];
  generalForm: Record<string, string>;
  financialInfoForm: { sourcesOfFunds: string[]; purposesOfAccount: string[]; estimatedMonthlyDeposit: string; currencies: string[] };
  dueDilligenceForm: { answers: Record<string, string> };
  legalForm: { address: RegistrationAddress; agreements: string[] };
  /** The company being registered: its directors (person ids) and shareholders. */
  root: { directors: string[]; shareholders: Holder[] };
  persons: Record<string, RegistrationPerson>;
  companies: Record<string, RegistrationCompany>;
}

export const GENERAL_FIELDS = ['businessType', 'name', 'tradingName', 'registrationCountryCode', 'registrationNumber', 'registrationDate', 'email', 'phone', 'website', 'industry'] as const;
const GENERAL_REQUIRED = ['businessType', 'name', 'registrationCountryCode', 'registrationNumber', 'registrationDate', 'email', 'phone', 'industry'];

export const emptyBusinessDraft = (): BusinessDraft => ({
  version: REGISTRATION_DRAFT_VERSION,
  finished: [],
  generalForm: Object.fromEntries(GENERAL_FIELDS.map((field) => [field, ''])),
  financialInfoForm: { sourcesOfFunds: [], purposesOfAccount: [], estimatedMonthlyDeposit: '', currencies: [] },
  dueDilligenceForm: { answers: {} },
  legalForm: { address: emptyAddress(), agreements: [] },
  root: { directors: [], shareholders: [] },
  persons: {},
  companies: {},
});

export const emptyPerson = (id: string): RegistrationPerson => ({
  id,
  firstName: '',
  lastName: '',
  birthday: '',
  email: '',
  phone: '',
  address: emptyAddress(),
  taxId: '',
  sourceOfFunds: [],
  sourceDetails: {},
  isUser: false,
  accessRights: null,
  emailState: null,
});

export const emptyCompany = (id: string): RegistrationCompany => ({ id, name: '', country: '', tradingName: '', number: '', date: '', address: emptyAddress(), directors: [], shareholders: [] });

/**
 * How long a saved draft is kept (issue 47): thirty days from its last save. The draft holds the
 * directors' and shareholders' personal data (birthdays, tax ids), so it is not kept for ever on a
 * shared computer; a month is long enough to gather a company's papers.
 */
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60_000;

/** Has a draft saved at `savedAt` (ms) expired by `now`? A draft without a save time is treated as expired (fails closed). */
export function draftExpired(savedAt: unknown, now: number): boolean {
  return typeof savedAt !== 'number' || !Number.isFinite(savedAt) || savedAt > now || now - savedAt > DRAFT_TTL_MS;
}

/** A stored draft read back: only one saved with this version (002 s4); anything else (another version, unreadable) is dropped. */
export function draftFromStored(text: string | null): BusinessDraft | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<BusinessDraft> | null;
    if (!value || typeof value !== 'object' || value.version !== REGISTRATION_DRAFT_VERSION) return null;
    const empty = emptyBusinessDraft();
    // Each part filled from an empty draft (a part saved half-filled reads as the rest empty).
    return {
      ...empty,
      ...value,
      generalForm: { ...empty.generalForm, ...value.generalForm },
      financialInfoForm: { ...empty.financialInfoForm, ...value.financialInfoForm },
      dueDilligenceForm: { ...empty.dueDilligenceForm, ...value.dueDilligenceForm },
      legalForm: { ...empty.legalForm, ...value.legalForm, address: { ...empty.legalForm.address, ...value.legalForm?.address } },
      root: { ...empty.root, ...value.root },
      finished: Array.isArray(value.finished) ? value.finished : [],
    } as BusinessDraft;
  } catch {
    return null;
  }
}

// ---- what is wrong -------------------------------------------------------------------------------

export type FieldProblem = 'required' | 'format' | 'tooYoung' | 'future' | ShareProblem | 'emailNotChecked' | 'emailTaken' | 'sourceDetails';
export type FieldErrors = Record<string, FieldProblem>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export const validDate = (text: string) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const blank = (text: string | undefined) => !(text ?? '').trim();

/** Adults only: 18 on `today` (YYYY-MM-DD). */
export function isAdult(birthday: string, today: string): boolean {
  if (!validDate(birthday)) return false;
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y > 18 || (ty - y === 18 && (tm > m || (tm === m && td >= d)));
}

function addressErrors(address: RegistrationAddress, prefix: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['countryCode', 'city', 'street', 'postalCode'] as const) if (blank(address[field])) errors[`${prefix}.${field}`] = 'required';
  return errors;
}

/** generalForm: the company's basics (type, names, registration, contacts, industry). */
export function generalFormErrors(form: Readonly<Record<string, string>>, today: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of GENERAL_REQUIRED) if (blank(form[field])) errors[field] = 'required';
  if (!errors.email && !EMAIL.test((form.email ?? '').trim())) errors.email = 'format';
  if (!errors.phone && !PHONE.test((form.phone ?? '').trim())) errors.phone = 'format';
  if (!errors.registrationDate && !validDate(form.registrationDate ?? '')) errors.registrationDate = 'format';
  else if (!errors.registrationDate && (form.registrationDate ?? '') > today) errors.registrationDate = 'future';
  if (!blank(form.website) && !/^https?:\/\/[^\s.]+\.[^\s]{2,}$/.test((form.website ?? '').trim())) errors.website = 'format';
  return errors;
}

export function financialInfoErrors(form: BusinessDraft['financialInfoForm']): FieldErrors {
  const errors: FieldErrors = {};
  if (form.sourcesOfFunds.length === 0) errors.sourcesOfFunds = 'required';
  if (form.purposesOfAccount.length === 0) errors.purposesOfAccount = 'required';
  if (blank(form.estimatedMonthlyDeposit)) errors.estimatedMonthlyDeposit = 'required';
  if (form.currencies.length === 0) errors.currencies = 'required';
  return errors;
}

/** dueDilligenceForm: every question shown is answered (`shown`: the ids shown for the answers given). */
export function dueDiligenceErrors(shown: readonly string[], answers: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const id of shown) {
    if (id === 'controlAccountPerson') {
      // A name and a date, both needed; the date a real one.
      const { name, date } = nameAndDateAnswer(answers[id]);
      if (blank(name) || blank(date)) errors[id] = 'required';
      else if (!validDate(date)) errors[id] = 'format';
    } else if (blank(answers[id])) errors[id] = 'required';
  }
  return errors;
}

/** legalForm: the registered address and every agreement the brand lists accepted. */
export function legalFormErrors(form: BusinessDraft['legalForm'], agreements: readonly string[]): FieldErrors {
  const errors = addressErrors(form.address, 'address');
  if (agreements.some((id) => !form.agreements.includes(id))) errors.agreements = 'required';
  return errors;
}

/** A person's fields; a shareholder at or above 25 % gives each chosen source's details; a user's e-mail must be checked and free. */
export function personErrors(person: RegistrationPerson, options: { today: string; needsSourceDetails: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['firstName', 'lastName', 'birthday', 'email'] as const) if (blank(person[field])) errors[field] = 'required';
  if (!errors.birthday && !validDate(person.birthday)) errors.birthday = 'format';
  else if (!errors.birthday && !isAdult(person.birthday, options.today)) errors.birthday = 'tooYoung';
  if (!errors.email && !EMAIL.test(person.email.trim())) errors.email = 'format';
  if (person.isUser) {
    const problems = userProblems(person);
    if (!errors.email && problems.includes('email')) errors.email = person.emailState === 1 || person.emailState === 3 ? 'emailTaken' : 'emailNotChecked';
    if (problems.includes('rights')) errors.accessRights = 'required';
  }
  if (!blank(person.phone) && !PHONE.test(person.phone.trim())) errors.phone = 'format';
  if (options.needsSourceDetails) {
    if (person.sourceOfFunds.length === 0) errors.sourceOfFunds = 'required';
    else if (missingSourceDetails(person.sourceOfFunds, person.sourceDetails).length > 0) errors.sourceDetails = 'sourceDetails';
  }
  return errors;
}

/** A company's own fields (002 s3 Registration company). */
export function companyErrors(company: RegistrationCompany, today: string): FieldErrors {
  const errors: FieldErrors = { ...addressErrors(company.address, 'address') };
  for (const field of ['name', 'country', 'number', 'date'] as const) if (blank(company[field])) errors[field] = 'required';
  if (!errors.date && !validDate(company.date)) errors.date = 'format';
  else if (!errors.date && company.date > today) errors.date = 'future';
  return errors;
}

/** Every list of holders in the tree: the root's and those of the companies reached from it (a company left out of the tree counts nothing). */
const holderLists = (draft: BusinessDraft): Holder[][] => [draft.root.shareholders, ...reachableCompanies(draft).map((c) => c.shareholders)];

/** The largest share a person holds anywhere in the tree (source-of-funds details follow it). */
export function largestShare(draft: BusinessDraft, personId: string): string | null {
  const holdings = holderLists(draft).flat().filter((h) => h.kind === 'person' && h.id === personId);
  if (holdings.length === 0) return null;
  // Shares that are not numbers yet count as nothing (their own problem says so).
  return holdings.map((h) => h.share).reduce((best, share) => ((parseShare(share) ?? Big(0)).gt(parseShare(best) ?? Big(0)) ? share : best));
}

export type StructureProblem =
  | { where: 'root'; problem: 'noDirector' | 'noShareholder' | SiblingProblem }
  | { where: 'company'; id: string; problem: 'noDirector' | SiblingProblem }
  | { where: 'holder'; parent: string; id: string; problem: ShareProblem }
  | { where: 'users'; problem: UsersProblem }
  | { where: 'user'; id: string; problem: UserProblem };

/** The holders of one company (root or a shareholder company): each share, and the shares together. */
function holderProblems(parent: string, holders: readonly Holder[]): StructureProblem[] {
  const problems: StructureProblem[] = [];
  for (const holder of holders) {
    const problem = shareProblem(holder.share);
    if (problem) problems.push({ where: 'holder', parent, id: holder.id, problem });
  }
  if (holders.length > 0) {
    const sum = siblingProblem(holders.map((h) => h.share));
    if (sum && sum !== 'none') problems.push(parent === 'root' ? { where: 'root', problem: sum } : { where: 'company', id: parent, problem: sum });
  }
  return problems;
}

/**
 * The tree's rules (002 s5): the root company has a director and at least one shareholder; each
 * share above 0 and at most 100; a company's holders together 10 to 100; a company shareholder has
 * a director (its own shareholders are optional, their shares checked when given); users (at least
 * one, each with rights and a checked free e-mail, one with full rights).
 */
export function structureProblems(draft: BusinessDraft): StructureProblem[] {
  const problems: StructureProblem[] = [];
  if (draft.root.directors.length === 0) problems.push({ where: 'root', problem: 'noDirector' });
  if (draft.root.shareholders.length === 0) problems.push({ where: 'root', problem: 'noShareholder' });
  problems.push(...holderProblems('root', draft.root.shareholders));
  for (const company of reachableCompanies(draft)) {
    if (company.directors.length === 0) problems.push({ where: 'company', id: company.id, problem: 'noDirector' });
    problems.push(...holderProblems(company.id, company.shareholders));
  }
  const persons = Object.values(draft.persons);
  const users = usersProblem(persons);
  if (users) problems.push({ where: 'users', problem: users });
  for (const person of persons) for (const problem of userProblems(person)) problems.push({ where: 'user', id: person.id, problem });
  return problems;
}

/** The companies in the tree under the root (a company reached twice is listed once). */
export function reachableCompanies(draft: BusinessDraft): RegistrationCompany[] {
  const seen = new Set<string>();
  const out: RegistrationCompany[] = [];
  const visit = (holders: readonly Holder[]) => {
    for (const holder of holders) {
      if (holder.kind !== 'company' || seen.has(holder.id)) continue;
      const company = draft.companies[holder.id];
      if (!company) continue;
      seen.add(holder.id);
      out.push(company);
      visit(company.shareholders);
    }
  };
  visit(draft.root.shareholders);
  return out;
}

/** The people in the tree: directors and person shareholders anywhere, and users. */
export function reachablePersons(draft: BusinessDraft): RegistrationPerson[] {
  const ids = new Set<string>([...draft.root.directors, ...draft.root.shareholders.filter((h) => h.kind === 'person').map((h) => h.id)]);
  for (const company of reachableCompanies(draft)) {
    company.directors.forEach((id) => ids.add(id));
    company.shareholders.filter((h) => h.kind === 'person').forEach((h) => ids.add(h.id));
  }
  for (const person of Object.values(draft.persons)) if (person.isUser) ids.add(person.id);
  return [...ids].map((id) => draft.persons[id]).filter((p): p is RegistrationPerson => !!p);
}

export interface WizardFacts {
  today: string;
  sourceOfWealth: boolean;
  /** The due diligence questions shown for the answers given. */
  shownQuestions: readonly string[];
  /** The agreements the brand lists (all must be accepted). */
  agreements: readonly string[];
}

/** What is wrong with one step (a hub: its part of the tree and the people/companies it lists). */
export function stepErrors(draft: BusinessDraft, step: WizardStep, facts: WizardFacts): { fields: FieldErrors; structure: StructureProblem[]; nodes: string[] } {
  const none = { fields: {}, structure: [], nodes: [] };
  switch (step) {
    case 'generalForm':
      return { ...none, fields: generalFormErrors(draft.generalForm, facts.today) };
    case 'financialInfoForm':
      return { ...none, fields: financialInfoErrors(draft.financialInfoForm) };
    case 'dueDilligenceForm':
      return { ...none, fields: dueDiligenceErrors(facts.shownQuestions, draft.dueDilligenceForm.answers) };
    case 'legalForm':
      return { ...none, fields: legalFormErrors(draft.legalForm, facts.agreements) };
    case 'directorsHub':
      // The company registered: its own directors (a company shareholder's are on the shareholders hub, with that company).
      return {
        ...none,
        structure: structureProblems(draft).filter((p) => p.where === 'root' && p.problem === 'noDirector'),
        nodes: [...new Set(draft.root.directors)].filter((id) => invalidPerson(draft, id, facts)),
      };
    case 'shareholdersHub': {
      // The tree of holders: each share and sum, each company shareholder with its directors and holders.
      const companies = reachableCompanies(draft);
      const companyDirectors = companies.flatMap((c) => c.directors);
      return {
        ...none,
        structure: structureProblems(draft).filter((p) => p.where === 'holder' || p.where === 'company' || (p.where === 'root' && p.problem !== 'noDirector')),
        nodes: [
          ...new Set([
            ...companies.filter((c) => Object.keys(companyErrors(c, facts.today)).length > 0).map((c) => c.id),
            ...reachablePersons(draft).filter((p) => isHolder(draft, p.id) && invalidPerson(draft, p.id, facts)).map((p) => p.id),
            ...companyDirectors.filter((id) => invalidPerson(draft, id, facts)),
            ...missingHolders(draft),
          ]),
        ],
      };
    }
    case 'usersHub':
      return {
        ...none,
        structure: structureProblems(draft).filter((p) => p.where === 'users' || p.where === 'user'),
        nodes: Object.values(draft.persons).filter((p) => p.isUser && invalidPerson(draft, p.id, facts)).map((p) => p.id),
      };
    case 'summary':
      return none;
  }
}

const isHolder = (draft: BusinessDraft, id: string) => holderLists(draft).some((list) => list.some((h) => h.kind === 'person' && h.id === id));
/** Holders whose person or company record is missing (each is a node to fix). */
const missingHolders = (draft: BusinessDraft): string[] =>
  holderLists(draft)
    .flat()
    .filter((h) => (h.kind === 'person' ? !draft.persons[h.id] : !draft.companies[h.id]))
    .map((h) => h.id);

/** A person's own fields are wrong (source details by their largest share). */
export function invalidPerson(draft: BusinessDraft, id: string, facts: Pick<WizardFacts, 'today' | 'sourceOfWealth'>): boolean {
  const person = draft.persons[id];
  if (!person) return true;
  const share = largestShare(draft, id);
  return Object.keys(personErrors(person, { today: facts.today, needsSourceDetails: share !== null && needsSourceDetails(share, facts.sourceOfWealth) })).length > 0;
}

/** A step has nothing wrong. */
export function stepValid(draft: BusinessDraft, step: WizardStep, facts: WizardFacts): boolean {
  const errors = stepErrors(draft, step, facts);
  return Object.keys(errors.fields).length === 0 && errors.structure.length === 0 && errors.nodes.length === 0;
}

/** The first step with something wrong (submit goes there), or null when all are valid. */
export const firstInvalidStep = (draft: BusinessDraft, facts: WizardFacts): WizardStep | null => WIZARD_STEPS.find((step) => !stepValid(draft, step, facts)) ?? null;

/** Whether a user's e-mail in the draft can be used (re-exported for the views). */
export { emailUsable };
