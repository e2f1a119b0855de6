import { CUSTOMER_KIND, customerKindOf, isBusinessKind, isPersonalKind } from '@machines/shared/customer-kind';

/** Customer kinds (002 s3: personal 0, old business 1, business 2; 000 s3 "personal or not"). */
describe('customer kinds', () => {
  it.each([
    ['personal (0)', 0, { kind: 'personal', oldBusiness: false, completesRegistration: false }],
    ['old business (1): a business that has no registration data to complete', 1, { kind: 'business', oldBusiness: true, completesRegistration: false }],
    ['business (2)', 2, { kind: 'business', oldBusiness: false, completesRegistration: true }],
    ['a kind the app does not know: not personal, so a business', 7, { kind: 'business', oldBusiness: false, completesRegistration: true }],
    ['absent: a business (never treated as personal by default)', undefined, { kind: 'business', oldBusiness: false, completesRegistration: true }],
    ['null', null, { kind: 'business', oldBusiness: false, completesRegistration: true }],
  ] as const)('%s', (_, customerType, facts) => {
    expect(customerKindOf(customerType)).toEqual(facts);
    expect(isPersonalKind(customerType)).toBe(facts.kind === 'personal');
    expect(isBusinessKind(customerType)).toBe(facts.kind === 'business');
  });

  it('names the three kinds by their numbers', () => {
    expect(CUSTOMER_KIND).toEqual({ personal: 0, oldBusiness: 1, business: 2 });
  });
});
