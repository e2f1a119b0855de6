import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transaction, type Db } from '../db.ts';
import type { HandlerMap, HandlerReply } from '../handler-types.ts';
import { ALL_PERMISSION_FLAGS, BRANDS } from '../demo-facts.ts';
import { hashPassword } from '../passwords.ts';
import { authorise, NO_ACCESS, type Permissions } from '../access.ts';
import { ok, refused, vfMany, type Issue } from '../kernel/replies.ts';
import {
  BUSINESS_PURPOSES,
  BUSINESS_QUESTIONS,
  BUSINESS_SOURCES_OF_FUNDS,
  COUNTRIES,
  CURRENCIES,
  ESTIMATED_MONTHLY_DEPOSITS,
  INDUSTRIES,
  PERSONAL_AGREEMENTS,
  PERSONAL_SOURCES_OF_FUNDS,
} from '../reference-lists.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../machines/registration/captcha.ts';
import { POSITION } from '../../machines/business/company-access.rules.ts';
import { newPerson, replacePeople, type CompanyPerson } from '../company-people-store.ts';
import { adjustAdditionalQuestions, EMAIL_STATE, FULL_ACCESS, isStrongPassword, needsSourceDetails, shownQuestions, type EmailState } from '../../machines/registration/registration.rules.ts';
import {
  companyErrors,
  FORM_STEPS,
  isAdult,
  largestShare,
  personErrors,
  reachableCompanies,
  reachablePersons,
  stepErrors,
  structureProblems,
  type BusinessDraft,
  type FieldProblem,
  type RegistrationPerson,
  type StructureProblem,
} from '../../machines/registration/registration-draft.ts';

/**
 * Registration (spec 002 s3, s4, s5, s7): the e-mail check and create account, both
 * public. Create account checks the captcha (only SANDBOX_CAPTCHA_TOKEN passes), the request with
 * the app's own rules (machines/registration: the personal form's fields, the business draft's
 * steps, people, companies and tree) and that no e-mail to become a login exists; then it creates
 * the customer not yet activated, with a 6-digit activation code, and "e-mails" the activation
 * link to the outbox (GET /__sandbox/outbox?login=<e-mail> shows it with its `link`):
 *   - personal: a personal customer with the password given (hashed like every sandbox password),
 *     link action=activation;
 *   - business: the company's customer (kind business) signs in as the first user with full access
 *     (link action=activationBusiness); every other user is an employee of it (kind employee, link
 *     action=activationEmployee) with the access rights chosen. Business users give no password at
 *     registration: activation signs them in. The company's own shareholders and directors become
 *     its people (issue 54, sandbox/company-people-store.ts), a user among them that user.
 *     createEmployee also makes the user a representative is invited as (issue 54).
 * Idempotent on requestId (table registrations): a repeat answers the first customerId and
 * creates nothing again; a refused request keeps nothing, so the same requestId may succeed later.
 */

const DEFAULT_BRAND = 'brand1';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

const invalid = (issues: Issue[]): HandlerReply => vfMany(dedupe(issues));
/** The first issue per param (a field shows one error). */
const dedupe = (issues: Issue[]): Issue[] => issues.filter((issue, i) => issues.findIndex((other) => other.param === issue.param) === i);

const normalEmail = (email: string) => email.trim().toLowerCase();

/** Check email exists: 0 free, 1 a customer signs in with it, 3 a business user's (employee's) login. */
export function emailStateOf(db: Db, email: string): EmailState {
  const row = db.prepare('SELECT kind FROM customers WHERE login = ?').get(normalEmail(email)) as { kind: string } | undefined;
  if (!row) return EMAIL_STATE.free;
  return row.kind === 'employee' ? EMAIL_STATE.employee : EMAIL_STATE.exists;
}

const takenText = (state: EmailState) =>
  state === EMAIL_STATE.employee ? 'This e-mail is a business user’s login: use the activation e-mail that user received' : 'An account with this e-mail already exists: sign in instead';

interface BrandConfig {
  features: { registration: boolean; sourceOfWealth: boolean; adultOptions: boolean; contracts: boolean };
  registrationTypes: { personal: string[]; business: string[] };
}
const brandConfigs = new Map<string, BrandConfig>();
/** A brand's config (brands/<brand>/config.json), read once: its switches (the company file asks adultOptions, issue 53) and registration types. */
export function brandConfig(brand: string): BrandConfig {
  let config = brandConfigs.get(brand);
  if (!config) {
    config = JSON.parse(readFileSync(new URL(`../../brands/${brand}/config.json`, import.meta.url), 'utf8')) as BrandConfig;
    brandConfigs.set(brand, config);
  }
  return config;
}

