// @vitest-environment node
import {
  changePersonalInfo,
  dueDiligenceDocumentsNeeded,
  dueDiligenceRequirements,
  emptyKycQuestions,
  emptyPersonalInfo,
  kycQuestionProblems,
  kycQuestionsPayload,
  kycQuestionValuesOf,
  kycStepsToShow,
  personalInfoPayload,
  personalInfoProblems,
  personalInfoValuesOf,
  type KycCustomerInfo,
  type KycLists,
  type KycQuestionValues,
  type KycRequest,
  type PersonalInfoValues,
} from '@machines/verification/kyc.rules';

/**
 * The KYC rules (spec 002 s2 /kyc and /profile-update, s3 User status, s7): the steps
 * shown (order, done ones skipped), the questions' and the personal data's problems, and the due
 * diligence documents still needed per level; every branch and boundary.
 */

const request = (status: KycRequest['status'], steps: [KycRequest['steps'][number]['kind'], boolean][]): Pick<KycRequest, 'status' | 'steps'> => ({
  status,
  steps: steps.map(([kind, done]) => ({ kind, done })),
});

describe('kycStepsToShow', () => {
  it.each([
    ['no request', null, []],
    ['undefined', undefined, []],
    [
      'open: in the request’s order',
      request('open', [
        ['questions', false],
        ['personalInfo', false],
        ['dueDiligence', false],
      ]),
      ['questions', 'personalInfo', 'dueDiligence'],
    ],
    [
      'open: another order kept',
      request('open', [
        ['identity', false],
        ['questions', false],
      ]),
      ['identity', 'questions'],
    ],
    [
      'open: done steps skipped',
      request('open', [
        ['questions', true],
        ['personalInfo', false],
        ['dueDiligence', true],
        ['identity', false],
      ]),
      ['personalInfo', 'identity'],
    ],
    [
      'open: all done',
      request('open', [
        ['questions', true],
        ['dueDiligence', true],
      ]),
      [],
    ],
    ['open: no steps', request('open', []), []],
    [
      'open: a kind listed twice counts once',
      request('open', [
        ['questions', false],
        ['questions', false],
      ]),
      ['questions'],
    ],
    [
      'open: an unknown kind left out',
      {
        status: 'open' as const,
        steps: [
          { kind: 'video' as never, done: false },
          { kind: 'questions' as const, done: false },
        ],
      },
      ['questions'],
    ],
    ['submitted', request('submitted', [['questions', false]]), []],
    ['approved', request('approved', [['questions', false]]), []],
    ['rejected', request('rejected', [['questions', false]]), []],
  ] as const)('%s', (_name, given, expected) => {
    expect(kycStepsToShow(given)).toEqual(expected);
  });
});

const lists: KycLists = {
  occupations: [{ id: 'employee', name: 'Employee' }],
  sourcesOfFunds: [{ id: 'salary', name: 'Salary' }],
  purposesOfAccount: [{ id: 'savings', name: 'Savings' }],
  estimatedMonthlyDeposits: [{ id: 'upTo1k', name: 'Up to 1,000 USD' }],
};
const answers: KycQuestionValues = { occupationId: 'employee', sourceOfFundsId: 'salary', purposeOfAccountId: 'savings', estimatedMonthlyDepositId: 'upTo1k' };

describe('kycQuestionProblems', () => {
  it.each([
    ['every answer from its list', answers, lists, {}],
    ['nothing answered', emptyKycQuestions(), lists, { occupationId: 'required', sourceOfFundsId: 'required', purposeOfAccountId: 'required', estimatedMonthlyDepositId: 'required' }],
    ['blank is not an answer', { ...answers, occupationId: '   ' }, lists, { occupationId: 'required' }],
    ['not in its list', { ...answers, sourceOfFundsId: 'lottery' }, lists, { sourceOfFundsId: 'unknown' }],
    ['an id of another list', { ...answers, purposeOfAccountId: 'salary' }, lists, { purposeOfAccountId: 'unknown' }],
    ['lists not known: any answer', { ...answers, estimatedMonthlyDepositId: 'whatever' }, null, {}],
    ['an empty list refuses nothing', { ...answers, occupationId: 'pilot' }, { ...lists, occupations: [] }, {}],
    ['lists not known: still required', { ...answers, occupationId: '' }, undefined, { occupationId: 'required' }],
  ] as const)('%s', (_name, values, given, expected) => {
    expect(kycQuestionProblems(values, given)).toEqual(expected);
  });

  it('the answers are sent trimmed', () => {
    expect(kycQuestionsPayload({ ...answers, occupationId: ' employee ' })).toEqual(answers);
  });
});

