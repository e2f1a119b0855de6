/**
 * The company's own file (issue 53; spec 002 s2 /company, /company/{path}, /company-documents; s3
 * Business, Source-of-wealth documents; s4 Representative and company action flags; s6 "a user
 * without balanceInfo access is limited to company documents"; s1 adult-industry options): pure
 * rules the pages, the statecharts and the sandbox share. Every decision is a table test
 * (tests/unit/company-file-rules.test.ts).
 */
import { DOCUMENT_STATUS, EXPIRES_SOON_DAYS } from '../verification/verification.rules.ts';

// ---- sections and who opens them -------------------------------------------------------------------

/** The sections of /company, in the order the page lists them; /company alone is the first (002 s2: "default screen is documents"). */
export const COMPANY_SECTIONS = ['documents', 'information', 'representatives', 'financial-details', 'declarations', 'source-of-wealth'] as const;
export type CompanySection = (typeof COMPANY_SECTIONS)[number];

/** /company/{path}: no path is documents; a known section is itself; anything else is not a page (404). */
export function sectionOfPath(path: string | undefined): CompanySection | null {
  if (path === undefined || path === '') return 'documents';
  return (COMPANY_SECTIONS as readonly string[]).includes(path) ? (path as CompanySection) : null;
}

/** The access levels (002 s3 Access right levels): 0 no access, 1 read, 2 full access, 3 initiate, 4 confirmed, 5 uploading. */
export const FULL_ACCESS_LEVEL = 2;

/** What the file's rules need to know of the user and the brand. */
export interface CompanyFileViewer {
  /** The acting customer is a company (customer kind 1 or 2). */
  isBusiness: boolean;
  /** accessList.balanceInfo of the acting customer's access info (002 s3); null for the company's owner (no access list: everything). */
  balanceInfo: number | null;
  /** The brand shows adult-industry options (000 s1: brands 1 and 2). */
  adultOptions: boolean;
  /** The brand's source-of-wealth feature (002 s1: on by default). */
  sourceOfWealth: boolean;
}

/** A user with no balance-info access reaches only the company's documents (002 s2 business start page 2, s6). */
export const limitedToDocuments = (viewer: Pick<CompanyFileViewer, 'balanceInfo'>): boolean => viewer.balanceInfo !== null && viewer.balanceInfo <= 0;

/**
 * Where a request for /company/{path} goes: `show` the section; `documentsOnly` (a user without
 * balanceInfo: /company-documents instead); `notFound` (an unknown path, a section the brand does not
 * have, a personal customer: the 404 page).
 */
export type SectionAccess = 'show' | 'documentsOnly' | 'notFound';

export function sectionAccess(section: CompanySection | null, viewer: CompanyFileViewer): SectionAccess {
  if (section === null || !viewer.isBusiness) return 'notFound';
  if (section === 'source-of-wealth' && !viewer.sourceOfWealth) return 'notFound';
  if (limitedToDocuments(viewer)) return 'documentsOnly';
  return 'show';
}

/** The sections the page's menu lists for this viewer (never one that sectionAccess would refuse). */
export const visibleSections = (viewer: CompanyFileViewer): CompanySection[] => COMPANY_SECTIONS.filter((section) => sectionAccess(section, viewer) === 'show');

/** Changing the file (financial details, due diligence, signing a statement): the owner or a user with full balance-info access. Uploading a document: anyone who may act for the company. */
export const mayChangeFile = (viewer: Pick<CompanyFileViewer, 'balanceInfo'>): boolean => viewer.balanceInfo === null || viewer.balanceInfo === FULL_ACCESS_LEVEL;

// ---- declarations ------------------------------------------------------------------------------------

/** The statements a company signs (002 s7 Business): the resolution everywhere; the adult-industry ones only where the brand shows adult-industry options. */
export const DECLARATION_KINDS = ['resolution', 'studio', 'streamingPlatform', 'prohibitedEscortStatement'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];
export const ADULT_DECLARATIONS: readonly DeclarationKind[] = ['studio', 'streamingPlatform', 'prohibitedEscortStatement'];

export const declarationsShown = (adultOptions: boolean): DeclarationKind[] => DECLARATION_KINDS.filter((kind) => adultOptions || !ADULT_DECLARATIONS.includes(kind));

/** The signer's full name as typed: 2 to 120 characters once trimmed; the statement accepted. */
export const SIGNED_NAME_MIN = 2;
export const SIGNED_NAME_MAX = 120;
export type SignatureProblem = 'nameRequired' | 'nameLength' | 'notAccepted';

export function signatureProblems(values: { signedName: string; accepted: boolean }): SignatureProblem[] {
  const name = values.signedName.trim();
  const problems: SignatureProblem[] = [];
  if (!name) problems.push('nameRequired');
  else if (name.length < SIGNED_NAME_MIN || name.length > SIGNED_NAME_MAX) problems.push('nameLength');
  if (!values.accepted) problems.push('notAccepted');
  return problems;
}

// ---- document sets and what the company must do -------------------------------------------------------

/** A set of company documents as the service sums it up (main.yaml CompanyDocumentSetStatus). */
export const DOCUMENT_SET_STATUS = { missing: 0, submitted: 1, confirmed: 2, rejected: 3, expired: 4 } as const;

/**
 * A set's status from its documents (what the service sums up, and the sandbox computes): none (or
 * only canceled or deleted ones) missing; otherwise the latest document decides: confirmed 2,
 * submitted / under investigation / pending 1, rejected / name mismatch 3, expired 4.
 */
