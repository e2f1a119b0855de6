import type { DeclarationKind } from '@machines/company/company-file.rules';
import type { AdditionalQuestion, Industry } from '@machines/registration/registration.rules';
import type { Business, Declaration, FinancialDetail } from '../src/entities/company-file';
import { jsonReply, methodOf, pendingFetch } from './fake-fetch';

/**
 * The company's own file in stories (issue 53): a company whose financial details and
 * due-diligence answers are filled, the reference lists they choose from (ids matching), the
 * statements it signs, and a fake company service that answers the file's calls from what it
 * holds (a change is read again), records what it was sent, and refuses or holds the next write
 * when told.
 */

// ---- the reference lists (as the service lists them, in English) -------------------------------------

export const demoSourcesOfFunds = [
  { id: 'revenue', name: 'Revenue from sales and services' },
  { id: 'shareCapital', name: 'Share capital' },
  { id: 'shareholderLoans', name: 'Loans from shareholders' },
  { id: 'investorFunding', name: 'Investor funding' },
];

export const demoPurposes = [
  { id: 'customerPayments', name: 'Receiving payments from customers' },
  { id: 'supplierPayments', name: 'Paying suppliers' },
  { id: 'payroll', name: 'Paying employees and contractors' },
  { id: 'internationalTrade', name: 'International trade' },
];

export const demoDeposits = [
  { id: 'upTo1k', name: 'Up to 1,000 USD' },
  { id: 'from1kTo5k', name: '1,000 – 5,000 USD' },
  { id: 'from5kTo25k', name: '5,000 – 25,000 USD' },
  { id: 'over100k', name: 'Over 100,000 USD' },
];

/** Industries of every group (the adult-related ones only shown where the brand shows adult-industry options). */
export const demoIndustries: Industry[] = [
  { id: 'adultEntertainment', name: 'Adult entertainment', group: 'adultRelatedBusiness' },
  { id: 'webcamStudio', name: 'Webcam studio', group: 'adultRelatedBusiness' },
  { id: 'softwareIt', name: 'Software and IT services', group: 'mainstreamCompany' },
  { id: 'marketing', name: 'Marketing and advertising', group: 'mainstreamCompany' },
  { id: 'paymentServices', name: 'Payment services', group: 'financialCompanies' },
  { id: 'assetManagement', name: 'Asset management', group: 'investmentCompanies' },
];

/** The dictionaries' currencies (the start-up's list: `withDictionaries({ currencies })`). */
export const demoCurrencies = [
  { code: 'EUR', name: 'Euro' },
  { code: 'USD', name: 'US dollar' },
  { code: 'GBP', name: 'British pound' },
];

const YES_NO = [
  { value: 'true', label: 'yes' },
  { value: 'false', label: 'no' },
];

/** The business additional questions as the service lists them (the app adjusts them on load: yes/no radios, follow-ups). */
export const demoBusinessQuestions: AdditionalQuestion[] = [
  { id: 'businessAnotherAccount', type: 'select', text: 'Does the company hold an account with another bank or payment institution?', options: YES_NO },
  {
    id: 'controlAccount',
    type: 'select',
    text: 'Who will control this account?',
    options: [
      { value: '1', label: 'Me' },
      { value: '2', label: 'Someone else' },
    ],
  },
  { id: 'mainCustomerCountries', type: 'text', text: 'In which countries are most of your customers?' },
  {
    id: 'monthlyTransactions',
    type: 'select',
    text: 'How many payments does the company expect to make each month?',
    options: [
      { value: 'upTo10', label: 'Up to 10' },
      { value: 'from11To50', label: '11 – 50' },
      { value: 'over50', label: 'Over 50' },
    ],
  },
];

/** The document types of the company's categories (documentTypes' customerDocumentCategories). */
export const demoDocumentCategories = [
  { id: '4', name: 'Company registration', customerDocumentTypes: [{ id: '40', name: 'Certificate of incorporation' }, { id: '41', name: 'Articles of association' }] },
  { id: '7', name: 'Business address', customerDocumentTypes: [{ id: '70', name: 'Proof of the business address' }] },
  { id: '10', name: 'Business additional documents', customerDocumentTypes: [{ id: '100', name: 'Business plan' }, { id: '101', name: 'Contracts with clients' }] },
  { id: '11', name: 'Source of wealth', customerDocumentTypes: [{ id: '110', name: 'Payslip' }, { id: '111', name: 'Tax return' }, { id: '113', name: 'Contract of sale' }] },
];

