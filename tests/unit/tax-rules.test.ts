// @vitest-environment node
import {
  GENERIC_TIN,
  UNKNOWN_COUNTRY,
  hasUsIndicia,
  missingReasonsFor,
  reportsUnderCrs,
  taxIdPayload,
  taxIdProblems,
  taxReferenceOf,
  tinOf,
  usFormsRequired,
  type TaxIdRow,
  type TaxReferenceTable,
} from '@machines/certification/tax.rules';

/** A small table (the sandbox's is larger): a country requiring both TINs, one requiring only the business one, one without CRS. */
const table: TaxReferenceTable = {
  DE: { tinPersonal: { name: 'Steuerliche Identifikationsnummer', shortName: 'IdNr', required: true }, tinBusiness: { name: 'Steuernummer', shortName: 'StNr', required: true }, crs: true },
  AE: { tinPersonal: { name: 'Tax Registration Number', shortName: 'TRN', required: false }, tinBusiness: { name: 'Tax Registration Number', shortName: 'TRN', required: true }, crs: true },
  US: { tinPersonal: { name: 'Social Security Number', shortName: 'SSN', required: true }, tinBusiness: { name: 'Employer Identification Number', shortName: 'EIN', required: true }, crs: false },
};

const row = (over: Partial<TaxIdRow> = {}): TaxIdRow => ({ countryCode: 'DE', taxId: '', tinMissingReason: null, tinMissingExplanation: '', ...over });

describe('the tax reference table (002 s3)', () => {
  it.each([
    ['DE', table.DE],
    ['de', table.DE],
    [' us ', table.US],
    ['ZZ', UNKNOWN_COUNTRY],
    ['', UNKNOWN_COUNTRY],
    [null, UNKNOWN_COUNTRY],
  ] as const)('country %j', (code, expected) => {
    expect(taxReferenceOf(table, code)).toEqual(expected);
  });

  it('an unknown country: not required, a generic TIN, crs false', () => {
    expect(UNKNOWN_COUNTRY).toEqual({ tinPersonal: GENERIC_TIN, tinBusiness: GENERIC_TIN, crs: false });
    expect(GENERIC_TIN.required).toBe(false);
  });

  it.each([
    ['DE', 'personal', 'IdNr', true],
    ['DE', 'business', 'StNr', true],
    ['AE', 'personal', 'TRN', false],
    ['AE', 'business', 'TRN', true],
    ['ZZ', 'personal', 'TIN', false],
    ['ZZ', 'business', 'TIN', false],
  ] as const)('%s %s: %s, required %s (personal and business separately, 002 s5)', (code, kind, shortName, required) => {
    expect(tinOf(table, code, kind)).toMatchObject({ shortName, required });
  });

  it.each([
    ['DE', 'personal', ['notIssued', 'cannotObtain']],
    ['AE', 'personal', ['notIssued', 'cannotObtain', 'notRequired']],
    ['AE', 'business', ['notIssued', 'cannotObtain']],
    ['ZZ', 'business', ['notIssued', 'cannotObtain', 'notRequired']],
  ] as const)('missing reasons offered for %s %s', (code, kind, reasons) => {
    expect(missingReasonsFor(table, code, kind)).toEqual(reasons);
  });

  it.each([
    [['US'], false],
    [['US', 'DE'], true],
    [['ZZ'], false],
    [[], false],
  ])('CRS reporting for %j: %s', (codes, expected) => {
    expect(reportsUnderCrs(codes.map((countryCode) => ({ countryCode })), table)).toBe(expected);
  });
});

