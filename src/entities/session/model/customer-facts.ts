import type { LandingCustomer } from '@machines/auth/landing.logic';
import type { CustomerInfo } from '@/shared/api';

/**
 * Customer info → the facts the start-page ordering needs (machines/auth/landing.logic.ts). A missing
 * tax self-certification status counts as validated (older backends do not send it).
 */
export function toLandingCustomer(info: CustomerInfo | null): LandingCustomer | null {
  if (!info) return null;
  return {
    kind: info.isAdmin ? 'admin' : info.customerType === 'personal' ? 'personal' : 'business',
    isNeedPersonalInfoUpdate: Boolean(info.isNeedPersonalInfoUpdate),
    isNeedKyc: Boolean(info.isNeedKyc),
    selfCertification: info.taxSelfCertificationStatus ?? 'validated',
    balanceInfoAccess: (info.permissions?.balanceInfo ?? 2) >= 1,
    // Absent means yes; only business users can be "not yet authorised".
    isAuthorisedUser: info.customerType !== 'business' || info.isAuthorisedUser !== false,
    useOldWeb: Boolean(info.useOldWeb),
    oldWebUrl: info.oldWebUrl ?? null,
  };
}

/** The customer info the session holds (the machine stores it untyped; this is its one reader). */
export function customerOf(snapshot: { context: { customer: unknown } }): CustomerInfo | null {
  return (snapshot.context.customer as CustomerInfo | null) ?? null;
}
