import type { HandlerMap } from './handler-types.ts';
import { ok } from './kernel/replies.ts';
import type { AccessRight, AdditionalQuestion, Industry } from '../machines/registration/registration.rules.ts';
import { pickLanguage } from './auth-messages.ts';
import { REFERENCE_TEXTS } from './reference-texts.ts';

/**
 * The reference lists (spec 002 s3 "Reference lists", s7 "Dictionaries"): public methods, one
 * list each, every one asked for in a language (`lang`, which the contract checks). Countries,
 * birth countries, currencies, all currencies and dialects are named by Intl in the requested
 * language; the other lists are written here in English and served in the requested language from
 * sandbox/reference-texts.ts (`inLanguage`; states and date formats are names and codes, kept as
 * they are). The data is made up but realistic; ids are the app's strings (never numeric-looking,
 * so the request rules never turn a chosen id into a number).
 */

interface IdName {
  id: string;
  name: string;
}
interface CodeName {
  code: string;
  name: string;
}

const byName = (lang: string) => (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, lang);
const idNames = (entries: readonly (readonly [string, string])[]): IdName[] => entries.map(([id, name]) => ({ id, name }));

// ---- countries and currencies (the start-up's two lists) ---------------------------------------------

/** The countries the bank serves (named by Intl in the requested language). */
export const COUNTRIES = ['RO', 'ES', 'PT', 'UA', 'GB', 'US', 'DE', 'FR', 'IT', 'MD', 'PL', 'CA', 'AU', 'BR', 'MX', 'JP', 'HK', 'LK', 'IN'];

/** The currencies the bank offers: code, symbol (when it has one) and decimals. */
export const CURRENCIES: readonly (readonly [string, string | undefined, number])[] = [
  ['USD', '$', 2],
  ['EUR', '€', 2],
  ['RON', 'lei', 2],
  ['GBP', '£', 2],
  ['CAD', '$', 2],
  ['AUD', '$', 2],
  ['BTC', undefined, 8],
  ['USDT', undefined, 8],
];

/** Crypto names Intl does not know. */
const CRYPTO_NAMES: Record<string, string> = { BTC: 'Bitcoin', ETH: 'Ether', USDT: 'Tether USD', USDC: 'USD Coin' };

const regionNames = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' });
const currencyNames = (lang: string) => {
  const names = new Intl.DisplayNames([lang], { type: 'currency' });
  return (code: string) => CRYPTO_NAMES[code] ?? names.of(code) ?? code;
};

export function countriesIn(lang: string): CodeName[] {
  const regions = regionNames(lang);
  return COUNTRIES.map((code) => ({ code, name: regions.of(code) ?? code })).sort(byName(lang));
}

export function currenciesIn(lang: string): { code: string; name: string; symbol?: string; decimals: number }[] {
  const name = currencyNames(lang);
  return CURRENCIES.map(([code, symbol, decimals]) => ({ code, name: name(code), ...(symbol ? { symbol } : {}), decimals }));
}

// ---- birth countries ---------------------------------------------------------------------------------

/** ISO 3166-1 countries and territories where people are born (the uninhabited ones left out). */
const BIRTH_COUNTRIES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IQ IR IS IT JE JM ' +
  'JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL ' +
  'TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export function birthCountriesIn(lang: string): CodeName[] {
  const regions = regionNames(lang);
  return BIRTH_COUNTRIES.map((code) => ({ code, name: regions.of(code) ?? code })).sort(byName(lang));
}

// ---- states by country -------------------------------------------------------------------------------

