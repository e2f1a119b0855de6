// @vitest-environment node
import {
  ADDRESS_STATUS,
  DOCUMENT_STATUS,
  EXPIRES_SOON_DAYS,
  LIMIT_REASONS,
  NAMED_STATUSES,
  REQUIRED_ACTIONS,
  VERIFICATION_STATUSES,
  WARNING_STATUSES,
  addressConfirmed,
  addressNotices,
  addressProofNeeded,
  identityShownStatus,
  stillToGive,
  documentAskedFor,
  allInReview,
  cardDocumentRequired,
  companyNeedsAction,
  duplicateDocumentsState,
  isInReview,
  isPendingDocument,
  limitReasonName,
  loadsDueDiligence,
  loadsLimitReasons,
  namedAddressStatus,
  namedDocumentStatus,
  needsUpload,
  representativeNeedsAction,
  requiredActions,
  unverifiedOf,
  userStatusLoads,
  verificationDocuments,
  verificationStatus,
  warningLink,
  type CertificationStatuses,
  type LimitReason,
  type LimitReasonName,
  type NamedStatus,
  type RequiredAction,
  type UploadedDocument,
  type UserStatusFlags,
  type UserStatusLoad,
  type VerificationAddress,
  type VerificationFacts,
  type VerificationStatus,
  factsFromReplies,
  partsNeeded,
  documentUploadProblems,
  DOCUMENT_MAX_BYTES,
} from '@machines/verification/verification.rules';
import { factsFor } from '@machines/verification/verification.fixtures';

/**
 * The verification rules (spec 002 s3 "Address", "Document statuses", "User status"; s4 "Account
 * verification status", "Setting user status", "Representative and company action flags"): the
 * named statuses, the required actions, the verification status (first match wins), the warning
 * links, what setting the user status loads and the representative and company action flags;
 * every branch and boundary of each rule.
 */

// ---- builders ----------------------------------------------------------------------------------------

const doc = (statusId: number | null, over: Partial<UploadedDocument> = {}): UploadedDocument => ({ statusId, ...over });

const CONFIRMED = DOCUMENT_STATUS.confirmed;

/** A confirmed address with one confirmed document. */
const address = (over: Partial<VerificationAddress> = {}): VerificationAddress => ({
  addressId: 1,
  addressStatus: ADDRESS_STATUS.confirmed,
  confirmed: true,
  uploadedDocuments: [doc(CONFIRMED)],
  ...over,
});

const CERTIFIED: CertificationStatuses = {
  w9FormDocumentStatus: 'validated',
  certificateOfLossOfNationalityDocumentStatus: 'validated',
  taxResidencySelfCertificationDocumentStatus: 'validated',
  w8BenFormDocumentStatus: 'validated',
};

const CERTIFICATION_KEYS = Object.keys(CERTIFIED) as (keyof CertificationStatuses)[];

/** A fully checked personal customer: nothing to do, verified, not limited. */
function facts(over: Partial<VerificationFacts> = {}): VerificationFacts {
  return {
    kind: 'personal',
    representative: false,
    unverified: false,
    limited: false,
    limitReasons: [],
    duplicateDocuments: { required: false, uploadedDocuments: [] },
    certification: { ...CERTIFIED },
    addresses: [address()],
    proofOfResidence: 'notRequired',
    identity: { statusId: CONFIRMED, uploadedDocuments: [doc(CONFIRMED)] },
    phones: [{ confirmed: true }],
    videoIdentity: null,
    dueDiligence: null,
    ...over,
  };
}

/** A limit reason whose requirements carry these uploads (one requirement per array). */
const reason = (actionTypeId: number, ...requirements: (number | null)[][]): LimitReason => ({
  actionTypeId,
  requirementDocuments: requirements.map((statuses) => ({ uploadedDocuments: statuses.map((s) => doc(s)) })),
});

/** Documents for the identity and one address (the documents the unverified rule looks at). */
const withDocuments = (identity: (number | null)[], addressDocs: (number | null)[]): Partial<VerificationFacts> => ({
  identity: { statusId: CONFIRMED, uploadedDocuments: identity.map((s) => doc(s)) },
  addresses: [address({ uploadedDocuments: addressDocs.map((s) => doc(s)) })],
});

const TODAY = '2024-02-20';
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// ---- constants (002 s3, s4) --------------------------------------------------------------------------

