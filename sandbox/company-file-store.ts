import type { Db } from './db.ts';
import type { HandlerReply } from './handler-types.ts';
import { accessFor } from './access.ts';
import { customerById, type CustomerRow } from './kernel/customers.ts';
import { refused } from './kernel/replies.ts';
import { DECLARATION_KINDS, mayChangeFile, type DeclarationKind, type SourceOfWealthDocumentFacts } from '../machines/company/company-file.rules.ts';
import { DOCUMENT_CATEGORIES, DOCUMENT_STATUS } from '../machines/verification/verification.rules.ts';

/**
 * The company's own file (issue 53; spec 002 s3 Business, Representative info, Source-of-wealth
 * documents): one row of company_files per business customer (kind business, an old business
 * too), its data as JSON (CompanyFile). What other areas ask of it lives here: the verification's
 * documentUpload puts the company's categories (4, 7, 10, 11) on it, the control API's
 * POST /__sandbox/documents/decide decides them, the seed writes every business's file
 * (sandbox/seed-company-file.ts). The calls themselves are sandbox/handlers/company-file.ts.
 *
 * A business that has no row yet (one registered in the sandbox) gets the default file made from
 * its row (defaultCompanyFile) the first time it is read. Set statuses are never kept: the reply
 * computes them from the documents each time (documentSetStatus). Document ids on a file start at
 * 60001 (apart from a customer's personal ones, from 9001, so a decision by id finds one place);
 * address ids at 601 (the company's and its representatives' together).
 */

/** A document on the company's file (main.yaml UploadedDocument, with when it was sent). */
export interface CompanyDocument {
  id: number;
  statusId: number;
  documentTypeId: number;
  issuedDate: string | null;
  expiresDate: string | null;
  rejectReason: string | null;
  /** When it was sent (ISO). */
  createdDate: string | null;
}

/** An address on a file with its proofs (main.yaml CustomerAddress): a customer's, the company's or a representative's. */
export interface AddressOnFile<D> {
  addressId: number;
  address1: string;
  address2: string | null;
  city: string;
  postalCode: string;
  countryCode: string;
  stateCode: string | null;
  stateName: string | null;
  /** 0 unconfirmed, 1 confirmed, 2 pending, 3 rejected, 4 name mismatch (002 s3). */
  addressStatus: number;
  confirmed: boolean | null;
  uploadedDocuments: D[];
  isDocumentOutOfDate: boolean;
  isCardDocumentRequired: boolean;
  isDocumentRequired: boolean;
}

/** An address of the company or of a representative. */
export type CompanyAddress = AddressOnFile<CompanyDocument>;

/** The financial details and the due-diligence answers (main.yaml FinancialDetail). */
export interface FinancialDetail {
  sourcesOfFunds: string[];
  purposesOfAccount: string[];
  estimatedMonthlyDeposit: string;
  currencies: string[];
  industry: string;
  answers: Record<string, string>;
}

/** A statement the company signs (main.yaml Declaration). */
export interface Declaration {
  signed: boolean;
  signedName: string | null;
  signedAt: string | null;
}

/** The file as kept (company_files.data). */
export interface CompanyFile {
  name: string;
  tradingName: string | null;
  email: string | null;
  registrationCountryCode: string | null;
  registrationNumber: string | null;
  registrationDate: string | null;
  businessTaxId: string | null;
  website: string | null;
  description: string | null;
  phone: string | null;
  isConverted: boolean;
  financialInstitution: boolean | null;
  addresses: CompanyAddress[];
  /** Category 4, oldest first (the latest decides the set's status). */
  corporateDocuments: CompanyDocument[];
  /** Category 10, oldest first. */
  additionalDocuments: CompanyDocument[];
  financialDetail: FinancialDetail | null;
  /** Category 11, oldest first (the reply makes them a map by id). */
  sourceOfWealthDocuments: SourceOfWealthDocumentFacts[];
  /** The resolution and the adult-industry statements (those only offered where the brand shows adult-industry options). */
  declarations: Record<DeclarationKind, Declaration>;
  /** Each representative's address for this company (businessRepresentativeAddressCreate), by the user's id; its proofs are its uploadedDocuments. */
  representativeAddresses: Record<string, CompanyAddress>;
}