/** The activation link the e-mail carries (machines/auth/activation.logic.ts reads it). */
export function activationLink(action: 'activation' | 'activationBusiness' | 'activationEmployee', email: string, code: string): string {
  return `/activate?${new URLSearchParams({ action, user: email, code }).toString()}`;
}

export const newActivationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** How long an activation code lives, and how many wrong codes it takes (issue 46: then a new code is needed). */
export const ACTIVATION_TTL_MS = 72 * 60 * 60_000;
export const ACTIVATION_MAX_TRIES = 5;

/** What a new activation code adds to the profile: the code, when it was sent, no wrong tries yet. */
export const freshActivation = (code: string, issuedAt: number) => ({ activationCode: code, activationIssuedAt: issuedAt, activationFailures: 0 });

/** A password nobody knows (business users activate with the e-mailed code, which signs them in). */
const unusablePassword = () => hashPassword(randomBytes(24).toString('hex'), randomBytes(8).toString('hex'));
const today = (now: number) => new Date(now).toISOString().slice(0, 10);
const ids = (list: readonly { id: string }[]) => new Set(list.map((item) => item.id));

// ---- personal --------------------------------------------------------------------------------------

interface PersonalRequest {
  type: string;
  firstName: string;
  lastName: string;
  birthday: string;
  email: string;
  phone: string;
  countryCode: string;
  city: string;
  street: string;
  postalCode: string;
  taxId?: string;
  sourceOfFunds: string;
  agreements: string[];
  password: string;
}

/** The personal form's rules (machines/registration/personal-registration.machine.ts personalFormErrors, server side). */
function personalIssues(db: Db, person: PersonalRequest, brand: string, now: number): Issue[] {
  const issues: Issue[] = [];
  const at = (field: string, description: string) => issues.push({ param: `person.${field}`, description });
  for (const field of ['firstName', 'lastName', 'email', 'phone', 'city', 'street', 'postalCode', 'sourceOfFunds'] as const) {
    if (!person[field].trim()) at(field, 'Required');
  }
  if (!brandConfig(brand).registrationTypes.personal.includes(person.type)) at('type', 'This registration type is not offered');
  if (person.email.trim()) {
    if (!EMAIL.test(person.email.trim())) at('email', 'Enter a valid e-mail address');
    else {
      const state = emailStateOf(db, person.email);
      if (state !== EMAIL_STATE.free) at('email', takenText(state));
    }
  }
  if (person.phone.trim() && !PHONE.test(person.phone.trim())) at('phone', 'Enter a valid phone number');
  if (!isAdult(person.birthday, today(now))) at('birthday', 'You must be at least 18 years old');
  if (!COUNTRIES.includes(person.countryCode)) at('countryCode', 'Choose a country from the list');
  if (person.sourceOfFunds.trim() && !ids(PERSONAL_SOURCES_OF_FUNDS).has(person.sourceOfFunds)) at('sourceOfFunds', 'Choose a source of funds from the list');
  if (PERSONAL_AGREEMENTS.some((agreement) => !person.agreements.includes(agreement.id))) at('agreements', 'Accept every agreement');
  if (!isStrongPassword(person.password)) at('password', 'The password needs 8 to 128 characters with a letter and a digit');
  return issues;
}

function createPersonal(db: Db, person: PersonalRequest, brand: string, now: number): number {
  const login = normalEmail(person.email);
  const code = newActivationCode();
  const profile = {
    verified: false,
    limited: false,
    dueDiligenceLevel: 0,
    residenceCountryCode: person.countryCode,
    scp: 'none',
    type: 1,
    inactive: true,
    ...freshActivation(code, now),
    permissionFlags: ALL_PERMISSION_FLAGS,
    registration: {
      type: person.type,
      birthday: person.birthday,
      phone: person.phone.trim(),
      address: { countryCode: person.countryCode, city: person.city.trim(), street: person.street.trim(), postalCode: person.postalCode.trim() },
      ...(person.taxId?.trim() ? { taxId: person.taxId.trim() } : {}),
      sourceOfFunds: person.sourceOfFunds,
      agreements: person.agreements,
      registeredAt: new Date(now).toISOString(),
    },
  };
  const id = insertCustomer(db, {
    brand,
    login,
    // A salt of its own per customer (the stored "salt:hash" names it; sign-in reads it from there).
    passwordHash: hashPassword(person.password, randomBytes(8).toString('hex')),
    kind: 'personal',
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
    businessName: null,
    permissions: { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 },
    profile,
  });
  sendActivation(db, id, login, 'Activate your account', activationLink('activation', login, code), now);
  return id;
}

