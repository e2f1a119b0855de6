import { emptyBusinessDraft, emptyPerson, WIZARD_STEPS, type BusinessDraft, type RegistrationCompany, type RegistrationPerson, type WizardStep } from '@machines/registration/registration-draft';
import type { AdditionalQuestion, Industry } from '@machines/registration/registration.rules';
import type { WizardLists } from './wizard-parts';

/**
 * Story data for the business registration wizard (not tests): the day the stories live on, the
 * service's due diligence questions, the lists the steps choose from (brand 1's business types)
 * and drafts resumed at any step: `draftAt(step)` has every step before it done (and finished),
 * the step itself empty; `filledAt(step)` has the step's data entered as well, not yet passed with
 * Next; `completeDraft()` is a valid registration waiting at the summary.
 */

export const TODAY = '2026-11-26';

export { emptyBusinessDraft };

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
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

/** The business additional questions as the service lists them (the wizard adjusts them on load). */
export const BUSINESS_QUESTIONS: AdditionalQuestion[] = [
  { id: 'businessAnotherAccount', type: 'select', text: 'Does the company hold an account with another bank or payment institution?', options: YES_NO },
  { id: 'controlAccount', type: 'select', text: 'Who will control this account?', options: CONTROL_ACCOUNT_OPTIONS },
  { id: 'mainCustomerCountries', type: 'text', text: 'In which countries are most of your customers?' },
  { id: 'monthlyTransactions', type: 'select', text: 'How many payments does the company expect to make each month?', options: MONTHLY_TRANSACTIONS },
  { id: 'regulatedActivity', type: 'select', text: 'Does the company need a licence for its activity?', options: YES_NO },
];

/** Brand 1's business registration types, in its order (brands/brand1/config.json). */
export const BRAND1_BUSINESS_TYPES = ['advertisingNetworks', 'affiliatePrograms', 'liveStreamingNetworks', 'freelanceCompanies', 'hostingProviders', 'billingPaymentProcessors', 'webcamStudios', 'others'];

const INDUSTRIES: Industry[] = [
  { id: 'adultEntertainment', name: 'Adult entertainment', group: 'adultRelatedBusiness' },
  { id: 'webcamStudio', name: 'Webcam studio', group: 'adultRelatedBusiness' },
  { id: 'softwareIt', name: 'Software and IT services', group: 'mainstreamCompany' },
  { id: 'marketing', name: 'Marketing and advertising', group: 'mainstreamCompany' },
  { id: 'mediaProduction', name: 'Media and film production', group: 'mainstreamCompany' },
  { id: 'paymentServices', name: 'Payment services', group: 'financialCompanies' },
  { id: 'moneyServices', name: 'Money transfer and exchange', group: 'financialCompanies' },
  { id: 'assetManagement', name: 'Asset management', group: 'investmentCompanies' },
  { id: 'ventureCapital', name: 'Venture capital and private equity', group: 'investmentCompanies' },
];

/** The access rights list (0 to 5; the wizard never offers 5). */
export const ACCESS_RIGHTS_LIST = [
  { value: 0, name: 'No access' },
  { value: 1, name: 'Read' },
  { value: 2, name: 'Full access' },
  { value: 3, name: 'Initiate' },
  { value: 4, name: 'Confirmed' },
  { value: 5, name: 'Uploading' },
];

/** Every list the wizard's steps choose from, as the page hands them over (brand 1: adult-industry options shown). */
export const wizardLists: WizardLists = {
  businessTypes: BRAND1_BUSINESS_TYPES,
  countries: [
    { code: 'AT', name: 'Austria' },
    { code: 'DE', name: 'Germany' },
    { code: 'PT', name: 'Portugal' },
    { code: 'RO', name: 'Romania' },
    { code: 'GB', name: 'United Kingdom' },
  ],
  currencies: [
    { code: 'EUR', name: 'Euro' },
    { code: 'USD', name: 'US dollar' },
    { code: 'GBP', name: 'British pound' },
  ],
  industries: INDUSTRIES,
  adultIndustry: true,
  sourcesOfFunds: [
    { id: 'revenue', name: 'Revenue from sales and services' },
    { id: 'shareCapital', name: 'Share capital' },
    { id: 'shareholderLoans', name: 'Loans from shareholders' },
    { id: 'investorFunding', name: 'Investor funding' },
  ],
  personSources: [
    { id: 'salary', name: 'Salary or wages' },
    { id: 'dividends', name: 'Dividends from the company' },
    { id: 'savings', name: 'Savings' },
    { id: 'inheritance', name: 'Inheritance' },
  ],
  purposes: [
    { id: 'customerPayments', name: 'Receiving payments from customers' },
    { id: 'supplierPayments', name: 'Paying suppliers' },
    { id: 'payroll', name: 'Paying employees and contractors' },
    { id: 'internationalTrade', name: 'International trade' },
  ],
  deposits: [
    { id: 'upTo1k', name: 'Up to 1,000 USD' },
    { id: 'from1kTo5k', name: '1,000 – 5,000 USD' },
    { id: 'from5kTo25k', name: '5,000 – 25,000 USD' },
    { id: 'over100k', name: 'Over 100,000 USD' },
  ],
  accessRights: ACCESS_RIGHTS_LIST,
};

// ---- the registration of Acme Media GmbH ---------------------------------------------------------

export const COMPANY_NAME = 'Acme Media GmbH';
export const HOLDING_NAME = 'Keller Holding AG';

/** generalForm: every field right. */
export const GENERAL: Record<string, string> = {
  businessType: 'advertisingNetworks',
  name: COMPANY_NAME,
  tradingName: 'Acme Media',
  registrationCountryCode: 'DE',
  registrationNumber: 'HRB 214365 B',
  registrationDate: '2019-05-14',
  email: 'office@acme-media.example',
  phone: '+49 30 5550 1200',
  website: 'https://acme-media.example',
  industry: 'marketing',
};