/** The company's categories documentUpload puts on the file (main.yaml documentUpload). */
export const COMPANY_CATEGORIES: readonly number[] = [DOCUMENT_CATEGORIES.businessRegistration, DOCUMENT_CATEGORIES.businessAddress, DOCUMENT_CATEGORIES.businessAdditional, DOCUMENT_CATEGORIES.sourceOfWealth];

/** Source-of-wealth document types that expire a year after they are sent (payslip, tax return, savings statement); the others (a contract of sale, an inheritance or gift) never do. */
export const EXPIRING_SOURCE_OF_WEALTH_TYPES: readonly number[] = [110, 111, 112];
export const SOURCE_OF_WEALTH_VALID_DAYS = 365;

const DOCUMENT_ID_FLOOR = 60_000;
const ADDRESS_ID_FLOOR = 600;
const DAY = 86_400_000;

/** The refusals (translated in sandbox/texts). */
export const NOT_A_COMPANY = 'Only a company has a company file';
export const ADMIN_READS_ONLY = 'An admin reads the company file but does not change it';
export const FULL_ACCESS_ONLY = 'Only the owner or a user with full access can change the company file';
/** Why the service refuses a document (the personal verification's words). */
const NOT_READABLE = 'The document is not readable';

// ---- the table -----------------------------------------------------------------------------------

const isBusiness = (row: Pick<CustomerRow, 'kind'> | undefined): row is CustomerRow => row !== undefined && row.kind === 'business';

/** The file as kept, or undefined when the customer has none yet. */
export function storedCompanyFile(db: Db, customerId: number): CompanyFile | undefined {
  const row = db.prepare('SELECT data FROM company_files WHERE customer_id = ?').get(customerId) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as CompanyFile) : undefined;
}

export function saveCompanyFile(db: Db, customerId: number, file: CompanyFile, now: number): void {
  db.prepare('INSERT INTO company_files (customer_id, data, updated) VALUES (?, ?, ?) ON CONFLICT (customer_id) DO UPDATE SET data = excluded.data, updated = excluded.updated').run(
    customerId,
    JSON.stringify(file),
    new Date(now).toISOString(),
  );
}

/** A business's file (made from its row the first time: defaultCompanyFile); undefined for anyone who is not a business. */
export function companyFileOf(db: Db, customerId: number, now: number): CompanyFile | undefined {
  const row = customerById(db, customerId);
  if (!isBusiness(row)) return undefined;
  const stored = storedCompanyFile(db, customerId);
  if (stored) return stored;
  const made = defaultCompanyFile(row, now);
  saveCompanyFile(db, customerId, made, now);
  return made;
}

/** Changes a business's file and keeps it; false when the customer is not a business. */
export function changeCompanyFile(db: Db, customerId: number, now: number, change: (file: CompanyFile) => void): CompanyFile | undefined {
  const file = companyFileOf(db, customerId, now);
  if (!file) return undefined;
  change(file);
  saveCompanyFile(db, customerId, file, now);
  return file;
}

// ---- the default file ------------------------------------------------------------------------------

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const addDays = (iso: string, days: number): string => isoDay(Date.parse(iso) + days * DAY);

/** The owner's name as a document's sender and a statement's signer. */
export const personName = (row: Pick<CustomerRow, 'first_name' | 'last_name' | 'login'>): string => [row.first_name, row.last_name].filter(Boolean).join(' ') || row.login;

/** The due-diligence answers of the default file: every business additional question answered (no follow-up shown). */
export const DEFAULT_ANSWERS: Readonly<Record<string, string>> = {
  businessAnotherAccount: 'false',
  controlAccount: '1',
  mainCustomerCountries: 'Romania, Germany',
  monthlyTransactions: 'from11To50',
  regulatedActivity: 'false',
};

