/**
 * Customer kinds (spec 002 s3): personal 0, old business 1, business 2 — the contract's
 * `customerType` (main.yaml CustomerKind). Spec 000 s3 reads it as "personal or not": every kind
 * but personal is a business, an unknown one too (the service may add kinds; a business is the
 * careful reading: its users act for the company and see its rights).
 *
 * An old business (registered before the current business onboarding) is a business in every
 * right, money movement and page; it has no business registration in the current format to
 * complete, so the company pages never ask it for registration data it never gave
 * (docs/decisions.md "Customer kinds").
 */
export const CUSTOMER_KIND = { personal: 0, oldBusiness: 1, business: 2 } as const;

export type CustomerKindId = (typeof CUSTOMER_KIND)[keyof typeof CUSTOMER_KIND];

/** What a kind means to the app. */
export interface CustomerKindFacts {
  /** Personal or business (000 s3 "personal or not"). */
  kind: 'personal' | 'business';
  /** Registered before the current business onboarding (002 s3 kind 1). */
  oldBusiness: boolean;
  /** Whether the company pages may ask it to complete its business registration data. */
  completesRegistration: boolean;
}

/** The facts of a customerType as the service sends it (absent or unknown: see above). */
export function customerKindOf(customerType: number | null | undefined): CustomerKindFacts {
  if (customerType === CUSTOMER_KIND.personal) return { kind: 'personal', oldBusiness: false, completesRegistration: false };
  const oldBusiness = customerType === CUSTOMER_KIND.oldBusiness;
  return { kind: 'business', oldBusiness, completesRegistration: !oldBusiness };
}

/** Personal (kind 0). */
export const isPersonalKind = (customerType: number | null | undefined): boolean => customerKindOf(customerType).kind === 'personal';

/** A business, old or current (every kind but 0). */
export const isBusinessKind = (customerType: number | null | undefined): boolean => customerKindOf(customerType).kind === 'business';
