import { forgetTransferIntent, keepTransferIntent, readTransferIntent } from '@/entities/transfer';

describe('transfers being sent, kept in the tab (docs/storage.md app.transferIntents)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps one intent per kind until it is forgotten; nothing goes to localStorage', () => {
    keepTransferIntent('own', { amount: '10.00' }, 'req-own-0001', 1_000);
    keepTransferIntent('p2p', { amount: '5.00' }, 'req-p2p-0001', 1_000);
    expect(readTransferIntent('own', 2_000)).toEqual({ values: { amount: '10.00' }, requestId: 'req-own-0001', savedAt: 1_000 });
    forgetTransferIntent('own');
    expect(readTransferIntent('own', 2_000)).toBeNull();
    expect(readTransferIntent('p2p', 2_000)?.requestId).toBe('req-p2p-0001');
    forgetTransferIntent('p2p');
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it.each([
    ['older than a day', JSON.stringify({ own: { values: {}, requestId: 'req-own-0001', savedAt: 0 } }), 24 * 60 * 60 * 1000 + 1],
    ['a day old exactly is still kept', null, 0],
    ['not JSON', 'not json', 1],
    ['not an intent', JSON.stringify({ own: { values: { amount: 5 }, requestId: 'x', savedAt: 'no' } }), 1],
  ])('reads none when the stored value is %s', (name, stored, now) => {
    if (stored === null) {
      keepTransferIntent('own', {}, 'req-own-0001', 0);
      expect(readTransferIntent('own', 24 * 60 * 60 * 1000)?.requestId).toBe('req-own-0001');
      return;
    }
    sessionStorage.setItem('app.transferIntents', stored);
    expect(readTransferIntent('own', now), name).toBeNull();
  });
});
