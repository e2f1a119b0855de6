/**
 * Account verification (spec 002 s3 Address, Identity document, Document statuses, User status;
 * s4 Account verification status, Setting user status, Representative and company action flags): pure rules the verification statechart, the banners, the profile and the sandbox
 * share. Every decision is a table test (tests/unit/verification-rules.test.ts).
 */
import { customerKindOf, isBusinessKind } from '../shared/customer-kind.ts';

// ---- document and address statuses ------------------------------------------------------------

/** The numeric document statusIds (002 s3). */
export const DOCUMENT_STATUS = {
  submitted: 0,
  confirmed: 2,
  canceled: 4,
  deleted: 5,
  rejected: 26,
  underInvestigation: 31,
  expired: 38,
  pending: 41,
  nameMismatch: 64,
} as const;

/** Address statuses (002 s3): 0 unconfirmed, 1 confirmed, 2 pending, 3 rejected, 4 name mismatch. */
export const ADDRESS_STATUS = { unconfirmed: 0, confirmed: 1, pending: 2, rejected: 3, nameMismatch: 4 } as const;

/** The named statuses the screens use (002 s3). */
export const NAMED_STATUSES = ['validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon'] as const;
export type NamedStatus = (typeof NAMED_STATUSES)[number];

/** A confirmed document expiring within this many days is "expiredSoon" (the spec gives no number: docs/decisions.md). */
export const EXPIRES_SOON_DAYS = 30;

/** Whole days from one date to another (a date-time counts by its date). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);

/**
 * One mapping from a document's statusId to the named status: confirmed is validated (expiredSoon
 * when it expires within EXPIRES_SOON_DAYS of `today`, or has expired); submitted, under
 * investigation and pending are pending; rejected and name mismatch are rejected; expired is
 * expiredSoon (a new one is due); canceled, deleted, none or an unknown id is none.
 */
export function namedDocumentStatus(statusId: number | null | undefined, expires?: { expiresDate?: string | null | undefined; today: string }): NamedStatus {
  switch (statusId) {
    case DOCUMENT_STATUS.confirmed:
      return expires?.expiresDate && daysBetween(expires.today, expires.expiresDate) <= EXPIRES_SOON_DAYS ? 'expiredSoon' : 'validated';
    case DOCUMENT_STATUS.submitted:
    case DOCUMENT_STATUS.underInvestigation:
    case DOCUMENT_STATUS.pending:
      return 'pending';
    case DOCUMENT_STATUS.rejected:
    case DOCUMENT_STATUS.nameMismatch:
      return 'rejected';
    case DOCUMENT_STATUS.expired:
      return 'expiredSoon';
    default:
      return 'none';
  }
}

/** An address status (0-4) as the screens name it: confirmed validated, pending pending, rejected and name mismatch rejected, unconfirmed (or unknown) none. */
export function namedAddressStatus(addressStatus: number | null | undefined): NamedStatus {
  switch (addressStatus) {
    case ADDRESS_STATUS.confirmed:
      return 'validated';
    case ADDRESS_STATUS.pending:
      return 'pending';
    case ADDRESS_STATUS.rejected:
    case ADDRESS_STATUS.nameMismatch:
      return 'rejected';
    default:
      return 'none';
  }
}

export interface UploadedDocument {
  id?: number | string;
  statusId: number | null;
  documentTypeId?: number;
  issuedDate?: string | null;
  expiresDate?: string | null;
  rejectReason?: string | null;
}

/** Pending documents (002 s4): submitted or under investigation. */
export const isPendingDocument = (doc: UploadedDocument): boolean => doc.statusId === DOCUMENT_STATUS.submitted || doc.statusId === DOCUMENT_STATUS.underInvestigation;

/** In review: pending (41), submitted or under investigation — none of these is finished. */
export const isInReview = (doc: UploadedDocument): boolean => isPendingDocument(doc) || doc.statusId === DOCUMENT_STATUS.pending;

/** Documents need an upload unless there are some and all are confirmed (002 s4). */
export const needsUpload = (docs: readonly UploadedDocument[]): boolean => docs.length === 0 || !docs.every((d) => d.statusId === DOCUMENT_STATUS.confirmed);

/** Documents are in review when there are some and all are pending, submitted or under investigation (002 s4). */
export const allInReview = (docs: readonly UploadedDocument[]): boolean => docs.length > 0 && docs.every(isInReview);

// ---- the customer's facts ----------------------------------------------------------------------