export function documentSetStatus(documents: readonly { statusId: number }[]): number {
  const live = documents.filter((doc) => doc.statusId !== DOCUMENT_STATUS.canceled && doc.statusId !== DOCUMENT_STATUS.deleted);
  const latest = live.at(-1);
  if (!latest) return DOCUMENT_SET_STATUS.missing;
  switch (latest.statusId) {
    case DOCUMENT_STATUS.confirmed:
      return DOCUMENT_SET_STATUS.confirmed;
    case DOCUMENT_STATUS.rejected:
    case DOCUMENT_STATUS.nameMismatch:
      return DOCUMENT_SET_STATUS.rejected;
    case DOCUMENT_STATUS.expired:
      return DOCUMENT_SET_STATUS.expired;
    default:
      return DOCUMENT_SET_STATUS.submitted;
  }
}

/** The registration facts a company must have (002 s4 "registration fields are missing"). */
export const REGISTRATION_FIELDS = ['name', 'registrationCountryCode', 'registrationNumber', 'registrationDate'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface CompanyFacts {
  name?: string | null;
  registrationCountryCode?: string | null;
  registrationNumber?: string | null;
  registrationDate?: string | null;
  corporateDocumentStatus: number;
  additionalDocumentStatus: number;
  addresses: readonly { addressId: number; uploadedDocuments: readonly { statusId: number }[] }[];
}

/**
 * One thing the company must do, in the order the list shows them, each with the fix it links to:
 * the registration facts missing (the service reads them from the registration documents: send
 * them), a document set neither submitted nor confirmed, an address without a proof that is
 * submitted or confirmed.
 */
export type CompanyAction =
  | { kind: 'registrationFields'; fields: RegistrationField[] }
  | { kind: 'corporateDocuments'; status: number }
  | { kind: 'additionalDocuments'; status: number }
  | { kind: 'addressDocument'; addressId: number; statusId: number | null };

const setNeedsAction = (status: number) => status !== DOCUMENT_SET_STATUS.submitted && status !== DOCUMENT_SET_STATUS.confirmed;

/**
 * The company action flag as a list (002 s4): registration fields missing; document statuses not 1
 * or 2; address documents not status 0 or 2. An address's latest document decides it; an address with
 * no document at all needs one too (docs/decisions.md "Company documents").
 */
export function companyActions(company: CompanyFacts): CompanyAction[] {
  const actions: CompanyAction[] = [];
  const missing = REGISTRATION_FIELDS.filter((field) => !String(company[field] ?? '').trim());
  if (missing.length > 0) actions.push({ kind: 'registrationFields', fields: missing });
  if (setNeedsAction(company.corporateDocumentStatus)) actions.push({ kind: 'corporateDocuments', status: company.corporateDocumentStatus });
  if (setNeedsAction(company.additionalDocumentStatus)) actions.push({ kind: 'additionalDocuments', status: company.additionalDocumentStatus });
  for (const address of company.addresses) {
    const latest = address.uploadedDocuments.at(-1);
    if (!latest) actions.push({ kind: 'addressDocument', addressId: address.addressId, statusId: null });
    else if (latest.statusId !== DOCUMENT_STATUS.submitted && latest.statusId !== DOCUMENT_STATUS.confirmed) actions.push({ kind: 'addressDocument', addressId: address.addressId, statusId: latest.statusId });
  }
  return actions;
}

// ---- source of wealth --------------------------------------------------------------------------------

export interface SourceOfWealthDocumentFacts {
  id: number;
  documentTypeId: number;
  statusId: number;
  created: string;
  createdName: string;
  expiration: string | null;
}

/** How a source-of-wealth document stands on `today` (YYYY-MM-DD, the customer's day): refused and expired ones need a new one; a confirmed one within EXPIRES_SOON_DAYS of its expiration is highlighted. */
export type SourceOfWealthStanding = 'inReview' | 'valid' | 'expiringSoon' | 'expired' | 'rejected';

const dayNumber = (date: string) => Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000);

export function sourceOfWealthStanding(doc: Pick<SourceOfWealthDocumentFacts, 'statusId' | 'expiration'>, today: string): SourceOfWealthStanding {
  if (doc.statusId === DOCUMENT_STATUS.rejected || doc.statusId === DOCUMENT_STATUS.nameMismatch) return 'rejected';
  if (doc.statusId === DOCUMENT_STATUS.expired) return 'expired';
  if (doc.expiration) {
    const left = dayNumber(doc.expiration) - dayNumber(today);
    if (left < 0) return 'expired';
    if (doc.statusId === DOCUMENT_STATUS.confirmed && left <= EXPIRES_SOON_DAYS) return 'expiringSoon';
  }
  if (doc.statusId === DOCUMENT_STATUS.confirmed) return 'valid';
  return 'inReview';
}

/** The map as a list, newest first (by created, then id), each with its standing. */
export function sourceOfWealthList(documents: Readonly<Record<string, SourceOfWealthDocumentFacts>>, today: string): (SourceOfWealthDocumentFacts & { standing: SourceOfWealthStanding })[] {
  return Object.values(documents)
    .map((doc) => ({ ...doc, standing: sourceOfWealthStanding(doc, today) }))
    .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id);
}

/** A new source-of-wealth document is asked for when none is valid, in review or expiring soon (every one expired or refused, or none yet). */
export const sourceOfWealthNeeded = (list: readonly { standing: SourceOfWealthStanding }[]): boolean => !list.some((doc) => doc.standing === 'valid' || doc.standing === 'expiringSoon' || doc.standing === 'inReview');
