import { cleanRequestFilter, requestListFilter, decidableSelection, isDecidable, isInitiateOnly, mayApprove, seesRequests, selectableIds, type TransactionRequestFacts } from '@machines/business/approvals.logic';

/** Business approvals (001 s3, s4, s6; 000 s6): who approves, who initiates, what can be decided. */
describe('access levels (0 none, 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading)', () => {
  it.each([
    ['the account holder (no level listed)', undefined, true, false, true],
    ['no access', 0, false, false, false],
    ['read', 1, false, false, false],
    ['full access', 2, true, false, true],
    ['initiate only', 3, false, true, true],
    ['confirmed', 4, true, false, true],
    ['uploading', 5, false, false, false],
  ] as const)('%s', (_name, level, approves, initiates, sees) => {
    expect(mayApprove(level)).toBe(approves);
    expect(isInitiateOnly(level)).toBe(initiates);
    expect(seesRequests(level)).toBe(sees);
  });
});

const r = (id: number, over: Partial<TransactionRequestFacts> = {}): TransactionRequestFacts => ({ id, status: 'waiting', groupedTransactionType: 'single', mine: false, ...over });

describe('what a user may decide', () => {
  it.each([
    ['a waiting request of someone else, by an approver', r(1), 4, true],
    ['by the holder', r(1), undefined, true],
    ['by an initiate-only user', r(1), 3, false],
    ['one’s own request (nobody approves their own)', r(1, { mine: true }), 2, false],
    ['an approved one', r(1, { status: 'approved' }), 2, false],
    ['a declined one', r(1, { status: 'declined' }), 2, false],
    ['a failed one', r(1, { status: 'failed' }), 2, false],
    ['a waiting mass request (decided as a whole)', r(1, { groupedTransactionType: 'mass', batchId: 9 }), 4, true],
  ] as const)('%s', (_name, request, level, decidable) => expect(isDecidable(request, level)).toBe(decidable));

  it('only waiting single requests of others can be ticked; a refreshed list drops ticks that are no longer decidable', () => {
    const list = [r(1), r(2, { mine: true }), r(3, { groupedTransactionType: 'mass', batchId: 7 }), r(4, { status: 'approved' }), r(5)];
    expect(selectableIds(list, 4)).toEqual([1, 5]);
    expect(selectableIds(list, 3)).toEqual([]);
    expect(decidableSelection([5, 2, 4, 1, 99], list, 2)).toEqual([5, 1]);
  });
});

describe('the list filter from the address (empty values dropped)', () => {
  it.each([
    ['nothing: waiting requests', {}, { status: 'waiting' }],
    ['all statuses (kept, so a reload keeps it)', { status: 'all' }, { status: 'all' }],
    ['an unknown status: waiting', { status: 'lost' }, { status: 'waiting' }],
    ['declined, by someone, in a type', { status: 'declined', createdBy: ' initiator@brand1.test ', transactionType: 'wire' }, { status: 'declined', createdBy: 'initiator@brand1.test', transactionType: 'wire' }],
    ['dates in order', { fromDate: '2026-11-30', toDate: '2026-11-01' }, { status: 'waiting', fromDate: '2026-11-01', toDate: '2026-11-30' }],
    ['a bad date is dropped', { fromDate: '30.11.2026', toDate: '2026-11-30' }, { status: 'waiting', toDate: '2026-11-30' }],
    ['empty and overlong texts are dropped', { createdBy: '  ', transactionType: 'x'.repeat(41) }, { status: 'waiting' }],
  ])('%s', (_name, search, filter) => expect(cleanRequestFilter(search)).toEqual(filter));
});

describe('the call’s filter', () => {
  it.each([
    ['all: no status', { status: 'all' as const, createdBy: 'a@b.test' }, { createdBy: 'a@b.test' }],
    ['waiting', { status: 'waiting' as const }, { status: 'waiting' }],
    ['nothing', {}, {}],
  ])('%s', (_name, filter, call) => expect(requestListFilter(filter)).toEqual(call));
});
