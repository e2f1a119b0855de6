// @vitest-environment node
import { toLandingCustomer } from '@/entities/session/model/customer-facts';
import type { AccessInfo, CustomerInfo } from '@/shared/api';

/** Customer info + access info → the start page's facts (spec 002 s3 "Customer access info"). */
const business: CustomerInfo = { customerType: 'business', userId: 1, customerId: 1, login: 'b@x.test' };
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
  ])('%s', (_name, info, accessInfo, expected) => {
    expect(toLandingCustomer(info, accessInfo)).toMatchObject(expected);
  });

  it('no customer info: nothing to decide on', () => {
    expect(toLandingCustomer(null, access({}))).toBeNull();
  });
});
