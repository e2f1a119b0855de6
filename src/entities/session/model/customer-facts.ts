import { rightLevelFrom } from '@machines/app/navigation.logic';
import { isBusinessKind, isPersonalKind } from '@machines/shared/customer-kind';
import type { LandingCustomer } from '@machines/auth/landing.logic';
import type { MerchantFacts } from '@machines/merchant/merchant.rules';
import type { AccessInfo, CustomerInfo } from '@/shared/api';

/**
 * Customer info and access info → the facts the start-page ordering needs
 * (machines/auth/landing.logic.ts). KYC, balance-info access and the tax self-certification status
 * come from the access info (spec 002 s3 "Customer access info"); when it could not be loaded they
 * are unknown (null status, access assumed) and the user is not blocked.
 */
export function toLandingCustomer(info: CustomerInfo | null, access: AccessInfo | null): LandingCustomer | null {
  if (!info) return null;
  return {
    kind: info.isAdmin ? 'admin' : isPersonalKind(info.customerType) ? 'personal' : 'business',
    isNeedPersonalInfoUpdate: Boolean(info.isNeedPersonalInfoUpdate),
    isNeedKyc: Boolean(info.isNeedKyc || access?.isNeedKyc),
    selfCertification: access?.taxResidencySelfCertificationDocumentStatus ?? null,
    balanceInfoAccess: (access?.accessList?.balanceInfo ?? 1) >= 1,
    // Absent means yes; only business users can be "not yet authorised".
    isAuthorisedUser: !isBusinessKind(info.customerType) || info.isAuthorisedUser !== false,
    useOldWeb: Boolean(info.useOldWeb),
    oldWebUrl: info.oldWebUrl ?? null,
  };
}

/** The customer info the session holds (the machine stores it untyped; this is its one reader). */
export function customerOf(snapshot: { context: { customer: unknown } }): CustomerInfo | null {
  return (snapshot.context.customer as CustomerInfo | null) ?? null;
}

/** The access info the session holds for the acting customer. */
export function accessOf(snapshot: { context: { access: unknown } }): AccessInfo | null {
  return (snapshot.context.access as AccessInfo | null) ?? null;
}

/** The user's transfers access level (000 s6), or undefined when the access info lists none (the account holder). */
export function transfersLevel(snapshot: { context: { access: unknown } }): number | undefined {
  return rightLevelFrom(accessOf(snapshot))('transfers');
}

/**
 * Who acts in the merchant area (issue 55; 000 s6): an admin, a personal customer, a company's
 * authorised user (the access info names the employee) or the company's own sign-in, with the
 * merchant level the access info lists for the acting customer (none listed: not limited).
 */
export function merchantFactsOf(snapshot: { context: { customer: unknown; access: unknown } }): MerchantFacts {
  const info = customerOf(snapshot);
  const access = accessOf(snapshot);
  const kind = !info || info.isAdmin ? 'admin' : isPersonalKind(info.customerType) ? 'personal' : access?.employee ? 'employee' : 'business';
  return { kind, merchantLevel: rightLevelFrom(access)('merchant') };
}

/** The customer the app acts for (000 s6): the access info's customer, else the signed-in one; null before customer info. */
export function actingCustomerIdOf(snapshot: { context: { customer: unknown; access: unknown } }): number | null {
  return accessOf(snapshot)?.customer?.id ?? customerOf(snapshot)?.customerId ?? null;
}

/** KYC is needed (customer info or the acting customer's access info): every app page leads to /kyc. */
export function needsKyc(snapshot: { context: { customer: unknown; access: unknown } }): boolean {
  return Boolean(customerOf(snapshot)?.isNeedKyc || accessOf(snapshot)?.isNeedKyc);
}

/**
 * Who is acting and for which company, as the navigation shows it to business users (spec 000 s6:
 * business users act for the customer chosen by fromCustomerId). The user is the authorised
 * employee when the access info names one, else the signed-in customer; the company is the acting
 * customer of the access info, else the business name. Null for personal customers and admins.
 */
export function actingIdentity(info: CustomerInfo | null, access: AccessInfo | null): { userName: string | null; companyName: string | null } | null {
  if (!info || info.isAdmin || !isBusinessKind(info.customerType)) return null;
  const join = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p?.trim())).map((p) => p.trim()).join(' ') || null;
  const userName = join(access?.employee?.firstName, access?.employee?.lastName) ?? join(info.firstName, info.lastName);
  const companyName = join(access?.customer?.name) ?? join(info.businessName);
  return userName || companyName ? { userName, companyName } : null;
}

/**
 * Whether the user may see balances (access info's accessList.balanceInfo ≥ 1; absent: yes).
 * A business employee without it sees no account list on home (spec 001 s6, 002 s3).
 */
export function seesBalances(snapshot: { context: { access: unknown } }): boolean {
  return (accessOf(snapshot)?.accessList?.balanceInfo ?? 1) >= 1;
}
