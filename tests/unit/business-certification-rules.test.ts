// @vitest-environment node
import {
  asksDisregardedEntity,
  businessProblems,
  businessUsFormsRequired,
  controllingPersonPayload,
  emptyQuestions,
  entityTypeOf,
  hasBusinessProblems,
  hasTaxIdProblems,
  needsControllingPersons,
  personProblems,
  questionProblems,
  questionsAsked,
  questionsPayload,
  type BusinessQuestions,
  type ControllingPerson,
} from '@machines/certification/business.rules';
import type { TaxReferenceTable } from '@machines/certification/tax.rules';

const TODAY = '2026-11-26';
const table: TaxReferenceTable = {
  RO: { tinPersonal: { name: 'Cod numeric personal', shortName: 'CNP', required: true }, tinBusiness: { name: 'Cod de identificare fiscală', shortName: 'CIF', required: true }, crs: true },
  AE: { tinPersonal: { name: 'Tax Registration Number', shortName: 'TRN', required: false }, tinBusiness: { name: 'Tax Registration Number', shortName: 'TRN', required: true }, crs: true },
};
const q = (over: Partial<BusinessQuestions> = {}): BusinessQuestions => ({ ...emptyQuestions(), ...over });
const nonFinancial = { isFinancialInstitution: false, isUsingClientFunds: false, isManagedByFinancialInstitution: false } as const;
const passive = q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false, isEarnPassiveIncome: true });
const person = (over: Partial<ControllingPerson> = {}): ControllingPerson => ({
  firstName: 'Ioana',
  lastName: 'Marin',
  dateOfBirth: '1979-04-02',
  countryOfBirth: 'RO',
  controlType: 'ownership',
  taxIds: [{ countryCode: 'RO', taxId: '2790402123456', tinMissingReason: null, tinMissingExplanation: '' }],
  ...over,
});
const companyResidence = [{ countryCode: 'RO', taxId: 'RO12345678', tinMissingReason: null, tinMissingExplanation: '' }];

describe('the questions asked, in order (002 s3 questions)', () => {
  it.each([
    ['nothing answered: the first question only', q(), ['isFinancialInstitution']],
    ['a financial institution: its GIIN or why none', q({ isFinancialInstitution: true }), ['isFinancialInstitution', 'giin', 'giinMissingReason']],
    ['a financial institution with a GIIN: no reason asked', q({ isFinancialInstitution: true, giin: 'ABC123.00000.LE.642' }), ['isFinancialInstitution', 'giin']],
    ['not a financial institution: client funds next', q({ isFinancialInstitution: false }), ['isFinancialInstitution', 'isUsingClientFunds']],
    ['client funds: a custodial institution, its GIIN', q({ isFinancialInstitution: false, isUsingClientFunds: true }), ['isFinancialInstitution', 'isUsingClientFunds', 'giin', 'giinMissingReason']],
    ['no client funds: managed by a financial institution next', q({ isFinancialInstitution: false, isUsingClientFunds: false }), ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution']],
    [
      'managed by one: an investment entity, its GIIN',
      q({ isFinancialInstitution: false, isUsingClientFunds: false, isManagedByFinancialInstitution: true }),
      ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution', 'giin', 'giinMissingReason'],
    ],
    ['not financial: publicly traded next', q(nonFinancial), ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution', 'isPubliclyTraded']],
    [
      'publicly traded: the market and the ticker',
      q({ ...nonFinancial, isPubliclyTraded: true }),
      ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution', 'isPubliclyTraded', 'companySecurityMarket', 'companyTicket'],
    ],
    [
      'not traded: owned by a listed company next',
      q({ ...nonFinancial, isPubliclyTraded: false }),
      ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution', 'isPubliclyTraded', 'isOwnPubliclyTradedCompany'],
    ],
    [
      'owned by a listed company: its name, market and ticker',
      q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: true }),
      [
        'isFinancialInstitution',
        'isUsingClientFunds',
        'isManagedByFinancialInstitution',
        'isPubliclyTraded',
        'isOwnPubliclyTradedCompany',
        'companyOwnedByYouName',
        'companyOwnedByYouSecurityMarket',
        'companyOwnedByYouTicket',
      ],
    ],
    [
      'not owned by one: passive income last',
      q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false }),
      ['isFinancialInstitution', 'isUsingClientFunds', 'isManagedByFinancialInstitution', 'isPubliclyTraded', 'isOwnPubliclyTradedCompany', 'isEarnPassiveIncome'],
    ],
    ['a later answer left from before is not asked once an earlier answer closes it', q({ isFinancialInstitution: true, isPubliclyTraded: true, companyTicket: 'X' }), ['isFinancialInstitution', 'giin', 'giinMissingReason']],
  ] as const)('%s', (_name, questions, asked) => {
    expect(questionsAsked(questions)).toEqual(asked);
  });
});

