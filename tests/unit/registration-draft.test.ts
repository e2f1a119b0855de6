// @vitest-environment node
import {
  FORM_STEPS,
  GENERAL_FIELDS,
  WIZARD_STEPS,
  companyErrors,
  draftFromStored,
  dueDiligenceErrors,
  emailUsable,
  emptyAddress,
  emptyBusinessDraft,
  emptyCompany,
  emptyPerson,
  financialInfoErrors,
  firstInvalidStep,
  generalFormErrors,
  invalidPerson,
  isAdult,
  largestShare,
  legalFormErrors,
  personErrors,
  reachableCompanies,
  reachablePersons,
  stepErrors,
  stepValid,
  structureProblems,
  type BusinessDraft,
  type FieldErrors,
  type Holder,
  type RegistrationCompany,
  type RegistrationPerson,
  type StructureProblem,
  type WizardFacts,
  type WizardStep,
} from '@machines/registration/registration-draft';
import { nameAndDateAnswer, nameAndDateText } from '@machines/registration/registration.rules';
import type { EmailState } from '@machines/registration/registration.rules';

/**
 * The business registration draft (spec 002 s3 "Registration person" and "Registration company",
 * s4 and s5 "Registration wizard", s9; docs/decisions.md "Registration (started)"): the
 * empty shapes, the stored draft read back only at version 3.54, the field errors of each form, a
 * person and a company, the tree's structure problems, who is in the tree, and each wizard step's
 * validity; every branch and boundary.
 */

import { address, company, completeDraft, general, holder, person, TODAY, withDetails } from '../support/registration-draft';

const FACTS: WizardFacts = { today: TODAY, sourceOfWealth: true, shownQuestions: ['anotherAccount', 'controlAccount'], agreements: ['terms'] };
const NO_ERRORS = { fields: {}, structure: [], nodes: [] };

// ---- the shapes -------------------------------------------------------------------------------------

