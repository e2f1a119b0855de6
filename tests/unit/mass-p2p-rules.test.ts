import { emptyMassP2p, massP2pMessages as m, massP2pRequest, massTotalWithFees, validateMassP2p } from '@machines/transfers/mass-p2p.logic';

const v = (over: Partial<typeof emptyMassP2p>) => ({ ...emptyMassP2p, accountId: '1', text: 'ana@example.com,10', ...over });

describe('mass p2p: the rule before the summary', () => {
  it.each([
    ['account and text', {}, {}],
    ['no account', { accountId: '' }, { accountId: m.account }],
    ['blank text', { text: ' \n ' }, { text: m.text }],
    ['1,000 lines and a header', { text: ['email,amount', ...Array.from({ length: 1000 }, (_, i) => `p${i}@example.com,1`)].join('\n') }, {}],
    ['1,002 lines', { text: Array.from({ length: 1002 }, (_, i) => `p${i}@example.com,1`).join('\n') }, { text: m.tooManyLines }],
    ['empty lines do not count', { text: `a@example.com,1${'\n'.repeat(2000)}` }, {}],
    ['over 1 MB', { text: 'x'.repeat(1_000_001) }, { text: m.tooBig }],
    ['exactly 1 MB', { text: 'x'.repeat(1_000_000) }, {}],
    ['a batch name of 61 characters', { batchName: 'x'.repeat(61) }, { batchName: m.batchName }],
    ['a batch name of 60', { batchName: 'x'.repeat(60) }, {}],
  ])('%s', (_name, over, expected) => expect(validateMassP2p(v(over))).toEqual(expected));
});

describe('mass p2p: files and bodies', () => {
  it.each([
    ['12.50', '0.50', '13.00'],
    ['0.00000001', '0.00000000', '0.00000001'],
    ['90071992547409.93', '0.01', '90071992547409.94'],
  ])('%s with %s in fees leaves %s', (total, fee, out) => expect(massTotalWithFees({ total, fee })).toBe(out));

  it('the summary has no requestId; the real submit carries it; a blank batch name is not sent', () => {
    expect(massP2pRequest(v({}), true, 'req-1')).toEqual({ accountId: 1, onlySummary: true, textContent: 'ana@example.com,10' });
    expect(massP2pRequest(v({ batchName: ' Lunch ' }), false, 'req-1')).toEqual({ accountId: 1, onlySummary: false, textContent: 'ana@example.com,10', batchName: 'Lunch', requestId: 'req-1' });
  });
});