/** The financial details of the default file: ids of the sandbox's reference lists (sandbox/reference-lists.ts). */
export const DEFAULT_FINANCIAL_DETAIL: Readonly<Omit<FinancialDetail, 'answers'>> = {
  sourcesOfFunds: ['revenue', 'shareCapital'],
  purposesOfAccount: ['customerPayments', 'supplierPayments'],
  estimatedMonthlyDeposit: 'from5kTo25k',
  currencies: ['USD', 'EUR'],
  industry: 'softwareIt',
};

/** The default file's address (a registered business's own address instead, when it gave one). */
const DEFAULT_ADDRESS = { address1: 'Bulevardul Unirii 15', city: 'Bucharest', postalCode: '030119', countryCode: 'RO' };

export const unsigned = (): Declaration => ({ signed: false, signedName: null, signedAt: null });
export const signedBy = (name: string, at: string): Declaration => ({ signed: true, signedName: name, signedAt: at });

export const companyDocument = (id: number, statusId: number, documentTypeId: number, createdDate: string, extra: Partial<CompanyDocument> = {}): CompanyDocument => ({
  id,
  statusId,
  documentTypeId,
  issuedDate: null,
  expiresDate: null,
  rejectReason: null,
  createdDate,
  ...extra,
});

interface RegisteredFacts {
  generalForm?: Record<string, string>;
  financialInfoForm?: Omit<FinancialDetail, 'industry' | 'answers'>;
  dueDilligenceForm?: { answers?: Record<string, string> };
  legalForm?: { address?: { countryCode?: string; city?: string; street?: string; postalCode?: string } };
}

/**
 * The file of a business that has none yet, relative to `now` (the seed's clock, or the first read
 * of a business registered in the sandbox): named as the business, its registration facts filled
 * (a registered business's own, from its registration), one address with a confirmed proof, a
 * confirmed corporate and additional document (both sets confirmed), the financial details and the
 * answers to every business additional question, the resolution signed by the owner (the
 * adult-industry statements not), and a confirmed source-of-wealth document that expires in 305 days.
 */
export function defaultCompanyFile(row: CustomerRow, now: number): CompanyFile {
  const profile = JSON.parse(row.profile) as { residenceCountryCode?: string | null; registration?: RegisteredFacts };
  const registered = profile.registration;
  const general = registered?.generalForm ?? {};
  const fact = (field: string): string | null => general[field]?.trim() || null;
  const owner = personName(row);
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const registrationDate = fact('registrationDate') ?? '2019-03-14';
  const address = registered?.legalForm?.address;
  const registeredAddress = address?.street?.trim() && address.city?.trim() ? address : undefined;
  const declarations = Object.fromEntries(DECLARATION_KINDS.map((kind) => [kind, unsigned()])) as Record<DeclarationKind, Declaration>;
  declarations.resolution = signedBy(owner, at(200));
  const sourceOfWealthSent = at(60);
  return {
    name: fact('name') ?? row.business_name ?? owner,
    tradingName: fact('tradingName'),
    email: fact('email') ?? row.login,
    registrationCountryCode: fact('registrationCountryCode') ?? profile.residenceCountryCode ?? 'RO',
    registrationNumber: fact('registrationNumber') ?? `J40/${1000 + ((row.id * 37) % 9000)}/2019`,
    registrationDate,
    businessTaxId: `RO${40_000_000 + row.id}`,
    website: fact('website'),
    description: null,
    phone: fact('phone') ?? '+40 21 555 0100',
    isConverted: false,
    financialInstitution: false,
    addresses: [
      {
        addressId: ADDRESS_ID_FLOOR + 1,
        address1: registeredAddress?.street?.trim() ?? DEFAULT_ADDRESS.address1,
        address2: null,
        city: registeredAddress?.city?.trim() ?? DEFAULT_ADDRESS.city,
        postalCode: registeredAddress?.postalCode?.trim() || DEFAULT_ADDRESS.postalCode,
        countryCode: registeredAddress?.countryCode?.trim() || DEFAULT_ADDRESS.countryCode,
        stateCode: null,
        stateName: null,
        addressStatus: 1,
        confirmed: true,
        uploadedDocuments: [companyDocument(DOCUMENT_ID_FLOOR + 3, DOCUMENT_STATUS.confirmed, 70, at(400))],
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        isDocumentRequired: false,
      },
    ],
    corporateDocuments: [companyDocument(DOCUMENT_ID_FLOOR + 1, DOCUMENT_STATUS.confirmed, 40, at(400), { issuedDate: registrationDate })],
    additionalDocuments: [companyDocument(DOCUMENT_ID_FLOOR + 2, DOCUMENT_STATUS.confirmed, 100, at(400))],
    financialDetail: {
      ...(registered?.financialInfoForm ?? DEFAULT_FINANCIAL_DETAIL),
      industry: fact('industry') ?? DEFAULT_FINANCIAL_DETAIL.industry,
      answers: { ...(registered?.dueDilligenceForm?.answers ?? DEFAULT_ANSWERS) },
    },
    sourceOfWealthDocuments: [
      { id: DOCUMENT_ID_FLOOR + 4, documentTypeId: 111, statusId: DOCUMENT_STATUS.confirmed, created: sourceOfWealthSent, createdName: owner, expiration: addDays(sourceOfWealthSent, SOURCE_OF_WEALTH_VALID_DAYS) },
    ],
    declarations,
    representativeAddresses: {},
  };
}

