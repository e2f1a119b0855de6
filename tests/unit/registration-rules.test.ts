// @vitest-environment node
import {
  ACCESS_RIGHTS,
  EMAIL_STATE,
  FULL_ACCESS,
  HIDDEN_ACCESS_RIGHT,
  INDUSTRY_GROUPS,
  REGISTRATION_DRAFT_VERSION,
  SHARE_MAX,
  SHARE_MIN_EXCLUSIVE,
  SHARE_THRESHOLD,
  SIBLING_SUM_MAX,
  SIBLING_SUM_MIN,
  adjustAdditionalQuestions,
  assignableAccessRights,
  emailUsable,
  industriesByGroup,
  isCheckableEmail,
  isStrongPassword,
  keptAnswers,
  keptSourceDetails,
  missingSourceDetails,
  needsSourceDetails,
  parseShare,
  rightsWhenMadeUser,
  shareProblem,
  shownQuestions,
  siblingProblem,
  siblingSum,
  userProblems,
  usersProblem,
  type AdditionalQuestion,
  type EmailState,
  type Industry,
  type ShareProblem,
  type SiblingProblem,
  type UserFacts,
  type UserProblem,
  type UsersProblem,
} from '@machines/registration/registration.rules';

/**
 * The registration rules (spec 002 s3 "Other" and "Reference lists", s5 "Registration wizard" and
 * "Requests", s9): the e-mail check, shares and their sums, source-of-funds details at 25 %, users
 * and their access rights, the additional questions adjusted on load and the industries by group;
 * every branch and boundary of each rule. Decimal results are compared as strings (toFixed) or
 * with Big's eq, never as floats.
 */

// ---- constants (002 s9, s3) ------------------------------------------------------------------------