describe('the constants are the spec values', () => {
  it.each([
    ['the document statusIds (s3 Document statuses)', DOCUMENT_STATUS, { submitted: 0, confirmed: 2, canceled: 4, deleted: 5, rejected: 26, underInvestigation: 31, expired: 38, pending: 41, nameMismatch: 64 }],
    ['the address statuses (s3 Address)', ADDRESS_STATUS, { unconfirmed: 0, confirmed: 1, pending: 2, rejected: 3, nameMismatch: 4 }],
    ['the named statuses (s3 Document statuses)', NAMED_STATUSES, ['validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon']],
    ['the required actions in the spec order (s4)', REQUIRED_ACTIONS, ['fatca', 'address', 'proofOfResidence', 'identity', 'phone', 'videoIdentity']],
    [
      'the verification states (s4)',
      VERIFICATION_STATUSES,
      ['checked', 'limited', 'processing', 'verificationProcessing', 'unverified', 'duplicateDocuments', 'duplicateDocumentsUploaded', 'hasRequiredActions', 'someCardDocumentRequired', 'finalReview'],
    ],
    ['the warning states (s4)', WARNING_STATUSES, ['limited', 'duplicateDocuments', 'duplicateDocumentsUploaded', 'unverified', 'hasRequiredActions', 'someCardDocumentRequired']],
    ['the limit reasons by actionTypeId (s4)', LIMIT_REASONS, { 1: 'expiredDocuments', 2: 'unpaidInvoice', 3: 'sanctions', 4: 'adverseMedia', 5: 'accountInvestigation' }],
    ['expiring soon is within 30 days (docs/decisions.md)', EXPIRES_SOON_DAYS, 30],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

// ---- named statuses (002 s3) -------------------------------------------------------------------------

describe('a document statusId as a named status (namedDocumentStatus)', () => {
  it.each<[string, number | null | undefined, NamedStatus]>([
    ['0 submitted is pending', 0, 'pending'],
    ['2 confirmed is validated', 2, 'validated'],
    ['4 canceled is none', 4, 'none'],
    ['5 deleted is none', 5, 'none'],
    ['26 rejected is rejected', 26, 'rejected'],
    ['31 under investigation is pending', 31, 'pending'],
    ['38 expired is expiredSoon (a new one is due)', 38, 'expiredSoon'],
    ['41 pending is pending', 41, 'pending'],
    ['64 name mismatch is rejected', 64, 'rejected'],
    ['null (no document) is none', null, 'none'],
    ['undefined is none', undefined, 'none'],
    ['an unknown id (1) is none', 1, 'none'],
    ['an unknown id (99) is none', 99, 'none'],
    ['an unknown id (-1) is none', -1, 'none'],
  ])('%s', (_name, statusId, expected) => {
    expect(namedDocumentStatus(statusId)).toBe(expected);
  });

  it.each<[string, number, { expiresDate?: string | null; today: string } | undefined, NamedStatus]>([
    ['confirmed, expires exactly 30 days after today: expiredSoon', 2, { expiresDate: plusDays(TODAY, EXPIRES_SOON_DAYS), today: TODAY }, 'expiredSoon'],
    ['confirmed, expires exactly 30 days after today (written out, across 29 February)', 2, { expiresDate: '2024-03-21', today: TODAY }, 'expiredSoon'],
    ['confirmed, expires 31 days after today: validated', 2, { expiresDate: plusDays(TODAY, EXPIRES_SOON_DAYS + 1), today: TODAY }, 'validated'],
    ['confirmed, expires 31 days after today (written out)', 2, { expiresDate: '2024-03-22', today: TODAY }, 'validated'],
    ['confirmed, expires in a year: validated', 2, { expiresDate: '2025-02-20', today: TODAY }, 'validated'],
    ['confirmed, expires tomorrow: expiredSoon', 2, { expiresDate: plusDays(TODAY, 1), today: TODAY }, 'expiredSoon'],
    ['confirmed, expires today: expiredSoon', 2, { expiresDate: TODAY, today: TODAY }, 'expiredSoon'],
    ['confirmed, expired yesterday: expiredSoon', 2, { expiresDate: plusDays(TODAY, -1), today: TODAY }, 'expiredSoon'],
    ['confirmed, expired a year ago: expiredSoon', 2, { expiresDate: '2023-02-20', today: TODAY }, 'expiredSoon'],
    ['confirmed, no expiresDate (null): validated', 2, { expiresDate: null, today: TODAY }, 'validated'],
    ['confirmed, no expiresDate (absent): validated', 2, { today: TODAY }, 'validated'],
    ['confirmed, empty expiresDate: validated', 2, { expiresDate: '', today: TODAY }, 'validated'],
    ['confirmed, no expiry information at all: validated', 2, undefined, 'validated'],
    ['pending (41) expiring tomorrow stays pending (expiry only matters when confirmed)', 41, { expiresDate: plusDays(TODAY, 1), today: TODAY }, 'pending'],
    ['rejected (26) expiring tomorrow stays rejected', 26, { expiresDate: plusDays(TODAY, 1), today: TODAY }, 'rejected'],
    ['expired (38) expiring in a year is still expiredSoon', 38, { expiresDate: '2025-02-20', today: TODAY }, 'expiredSoon'],
    ['canceled (4) expiring tomorrow stays none', 4, { expiresDate: plusDays(TODAY, 1), today: TODAY }, 'none'],
  ])('%s', (_name, statusId, expires, expected) => {
    expect(namedDocumentStatus(statusId, expires)).toBe(expected);
  });
});

describe('an address status as a named status (namedAddressStatus)', () => {
  it.each<[string, number | null | undefined, NamedStatus]>([
    ['0 unconfirmed is none', 0, 'none'],
    ['1 confirmed is validated', 1, 'validated'],
    ['2 pending is pending', 2, 'pending'],
    ['3 rejected is rejected', 3, 'rejected'],
    ['4 name mismatch is rejected', 4, 'rejected'],
    ['null is none', null, 'none'],
    ['undefined is none', undefined, 'none'],
    ['an unknown status (5) is none', 5, 'none'],
    ['an unknown status (-1) is none', -1, 'none'],
  ])('%s', (_name, status, expected) => {
    expect(namedAddressStatus(status)).toBe(expected);
  });
});

// ---- documents (002 s4) ------------------------------------------------------------------------------

describe('one document: pending and in review (isPendingDocument, isInReview)', () => {
  it.each<[string, number | null, boolean, boolean]>([
    ['0 submitted: pending, in review', 0, true, true],
    ['31 under investigation: pending, in review', 31, true, true],
    ['41 pending: not a pending document (s4 names only submitted and under investigation), in review', 41, false, true],
    ['2 confirmed: neither', 2, false, false],
    ['4 canceled: neither', 4, false, false],
    ['5 deleted: neither', 5, false, false],
    ['26 rejected: neither', 26, false, false],
    ['38 expired: neither', 38, false, false],
    ['64 name mismatch: neither', 64, false, false],
    ['null: neither', null, false, false],
  ])('%s', (_name, statusId, pending, inReview) => {
    expect(isPendingDocument(doc(statusId))).toBe(pending);
    expect(isInReview(doc(statusId))).toBe(inReview);
  });
});

describe('a set of documents: needs an upload, all in review (needsUpload, allInReview)', () => {
  it.each<[string, (number | null)[], boolean, boolean]>([
    ['none at all: needs an upload, not in review', [], true, false],
    ['one confirmed: no upload, not in review', [2], false, false],
    ['all confirmed: no upload, not in review', [2, 2, 2], false, false],
    ['one rejected among confirmed: needs an upload', [2, 26, 2], true, false],
    ['one pending among confirmed: needs an upload (not finished), not all in review', [2, 41], true, false],
    ['one submitted alone: needs an upload, in review', [0], true, true],
    ['one under investigation alone: in review', [31], true, true],
    ['one pending (41) alone: in review', [41], true, true],
    ['submitted, under investigation and pending: all in review', [0, 31, 41], true, true],
    ['in review with a rejected one: not all in review', [0, 26], true, false],
    ['in review with a null status: not all in review', [41, null], true, false],
    ['one null status: needs an upload', [null], true, false],
    ['expired: needs an upload', [38], true, false],
  ])('%s', (_name, statuses, upload, inReview) => {
    const docs = statuses.map((s) => doc(s));
    expect(needsUpload(docs)).toBe(upload);
    expect(allInReview(docs)).toBe(inReview);
  });
});

describe('an address counts as confirmed unless it says otherwise (addressConfirmed)', () => {
  it.each<[string, boolean | null, boolean]>([
    ['confirmed true', true, true],
    ['confirmed false', false, false],
    ['confirmed null defaults to confirmed (s3 Address)', null, true],
  ])('%s', (_name, confirmed, expected) => {
    expect(addressConfirmed(address({ confirmed }))).toBe(expected);
  });

  it('the address status does not decide it (an unconfirmed address status with confirmed true is confirmed)', () => {
    expect(addressConfirmed(address({ addressStatus: ADDRESS_STATUS.unconfirmed, confirmed: true }))).toBe(true);
  });
});

describe('the documents the verification looks at (verificationDocuments)', () => {
  it.each<[string, Partial<VerificationFacts>, (number | null)[]]>([
    ['identity and address documents, identity first', withDocuments([2, 41], [26]), [2, 41, 26]],
    ['no documents at all', withDocuments([], []), []],
    ['every address, in order', { identity: { statusId: 2, uploadedDocuments: [doc(0)] }, addresses: [address({ uploadedDocuments: [doc(31)] }), address({ uploadedDocuments: [doc(2), doc(64)] })] }, [0, 31, 2, 64]],
    ['no addresses: the identity documents only', { identity: { statusId: 2, uploadedDocuments: [doc(2)] }, addresses: [] }, [2]],
  ])('%s', (_name, over, expected) => {
    expect(verificationDocuments(facts(over)).map((d) => d.statusId)).toEqual(expected);
  });

  it('leaves out the duplicate and limit documents', () => {
    const f = facts({ ...withDocuments([2], [2]), duplicateDocuments: { required: true, uploadedDocuments: [doc(0)] }, limitReasons: [reason(1, [41])] });
    expect(verificationDocuments(f).map((d) => d.statusId)).toEqual([2, 2]);
  });
});

// ---- required actions (002 s4) -----------------------------------------------------------------------

describe('the required actions (requiredActions)', () => {
  it('a fully checked personal customer has none', () => {
    expect(requiredActions(facts())).toEqual([]);
  });

  it('a fully checked business customer has none', () => {
    expect(requiredActions(facts({ kind: 'business' }))).toEqual([]);
  });

  const certificationRows = (values: NamedStatus[], kind: VerificationFacts['kind'], expected: RequiredAction[]) =>
    CERTIFICATION_KEYS.flatMap((key) => values.map((value) => [`${kind}, ${key} ${value}`, kind, key, value, expected] as const));

  it.each([
    ...certificationRows(['none', 'rejected'], 'personal', ['fatca']),
    ...certificationRows(['pending', 'expiredSoon', 'notRequired', 'validated'], 'personal', []),
    ...certificationRows(['none', 'rejected'], 'business', []),
  ])('FATCA: %s', (_name, kind, key, value, expected) => {
    expect(requiredActions(facts({ kind, certification: { ...CERTIFIED, [key]: value } }))).toEqual(expected);
  });

  it.each<[string, NamedStatus, RequiredAction[]]>([
    ['personal, all four none: one fatca action', 'none', ['fatca']],
    ['personal, all four rejected: one fatca action', 'rejected', ['fatca']],
    ['personal, all four notRequired: no action', 'notRequired', []],
  ])('FATCA: %s', (_name, value, expected) => {
    const certification = { w9FormDocumentStatus: value, certificateOfLossOfNationalityDocumentStatus: value, taxResidencySelfCertificationDocumentStatus: value, w8BenFormDocumentStatus: value };
    expect(requiredActions(facts({ certification }))).toEqual(expected);
  });

  it.each<[string, VerificationAddress[], RequiredAction[]]>([
    ['no addresses: missing', [], ['address']],
    ['one address confirmed false', [address({ confirmed: false })], ['address']],
    ['one address confirmed null: confirmed, not an action', [address({ confirmed: null })], []],
    ['one address confirmed true', [address({ confirmed: true })], []],
    ['an unconfirmed address among confirmed ones', [address(), address({ confirmed: false }), address({ confirmed: null })], ['address']],
    ['two confirmed addresses', [address(), address({ confirmed: null })], []],
    ['a confirmed address without documents is not an action here', [address({ uploadedDocuments: [] })], []],
    ['a confirmed address whose address status is rejected is not an action (only confirmed decides)', [address({ addressStatus: ADDRESS_STATUS.rejected })], []],
  ])('address: %s', (_name, addresses, expected) => {
    expect(requiredActions(facts({ addresses }))).toEqual(expected);
  });

  it.each<[NamedStatus, RequiredAction[]]>([
    ['expiredSoon', ['proofOfResidence']],
    ['none', ['proofOfResidence']],
    ['rejected', ['proofOfResidence']],
    ['validated', []],
    ['pending', []],
    ['notRequired', []],
  ])('proof of residence %s', (proofOfResidence, expected) => {
    expect(requiredActions(facts({ proofOfResidence }))).toEqual(expected);
  });

  it.each<[string, number | null, RequiredAction[]]>([
    ['undefined (null)', null, ['identity']],
    ['64 name mismatch', 64, ['identity']],
    ['26 rejected', 26, ['identity']],
    ['4 canceled', 4, ['identity']],
    ['2 confirmed', 2, []],
    ['0 submitted', 0, []],
    ['41 pending', 41, []],
    ['31 under investigation', 31, []],
    ['5 deleted (not named by the spec)', 5, []],
    ['38 expired (not named by the spec)', 38, []],
  ])('identity %s', (_name, statusId, expected) => {
    expect(requiredActions(facts({ identity: { statusId, uploadedDocuments: [doc(CONFIRMED)] } }))).toEqual(expected);
  });

  it.each<[string, { confirmed: boolean }[], RequiredAction[]]>([
    ['one confirmed', [{ confirmed: true }], []],
    ['several confirmed', [{ confirmed: true }, { confirmed: true }], []],
    ['an unconfirmed phone among confirmed', [{ confirmed: true }, { confirmed: false }, { confirmed: true }], ['phone']],
    ['one unconfirmed', [{ confirmed: false }], ['phone']],
    ['no phones: not an action', [], []],
  ])('phone: %s', (_name, phones, expected) => {
    expect(requiredActions(facts({ phones }))).toEqual(expected);
  });

  it.each<[NamedStatus | null, RequiredAction[]]>([
    ['rejected', ['videoIdentity']],
    ['validated', []],
    ['pending', []],
    ['none', []],
    ['notRequired', []],
    ['expiredSoon', []],
    [null, []],
  ])('video identity %s', (videoIdentity, expected) => {
    expect(requiredActions(facts({ videoIdentity }))).toEqual(expected);
  });

  const everythingWrong: Partial<VerificationFacts> = {
    certification: { ...CERTIFIED, w8BenFormDocumentStatus: 'rejected' },
    addresses: [address({ confirmed: false })],
    proofOfResidence: 'none',
    identity: { statusId: null, uploadedDocuments: [] },
    phones: [{ confirmed: false }],
    videoIdentity: 'rejected',
  };

  it.each<[string, Partial<VerificationFacts>, RequiredAction[]]>([
    ['personal, everything wrong: all six in the spec order', everythingWrong, ['fatca', 'address', 'proofOfResidence', 'identity', 'phone', 'videoIdentity']],
    ['business, everything wrong: all but fatca', { ...everythingWrong, kind: 'business' }, ['address', 'proofOfResidence', 'identity', 'phone', 'videoIdentity']],
    ['video and fatca: fatca first', { videoIdentity: 'rejected', certification: { ...CERTIFIED, w9FormDocumentStatus: 'none' } }, ['fatca', 'videoIdentity']],
    ['phone and address: address first', { phones: [{ confirmed: false }], addresses: [] }, ['address', 'phone']],
    ['identity and proof of residence: proof of residence first', { identity: { statusId: 26, uploadedDocuments: [] }, proofOfResidence: 'expiredSoon' }, ['proofOfResidence', 'identity']],
  ])('several at once: %s', (_name, over, expected) => {
    expect(requiredActions(facts(over))).toEqual(expected);
  });

  it('everything wrong gives exactly REQUIRED_ACTIONS', () => {
    expect(requiredActions(facts(everythingWrong))).toEqual([...REQUIRED_ACTIONS]);
  });
});

// ---- duplicate and card documents (docs/decisions.md) -----------------------------------------------

describe('duplicate documents (duplicateDocumentsState)', () => {
  it.each<[string, boolean, (number | null)[], 'duplicateDocuments' | 'duplicateDocumentsUploaded' | null]>([
    ['not required, nothing uploaded', false, [], null],
    ['not required, uploads not finished', false, [0, 26], null],
    ['required, none uploaded', true, [], 'duplicateDocuments'],
    ['required, one submitted', true, [0], 'duplicateDocumentsUploaded'],
    ['required, one pending (41)', true, [41], 'duplicateDocumentsUploaded'],
    ['required, one rejected', true, [26], 'duplicateDocumentsUploaded'],
    ['required, confirmed and under investigation: not all finished', true, [2, 31], 'duplicateDocumentsUploaded'],
    ['required, one confirmed', true, [2], null],
    ['required, all confirmed', true, [2, 2], null],
  ])('%s', (_name, required, statuses, expected) => {
    expect(duplicateDocumentsState({ required, uploadedDocuments: statuses.map((s) => doc(s)) })).toBe(expected);
  });
});

describe('a card asks for an address document (cardDocumentRequired)', () => {
  it.each<[string, VerificationAddress[], boolean]>([
    ['no addresses', [], false],
    ['card document not asked (undefined)', [address({ uploadedDocuments: [] })], false],
    ['card document not asked (false)', [address({ isCardDocumentRequired: false, uploadedDocuments: [] })], false],
    ['asked, no documents', [address({ isCardDocumentRequired: true, uploadedDocuments: [] })], true],
    ['asked, a rejected document', [address({ isCardDocumentRequired: true, uploadedDocuments: [doc(26)] })], true],
    ['asked, a pending document (not confirmed yet)', [address({ isCardDocumentRequired: true, uploadedDocuments: [doc(41)] })], true],
    ['asked, confirmed and rejected documents', [address({ isCardDocumentRequired: true, uploadedDocuments: [doc(2), doc(26)] })], true],
    ['asked, a confirmed document', [address({ isCardDocumentRequired: true, uploadedDocuments: [doc(2)] })], false],
    ['asked on the second address only', [address(), address({ isCardDocumentRequired: true, uploadedDocuments: [] })], true],
    ['isDocumentRequired alone does not count', [address({ isDocumentRequired: true, uploadedDocuments: [] })], false],
  ])('%s', (_name, addresses, expected) => {
    expect(cardDocumentRequired(facts({ addresses }))).toBe(expected);
  });
});

// ---- the verification status (002 s4, first match wins) ---------------------------------------------

const allCardAsk = [address({ isCardDocumentRequired: true, uploadedDocuments: [] })];

const STATUS_ROWS: [string, Partial<VerificationFacts>, VerificationStatus][] = [
  // 1. representative
  ['1: a representative is checked', { representative: true }, 'checked'],
  ['1: a representative wins over limited', { representative: true, limited: true }, 'checked'],
  [
    '1: a representative wins over everything',
    { representative: true, limited: true, unverified: true, duplicateDocuments: { required: true, uploadedDocuments: [] }, phones: [{ confirmed: false }], addresses: allCardAsk },
    'checked',
  ],
  // 2. limited
  ['2: limited, one reason whose upload is pending: processing', { limited: true, limitReasons: [reason(1, [41])] }, 'processing'],
  ['2: limited, every reason and requirement in review: processing', { limited: true, limitReasons: [reason(1, [0], [31, 41]), reason(3, [41])] }, 'processing'],
  ['2: limited, one reason lacks uploads: limited', { limited: true, limitReasons: [reason(1, [41]), reason(2, [])] }, 'limited'],
  ['2: limited, one requirement of a reason lacks uploads: limited', { limited: true, limitReasons: [reason(1, [41], [])] }, 'limited'],
  ['2: limited, a reason without requirements: limited', { limited: true, limitReasons: [reason(2)] }, 'limited'],
  ['2: limited, a refused upload beside one in review: processing (the requirement is covered)', { limited: true, limitReasons: [reason(1, [41, 26])] }, 'processing'],
  ['2: limited, only a refused upload: limited', { limited: true, limitReasons: [reason(1, [26])] }, 'limited'],
  ['2: limited, every upload confirmed (none in review): limited until the service lifts it', { limited: true, limitReasons: [reason(1, [2])] }, 'limited'],
  ['2: limited, a confirmed upload among pending ones: processing', { limited: true, limitReasons: [reason(1, [41, 2])] }, 'processing'],
  ['2: limited, no reasons: limited', { limited: true, limitReasons: [] }, 'limited'],
  ['2: limited wins over duplicate documents', { limited: true, duplicateDocuments: { required: true, uploadedDocuments: [] } }, 'limited'],
  ['2: limited wins over required actions', { limited: true, phones: [{ confirmed: false }] }, 'limited'],
  ['2: limited in review wins over unverified', { limited: true, unverified: true, limitReasons: [reason(1, [0])] }, 'processing'],
  // 3. duplicate documents
  ['3: duplicates required, none uploaded: duplicateDocuments', { duplicateDocuments: { required: true, uploadedDocuments: [] } }, 'duplicateDocuments'],
  ['3: duplicates uploaded, not all confirmed: duplicateDocumentsUploaded', { duplicateDocuments: { required: true, uploadedDocuments: [doc(2), doc(0)] } }, 'duplicateDocumentsUploaded'],
  ['3: duplicates uploaded and rejected: duplicateDocumentsUploaded', { duplicateDocuments: { required: true, uploadedDocuments: [doc(26)] } }, 'duplicateDocumentsUploaded'],
  ['3: duplicates all confirmed: falls through (checked)', { duplicateDocuments: { required: true, uploadedDocuments: [doc(2), doc(2)] } }, 'checked'],
  ['3: duplicates all confirmed: falls through to required actions', { duplicateDocuments: { required: true, uploadedDocuments: [doc(2)] }, phones: [{ confirmed: false }] }, 'hasRequiredActions'],
  ['3: duplicates not required: ignored', { duplicateDocuments: { required: false, uploadedDocuments: [doc(26)] } }, 'checked'],
  ['3: duplicates win over required actions', { duplicateDocuments: { required: true, uploadedDocuments: [] }, phones: [{ confirmed: false }] }, 'duplicateDocuments'],
  ['3: duplicates win over unverified', { duplicateDocuments: { required: true, uploadedDocuments: [doc(0)] }, unverified: true }, 'duplicateDocumentsUploaded'],
  // 4. required actions
  ['4: an unconfirmed phone: hasRequiredActions', { phones: [{ confirmed: false }] }, 'hasRequiredActions'],
  ['4: no address: hasRequiredActions', { addresses: [] }, 'hasRequiredActions'],
  ['4: required actions win over unverified', { unverified: true, identity: { statusId: null, uploadedDocuments: [] } }, 'hasRequiredActions'],
  ['4: required actions win over unverified with limit documents uploaded', { unverified: true, limitReasons: [reason(1, [0])], videoIdentity: 'rejected' }, 'hasRequiredActions'],
  ['4: required actions win over a card document', { proofOfResidence: 'rejected', addresses: allCardAsk }, 'hasRequiredActions'],
  ['4: a business with FATCA none has no action: checked', { kind: 'business', certification: { ...CERTIFIED, w9FormDocumentStatus: 'none' } }, 'checked'],
  // 5. unverified
  ['5: unverified, a refused limit upload does not count as uploaded: the documents decide (finalReview)', { unverified: true, limitReasons: [reason(1, [26])] }, 'finalReview'],
  ['5: unverified, limit documents all uploaded (one confirmed): processing', { unverified: true, limitReasons: [reason(1, [2])] }, 'processing'],
  ['5: unverified, limit documents all uploaded, documents needing upload: processing', { unverified: true, limitReasons: [reason(1, [0]), reason(4, [2])], ...withDocuments([], []) }, 'processing'],
  ['5: unverified, one limit reason lacks uploads: the documents decide (unverified)', { unverified: true, limitReasons: [reason(1, [0]), reason(2, [])], ...withDocuments([26], [2]) }, 'unverified'],
  ['5: unverified, a limit reason without requirements: the documents decide (finalReview)', { unverified: true, limitReasons: [reason(2)] }, 'finalReview'],
  ['5: unverified, no limit reasons, no documents: unverified', { unverified: true, ...withDocuments([], []) }, 'unverified'],
  ['5: unverified, a rejected identity document: unverified', { unverified: true, ...withDocuments([26], [2]) }, 'unverified'],
  ['5: unverified, an expired address document: unverified', { unverified: true, ...withDocuments([2], [38]) }, 'unverified'],
  ['5: unverified, a submitted identity document: verificationProcessing', { unverified: true, ...withDocuments([0], [2]) }, 'verificationProcessing'],
  ['5: unverified, an address document under investigation: verificationProcessing', { unverified: true, ...withDocuments([2], [31]) }, 'verificationProcessing'],
  ['5: unverified, a pending (41) document: verificationProcessing', { unverified: true, ...withDocuments([2], [41]) }, 'verificationProcessing'],
  ['5: unverified, the identity refused while the address is in review: unverified (the identity needs an upload)', { unverified: true, ...withDocuments([26], [41]) }, 'unverified'],
  ['5: unverified, the identity refused and another in review: verificationProcessing', { unverified: true, ...withDocuments([26, 41], [2]) }, 'verificationProcessing'],
  ['5: unverified, all documents in review: verificationProcessing', { unverified: true, ...withDocuments([0], [31]) }, 'verificationProcessing'],
  ['5: unverified, everything confirmed, personal: finalReview', { unverified: true }, 'finalReview'],
  ['5: unverified, everything confirmed, business: checked', { unverified: true, kind: 'business' }, 'checked'],
  ['5: unverified, a second address without documents: unverified (each address is its own group)', { unverified: true, addresses: [address(), ...allCardAsk] }, 'unverified'],
  ['5: unverified, everything confirmed, a card asked with a confirmed document: finalReview', { unverified: true, addresses: [address({ isCardDocumentRequired: true })] }, 'finalReview'],
  // 6. card document
  ['6: verified, an address asks for a card document, none uploaded: someCardDocumentRequired', { addresses: allCardAsk }, 'someCardDocumentRequired'],
  ['6: verified, a card document rejected: someCardDocumentRequired', { addresses: [address({ isCardDocumentRequired: true, uploadedDocuments: [doc(26)] })] }, 'someCardDocumentRequired'],
  ['6: verified, a card document pending: someCardDocumentRequired', { addresses: [address({ isCardDocumentRequired: true, uploadedDocuments: [doc(41)] })] }, 'someCardDocumentRequired'],
  ['6: verified, a card document confirmed: checked', { addresses: [address({ isCardDocumentRequired: true })] }, 'checked'],
  ['6: verified business, a card document asked: someCardDocumentRequired', { kind: 'business', addresses: allCardAsk }, 'someCardDocumentRequired'],
  // 7. otherwise
  ['7: verified personal: checked', {}, 'checked'],
  ['7: verified business: checked', { kind: 'business' }, 'checked'],
  ['7: verified with documents needing upload (unverified rule not applied): checked', withDocuments([26], []), 'checked'],
  ['7: verified with limit documents uploaded but not limited: checked', { limitReasons: [reason(1, [0])] }, 'checked'],
];

describe('the account verification status (verificationStatus)', () => {
  it.each(STATUS_ROWS)('%s', (_name, over, expected) => {
    expect(verificationStatus(facts(over))).toBe(expected);
  });

  it('every one of the ten statuses is produced by at least one row', () => {
    const produced = new Set(STATUS_ROWS.map(([, over]) => verificationStatus(facts(over))));
    expect([...produced].sort()).toEqual([...VERIFICATION_STATUSES].sort());
  });
});

// ---- warning links and limit reasons (002 s4) ---------------------------------------------------------

describe('where a warning links (warningLink)', () => {
  it.each<[VerificationStatus, '/limited-account' | '/profile' | null]>([
    ['limited', '/limited-account'],
    ['unverified', '/profile'],
    ['hasRequiredActions', '/profile'],
    ['someCardDocumentRequired', '/profile'],
    ['duplicateDocuments', '/profile'],
    ['duplicateDocumentsUploaded', '/profile'],
    ['checked', null],
    ['processing', null],
    ['verificationProcessing', null],
    ['finalReview', null],
  ])('%s → %s', (status, expected) => {
    expect(warningLink(status)).toBe(expected);
  });

  it('links exactly the warning states', () => {
    expect(VERIFICATION_STATUSES.filter((s) => warningLink(s) !== null).sort()).toEqual([...WARNING_STATUSES].sort());
  });
});

describe('the limit reason names (limitReasonName)', () => {
  it.each<[number, LimitReasonName | null]>([
    [1, 'expiredDocuments'],
    [2, 'unpaidInvoice'],
    [3, 'sanctions'],
    [4, 'adverseMedia'],
    [5, 'accountInvestigation'],
    [0, null],
    [6, null],
    [-1, null],
    [1.5, null],
  ])('%s → %s', (actionTypeId, expected) => {
    expect(limitReasonName(actionTypeId)).toBe(expected);
  });
});

// ---- setting the user status (002 s4) ------------------------------------------------------------------

describe('what setting the user status loads (userStatusLoads)', () => {
  const flags = (over: Partial<UserStatusFlags> = {}): UserStatusFlags => ({ verified: true, limited: false, isNeedKyc: false, isNeedPersonalInfoUpdate: false, dueDiligenceLevel: 0, ...over });

  it.each<[string, Partial<UserStatusFlags>, UserStatusLoad[]]>([
    ['nothing needed', {}, []],
    ['unverified alone loads nothing', { verified: false }, []],
    ['KYC only', { isNeedKyc: true }, ['kycDictionaries', 'customerInfo']],
    ['personal update only', { isNeedPersonalInfoUpdate: true }, ['kycDictionaries', 'customerInfo', 'profileUpdateRequest']],
    ['KYC and personal update (dictionaries and info once)', { isNeedKyc: true, isNeedPersonalInfoUpdate: true }, ['kycDictionaries', 'customerInfo', 'profileUpdateRequest']],
    ['due diligence level 0', { dueDiligenceLevel: 0 }, []],
    ['due diligence level 1', { dueDiligenceLevel: 1 }, ['dueDiligenceInfo']],
    ['due diligence level 2', { dueDiligenceLevel: 2 }, []],
    ['due diligence level 3', { dueDiligenceLevel: 3 }, []],
    ['due diligence level 4', { dueDiligenceLevel: 4 }, ['dueDiligenceInfo']],
    ['due diligence level 5', { dueDiligenceLevel: 5 }, []],
    ['limited', { limited: true }, ['limitReasons']],
    ['KYC and limited', { isNeedKyc: true, limited: true }, ['kycDictionaries', 'customerInfo', 'limitReasons']],
    ['KYC and level 4', { isNeedKyc: true, dueDiligenceLevel: 4 }, ['kycDictionaries', 'customerInfo', 'dueDiligenceInfo']],
    ['level 1 and limited', { dueDiligenceLevel: 1, limited: true }, ['dueDiligenceInfo', 'limitReasons']],
    [
      'everything',
      { verified: false, limited: true, isNeedKyc: true, isNeedPersonalInfoUpdate: true, dueDiligenceLevel: 1 },
      ['kycDictionaries', 'customerInfo', 'profileUpdateRequest', 'dueDiligenceInfo', 'limitReasons'],
    ],
  ])('%s', (_name, over, expected) => {
    expect(userStatusLoads(flags(over))).toEqual(expected);
  });
});

describe('what the facts loader asks for (loadsDueDiligence, loadsLimitReasons: by userStatusLoads)', () => {
  const flags = (over: Partial<UserStatusFlags> = {}): UserStatusFlags => ({ verified: true, limited: false, isNeedKyc: false, isNeedPersonalInfoUpdate: false, dueDiligenceLevel: 0, ...over });
  it.each<[Partial<UserStatusFlags>, boolean, boolean]>([
    [{}, false, false],
    [{ dueDiligenceLevel: 0 }, false, false],
    [{ dueDiligenceLevel: 1 }, true, false],
    [{ dueDiligenceLevel: 2 }, false, false],
    [{ dueDiligenceLevel: 3 }, false, false],
    [{ dueDiligenceLevel: 4 }, true, false],
    [{ dueDiligenceLevel: 5 }, false, false],
    [{ limited: true }, false, true],
    [{ limited: true, dueDiligenceLevel: 4 }, true, true],
    [{ isNeedKyc: true, isNeedPersonalInfoUpdate: true, verified: false }, false, false],
  ])('%j: due diligence %s, limit reasons %s', (over, dueDiligence, limitReasons) => {
    expect(loadsDueDiligence(flags(over))).toBe(dueDiligence);
    expect(loadsLimitReasons(flags(over))).toBe(limitReasons);
  });
});

describe('the verified flag inverts to unverified (unverifiedOf)', () => {
  it.each([
    [true, false],
    [false, true],
  ])('verified %s → unverified %s', (verified, expected) => {
    expect(unverifiedOf({ verified })).toBe(expected);
  });
});

// ---- representative and company action flags (002 s4) --------------------------------------------------

describe('a representative needs action (representativeNeedsAction)', () => {
  type Statuses = { address?: number | null; identity?: number | null; control?: number | null };
  const fields = ['address', 'identity', 'control'] as const;

  it.each<[string, Statuses, boolean]>([
    ['nothing set', {}, false],
    ['all undefined', { address: undefined, identity: undefined, control: undefined }, false],
    ['all null', { address: null, identity: null, control: null }, false],
    ['all 1', { address: 1, identity: 1, control: 1 }, false],
    ['all 2', { address: 2, identity: 2, control: 2 }, false],
    ['1, 2 and null', { address: 1, identity: 2, control: null }, false],
    ['one fine, one 0', { address: 2, identity: 0 }, true],
  ])('%s', (_name, statuses, expected) => {
    expect(representativeNeedsAction(statuses)).toBe(expected);
  });

  it.each(
    fields.flatMap((field) =>
      (
        [
          [null, false],
          [undefined, false],
          [1, false],
          [2, false],
          [0, true],
          [3, true],
          [26, true],
        ] as const
      ).map(([value, expected]) => [`${field} ${String(value)}, the others fine`, field, value, expected] as const),
    ),
  )('%s', (_name, field, value, expected) => {
    const statuses: Statuses = { address: 2, identity: 1, control: 2, [field]: value };
    expect(representativeNeedsAction(statuses)).toBe(expected);
  });
});

describe('a company needs action (companyNeedsAction)', () => {
  type Company = Parameters<typeof companyNeedsAction>[0];
  const company = (over: Partial<Company> = {}): Company => ({ registrationFields: ['Acme Ltd', '12345678', '2020-01-01'], documentStatuses: [1, 2], addressDocumentStatuses: [0, 2], ...over });

  it.each<[string, Partial<Company>, boolean]>([
    ['all fine', {}, false],
    ['nothing to check at all', { registrationFields: [], documentStatuses: [], addressDocumentStatuses: [] }, false],
    ['a registration field missing (null)', { registrationFields: ['Acme Ltd', null] }, true],
    ['a registration field missing (undefined)', { registrationFields: [undefined, '12345678'] }, true],
    ['a registration field empty', { registrationFields: ['Acme Ltd', ''] }, true],
    ['a registration field blank', { registrationFields: ['  \t'] }, true],
    ['a registration field with spaces around text is fine', { registrationFields: [' Acme '] }, false],
    ['a document status 1', { documentStatuses: [1] }, false],
    ['a document status 2', { documentStatuses: [2] }, false],
    ['a document status 0', { documentStatuses: [1, 0] }, true],
    ['a document status 3', { documentStatuses: [3] }, true],
    ['a document status 26', { documentStatuses: [2, 26] }, true],
    ['an address document status 0', { addressDocumentStatuses: [0] }, false],
    ['an address document status 2', { addressDocumentStatuses: [2] }, false],
    ['an address document status 1', { addressDocumentStatuses: [0, 1] }, true],
    ['an address document status 3', { addressDocumentStatuses: [3] }, true],
    ['an address document status 26', { addressDocumentStatuses: [26] }, true],
    ['a blank field and bad statuses', { registrationFields: [''], documentStatuses: [0], addressDocumentStatuses: [1] }, true],
  ])('%s', (_name, over, expected) => {
    expect(companyNeedsAction(company(over))).toBe(expected);
  });
});

describe('an expiry given as a date-time', () => {
  it('counts by its date: a document that expired yesterday is expiring soon', () => {
    expect(namedDocumentStatus(2, { expiresDate: '2024-02-19T00:00:00', today: '2024-02-20' })).toBe('expiredSoon');
    expect(namedDocumentStatus(2, { expiresDate: '2024-06-19T23:59:59Z', today: '2024-02-20' })).toBe('validated');
  });
});


describe('the facts read from the replies (factsFromReplies)', () => {
  const replies = (over: Partial<Parameters<typeof factsFromReplies>[0]> = {}): Parameters<typeof factsFromReplies>[0] => ({
    customer: { customerType: 0, verified: true, limited: false },
    identity: {},
    addresses: [],
    profile: {},
    limitReasons: [],
    certification: null,
    ...over,
  });

  it('fills what a reply leaves out: no identity yet, proof of residence not required, no phones, no duplicate documents, certification validated when not asked', () => {
    expect(factsFromReplies(replies())).toEqual({
      kind: 'personal',
      representative: false,
      unverified: false,
      limited: false,
      limitReasons: [],
      duplicateDocuments: { required: false, uploadedDocuments: [] },
      certification: {
        w9FormDocumentStatus: 'validated',
        certificateOfLossOfNationalityDocumentStatus: 'validated',
        taxResidencySelfCertificationDocumentStatus: 'validated',
        w8BenFormDocumentStatus: 'validated',
      },
      addresses: [],
      proofOfResidence: 'notRequired',
      identity: { statusId: null, uploadedDocuments: [], rejectReason: null },
      phones: [],
      videoIdentity: null,
      dueDiligence: null,
    });
  });

  it('carries the due diligence info when it was loaded (level 1 or 4), as given', () => {
    const dueDiligence = { level: 4, documents: [{ documentTypeId: 60, name: 'Proof of the source of funds', required: true, statusId: null }] };
    expect(factsFromReplies(replies({ dueDiligence })).dueDiligence).toEqual(dueDiligence);
    expect(factsFromReplies(replies({ dueDiligence: null })).dueDiligence).toBeNull();
  });

  it.each([
    ['a business user who is not an authorised user is a representative', { customerType: 2, verified: true, limited: false, isAuthorisedUser: false }, true],
    ['an authorised business user is not', { customerType: 2, verified: true, limited: false, isAuthorisedUser: true }, false],
    ['a business user without the flag is not', { customerType: 2, verified: true, limited: false }, false],
    ['a personal customer never is', { customerType: 0, verified: true, limited: false, isAuthorisedUser: false }, false],
  ])('%s', (_name, customer, representative) => {
    expect(factsFromReplies(replies({ customer })).representative).toBe(representative);
  });

  it('takes the identity, the statuses and the profile as given; unverified is the verified flag inverted', () => {
    const facts = factsFromReplies(
      replies({
        customer: { customerType: 0, verified: false, limited: true },
        identity: { identity: { status: 26, uploadedDocuments: [{ statusId: 26 }] }, videoIdentityStatus: 'rejected', proofOfResidenceStatus: 'expiredSoon' },
        profile: { phones: [{ confirmed: false }], duplicateDocuments: { required: true, uploadedDocuments: [] } },
      }),
    );
    expect(facts).toMatchObject({ unverified: true, limited: true, identity: { statusId: 26 }, videoIdentity: 'rejected', proofOfResidence: 'expiredSoon', phones: [{ confirmed: false }], duplicateDocuments: { required: true } });
  });
});

describe('document uploads (partsNeeded, documentUploadProblems)', () => {
  const jpeg = { type: 'image/jpeg', size: 1000 };
  it.each([
    [4, 'RO', ['front', 'back']],
    [5, null, ['front', 'back']],
    [88, 'RU', ['front', 'stamp']],
    [88, 'UA', ['front', 'stamp']],
    [88, 'RO', ['front']],
    [88, undefined, ['front']],
    [1, 'RU', ['front']],
  ] as const)('type %s in %s needs %j', (type, country, parts) => {
    expect(partsNeeded(type, country)).toEqual(parts);
  });

  it.each([
    ['front only, type 1', 1, 'RO', { front: jpeg }, {}],
    ['no file', 1, 'RO', {}, { front: 'frontMissing' }],
    ['type 4 without its back', 4, 'RO', { front: jpeg }, { back: 'backMissing' }],
    ['type 88 in UA without the stamp', 88, 'UA', { front: jpeg }, { stamp: 'stampMissing' }],
    ['type 88 in UA with both', 88, 'UA', { front: jpeg, stamp: { type: 'application/pdf', size: 5 } }, {}],
    ['a text file', 1, 'RO', { front: { type: 'text/plain', size: 10 } }, { front: 'fileType' }],
    ['an empty file', 1, 'RO', { front: { type: 'image/png', size: 0 } }, { front: 'empty' }],
    ['exactly 10 MB', 1, 'RO', { front: { type: 'image/png', size: DOCUMENT_MAX_BYTES } }, {}],
    ['one byte over 10 MB', 1, 'RO', { front: { type: 'image/png', size: DOCUMENT_MAX_BYTES + 1 } }, { front: 'fileSize' }],
    ['a back given for type 1 is not checked', 1, 'RO', { front: jpeg, back: { type: 'text/plain', size: 1 } }, {}],
    ['both parts wrong', 4, 'RO', { front: { type: 'text/plain', size: 1 }, back: null }, { front: 'fileType', back: 'backMissing' }],
  ] as const)('%s', (_name, type, country, files, expected) => {
    expect(documentUploadProblems(type, country, files)).toEqual(expected);
  });
});

describe('what the profile asks to be sent (documentAskedFor, addressProofNeeded)', () => {
  it.each([
    ['none', true],
    ['rejected', true],
    ['expiredSoon', true],
    ['pending', false],
    ['validated', false],
    ['notRequired', false],
  ] as const)('a document %s is asked for: %s', (named, expected) => {
    expect(documentAskedFor(named)).toBe(expected);
  });

  const confirmedProof = { statusId: 2 };
  const address = (over: Partial<Parameters<typeof addressProofNeeded>[0]> = {}) => ({ addressStatus: 1, confirmed: true, uploadedDocuments: [confirmedProof], ...over });
  it.each([
    ['a confirmed address with its confirmed proof', address(), false],
    ['a new address waiting for its proof (status 0, required, none sent)', address({ addressStatus: 0, isDocumentRequired: true, uploadedDocuments: [] }), true],
    ['the same, its proof under review (submitted)', address({ addressStatus: 2, isDocumentRequired: true, uploadedDocuments: [{ statusId: 0 }] }), false],
    ['the same, its proof pending (41)', address({ addressStatus: 2, uploadedDocuments: [{ statusId: 41 }] }), false],
    ['a refused proof (status 3)', address({ addressStatus: 3, uploadedDocuments: [{ statusId: 26 }] }), true],
    ['a name mismatch (status 4) with its proof refused', address({ addressStatus: 4, uploadedDocuments: [{ statusId: 64 }] }), true],
    ['an out-of-date proof, though confirmed', address({ isDocumentOutOfDate: true }), true],
    ['an out-of-date proof with a new one under review', address({ isDocumentOutOfDate: true, uploadedDocuments: [confirmedProof, { statusId: 0 }] }), false],
    ['a card needs a proof, none confirmed', address({ isCardDocumentRequired: true, uploadedDocuments: [] }), true],
    ['a card needs a proof, one confirmed', address({ isCardDocumentRequired: true }), false],
    ['a document required, one confirmed and one refused', address({ isDocumentRequired: true, uploadedDocuments: [confirmedProof, { statusId: 26 }] }), true],
    ['a confirmed address without any proof and nothing asked', address({ uploadedDocuments: [] }), false],
  ])('%s: %s', (_name, input, expected) => {
    expect(addressProofNeeded(input)).toBe(expected);
  });

  it.each([
    ['a confirmed address without any proof, the customer unverified', address({ uploadedDocuments: [] }), true],
    ['its proof refused, unverified', address({ uploadedDocuments: [{ statusId: 26 }] }), true],
    ['its proof under review, unverified', address({ uploadedDocuments: [{ statusId: 0 }] }), false],
    ['its proof confirmed, unverified', address(), false],
  ])('%s: %s (the verification waits for every address’s proof)', (_name, input, expected) => {
    expect(addressProofNeeded(input, true)).toBe(expected);
  });

  it.each([
    [[], true],
    [[{ statusId: 2 }], false],
    [[{ statusId: 2 }, { statusId: 26 }], true],
    [[{ statusId: 26 }, { statusId: 0 }], false],
    [[{ statusId: 41 }], false],
  ] as const)('documents %j are still to give: %s', (docs, expected) => expect(stillToGive(docs)).toBe(expected));

  it.each([
    // verify-unverified@: the service's identity says confirmed (2), but nothing was uploaded and the verification waits for it.
    ['unverified, confirmed with no upload', { unverified: true, identity: { statusId: 2, uploadedDocuments: [] } }, 2, 'none'],
    ['unverified, the upload refused', { unverified: true, identity: { statusId: 2, uploadedDocuments: [{ statusId: 26 }] } }, 2, 'rejected'],
    ['unverified, the upload in review', { unverified: true, identity: { statusId: 0, uploadedDocuments: [{ statusId: 0 }] } }, 0, 'pending'],
    ['unverified, the upload confirmed', { unverified: true, identity: { statusId: 2, uploadedDocuments: [{ statusId: 2 }] } }, 2, 'validated'],
    ['verified, no upload kept', { unverified: false, identity: { statusId: 2, uploadedDocuments: [] } }, 2, 'validated'],
    ['no facts yet', null, 26, 'rejected'],
  ] as const)('the identity shown: %s is %s', (_name, facts, statusId, expected) => {
    expect(identityShownStatus(facts, statusId, { today: '2026-11-29' })).toBe(expected);
  });

  it.each([
    ['a confirmed address with its confirmed proof', address(), false, []],
    ['its proof out of date', address({ isDocumentOutOfDate: true }), false, ['outOfDate']],
    ['a card sent to it', address({ isCardDocumentRequired: true }), false, ['cardAddress']],
    ['not confirmed as still lived at', address({ confirmed: false }), false, ['confirmStillHere']],
    ['confirmed null (means confirmed)', address({ confirmed: null }), false, []],
    ['all three, in their order', address({ isDocumentOutOfDate: true, isCardDocumentRequired: true, confirmed: false }), false, ['outOfDate', 'cardAddress', 'confirmStillHere']],
    ['no proof sent, the customer verified', address({ uploadedDocuments: [] }), false, []],
    ['no proof sent, the customer unverified', address({ uploadedDocuments: [] }), true, ['proofToVerify']],
    ['a refused proof, unverified (its reason is shown instead)', address({ uploadedDocuments: [{ statusId: 26 }] }), true, []],
    ['a proof in review, unverified', address({ uploadedDocuments: [{ statusId: 0 }] }), true, []],
    ['no proof, unverified, out of date too', address({ uploadedDocuments: [], isDocumentOutOfDate: true }), true, ['outOfDate', 'proofToVerify']],
  ] as const)('the profile’s notices of an address: %s', (_name, input, unverified, expected) => {
    expect(addressNotices(input, unverified)).toEqual(expected);
  });

  it('verify-unverified’s facts: the status asks for documents, and the profile asks for the same', () => {
    const facts = factsFor.unverified;
    expect(verificationStatus(facts)).toBe('unverified');
    expect(documentAskedFor(identityShownStatus(facts, facts.identity.statusId, { today: '2026-11-29' }))).toBe(true);
    expect(facts.addresses.map((a) => addressProofNeeded(a, facts.unverified))).toEqual([true]);
    expect(facts.addresses.map((a) => addressNotices(a, facts.unverified))).toEqual([['proofToVerify']]);
  });
});