// ---- business --------------------------------------------------------------------------------------

type BusinessRequest = Omit<BusinessDraft, 'persons' | 'finished'> & {
  finished?: BusinessDraft['finished'];
  persons: Record<string, Omit<RegistrationPerson, 'emailState' | 'accessRights'> & { accessRights?: number }>;
};

const PROBLEM_TEXT: Record<FieldProblem, string> = {
  required: 'Required',
  format: 'The format is not valid',
  tooYoung: 'The person must be at least 18 years old',
  future: 'The date cannot be in the future',
  range: 'A share is above 0 and at most 100',
  emailNotChecked: 'The e-mail is not checked',
  emailTaken: 'An account with this e-mail already exists',
  sourceDetails: 'Give the details of each source of funds',
};

/** The draft as the rules see it: each user's e-mail state answered by this service (not trusted from the client). */
function draftOf(db: Db, request: BusinessRequest): BusinessDraft {
  const persons: Record<string, RegistrationPerson> = {};
  for (const [id, person] of Object.entries(request.persons)) {
    persons[id] = { ...person, accessRights: person.accessRights ?? null, emailState: person.isUser && EMAIL.test(person.email.trim()) ? emailStateOf(db, person.email) : null };
  }
  return { ...request, finished: request.finished ?? [], persons };
}

function structureIssue(problem: StructureProblem, draft: BusinessDraft): Issue {
  const holders = (parent: string) => (parent === 'root' ? 'business.root.shareholders' : `business.companies.${parent}.shareholders`);
  const sumText = (p: string) => (p === 'none' ? 'Add a shareholder' : 'The shares together must be between 10 and 100 %');
  switch (problem.where) {
    case 'root':
      if (problem.problem === 'noDirector') return { param: 'business.root.directors', description: 'The company needs a director' };
      if (problem.problem === 'noShareholder') return { param: 'business.root.shareholders', description: 'The company needs a shareholder' };
      return { param: 'business.root.shareholders', description: sumText(problem.problem) };
    case 'company':
      if (problem.problem === 'noDirector') return { param: `business.companies.${problem.id}.directors`, description: 'The company needs a director' };
      return { param: `business.companies.${problem.id}.shareholders`, description: sumText(problem.problem) };
    case 'holder':
      return { param: `${holders(problem.parent)}.${problem.id}.share`, description: problem.problem === 'required' ? 'Required' : problem.problem === 'format' ? 'A share is a number with at most 2 decimals' : PROBLEM_TEXT.range };
    case 'users':
      return { param: 'business.persons', description: problem.problem === 'noUsers' ? 'Add a user' : 'One user needs full access' };
    case 'user': {
      const state = draft.persons[problem.id]?.emailState;
      if (problem.problem === 'rights') return { param: `business.persons.${problem.id}.accessRights`, description: 'Choose the user’s access rights' };
      return { param: `business.persons.${problem.id}.email`, description: state === EMAIL_STATE.exists || state === EMAIL_STATE.employee ? takenText(state) : 'Enter a valid e-mail address' };
    }
  }
}