describe('the steps and fields (002 s4)', () => {
  it.each<[string, readonly string[], string[]]>([
    ['the wizard steps in order', WIZARD_STEPS, ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm', 'directorsHub', 'shareholdersHub', 'usersHub', 'summary']],
    ['the form steps', FORM_STEPS, ['generalForm', 'financialInfoForm', 'dueDilligenceForm', 'legalForm']],
    ['the general form fields', GENERAL_FIELDS, ['businessType', 'name', 'tradingName', 'registrationCountryCode', 'registrationNumber', 'registrationDate', 'email', 'phone', 'website', 'industry']],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('the empty shapes (emptyAddress, emptyBusinessDraft, emptyPerson, emptyCompany)', () => {
  it.each<[string, () => unknown, unknown]>([
    ['an empty address', () => emptyAddress(), { countryCode: '', city: '', street: '', postalCode: '' }],
    [
      'an empty business draft at version 3.54 (every general field empty)',
      () => emptyBusinessDraft(),
      {
        version: '3.54',
        finished: [],
        generalForm: { businessType: '', name: '', tradingName: '', registrationCountryCode: '', registrationNumber: '', registrationDate: '', email: '', phone: '', website: '', industry: '' },
        financialInfoForm: { sourcesOfFunds: [], purposesOfAccount: [], estimatedMonthlyDeposit: '', currencies: [] },
        dueDilligenceForm: { answers: {} },
        legalForm: { address: { countryCode: '', city: '', street: '', postalCode: '' }, agreements: [] },
        root: { directors: [], shareholders: [] },
        persons: {},
        companies: {},
      },
    ],
    [
      'an empty person: not a user, no rights, e-mail never checked',
      () => emptyPerson('p7'),
      {
        id: 'p7',
        firstName: '',
        lastName: '',
        birthday: '',
        email: '',
        phone: '',
        address: { countryCode: '', city: '', street: '', postalCode: '' },
        taxId: '',
        sourceOfFunds: [],
        sourceDetails: {},
        isUser: false,
        accessRights: null,
        emailState: null,
      },
    ],
    [
      'an empty company: no directors, no shareholders',
      () => emptyCompany('c7'),
      { id: 'c7', name: '', country: '', tradingName: '', number: '', date: '', address: { countryCode: '', city: '', street: '', postalCode: '' }, directors: [], shareholders: [] },
    ],
  ])('%s', (_name, make, expected) => {
    expect(make()).toEqual(expected);
    // A fresh value each time: changing one never changes the next.
    expect(make()).not.toBe(make());
  });

  it.each<[string, () => object[]]>([
    ['the draft general form', () => [emptyBusinessDraft().generalForm, emptyBusinessDraft().generalForm]],
    ['the draft legal address', () => [emptyBusinessDraft().legalForm.address, emptyBusinessDraft().legalForm.address]],
    ['the draft root', () => [emptyBusinessDraft().root, emptyBusinessDraft().root]],
    ["a person's address", () => [emptyPerson('a').address, emptyPerson('a').address]],
    ["a person's sources", () => [emptyPerson('a').sourceOfFunds, emptyPerson('a').sourceOfFunds]],
    ["a company's shareholders", () => [emptyCompany('a').shareholders, emptyCompany('a').shareholders]],
  ])('%s is not shared between two empty values', (_name, pair) => {
    const [first, second] = pair();
    expect(first).not.toBe(second);
  });
});

describe('a stored draft read back (draftFromStored, 002 s4: only version 3.54)', () => {
  const stored = completeDraft();
  it.each<[string, string | null, BusinessDraft | null]>([
    ['nothing stored (null)', null, null],
    ['an empty string', '', null],
    ['invalid JSON', '{"version":"3.54"', null],
    ['not JSON at all', 'draft', null],
    ['JSON null', 'null', null],
    ['a JSON number', '42', null],
    ['a JSON string that is the version', '"3.54"', null],
    ['a JSON array', '[]', null],
    ['an object without a version', '{}', null],
    ['version 3.53', JSON.stringify({ ...stored, version: '3.53' }), null],
    ['version 3.55', JSON.stringify({ ...stored, version: '3.55' }), null],
    ['the version as a number 3.54', JSON.stringify({ ...stored, version: 3.54 }), null],
    ['version 3.54 with nothing else: the empty draft', '{"version":"3.54"}', emptyBusinessDraft()],
    ['version 3.54, a whole draft: read back as saved', JSON.stringify(stored), stored],
    [
      'version 3.54 with some general fields: the missing ones filled from the empty draft',
      JSON.stringify({ version: '3.54', finished: ['generalForm'], generalForm: { name: 'Acme GmbH', email: 'info@acme.example' } }),
      { ...emptyBusinessDraft(), finished: ['generalForm'], generalForm: { ...emptyBusinessDraft().generalForm, name: 'Acme GmbH', email: 'info@acme.example' } },
    ],
    [
      'version 3.54 with the general form null: every general field empty',
      JSON.stringify({ version: '3.54', generalForm: null, root: { directors: ['p1'], shareholders: [] } }),
      { ...emptyBusinessDraft(), root: { directors: ['p1'], shareholders: [] } },
    ],
    [
      'version 3.54 keeps a stored general field that the form no longer lists',
      JSON.stringify({ version: '3.54', generalForm: { old: 'x' } }),
      { ...emptyBusinessDraft(), generalForm: { ...emptyBusinessDraft().generalForm, old: 'x' } },
    ],
  ])('%s', (_name, text, expected) => {
    expect(draftFromStored(text)).toEqual(expected);
  });
});

// ---- the age rule ----------------------------------------------------------------------------------

describe('adults only (isAdult: 18 on today)', () => {
  it.each<[string, string, string, boolean]>([
    ['the day before the 18th birthday', '2008-11-26', '2026-11-25', false],
    ['the 18th birthday itself', '2008-11-26', '2026-11-26', true],
    ['the day after the 18th birthday', '2008-11-26', '2026-11-27', true],
    ['a month before the 18th birthday (same day of month)', '2008-12-26', '2026-11-26', false],
    ['the 18th birthday next month, later day of this month', '2008-12-01', '2026-11-30', false],
    ['the 18th birthday was last month, earlier day of this month', '2008-10-30', '2026-11-01', true],
    ['the 18th birthday on 1 January, today 31 December before it', '2009-01-01', '2026-12-31', false],
    ['18 years and a day across the year end (year difference 18, later month)', '2007-12-31', '2026-01-01', true],
    ['17 years and a day across the year end', '2008-12-31', '2026-01-01', false],
    ['a grown-up', '1980-05-05', TODAY, true],
    ['a baby', '2026-01-01', TODAY, false],
    ['born today', TODAY, TODAY, false],
    ['born 29 Feb 2008: on 28 Feb 2026 (non-leap year) not yet adult in this code', '2008-02-29', '2026-02-28', false],
    ['born 29 Feb 2008: on 1 Mar 2026 (non-leap year) adult in this code', '2008-02-29', '2026-03-01', true],
    ['born 29 Feb 2004: on 28 Feb 2022 (non-leap year) not yet adult in this code', '2004-02-29', '2022-02-28', false],
    ['born 29 Feb 2008: 20 on 29 Feb 2028', '2008-02-29', '2028-02-29', true],
    ['an impossible birthday (30 Feb)', '2000-02-30', TODAY, false],
    ['a birthday on 29 Feb of a non-leap year', '2001-02-29', TODAY, false],
    ['month 13', '2000-13-01', TODAY, false],
    ['day 00', '2000-01-00', TODAY, false],
    ['without leading zeros', '2000-1-1', TODAY, false],
    ['day-month-year order', '01-01-2000', TODAY, false],
    ['a time appended', '2000-01-01T00:00:00Z', TODAY, false],
    ['not a date', 'yesterday', TODAY, false],
    ['empty', '', TODAY, false],
  ])('%s: born %s, today %s', (_name, birthday, today, expected) => {
    expect(isAdult(birthday, today)).toBe(expected);
  });
});

// ---- the forms -------------------------------------------------------------------------------------

describe('the general form (generalFormErrors)', () => {
  it.each<[string, Record<string, string>, FieldErrors]>([
    ['everything right', {}, {}],
    ['the trading name is optional', { tradingName: '' }, {}],
    ['the website is optional (empty)', { website: '' }, {}],
    ['the website is optional (spaces)', { website: '   ' }, {}],
    ['business type missing', { businessType: '' }, { businessType: 'required' }],
    ['name missing', { name: '' }, { name: 'required' }],
    ['name only spaces', { name: '   ' }, { name: 'required' }],
    ['registration country missing', { registrationCountryCode: '' }, { registrationCountryCode: 'required' }],
    ['registration number missing', { registrationNumber: '' }, { registrationNumber: 'required' }],
    ['registration date missing', { registrationDate: '' }, { registrationDate: 'required' }],
    ['e-mail missing (required, not format)', { email: '' }, { email: 'required' }],
    ['e-mail only spaces', { email: '  ' }, { email: 'required' }],
    ['phone missing (required, not format)', { phone: '' }, { phone: 'required' }],
    ['industry missing', { industry: '' }, { industry: 'required' }],
    // e-mail format
    ['e-mail trimmed before the check', { email: ' info@acme.example ' }, {}],
    ['e-mail with a 2-letter ending', { email: 'a@b.co' }, {}],
    ['e-mail with a 1-letter ending', { email: 'a@b.c' }, { email: 'format' }],
    ['e-mail without a dot after @', { email: 'info@acme' }, { email: 'format' }],
    ['e-mail without @', { email: 'info.acme.example' }, { email: 'format' }],
    ['e-mail with a space inside', { email: 'in fo@acme.example' }, { email: 'format' }],
    ['e-mail with two @', { email: 'a@b@acme.example' }, { email: 'format' }],
    // phone format
    ['phone with +, spaces, brackets and a dash', { phone: '+49 (30) 123-456' }, {}],
    ['phone of 6 digits', { phone: '123456' }, {}],
    ['phone of 5 digits', { phone: '12345' }, { phone: 'format' }],
    ['phone of 20 digits after +', { phone: `+${'1'.repeat(20)}` }, {}],
    ['phone of 21 digits', { phone: '1'.repeat(21) }, { phone: 'format' }],
    ['phone with letters', { phone: '+49 30 ABCDEF' }, { phone: 'format' }],
    ['phone with dots', { phone: '49.30.123456' }, { phone: 'format' }],
    ['phone with + inside', { phone: '49+30123456' }, { phone: 'format' }],
    ['phone trimmed before the check', { phone: '  123456  ' }, {}],
    // website format
    ['website https', { website: 'https://acme.example' }, {}],
    ['website http with www and a path', { website: 'http://www.acme.example/about' }, {}],
    ['website without a scheme', { website: 'acme.example' }, { website: 'format' }],
    ['website with ftp', { website: 'ftp://acme.example' }, { website: 'format' }],
    ['website without a dot', { website: 'https://acme' }, { website: 'format' }],
    ['website with a 1-letter ending', { website: 'https://acme.e' }, { website: 'format' }],
    ['website with a space', { website: 'https://acme example.com' }, { website: 'format' }],
    // registration date
    ['registration date today', { registrationDate: TODAY }, {}],
    ['registration date tomorrow: future', { registrationDate: '2026-11-27' }, { registrationDate: 'future' }],
    ['registration date next year: future', { registrationDate: '2027-01-01' }, { registrationDate: 'future' }],
    ['registration date on 29 Feb of a leap year', { registrationDate: '2020-02-29' }, {}],
    ['registration date on 29 Feb of a non-leap year', { registrationDate: '2021-02-29' }, { registrationDate: 'format' }],
    ['registration date 30 Feb (impossible)', { registrationDate: '2021-02-30' }, { registrationDate: 'format' }],
    ['registration date 31 Apr (impossible)', { registrationDate: '2021-04-31' }, { registrationDate: 'format' }],
    ['registration date month 13', { registrationDate: '2021-13-01' }, { registrationDate: 'format' }],
    ['registration date without leading zeros', { registrationDate: '2020-1-02' }, { registrationDate: 'format' }],
    ['registration date as dd.mm.yyyy', { registrationDate: '02.01.2020' }, { registrationDate: 'format' }],
    ['registration date with slashes', { registrationDate: '2020/01/02' }, { registrationDate: 'format' }],
    ['registration date with a leading space', { registrationDate: ' 2020-01-02' }, { registrationDate: 'format' }],
    ['an impossible date in the future is a format problem, not future', { registrationDate: '2099-02-30' }, { registrationDate: 'format' }],
    // several at once
    ['a wrong e-mail, phone and website together', { email: 'x', phone: 'y', website: 'z' }, { email: 'format', phone: 'format', website: 'format' }],
  ])('%s', (_name, over, expected) => {
    expect(generalFormErrors({ ...general, ...over }, TODAY)).toEqual(expected);
  });

  it('an empty form: every required field (not trading name, not website)', () => {
    const expected: FieldErrors = {
      businessType: 'required',
      name: 'required',
      registrationCountryCode: 'required',
      registrationNumber: 'required',
      registrationDate: 'required',
      email: 'required',
      phone: 'required',
      industry: 'required',
    };
    expect(generalFormErrors(emptyBusinessDraft().generalForm, TODAY)).toEqual(expected);
    expect(generalFormErrors({}, TODAY)).toEqual(expected);
  });
});

describe('the financial info form (financialInfoErrors)', () => {
  const form: BusinessDraft['financialInfoForm'] = { sourcesOfFunds: ['revenue'], purposesOfAccount: ['payroll'], estimatedMonthlyDeposit: '10k', currencies: ['EUR'] };
  it.each<[string, Partial<BusinessDraft['financialInfoForm']>, FieldErrors]>([
    ['everything chosen', {}, {}],
    ['several of each', { sourcesOfFunds: ['revenue', 'loans'], currencies: ['EUR', 'USD'] }, {}],
    ['no source of funds', { sourcesOfFunds: [] }, { sourcesOfFunds: 'required' }],
    ['no purpose', { purposesOfAccount: [] }, { purposesOfAccount: 'required' }],
    ['no estimated deposit', { estimatedMonthlyDeposit: '' }, { estimatedMonthlyDeposit: 'required' }],
    ['an estimated deposit of spaces', { estimatedMonthlyDeposit: '  ' }, { estimatedMonthlyDeposit: 'required' }],
    ['no currency', { currencies: [] }, { currencies: 'required' }],
    [
      'nothing at all',
      { sourcesOfFunds: [], purposesOfAccount: [], estimatedMonthlyDeposit: '', currencies: [] },
      { sourcesOfFunds: 'required', purposesOfAccount: 'required', estimatedMonthlyDeposit: 'required', currencies: 'required' },
    ],
  ])('%s', (_name, over, expected) => {
    expect(financialInfoErrors({ ...form, ...over })).toEqual(expected);
  });
});

describe('the due diligence form (dueDiligenceErrors: only the questions shown)', () => {
  it.each<[string, string[], Record<string, string>, FieldErrors]>([
    ['no question shown', [], {}, {}],
    ['no question shown, answers ignored', [], { a: '' }, {}],
    ['every shown question answered', ['a', 'b'], { a: 'true', b: '1' }, {}],
    ['one shown question unanswered', ['a', 'b'], { a: 'true' }, { b: 'required' }],
    ['an answer of spaces counts as blank', ['a', 'b'], { a: '   ', b: '1' }, { a: 'required' }],
    ['an empty answer', ['a'], { a: '' }, { a: 'required' }],
    ['nothing answered', ['a', 'b'], {}, { a: 'required', b: 'required' }],
    ['a hidden question left blank does not count', ['a'], { a: 'false', aDetails: '' }, {}],
    ['a shown follow-up left blank counts', ['a', 'aDetails'], { a: 'true' }, { aDetails: 'required' }],
    ["'false' and '0' are answers", ['a', 'b'], { a: 'false', b: '0' }, {}],
  ])('%s', (_name, shown, answers, expected) => {
    expect(dueDiligenceErrors(shown, answers)).toEqual(expected);
  });
});

describe('the legal form (legalFormErrors)', () => {
  it.each<[string, Partial<typeof address>, string[], string[], FieldErrors]>([
    ['the address and the one agreement', {}, ['terms'], ['terms'], {}],
    ['the address and every agreement listed', {}, ['terms', 'privacy'], ['privacy', 'terms'], {}],
    ['extra agreements accepted are fine', {}, ['terms'], ['terms', 'marketing'], {}],
    ['the brand lists no agreement: none needed', {}, [], [], {}],
    ['no agreement accepted', {}, ['terms'], [], { agreements: 'required' }],
    ['one of two agreements missing', {}, ['terms', 'privacy'], ['terms'], { agreements: 'required' }],
    ['country missing', { countryCode: '' }, ['terms'], ['terms'], { 'address.countryCode': 'required' }],
    ['city missing', { city: '' }, ['terms'], ['terms'], { 'address.city': 'required' }],
    ['street only spaces', { street: '  ' }, ['terms'], ['terms'], { 'address.street': 'required' }],
    ['postal code missing', { postalCode: '' }, ['terms'], ['terms'], { 'address.postalCode': 'required' }],
    [
      'nothing at all',
      { countryCode: '', city: '', street: '', postalCode: '' },
      ['terms'],
      [],
      { 'address.countryCode': 'required', 'address.city': 'required', 'address.street': 'required', 'address.postalCode': 'required', agreements: 'required' },
    ],
  ])('%s', (_name, over, listed, accepted, expected) => {
    expect(legalFormErrors({ address: { ...address, ...over }, agreements: accepted }, listed)).toEqual(expected);
  });
});

// ---- a person, a company ---------------------------------------------------------------------------

describe("a person's fields (personErrors)", () => {
  const base = person('p1');
  it.each<[string, Partial<RegistrationPerson>, boolean, FieldErrors]>([
    ['everything right', {}, false, {}],
    ['first name missing', { firstName: '' }, false, { firstName: 'required' }],
    ['last name only spaces', { lastName: ' ' }, false, { lastName: 'required' }],
    ['birthday missing (required, not format)', { birthday: '' }, false, { birthday: 'required' }],
    ['e-mail missing (required, not format)', { email: '' }, false, { email: 'required' }],
    ['birthday as dd.mm.yyyy', { birthday: '05.05.1980' }, false, { birthday: 'format' }],
    ['birthday impossible (30 Feb)', { birthday: '1980-02-30' }, false, { birthday: 'format' }],
    ['birthday: 18 tomorrow', { birthday: '2008-11-27' }, false, { birthday: 'tooYoung' }],
    ['birthday: 18 today', { birthday: '2008-11-26' }, false, {}],
    ['birthday in the future', { birthday: '2030-01-01' }, false, { birthday: 'tooYoung' }],
    ['e-mail without @', { email: 'p1.acme.example' }, false, { email: 'format' }],
    ['e-mail with a 1-letter ending', { email: 'p1@acme.e' }, false, { email: 'format' }],
    ['e-mail trimmed before the check', { email: ' p1@acme.example ' }, false, {}],
    ['phone is optional', { phone: '' }, false, {}],
    ['phone of spaces counts as none', { phone: '   ' }, false, {}],
    ['phone given and right', { phone: '+49 30 123456' }, false, {}],
    ['phone given and wrong', { phone: 'call me' }, false, { phone: 'format' }],
    ['phone too short', { phone: '12345' }, false, { phone: 'format' }],
    ['address, tax id and sources are not checked for a non-holder', { address: emptyAddress(), taxId: '' }, false, {}],
    // a non-user's e-mail check and rights do not matter
    ['a non-user with an e-mail never checked', { emailState: null }, false, {}],
    ['a non-user whose e-mail exists', { emailState: 1 }, false, {}],
    ['a non-user with rights 5', { accessRights: 5 }, false, {}],
    // source-of-funds details (a holder at or above 25 % with source of wealth on)
    ['details needed, no source chosen', {}, true, { sourceOfFunds: 'required' }],
    ['details needed, one source without details', { sourceOfFunds: ['salary'] }, true, { sourceDetails: 'sourceDetails' }],
    ['details needed, a source whose details are spaces', { sourceOfFunds: ['salary'], sourceDetails: { salary: '  ' } }, true, { sourceDetails: 'sourceDetails' }],
    ['details needed, one of two sources without details', { sourceOfFunds: ['salary', 'savings'], sourceDetails: { salary: 'x' } }, true, { sourceDetails: 'sourceDetails' }],
    ['details needed, every source with details', { sourceOfFunds: ['salary', 'savings'], sourceDetails: { salary: 'x', savings: 'y' } }, true, {}],
    ['details not needed: a source without details is fine', { sourceOfFunds: ['salary'] }, false, {}],
    [
      'everything missing and details needed',
      { firstName: '', lastName: '', birthday: '', email: '' },
      true,
      { firstName: 'required', lastName: 'required', birthday: 'required', email: 'required', sourceOfFunds: 'required' },
    ],
  ])('%s', (_name, over, needsSourceDetails, expected) => {
    expect(personErrors({ ...base, ...over }, { today: TODAY, needsSourceDetails })).toEqual(expected);
  });

  it.each<[string, EmailState | null, number | null, FieldErrors]>([
    ['e-mail free (0), full access', 0, 2, {}],
    ['e-mail free, rights 0 (no access is a right set)', 0, 0, {}],
    ['e-mail free, rights 1', 0, 1, {}],
    ['e-mail free, rights 4', 0, 4, {}],
    ['e-mail never checked (null)', null, 2, { email: 'emailNotChecked' }],
    ['e-mail being checked (2)', 2, 2, { email: 'emailNotChecked' }],
    ['e-mail check failed (-1)', -1, 2, { email: 'emailNotChecked' }],
    ['e-mail exists (1)', 1, 2, { email: 'emailTaken' }],
    ["e-mail is an employee's (3)", 3, 2, { email: 'emailTaken' }],
    ['no rights chosen (null)', 0, null, { accessRights: 'required' }],
    ['the hidden rights 5', 0, 5, { accessRights: 'required' }],
    ['rights outside 0 to 5', 0, 6, { accessRights: 'required' }],
    ['e-mail exists and no rights', 1, null, { email: 'emailTaken', accessRights: 'required' }],
  ])('a user: %s', (_name, emailState, accessRights, expected) => {
    expect(personErrors({ ...base, isUser: true, emailState, accessRights }, { today: TODAY, needsSourceDetails: false })).toEqual(expected);
  });

  it.each<[string, Partial<RegistrationPerson>, FieldErrors]>([
    ['a user without an e-mail: required (the check is not asked for)', { email: '', emailState: null }, { email: 'required' }],
    ['a user with a wrong e-mail: format (the check is not asked for)', { email: 'p1@acme', emailState: 0 }, { email: 'format' }],
  ])('%s', (_name, over, expected) => {
    expect(personErrors({ ...base, isUser: true, accessRights: 2, ...over }, { today: TODAY, needsSourceDetails: false })).toEqual(expected);
  });
});

describe("a company's fields (companyErrors, 002 s3 Registration company)", () => {
  it.each<[string, Partial<RegistrationCompany>, FieldErrors]>([
    ['everything right', {}, {}],
    ['the trading name is optional', { tradingName: '' }, {}],
    ['directors and shareholders are not its fields', { directors: [], shareholders: [] }, {}],
    ['name missing', { name: '' }, { name: 'required' }],
    ['country only spaces', { country: ' ' }, { country: 'required' }],
    ['number missing', { number: '' }, { number: 'required' }],
    ['date missing (required, not format)', { date: '' }, { date: 'required' }],
    ['date today', { date: TODAY }, {}],
    ['date tomorrow: future', { date: '2026-11-27' }, { date: 'future' }],
    ['date impossible (30 Feb)', { date: '2021-02-30' }, { date: 'format' }],
    ['date as dd/mm/yyyy', { date: '04/03/2015' }, { date: 'format' }],
    ['date without leading zeros', { date: '2015-3-4' }, { date: 'format' }],
    ['address country missing', { address: { ...address, countryCode: '' } }, { 'address.countryCode': 'required' }],
    ['address city missing', { address: { ...address, city: '' } }, { 'address.city': 'required' }],
    ['address street missing', { address: { ...address, street: '' } }, { 'address.street': 'required' }],
    ['address postal code only spaces', { address: { ...address, postalCode: '  ' } }, { 'address.postalCode': 'required' }],
  ])('%s', (_name, over, expected) => {
    expect(companyErrors(company('c1', over), TODAY)).toEqual(expected);
  });

  it('an empty company: every field but the trading name', () => {
    expect(companyErrors(emptyCompany('c1'), TODAY)).toEqual({
      'address.countryCode': 'required',
      'address.city': 'required',
      'address.street': 'required',
      'address.postalCode': 'required',
      name: 'required',
      country: 'required',
      number: 'required',
      date: 'required',
    });
  });
});

// ---- the tree --------------------------------------------------------------------------------------

describe('the largest share a person holds anywhere (largestShare)', () => {
  it.each<[string, Holder[], Record<string, Holder[]>, string | null]>([
    ['holds nothing', [holder('person', 'p2', '50')], {}, null],
    ['holds nothing anywhere (no holders at all)', [], {}, null],
    ['one holding in the root', [holder('person', 'p1', '30')], {}, '30'],
    ['one holding in a company', [holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '12.5')] }, '12.5'],
    ['the root holding is the largest', [holder('person', 'p1', '40'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '30')] }, '40'],
    [
      'a company holding is the largest',
      [holder('person', 'p1', '10'), holder('company', 'c1', '50'), holder('company', 'c2', '20')],
      { c1: [holder('person', 'p1', '30')], c2: [holder('person', 'p1', '20')] },
      '30',
    ],
    ['compared by value, not as text ("9" vs "10")', [holder('person', 'p1', '9'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '10')] }, '10'],
    ['a decimal comma is read (12,5 above 12.4), returned as typed', [holder('person', 'p1', '12.4'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '12,5')] }, '12,5'],
    ['a share that is not a number counts as 0', [holder('person', 'p1', 'abc'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '5')] }, '5'],
    ['an empty share counts as 0', [holder('person', 'p1', '0.01'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '')] }, '0.01'],
    ['only shares that are not numbers: the first one', [holder('person', 'p1', 'abc'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', 'xyz')] }, 'abc'],
    ['equal values: the first one kept', [holder('person', 'p1', '30'), holder('company', 'c1', '50')], { c1: [holder('person', 'p1', '30.00')] }, '30'],
    ['a company holder with the same id is not the person', [holder('company', 'p1', '90')], { p1: [] }, null],
  ])('%s', (_name, rootHolders, companyHolders, expected) => {
    const companies = Object.fromEntries(Object.entries(companyHolders).map(([id, shareholders]) => [id, company(id, { directors: ['p9'], shareholders })]));
    const draft = completeDraft({ root: { directors: ['p9'], shareholders: rootHolders }, companies });
    expect(largestShare(draft, 'p1')).toBe(expected);
  });
});

describe('the companies under the root (reachableCompanies)', () => {
  it.each<[string, Holder[], Record<string, Holder[]>, string[]]>([
    ['none', [holder('person', 'p1', '100')], {}, []],
    ['a company held by the root', [holder('company', 'c1', '50')], { c1: [] }, ['c1']],
    ['a company held by a company, depth first', [holder('company', 'c1', '50'), holder('company', 'c3', '50')], { c1: [holder('company', 'c2', '50')], c2: [], c3: [] }, ['c1', 'c2', 'c3']],
    ['a company reached twice is listed once', [holder('company', 'c1', '50'), holder('company', 'c2', '50')], { c1: [holder('company', 'c2', '50')], c2: [] }, ['c1', 'c2']],
    ['a cycle ends', [holder('company', 'c1', '50')], { c1: [holder('company', 'c2', '50')], c2: [holder('company', 'c1', '50')] }, ['c1', 'c2']],
    ['an unknown company id is dropped', [holder('company', 'ghost', '50'), holder('company', 'c1', '50')], { c1: [] }, ['c1']],
    ['a company no one holds is not reached', [holder('company', 'c1', '50')], { c1: [], c9: [holder('company', 'c8', '50')], c8: [] }, ['c1']],
    ['a person holder whose id is a company id is not the company', [holder('person', 'c1', '50')], { c1: [] }, []],
  ])('%s', (_name, rootHolders, companyHolders, expected) => {
    const companies = Object.fromEntries(Object.entries(companyHolders).map(([id, shareholders]) => [id, company(id, { shareholders })]));
    const draft = completeDraft({ root: { directors: [], shareholders: rootHolders }, companies });
    expect(reachableCompanies(draft).map((c) => c.id)).toEqual(expected);
    expect(reachableCompanies(draft)).toEqual(expected.map((id) => companies[id]));
  });
});

describe('the people in the tree (reachablePersons)', () => {
  const everyone = Object.fromEntries(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => [id, person(id)]));
  it.each<[string, Partial<BusinessDraft>, string[]]>([
    ['nobody', { root: { directors: [], shareholders: [] }, persons: everyone }, []],
    ['a root director', { root: { directors: ['p1'], shareholders: [] }, persons: everyone }, ['p1']],
    ['a root person holder', { root: { directors: [], shareholders: [holder('person', 'p2', '50')] }, persons: everyone }, ['p2']],
    ['directors first, then holders', { root: { directors: ['p3'], shareholders: [holder('person', 'p2', '50')] }, persons: everyone }, ['p3', 'p2']],
    ['a director who holds shares is listed once', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '50')] }, persons: everyone }, ['p1']],
    [
      "a company's directors and person holders",
      { root: { directors: ['p1'], shareholders: [holder('company', 'c1', '50')] }, persons: everyone, companies: { c1: company('c1', { directors: ['p2'], shareholders: [holder('person', 'p3', '20')] }) } },
      ['p1', 'p2', 'p3'],
    ],
    [
      'a company holder is not a person',
      { root: { directors: [], shareholders: [holder('company', 'c1', '50')] }, persons: everyone, companies: { c1: company('c1') } },
      [],
    ],
    [
      'a person in a company no one holds is not in the tree',
      { root: { directors: ['p1'], shareholders: [] }, persons: everyone, companies: { c9: company('c9', { directors: ['p2'], shareholders: [holder('person', 'p3', '20')] }) } },
      ['p1'],
    ],
    [
      'a person in a company deeper down',
      { root: { directors: [], shareholders: [holder('company', 'c1', '50')] }, persons: everyone, companies: { c1: company('c1', { shareholders: [holder('company', 'c2', '50')] }), c2: company('c2', { directors: ['p4'] }) } },
      ['p4'],
    ],
    [
      'the same person in the root and a company is listed once',
      { root: { directors: ['p1'], shareholders: [holder('company', 'c1', '50')] }, persons: everyone, companies: { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p1', '20')] }) } },
      ['p1'],
    ],
    ['a user who is neither director nor holder', { root: { directors: ['p1'], shareholders: [] }, persons: { ...everyone, p5: person('p5', { isUser: true }) } }, ['p1', 'p5']],
    ['a user who is also a director is listed once', { root: { directors: ['p1'], shareholders: [] }, persons: { ...everyone, p1: person('p1', { isUser: true }) } }, ['p1']],
    ['a person neither director, holder nor user is not in the tree', { root: { directors: [], shareholders: [] }, persons: { p6: person('p6') } }, []],
    ['an unknown director id is dropped', { root: { directors: ['ghost', 'p1'], shareholders: [] }, persons: everyone }, ['p1']],
    ['an unknown holder id is dropped', { root: { directors: [], shareholders: [holder('person', 'ghost', '50'), holder('person', 'p2', '50')] }, persons: everyone }, ['p2']],
  ])('%s', (_name, over, expected) => {
    const draft = completeDraft(over);
    expect(reachablePersons(draft).map((p) => p.id)).toEqual(expected);
    expect(reachablePersons(draft)).toEqual(expected.map((id) => draft.persons[id]));
  });
});