const TODAY = '2026-11-24';
const person: PersonalInfoValues = {
  firstName: 'Ana',
  lastName: 'Demo',
  birthDay: '1990-04-12',
  residenceCountryCode: 'RO',
  'address.countryCode': 'RO',
  'address.stateCode': '',
  'address.city': 'Bucharest',
  'address.street': 'Strada Lipscani 12',
  'address.postalCode': '030031',
};
const with_ = (over: Partial<PersonalInfoValues>): PersonalInfoValues => ({ ...person, ...over });

describe('personalInfoProblems', () => {
  it.each([
    ['all fine', person, [], {}],
    [
      'all empty',
      emptyPersonalInfo(),
      [],
      {
        firstName: 'required',
        lastName: 'required',
        birthDay: 'required',
        residenceCountryCode: 'required',
        'address.countryCode': 'required',
        'address.city': 'required',
        'address.street': 'required',
        'address.postalCode': 'required',
      },
    ],
    ['a name of spaces', with_({ firstName: '   ' }), [], { firstName: 'required' }],
    ['a name of 1 character', with_({ lastName: 'X' }), [], {}],
    ['a name of 100 characters', with_({ firstName: 'a'.repeat(100) }), [], {}],
    ['a name of 101 characters', with_({ lastName: 'a'.repeat(101) }), [], { lastName: 'tooLong' }],
    ['a date not a date', with_({ birthDay: '12.04.1990' }), [], { birthDay: 'format' }],
    ['a date that does not exist', with_({ birthDay: '1990-02-30' }), [], { birthDay: 'format' }],
    ['born tomorrow', with_({ birthDay: '2026-11-25' }), [], { birthDay: 'future' }],
    ['born today', with_({ birthDay: TODAY }), [], { birthDay: 'tooYoung' }],
    ['18 tomorrow', with_({ birthDay: '2008-11-25' }), [], { birthDay: 'tooYoung' }],
    ['18 today', with_({ birthDay: '2008-11-24' }), [], {}],
    ['no country of residence', with_({ residenceCountryCode: '' }), [], { residenceCountryCode: 'required' }],
    ['a country code in lower case', with_({ residenceCountryCode: 'ro' }), [], { residenceCountryCode: 'required' }],
    ['no country of the address', with_({ 'address.countryCode': '' }), ['AL'], { 'address.countryCode': 'required' }],
    ['a country with states: none chosen', with_({ 'address.countryCode': 'US' }), ['CA', 'NY'], { 'address.stateCode': 'required' }],
    ['a country with states: another country’s', with_({ 'address.countryCode': 'US', 'address.stateCode': 'ON' }), ['CA', 'NY'], { 'address.stateCode': 'required' }],
    ['a country with states: one of them', with_({ 'address.countryCode': 'US', 'address.stateCode': 'NY' }), ['CA', 'NY'], {}],
    ['no city', with_({ 'address.city': ' ' }), [], { 'address.city': 'required' }],
    ['a city of 101 characters', with_({ 'address.city': 'c'.repeat(101) }), [], { 'address.city': 'tooLong' }],
    ['no street', with_({ 'address.street': '' }), [], { 'address.street': 'required' }],
    ['a street of 200 characters', with_({ 'address.street': 's'.repeat(200) }), [], {}],
    ['a street of 201 characters', with_({ 'address.street': 's'.repeat(201) }), [], { 'address.street': 'tooLong' }],
    ['no postal code', with_({ 'address.postalCode': '' }), [], { 'address.postalCode': 'required' }],
    ['a postal code of 1 character', with_({ 'address.postalCode': '1' }), [], { 'address.postalCode': 'postalCode' }],
    ['a postal code of 2 characters', with_({ 'address.postalCode': '12' }), [], {}],
    ['a postal code of 12 characters', with_({ 'address.postalCode': 'SW1A 1AA 123' }), [], {}],
    ['a postal code of 13 characters', with_({ 'address.postalCode': '1234567890123' }), [], { 'address.postalCode': 'postalCode' }],
  ] as const)('%s', (_name, values, stateCodes, expected) => {
    expect(personalInfoProblems(values, { today: TODAY, stateCodes })).toEqual(expected);
  });

  it('without states known, any state (or none) is taken', () => {
    expect(personalInfoProblems(with_({ 'address.countryCode': 'US' }), { today: TODAY })).toEqual({});
  });
});

