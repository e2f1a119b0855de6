/**
 * Verification facts for tests and stories (not used by the app): one set per status of 002 s4.
 */
import type { VerificationFacts } from './verification.rules';

/** A personal customer with everything checked: the starting point of the verification tests and stories. */
export const checkedFacts = (over: Partial<VerificationFacts> = {}): VerificationFacts => ({
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
  addresses: [{ addressStatus: 1, confirmed: true, uploadedDocuments: [{ statusId: 2 }] }],
  proofOfResidence: 'notRequired',
  identity: { statusId: 2, uploadedDocuments: [{ statusId: 2 }] },
  phones: [{ confirmed: true }],
  videoIdentity: null,
  dueDiligence: null,
  ...over,
});

/** Facts that lead to each status of 002 s4 (one each). */
export const factsFor = {
  checked: checkedFacts(),
  limited: checkedFacts({ limited: true, limitReasons: [{ actionTypeId: 1, requirementDocuments: [{ uploadedDocuments: [] }] }] }),
  processing: checkedFacts({ limited: true, limitReasons: [{ actionTypeId: 4, requirementDocuments: [{ uploadedDocuments: [{ statusId: 41 }] }] }] }),
  verificationProcessing: checkedFacts({ unverified: true, identity: { statusId: 2, uploadedDocuments: [{ statusId: 0 }] } }),
  unverified: checkedFacts({ unverified: true, identity: { statusId: 2, uploadedDocuments: [] }, addresses: [{ addressStatus: 1, confirmed: true, uploadedDocuments: [] }] }),
  duplicateDocuments: checkedFacts({ duplicateDocuments: { required: true, uploadedDocuments: [] } }),
  duplicateDocumentsUploaded: checkedFacts({ duplicateDocuments: { required: true, uploadedDocuments: [{ statusId: 0 }] } }),
  hasRequiredActions: checkedFacts({ phones: [{ confirmed: false }] }),
  someCardDocumentRequired: checkedFacts({ addresses: [{ addressStatus: 1, confirmed: true, isCardDocumentRequired: true, uploadedDocuments: [] }] }),
  finalReview: checkedFacts({ unverified: true }),
} satisfies Record<string, VerificationFacts>;