/** States, provinces and territories by country (postal or ISO 3166-2 subdivision codes); other countries have none. */
const STATES: Record<string, readonly (readonly [string, string])[]> = {
  US: [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
    ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
    ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
    ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
    ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
    ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
    ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
    ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
    ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
    ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ],
  CA: [
    ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'], ['NL', 'Newfoundland and Labrador'],
    ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'],
    ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
  ],
  AU: [
    ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'], ['QLD', 'Queensland'],
    ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'], ['WA', 'Western Australia'],
  ],
  BR: [
    ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'],
    ['DF', 'Distrito Federal'], ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'],
    ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'], ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'],
    ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'], ['RN', 'Rio Grande do Norte'], ['RS', 'Rio Grande do Sul'],
    ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'], ['SP', 'São Paulo'], ['SE', 'Sergipe'], ['TO', 'Tocantins'],
  ],
  MX: [
    ['AGU', 'Aguascalientes'], ['BCN', 'Baja California'], ['BCS', 'Baja California Sur'], ['CAM', 'Campeche'],
    ['CHP', 'Chiapas'], ['CHH', 'Chihuahua'], ['CMX', 'Ciudad de México'], ['COA', 'Coahuila'], ['COL', 'Colima'],
    ['DUR', 'Durango'], ['GUA', 'Guanajuato'], ['GRO', 'Guerrero'], ['HID', 'Hidalgo'], ['JAL', 'Jalisco'],
    ['MEX', 'Estado de México'], ['MIC', 'Michoacán'], ['MOR', 'Morelos'], ['NAY', 'Nayarit'], ['NLE', 'Nuevo León'],
    ['OAX', 'Oaxaca'], ['PUE', 'Puebla'], ['QUE', 'Querétaro'], ['ROO', 'Quintana Roo'], ['SLP', 'San Luis Potosí'],
    ['SIN', 'Sinaloa'], ['SON', 'Sonora'], ['TAB', 'Tabasco'], ['TAM', 'Tamaulipas'], ['TLA', 'Tlaxcala'],
    ['VER', 'Veracruz'], ['YUC', 'Yucatán'], ['ZAC', 'Zacatecas'],
  ],
};

export const statesOf = (countryCode: string): CodeName[] =>
  (STATES[countryCode.toUpperCase()] ?? []).map(([code, name]) => ({ code, name })).sort(byName('en'));

// ---- personal data -----------------------------------------------------------------------------------

export const OCCUPATIONS = idNames([
  ['employee', 'Employee (private sector)'],
  ['publicServant', 'Public servant'],
  ['selfEmployed', 'Self-employed or freelancer'],
  ['businessOwner', 'Business owner'],
  ['contentCreator', 'Content creator or performer'],
  ['itProfessional', 'IT professional'],
  ['financeProfessional', 'Finance or accounting professional'],
  ['legalProfessional', 'Legal professional'],
  ['healthcareProfessional', 'Healthcare professional'],
  ['engineer', 'Engineer'],
  ['teacher', 'Teacher or academic'],
  ['military', 'Armed forces'],
  ['student', 'Student'],
  ['retired', 'Retired'],
  ['homemaker', 'Homemaker'],
  ['unemployed', 'Not working'],
  ['otherOccupation', 'Other'],
]);

/**
 * Document types by category (002 s7: document types returns customerDocumentCategories). The ids
 * are the service's numbers (002 s3): categories 1–12, and the document types the upload sends as
 * documentTypeId (4 and 5 have a back; 88 in RU and UA has the registration stamp).
 */