/** The wizard's rules (machines/registration/registration-draft.ts), server side, with the brand's facts. */
function businessIssues(draft: BusinessDraft, brand: string, now: number): Issue[] {
  const config = brandConfig(brand);
  const facts = {
    today: today(now),
    sourceOfWealth: config.features.sourceOfWealth,
    shownQuestions: shownQuestions(adjustAdditionalQuestions(BUSINESS_QUESTIONS), draft.dueDilligenceForm.answers).map((q) => q.id),
    // No list of business agreements exists (002 s3 lists the personal ones only).
    agreements: [],
  };
  const issues: Issue[] = [];
  // Users' e-mails first: a taken one says so rather than a generic problem.
  const seen = new Map<string, string>();
  for (const person of Object.values(draft.persons).filter((p) => p.isUser)) {
    const email = normalEmail(person.email);
    if (person.emailState === EMAIL_STATE.exists || person.emailState === EMAIL_STATE.employee) {
      issues.push({ param: `business.persons.${person.id}.email`, description: takenText(person.emailState) });
    } else if (email && seen.has(email)) issues.push({ param: `business.persons.${person.id}.email`, description: 'Another user has the same e-mail' });
    if (email) seen.set(email, person.id);
  }
  for (const step of FORM_STEPS) {
    for (const [field, problem] of Object.entries(stepErrors(draft, step, facts).fields)) issues.push({ param: `business.${step}.${field}`, description: PROBLEM_TEXT[problem] });
  }
  const general = draft.generalForm;
  const listed = (field: string, known: Set<string>, value: string | undefined, what: string) => {
    if (value?.trim() && !known.has(value)) issues.push({ param: field, description: `Choose ${what} from the list` });
  };
  listed('business.generalForm.businessType', new Set(config.registrationTypes.business), general.businessType, 'a business type');
  listed('business.generalForm.registrationCountryCode', new Set(COUNTRIES), general.registrationCountryCode, 'a country');
  listed('business.generalForm.industry', ids(INDUSTRIES), general.industry, 'an industry');
  listed('business.financialInfoForm.estimatedMonthlyDeposit', ids(ESTIMATED_MONTHLY_DEPOSITS), draft.financialInfoForm.estimatedMonthlyDeposit, 'an estimated monthly deposit');
  const lists: [string, Set<string>, string[]][] = [
    ['sourcesOfFunds', ids(BUSINESS_SOURCES_OF_FUNDS), draft.financialInfoForm.sourcesOfFunds],
    ['purposesOfAccount', ids(BUSINESS_PURPOSES), draft.financialInfoForm.purposesOfAccount],
    ['currencies', new Set(CURRENCIES.map(([code]) => code)), draft.financialInfoForm.currencies],
  ];
  for (const [field, known, values] of lists) {
    if (values.some((value) => !known.has(value))) issues.push({ param: `business.financialInfoForm.${field}`, description: 'Choose from the list' });
  }
  for (const problem of structureProblems(draft)) issues.push(structureIssue(problem, draft));
  // Every person and company in the tree (and every user) with its own fields.
  for (const person of reachablePersons(draft)) {
    const share = largestShare(draft, person.id);
    const errors = personErrors(person, { today: facts.today, needsSourceDetails: share !== null && needsSourceDetails(share, facts.sourceOfWealth) });
    for (const [field, problem] of Object.entries(errors)) issues.push({ param: `business.persons.${person.id}.${field}`, description: PROBLEM_TEXT[problem] });
  }
  for (const company of reachableCompanies(draft)) {
    for (const [field, problem] of Object.entries(companyErrors(company, facts.today))) issues.push({ param: `business.companies.${company.id}.${field}`, description: PROBLEM_TEXT[problem] });
  }
  // Directors and holders that name no record.
  const directorLists: [string, string[]][] = [['business.root.directors', draft.root.directors], ...reachableCompanies(draft).map((c): [string, string[]] => [`business.companies.${c.id}.directors`, c.directors])];
  for (const [param, directors] of directorLists) if (directors.some((id) => !draft.persons[id])) issues.push({ param, description: 'A director is not among the people' });
  const holderLists: [string, BusinessDraft['root']['shareholders']][] = [['business.root.shareholders', draft.root.shareholders], ...reachableCompanies(draft).map((c): [string, BusinessDraft['root']['shareholders']] => [`business.companies.${c.id}.shareholders`, c.shareholders])];
  for (const [param, holders] of holderLists) {
    for (const holder of holders) if (holder.kind === 'person' ? !draft.persons[holder.id] : !draft.companies[holder.id]) issues.push({ param: `${param}.${holder.id}`, description: 'A shareholder is not among the people and companies' });
  }
  return issues;
}

/** An employee's permissions from the access right chosen (000 s6: 0 none, 1 read, 2 full, 3 initiate, 4 confirmed). */
function permissionsFor(rights: number): Permissions {
  if (rights === 0) return { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 };
  if (rights === 1) return { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 };
  if (rights === FULL_ACCESS) return { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 };
  return { balanceInfo: 2, transfers: rights, history: 2, merchant: 0 };
}