// ---- documents --------------------------------------------------------------------------------------

/** Every document list of the file that a decision can reach (the source-of-wealth documents apart). */
const documentLists = (file: CompanyFile): CompanyDocument[][] => [
  file.corporateDocuments,
  file.additionalDocuments,
  ...file.addresses.map((a) => a.uploadedDocuments),
  ...Object.values(file.representativeAddresses).map((a) => a.uploadedDocuments),
];

const allIds = (file: CompanyFile): number[] => [...documentLists(file).flat().map((d) => d.id), ...file.sourceOfWealthDocuments.map((d) => d.id)];

/** The next document id of the file (from 60001). */
export const nextDocumentId = (file: CompanyFile): number => Math.max(DOCUMENT_ID_FLOOR, ...allIds(file)) + 1;

/** The next address id of the file (from 601: the company's and the representatives' addresses). */
export const nextAddressId = (file: CompanyFile): number => Math.max(ADDRESS_ID_FLOOR, ...file.addresses.map((a) => a.addressId), ...Object.values(file.representativeAddresses).map((a) => a.addressId)) + 1;

const waiting = (statusId: number) => statusId === DOCUMENT_STATUS.submitted || statusId === DOCUMENT_STATUS.underInvestigation || statusId === DOCUMENT_STATUS.pending;

/** A company's documents still waiting for the service's decision (none when it has no file). */
export function waitingCompanyDocumentIds(db: Db, customerId: number): number[] {
  const file = storedCompanyFile(db, customerId);
  if (!file) return [];
  return [...documentLists(file).flat(), ...file.sourceOfWealthDocuments].filter((d) => waiting(d.statusId)).map((d) => d.id);
}

/** What documentUpload puts on the file (its data part, read). */
export interface CompanyUpload {
  categoryId: number;
  documentTypeId: number;
  addressId: number | null;
  issuedDate: string | null;
  expiresDate: string | null;
  /** Who sent it (the signed-in user's name): a source-of-wealth document's createdName. */
  sender: string;
}

/**
 * Puts an uploaded document on the company's file, submitted (0): category 4 among the corporate
 * documents, 10 among the additional ones, 7 among that address's proofs (the address pending, 2),
 * 11 among the source-of-wealth documents (created now, by the sender; expiring a year later for
 * the types that do). Answers its id, or 'addressId' when a category 7 document names no address of
 * the company.
 */