export interface VerificationAddress {
  addressId?: number;
  addressStatus: number | null;
  /** Null (or absent) means confirmed (002 s3: defaults to confirmed when null). */
  confirmed?: boolean | null | undefined;
  uploadedDocuments: readonly UploadedDocument[];
  isDocumentOutOfDate?: boolean | undefined;
  isCardDocumentRequired?: boolean | undefined;
  isDocumentRequired?: boolean | undefined;
}

export interface LimitReason {
  /** 1 expired documents, 2 unpaid invoice, 3 sanctions, 4 adverse media, 5 account investigation. */
  actionTypeId: number;
  requirementDocuments: readonly { documentTypeId?: number; name?: string; uploadedDocuments: readonly UploadedDocument[] }[];
}

/** The four certification statuses (002 s3 FATCA/CRS), as named statuses. */
export interface CertificationStatuses {
  w9FormDocumentStatus: NamedStatus;
  certificateOfLossOfNationalityDocumentStatus: NamedStatus;
  taxResidencySelfCertificationDocumentStatus: NamedStatus;
  w8BenFormDocumentStatus: NamedStatus;
}

/** The due diligence info (002 s3 User status; dueDiligenceInfoGet): the level's documents, each with its latest upload's statusId (null: none sent). */
export interface DueDiligenceInfo {
  level: number | null;
  documents: readonly { documentTypeId: number; name?: string | undefined; required: boolean; statusId: number | null }[];
}

export interface VerificationFacts {
  kind: 'personal' | 'business';
  /** An unauthorised representative (002 s6). */
  representative: boolean;
  /** The verified flag inverted (002 s4 Setting user status). */
  unverified: boolean;
  limited: boolean;
  limitReasons: readonly LimitReason[];
  /** Documents asked for again because the same documents were uploaded elsewhere (decision: see duplicateDocumentsState). */
  duplicateDocuments: { required: boolean; uploadedDocuments: readonly UploadedDocument[] };
  certification: CertificationStatuses;
  addresses: readonly VerificationAddress[];
  /** Proof of residence; not required unless the service says otherwise (002 s3 profile). */
  proofOfResidence: NamedStatus;
  /** The identity document's statusId (null: none yet), its uploaded documents, and why it was refused. */
  identity: { statusId: number | null; uploadedDocuments: readonly UploadedDocument[]; rejectReason?: string | null | undefined };
  phones: readonly { confirmed: boolean }[];
  videoIdentity: NamedStatus | null;
  /** The due diligence info, loaded when the customer's due diligence level is 1 or 4 (002 s4 Setting user status); null otherwise. */
  dueDiligence: DueDiligenceInfo | null;
}

// ---- required actions (002 s4) -------------------------------------------------------------------

export const REQUIRED_ACTIONS = ['fatca', 'address', 'proofOfResidence', 'identity', 'phone', 'videoIdentity'] as const;
export type RequiredAction = (typeof REQUIRED_ACTIONS)[number];

const CERTIFICATION_KEYS = ['w9FormDocumentStatus', 'certificateOfLossOfNationalityDocumentStatus', 'taxResidencySelfCertificationDocumentStatus', 'w8BenFormDocumentStatus'] as const;

/** An address counts as confirmed unless it says otherwise (null is confirmed). */
export const addressConfirmed = (address: VerificationAddress): boolean => address.confirmed !== false;

/**
 * The required actions, in the spec's order (002 s4): the FATCA section incomplete (personal
 * only: any of the four certification statuses none or rejected); a missing or unconfirmed
 * address; proof of residence expiring soon, none or rejected; the identity undefined, name
 * mismatch, rejected or cancelled; an unconfirmed phone; a rejected video identity.
 */
export function requiredActions(facts: VerificationFacts): RequiredAction[] {
  const out: RequiredAction[] = [];
  if (facts.kind === 'personal' && CERTIFICATION_KEYS.some((key) => facts.certification[key] === 'none' || facts.certification[key] === 'rejected')) out.push('fatca');
  if (facts.addresses.length === 0 || facts.addresses.some((a) => !addressConfirmed(a))) out.push('address');
  if (facts.proofOfResidence === 'expiredSoon' || facts.proofOfResidence === 'none' || facts.proofOfResidence === 'rejected') out.push('proofOfResidence');
  const identity = facts.identity.statusId;
  if (identity === null || identity === DOCUMENT_STATUS.nameMismatch || identity === DOCUMENT_STATUS.rejected || identity === DOCUMENT_STATUS.canceled) out.push('identity');
  if (facts.phones.some((p) => !p.confirmed)) out.push('phone');
  if (facts.videoIdentity === 'rejected') out.push('videoIdentity');
  return out;
}

