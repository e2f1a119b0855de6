import { cleanPreapprovedSearch, preapprovedFilterMessages as m, preapprovedRequest, validatePreapprovedFilter } from '@machines/transfers/preapproved.logic';

describe('the preapproved filter from the address', () => {
  it.each([
    ['empty', {}, {}],
    ['every field, trimmed', { beneficiaryEmail: ' maria@example.com ', type: 'p2p', fromAmount: '10', toAmount: '99.5' }, { beneficiaryEmail: 'maria@example.com', type: 'p2p', fromAmount: '10', toAmount: '99.5' }],
    ['an unknown type, unknown fields and bad amounts dropped', { type: 'wire', page: '2', fromAmount: 'ten', toAmount: '1e3' }, {}],
    ['a decimal comma read as the point', { fromAmount: '12,50' }, { fromAmount: '12.50' }],
    ['numbers from a parser kept as text', { toAmount: 250 }, { toAmount: '250' }],
    ['a blank e-mail is none', { beneficiaryEmail: '  ' }, {}],
    ['a very long e-mail is cut at 254', { beneficiaryEmail: 'x'.repeat(300) }, { beneficiaryEmail: 'x'.repeat(254) }],
  ])('%s', (_name, raw, expected) => expect(cleanPreapprovedSearch(raw)).toEqual(expected));
});

describe('the preapproved filter form rule', () => {
  it.each([
    ['nothing typed', {}, {}],
    ['amounts in order', { fromAmount: '10', toAmount: '10.00' }, {}],
    ['the smallest above the largest', { fromAmount: '10.01', toAmount: '10' }, { toAmount: m.order }],
    ['not an amount', { fromAmount: 'abc' }, { fromAmount: m.amount }],
    ['too many decimals', { toAmount: '1.123456789' }, { toAmount: m.amount }],
    ['a decimal comma', { fromAmount: '1,5', toAmount: '2' }, {}],
  ])('%s', (_name, values, expected) => expect(validatePreapprovedFilter(values)).toEqual(expected));
});

describe('the preapproved list request (001 s5: empty filters dropped)', () => {
  it('sends only the given values', () => {
    expect(preapprovedRequest({})).toEqual({});
    expect(preapprovedRequest({ type: 'betweenAccounts', fromAmount: '1' })).toEqual({ type: 'betweenAccounts', fromAmount: '1' });
  });
});