describe('the tree rules (structureProblems, 002 s5)', () => {
  const user = person('u1', { isUser: true, accessRights: 2, emailState: 0 });
  /** A root with director p1, the given holders, companies, and one full-access user u1 unless persons say otherwise. */
  const tree = (rootHolders: Holder[], companies: Record<string, RegistrationCompany> = {}, persons: Record<string, RegistrationPerson> = { p1: person('p1'), u1: user }, directors = ['p1']) =>
    completeDraft({ root: { directors, shareholders: rootHolders }, companies, persons });
  const one = [holder('person', 'p1', '50')];

  it.each<[string, BusinessDraft, StructureProblem[]]>([
    ['a right tree', tree(one), []],
    ['the complete draft', completeDraft(), []],
    [
      'the empty draft: no director, no shareholder, no users',
      emptyBusinessDraft(),
      [
        { where: 'root', problem: 'noDirector' },
        { where: 'root', problem: 'noShareholder' },
        { where: 'users', problem: 'noUsers' },
      ],
    ],
    ['the root without a director', tree(one, {}, undefined, []), [{ where: 'root', problem: 'noDirector' }]],
    ['the root without a shareholder (no sum problem besides)', tree([]), [{ where: 'root', problem: 'noShareholder' }]],
    // one share
    ['a share left empty (no sum problem: it is not a number)', tree([holder('person', 'p1', '')]), [{ where: 'holder', parent: 'root', id: 'p1', problem: 'required' }]],
    ['a share that is not a number', tree([holder('person', 'p1', '50'), holder('person', 'p2', 'abc')]), [{ where: 'holder', parent: 'root', id: 'p2', problem: 'format' }]],
    [
      'a share of 0 (and the sum below 10)',
      tree([holder('person', 'p1', '0')]),
      [
        { where: 'holder', parent: 'root', id: 'p1', problem: 'range' },
        { where: 'root', problem: 'sumLow' },
      ],
    ],
    [
      'a share of 100.01 (and the sum above 100)',
      tree([holder('person', 'p1', '100.01')]),
      [
        { where: 'holder', parent: 'root', id: 'p1', problem: 'range' },
        { where: 'root', problem: 'sumHigh' },
      ],
    ],
    [
      'a company holder with a bad share',
      tree([holder('person', 'p1', '50'), holder('company', 'c1', '101')], { c1: company('c1', { directors: ['p1'] }) }),
      [
        { where: 'holder', parent: 'root', id: 'c1', problem: 'range' },
        { where: 'root', problem: 'sumHigh' },
      ],
    ],
    // the root's sum
    ['root holders summing to 9.99', tree([holder('person', 'p1', '5'), holder('person', 'p2', '4.99')]), [{ where: 'root', problem: 'sumLow' }]],
    ['root holders summing to 10', tree([holder('person', 'p1', '5'), holder('person', 'p2', '5')]), []],
    ['root holders summing to 100', tree([holder('person', 'p1', '60'), holder('person', 'p2', '40')]), []],
    ['root holders summing to 100.01', tree([holder('person', 'p1', '50'), holder('person', 'p2', '50.01')]), [{ where: 'root', problem: 'sumHigh' }]],
    // a company's holders
    ['a company with a director and no shareholders (optional)', tree([holder('company', 'c1', '50')], { c1: company('c1', { directors: ['p1'] }) }), []],
    ['a company shareholder without a director', tree([holder('company', 'c1', '50')], { c1: company('c1') }), [{ where: 'company', id: 'c1', problem: 'noDirector' }]],
    ["a company's holders summing to 9.99", tree(one.concat(holder('company', 'c1', '50')), { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '9.99')] }) }), [{ where: 'company', id: 'c1', problem: 'sumLow' }]],
    ["a company's holders summing to 10", tree(one.concat(holder('company', 'c1', '50')), { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '10')] }) }), []],
    [
      "a company's holders summing to 100",
      tree(one.concat(holder('company', 'c1', '50')), { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '99.99'), holder('person', 'p3', '0.01')] }) }),
      [],
    ],
    [
      "a company's holders summing to 100.01",
      tree(one.concat(holder('company', 'c1', '50')), { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '50'), holder('person', 'p3', '50.01')] }) }),
      [{ where: 'company', id: 'c1', problem: 'sumHigh' }],
    ],
    [
      "a company holder's own bad share: its parent is the company",
      tree(one.concat(holder('company', 'c1', '50')), { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '50'), holder('person', 'p3', '')] }) }),
      [{ where: 'holder', parent: 'c1', id: 'p3', problem: 'required' }],
    ],
    [
      'a company reached twice is checked once',
      tree([holder('company', 'c1', '50'), holder('company', 'c2', '50')], { c1: company('c1', { directors: ['p1'], shareholders: [holder('company', 'c2', '50')] }), c2: company('c2') }),
      [{ where: 'company', id: 'c2', problem: 'noDirector' }],
    ],
    [
      'a company deeper down without a director',
      tree(one.concat(holder('company', 'c1', '50')), { c1: company('c1', { directors: ['p1'], shareholders: [holder('company', 'c2', '50')] }), c2: company('c2') }),
      [{ where: 'company', id: 'c2', problem: 'noDirector' }],
    ],
    [
      'a company not reachable from the root is ignored',
      tree(one, { c9: company('c9', { shareholders: [holder('person', 'p2', '0'), holder('person', 'p3', 'abc')] }), c8: company('c8', { shareholders: [holder('person', 'p2', '5')] }) }),
      [],
    ],
    // users
    ['no users', tree(one, {}, { p1: person('p1') }), [{ where: 'users', problem: 'noUsers' }]],
    ['users, none with full access', tree(one, {}, { p1: person('p1'), u1: { ...user, accessRights: 1 } }), [{ where: 'users', problem: 'noFullAccess' }]],
    ['two users, one with full access', tree(one, {}, { p1: person('p1'), u1: user, u2: person('u2', { isUser: true, accessRights: 0, emailState: 0 }) }), []],
    ['a user without rights', tree(one, {}, { p1: person('p1'), u1: user, u2: person('u2', { isUser: true, accessRights: null, emailState: 0 }) }), [{ where: 'user', id: 'u2', problem: 'rights' }]],
    ['a user with the hidden rights 5', tree(one, {}, { p1: person('p1'), u1: user, u2: person('u2', { isUser: true, accessRights: 5, emailState: 0 }) }), [{ where: 'user', id: 'u2', problem: 'rights' }]],
    ["a user's e-mail not checked", tree(one, {}, { p1: person('p1'), u1: { ...user, emailState: null } }), [{ where: 'user', id: 'u1', problem: 'email' }]],
    ["a user's e-mail taken", tree(one, {}, { p1: person('p1'), u1: { ...user, emailState: 1 } }), [{ where: 'user', id: 'u1', problem: 'email' }]],
    [
      'a user without rights whose e-mail is being checked, and no full access',
      tree(one, {}, { p1: person('p1'), u1: { ...user, accessRights: null, emailState: 2 } }),
      [
        { where: 'users', problem: 'noFullAccess' },
        { where: 'user', id: 'u1', problem: 'rights' },
        { where: 'user', id: 'u1', problem: 'email' },
      ],
    ],
    ["a non-user's e-mail and rights are not checked", tree(one, {}, { p1: person('p1', { emailState: 1, accessRights: 5 }), u1: user }), []],
  ])('%s', (_name, draft, expected) => {
    expect(structureProblems(draft)).toEqual(expected);
  });
});