const DOCUMENT_CATEGORIES = [
  {
    id: '1',
    name: 'Proof of identity',
    customerDocumentTypes: idNames([
      ['1', 'Passport'],
      ['4', 'National identity card'],
      ['5', 'Driving licence'],
      ['88', 'Internal passport'],
    ]),
  },
  {
    id: '2',
    name: 'Proof of address',
    customerDocumentTypes: idNames([
      ['20', 'Utility bill (at most 3 months old)'],
      ['21', 'Bank statement (at most 3 months old)'],
      ['22', 'Tax bill or tax assessment'],
      ['23', 'Letter from a government authority'],
      ['24', 'Tenancy agreement'],
    ]),
  },
  { id: '3', name: 'Proof of phone', customerDocumentTypes: idNames([['30', 'Phone bill (at most 3 months old)']]) },
  {
    id: '4',
    name: 'Company registration',
    customerDocumentTypes: idNames([
      ['40', 'Certificate of incorporation'],
      ['41', 'Articles of association'],
      ['42', 'Extract from the company register (at most 6 months old)'],
    ]),
  },
  { id: '5', name: 'Other documents', customerDocumentTypes: idNames([['50', 'Other document'], ['51', 'Proof of payment']]) },
  { id: '6', name: 'Relationship', customerDocumentTypes: idNames([['60', 'Marriage or partnership certificate']]) },
  { id: '7', name: 'Business address', customerDocumentTypes: idNames([['70', 'Proof of the business address']]) },
  { id: '8', name: 'Registered address', customerDocumentTypes: idNames([['80', 'Proof of the registered address']]) },
  { id: '9', name: 'Control', customerDocumentTypes: idNames([['90', 'Register of shareholders'], ['91', 'Register of directors']]) },
  { id: '10', name: 'Business additional documents', customerDocumentTypes: idNames([['100', 'Business plan'], ['101', 'Contracts with clients']]) },
  {
    id: '11',
    name: 'Source of wealth',
    customerDocumentTypes: idNames([
      ['110', 'Payslip'],
      ['111', 'Tax return'],
      ['112', 'Savings or investment statement'],
      ['113', 'Contract of sale (property, shares, a business)'],
      ['114', 'Inheritance or gift document'],
    ]),
  },
  { id: '12', name: 'Residence permit', customerDocumentTypes: idNames([['120', 'Residence permit']]) },
];

/** The document types of a category (002 s3), as the upload sends them (documentTypeId); none for an unknown category. */
export const documentTypeIdsOf = (categoryId: number): number[] =>
  (DOCUMENT_CATEGORIES.find((category) => Number(category.id) === categoryId)?.customerDocumentTypes ?? []).map((type) => Number(type.id));

/** The documents that prove an address (category 2's types), by the same numbers. */
const ADDRESS_DOCUMENTS = DOCUMENT_CATEGORIES[1]!.customerDocumentTypes;

/** Address documents only some countries accept. */
const ADDRESS_DOCUMENTS_BY_COUNTRY: Record<string, IdName[]> = {
  US: idNames([['25', "State ID or driver's license showing the address"]]),
  GB: idNames([['26', 'Council tax bill']]),
  ES: idNames([['27', 'Certificate of registration (empadronamiento)']]),
  RO: idNames([['28', 'Identity card showing the address']]),
  MD: idNames([['28', 'Identity card showing the address']]),
};

export const addressDocumentsOf = (countryCode: string | undefined): IdName[] => [
  ...ADDRESS_DOCUMENTS,
  ...(countryCode ? (ADDRESS_DOCUMENTS_BY_COUNTRY[countryCode.toUpperCase()] ?? []) : []),
];

// ---- sources of funds, purposes of account, deposits ------------------------------------------------

export const PERSONAL_SOURCES_OF_FUNDS = idNames([
  ['salary', 'Salary or wages'],
  ['selfEmploymentIncome', 'Self-employment income'],
  ['savings', 'Savings'],
  ['investments', 'Investments and dividends'],
  ['pension', 'Pension'],
  ['inheritance', 'Inheritance'],
  ['gift', 'Gift'],
  ['saleOfProperty', 'Sale of property'],
  ['otherSource', 'Other'],
]);
export const BUSINESS_SOURCES_OF_FUNDS = idNames([
  ['revenue', 'Revenue from sales and services'],
  ['shareCapital', 'Share capital'],
  ['shareholderLoans', 'Loans from shareholders'],
  ['bankLoans', 'Bank loans'],
  ['investorFunding', 'Investor funding'],
  ['saleOfAssets', 'Sale of assets'],
  ['grants', 'Grants and subsidies'],
  ['otherSource', 'Other'],
]);
const EMPLOYEE_SOURCES_OF_FUNDS = idNames([
  ['salary', 'Salary or wages'],
  ['dividends', 'Dividends from the company'],
  ['savings', 'Savings'],
  ['investments', 'Investments'],
  ['inheritance', 'Inheritance'],
  ['saleOfProperty', 'Sale of property'],
  ['otherSource', 'Other'],
]);

