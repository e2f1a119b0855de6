// @vitest-environment node
import { landingFor, type LandingCustomer, type LandingInput } from '@machines/auth/landing.logic';

const personal: LandingCustomer = {
  kind: 'personal',
  isNeedPersonalInfoUpdate: false,
  isNeedKyc: false,
  selfCertification: 'validated',
  balanceInfoAccess: true,
  isAuthorisedUser: true,
  useOldWeb: false,
  oldWebUrl: null,
};
const business: LandingCustomer = { ...personal, kind: 'business' };
const base: LandingInput = { termsPending: false, authenticated: true, customer: personal, initialPath: null, hasCustomCustomerId: false };
const at = (patch: Partial<LandingInput>, c: Partial<LandingCustomer> = {}) => ({
  ...base,
  ...patch,
  customer: patch.customer === null ? null : { ...(patch.customer ?? personal), ...c },
});

describe('start page after login', () => {
  it.each<[string, LandingInput, ReturnType<typeof landingFor>]>([
    ['terms first, whatever else holds', at({ termsPending: true }, { isNeedKyc: true }), { kind: 'terms' }],
    ['no session → login', at({ authenticated: false }), { kind: 'route', to: '/login' }],
    ['no customer data → login', at({ customer: null }), { kind: 'route', to: '/login' }],
    ['personal: profile update before KYC', at({}, { isNeedPersonalInfoUpdate: true, isNeedKyc: true }), { kind: 'route', to: '/profile-update' }],
    ['personal: KYC', at({}, { isNeedKyc: true }), { kind: 'route', to: '/kyc' }],
    ['personal: self-certification none → splash', at({}, { selfCertification: 'none' }), { kind: 'route', to: '/self-certification-splash' }],
    ['personal: self-certification rejected → splash', at({}, { selfCertification: 'rejected' }), { kind: 'route', to: '/self-certification-splash' }],
    ['personal: expiring soon passes', at({}, { selfCertification: 'expiredSoon' }), { kind: 'route', to: '/home' }],
    ['personal: not required passes', at({}, { selfCertification: 'notRequired' }), { kind: 'route', to: '/home' }],
    ['personal: unknown (access info failed) passes', at({}, { selfCertification: null }), { kind: 'route', to: '/home' }],
    ['personal: pending self-certification passes', at({}, { selfCertification: 'pending' }), { kind: 'route', to: '/home' }],
    ['personal: stored initial path', at({ initialPath: '/history' }), { kind: 'route', to: '/history' }],
    ['personal: home', at({}), { kind: 'route', to: '/home' }],
    ['admin → overview', at({ customer: { ...personal, kind: 'admin' } }, { isNeedKyc: true }), { kind: 'route', to: '/admin-overview' }],
    ['old web flag without custom customer id → external', at({}, { useOldWeb: true, oldWebUrl: 'https://old.example/' }), { kind: 'external', url: 'https://old.example/' }],
    ['old web flag with a custom customer id → stays', at({ hasCustomCustomerId: true }, { useOldWeb: true, oldWebUrl: 'https://old.example/' }), { kind: 'route', to: '/home' }],
    ['business not yet authorised → fetch authorised-user info', at({ customer: business }, { isAuthorisedUser: false }), { kind: 'fetchAuthorisedUser' }],
    ['business 1: KYC', at({ customer: business }, { isNeedKyc: true, balanceInfoAccess: false }), { kind: 'route', to: '/kyc' }],
    ['business 2: no balance-info access → company documents', at({ customer: business, initialPath: '/history' }, { balanceInfoAccess: false }), { kind: 'route', to: '/company-documents' }],
    ['business 3: saved initial path', at({ customer: business, initialPath: '/history' }, { selfCertification: 'none' }), { kind: 'route', to: '/history' }],
    ['business 4: validated → home', at({ customer: business }), { kind: 'route', to: '/home' }],
    ['business 4: pending → home', at({ customer: business }, { selfCertification: 'pending' }), { kind: 'route', to: '/home' }],
    ['business 4: expiring soon → home', at({ customer: business }, { selfCertification: 'expiredSoon' }), { kind: 'route', to: '/home' }],
    ['business 4: not required → home', at({ customer: business }, { selfCertification: 'notRequired' }), { kind: 'route', to: '/home' }],
    ['business 4: unknown (access info failed) → home', at({ customer: business }, { selfCertification: null }), { kind: 'route', to: '/home' }],
    ['business 5: none → the business splash', at({ customer: business }, { selfCertification: 'none' }), { kind: 'route', to: '/self-certification-business-splash' }],
    ['business 5: rejected → the business splash', at({ customer: business }, { selfCertification: 'rejected' }), { kind: 'route', to: '/self-certification-business-splash' }],
    ['business: personal info update does not apply', at({ customer: business }, { isNeedPersonalInfoUpdate: true }), { kind: 'route', to: '/home' }],
  ])('%s', (_name, input, expected) => {
    expect(landingFor(input)).toEqual(expected);
  });
});