describe('the entity type the answers give (002 s3 entityType)', () => {
  it.each([
    ['unanswered', q(), null],
    ['a financial institution', q({ isFinancialInstitution: true }), 'financialInstitution'],
    ['client funds', q({ isFinancialInstitution: false, isUsingClientFunds: true }), 'financialInstitution'],
    ['managed by a financial institution', q({ isFinancialInstitution: false, isUsingClientFunds: false, isManagedByFinancialInstitution: true }), 'financialInstitution'],
    ['client funds not answered yet', q({ isFinancialInstitution: false }), null],
    ['not financial, traded not answered', q(nonFinancial), null],
    ['listed', q({ ...nonFinancial, isPubliclyTraded: true }), 'listedEntity'],
    ['owned-by not answered', q({ ...nonFinancial, isPubliclyTraded: false }), null],
    ['related to a listed company', q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: true }), 'relatedEntity'],
    ['passive income not answered', q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false }), null],
    ['passive income', passive, 'passiveNfe'],
    ['active', q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false, isEarnPassiveIncome: false }), 'activeNfe'],
  ] as const)('%s → %s', (_name, questions, type) => {
    expect(entityTypeOf(questions)).toBe(type);
    expect(needsControllingPersons(questions)).toBe(type === 'passiveNfe');
  });
});

describe('the US forms of a business (FATCA)', () => {
  it.each([
    ['a US taxpayer signs a W-9, whatever else', true, q({ isFinancialInstitution: true }), ['w9']],
    ['a foreign financial institution: W-8BEN-E', false, q({ isFinancialInstitution: true }), ['w8bene']],
    ['a passive NFE: W-8BEN-E', false, passive, ['w8bene']],
    ['a listed entity: none', false, q({ ...nonFinancial, isPubliclyTraded: true }), []],
    ['a related entity: none', false, q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: true }), []],
    ['an active NFE: none', false, q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false, isEarnPassiveIncome: false }), []],
    ['not classified yet: none', false, q(), []],
  ] as const)('%s', (_name, isUSTaxPayer, questions, forms) => {
    expect(businessUsFormsRequired(isUSTaxPayer, questions)).toEqual(forms);
  });

  it('the disregarded-entity question is asked of a US taxpayer only', () => {
    expect(asksDisregardedEntity(true)).toBe(true);
    expect(asksDisregardedEntity(false)).toBe(false);
  });
});