export const PERSONAL_PURPOSES = idNames([
  ['everydaySpending', 'Everyday spending'],
  ['receiveIncome', 'Receiving my income'],
  ['savings', 'Savings'],
  ['sendToFamily', 'Sending money to family and friends'],
  ['onlineShopping', 'Online shopping'],
  ['travel', 'Travel'],
  ['investing', 'Investing'],
]);
export const BUSINESS_PURPOSES = idNames([
  ['customerPayments', 'Receiving payments from customers'],
  ['supplierPayments', 'Paying suppliers'],
  ['payroll', 'Paying employees and contractors'],
  ['massPayouts', 'Mass payouts'],
  ['internationalTrade', 'International trade'],
  ['treasury', 'Treasury and savings'],
]);

export const ESTIMATED_MONTHLY_DEPOSITS = idNames([
  ['upTo1k', 'Up to 1,000 USD'],
  ['from1kTo5k', '1,000 – 5,000 USD'],
  ['from5kTo25k', '5,000 – 25,000 USD'],
  ['from25kTo100k', '25,000 – 100,000 USD'],
  ['over100k', 'Over 100,000 USD'],
]);

// ---- industries, additional questions, agreements --------------------------------------------------

export const INDUSTRIES: Industry[] = [
  { id: 'adultEntertainment', name: 'Adult entertainment', group: 'adultRelatedBusiness' },
  { id: 'adultContentPlatform', name: 'Adult content platform', group: 'adultRelatedBusiness' },
  { id: 'webcamStudio', name: 'Webcam studio', group: 'adultRelatedBusiness' },
  { id: 'datingServices', name: 'Dating services', group: 'adultRelatedBusiness' },
  { id: 'softwareIt', name: 'Software and IT services', group: 'mainstreamCompany' },
  { id: 'ecommerce', name: 'E-commerce and retail', group: 'mainstreamCompany' },
  { id: 'marketing', name: 'Marketing and advertising', group: 'mainstreamCompany' },
  { id: 'consulting', name: 'Consulting and professional services', group: 'mainstreamCompany' },
  { id: 'mediaProduction', name: 'Media and film production', group: 'mainstreamCompany' },
  { id: 'hospitality', name: 'Hospitality and travel', group: 'mainstreamCompany' },
  { id: 'construction', name: 'Construction and real estate', group: 'mainstreamCompany' },
  { id: 'manufacturing', name: 'Manufacturing', group: 'mainstreamCompany' },
  { id: 'logistics', name: 'Transport and logistics', group: 'mainstreamCompany' },
  { id: 'education', name: 'Education', group: 'mainstreamCompany' },
  { id: 'paymentServices', name: 'Payment services', group: 'financialCompanies' },
  { id: 'moneyServices', name: 'Money transfer and exchange', group: 'financialCompanies' },
  { id: 'lending', name: 'Lending', group: 'financialCompanies' },
  { id: 'insurance', name: 'Insurance', group: 'financialCompanies' },
  { id: 'cryptoServices', name: 'Crypto-asset services', group: 'financialCompanies' },
  { id: 'assetManagement', name: 'Asset management', group: 'investmentCompanies' },
  { id: 'investmentFund', name: 'Investment fund', group: 'investmentCompanies' },
  { id: 'brokerage', name: 'Brokerage', group: 'investmentCompanies' },
  { id: 'ventureCapital', name: 'Venture capital and private equity', group: 'investmentCompanies' },
];

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
/** controlAccount's answers: '2' (someone else) makes the app ask for that person's name and birth date. */
const CONTROL_ACCOUNT_OPTIONS = [
  { value: '1', label: 'Me' },
  { value: '2', label: 'Someone else' },
];
const MONTHLY_TRANSACTIONS = [
  { value: 'upTo10', label: 'Up to 10' },
  { value: 'from11To50', label: '11 – 50' },
  { value: 'from51To200', label: '51 – 200' },
  { value: 'over200', label: 'Over 200' },
];

