import { factsFromReplies, type CertificationStatuses, type VerificationFacts, type VerificationReplies } from '@machines/verification/verification.rules';
import { isPersonalKind } from '@machines/shared/customer-kind';
import { api } from '@/shared/api';

/**
 * The customer's verification facts (002 s3, s4, s7), read as setting the user status
 * does: customer info first (kind, verified, limited), then the identity, addresses and profile
 * together, the limit reasons only when limited, the certification statuses only for a personal
 * customer. Throws when a read fails (the statechart keeps its last decision).
 */
export async function loadVerificationFacts(signal?: AbortSignal): Promise<VerificationFacts> {
  const main = api().main;
  const options = signal ? { signal } : {};
  const { customer } = await main.call('customerInfo', {}, options);
  if (!customer) throw new Error('No customer in the reply');
  const personal = isPersonalKind(customer.customerType);
  const [identity, addresses, profile, limits, certification] = await Promise.all([
    main.call('identityGet', {}, options),
    main.call('addressInquiry', {}, options),
    main.call('profileInquiry', {}, options),
    customer.limited ? main.call('customerLimitReasonGet', {}, options) : Promise.resolve({ reasons: [] }),
    personal ? main.call('personalFatcaCrsCertificationGet', {}, options) : Promise.resolve(null),
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
  };
  return factsFromReplies(replies);
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