describe('a person of the tree is wrong (invalidPerson: source details by the largest share)', () => {
  const on = { today: TODAY, sourceOfWealth: true };
  const off = { today: TODAY, sourceOfWealth: false };
  const p2 = person('p2');
  it.each<[string, Partial<BusinessDraft>, string, typeof on, boolean]>([
    ['the complete draft: p1 is right', {}, 'p1', on, false],
    ['an unknown id', {}, 'ghost', on, true],
    ['a person with a wrong field', { persons: { p1: withDetails('p1', { isUser: true, accessRights: 2, emailState: 0, lastName: '' }) } }, 'p1', on, true],
    ['a 30 % holder without source details', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '70'), holder('person', 'p2', '30')] }, persons: { p1: withDetails('p1'), p2 } }, 'p2', on, true],
    ['a 30 % holder without source details, source of wealth off', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '70'), holder('person', 'p2', '30')] }, persons: { p1: withDetails('p1'), p2 } }, 'p2', off, false],
    ['a 25 % holder without source details', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '75'), holder('person', 'p2', '25')] }, persons: { p1: withDetails('p1'), p2 } }, 'p2', on, true],
    ['a 24.99 % holder without source details', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '75'), holder('person', 'p2', '24.99')] }, persons: { p1: withDetails('p1'), p2 } }, 'p2', on, false],
    ['a holder whose share is not a number needs no details', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '75'), holder('person', 'p2', 'abc')] }, persons: { p1: withDetails('p1'), p2 } }, 'p2', on, false],
    ['a director holding nothing needs no details', { root: { directors: ['p2'], shareholders: [holder('person', 'p1', '100')] }, persons: { p1: withDetails('p1'), p2 } }, 'p2', on, false],
    [
      'the largest share decides: 10 in the root, 30 in a company, no details',
      {
        root: { directors: ['p1'], shareholders: [holder('person', 'p1', '50'), holder('person', 'p2', '10'), holder('company', 'c1', '20')] },
        companies: { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '30')] }) },
        persons: { p1: withDetails('p1'), p2 },
      },
      'p2',
      on,
      true,
    ],
    [
      'the largest share decides: 10 in the root, 20 in a company, no details',
      {
        root: { directors: ['p1'], shareholders: [holder('person', 'p1', '50'), holder('person', 'p2', '10'), holder('company', 'c1', '20')] },
        companies: { c1: company('c1', { directors: ['p1'], shareholders: [holder('person', 'p2', '20')] }) },
        persons: { p1: withDetails('p1'), p2 },
      },
      'p2',
      on,
      false,
    ],
    ['a user whose e-mail is taken', { persons: { p1: withDetails('p1', { isUser: true, accessRights: 2, emailState: 1 }) } }, 'p1', on, true],
  ])('%s', (_name, over, id, facts, expected) => {
    expect(invalidPerson(completeDraft(over), id, facts)).toBe(expected);
  });
});

