import { factsFromReplies, loadsDueDiligence, loadsLimitReasons, type CertificationStatuses, type DueDiligenceInfo, type UserStatusFlags, type VerificationFacts, type VerificationReplies } from '@machines/verification/verification.rules';
import { isPersonalKind } from '@machines/shared/customer-kind';
import { api } from '@/shared/api';

/**
 * The customer's verification facts (002 s3, s4, s7), read as setting the user status
 * does (userStatusLoads): customer info first (kind, verified, limited, due diligence level), then
 * the identity, addresses and profile together, the limit reasons only when limited, the due
 * diligence info only at level 1 or 4, the certification statuses only for a personal customer.
 * (The KYC dictionaries, customer info and profile update request that setting the user status
 * also loads are read by /kyc and /profile-update, where they are used.) Throws when a read fails
 * (the statechart keeps its last decision).
 */
export async function loadVerificationFacts(signal?: AbortSignal): Promise<VerificationFacts> {
  const main = api().main;
  const options = signal ? { signal } : {};
  const { customer } = await main.call('customerInfo', {}, options);
  if (!customer) throw new Error('No customer in the reply');
  const personal = isPersonalKind(customer.customerType);
  const flags: UserStatusFlags = {
    verified: customer.verified ?? false,
    limited: customer.limited ?? false,
    isNeedKyc: customer.isNeedKyc ?? false,
    isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate ?? false,
    dueDiligenceLevel: customer.dueDiligenceLevel ?? 0,
  };
  const [identity, addresses, profile, limits, certification, dueDiligence] = await Promise.all([
    main.call('identityGet', {}, options),
    main.call('addressInquiry', {}, options),
    main.call('profileInquiry', {}, options),
    loadsLimitReasons(flags) ? main.call('customerLimitReasonGet', {}, options) : Promise.resolve({ reasons: [] }),
    personal ? main.call('personalFatcaCrsCertificationGet', {}, options) : Promise.resolve(null),
    loadsDueDiligence(flags) ? main.call('dueDiligenceInfoGet', {}, options) : Promise.resolve(null),
  ]);
  const replies: VerificationReplies = {
    customer: {
      customerType: customer.customerType,
      verified: customer.verified ?? false,
      limited: customer.limited ?? false,
      isAuthorisedUser: customer.isAuthorisedUser,
    },
    identity,
    addresses: addresses.addresses ?? [],
    profile,
    limitReasons: limits.reasons ?? [],
    certification: certification ? certificationOf(certification) : null,
    dueDiligence: dueDiligence ? dueDiligenceOf(dueDiligence) : null,
  };
  return factsFromReplies(replies);
}

/** The due diligence info: the level and the documents as the reply gives them (none when it leaves them out). */
function dueDiligenceOf(reply: { level?: number | null; documents?: DueDiligenceInfo['documents'] }): DueDiligenceInfo {
  return { level: reply.level ?? null, documents: reply.documents ?? [] };
}

/** The four statuses, each "none" when the reply leaves it out. */
function certificationOf(reply: Partial<CertificationStatuses>): CertificationStatuses {
  return {
    w9FormDocumentStatus: reply.w9FormDocumentStatus ?? 'none',
    certificateOfLossOfNationalityDocumentStatus: reply.certificateOfLossOfNationalityDocumentStatus ?? 'none',
    taxResidencySelfCertificationDocumentStatus: reply.taxResidencySelfCertificationDocumentStatus ?? 'none',
    w8BenFormDocumentStatus: reply.w8BenFormDocumentStatus ?? 'none',
  };
}
