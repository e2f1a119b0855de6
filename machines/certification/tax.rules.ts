/**
 * Tax self-certification rules (spec 002 s3 FATCA/CRS certification and Tax reference table,
 * s5 Tax ids), pure and table-tested (tests/unit/tax-rules.test.ts).
 */

/** A country's taxpayer identification number as the tax reference table describes it. */
export interface TinInfo {
  name: string;
  shortName: string;
  required: boolean;
}

/** One country of the tax reference table (002 s3): the personal and business TIN, and whether it exchanges under CRS. */
export interface TaxReference {
  tinPersonal: TinInfo;
  tinBusiness: TinInfo;
  crs: boolean;
}

export type TaxReferenceTable = Readonly<Record<string, TaxReference>>;
export type TaxpayerKind = 'personal' | 'business';

/** An unknown country (002 s3): not required, a generic TIN, crs false. */
export const GENERIC_TIN: TinInfo = { name: 'Taxpayer identification number', shortName: 'TIN', required: false };
export const UNKNOWN_COUNTRY: TaxReference = { tinPersonal: GENERIC_TIN, tinBusiness: GENERIC_TIN, crs: false };

/** A country's entry (upper-cased code), or the unknown country's. */
export const taxReferenceOf = (table: TaxReferenceTable, countryCode: string | null | undefined): TaxReference =>
  (countryCode ? table[countryCode.trim().toUpperCase()] : undefined) ?? UNKNOWN_COUNTRY;

/** The TIN a personal or business taxpayer of the country gives (the requirement follows the table, each kind separately: 002 s5). */
export const tinOf = (table: TaxReferenceTable, countryCode: string | null | undefined, kind: TaxpayerKind): TinInfo =>
  kind === 'personal' ? taxReferenceOf(table, countryCode).tinPersonal : taxReferenceOf(table, countryCode).tinBusiness;

/**
 * Why a tax id is missing (002 s5): the country does not issue one; one cannot be obtained (with
 * an explanation); no TIN is required (only where the table says so).
 */
export const TIN_MISSING_REASONS = ['notIssued', 'cannotObtain', 'notRequired'] as const;
export type TinMissingReason = (typeof TIN_MISSING_REASONS)[number];

/** The reasons offered for a country: "no TIN required" only where its TIN is not required. */
export function missingReasonsFor(table: TaxReferenceTable, countryCode: string | null | undefined, kind: TaxpayerKind): TinMissingReason[] {
  return tinOf(table, countryCode, kind).required ? ['notIssued', 'cannotObtain'] : [...TIN_MISSING_REASONS];
}

/** One tax residence of the certification (002 s3 taxIds). */
export interface TaxIdRow {
  countryCode: string;
  taxId: string;
  tinMissingReason: TinMissingReason | '' | null;
  tinMissingExplanation: string;
}

export type TaxIdField = keyof TaxIdRow;
export type TaxIdProblem = 'countryRequired' | 'countryTwice' | 'taxIdFormat' | 'reasonRequired' | 'reasonNotAllowed' | 'explanationRequired' | 'explanationTooLong';

export const TAX_ID_MAX = 40;
export const EXPLANATION_MAX = 500;
const TAX_ID_PATTERN = /^[A-Za-z0-9 ./-]{2,40}$/;

/**
 * What is wrong with each tax residence: a country, once; a tax id (2–40 letters, digits, spaces,
 * dots, slashes, dashes) or, without one, a reason the country allows; "cannot be obtained" needs
 * an explanation (at most 500 characters). A reason given with a tax id is ignored.
 */
export function taxIdProblems(rows: readonly TaxIdRow[], table: TaxReferenceTable, kind: TaxpayerKind): Partial<Record<TaxIdField, TaxIdProblem>>[] {
  return rows.map((row, index) => {
    const problems: Partial<Record<TaxIdField, TaxIdProblem>> = {};
    const code = row.countryCode.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) problems.countryCode = 'countryRequired';
    else if (rows.slice(0, index).some((other) => other.countryCode.trim().toUpperCase() === code)) problems.countryCode = 'countryTwice';
    const taxId = row.taxId.trim();
    if (taxId) {
      if (!TAX_ID_PATTERN.test(taxId)) problems.taxId = 'taxIdFormat';
      return problems;
    }
    const reason = row.tinMissingReason || null;
    if (!reason) problems.tinMissingReason = 'reasonRequired';
    else if (!missingReasonsFor(table, code, kind).includes(reason)) problems.tinMissingReason = 'reasonNotAllowed';
    else if (reason === 'cannotObtain') {
      const explanation = row.tinMissingExplanation.trim();
      if (!explanation) problems.tinMissingExplanation = 'explanationRequired';
      else if (explanation.length > EXPLANATION_MAX) problems.tinMissingExplanation = 'explanationTooLong';
    }
    return problems;
  });
}

/** A tax residence as it is sent: a tax id, or the reason (and an explanation only for "cannot be obtained"); only non-null values. */
export function taxIdPayload(row: TaxIdRow): { countryCode: string; taxId?: string; tinMissingReason?: TinMissingReason; tinMissingExplanation?: string } {
  const countryCode = row.countryCode.trim().toUpperCase();
  const taxId = row.taxId.trim();
  if (taxId) return { countryCode, taxId };
  const reason = row.tinMissingReason || undefined;
  return {
    countryCode,
    ...(reason ? { tinMissingReason: reason } : {}),
    ...(reason === 'cannotObtain' && row.tinMissingExplanation.trim() ? { tinMissingExplanation: row.tinMissingExplanation.trim() } : {}),
  };
}

/** Whether any residence reports under CRS (the table's crs flag). */
export const reportsUnderCrs = (rows: readonly Pick<TaxIdRow, 'countryCode'>[], table: TaxReferenceTable): boolean => rows.some((row) => taxReferenceOf(table, row.countryCode).crs);

// ---- the US forms of a personal certification (FATCA) ------------------------------------------------

export type UsForm = 'w9' | 'w8ben' | 'lossOfNationality';
/** Every US form a certification may ask for: the personal ones, and a company's W-8BEN-E (its W-9 is the same form). */
export type CertificationForm = UsForm | 'w8bene';

export interface PersonalUsFacts {
  isUSTaxPayer: boolean;
  hasUSIndicia: boolean;
  countryOfBirth: string | null;
  citizenship: readonly string[];
}

const isUs = (code: string | null | undefined): boolean => (code ?? '').trim().toUpperCase() === 'US';

/** US indicia (FATCA): ticked, or a US citizenship or US birthplace (which count even when not ticked). */
export const hasUsIndicia = (facts: Pick<PersonalUsFacts, 'hasUSIndicia' | 'countryOfBirth' | 'citizenship'>): boolean =>
  facts.hasUSIndicia || isUs(facts.countryOfBirth) || facts.citizenship.some(isUs);

/**
 * The US forms a personal certification asks for (decision, FATCA practice): a US taxpayer or US
 * citizen signs a W-9; anyone else with US indicia signs a W-8BEN, and someone born in the United
 * States without US citizenship also gives the certificate of loss of nationality.
 */
export function usFormsRequired(facts: PersonalUsFacts): UsForm[] {
  if (facts.isUSTaxPayer || facts.citizenship.some(isUs)) return ['w9'];
  if (!hasUsIndicia(facts)) return [];
  return isUs(facts.countryOfBirth) ? ['w8ben', 'lossOfNationality'] : ['w8ben'];
}
