import Big from 'big.js';

/**
 * The registration rules (002 s3, s4, s5, s9; docs/decisions.md "Registration"), pure, for the
 * personal form and the business wizard statechart: the e-mail check's rule and states, the
 * registration draft's shape and version, shares and their sums, who needs directors and
 * shareholders, the source-of-funds details at the 25 % threshold, users and their access rights,
 * and the additional questions adjusted on load. Table-tested in tests/unit/registration-rules.test.ts.
 */

// ---- constants (002 s9) ---------------------------------------------------------------------------

/** The draft is reloaded only when it was saved with this version. */
export const REGISTRATION_DRAFT_VERSION = '3.54';
/** Holders at or above this share give source-of-funds details (when source of wealth is on). */
export const SHARE_THRESHOLD = '25';
export const SHARE_MIN_EXCLUSIVE = '0';
export const SHARE_MAX = '100';
export const SIBLING_SUM_MIN = '10';
export const SIBLING_SUM_MAX = '100';

// ---- the e-mail check (002 s3 Other, s5 Requests) -------------------------------------------------

/** Email existence states: 0 free, 1 exists, 2 checking, 3 employee, -1 error. */
export const EMAIL_STATE = { free: 0, exists: 1, checking: 2, employee: 3, error: -1 } as const;
export type EmailState = (typeof EMAIL_STATE)[keyof typeof EMAIL_STATE];

/**
 * Whether an e-mail is worth asking the service about: valid only if empty, or longer than 5
 * characters with an '@' and a '.' (002 s5 Requests). An invalid one skips the server call.
 */
export const isCheckableEmail = (email: string): boolean => {
  const text = email.trim();
  return text === '' || (text.length > 5 && text.includes('@') && text.includes('.'));
};

/**
 * A user's e-mail may be used only once it was checked and is free: never checked (unknown), an
 * error, checking (pending), existing and employee all block (002 s5: "unknown, existing or pending
 * blocks"; an employee's address exists as well, and an error is not a check).
 */
export const emailUsable = (state: EmailState | null | undefined): boolean => state === EMAIL_STATE.free;

// ---- the password chosen at sign-up ----------------------------------------------------------------

/** A password a new customer may choose: 8 to 128 characters with a letter and a digit (the sandbox applies the same rule). */
export const isStrongPassword = (password: string): boolean => password.length >= 8 && password.length <= 128 && /\p{L}/u.test(password) && /\d/.test(password);

// ---- shares (002 s5, s9) -------------------------------------------------------------------------

const SHARE = /^\d{1,3}(\.\d{1,2})?$/;

/** A share as typed ("25", "12.5", a decimal comma read as the point), or null when it is not a number with at most 2 decimals. */
export function parseShare(text: string): Big | null {
  const value = text.trim().replace(',', '.');
  return SHARE.test(value) ? Big(value) : null;
}

export type ShareProblem = 'required' | 'format' | 'range';

/** One share: above 0 and at most 100. */
export function shareProblem(text: string): ShareProblem | null {
  if (text.trim() === '') return 'required';
  const share = parseShare(text);
  if (!share) return 'format';
  return share.gt(SHARE_MIN_EXCLUSIVE) && share.lte(SHARE_MAX) ? null : 'range';
}

/** The shares of one company's holders together: between 10 and 100 (inclusive); null while a share is not a number. */
export function siblingSum(shares: readonly string[]): Big | null {
  let sum = Big(0);
  for (const text of shares) {
    const share = parseShare(text);
    if (!share) return null;
    sum = sum.plus(share);
  }
  return sum;
}
export type SiblingProblem = 'none' | 'sumLow' | 'sumHigh';

/** What is wrong with a company's holders together: none at all, or a sum outside 10–100. */
export function siblingProblem(shares: readonly string[]): SiblingProblem | null {
  if (shares.length === 0) return 'none';
  const sum = siblingSum(shares);
  if (!sum) return null; // a share's own problem says it
  if (sum.lt(SIBLING_SUM_MIN)) return 'sumLow';
  if (sum.gt(SIBLING_SUM_MAX)) return 'sumHigh';
  return null;
}

/**
 * Whether a holder gives source-of-funds details: when source of wealth is on, at or above 25 %.
 * (002 s5 says details are needed "at or above 25%" and cleared "at or below 25%"; read together,
 * exactly 25 % needs them and keeps them: docs/decisions.md.)
 */
export function needsSourceDetails(share: string, sourceOfWealth: boolean): boolean {
  const value = parseShare(share);
  return sourceOfWealth && value !== null && value.gte(SHARE_THRESHOLD);
}

/** A holder's source details after its share changed: kept at or above 25 %, cleared below (and when source of wealth is off). */
export function keptSourceDetails(share: string, sourceOfWealth: boolean, details: Readonly<Record<string, string>>): Record<string, string> {
  return needsSourceDetails(share, sourceOfWealth) ? { ...details } : {};
}

/** The chosen sources that still lack their details (each chosen source needs its own text). */
export function missingSourceDetails(sources: readonly string[], details: Readonly<Record<string, string>>): string[] {
  return sources.filter((source) => !(details[source] ?? '').trim());
}

// ---- users and access rights (002 s3, s5) ----------------------------------------------------------

/** Access right levels: 0 no access, 1 read, 2 full access, 3 initiate, 4 confirmed, 5 uploading (002 s3). */
export const ACCESS_RIGHTS = [0, 1, 2, 3, 4, 5] as const;
export type AccessRight = (typeof ACCESS_RIGHTS)[number];
export const FULL_ACCESS: AccessRight = 2;
/** 5 is never offered to choose (002 s5: "hidden from the assignable list"). */
export const HIDDEN_ACCESS_RIGHT: AccessRight = 5;
export const assignableAccessRights = (rights: readonly number[] = ACCESS_RIGHTS): number[] => rights.filter((right) => right !== HIDDEN_ACCESS_RIGHT);

