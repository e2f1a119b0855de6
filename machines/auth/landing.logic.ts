/**
 * Where the user lands after login (spec 000 s2 "Start page after login", 002 s2), as one pure
 * function with a table test (tests/unit/landing.test.ts). The session machine guards on it.
 *
 * Decisions where the spec is loose:
 * - Personal order: terms, (no session → login), profile update, KYC, self-certification splash,
 *   then the stored initial path if any, else home.
 * - The tax self-certification status is the access info's
 *   `taxResidencySelfCertificationDocumentStatus` (spec 002 s3 named statuses). "Validated or
 *   pending" lets a user through, and so do `expiredSoon` (still valid; a reminder is the
 *   verification area's job), `notRequired` (nothing to certify) and an unknown status (the access
 *   info could not be loaded: the user is not blocked, the pages ask again). `none` (never
 *   certified) and `rejected` show the splash.
 * - The old-web redirect flag applies to every customer kind, before anything else but terms.
 */
export type SelfCertificationStatus = 'validated' | 'pending' | 'none' | 'notRequired' | 'rejected' | 'expiredSoon';

export interface LandingCustomer {
  kind: 'personal' | 'business' | 'admin';
  isNeedPersonalInfoUpdate: boolean;
  isNeedKyc: boolean;
  /** Null: not known (access info not loaded). */
  selfCertification: SelfCertificationStatus | null;
  /** Business: the user has at least read access to balance info (access info's accessList.balanceInfo). */
  balanceInfoAccess: boolean;
  /** Business: the user is an authorised user of the company (not yet → old-web hand-off). */
  isAuthorisedUser: boolean;
  /** Redirect flag from the server (useOldWeb) and the external address (oldWebUrl). */
  useOldWeb: boolean;
  oldWebUrl: string | null;
}

export interface LandingInput {
  termsPending: boolean;
  authenticated: boolean;
  /** Null while customer data is not loaded (admins never load it). */
  customer: LandingCustomer | null;
  /** A stored initial path (deep link before login, /auth/sei path). */
  initialPath: string | null;
  /** A custom acting customer id (fromCustomerId) is set. */
  hasCustomCustomerId: boolean;
}

export type Landing =
  | { kind: 'terms' }
  | { kind: 'route'; to: string }
  | { kind: 'external'; url: string }
  | { kind: 'fetchAuthorisedUser' };

export const LANDING_ROUTES = {
  login: '/login',
  profileUpdate: '/profile-update',
  kyc: '/kyc',
  selfCertificationSplash: '/self-certification-splash',
  businessSelfCertificationSplash: '/self-certification-business-splash',
  companyDocuments: '/company-documents',
  adminOverview: '/admin-overview',
  home: '/home',
} as const;

/** Whether the tax self-certification status lets the user through to the app (see above). */
export function selfCertificationPasses(status: SelfCertificationStatus | null): boolean {
  return status !== 'none' && status !== 'rejected';
}
const passes = selfCertificationPasses;

export function landingFor(input: LandingInput): Landing {
  if (input.termsPending) return { kind: 'terms' };
  if (!input.authenticated) return { kind: 'route', to: LANDING_ROUTES.login };
  const c = input.customer;
  if (!c) return { kind: 'route', to: LANDING_ROUTES.login };
  if (c.kind === 'admin') return { kind: 'route', to: LANDING_ROUTES.adminOverview };
  if (c.useOldWeb && c.oldWebUrl && !input.hasCustomCustomerId) return { kind: 'external', url: c.oldWebUrl };
  if (c.kind === 'business') {
    if (!c.isAuthorisedUser) return { kind: 'fetchAuthorisedUser' };
    if (c.isNeedKyc) return { kind: 'route', to: LANDING_ROUTES.kyc };
    if (!c.balanceInfoAccess) return { kind: 'route', to: LANDING_ROUTES.companyDocuments };
    if (input.initialPath) return { kind: 'route', to: input.initialPath };
    if (passes(c.selfCertification)) return { kind: 'route', to: LANDING_ROUTES.home };
    return { kind: 'route', to: LANDING_ROUTES.businessSelfCertificationSplash };
  }
  if (c.isNeedPersonalInfoUpdate) return { kind: 'route', to: LANDING_ROUTES.profileUpdate };
  if (c.isNeedKyc) return { kind: 'route', to: LANDING_ROUTES.kyc };
  if (!passes(c.selfCertification)) return { kind: 'route', to: LANDING_ROUTES.selfCertificationSplash };
  return { kind: 'route', to: input.initialPath ?? LANDING_ROUTES.home };
}