describe('question problems', () => {
  it.each([
    ['the first question unanswered', q(), { isFinancialInstitution: 'answerRequired' }],
    ['a financial institution without GIIN or reason', q({ isFinancialInstitution: true }), { giinMissingReason: 'giinOrReason' }],
    ['a reason instead of the GIIN', q({ isFinancialInstitution: true, giinMissingReason: 'applied' }), {}],
    ['a GIIN in lower case is read in capitals', q({ isFinancialInstitution: true, giin: ' abc123.00000.le.642 ' }), {}],
    ['a GIIN with one character short', q({ isFinancialInstitution: true, giin: 'ABC12.00000.LE.642' }), { giin: 'giinFormat' }],
    ['a GIIN without dots', q({ isFinancialInstitution: true, giin: 'ABC12300000LE642' }), { giin: 'giinFormat' }],
    ['a GIIN with digits for the category', q({ isFinancialInstitution: true, giin: 'ABC123.00000.12.642' }), { giin: 'giinFormat' }],
    ['listed without market and ticker', q({ ...nonFinancial, isPubliclyTraded: true }), { companySecurityMarket: 'required', companyTicket: 'required' }],
    ['listed with market and ticker', q({ ...nonFinancial, isPubliclyTraded: true, companySecurityMarket: 'Bucharest Stock Exchange', companyTicket: 'tlv' }), {}],
    ['a ticker of 12 characters', q({ ...nonFinancial, isPubliclyTraded: true, companySecurityMarket: 'BVB', companyTicket: 'ABCDEFGHIJKL' }), {}],
    ['a ticker of 13 characters', q({ ...nonFinancial, isPubliclyTraded: true, companySecurityMarket: 'BVB', companyTicket: 'ABCDEFGHIJKLM' }), { companyTicket: 'tickerFormat' }],
    ['a ticker with a space', q({ ...nonFinancial, isPubliclyTraded: true, companySecurityMarket: 'BVB', companyTicket: 'A B' }), { companyTicket: 'tickerFormat' }],
    ['a market of 101 characters', q({ ...nonFinancial, isPubliclyTraded: true, companySecurityMarket: 'm'.repeat(101), companyTicket: 'TLV' }), { companySecurityMarket: 'tooLong' }],
    [
      'owned by a listed company, nothing about it',
      q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: true }),
      { companyOwnedByYouName: 'required', companyOwnedByYouSecurityMarket: 'required', companyOwnedByYouTicket: 'required' },
    ],
    [
      'owned by a listed company with a name of 101 characters',
      q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: true, companyOwnedByYouName: 'n'.repeat(101), companyOwnedByYouSecurityMarket: 'LSE', companyOwnedByYouTicket: 'VOD' }),
      { companyOwnedByYouName: 'tooLong' },
    ],
    ['passive income unanswered', q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false }), { isEarnPassiveIncome: 'answerRequired' }],
  ] as const)('%s', (_name, questions, expected) => {
    expect(questionProblems(questions)).toEqual(expected);
  });
});

describe('controlling person problems', () => {
  it.each([
    ['all given', person(), {}],
    ['names missing', person({ firstName: ' ', lastName: '' }), { firstName: 'required', lastName: 'required' }],
    ['a name of 101 characters', person({ lastName: 'n'.repeat(101) }), { lastName: 'tooLong' }],
    ['a date written otherwise', person({ dateOfBirth: '02.04.1979' }), { dateOfBirth: 'dateFormat' }],
    ['born tomorrow', person({ dateOfBirth: '2026-11-27' }), { dateOfBirth: 'dateFuture' }],
    ['born today', person({ dateOfBirth: TODAY }), {}],
    ['no date', person({ dateOfBirth: '' }), { dateOfBirth: 'required' }],
    ['no country', person({ countryOfBirth: '' }), { countryOfBirth: 'required' }],
    ['no control type', person({ controlType: null }), { controlType: 'required' }],
  ] as const)('%s', (_name, p, fields) => {
    expect(personProblems(p, table, TODAY).fields).toEqual(fields);
  });

  it('their tax residences follow the personal TIN rules (AE: no TIN required for a person)', () => {
    const p = person({ taxIds: [{ countryCode: 'AE', taxId: '', tinMissingReason: 'notRequired', tinMissingExplanation: '' }] });
    expect(personProblems(p, table, TODAY).taxIds).toEqual([{}]);
    const none = person({ taxIds: [] });
    expect(personProblems(none, table, TODAY).residencesRequired).toBe(true);
  });
});