// ---- the company -------------------------------------------------------------------------------------

/** The financial details and answers of the demo company (a mainstream industry: shown in every brand). */
export const demoFinancialDetail: FinancialDetail = {
  sourcesOfFunds: ['revenue', 'shareCapital'],
  purposesOfAccount: ['customerPayments', 'payroll'],
  estimatedMonthlyDeposit: 'from5kTo25k',
  currencies: ['EUR', 'USD'],
  industry: 'softwareIt',
  answers: {
    businessAnotherAccount: 'true',
    businessAnotherAccountDetails: 'Sparkasse Berlin, business current account',
    controlAccount: '1',
    mainCustomerCountries: 'Germany, Austria',
    monthlyTransactions: 'from11To50',
  },
};

/** The acting company as businessInfo gives it, its financial details filled. */
export const demoBusiness: Business = {
  name: 'Acme Media GmbH',
  registrationCountryCode: 'DE',
  tradingName: 'Acme Media',
  email: 'office@acme-media.example',
  registrationNumber: 'HRB 123456',
  registrationDate: '2019-04-01',
  businessTaxId: null,
  website: 'https://acme-media.example',
  description: null,
  phone: '+49301234567',
  verified: true,
  limited: false,
  isConverted: false,
  addresses: [],
  corporateDocuments: [],
  corporateDocumentStatus: 2,
  additionalDocuments: [],
  additionalDocumentStatus: 2,
  financialDetail: demoFinancialDetail,
  financialInstitution: false,
  sourceOfWealthDocuments: {},
};

/** The same company before anything of its money was given. */
export const blankBusiness: Business = { ...demoBusiness, financialDetail: null };

export const unsignedDeclaration: Declaration = { signed: false, signedName: null, signedAt: null };
export const signedDeclaration: Declaration = { signed: true, signedName: 'Maria Keller', signedAt: '2026-10-14T09:30:00Z' };

// ---- the fake company service ------------------------------------------------------------------------

/** A write's refusal as the service words it (a VF on one field). */
export interface Refusal {
  param: string;
  description: string;
}

const unsignedAll = (): Record<DeclarationKind, Declaration> => ({
  resolution: { ...unsignedDeclaration },
  studio: { ...unsignedDeclaration },
  streamingPlatform: { ...unsignedDeclaration },
  prohibitedEscortStatement: { ...unsignedDeclaration },
});

export const companyFileService = {
  business: demoBusiness,
  declarations: unsignedAll(),
  /** What each write was sent (its body as the app sent it). */
  financialUpdates: [] as Record<string, unknown>[],
  dueDiligenceUpdates: [] as Record<string, unknown>[],
  signatures: [] as { kind: DeclarationKind; body: Record<string, unknown> }[],
  /** The next write's refusal (then cleared), or null to keep it. */
  refuse: null as Refusal | null,
  /** Writes are never answered (their progress stays on screen). */
  hold: false,
  reset(over: { business?: Business; declarations?: Partial<Record<DeclarationKind, Declaration>> } = {}) {
    this.business = over.business ?? demoBusiness;
    this.declarations = { ...unsignedAll(), ...over.declarations };
    this.financialUpdates = [];
    this.dueDiligenceUpdates = [];
    this.signatures = [];
    this.refuse = null;
    this.hold = false;
  },
};