describe('tax id problems (002 s5)', () => {
  it.each([
    ['a tax id', [row({ taxId: '12 345/678-9.0' })], 'personal', [{}]],
    ['a tax id of 2 characters', [row({ taxId: 'A1' })], 'personal', [{}]],
    ['a tax id of 1 character', [row({ taxId: 'A' })], 'personal', [{ taxId: 'taxIdFormat' }]],
    ['a tax id of 41 characters', [row({ taxId: '1'.repeat(41) })], 'personal', [{ taxId: 'taxIdFormat' }]],
    ['a tax id with other signs', [row({ taxId: '12#45' })], 'personal', [{ taxId: 'taxIdFormat' }]],
    ['a tax id with a reason too (ignored)', [row({ taxId: '12345', tinMissingReason: 'notRequired' })], 'personal', [{}]],
    ['no country', [row({ countryCode: '', taxId: '12345' })], 'personal', [{ countryCode: 'countryRequired' }]],
    ['a country twice', [row({ taxId: '12345' }), row({ countryCode: 'de', taxId: '999' })], 'personal', [{}, { countryCode: 'countryTwice' }]],
    ['no tax id and no reason', [row()], 'personal', [{ tinMissingReason: 'reasonRequired' }]],
    ['the country does not issue one', [row({ tinMissingReason: 'notIssued' })], 'personal', [{}]],
    ['"no TIN required" where it is required', [row({ tinMissingReason: 'notRequired' })], 'personal', [{ tinMissingReason: 'reasonNotAllowed' }]],
    ['"no TIN required" where it is not (personal AE)', [row({ countryCode: 'AE', tinMissingReason: 'notRequired' })], 'personal', [{}]],
    ['"no TIN required" for a business in AE (required there)', [row({ countryCode: 'AE', tinMissingReason: 'notRequired' })], 'business', [{ tinMissingReason: 'reasonNotAllowed' }]],
    ['"no TIN required" in an unknown country', [row({ countryCode: 'ZZ', tinMissingReason: 'notRequired' })], 'business', [{}]],
    ['cannot be obtained, no explanation', [row({ tinMissingReason: 'cannotObtain', tinMissingExplanation: '  ' })], 'personal', [{ tinMissingExplanation: 'explanationRequired' }]],
    ['cannot be obtained, explained', [row({ tinMissingReason: 'cannotObtain', tinMissingExplanation: 'Applied for it; the office takes 3 months.' })], 'personal', [{}]],
    ['cannot be obtained, 500 characters', [row({ tinMissingReason: 'cannotObtain', tinMissingExplanation: 'x'.repeat(500) })], 'personal', [{}]],
    ['cannot be obtained, 501 characters', [row({ tinMissingReason: 'cannotObtain', tinMissingExplanation: 'x'.repeat(501) })], 'personal', [{ tinMissingExplanation: 'explanationTooLong' }]],
    ['an empty reason string counts as none', [row({ tinMissingReason: '' })], 'personal', [{ tinMissingReason: 'reasonRequired' }]],
    ['no country and no tax id', [row({ countryCode: '' })], 'personal', [{ countryCode: 'countryRequired', tinMissingReason: 'reasonRequired' }]],
  ] as const)('%s', (_name, rows, kind, expected) => {
    expect(taxIdProblems(rows, table, kind)).toEqual(expected);
  });
});

describe('a tax residence as sent (only non-null values)', () => {
  it.each([
    [row({ countryCode: ' de ', taxId: ' 12345 ', tinMissingReason: 'notIssued', tinMissingExplanation: 'x' }), { countryCode: 'DE', taxId: '12345' }],
    [row({ tinMissingReason: 'notIssued', tinMissingExplanation: 'left over' }), { countryCode: 'DE', tinMissingReason: 'notIssued' }],
    [row({ tinMissingReason: 'cannotObtain', tinMissingExplanation: ' In progress ' }), { countryCode: 'DE', tinMissingReason: 'cannotObtain', tinMissingExplanation: 'In progress' }],
    [row({ tinMissingReason: 'cannotObtain', tinMissingExplanation: '' }), { countryCode: 'DE', tinMissingReason: 'cannotObtain' }],
    [row(), { countryCode: 'DE' }],
  ])('%j → %j', (input, expected) => {
    expect(taxIdPayload(input)).toEqual(expected);
  });
});

describe('US forms of a personal certification (FATCA)', () => {
  const facts = (over: Partial<Parameters<typeof usFormsRequired>[0]> = {}) => ({ isUSTaxPayer: false, hasUSIndicia: false, countryOfBirth: 'RO', citizenship: ['RO'], ...over });
  it.each([
    ['no US link', facts(), [], false],
    ['a US taxpayer', facts({ isUSTaxPayer: true }), ['w9'], false],
    ['a US citizen (not ticked as taxpayer)', facts({ citizenship: ['RO', 'us'] }), ['w9'], true],
    ['US indicia ticked (an address, a phone)', facts({ hasUSIndicia: true }), ['w8ben'], true],
    ['born in the US, not a citizen', facts({ countryOfBirth: 'US' }), ['w8ben', 'lossOfNationality'], true],
    ['born in the US and a citizen', facts({ countryOfBirth: 'US', citizenship: ['US'] }), ['w9'], true],
    ['born in the US, a taxpayer', facts({ countryOfBirth: 'US', isUSTaxPayer: true }), ['w9'], true],
    ['no birthplace given, indicia ticked', facts({ countryOfBirth: null, hasUSIndicia: true }), ['w8ben'], true],
  ] as const)('%s', (_name, input, forms, indicia) => {
    expect(usFormsRequired(input)).toEqual(forms);
    expect(hasUsIndicia(input)).toBe(indicia);
  });
});