export interface UserFacts {
  id: string;
  isUser: boolean;
  accessRights: number | null;
  emailState: EmailState | null;
}

export type UsersProblem = 'noUsers' | 'noFullAccess';
export type UserProblem = 'rights' | 'email';

/** The rights a person gets when made a user: full access (2) for the first user, none chosen yet otherwise. */
export function rightsWhenMadeUser(persons: readonly UserFacts[]): number | null {
  return persons.some((p) => p.isUser) ? null : FULL_ACCESS;
}

/** What is wrong with one user: rights not set (or the hidden 5), an e-mail not checked and free. */
export function userProblems(user: UserFacts): UserProblem[] {
  if (!user.isUser) return [];
  const problems: UserProblem[] = [];
  if (user.accessRights === null || !assignableAccessRights().includes(user.accessRights)) problems.push('rights');
  if (!emailUsable(user.emailState)) problems.push('email');
  return problems;
}

/** What is wrong with the users together: there are none, or none has full access. */
export function usersProblem(persons: readonly UserFacts[]): UsersProblem | null {
  const users = persons.filter((p) => p.isUser);
  if (users.length === 0) return 'noUsers';
  return users.some((u) => u.accessRights === FULL_ACCESS) ? null : 'noFullAccess';
}

// ---- additional questions (002 s3 Reference lists) ------------------------------------------------

export interface AdditionalQuestion {
  id: string;
  type: string;
  text: string;
  options?: readonly { value: string; label: string }[] | undefined;
  /** A question that shows when another question has this answer. */
  shownWhen?: { questionId: string; answer: string } | undefined;
}

/**
 * The additional questions as the service lists them, adjusted on load (002 s3): anotherAccount
 * and businessAnotherAccount become yes/no radios, and the answer 'true' adds a text question
 * (`<id>Details`, a textarea); controlAccount becomes a radio (its options as given), and the
 * answer '2' adds a name-and-date question (`controlAccountPerson`).
 */
export function adjustAdditionalQuestions(questions: readonly AdditionalQuestion[]): AdditionalQuestion[] {
  const out: AdditionalQuestion[] = [];
  // The follow-ups are this function's own: a list that already has them (adjusted before) gets them once.
  for (const question of questions.filter((q) => !FOLLOW_UPS.includes(q.id))) {
    if (question.id === 'anotherAccount' || question.id === 'businessAnotherAccount') {
      out.push({ ...question, type: 'radio', options: [{ value: 'true', label: 'yes' }, { value: 'false', label: 'no' }] });
      out.push({ id: `${question.id}Details`, type: 'textarea', text: `${question.id}Details`, shownWhen: { questionId: question.id, answer: 'true' } });
    } else if (question.id === 'controlAccount') {
      out.push({ ...question, type: 'radio' });
      out.push({ id: 'controlAccountPerson', type: 'nameAndDate', text: 'controlAccountPerson', shownWhen: { questionId: question.id, answer: '2' } });
    } else out.push({ ...question });
  }
  return out;
}

const FOLLOW_UPS = ['anotherAccountDetails', 'businessAnotherAccountDetails', 'controlAccountPerson'];

/**
 * The name-and-date question's answer (controlAccountPerson: the name and birth date of who controls
 * the account) is one answer like every other: `{"name":…,"date":"YYYY-MM-DD"}`. An answer that is not
 * that (typed by hand, an older draft) reads as a name without a date.
 */
export function nameAndDateAnswer(answer: string | undefined): { name: string; date: string } {
  if (!answer) return { name: '', date: '' };
  try {
    const value = JSON.parse(answer) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const { name, date } = value as { name?: unknown; date?: unknown };
      return { name: typeof name === 'string' ? name : '', date: typeof date === 'string' ? date : '' };
    }
  } catch {
    /* not JSON: a name as typed */
  }
  return { name: answer, date: '' };
}
export const nameAndDateText = (name: string, date: string): string => JSON.stringify({ name, date });

/** The questions shown for the answers given (a question with shownWhen only when its answer is given). */
export const shownQuestions = (questions: readonly AdditionalQuestion[], answers: Readonly<Record<string, string>>): AdditionalQuestion[] =>
  questions.filter((q) => !q.shownWhen || answers[q.shownWhen.questionId] === q.shownWhen.answer);

/** Answers kept for the questions shown (a hidden follow-up's answer goes). */
export const keptAnswers = (questions: readonly AdditionalQuestion[], answers: Readonly<Record<string, string>>): Record<string, string> => {
  const shown = new Set(shownQuestions(questions, answers).map((q) => q.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => shown.has(id)));
};

// ---- industries (002 s3) ----------------------------------------------------------------------------

/** The four groups industries come in; adult-related ones only where the brand shows adult-industry options. */
export const INDUSTRY_GROUPS = ['adultRelatedBusiness', 'mainstreamCompany', 'financialCompanies', 'investmentCompanies'] as const;
export type IndustryGroup = (typeof INDUSTRY_GROUPS)[number];

export interface Industry {
  id: string;
  name: string;
  group: IndustryGroup;
}

/** Industries by group in the groups' order, the adult-related group left out when the brand hides adult-industry options. */
export function industriesByGroup(industries: readonly Industry[], adultIndustry: boolean): { group: IndustryGroup; industries: Industry[] }[] {
  return INDUSTRY_GROUPS.filter((group) => adultIndustry || group !== 'adultRelatedBusiness')
    .map((group) => ({ group, industries: industries.filter((i) => i.group === group) }))
    .filter((entry) => entry.industries.length > 0);
}