describe('the constants are the spec values', () => {
  it.each([
    ['the registration draft version (s4, s9)', REGISTRATION_DRAFT_VERSION, '3.54'],
    ['the share threshold for source-of-funds details (s9)', SHARE_THRESHOLD, '25'],
    ['a share is above this (s5)', SHARE_MIN_EXCLUSIVE, '0'],
    ['a share is at most this (s5)', SHARE_MAX, '100'],
    ['the sibling sum is at least this (s5)', SIBLING_SUM_MIN, '10'],
    ['the sibling sum is at most this (s5)', SIBLING_SUM_MAX, '100'],
    ['full access (s5)', FULL_ACCESS, 2],
    ['the hidden access right (s5)', HIDDEN_ACCESS_RIGHT, 5],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['the e-mail existence states (s3 Other)', EMAIL_STATE, { free: 0, exists: 1, checking: 2, employee: 3, error: -1 }],
    ['the access levels 0 to 5 (s3, s9)', ACCESS_RIGHTS, [0, 1, 2, 3, 4, 5]],
    ['the industry groups in the spec order (s3 Reference lists)', INDUSTRY_GROUPS, ['adultRelatedBusiness', 'mainstreamCompany', 'financialCompanies', 'investmentCompanies']],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

// ---- the e-mail check (002 s5 Requests, s3 Other) --------------------------------------------------

describe('whether an e-mail is worth checking (isCheckableEmail)', () => {
  it.each([
    ['empty is valid', '', true],
    ['whitespace only is empty once trimmed: valid', '   ', true],
    ['a tab and a newline only: valid', '\t\n', true],
    ['exactly 5 characters with @ and .: invalid', 'a@b.c', false],
    ['exactly 6 characters with @ and .: valid', 'a@b.cd', true],
    ['a usual address', 'anna@example.com', true],
    ['no @', 'anna.example.com', false],
    ['no .', 'anna@examplecom', false],
    ['neither @ nor .', 'annaexample', false],
    ['5 characters once trimmed (9 with the spaces): invalid', '  a@b.c  ', false],
    ['6 characters once trimmed: valid', ' a@b.cd ', true],
    ['only @ and . and letters, 6 long (the rule does not check the order)', 'a.b@cd', true],
  ])('%s: %j', (_name, email, expected) => {
    expect(isCheckableEmail(email)).toBe(expected);
  });
});

describe('whether a user e-mail may be used (emailUsable)', () => {
  it.each<[string, EmailState | null | undefined, boolean]>([
    ['free (0)', 0, true],
    ['exists (1)', 1, false],
    ['checking (2)', 2, false],
    ['employee (3)', 3, false],
    ['error (-1)', -1, false],
    ['never checked (null)', null, false],
    ['never checked (undefined)', undefined, false],
  ])('%s', (_name, state, expected) => {
    expect(emailUsable(state)).toBe(expected);
  });
});

// ---- shares (002 s5, s9) ---------------------------------------------------------------------------

describe('one share as typed (parseShare, shareProblem)', () => {
  it.each<[string, string, string | null, ShareProblem | null]>([
    ['empty', '', null, 'required'],
    ['spaces only', '   ', null, 'required'],
    ['0 is not above 0', '0', '0.00', 'range'],
    ['00 reads as 0', '00', '0.00', 'range'],
    ['0.00 is not above 0', '0.00', '0.00', 'range'],
    ['0.01, the smallest share', '0.01', '0.01', null],
    ['1', '1', '1.00', null],
    ['25', '25', '25.00', null],
    ['100, the largest share', '100', '100.00', null],
    ['100.00', '100.00', '100.00', null],
    ['100.01 is above 100', '100.01', '100.01', 'range'],
    ['101 is above 100', '101', '101.00', 'range'],
    ['999, three digits, read but out of range', '999', '999.00', 'range'],
    ['a decimal comma reads as the point', '12,5', '12.50', null],
    ['a decimal comma with 2 decimals', '33,33', '33.33', null],
    ['3 decimals', '1.234', null, 'format'],
    ['a minus sign', '-1', null, 'format'],
    ['a plus sign', '+1', null, 'format'],
    ['letters', 'abc', null, 'format'],
    ['a number with letters', '25%', null, 'format'],
    ['trimmed before reading', ' 50 ', '50.00', null],
    ['4 digits', '1000', null, 'format'],
    ['a point without decimals', '5.', null, 'format'],
    ['decimals without digits before', '.5', null, 'format'],
    ['two commas', '1,2,3', null, 'format'],
    ['an exponent', '1e2', null, 'format'],
    ['a thousands space', '1 0', null, 'format'],
  ])('%s: %j', (_name, text, parsed, problem) => {
    const share = parseShare(text);
    expect(share === null ? null : share.toFixed(2)).toBe(parsed);
    expect(shareProblem(text)).toBe(problem);
  });
});

describe('the shares of one company together (siblingSum, siblingProblem)', () => {
  it.each<[string, string[], string | null, SiblingProblem | null]>([
    ['no holders: nothing summed, none is the problem', [], '0.00', 'none'],
    ['one holder at 9.99: too low', ['9.99'], '9.99', 'sumLow'],
    ['holders summing to 9.99: too low', ['5', '4.99'], '9.99', 'sumLow'],
    ['holders summing to exactly 10', ['5', '5'], '10.00', null],
    ['one holder at 10', ['10'], '10.00', null],
    ['holders summing to 50', ['25', '25'], '50.00', null],
    ['holders summing to exactly 100', ['60', '40'], '100.00', null],
    ['one holder at 100', ['100'], '100.00', null],
    ['holders summing to 100.01: too high', ['50', '50.01'], '100.01', 'sumHigh'],
    ['holders summing to 150: too high', ['100', '50'], '150.00', 'sumHigh'],
    ['a 0 share counts as 0 (its own problem says range)', ['0'], '0.00', 'sumLow'],
    ['decimal commas are summed too', ['33,33', '33,33', '33,34'], '100.00', null],
    ['a share that is not a number: no sum, the share says its problem', ['50', 'abc'], null, null],
    ['an empty share: no sum', ['50', ''], null, null],
    ['a bad share among shares that would be too high: still no sum problem', ['100', '100', '1.234'], null, null],
    ['a bad share among shares that would be too low: still no sum problem', ['1', '-1'], null, null],
  ])('%s: %j', (_name, shares, sum, problem) => {
    const total = siblingSum(shares);
    expect(total === null ? null : total.toFixed(2)).toBe(sum);
    expect(siblingProblem(shares)).toBe(problem);
  });

  it.each<[string[], string]>([
    [['33.33', '33.33', '33.34'], '100'],
    [['0.1', '0.2'], '0.3'],
    [['0.01', '9.99'], '10'],
    [['99.99', '0.01', '0.01'], '100.01'],
  ])('decimals are summed exactly: %j is %s', (shares, expected) => {
    const total = siblingSum(shares);
    expect(total?.eq(expected)).toBe(true);
    expect(total?.toString()).toBe(expected);
  });

  it('33.33 + 33.33 + 33.34 is within the sums (not just above 100 as floats might say)', () => {
    expect(siblingProblem(['33.33', '33.33', '33.34'])).toBeNull();
    expect(siblingProblem(['0.1', '0.2', '99.7'])).toBeNull();
  });
});

// ---- source-of-funds details at the 25 % threshold (002 s5) ----------------------------------------

describe('whether a holder gives source-of-funds details (needsSourceDetails)', () => {
  it.each<[string, string, boolean, boolean]>([
    ['24.99, source of wealth on', '24.99', true, false],
    ['25, source of wealth on', '25', true, true],
    ['25.00, source of wealth on', '25.00', true, true],
    ['25,00 with a decimal comma, source of wealth on', '25,00', true, true],
    ['25.01, source of wealth on', '25.01', true, true],
    ['100, source of wealth on', '100', true, true],
    ['24.99, source of wealth off', '24.99', false, false],
    ['25, source of wealth off', '25', false, false],
    ['25.01, source of wealth off', '25.01', false, false],
    ['100, source of wealth off', '100', false, false],
    ['a share that is not a number, on', 'abc', true, false],
    ['an empty share, on', '', true, false],
    ['a share with 3 decimals above 25, on', '30.123', true, false],
    ['a share that is not a number, off', 'abc', false, false],
    ['above 100 but still read, on (its own problem says range)', '101', true, true],
  ])('%s', (_name, share, sourceOfWealth, expected) => {
    expect(needsSourceDetails(share, sourceOfWealth)).toBe(expected);
  });
});

describe("a holder's source details after its share changed (keptSourceDetails)", () => {
  const details = { salary: 'Engineer at ACME', savings: 'Since 2010' };
  it.each<[string, string, boolean, Record<string, string>]>([
    ['kept at 25', '25', true, { salary: 'Engineer at ACME', savings: 'Since 2010' }],
    ['kept at 25.01', '25.01', true, { salary: 'Engineer at ACME', savings: 'Since 2010' }],
    ['kept at 100', '100', true, { salary: 'Engineer at ACME', savings: 'Since 2010' }],
    ['cleared at 24.99', '24.99', true, {}],
    ['cleared at 0.01', '0.01', true, {}],
    ['cleared at 25 when source of wealth is off', '25', false, {}],
    ['cleared at 100 when source of wealth is off', '100', false, {}],
    ['cleared when the share is not a number', 'abc', true, {}],
  ])('%s', (_name, share, sourceOfWealth, expected) => {
    const kept = keptSourceDetails(share, sourceOfWealth, details);
    expect(kept).toEqual(expected);
    expect(kept).not.toBe(details);
  });

  it('the kept details are a copy: changing them leaves the given ones alone', () => {
    const given = { salary: 'Engineer at ACME' };
    const kept = keptSourceDetails('50', true, given);
    kept.salary = 'changed';
    expect(given).toEqual({ salary: 'Engineer at ACME' });
  });
});

describe('the chosen sources still lacking their details (missingSourceDetails)', () => {
  it.each<[string, string[], Record<string, string>, string[]]>([
    ['no sources chosen', [], { salary: 'x' }, []],
    ['every source has details', ['salary', 'savings'], { salary: 'Engineer', savings: 'Since 2010' }, []],
    ['a source without an entry', ['salary', 'savings'], { salary: 'Engineer' }, ['savings']],
    ['a blank entry counts as missing', ['salary', 'savings'], { salary: '', savings: 'Since 2010' }, ['salary']],
    ['a whitespace-only entry counts as missing', ['salary', 'savings'], { salary: 'Engineer', savings: ' \t ' }, ['savings']],
    ['details of sources not chosen do not count', ['inheritance'], { salary: 'Engineer' }, ['inheritance']],
    ['all missing, in the chosen order', ['savings', 'inheritance', 'salary'], { salary: ' ', savings: '' }, ['savings', 'inheritance', 'salary']],
    ['the order of the chosen sources is kept', ['c', 'a', 'b', 'd'], { a: 'ok', d: '' }, ['c', 'b', 'd']],
    ['details with spaces around text are not missing', ['salary'], { salary: '  Engineer  ' }, []],
  ])('%s', (_name, sources, details, expected) => {
    expect(missingSourceDetails(sources, details)).toEqual(expected);
  });
});

// ---- users and access rights (002 s3, s5) ------------------------------------------------------------

describe('the access rights one may choose (assignableAccessRights)', () => {
  it.each<[string, number[] | undefined, number[]]>([
    ['the default list without 5', undefined, [0, 1, 2, 3, 4]],
    ['a custom list without 5, order kept', [4, 2, 0], [4, 2, 0]],
    ['a custom list with 5 in the middle', [2, 5, 1], [2, 1]],
    ['a custom list of 5 only', [5], []],
    ['an empty list', [], []],
    ['a custom list with 5 twice and others', [5, 3, 5, 6], [3, 6]],
  ])('%s', (_name, rights, expected) => {
    expect(rights === undefined ? assignableAccessRights() : assignableAccessRights(rights)).toEqual(expected);
  });
});

const person = (id: string, over: Partial<UserFacts> = {}): UserFacts => ({ id, isUser: false, accessRights: null, emailState: null, ...over });
const user = (id: string, over: Partial<UserFacts> = {}): UserFacts => person(id, { isUser: true, accessRights: 2, emailState: 0, ...over });

describe('the rights a person gets when made a user (rightsWhenMadeUser)', () => {
  it.each<[string, UserFacts[], number | null]>([
    ['no persons yet: the first user gets full access', [], 2],
    ['persons but no users: the first user gets full access', [person('a'), person('b')], 2],
    ['non-users with rights set do not count', [person('a', { accessRights: 1 }), person('b', { accessRights: 2 })], 2],
    ['someone is already a user: none chosen', [person('a'), user('b')], null],
    ['a user without rights already: none chosen', [user('a', { accessRights: null })], null],
    ['a user with read rights already: none chosen', [user('a', { accessRights: 1 })], null],
  ])('%s', (_name, persons, expected) => {
    expect(rightsWhenMadeUser(persons)).toBe(expected);
  });
});

describe('what is wrong with one user (userProblems)', () => {
  it.each<[string, UserFacts, UserProblem[]]>([
    ['a non-user has none, whatever its rights and e-mail', person('a', { accessRights: 5, emailState: 1 }), []],
    ['a non-user without rights nor check', person('a'), []],
    ['a user with full access and a free e-mail', user('a'), []],
    ['rights 0 are set', user('a', { accessRights: 0 }), []],
    ['rights 1 are set', user('a', { accessRights: 1 }), []],
    ['rights 3 are set', user('a', { accessRights: 3 }), []],
    ['rights 4 are set', user('a', { accessRights: 4 }), []],
    ['rights not set', user('a', { accessRights: null }), ['rights']],
    ['the hidden rights 5', user('a', { accessRights: 5 }), ['rights']],
    ['rights outside the levels (6)', user('a', { accessRights: 6 }), ['rights']],
    ['rights outside the levels (-1)', user('a', { accessRights: -1 }), ['rights']],
    ['e-mail free (0)', user('a', { emailState: 0 }), []],
    ['e-mail exists (1)', user('a', { emailState: 1 }), ['email']],
    ['e-mail checking (2)', user('a', { emailState: 2 }), ['email']],
    ['e-mail of an employee (3)', user('a', { emailState: 3 }), ['email']],
    ['e-mail check failed (-1)', user('a', { emailState: -1 }), ['email']],
    ['e-mail never checked (null)', user('a', { emailState: null }), ['email']],
    ['both: rights first, then e-mail', user('a', { accessRights: null, emailState: 1 }), ['rights', 'email']],
    ['both with the hidden rights', user('a', { accessRights: 5, emailState: null }), ['rights', 'email']],
  ])('%s', (_name, facts, expected) => {
    expect(userProblems(facts)).toEqual(expected);
  });
});

describe('what is wrong with the users together (usersProblem)', () => {
  it.each<[string, UserFacts[], UsersProblem | null]>([
    ['no persons', [], 'noUsers'],
    ['persons but no users', [person('a'), person('b', { accessRights: 2 })], 'noUsers'],
    ['one user without full access', [user('a', { accessRights: 1 })], 'noFullAccess'],
    ['users without full access (rights not set, read, initiate)', [user('a', { accessRights: null }), user('b', { accessRights: 1 }), user('c', { accessRights: 3 })], 'noFullAccess'],
    ['a non-user with full access does not count', [person('a', { accessRights: 2 }), user('b', { accessRights: 4 })], 'noFullAccess'],
    ['one user with full access', [user('a')], null],
    ['one of several users with full access', [user('a', { accessRights: 1 }), person('b'), user('c', { accessRights: 2 })], null],
    ['full access is enough whatever the e-mail (its own problem)', [user('a', { emailState: 1 })], null],
  ])('%s', (_name, persons, expected) => {
    expect(usersProblem(persons)).toBe(expected);
  });
});

// ---- additional questions (002 s3 Reference lists) -------------------------------------------------

const YES_NO = [
  { value: 'true', label: 'yes' },
  { value: 'false', label: 'no' },
];
const CONTROL_OPTIONS = [
  { value: '1', label: 'Myself' },
  { value: '2', label: 'Another person' },
];
const q = (id: string, over: Partial<AdditionalQuestion> = {}): AdditionalQuestion => ({ id, type: 'select', text: `${id} text`, ...over });

describe('the additional questions adjusted on load (adjustAdditionalQuestions)', () => {
  it.each<[string, AdditionalQuestion[], AdditionalQuestion[]]>([
    ['no questions', [], []],
    [
      'anotherAccount becomes a yes/no radio followed by its details textarea',
      [q('anotherAccount', { type: 'checkbox' })],
      [
        { id: 'anotherAccount', type: 'radio', text: 'anotherAccount text', options: YES_NO },
        { id: 'anotherAccountDetails', type: 'textarea', text: 'anotherAccountDetails', shownWhen: { questionId: 'anotherAccount', answer: 'true' } },
      ],
    ],
    [
      'businessAnotherAccount becomes a yes/no radio (its own options replaced) followed by its details textarea',
      [q('businessAnotherAccount', { options: [{ value: 'Y', label: 'Oui' }] })],
      [
        { id: 'businessAnotherAccount', type: 'radio', text: 'businessAnotherAccount text', options: YES_NO },
        { id: 'businessAnotherAccountDetails', type: 'textarea', text: 'businessAnotherAccountDetails', shownWhen: { questionId: 'businessAnotherAccount', answer: 'true' } },
      ],
    ],
    [
      'controlAccount becomes a radio keeping its options, followed by the name-and-date question',
      [q('controlAccount', { options: CONTROL_OPTIONS })],
      [
        { id: 'controlAccount', type: 'radio', text: 'controlAccount text', options: CONTROL_OPTIONS },
        { id: 'controlAccountPerson', type: 'nameAndDate', text: 'controlAccountPerson', shownWhen: { questionId: 'controlAccount', answer: '2' } },
      ],
    ],
    [
      'other questions unchanged',
      [q('purpose', { type: 'text' }), q('income', { options: CONTROL_OPTIONS })],
      [
        { id: 'purpose', type: 'text', text: 'purpose text' },
        { id: 'income', type: 'select', text: 'income text', options: CONTROL_OPTIONS },
      ],
    ],
    [
      'the order is kept, each follow-up right after its question',
      [q('first'), q('controlAccount', { options: CONTROL_OPTIONS }), q('middle'), q('anotherAccount'), q('businessAnotherAccount'), q('last')],
      [
        { id: 'first', type: 'select', text: 'first text' },
        { id: 'controlAccount', type: 'radio', text: 'controlAccount text', options: CONTROL_OPTIONS },
        { id: 'controlAccountPerson', type: 'nameAndDate', text: 'controlAccountPerson', shownWhen: { questionId: 'controlAccount', answer: '2' } },
        { id: 'middle', type: 'select', text: 'middle text' },
        { id: 'anotherAccount', type: 'radio', text: 'anotherAccount text', options: YES_NO },
        { id: 'anotherAccountDetails', type: 'textarea', text: 'anotherAccountDetails', shownWhen: { questionId: 'anotherAccount', answer: 'true' } },
        { id: 'businessAnotherAccount', type: 'radio', text: 'businessAnotherAccount text', options: YES_NO },
        { id: 'businessAnotherAccountDetails', type: 'textarea', text: 'businessAnotherAccountDetails', shownWhen: { questionId: 'businessAnotherAccount', answer: 'true' } },
        { id: 'last', type: 'select', text: 'last text' },
      ],
    ],
    [
      'ids are matched exactly (a look-alike id is unchanged)',
      [q('AnotherAccount'), q('controlAccounts')],
      [
        { id: 'AnotherAccount', type: 'select', text: 'AnotherAccount text' },
        { id: 'controlAccounts', type: 'select', text: 'controlAccounts text' },
      ],
    ],
  ])('%s', (_name, questions, expected) => {
    expect(adjustAdditionalQuestions(questions)).toEqual(expected);
  });

  it('every question is a copy, and the given list is left alone', () => {
    const given = [q('purpose', { type: 'text' }), q('anotherAccount', { type: 'checkbox' }), q('controlAccount', { type: 'select', options: CONTROL_OPTIONS })];
    const adjusted = adjustAdditionalQuestions(given);
    expect(adjusted[0]).not.toBe(given[0]);
    expect(adjusted[1]).not.toBe(given[1]);
    expect(adjusted[3]).not.toBe(given[2]);
    expect(given).toEqual([q('purpose', { type: 'text' }), q('anotherAccount', { type: 'checkbox' }), q('controlAccount', { type: 'select', options: CONTROL_OPTIONS })]);
  });
});

describe('the follow-up questions shown and the answers kept (shownQuestions, keptAnswers)', () => {
  const questions = adjustAdditionalQuestions([q('purpose'), q('anotherAccount'), q('businessAnotherAccount'), q('controlAccount', { options: CONTROL_OPTIONS })]);
  const ALWAYS = ['purpose', 'anotherAccount', 'businessAnotherAccount', 'controlAccount'];
  it.each<[string, Record<string, string>, string[], Record<string, string>]>([
    ['no answers: no follow-ups', {}, ALWAYS, {}],
    [
      "anotherAccount 'true' shows its details",
      { anotherAccount: 'true', anotherAccountDetails: 'Bank X' },
      ['purpose', 'anotherAccount', 'anotherAccountDetails', 'businessAnotherAccount', 'controlAccount'],
      { anotherAccount: 'true', anotherAccountDetails: 'Bank X' },
    ],
    ["anotherAccount 'false' hides its details and drops their answer", { anotherAccount: 'false', anotherAccountDetails: 'Bank X' }, ALWAYS, { anotherAccount: 'false' }],
    [
      "businessAnotherAccount 'true' shows its own details only",
      { businessAnotherAccount: 'true', businessAnotherAccountDetails: 'Bank Y', anotherAccountDetails: 'stale' },
      ['purpose', 'anotherAccount', 'businessAnotherAccount', 'businessAnotherAccountDetails', 'controlAccount'],
      { businessAnotherAccount: 'true', businessAnotherAccountDetails: 'Bank Y' },
    ],
    [
      "businessAnotherAccount 'false' hides its details and drops their answer",
      { businessAnotherAccount: 'false', businessAnotherAccountDetails: 'Bank Y' },
      ALWAYS,
      { businessAnotherAccount: 'false' },
    ],
    [
      "controlAccount '2' shows the name-and-date question",
      { controlAccount: '2', controlAccountPerson: 'Bob Brown 1980-01-02' },
      ['purpose', 'anotherAccount', 'businessAnotherAccount', 'controlAccount', 'controlAccountPerson'],
      { controlAccount: '2', controlAccountPerson: 'Bob Brown 1980-01-02' },
    ],
    ["controlAccount '1' hides it and drops its answer", { controlAccount: '1', controlAccountPerson: 'Bob Brown 1980-01-02' }, ALWAYS, { controlAccount: '1' }],
    ["anotherAccount 'yes' is not 'true': details hidden", { anotherAccount: 'yes', anotherAccountDetails: 'Bank X' }, ALWAYS, { anotherAccount: 'yes' }],
    [
      'all follow-ups shown at once',
      { purpose: 'trade', anotherAccount: 'true', anotherAccountDetails: 'a', businessAnotherAccount: 'true', businessAnotherAccountDetails: 'b', controlAccount: '2', controlAccountPerson: 'c' },
      ['purpose', 'anotherAccount', 'anotherAccountDetails', 'businessAnotherAccount', 'businessAnotherAccountDetails', 'controlAccount', 'controlAccountPerson'],
      { purpose: 'trade', anotherAccount: 'true', anotherAccountDetails: 'a', businessAnotherAccount: 'true', businessAnotherAccountDetails: 'b', controlAccount: '2', controlAccountPerson: 'c' },
    ],
    ['an answer to a question not listed is dropped', { purpose: 'trade', unknown: 'x' }, ALWAYS, { purpose: 'trade' }],
  ])('%s', (_name, answers, shown, kept) => {
    expect(shownQuestions(questions, answers).map((question) => question.id)).toEqual(shown);
    expect(keptAnswers(questions, answers)).toEqual(kept);
  });
});

// ---- industries (002 s3 Reference lists) ---------------------------------------------------------

describe('industries by group (industriesByGroup)', () => {
  const adult: Industry = { id: '1', name: 'Adult entertainment', group: 'adultRelatedBusiness' };
  const retail: Industry = { id: '2', name: 'Retail', group: 'mainstreamCompany' };
  const bank: Industry = { id: '3', name: 'Bank', group: 'financialCompanies' };
  const fund: Industry = { id: '4', name: 'Fund', group: 'investmentCompanies' };
  const software: Industry = { id: '5', name: 'Software', group: 'mainstreamCompany' };
  const dating: Industry = { id: '6', name: 'Dating', group: 'adultRelatedBusiness' };
  const mixed = [fund, software, bank, adult, retail, dating];
  it.each<[string, Industry[], boolean, { group: string; industries: Industry[] }[]]>([
    ['no industries', [], true, []],
    [
      'every group, in the groups order, the industries in the given order',
      mixed,
      true,
      [
        { group: 'adultRelatedBusiness', industries: [adult, dating] },
        { group: 'mainstreamCompany', industries: [software, retail] },
        { group: 'financialCompanies', industries: [bank] },
        { group: 'investmentCompanies', industries: [fund] },
      ],
    ],
    [
      'the adult group dropped when the brand hides adult-industry options',
      mixed,
      false,
      [
        { group: 'mainstreamCompany', industries: [software, retail] },
        { group: 'financialCompanies', industries: [bank] },
        { group: 'investmentCompanies', industries: [fund] },
      ],
    ],
    [
      'empty groups dropped',
      [fund, retail],
      true,
      [
        { group: 'mainstreamCompany', industries: [retail] },
        { group: 'investmentCompanies', industries: [fund] },
      ],
    ],
    ['only adult industries, adult shown', [dating, adult], true, [{ group: 'adultRelatedBusiness', industries: [dating, adult] }]],
    ['only adult industries, adult hidden: nothing', [dating, adult], false, []],
  ])('%s', (_name, industries, adultIndustry, expected) => {
    expect(industriesByGroup(industries, adultIndustry)).toEqual(expected);
  });
});

describe('the password chosen at sign-up (isStrongPassword)', () => {
  it.each([
    ['8 characters with a letter and a digit', 'abcdefg1', true],
    ['7 characters', 'abcdef1', false],
    ['128 characters', `a1${'x'.repeat(126)}`, true],
    ['129 characters', `a1${'x'.repeat(127)}`, false],
    ['no digit', 'abcdefgh', false],
    ['no letter', '12345678', false],
    ['a letter of another alphabet counts', 'пароль12', true],
    ['spaces count as characters', 'ab 12   ', true],
    ['empty', '', false],
  ])('%s', (_name, password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });
});