describe('the personal data and the answers from the customer info, and as sent', () => {
  const info: KycCustomerInfo = {
    firstName: 'Ana',
    lastName: 'Demo',
    birthDay: null,
    residenceCountryCode: 'RO',
    address: { countryCode: 'US', stateCode: 'NY', city: 'New York', street: '5th Avenue 1', postalCode: '10001' },
    occupationId: 'employee',
    sourceOfFundsId: null,
    purposeOfAccountId: null,
    estimatedMonthlyDepositId: 'upTo1k',
  };

  it('prefilled (missing ones empty); nothing known: all empty', () => {
    expect(personalInfoValuesOf(info)).toEqual({
      firstName: 'Ana',
      lastName: 'Demo',
      birthDay: '',
      residenceCountryCode: 'RO',
      'address.countryCode': 'US',
      'address.stateCode': 'NY',
      'address.city': 'New York',
      'address.street': '5th Avenue 1',
      'address.postalCode': '10001',
    });
    expect(personalInfoValuesOf(null)).toEqual(emptyPersonalInfo());
    expect(kycQuestionValuesOf(info)).toEqual({ occupationId: 'employee', sourceOfFundsId: '', purposeOfAccountId: '', estimatedMonthlyDepositId: 'upTo1k' });
    expect(kycQuestionValuesOf(null)).toEqual(emptyKycQuestions());
  });

  it('another country clears the state; the same country or another field keeps it', () => {
    const values = personalInfoValuesOf(info);
    expect(changePersonalInfo(values, 'address.countryCode', 'RO')).toMatchObject({ 'address.countryCode': 'RO', 'address.stateCode': '' });
    expect(changePersonalInfo(values, 'address.countryCode', 'US')['address.stateCode']).toBe('NY');
    expect(changePersonalInfo(values, 'address.city', 'Albany')).toMatchObject({ 'address.city': 'Albany', 'address.stateCode': 'NY' });
  });

  it('sent trimmed, the address grouped, no state as null', () => {
    expect(personalInfoPayload(with_({ firstName: ' Ana ', 'address.postalCode': ' 030031 ' }))).toEqual({
      firstName: 'Ana',
      lastName: 'Demo',
      birthDay: '1990-04-12',
      residenceCountryCode: 'RO',
      address: { countryCode: 'RO', stateCode: null, city: 'Bucharest', street: 'Strada Lipscani 12', postalCode: '030031' },
    });
    expect(personalInfoPayload(with_({ 'address.countryCode': 'US', 'address.stateCode': 'NY' })).address.stateCode).toBe('NY');
  });
});

describe('due diligence', () => {
  it.each([
    ['level 1 (standard): the source of funds', 1, [110]],
    ['level 4 (enhanced): source of funds, source of wealth and a bank statement', 4, [110, 112, 21]],
    ['level 0: nothing', 0, []],
    ['level 2: nothing', 2, []],
    ['no level', null, []],
  ] as const)('%s', (_name, level, expected) => {
    expect(dueDiligenceRequirements(level)).toEqual(expected);
  });

  const doc = (statusId: number | null, required = true) => ({ documentTypeId: 110, name: 'Proof of the source of funds', required, statusId });

  it.each([
    ['none uploaded', doc(null), true],
    ['submitted (waiting for review)', doc(0), false],
    ['under investigation', doc(31), false],
    ['pending', doc(41), false],
    ['confirmed', doc(2), false],
    ['rejected', doc(26), true],
    ['name mismatch', doc(64), true],
    ['cancelled', doc(4), true],
    ['deleted', doc(5), true],
    ['expired', doc(38), true],
    ['not required, none uploaded', doc(null, false), false],
  ] as const)('%s: still needed %s', (_name, given, needed) => {
    expect(dueDiligenceDocumentsNeeded([given])).toEqual(needed ? [given] : []);
  });

  it('keeps the order of the list', () => {
    const docs = [
      { ...doc(null), documentTypeId: 110 },
      { ...doc(0), documentTypeId: 112 },
      { ...doc(26), documentTypeId: 21 },
    ];
    expect(dueDiligenceDocumentsNeeded(docs).map((d) => d.documentTypeId)).toEqual([110, 21]);
  });
});