const PERSONAL_QUESTIONS: AdditionalQuestion[] = [
  { id: 'anotherAccount', type: 'select', text: 'Do you hold an account with another bank or payment institution?', options: YES_NO },
  { id: 'controlAccount', type: 'select', text: 'Who will control this account?', options: CONTROL_ACCOUNT_OPTIONS },
  { id: 'politicallyExposed', type: 'select', text: 'Are you, or is a close relative of yours, a politically exposed person?', options: YES_NO },
  { id: 'monthlyTransactions', type: 'select', text: 'How many payments do you expect to make each month?', options: MONTHLY_TRANSACTIONS },
  { id: 'employerName', type: 'text', text: 'What is the name of your employer or main client?' },
];

export const BUSINESS_QUESTIONS: AdditionalQuestion[] = [
  { id: 'businessAnotherAccount', type: 'select', text: 'Does the company hold an account with another bank or payment institution?', options: YES_NO },
  { id: 'controlAccount', type: 'select', text: 'Who will control this account?', options: CONTROL_ACCOUNT_OPTIONS },
  { id: 'mainCustomerCountries', type: 'text', text: 'In which countries are most of your customers?' },
  { id: 'monthlyTransactions', type: 'select', text: 'How many payments does the company expect to make each month?', options: MONTHLY_TRANSACTIONS },
  { id: 'regulatedActivity', type: 'select', text: 'Does the company need a licence for its activity?', options: YES_NO },
];

export const PERSONAL_AGREEMENTS = [
  { id: 'termsAndConditions', name: 'Terms and conditions', url: 'https://legal.paybank.example/personal/terms-and-conditions.pdf' },
  { id: 'privacyPolicy', name: 'Privacy policy', url: 'https://legal.paybank.example/privacy-policy.pdf' },
  { id: 'feeSchedule', name: 'Fee schedule', url: 'https://legal.paybank.example/personal/fee-schedule.pdf' },
];

// ---- static lists loaded lazily ---------------------------------------------------------------------

const DATE_FORMATS: readonly (readonly [string, string])[] = [
  ['AR', 'DD/MM/YYYY'], ['AT', 'DD.MM.YYYY'], ['AU', 'DD/MM/YYYY'], ['BE', 'DD/MM/YYYY'], ['BR', 'DD/MM/YYYY'],
  ['CA', 'YYYY-MM-DD'], ['CH', 'DD.MM.YYYY'], ['CN', 'YYYY/MM/DD'], ['CZ', 'DD.MM.YYYY'], ['DE', 'DD.MM.YYYY'],
  ['DK', 'DD-MM-YYYY'], ['ES', 'DD/MM/YYYY'], ['FI', 'DD.MM.YYYY'], ['FR', 'DD/MM/YYYY'], ['GB', 'DD/MM/YYYY'],
  ['HK', 'DD/MM/YYYY'], ['HU', 'YYYY.MM.DD'], ['IE', 'DD/MM/YYYY'], ['IN', 'DD/MM/YYYY'], ['IT', 'DD/MM/YYYY'],
  ['JP', 'YYYY/MM/DD'], ['KR', 'YYYY.MM.DD'], ['LK', 'YYYY-MM-DD'], ['MD', 'DD.MM.YYYY'], ['MX', 'DD/MM/YYYY'],
  ['NL', 'DD-MM-YYYY'], ['NO', 'DD.MM.YYYY'], ['NZ', 'DD/MM/YYYY'], ['PL', 'DD.MM.YYYY'], ['PT', 'DD/MM/YYYY'],
  ['RO', 'DD.MM.YYYY'], ['RU', 'DD.MM.YYYY'], ['SE', 'YYYY-MM-DD'], ['UA', 'DD.MM.YYYY'], ['US', 'MM/DD/YYYY'],
  ['ZA', 'YYYY/MM/DD'],
];

