import type { DeclarationKind } from '@machines/company/company-file.rules';
import type { AdditionalQuestion, Industry } from '@machines/registration/registration.rules';
import type { Business, Declaration, FinancialDetail, RepresentativeInfo } from '../src/entities/company-file';
import { jsonReply, methodOf, pendingFetch } from './fake-fetch';

/**
 * The company's own file in stories (issue 53): a company whose financial details and
 * due-diligence answers are filled, the reference lists they choose from (ids matching), the
 * statements it signs, the signed-in user as its representative, and a fake company service that
 * answers the file's calls from what it holds (a change is read again), records what it was sent
 * (a multipart write's data part and file too), and refuses or holds the next write when told.
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

/** The document types of the company's categories and of the representative's proof of address (documentTypes' customerDocumentCategories). */
export const demoDocumentCategories = [
  { id: '2', name: 'Proof of address', customerDocumentTypes: [{ id: '20', name: 'Utility bill' }, { id: '21', name: 'Bank statement' }, { id: '22', name: 'Tenancy agreement' }] },
  { id: '4', name: 'Company registration', customerDocumentTypes: [{ id: '40', name: 'Certificate of incorporation' }, { id: '41', name: 'Articles of association' }] },
  { id: '7', name: 'Business address', customerDocumentTypes: [{ id: '70', name: 'Proof of the business address' }] },
  { id: '10', name: 'Business additional documents', customerDocumentTypes: [{ id: '100', name: 'Business plan' }, { id: '101', name: 'Contracts with clients' }] },
  { id: '11', name: 'Source of wealth', customerDocumentTypes: [{ id: '110', name: 'Payslip' }, { id: '111', name: 'Tax return' }, { id: '113', name: 'Contract of sale' }] },
];

/** The dictionaries' countries for an address (the start-up's list: `withDictionaries({ countries })`), as the address dialog's stories give them. */
export const demoCountries = [
  { code: 'DE', name: 'Germany' },
  { code: 'PT', name: 'Portugal' },
  { code: 'ES', name: 'Spain' },
  { code: 'US', name: 'United States' },
];

/** The states call's answer by country: the United States has two, the others none. */
export const demoStates: Record<string, { code: string; name: string }[]> = {
  US: [
    { code: 'CA', name: 'California' },
    { code: 'NY', name: 'New York' },
  ],
};

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

// ---- the representative (the signed-in user) ---------------------------------------------------------

export type RepresentativeAddress = NonNullable<RepresentativeInfo['address']>;

/** The signed-in user as the demo company's representative, no address yet. */
export const demoRepresentative: RepresentativeInfo = { firstName: 'Maria', lastName: 'Keller', phone: '+49301234568', address: null, documents: [] };

/** The representative's address in Berlin, its proof (a utility bill) accepted. */
export const demoRepresentativeAddress: RepresentativeAddress = {
  addressId: 8101,
  address1: 'Friedrichstraße 120',
  address2: null,
  city: 'Berlin',
  postalCode: '10117',
  countryCode: 'DE',
  stateCode: null,
  stateName: null,
  addressStatus: 1,
  confirmed: true,
  uploadedDocuments: [{ id: 9101, statusId: 2, documentTypeId: 20, issuedDate: '2026-09-01', expiresDate: null, rejectReason: null }],
  isDocumentOutOfDate: false,
  isCardDocumentRequired: false,
  isDocumentRequired: false,
};

export const representativeWithAddress: RepresentativeInfo = { ...demoRepresentative, address: demoRepresentativeAddress };

/** What a multipart write was sent: its JSON data part and its file (name, type, size). */
export interface SentParts {
  data: Record<string, unknown>;
  file: { name: string; type: string; size: number } | null;
}

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
  /** The signed-in user as the company's representative (businessRepresentativeInfo). */
  representative: demoRepresentative,
  /** businessRepresentativeAddressCreate's requests: the data part and the proof (`front`). */
  representativeAddresses: [] as SentParts[],
  /** The next write's refusal (then cleared), or null to keep it. */
  refuse: null as Refusal | null,
  /** Writes are never answered (their progress stays on screen). */
  hold: false,
  reset(over: { business?: Business; declarations?: Partial<Record<DeclarationKind, Declaration>>; representative?: RepresentativeInfo } = {}) {
    this.business = over.business ?? demoBusiness;
    this.declarations = { ...unsignedAll(), ...over.declarations };
    this.representative = over.representative ?? demoRepresentative;
    this.financialUpdates = [];
    this.dueDiligenceUpdates = [];
    this.signatures = [];
    this.representativeAddresses = [];
    this.refuse = null;
    this.hold = false;
  },
};

/** A request's JSON body, or a multipart request's `data` part and its `front` file. */
async function readRequest(input: RequestInfo | URL): Promise<{ body: Record<string, unknown>; front: File | null }> {
  if (!(input instanceof Request)) return { body: {}, front: null };
  if ((input.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const form = await input.clone().formData();
    const data = form.get('data');
    const front = form.get('front');
    return { body: data instanceof Blob ? (JSON.parse(await data.text()) as Record<string, unknown>) : {}, front: front instanceof File ? front : null };
  }
  const text = await input.clone().text();
  return { body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, front: null };
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
  const { body, front } = await readRequest(input);
  const write =
    method === 'financialDetailUpdate' ||
    method === 'dueDiligenceUpdate' ||
    method === 'resolutionSend' ||
    method === 'declarationSend' ||
    method === 'prohibitedEscortStatementSend' ||
    method === 'businessRepresentativeAddressCreate';
  if (write) {
    if (method === 'financialDetailUpdate') companyFileService.financialUpdates.push(body);
    else if (method === 'dueDiligenceUpdate') companyFileService.dueDiligenceUpdates.push(body);
    else if (method === 'businessRepresentativeAddressCreate') companyFileService.representativeAddresses.push({ data: body, file: front && { name: front.name, type: front.type, size: front.size } });
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
    case 'states':
      return jsonReply({ responseCode: '00', states: demoStates[String(body.countryCode ?? '')] ?? [] });
    case 'businessRepresentativeInfo':
      return jsonReply({ responseCode: '00', representative: companyFileService.representative });
    case 'businessRepresentativeAddressCreate': {
      const { representative } = companyFileService;
      if (representative.address) return jsonReply({ responseCode: 'UE', responseDescription: 'You have an address already' });
      const n = companyFileService.representativeAddresses.length;
      const countryCode = String(body.countryCode ?? '');
      const stateCode = typeof body.stateCode === 'string' ? body.stateCode : null;
      const address: RepresentativeAddress = {
        addressId: 8200 + n,
        address1: String(body.address1 ?? ''),
        address2: typeof body.address2 === 'string' ? body.address2 : null,
        city: String(body.city ?? ''),
        postalCode: String(body.postalCode ?? ''),
        countryCode,
        stateCode,
        stateName: demoStates[countryCode]?.find((state) => state.code === stateCode)?.name ?? null,
        addressStatus: 2,
        confirmed: null,
        uploadedDocuments: [{ id: 9200 + n, statusId: 0, documentTypeId: Number(body.documentTypeId), issuedDate: null, expiresDate: null, rejectReason: null }],
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        isDocumentRequired: false,
      };
      companyFileService.representative = { ...representative, address };
      return jsonReply({ responseCode: '00', address });
    }
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
