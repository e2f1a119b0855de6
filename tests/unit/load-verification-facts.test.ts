import { tokenStore } from '../../src/shared/api/token-store';
import { fakeMainApi, type SentCall } from '../support/fake-main-api';
import { loadVerificationFacts } from '../../src/entities/verification/api/load-facts';

/**
 * The verification facts loaded as setting the user status does (002 s4, userStatusLoads): the
 * due diligence info only at level 1 or 4, carried in the facts; the limit reasons only when
 * limited; the certification only for a personal customer.
 */
const DOCUMENTS = [{ documentTypeId: 60, name: 'Proof of the source of funds', required: true, statusId: 2 }];

let calls: SentCall[] = [];
let customer: Record<string, unknown> = {};

beforeEach(() => {
  customer = { customerType: 0, verified: true, limited: false, isNeedKyc: false, isNeedPersonalInfoUpdate: false, dueDiligenceLevel: 0 };
  const replies: Record<string, unknown> = {
    customerInfo: () => ({ responseCode: '00', customer }),
    identityGet: () => ({ responseCode: '00', identity: { status: 2, uploadedDocuments: [{ statusId: 2 }] }, proofOfResidenceStatus: 'notRequired' }),
    addressInquiry: () => ({ responseCode: '00', addresses: [] }),
    profileInquiry: () => ({ responseCode: '00', phones: [] }),
    customerLimitReasonGet: () => ({ responseCode: '00', reasons: [{ actionTypeId: 2, requirementDocuments: [] }] }),
    personalFatcaCrsCertificationGet: () => ({ responseCode: '00' }),
    dueDiligenceInfoGet: () => ({ responseCode: '00', level: customer.dueDiligenceLevel, documents: DOCUMENTS }),
  };
  calls = fakeMainApi(({ method }) => (replies[method ?? ''] as () => unknown)());
  tokenStore.setAccessToken('token');
});

const asked = () => calls.map((c) => c.method).sort();

describe('loadVerificationFacts: what setting the user status loads', () => {
  it.each([
    [0, false],
    [1, true],
    [2, false],
    [3, false],
    [4, true],
  ])('due diligence level %i: the due diligence info is loaded: %s', async (level, loaded) => {
    customer.dueDiligenceLevel = level;
    const facts = await loadVerificationFacts();
    expect(asked().includes('dueDiligenceInfoGet')).toBe(loaded);
    expect(facts.dueDiligence).toEqual(loaded ? { level, documents: DOCUMENTS } : null);
  });

  it('no level in the reply counts as none; limited loads the limit reasons; a business customer no certification', async () => {
    delete customer.dueDiligenceLevel;
    customer.limited = true;
    customer.customerType = 2;
    const facts = await loadVerificationFacts();
    expect(asked()).toEqual(['addressInquiry', 'customerInfo', 'customerLimitReasonGet', 'identityGet', 'profileInquiry']);
    expect(facts).toMatchObject({ limited: true, limitReasons: [{ actionTypeId: 2 }], dueDiligence: null });
  });

  it('a personal customer at level 4, not limited: the certification and the due diligence, no limit reasons', async () => {
    customer.dueDiligenceLevel = 4;
    await loadVerificationFacts();
    expect(asked()).toEqual(['addressInquiry', 'customerInfo', 'dueDiligenceInfoGet', 'identityGet', 'personalFatcaCrsCertificationGet', 'profileInquiry']);
  });
});