/** Language and region (BCP 47), named by Intl in the requested language. */
const DIALECTS = [
  'en-US', 'en-GB', 'en-AU', 'en-CA', 'es-ES', 'es-MX', 'es-AR', 'pt-PT', 'pt-BR', 'fr-FR', 'fr-CA', 'de-DE', 'de-AT', 'de-CH',
  'it-IT', 'nl-NL', 'pl-PL', 'ro-RO', 'ro-MD', 'ru-RU', 'uk-UA', 'tr-TR', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW', 'hi-IN', 'ar-SA',
];

export function dialectsIn(lang: string): CodeName[] {
  const names = new Intl.DisplayNames([lang], { type: 'language', languageDisplay: 'standard' });
  return DIALECTS.map((code) => ({ code, name: names.of(code) ?? code }));
}

const PHONE_CODES: readonly (readonly [string, string])[] = [
  ['AD', '+376'], ['AE', '+971'], ['AL', '+355'], ['AM', '+374'], ['AR', '+54'], ['AT', '+43'], ['AU', '+61'], ['AZ', '+994'],
  ['BA', '+387'], ['BD', '+880'], ['BE', '+32'], ['BG', '+359'], ['BH', '+973'], ['BO', '+591'], ['BR', '+55'], ['BY', '+375'],
  ['CA', '+1'], ['CH', '+41'], ['CL', '+56'], ['CN', '+86'], ['CO', '+57'], ['CR', '+506'], ['CY', '+357'], ['CZ', '+420'],
  ['DE', '+49'], ['DK', '+45'], ['DZ', '+213'], ['EC', '+593'], ['EE', '+372'], ['EG', '+20'], ['ES', '+34'], ['FI', '+358'],
  ['FR', '+33'], ['GB', '+44'], ['GE', '+995'], ['GH', '+233'], ['GR', '+30'], ['HK', '+852'], ['HR', '+385'], ['HU', '+36'],
  ['ID', '+62'], ['IE', '+353'], ['IL', '+972'], ['IN', '+91'], ['IS', '+354'], ['IT', '+39'], ['JO', '+962'], ['JP', '+81'],
  ['KE', '+254'], ['KR', '+82'], ['KW', '+965'], ['KZ', '+7'], ['LB', '+961'], ['LI', '+423'], ['LK', '+94'], ['LT', '+370'],
  ['LU', '+352'], ['LV', '+371'], ['MA', '+212'], ['MC', '+377'], ['MD', '+373'], ['ME', '+382'], ['MK', '+389'], ['MT', '+356'],
  ['MX', '+52'], ['MY', '+60'], ['NG', '+234'], ['NL', '+31'], ['NO', '+47'], ['NZ', '+64'], ['PA', '+507'], ['PE', '+51'],
  ['PH', '+63'], ['PK', '+92'], ['PL', '+48'], ['PT', '+351'], ['PY', '+595'], ['QA', '+974'], ['RO', '+40'], ['RS', '+381'],
  ['RU', '+7'], ['SA', '+966'], ['SE', '+46'], ['SG', '+65'], ['SI', '+386'], ['SK', '+421'], ['TH', '+66'], ['TN', '+216'],
  ['TR', '+90'], ['TW', '+886'], ['UA', '+380'], ['US', '+1'], ['UY', '+598'], ['VE', '+58'], ['VN', '+84'], ['ZA', '+27'],
];

/** ISO 4217 currencies in use, and the crypto-assets the bank holds. */
const ALL_CURRENCIES = (
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP ' +
  'CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ' +
  'ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT ' +
  'MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD ' +
  'SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND ' +
  'VUV WST XAF XCD XOF XPF YER ZAR ZMW BTC ETH USDT USDC'
).split(' ');

export function allCurrenciesIn(lang: string): CodeName[] {
  const name = currencyNames(lang);
  return ALL_CURRENCIES.map((code) => ({ code, name: name(code) }));
}

/** Access right levels (spec 000 s6, 002 s3); the app never offers 5 to choose. */
const ACCESS_RIGHT_NAMES: Record<AccessRight, string> = {
  0: 'No access',
  1: 'Read',
  2: 'Full access',
  3: 'Initiate',
  4: 'Confirmed',
  5: 'Uploading',
};