/** The identity and address documents uploaded (those the verification looks at). */
export const verificationDocuments = (facts: VerificationFacts): UploadedDocument[] => [...facts.identity.uploadedDocuments, ...facts.addresses.flatMap((a) => a.uploadedDocuments)];

// ---- the status (002 s4, first match wins) ------------------------------------------------------

export const VERIFICATION_STATUSES = [
  'checked',
  'limited',
  'processing',
  'verificationProcessing',
  'unverified',
  'duplicateDocuments',
  'duplicateDocumentsUploaded',
  'hasRequiredActions',
  'someCardDocumentRequired',
  'finalReview',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The warning states (002 s4): a banner shows. */
export const WARNING_STATUSES: readonly VerificationStatus[] = ['limited', 'duplicateDocuments', 'duplicateDocumentsUploaded', 'unverified', 'hasRequiredActions', 'someCardDocumentRequired'];

/** A limit requirement is covered when one of its uploads is in review or confirmed (a refused one needs another). */
const requirementCovered = (requirement: LimitReason['requirementDocuments'][number]): boolean =>
  requirement.uploadedDocuments.some((d) => isInReview(d) || d.statusId === DOCUMENT_STATUS.confirmed);

/** Every limit reason has its documents uploaded: each has requirements, each covered (a reason without documents to give cannot be). */
const limitDocumentsUploaded = (reasons: readonly LimitReason[]): boolean =>
  reasons.length > 0 && reasons.every((r) => r.requirementDocuments.length > 0 && r.requirementDocuments.every(requirementCovered));

/** The limit documents are under review: all uploaded, and some still in review (all confirmed: the service lifts the limit). */
const limitDocumentsInReview = (reasons: readonly LimitReason[]): boolean =>
  limitDocumentsUploaded(reasons) && reasons.some((r) => r.requirementDocuments.some((d) => d.uploadedDocuments.some(isInReview)));

/**
 * Duplicate documents (no rule of the spec names when they apply; docs/decisions.md): while the
 * service requires them, none uploaded is duplicateDocuments, uploaded but not all finished
 * (confirmed) is duplicateDocumentsUploaded; all confirmed no longer stops the order.
 */
export function duplicateDocumentsState(duplicate: VerificationFacts['duplicateDocuments']): 'duplicateDocuments' | 'duplicateDocumentsUploaded' | null {
  if (!duplicate.required) return null;
  if (duplicate.uploadedDocuments.length === 0) return 'duplicateDocuments';
  return duplicate.uploadedDocuments.every((d) => d.statusId === DOCUMENT_STATUS.confirmed) ? null : 'duplicateDocumentsUploaded';
}

/**
 * A group of the unverified status's documents (the identity's, an address's) is still to give:
 * not all confirmed (or none), and nothing of it in review. The status (rule 5) and the profile
 * (what it shows and offers to send) ask this one rule, so they never disagree (issue 45: the
 * status asked for documents the profile showed as accepted, with nothing to send).
 */
export const stillToGive = (docs: readonly UploadedDocument[]): boolean => needsUpload(docs) && !docs.some(isInReview);

/**
 * The identity document's status as the profile shows it: the service's statusId named, unless
 * the customer is unverified and its documents are still to give (the verification waits for
 * them): then the newest upload's status (a refused one), or none.
 */
export function identityShownStatus(
  facts: Pick<VerificationFacts, 'unverified' | 'identity'> | null | undefined,
  statusId: number | null,
  expires?: { expiresDate?: string | null | undefined; today: string },
): NamedStatus {
  const named = namedDocumentStatus(statusId, expires);
  if (!facts?.unverified || !stillToGive(facts.identity.uploadedDocuments)) return named;
  const last = facts.identity.uploadedDocuments.at(-1);
  return last ? namedDocumentStatus(last.statusId) : 'none';
}

/** A card needs a document for an address (decision: a verified customer's address that asks for a card document and has no confirmed one). */
export const cardDocumentRequired = (facts: VerificationFacts): boolean => facts.addresses.some((a) => a.isCardDocumentRequired === true && needsUpload(a.uploadedDocuments));

/**
 * The account verification status (002 s4), the first matching rule winning:
 * 1. a representative is checked;
 * 2. limited: processing when every limit reason's documents are uploaded (each requirement has
 *    an upload in review or confirmed) and some are in review, else limited;
 * 3. duplicate documents required: duplicateDocuments (none uploaded) or duplicateDocumentsUploaded
 *    (uploaded, not all finished);
 * 4. required actions above zero: hasRequiredActions;
 * 5. unverified: processing when the limit documents are all uploaded; unverified while the
 *    identity's or an address's documents need an upload and none of that group is in review;
 *    verificationProcessing while some are in review; then finalReview (personal) or checked
 *    (business);
 * 6. someCardDocumentRequired (decision: after every spec rule, a verified customer's address that
 *    asks for a card document);
 * 7. otherwise checked.
 */
export function verificationStatus(facts: VerificationFacts): VerificationStatus {
  if (facts.representative) return 'checked';
  if (facts.limited) return limitDocumentsInReview(facts.limitReasons) ? 'processing' : 'limited';
  const duplicate = duplicateDocumentsState(facts.duplicateDocuments);
  if (duplicate) return duplicate;
  if (requiredActions(facts).length > 0) return 'hasRequiredActions';
  if (facts.unverified) {
    if (limitDocumentsUploaded(facts.limitReasons)) return 'processing';
    // Each group of documents (the identity's, each address's) still to give, with nothing of it in review: actions remain.
    const groups = [facts.identity.uploadedDocuments, ...(facts.addresses.length === 0 ? [[]] : facts.addresses.map((a) => a.uploadedDocuments))];
    if (groups.some(stillToGive)) return 'unverified';
    if (verificationDocuments(facts).some(isInReview)) return 'verificationProcessing';
    return facts.kind === 'personal' ? 'finalReview' : 'checked';
  }
  if (cardDocumentRequired(facts)) return 'someCardDocumentRequired';
  return 'checked';
}

/** Where a warning links (002 s4): limited to the limited-account page; unverified and required actions to the profile. */
export function warningLink(status: VerificationStatus): '/limited-account' | '/profile' | null {
  if (status === 'limited') return '/limited-account';
  if (status === 'unverified' || status === 'hasRequiredActions' || status === 'someCardDocumentRequired' || status === 'duplicateDocuments' || status === 'duplicateDocumentsUploaded') return '/profile';
  return null;
}

/** Whether a document with this named status is asked for again: none yet, refused, or expiring (not while under review, accepted or not required). */
export const documentAskedFor = (named: NamedStatus): boolean => named === 'none' || named === 'rejected' || named === 'expiredSoon';

/**
 * Whether an address needs a (new) proof now: never while one is under review; an out-of-date
 * proof, always; otherwise when a proof is asked for (the address or a card needs one, or the
 * address is not confirmed) and no confirmed one covers it.
 */
export function addressProofNeeded(address: VerificationAddress, unverified = false): boolean {
  if (address.uploadedDocuments.some(isInReview)) return false;
  if (address.isDocumentOutOfDate === true) return true;
  // An unverified customer's verification waits for every address's proof (stillToGive).
  const asked = unverified || address.isDocumentRequired === true || address.isCardDocumentRequired === true || address.addressStatus !== ADDRESS_STATUS.confirmed;
  return asked && needsUpload(address.uploadedDocuments);
}

/** What the profile says about an address, beside its status. */
export type AddressNotice = 'outOfDate' | 'cardAddress' | 'confirmStillHere' | 'proofToVerify';

/**
 * The notices of an address on the profile, in the order shown: its proof out of date, a card sent
 * to it that needs a proof, the customer asked to confirm they still live there (`confirmed` false;
 * null means confirmed, 002 s3), and, for an unverified customer who has sent no proof of it yet,
 * that the verification waits for one (a refused proof says why instead, under it).
 */
export function addressNotices(address: VerificationAddress, unverified = false): AddressNotice[] {
  const notices: AddressNotice[] = [];
  if (address.isDocumentOutOfDate === true) notices.push('outOfDate');
  if (address.isCardDocumentRequired === true) notices.push('cardAddress');
  if (address.confirmed === false) notices.push('confirmStillHere');
  if (unverified && address.uploadedDocuments.length === 0 && addressProofNeeded(address, unverified)) notices.push('proofToVerify');
  return notices;
}

/** The required-action reasons of a limit (002 s4), by actionTypeId. */
export const LIMIT_REASONS = { 1: 'expiredDocuments', 2: 'unpaidInvoice', 3: 'sanctions', 4: 'adverseMedia', 5: 'accountInvestigation' } as const;
export type LimitReasonName = (typeof LIMIT_REASONS)[keyof typeof LIMIT_REASONS];
export const limitReasonName = (actionTypeId: number): LimitReasonName | null => LIMIT_REASONS[actionTypeId as keyof typeof LIMIT_REASONS] ?? null;

// ---- setting the user status (002 s4) --------------------------------------------------------------

export interface UserStatusFlags {
  verified: boolean;
  limited: boolean;
  isNeedKyc: boolean;
  isNeedPersonalInfoUpdate: boolean;
  dueDiligenceLevel: number;
}

export type UserStatusLoad = 'kycDictionaries' | 'customerInfo' | 'profileUpdateRequest' | 'dueDiligenceInfo' | 'limitReasons';

/** What setting the user status loads: KYC dictionaries and customer info (KYC or a personal update needed), the profile update request (personal update), due diligence info (level 1 or 4), limit reasons (limited). */
export function userStatusLoads(flags: UserStatusFlags): UserStatusLoad[] {
  const loads: UserStatusLoad[] = [];
  if (flags.isNeedKyc || flags.isNeedPersonalInfoUpdate) loads.push('kycDictionaries', 'customerInfo');
  if (flags.isNeedPersonalInfoUpdate) loads.push('profileUpdateRequest');
  if (flags.dueDiligenceLevel === 1 || flags.dueDiligenceLevel === 4) loads.push('dueDiligenceInfo');
  if (flags.limited) loads.push('limitReasons');
  return loads;
}

/** Whether the facts loader asks for the due diligence info (002 s4: level 1 or 4), by userStatusLoads. */
export const loadsDueDiligence = (flags: UserStatusFlags): boolean => userStatusLoads(flags).includes('dueDiligenceInfo');

/** Whether the facts loader asks for the limit reasons (002 s4: limited), by userStatusLoads. */
export const loadsLimitReasons = (flags: UserStatusFlags): boolean => userStatusLoads(flags).includes('limitReasons');

/** The verified flag inverts to unverified (002 s4). */
export const unverifiedOf = (flags: Pick<UserStatusFlags, 'verified'>): boolean => !flags.verified;

// ---- representative and company action flags (002 s4) ----------------------------------------------

/** A representative needs action when any address, identity or control document status is set and is not 1 or 2. */
export function representativeNeedsAction(statuses: { address?: number | null; identity?: number | null; control?: number | null }): boolean {
  return [statuses.address, statuses.identity, statuses.control].some((s) => s !== null && s !== undefined && s !== 1 && s !== 2);
}

/** A company needs action when registration fields are missing, document statuses are not 1 or 2, or address documents are not status 0 or 2. */
export function companyNeedsAction(company: { registrationFields: readonly (string | null | undefined)[]; documentStatuses: readonly number[]; addressDocumentStatuses: readonly number[] }): boolean {
  if (company.registrationFields.some((field) => !field || !String(field).trim())) return true;
  if (company.documentStatuses.some((s) => s !== 1 && s !== 2)) return true;
  return company.addressDocumentStatuses.some((s) => s !== 0 && s !== 2);
}

// ---- the facts from the service's replies --------------------------------------------------------

/** The replies the facts are read from (main.yaml: customerInfo, identityGet, addressInquiry, profileInquiry, customerLimitReasonGet, personalFatcaCrsCertificationGet, dueDiligenceInfoGet). */
export interface VerificationReplies {
  /** customerType as the service sends it (CustomerKind, 002 s3: personal 0, old business 1, business 2). */
  customer: { customerType: number; verified: boolean; limited: boolean; isAuthorisedUser?: boolean | undefined };
  identity: { identity?: { status?: number | null; uploadedDocuments?: readonly UploadedDocument[]; rejectReason?: string | null } | undefined; videoIdentityStatus?: NamedStatus | null | undefined; proofOfResidenceStatus?: NamedStatus | undefined };
  addresses: readonly VerificationAddress[];
  profile: { phones?: readonly { confirmed: boolean }[] | undefined; duplicateDocuments?: { required: boolean; uploadedDocuments: readonly UploadedDocument[] } | undefined };
  /** Only asked for when the customer is limited. */
  limitReasons: readonly LimitReason[];
  /** Only asked for personal customers. */
  certification: CertificationStatuses | null;
  /** Only asked for at due diligence level 1 or 4 (loadsDueDiligence); absent or null otherwise. */
  dueDiligence?: DueDiligenceInfo | null | undefined;
}

const VALIDATED_CERTIFICATION: CertificationStatuses = {
  w9FormDocumentStatus: 'validated',
  certificateOfLossOfNationalityDocumentStatus: 'validated',
  taxResidencySelfCertificationDocumentStatus: 'validated',
  w8BenFormDocumentStatus: 'validated',
};

/**
 * The facts the status is decided from: a business user who is not an authorised user is a
 * representative (002 s6); unverified is the verified flag inverted (002 s4); proof of residence
 * is not required unless the service says so; no certification asked (business) counts as validated.
 */
export function factsFromReplies(replies: VerificationReplies): VerificationFacts {
  return {
    kind: customerKindOf(replies.customer.customerType).kind,
    representative: isBusinessKind(replies.customer.customerType) && replies.customer.isAuthorisedUser === false,
    unverified: unverifiedOf(replies.customer),
    limited: replies.customer.limited,
    limitReasons: replies.limitReasons,
    duplicateDocuments: replies.profile.duplicateDocuments ?? { required: false, uploadedDocuments: [] },
    certification: replies.certification ?? VALIDATED_CERTIFICATION,
    addresses: replies.addresses,
    proofOfResidence: replies.identity.proofOfResidenceStatus ?? 'notRequired',
    identity: {
      statusId: replies.identity.identity?.status ?? null,
      uploadedDocuments: replies.identity.identity?.uploadedDocuments ?? [],
      rejectReason: replies.identity.identity?.rejectReason ?? null,
    },
    phones: replies.profile.phones ?? [],
    videoIdentity: replies.identity.videoIdentityStatus ?? null,
    dueDiligence: replies.dueDiligence ?? null,
  };
}

// ---- document uploads (002 s3 Document statuses and categories) ------------------------------------

/** Document categories (002 s3): 1 identity … 12 residence permit. */
export const DOCUMENT_CATEGORIES = {
  identity: 1,
  address: 2,
  phone: 3,
  businessRegistration: 4,
  other: 5,
  relationship: 6,
  businessAddress: 7,
  registrationAddress: 8,
  control: 9,
  businessAdditional: 10,
  sourceOfWealth: 11,
  residencePermit: 12,
} as const;

/** File kinds taken (a photo or a scan) and the largest file (decision: 10 MB). */
export const DOCUMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const DOCUMENT_MAX_BYTES = 10_000_000;

export type DocumentPart = 'front' | 'back' | 'stamp';
export type DocumentUploadProblem = 'frontMissing' | 'backMissing' | 'stampMissing' | 'fileType' | 'fileSize' | 'empty';

/** What is wrong with one file of a document (a PDF, JPEG or PNG, not empty, at most 10 MB), or null. */
export function documentFileProblem(file: { type: string; size: number }): 'fileType' | 'fileSize' | 'empty' | null {
  if (!(DOCUMENT_FILE_TYPES as readonly string[]).includes(file.type)) return 'fileType';
  if (file.size === 0) return 'empty';
  if (file.size > DOCUMENT_MAX_BYTES) return 'fileSize';
  return null;
}

/** The parts a document type needs (002 s3): types 4 and 5 front and back; type 88 in RU and UA the passport front and the registration stamp. */
export function partsNeeded(documentTypeId: number, countryCode: string | null | undefined): DocumentPart[] {
  if (documentTypeId === 4 || documentTypeId === 5) return ['front', 'back'];
  if (documentTypeId === 88 && (countryCode === 'RU' || countryCode === 'UA')) return ['front', 'stamp'];
  return ['front'];
}

/** What is wrong with the files chosen for a document, by part (checked before anything is sent). */
export function documentUploadProblems(
  documentTypeId: number,
  countryCode: string | null | undefined,
  files: Partial<Record<DocumentPart, { type: string; size: number } | null | undefined>>,
): Partial<Record<DocumentPart, DocumentUploadProblem>> {
  const problems: Partial<Record<DocumentPart, DocumentUploadProblem>> = {};
  for (const part of partsNeeded(documentTypeId, countryCode)) {
    const file = files[part];
    if (!file) problems[part] = part === 'front' ? 'frontMissing' : part === 'back' ? 'backMissing' : 'stampMissing';
    else {
      const problem = documentFileProblem(file);
      if (problem) problems[part] = problem;
    }
  }
  return problems;
}