export function addCompanyDocument(db: Db, customerId: number, upload: CompanyUpload, now: number): { documentId: number } | 'addressId' {
  const file = companyFileOf(db, customerId, now);
  if (!file) throw new Error(`customer ${customerId} has no company file`);
  const documentId = nextDocumentId(file);
  const created = new Date(now).toISOString();
  const doc = companyDocument(documentId, DOCUMENT_STATUS.submitted, upload.documentTypeId, created, { issuedDate: upload.issuedDate, expiresDate: upload.expiresDate });
  switch (upload.categoryId) {
    case DOCUMENT_CATEGORIES.businessRegistration:
      file.corporateDocuments.push(doc);
      break;
    case DOCUMENT_CATEGORIES.businessAdditional:
      file.additionalDocuments.push(doc);
      break;
    case DOCUMENT_CATEGORIES.businessAddress: {
      const address = file.addresses.find((a) => a.addressId === upload.addressId);
      if (!address) return 'addressId';
      address.uploadedDocuments.push(doc);
      address.addressStatus = 2;
      break;
    }
    default:
      file.sourceOfWealthDocuments.push({
        id: documentId,
        documentTypeId: upload.documentTypeId,
        statusId: DOCUMENT_STATUS.submitted,
        created,
        createdName: upload.sender,
        expiration: EXPIRING_SOURCE_OF_WEALTH_TYPES.includes(upload.documentTypeId) ? addDays(created, SOURCE_OF_WEALTH_VALID_DAYS) : null,
      });
  }
  saveCompanyFile(db, customerId, file, now);
  return { documentId };
}

/**
 * The service's decision on a document of the company's file (the control API): confirmed (2) or
 * refused (26, not readable); an address's proof confirms the address (1) or refuses it (3), a
 * representative's address the same. Only the file changes: never the personal verification flags.
 * False when the company has no such document.
 */
export function decideCompanyDocument(db: Db, customerId: number, documentId: number, decision: 'confirm' | 'reject', now: number): boolean {
  const file = storedCompanyFile(db, customerId);
  if (!file) return false;
  const statusId = decision === 'confirm' ? DOCUMENT_STATUS.confirmed : DOCUMENT_STATUS.rejected;
  const rejectReason = decision === 'confirm' ? null : NOT_READABLE;
  let found = false;
  for (const doc of documentLists(file).flat()) {
    if (doc.id !== documentId) continue;
    found = true;
    doc.statusId = statusId;
    doc.rejectReason = rejectReason;
  }
  for (const doc of file.sourceOfWealthDocuments) {
    if (doc.id !== documentId) continue;
    found = true;
    doc.statusId = statusId;
  }
  if (!found) return false;
  for (const address of [...file.addresses, ...Object.values(file.representativeAddresses)]) {
    if (address.uploadedDocuments.some((d) => d.id === documentId)) address.addressStatus = decision === 'confirm' ? 1 : 3;
  }
  saveCompanyFile(db, customerId, file, now);
  return true;
}

/** Whom news of a company's file goes to: the company and each of its authorised users. */
export const companyAudience = (db: Db, companyId: number): number[] => [
  companyId,
  ...(db.prepare('SELECT user_id FROM authorized_users WHERE company_id = ? ORDER BY rowid').all(companyId) as { user_id: number }[]).map((row) => row.user_id),
];

// ---- who may do what -----------------------------------------------------------------------------------

/** What a call does with the file: reads it, sends a document (a representative's address too), or changes it. */
export type CompanyFileUse = 'read' | 'upload' | 'change';

/**
 * The refusal of a use of the acting customer's file, or null (the caller may act for them:
 * sandbox/access.ts, asked first). Only a business has a file (anyone else: UE). Anyone who may act
 * for the company reads it; everyone but an admin sends its documents (a user without balanceInfo
 * too: 002 s6); only the owner or a user whose balanceInfo is full access (2) changes it
 * (mayChangeFile); admins read and change nothing.
 */
export function companyFileRefusal(db: Db, callerId: number | null, acting: number, use: CompanyFileUse): HandlerReply | null {
  if (!isBusiness(customerById(db, acting))) return refused(NOT_A_COMPANY, 'UE');
  if (use === 'read') return null;
  const caller = callerId === null ? undefined : customerById(db, callerId);
  if (!caller || caller.kind === 'admin') return refused(ADMIN_READS_ONLY, 'UE');
  if (use === 'upload') return null;
  // The owner's own access (full, unless another full-access user lowered it: issue 54), an authorised user's that relation's.
  const balanceInfo = accessFor(db, caller.id, acting)?.balanceInfo ?? 0;
  return mayChangeFile({ balanceInfo }) ? null : refused(FULL_ACCESS_ONLY, 'UE');
}