// ---- the methods -------------------------------------------------------------------------------------

/**
 * A list in the requested language: every `name`, `text` and `label` of it (at any depth) from
 * REFERENCE_TEXTS, English when the language is English or a text has no translation (a test
 * checks every one has). Ids, values and URLs stay as they are.
 */
export function inLanguage<T>(lang: unknown, value: T): T {
  const language = pickLanguage(typeof lang === 'string' ? lang : null);
  if (language === 'en') return value;
  const table = REFERENCE_TEXTS[language];
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([key, x]) => [key, (key === 'name' || key === 'text' || key === 'label') && typeof x === 'string' ? (table[x] ?? x) : walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

/** Every reference list method (main service, public; `lang` is required by the contract). */
export const referenceListHandlers: HandlerMap = {
  countries: ({ body }) => ok({ countries: countriesIn(body.lang) }),
  currencies: ({ body }) => ok({ currencies: currenciesIn(body.lang) }),
  birthCountries: ({ body }) => ok({ birthCountries: birthCountriesIn(body.lang) }),
  states: ({ body }) => ok({ states: statesOf(String(body.countryCode)) }),
  occupations: ({ body }) => ok({ occupations: inLanguage(body.lang, OCCUPATIONS) }),
  documentTypes: ({ body }) => ok({ customerDocumentCategories: inLanguage(body.lang, DOCUMENT_CATEGORIES) }),
  customerAddressDocumentTypes: ({ body }) =>
    ok({ customerAddressDocumentTypes: inLanguage(body.lang, addressDocumentsOf(typeof body.countryCode === 'string' ? body.countryCode : undefined)) }),
  personalSourcesOfFunds: ({ body }) => ok({ sourcesOfFunds: inLanguage(body.lang, PERSONAL_SOURCES_OF_FUNDS) }),
  businessSourcesOfFunds: ({ body }) => ok({ sourcesOfFunds: inLanguage(body.lang, BUSINESS_SOURCES_OF_FUNDS) }),
  employeeSourcesOfFunds: ({ body }) => ok({ sourcesOfFunds: inLanguage(body.lang, EMPLOYEE_SOURCES_OF_FUNDS) }),
  personalPurposeOfAccount: ({ body }) => ok({ purposesOfAccount: inLanguage(body.lang, PERSONAL_PURPOSES) }),
  businessPurposeOfAccount: ({ body }) => ok({ purposesOfAccount: inLanguage(body.lang, BUSINESS_PURPOSES) }),
  industries: ({ body }) => ok({ industries: inLanguage(body.lang, INDUSTRIES) }),
  personalAdditionalQuestions: ({ body }) => ok({ additionalQuestions: inLanguage(body.lang, PERSONAL_QUESTIONS) }),
  businessAdditionalQuestions: ({ body }) => ok({ additionalQuestions: inLanguage(body.lang, BUSINESS_QUESTIONS) }),
  personalAgreements: ({ body }) => ok({ agreements: inLanguage(body.lang, PERSONAL_AGREEMENTS) }),
  estimatedMonthlyDeposits: ({ body }) => ok({ estimatedMonthlyDeposits: inLanguage(body.lang, ESTIMATED_MONTHLY_DEPOSITS) }),
  countryDateFormats: () => ok({ dateFormats: DATE_FORMATS.map(([countryCode, format]) => ({ countryCode, format })) }),
  primaryDialects: ({ body }) => ok({ dialects: dialectsIn(body.lang) }),
  phoneCodes: () => ok({ phoneCodes: PHONE_CODES.map(([countryCode, code]) => ({ countryCode, code })) }),
  allCurrencies: ({ body }) => ok({ currencies: allCurrenciesIn(body.lang) }),
  accessRights: ({ body }) => ok({ accessRights: inLanguage(body.lang, Object.entries(ACCESS_RIGHT_NAMES).map(([value, name]) => ({ value: Number(value), name }))) }),
};