function createBusiness(db: Db, draft: BusinessDraft, brand: string, now: number): number {
  const users = Object.values(draft.persons).filter((p) => p.isUser);
  // The rules made sure one user has full access: that one signs in as the company.
  const first = users.find((u) => u.accessRights === FULL_ACCESS)!;
  const companyName = (draft.generalForm.name ?? '').trim();
  const base = {
    verified: false,
    limited: false,
    dueDiligenceLevel: 0,
    residenceCountryCode: draft.generalForm.registrationCountryCode ?? null,
    scp: 'none',
    permissionFlags: ALL_PERMISSION_FLAGS,
  };
  const { persons: _persons, ...company } = draft;
  const firstCode = newActivationCode();
  const businessId = insertCustomer(db, {
    brand,
    login: normalEmail(first.email),
    passwordHash: unusablePassword(),
    kind: 'business',
    firstName: first.firstName.trim(),
    lastName: first.lastName.trim(),
    businessName: companyName,
    permissions: permissionsFor(FULL_ACCESS),
    profile: {
      ...base,
      type: 2,
      inactive: true,
      ...freshActivation(firstCode, now),
      // What was registered, as sent (the people without the client's e-mail states).
      registration: { ...company, persons: Object.fromEntries(Object.entries(draft.persons).map(([id, { emailState: _state, ...person }]) => [id, person])), registeredAt: new Date(now).toISOString() },
    },
  });
  sendActivation(db, businessId, normalEmail(first.email), `Activate your business account: ${companyName}`, activationLink('activationBusiness', normalEmail(first.email), firstCode), now);
  const userIds = new Map<string, number>([[first.id, businessId]]);
  for (const user of users.filter((u) => u !== first)) {
    const id = createEmployee(db, {
      brand,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      businessId,
      businessName: companyName,
      accessRights: user.accessRights ?? 0,
      residenceCountryCode: base.residenceCountryCode,
      now,
    });
    // The user's rights are for this company (sandbox/access.ts).
    authorise(db, id, businessId, user.accessRights ?? 0, permissionsFor(user.accessRights ?? 0));
    userIds.set(user.id, id);
  }
  replacePeople(db, businessId, registeredPeople(draft, userIds));
  return businessId;
}

/**
 * The company's people as registered (issue 54, sandbox/company-people-store.ts): the company's
 * own shareholders (people 6, companies 9, with their shares) and directors (2), one person each
 * (a director who holds shares is one person, [6, 2]), in that order; a person who is a user is
 * that user (the first full-access user is the company's own sign-in). The shareholding companies'
 * own people stay in the registration (the profile), not among the company's representatives.
 */
function registeredPeople(draft: BusinessDraft, userIds: ReadonlyMap<string, number>): CompanyPerson[] {
  const people: CompanyPerson[] = [];
  const byDraftId = new Map<string, CompanyPerson>();
  const personFor = (draftId: string): CompanyPerson | undefined => {
    const known = byDraftId.get(draftId);
    if (known) return known;
    const person = draft.persons[draftId];
    if (!person) return undefined;
    const made = newPerson({
      id: people.length + 1,
      kind: 'person',
      positionIds: [],
      firstName: person.firstName.trim(),
      lastName: person.lastName.trim(),
      birthday: person.birthday || null,
      email: person.email.trim() ? normalEmail(person.email) : null,
      phone: person.phone.trim() || null,
      userId: userIds.get(draftId) ?? null,
    });
    people.push(made);
    byDraftId.set(draftId, made);
    return made;
  };
  for (const holder of draft.root.shareholders) {
    const share = holder.share.trim().replace(',', '.');
    if (holder.kind === 'person') {
      const person = personFor(holder.id);
      if (person) Object.assign(person, { positionIds: [...person.positionIds, POSITION.shareholder], share });
      continue;
    }
    const company = draft.companies[holder.id];
    if (company) people.push(newPerson({ id: people.length + 1, kind: 'company', positionIds: [POSITION.corporateShareholder], companyName: company.name.trim(), countryOfBirth: company.country || null, share }));
  }
  for (const id of draft.root.directors) {
    const person = personFor(id);
    if (person && !person.positionIds.includes(POSITION.director)) person.positionIds.push(POSITION.director);
  }
  return people;
}

/**
 * An employee of a company (a business user who is not its owner: a registration's users, a
 * representative invited as a user, issue 54): kind employee, not yet active, with a code of its
 * own and the activation e-mail in the outbox (link action=activationEmployee); no password (the
 * activation signs them in). Their rights for the company are the caller's to give (authorise).
 */