export const FINANCIAL: BusinessDraft['financialInfoForm'] = {
  sourcesOfFunds: ['revenue', 'shareCapital'],
  purposesOfAccount: ['customerPayments', 'supplierPayments'],
  estimatedMonthlyDeposit: 'from5kTo25k',
  currencies: ['EUR', 'USD'],
};

/** Every question shown answered (no follow-up: no other account, controlled by the company itself). */
export const ANSWERS: Record<string, string> = {
  businessAnotherAccount: 'false',
  controlAccount: '1',
  mainCustomerCountries: 'Germany, Austria and Switzerland',
  monthlyTransactions: 'from11To50',
  regulatedActivity: 'false',
};

export const LEGAL: BusinessDraft['legalForm'] = {
  address: { countryCode: 'DE', city: 'Berlin', street: 'Friedrichstraße 68', postalCode: '10117' },
  agreements: [],
};

const person = (id: string, firstName: string, lastName: string, birthday: string, email: string, over: Partial<RegistrationPerson> = {}): RegistrationPerson => ({
  ...emptyPerson(id),
  firstName,
  lastName,
  birthday,
  email,
  ...over,
});

/** The directors (p1, p2) as entered on the directors step. */
export const LENA = person('p1', 'Lena', 'Keller', '1984-03-02', 'lena.keller@acme-media.example', {
  phone: '+49 170 555 0101',
  address: { countryCode: 'DE', city: 'Berlin', street: 'Auguststraße 12', postalCode: '10117' },
});
export const JONAS = person('p2', 'Jonas', 'Brandt', '1979-11-20', 'jonas.brandt@acme-media.example');
/** Keller Holding AG's director, entered on the shareholders step. */
export const SABINE = person('p3', 'Sabine', 'Keller', '1956-07-09', 'sabine.keller@keller-holding.example');
/** A user who is neither director nor shareholder. */
export const OMAR = person('p4', 'Omar', 'Said', '1992-01-15', 'omar.said@acme-media.example', { isUser: true, accessRights: 1, emailState: 0 });

/** Lena holds 25 %: her sources of funds, each described. */
export const LENA_SOURCES: Pick<RegistrationPerson, 'sourceOfFunds' | 'sourceDetails'> = {
  sourceOfFunds: ['salary'],
  sourceDetails: { salary: 'Managing director salary from Acme Media GmbH since 2019.' },
};

export const HOLDING: RegistrationCompany = {
  id: 'c1',
  name: HOLDING_NAME,
  country: 'DE',
  tradingName: '',
  number: 'HRB 88123',
  date: '2015-01-20',
  address: { countryCode: 'DE', city: 'Munich', street: 'Leopoldstraße 40', postalCode: '80802' },
  directors: ['p3'],
  shareholders: [{ kind: 'person', id: 'p2', share: '10' }],
};

const stepsBefore = (step: WizardStep): WizardStep[] => WIZARD_STEPS.slice(0, WIZARD_STEPS.indexOf(step));

/** The data of `steps` entered (each right), the rest empty; nothing finished. */
function withData(steps: readonly WizardStep[]): BusinessDraft {
  const draft = emptyBusinessDraft();
  const has = (step: WizardStep) => steps.includes(step);
  const persons: Record<string, RegistrationPerson> = {};
  if (has('directorsHub')) Object.assign(persons, { p1: { ...LENA }, p2: { ...JONAS } });
  if (has('shareholdersHub')) Object.assign(persons, { p1: { ...persons.p1!, ...LENA_SOURCES }, p3: { ...SABINE } });
  if (has('usersHub')) {
    Object.assign(persons, {
      p1: { ...persons.p1!, isUser: true, accessRights: 2, emailState: 0 },
      p2: { ...persons.p2!, isUser: true, accessRights: 3, emailState: 0 },
      p4: { ...OMAR },
    });
  }
  return {
    ...draft,
    generalForm: has('generalForm') ? { ...GENERAL } : draft.generalForm,
    financialInfoForm: has('financialInfoForm') ? { ...FINANCIAL, sourcesOfFunds: [...FINANCIAL.sourcesOfFunds], purposesOfAccount: [...FINANCIAL.purposesOfAccount], currencies: [...FINANCIAL.currencies] } : draft.financialInfoForm,
    dueDilligenceForm: has('dueDilligenceForm') ? { answers: { ...ANSWERS } } : draft.dueDilligenceForm,
    legalForm: has('legalForm') ? { address: { ...LEGAL.address }, agreements: [] } : draft.legalForm,
    root: {
      directors: has('directorsHub') ? ['p1', 'p2'] : [],
      shareholders: has('shareholdersHub')
        ? [
            { kind: 'person', id: 'p1', share: '25' },
            { kind: 'company', id: 'c1', share: '75' },
          ]
        : [],
    },
    persons,
    companies: has('shareholdersHub') ? { c1: { ...HOLDING, directors: [...HOLDING.directors], shareholders: HOLDING.shareholders.map((h) => ({ ...h })) } } : {},
  };
}

/** Resumed at `step` with nothing of it entered: every step before it done and finished. */
export const draftAt = (step: WizardStep): BusinessDraft => ({ ...withData(stepsBefore(step)), finished: stepsBefore(step) });

/** Resumed at `step` with its data entered (right) but not passed with Next yet. */
export const filledAt = (step: WizardStep): BusinessDraft => ({ ...withData([...stepsBefore(step), step]), finished: stepsBefore(step) });

/** The whole registration entered and right, every step finished: it resumes at the summary. */
export const completeDraft = (): BusinessDraft => draftAt('summary');