async function bodyOf(input: RequestInfo | URL): Promise<Record<string, unknown>> {
  if (!(input instanceof Request)) return {};
  const text = await input.clone().text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The kind a signature or a read is for, by its method (and declarationType). */
function kindOf(method: string | null, body: Record<string, unknown>): DeclarationKind | null {
  if (method === 'resolutionGet' || method === 'resolutionSend') return 'resolution';
  if (method === 'prohibitedEscortStatementGet' || method === 'prohibitedEscortStatementSend') return 'prohibitedEscortStatement';
  if (method === 'declarationGet' || method === 'declarationSend') return body.declarationType === 'studio' ? 'studio' : body.declarationType === 'streamingPlatform' ? 'streamingPlatform' : null;
  return null;
}

/** The company file's calls and its reference lists from what `companyFileService` holds; anything else is not there. */
export const companyFileFetch: typeof fetch = async (input, init) => {
  const method = methodOf(input);
  const body = await bodyOf(input);
  const write = method === 'financialDetailUpdate' || method === 'dueDiligenceUpdate' || method === 'resolutionSend' || method === 'declarationSend' || method === 'prohibitedEscortStatementSend';
  if (write) {
    if (method === 'financialDetailUpdate') companyFileService.financialUpdates.push(body);
    else if (method === 'dueDiligenceUpdate') companyFileService.dueDiligenceUpdates.push(body);
    else companyFileService.signatures.push({ kind: kindOf(method, body) ?? 'resolution', body });
    if (companyFileService.hold) return pendingFetch(input, init);
    const refusal = companyFileService.refuse;
    if (refusal) {
      companyFileService.refuse = null;
      return jsonReply({ responseCode: 'VF', validationErrors: [refusal], responseDescription: refusal.description });
    }
  }
  const { business } = companyFileService;
  switch (method) {
    case 'businessSourcesOfFunds':
      return jsonReply({ responseCode: '00', sourcesOfFunds: demoSourcesOfFunds });
    case 'businessPurposeOfAccount':
      return jsonReply({ responseCode: '00', purposesOfAccount: demoPurposes });
    case 'estimatedMonthlyDeposits':
      return jsonReply({ responseCode: '00', estimatedMonthlyDeposits: demoDeposits });
    case 'industries':
      return jsonReply({ responseCode: '00', industries: demoIndustries });
    case 'businessAdditionalQuestions':
      return jsonReply({ responseCode: '00', additionalQuestions: demoBusinessQuestions });
    case 'businessInfo':
      return jsonReply({ responseCode: '00', business });
    case 'documentTypes':
      return jsonReply({ responseCode: '00', customerDocumentCategories: demoDocumentCategories });
    case 'financialDetailUpdate': {
      const financialDetail: FinancialDetail = {
        sourcesOfFunds: texts(body.sourcesOfFunds),
        purposesOfAccount: texts(body.purposesOfAccount),
        estimatedMonthlyDeposit: String(body.estimatedMonthlyDeposit ?? ''),
        currencies: texts(body.currencies),
        industry: String(body.industry ?? ''),
        answers: business.financialDetail?.answers ?? {},
      };
      companyFileService.business = { ...business, financialDetail };
      return jsonReply({ responseCode: '00', business: companyFileService.business });
    }
    case 'dueDiligenceUpdate': {
      const answers = Object.fromEntries(Object.entries(body.answers && typeof body.answers === 'object' ? body.answers : {}).map(([id, answer]) => [id, String(answer)]));
      const financialDetail: FinancialDetail = { ...(business.financialDetail ?? { sourcesOfFunds: [], purposesOfAccount: [], estimatedMonthlyDeposit: '', currencies: [], industry: '' }), answers };
      companyFileService.business = { ...business, financialDetail };
      return jsonReply({ responseCode: '00', business: companyFileService.business });
    }
    case 'resolutionGet':
    case 'declarationGet':
    case 'prohibitedEscortStatementGet': {
      const kind = kindOf(method, body);
      return kind ? jsonReply({ responseCode: '00', declaration: companyFileService.declarations[kind] }) : jsonReply({ responseCode: 'UE', responseDescription: 'No such declaration' });
    }
    case 'resolutionSend':
    case 'declarationSend':
    case 'prohibitedEscortStatementSend': {
      const kind = kindOf(method, body);
      if (!kind) return jsonReply({ responseCode: 'UE', responseDescription: 'No such declaration' });
      const declaration: Declaration = { signed: true, signedName: String(body.signedName ?? ''), signedAt: '2026-11-30T10:00:00Z' };
      companyFileService.declarations[kind] = declaration;
      return jsonReply({ responseCode: '00', declaration });
    }
    default:
      return jsonReply({ responseCode: 'UE', responseDescription: 'Not in this story' }, 500);
  }
};