export function createEmployee(
  db: Db,
  user: { brand: string; email: string; firstName: string; lastName: string; businessId: number; businessName: string; accessRights: number; residenceCountryCode: string | null; now: number },
): number {
  const code = newActivationCode();
  const login = normalEmail(user.email);
  const id = insertCustomer(db, {
    brand: user.brand,
    login,
    passwordHash: unusablePassword(),
    kind: 'employee',
    firstName: user.firstName.trim(),
    lastName: user.lastName.trim(),
    businessName: user.businessName,
    permissions: NO_ACCESS,
    profile: {
      verified: false,
      limited: false,
      dueDiligenceLevel: 0,
      residenceCountryCode: user.residenceCountryCode,
      scp: 'none',
      permissionFlags: ALL_PERMISSION_FLAGS,
      type: 3,
      inactive: true,
      ...freshActivation(code, user.now),
      businessId: user.businessId,
      accessRights: user.accessRights,
    },
  });
  sendActivation(db, id, login, `Activate your account as a user of ${user.businessName}`, activationLink('activationEmployee', login, code), user.now);
  return id;
}

// ---- shared ----------------------------------------------------------------------------------------

interface NewCustomer {
  brand: string;
  login: string;
  passwordHash: string;
  kind: 'personal' | 'business' | 'employee';
  firstName: string;
  lastName: string;
  businessName: string | null;
  permissions: Record<string, number>;
  profile: Record<string, unknown>;
}

function insertCustomer(db: Db, c: NewCustomer): number {
  const result = db
    .prepare(
      `INSERT INTO customers (brand, login, password_hash, kind, first_name, last_name, business_name, auth_flow, migration, terms_pending, permissions, profile)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'simple', 'none', 0, ?, ?)`,
    )
    .run(c.brand, c.login, c.passwordHash, c.kind, c.firstName, c.lastName, c.businessName, JSON.stringify(c.permissions), JSON.stringify(c.profile));
  return Number(result.lastInsertRowid);
}

/** An activation e-mail into the outbox: its link, and the code in it (typed by hand on /activate). */
export function sendActivation(db: Db, customerId: number, to: string, subject: string, link: string, now: number): void {
  const code = new URLSearchParams(link.split('?')[1] ?? '').get('code');
  db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, ?, ?)').run(customerId, to, subject, now, link, code);
  console.log(`[sandbox] activation e-mail to ${to}: ${link}`);
}

export const registrationHandlers: HandlerMap = {
  checkEmailExists: ({ db, body }) => {
    const email = String(body.email).trim();
    if (!email) return invalid([{ param: 'email', description: 'Enter an e-mail address' }]);
    return ok({ emailState: emailStateOf(db, email) });
  },

  createAccount: ({ db, body, now }) => {
    const requestId = String(body.requestId);
    const kept = db.prepare('SELECT customer_id FROM registrations WHERE request_id = ?').get(requestId) as { customer_id: number } | undefined;
    // A repeat (a reply lost on the way) answers the first reply, before the captcha (already used).
    if (kept) return ok({ customerId: kept.customer_id });
    if (body.captcha !== SANDBOX_CAPTCHA_TOKEN) return invalid([{ param: 'captcha', description: 'The captcha was not passed' }]);
    const brand = typeof body.brand === 'string' ? body.brand : DEFAULT_BRAND;
    if (!(BRANDS as readonly string[]).includes(brand)) return invalid([{ param: 'brand', description: 'No such brand' }]);
    if (!brandConfig(brand).features.registration) return refused('Registration is not available for this brand', 'UE');
    const time = now();
    if (body.registrationType === 'personal') {
      // The contract's if/then requires `person` for a personal registration (checked before the handler runs).
      const person = body.person!;
      const issues = personalIssues(db, person, brand, time);
      if (issues.length) return invalid(issues);
      return transaction(db, () => {
        const customerId = createPersonal(db, person, brand, time);
        db.prepare('INSERT INTO registrations (request_id, customer_id, created) VALUES (?, ?, ?)').run(requestId, customerId, time);
        return ok({ customerId });
      });
    }
    // …and `business` for a business one.
    const draft = draftOf(db, body.business!);
    const issues = businessIssues(draft, brand, time);
    if (issues.length) return invalid(issues);
    return transaction(db, () => {
      const customerId = createBusiness(db, draft, brand, time);
      db.prepare('INSERT INTO registrations (request_id, customer_id, created) VALUES (?, ?, ?)').run(requestId, customerId, time);
      return ok({ customerId });
    });
  },
};