// ---- the wizard steps ------------------------------------------------------------------------------

describe('each step of the wizard (stepErrors, stepValid, firstInvalidStep)', () => {
  const p2 = person('p2');
  /** The complete draft with p2 a second root holder at `share`. */
  const secondHolder = (share: string, p: RegistrationPerson = p2): Partial<BusinessDraft> => ({
    root: { directors: ['p1'], shareholders: [holder('person', 'p1', '30'), holder('person', 'p2', share)] },
    persons: { ...completeDraft().persons, p2: p },
  });
  /** The complete draft with company c1 (director p1) a root holder at 20 %. */
  const withCompany = (c: Partial<RegistrationCompany> = {}, extra: Record<string, RegistrationPerson> = {}): Partial<BusinessDraft> => ({
    root: { directors: ['p1'], shareholders: [holder('person', 'p1', '30'), holder('company', 'c1', '20')] },
    companies: { c1: company('c1', { directors: ['p1'], ...c }) },
    persons: { ...completeDraft().persons, ...extra },
  });
  const p1 = completeDraft().persons.p1!;

  type Expected = { fields?: FieldErrors; structure?: StructureProblem[]; nodes?: string[] };
  it.each<[string, Partial<BusinessDraft>, Partial<WizardFacts>, WizardStep[], Expected]>([
    ['the complete draft: every step valid', {}, {}, [], {}],
    ['the complete draft, source of wealth off: every step valid', {}, { sourceOfWealth: false }, [], {}],
    // generalForm
    ['general: the name missing', { generalForm: { ...general, name: '' } }, {}, ['generalForm'], { fields: { name: 'required' } }],
    ['general: the registration date tomorrow', { generalForm: { ...general, registrationDate: '2026-11-27' } }, {}, ['generalForm'], { fields: { registrationDate: 'future' } }],
    ['general: a wrong website', { generalForm: { ...general, website: 'acme' } }, {}, ['generalForm'], { fields: { website: 'format' } }],
    // financialInfoForm
    ['financial: no currency', { financialInfoForm: { ...completeDraft().financialInfoForm, currencies: [] } }, {}, ['financialInfoForm'], { fields: { currencies: 'required' } }],
    // dueDilligenceForm
    ['due diligence: a shown question unanswered', { dueDilligenceForm: { answers: { anotherAccount: 'false' } } }, {}, ['dueDilligenceForm'], { fields: { controlAccount: 'required' } }],
    ['due diligence: a shown follow-up unanswered', {}, { shownQuestions: ['anotherAccount', 'controlAccount', 'anotherAccountDetails'] }, ['dueDilligenceForm'], { fields: { anotherAccountDetails: 'required' } }],
    ['due diligence: no question shown', { dueDilligenceForm: { answers: {} } }, { shownQuestions: [] }, [], {}],
    // legalForm
    ['legal: the agreement not accepted', { legalForm: { address, agreements: [] } }, {}, ['legalForm'], { fields: { agreements: 'required' } }],
    ['legal: the city missing', { legalForm: { address: { ...address, city: '' }, agreements: ['terms'] } }, {}, ['legalForm'], { fields: { 'address.city': 'required' } }],
    ['legal: the brand lists a second agreement', {}, { agreements: ['terms', 'privacy'] }, ['legalForm'], { fields: { agreements: 'required' } }],
    // directorsHub
    ['directors: the root without a director', { root: { directors: [], shareholders: [holder('person', 'p1', '30')] } }, {}, ['directorsHub'], { structure: [{ where: 'root', problem: 'noDirector' }] }],
    ['directors: an unknown director id', { root: { directors: ['p1', 'ghost'], shareholders: [holder('person', 'p1', '30')] } }, {}, ['directorsHub'], { nodes: ['ghost'] }],
    [
      'directors: a root director too young (not a holder, not a user)',
      { root: { directors: ['p1', 'p2'], shareholders: [holder('person', 'p1', '30')] }, persons: { p1, p2: person('p2', { birthday: '2010-01-01' }) } },
      {},
      ['directorsHub'],
      { nodes: ['p2'] },
    ],
    [
      'directors: p1 (director, holder and user) without a first name: every hub that lists p1',
      { persons: { p1: { ...p1, firstName: '' } } },
      {},
      ['directorsHub', 'shareholdersHub', 'usersHub'],
      { nodes: ['p1'] },
    ],
    ['shareholders: a company shareholder without a director (said with that company, not on the directors hub)', withCompany({ directors: [] }), {}, ['shareholdersHub'], { structure: [{ where: 'company', id: 'c1', problem: 'noDirector' }] }],
    ["shareholders: a company's director with a wrong e-mail", withCompany({ directors: ['p2'] }, { p2: person('p2', { email: 'p2@acme' }) }), {}, ['shareholdersHub'], { nodes: ['p2'] }],
    // shareholdersHub
    ['shareholders: the root without a shareholder', { root: { directors: ['p1'], shareholders: [] } }, {}, ['shareholdersHub'], { structure: [{ where: 'root', problem: 'noShareholder' }] }],
    [
      'shareholders: a share of 0',
      { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '0')] } },
      {},
      ['shareholdersHub'],
      {
        structure: [
          { where: 'holder', parent: 'root', id: 'p1', problem: 'range' },
          { where: 'root', problem: 'sumLow' },
        ],
      },
    ],
    ['shareholders: root holders summing to 9.99 (p1 needs no details)', { root: { directors: ['p1'], shareholders: [holder('person', 'p1', '9.99')] } }, {}, ['shareholdersHub'], { structure: [{ where: 'root', problem: 'sumLow' }] }],
    ['shareholders: root holders summing to 100.01', secondHolder('70.01', withDetails('p2')), {}, ['shareholdersHub'], { structure: [{ where: 'root', problem: 'sumHigh' }] }],
    ['shareholders: root holders summing to 100', secondHolder('70', withDetails('p2')), {}, [], {}],
    ['shareholders: a 30 % person holder without source details', secondHolder('30'), {}, ['shareholdersHub'], { nodes: ['p2'] }],
    ['shareholders: a 30 % person holder without source details, source of wealth off', secondHolder('30'), { sourceOfWealth: false }, [], {}],
    ['shareholders: a 25 % person holder without source details', secondHolder('25'), {}, ['shareholdersHub'], { nodes: ['p2'] }],
    ['shareholders: a 24.99 % person holder without source details', secondHolder('24.99'), {}, [], {}],
    ['shareholders: a 30 % person holder with a source but no details', secondHolder('30', person('p2', { sourceOfFunds: ['salary'] })), {}, ['shareholdersHub'], { nodes: ['p2'] }],
    ['shareholders: a 30 % person holder with the details', secondHolder('30', withDetails('p2')), {}, [], {}],
    ['shareholders: a company holder right', withCompany(), {}, [], {}],
    ['shareholders: a company holder without a name', withCompany({ name: '' }), {}, ['shareholdersHub'], { nodes: ['c1'] }],
    ['shareholders: a company holder dated tomorrow', withCompany({ date: '2026-11-27' }), {}, ['shareholdersHub'], { nodes: ['c1'] }],
    ["shareholders: a company's holders summing to 5", withCompany({ shareholders: [holder('person', 'p2', '5')] }, { p2 }), {}, ['shareholdersHub'], { structure: [{ where: 'company', id: 'c1', problem: 'sumLow' }] }],
    ["shareholders: a company's holder with a share not a number", withCompany({ shareholders: [holder('person', 'p2', 'abc')] }, { p2 }), {}, ['shareholdersHub'], { structure: [{ where: 'holder', parent: 'c1', id: 'p2', problem: 'format' }] }],
    ["shareholders: a company's 40 % holder without details", withCompany({ shareholders: [holder('person', 'p2', '40')] }, { p2 }), {}, ['shareholdersHub'], { nodes: ['p2'] }],
    [
      'shareholders: a wrong company and a wrong holder: companies listed first',
      withCompany({ name: '', shareholders: [holder('person', 'p2', '40')] }, { p2 }),
      {},
      ['shareholdersHub'],
      { nodes: ['c1', 'p2'] },
    ],
    ['shareholders: a company no one holds is ignored', { companies: { c9: company('c9', { name: '', shareholders: [holder('person', 'p1', '0')] }) } }, {}, [], {}],
    // usersHub
    ['users: no users', { persons: { p1: { ...p1, isUser: false, accessRights: null, emailState: null } } }, {}, ['usersHub'], { structure: [{ where: 'users', problem: 'noUsers' }] }],
    ['users: none with full access', { persons: { p1: { ...p1, accessRights: 1 } } }, {}, ['usersHub'], { structure: [{ where: 'users', problem: 'noFullAccess' }] }],
    [
      'users: a second user whose e-mail is being checked',
      { persons: { p1, u2: person('u2', { isUser: true, accessRights: 1, emailState: 2 }) } },
      {},
      ['usersHub'],
      { structure: [{ where: 'user', id: 'u2', problem: 'email' }], nodes: ['u2'] },
    ],
    [
      'users: a second user without rights',
      { persons: { p1, u2: person('u2', { isUser: true, accessRights: null, emailState: 0 }) } },
      {},
      ['usersHub'],
      { structure: [{ where: 'user', id: 'u2', problem: 'rights' }], nodes: ['u2'] },
    ],
    [
      'users: a second user with the hidden rights 5',
      { persons: { p1, u2: person('u2', { isUser: true, accessRights: 5, emailState: 0 }) } },
      {},
      ['usersHub'],
      { structure: [{ where: 'user', id: 'u2', problem: 'rights' }], nodes: ['u2'] },
    ],
    ['users: a second user with rights 0', { persons: { p1, u2: person('u2', { isUser: true, accessRights: 0, emailState: 0 }) } }, {}, [], {}],
    ['users: a second user too young', { persons: { p1, u2: person('u2', { isUser: true, accessRights: 1, emailState: 0, birthday: '2009-01-01' }) } }, {}, ['usersHub'], { nodes: ['u2'] }],
    [
      "users: p1's e-mail taken (p1 is director and holder too)",
      { persons: { p1: { ...p1, emailState: 1 } } },
      {},
      ['directorsHub', 'shareholdersHub', 'usersHub'],
      { nodes: ['p1'] },
    ],
    ['a person neither director, holder nor user is not checked', { persons: { p1, p9: person('p9', { firstName: '' }) } }, {}, [], {}],
  ])('%s', (_name, over, factsOver, invalid, expected) => {
    const draft = completeDraft(over);
    const facts = { ...FACTS, ...factsOver };
    for (const step of WIZARD_STEPS) expect([step, stepValid(draft, step, facts)]).toEqual([step, !invalid.includes(step)]);
    expect(firstInvalidStep(draft, facts)).toBe(invalid[0] ?? null);
    if (invalid[0]) expect(stepErrors(draft, invalid[0], facts)).toEqual({ ...NO_ERRORS, ...expected });
    for (const step of WIZARD_STEPS.filter((s) => !invalid.includes(s))) expect(stepErrors(draft, step, facts)).toEqual(NO_ERRORS);
  });

  it.each<[WizardStep, { fields: FieldErrors; structure: StructureProblem[]; nodes: string[] }]>([
    [
      'generalForm',
      {
        fields: {
          businessType: 'required',
          name: 'required',
          registrationCountryCode: 'required',
          registrationNumber: 'required',
          registrationDate: 'required',
          email: 'required',
          phone: 'required',
          industry: 'required',
        },
        structure: [],
        nodes: [],
      },
    ],
    ['financialInfoForm', { fields: { sourcesOfFunds: 'required', purposesOfAccount: 'required', estimatedMonthlyDeposit: 'required', currencies: 'required' }, structure: [], nodes: [] }],
    ['dueDilligenceForm', { fields: { anotherAccount: 'required', controlAccount: 'required' }, structure: [], nodes: [] }],
    [
      'legalForm',
      { fields: { 'address.countryCode': 'required', 'address.city': 'required', 'address.street': 'required', 'address.postalCode': 'required', agreements: 'required' }, structure: [], nodes: [] },
    ],
    ['directorsHub', { fields: {}, structure: [{ where: 'root', problem: 'noDirector' }], nodes: [] }],
    ['shareholdersHub', { fields: {}, structure: [{ where: 'root', problem: 'noShareholder' }], nodes: [] }],
    ['usersHub', { fields: {}, structure: [{ where: 'users', problem: 'noUsers' }], nodes: [] }],
    ['summary', { fields: {}, structure: [], nodes: [] }],
  ])('the empty draft at %s', (step, expected) => {
    const draft = emptyBusinessDraft();
    expect(stepErrors(draft, step, FACTS)).toEqual(expected);
    expect(stepValid(draft, step, FACTS)).toBe(step === 'summary');
  });

  it.each<[string, BusinessDraft]>([
    ['the empty draft', emptyBusinessDraft()],
    ['the complete draft', completeDraft()],
    ['a draft wrong everywhere', completeDraft({ generalForm: {}, root: { directors: ['ghost'], shareholders: [holder('person', 'p1', '0')] }, persons: { p1: { ...p1, isUser: true, accessRights: 5, emailState: 1 } } })],
  ])('the summary step is always valid: %s', (_name, draft) => {
    expect(stepErrors(draft, 'summary', FACTS)).toEqual(NO_ERRORS);
    expect(stepValid(draft, 'summary', FACTS)).toBe(true);
  });

  it.each<[string, BusinessDraft, WizardStep | null]>([
    ['the empty draft: generalForm first', emptyBusinessDraft(), 'generalForm'],
    ['only the users wrong', completeDraft({ persons: { p1: { ...p1, accessRights: 1 } } }), 'usersHub'],
    ['the legal form and the users wrong: the legal form first', completeDraft({ legalForm: { address, agreements: [] }, persons: { p1: { ...p1, accessRights: 1 } } }), 'legalForm'],
    ['nothing wrong', completeDraft(), null],
  ])('the first step with something wrong: %s', (_name, draft, expected) => {
    expect(firstInvalidStep(draft, FACTS)).toBe(expected);
  });
});