describe('the whole business certification', () => {
  it('a passive NFE with a controlling person: nothing wrong', () => {
    const problems = businessProblems({ questions: passive, taxIds: companyResidence, controllingPersons: [person()] }, table, TODAY);
    expect(hasBusinessProblems(problems)).toBe(false);
    expect(hasTaxIdProblems(problems)).toBe(false);
  });

  it('a passive NFE without controlling persons', () => {
    const problems = businessProblems({ questions: passive, taxIds: companyResidence, controllingPersons: [] }, table, TODAY);
    expect(problems.controllingPersonsRequired).toBe(true);
    expect(hasBusinessProblems(problems)).toBe(true);
    expect(hasTaxIdProblems(problems)).toBe(false);
  });

  it('an active NFE: controlling persons left from before are not looked at', () => {
    const active = q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false, isEarnPassiveIncome: false });
    const problems = businessProblems({ questions: active, taxIds: companyResidence, controllingPersons: [person({ firstName: '' })] }, table, TODAY);
    expect(problems.persons).toEqual([]);
    expect(hasBusinessProblems(problems)).toBe(false);
  });

  it('the company uses the business TIN rules (AE: a business TIN is required), a person the personal ones', () => {
    const aeWithoutTin = [{ countryCode: 'AE', taxId: '', tinMissingReason: 'notRequired' as const, tinMissingExplanation: '' }];
    const problems = businessProblems({ questions: passive, taxIds: aeWithoutTin, controllingPersons: [person({ taxIds: aeWithoutTin })] }, table, TODAY);
    expect(problems.taxIds).toEqual([{ tinMissingReason: 'reasonNotAllowed' }]);
    expect(problems.persons[0]?.taxIds).toEqual([{}]);
    expect(hasTaxIdProblems(problems)).toBe(true);
  });

  it("a controlling person's tax id refused counts as a tax id problem", () => {
    const problems = businessProblems({ questions: passive, taxIds: companyResidence, controllingPersons: [person({ taxIds: [{ countryCode: 'RO', taxId: '#', tinMissingReason: null, tinMissingExplanation: '' }] })] }, table, TODAY);
    expect(hasTaxIdProblems(problems)).toBe(true);
  });

  it('a question unanswered is a problem but not a tax id problem', () => {
    const problems = businessProblems({ questions: q(), taxIds: companyResidence, controllingPersons: [] }, table, TODAY);
    expect(hasBusinessProblems(problems)).toBe(true);
    expect(hasTaxIdProblems(problems)).toBe(false);
  });
});

describe('as sent', () => {
  it('only the questions asked, trimmed, GIIN and tickers in capitals', () => {
    expect(questionsPayload(q({ isFinancialInstitution: true, giin: ' abc123.00000.le.642 ', isPubliclyTraded: true, companyTicket: 'x' }))).toEqual({
      isFinancialInstitution: true,
      giin: 'ABC123.00000.LE.642',
    });
    expect(questionsPayload(q({ isFinancialInstitution: true, giinMissingReason: 'applied' }))).toEqual({ isFinancialInstitution: true, giinMissingReason: 'applied' });
    expect(questionsPayload(q({ ...nonFinancial, isPubliclyTraded: false, isOwnPubliclyTradedCompany: true, companyOwnedByYouName: ' Vodafone Group ', companyOwnedByYouSecurityMarket: 'LSE', companyOwnedByYouTicket: 'vod' }))).toEqual({
      ...nonFinancial,
      isPubliclyTraded: false,
      isOwnPubliclyTradedCompany: true,
      companyOwnedByYouName: 'Vodafone Group',
      companyOwnedByYouSecurityMarket: 'LSE',
      companyOwnedByYouTicket: 'VOD',
    });
    expect(questionsPayload(q({ ...nonFinancial, isPubliclyTraded: true, companySecurityMarket: '  ', companyTicket: '' }))).toEqual({ ...nonFinancial, isPubliclyTraded: true });
  });

  it('a controlling person: trimmed, each residence with its tax id or reason', () => {
    expect(
      controllingPersonPayload(
        person({ firstName: ' Ioana ', taxIds: [{ countryCode: 'ae', taxId: '', tinMissingReason: 'notRequired', tinMissingExplanation: 'ignored' }] }),
      ),
    ).toEqual({ firstName: 'Ioana', lastName: 'Marin', dateOfBirth: '1979-04-02', countryOfBirth: 'RO', controlType: 'ownership', taxIds: [{ countryCode: 'AE', tinMissingReason: 'notRequired' }] });
  });
});
