// @vitest-environment node
import { actingIdentity, merchantFactsOf, toLandingCustomer } from '@/entities/session/model/customer-facts';
import type { AccessInfo, CustomerInfo } from '@/shared/api';

/** Customer info + access info → the start page's facts (spec 002 s3 "Customer access info"). */
const business: CustomerInfo = { customerType: 2, userId: 1, customerId: 1, login: 'b@x.test' };
const access = (patch: Partial<AccessInfo>): AccessInfo => ({ responseCode: '00', accessList: { balanceInfo: 2 }, isNeedKyc: false, ...patch });

describe('start-page facts from customer info and access info', () => {
  it.each<[string, CustomerInfo, AccessInfo | null, Partial<NonNullable<ReturnType<typeof toLandingCustomer>>>]>([
    ['status, KYC and balance access come from the access info', business, access({ taxResidencySelfCertificationDocumentStatus: 'none' }), { selfCertification: 'none', isNeedKyc: false, balanceInfoAccess: true }],
    ['no balance-info access (level 0)', business, access({ accessList: { balanceInfo: 0 } }), { balanceInfoAccess: false }],
    ['read access (level 1) is access', business, access({ accessList: { balanceInfo: 1 } }), { balanceInfoAccess: true }],
    ['KYC from the access info', business, access({ isNeedKyc: true }), { isNeedKyc: true }],
    ['KYC from customer info', { ...business, isNeedKyc: true }, access({}), { isNeedKyc: true }],
    ['access info unknown: not blocked', business, null, { selfCertification: null, balanceInfoAccess: true, isNeedKyc: false }],
    ['customer-info permissions do not decide balance access', { ...business, permissions: { balanceInfo: 0 } }, access({}), { balanceInfoAccess: true }],
    ['a business user not yet authorised', { ...business, isAuthorisedUser: false }, null, { kind: 'business', isAuthorisedUser: false }],
    ['admin', { ...business, isAdmin: true }, null, { kind: 'admin' }],
    ['personal (kind 0): no authorised-user question', { ...business, customerType: 0, isAuthorisedUser: false }, null, { kind: 'personal', isAuthorisedUser: true }],
    ['an old business (kind 1) is a business, its users too', { ...business, customerType: 1, isAuthorisedUser: false }, null, { kind: 'business', isAuthorisedUser: false }],
  ])('%s', (_name, info, accessInfo, expected) => {
    expect(toLandingCustomer(info, accessInfo)).toMatchObject(expected);
  });

  it('no customer info: nothing to decide on', () => {
    expect(toLandingCustomer(null, access({}))).toBeNull();
  });
});

describe('acting identity in the navigation (business users)', () => {
  const base = { userId: 1, customerId: 10, login: 'a@b.test' };
  it.each<[string, Partial<CustomerInfo>, AccessInfo | null, ReturnType<typeof actingIdentity>]>([
    ['personal customer: nothing', { customerType: 0, firstName: 'Ana', lastName: 'Ruiz' }, null, null],
    ['admin: nothing', { customerType: 2, isAdmin: true, businessName: 'Acme' }, null, null],
    ['business owner without access info', { customerType: 2, firstName: 'Ana', lastName: 'Ruiz', businessName: 'Acme S.L.' }, null, { userName: 'Ana Ruiz', companyName: 'Acme S.L.' }],
    [
      'authorised employee acting for another company',
      { customerType: 2, firstName: 'Ana', lastName: 'Ruiz', businessName: 'Acme S.L.' },
      { customer: { name: 'Globex Ltd', id: 20, username: 'globex' }, employee: { firstName: 'Bo', lastName: 'Li' } },
      { userName: 'Bo Li', companyName: 'Globex Ltd' },
    ],
    ['blank names fall back', { customerType: 2, firstName: ' ', lastName: null, businessName: 'Acme' }, { customer: { name: '  ' }, employee: { firstName: null, lastName: null } }, { userName: null, companyName: 'Acme' }],
    ['no names at all', { customerType: 2 }, null, null],
    ['an old business (kind 1) names its company too', { customerType: 1, firstName: 'Ana', lastName: 'Ruiz', businessName: 'Acme S.L.' }, null, { userName: 'Ana Ruiz', companyName: 'Acme S.L.' }],
  ])('%s', (_name, info, access, expected) => {
    expect(actingIdentity({ ...base, customerType: 2, ...info } as CustomerInfo, access)).toEqual(expected);
  });
  it('no customer info: nothing', () => {
    expect(actingIdentity(null, null)).toBeNull();
  });
});

describe('who acts in the merchant area (merchantFactsOf, issue 55)', () => {
  const snap = (customer: CustomerInfo | null, accessInfo: unknown) => ({ context: { customer, access: accessInfo } });
  it.each<[string, CustomerInfo | null, unknown, { kind: string; merchantLevel: number | undefined }]>([
    ['no customer info: an admin (closed)', null, null, { kind: 'admin', merchantLevel: undefined }],
    ['an admin', { ...business, isAdmin: true }, access({ permissions: { merchant: 1 } } as Partial<AccessInfo>), { kind: 'admin', merchantLevel: 1 }],
    ['a personal customer', { ...business, customerType: 0 }, access({ permissions: { merchant: 2 } } as Partial<AccessInfo>), { kind: 'personal', merchantLevel: 2 }],
    ['the company itself', business, access({ permissions: { merchant: 2 } } as Partial<AccessInfo>), { kind: 'business', merchantLevel: 2 }],
    ['the company, no level listed', business, access({}), { kind: 'business', merchantLevel: undefined }],
    ['an authorised user (the access info names the employee) at level 1', business, access({ employee: { firstName: 'Ana', lastName: 'Pop' }, permissions: { merchant: 1 } } as Partial<AccessInfo>), { kind: 'employee', merchantLevel: 1 }],
    ['accessRights before permissions', business, access({ employee: { firstName: 'A', lastName: 'B' }, accessRights: { merchant: 0 }, permissions: { merchant: 2 } } as Partial<AccessInfo>), { kind: 'employee', merchantLevel: 0 }],
  ])('%s', (_name, info, accessInfo, expected) => {
    expect(merchantFactsOf(snap(info, accessInfo))).toEqual(expected);
  });
});