describe('a user e-mail may be used (emailUsable, re-exported for the views)', () => {
  it.each<[EmailState | null | undefined, boolean]>([
    [0, true],
    [1, false],
    [2, false],
    [3, false],
    [-1, false],
    [null, false],
    [undefined, false],
  ])('state %s: %s', (state, expected) => {
    expect(emailUsable(state)).toBe(expected);
  });
});

describe('the tree is what is reached from the root (fixes after the first table tests)', () => {
  it('a company left out of the tree counts nothing: its holdings neither need nor keep source details', () => {
    const draft = completeDraft({
      root: { directors: ['p1', 'p2'], shareholders: [holder('person', 'p1', '100')] },
      persons: { ...completeDraft().persons, p2: person('p2') },
      companies: { c1: company('c1', { shareholders: [holder('person', 'p2', '40')] }) },
    });
    expect(largestShare(draft, 'p2')).toBeNull();
    expect(invalidPerson(draft, 'p2', FACTS)).toBe(false);
    expect(stepValid(draft, 'directorsHub', FACTS)).toBe(true);
  });

  it("a user's missing rights show beside a wrong e-mail", () => {
    expect(personErrors(person('u', { email: 'bad', isUser: true, accessRights: null, emailState: null }), { today: TODAY, needsSourceDetails: false })).toMatchObject({ email: 'format', accessRights: 'required' });
  });

  it.each([
    ['a person holder with no record', holder('person', 'ghost', '20')],
    ['a company holder with no record', holder('company', 'c-ghost', '20')],
  ])('%s is a node to fix on the shareholders hub', (_name, missing) => {
    const draft = completeDraft();
    draft.root.shareholders.push(missing);
    expect(stepErrors(draft, 'shareholdersHub', FACTS).nodes).toContain(missing.id);
    expect(stepValid(draft, 'shareholdersHub', FACTS)).toBe(false);
  });

  it('an invalid director of the root and of a company is listed once', () => {
    const draft = completeDraft({
      root: { directors: ['p1', 'p2'], shareholders: [holder('person', 'p1', '80'), holder('company', 'c1', '20')] },
      persons: { ...completeDraft().persons, p2: person('p2', { firstName: '' }) },
      companies: { c1: company('c1', { directors: ['p2'] }) },
    });
    expect(stepErrors(draft, 'directorsHub', FACTS).nodes).toEqual(['p2']);
    expect(stepErrors(draft, 'shareholdersHub', FACTS).nodes).toEqual(['p2']);
  });

  it.each([
    ['name and date given', '{"name":"Bob Brown","date":"1980-01-02"}', undefined],
    ['no answer', undefined, 'required'],
    ['a name without a date', '{"name":"Bob Brown","date":""}', 'required'],
    ['a date without a name', '{"name":"  ","date":"1980-01-02"}', 'required'],
    ['an impossible date', '{"name":"Bob Brown","date":"1980-02-30"}', 'format'],
    ['a name typed as plain text (no date)', 'Bob Brown 1980-01-02', 'required'],
    ['JSON that is not an object', '["Bob","1980-01-02"]', 'required'],
  ])('the name-and-date question (controlAccountPerson): %s', (_name, answer, problem) => {
    const answers: Record<string, string> = { controlAccount: '2', ...(answer === undefined ? {} : { controlAccountPerson: answer }) };
    expect(dueDiligenceErrors(['controlAccount', 'controlAccountPerson'], answers).controlAccountPerson).toBe(problem);
  });

  it('the name-and-date answer reads back what was written', () => {
    expect(nameAndDateAnswer(nameAndDateText('Bob "B" Brown', '1980-01-02'))).toEqual({ name: 'Bob "B" Brown', date: '1980-01-02' });
    expect(nameAndDateAnswer('{"name":1,"date":null}')).toEqual({ name: '', date: '' });
    expect(nameAndDateAnswer(undefined)).toEqual({ name: '', date: '' });
  });

  it('a stored draft with a part saved half-filled reads the rest of that part as empty', () => {
    const stored = JSON.stringify({ version: '3.54', financialInfoForm: { sourcesOfFunds: ['x'] }, legalForm: { agreements: ['terms'] }, root: { directors: ['p1'] } });
    const draft = draftFromStored(stored)!;
    expect(draft.financialInfoForm).toEqual({ sourcesOfFunds: ['x'], purposesOfAccount: [], estimatedMonthlyDeposit: '', currencies: [] });
    expect(draft.legalForm).toEqual({ address: { countryCode: '', city: '', street: '', postalCode: '' }, agreements: ['terms'] });
    expect(draft.root).toEqual({ directors: ['p1'], shareholders: [] });
    expect(financialInfoErrors(draft.financialInfoForm)).toEqual({ purposesOfAccount: 'required', estimatedMonthlyDeposit: 'required', currencies: 'required' });
  });
});
