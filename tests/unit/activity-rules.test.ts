import { describe, expect, it } from 'vitest';
import { calendarDay, groupByDate, recentTransferTarget, visibleRecentTransfers } from '@machines/accounts/activity.logic';

const transfer = (transactionId: number, isDisabled = false, type = 'p2p') => ({ transactionId, isDisabled, type });

describe('visibleRecentTransfers (spec 001 s5, s9)', () => {
  it.each([
    ['hides disabled ones, then cuts to the limit', [transfer(1), transfer(2, true), transfer(3), transfer(4), transfer(5)], 3, [1, 3, 4]],
    ['fewer than the limit', [transfer(1), transfer(2)], 3, [1, 2]],
    ['exactly the limit', [transfer(1), transfer(2), transfer(3)], 3, [1, 2, 3]],
    ['all disabled', [transfer(1, true), transfer(2, true)], 3, []],
    ['limit 0', [transfer(1)], 0, []],
    ['negative limit', [transfer(1)], -1, []],
    ['empty', [], 3, []],
  ])('%s', (_name, items, limit, ids) => expect(visibleRecentTransfers(items, limit).map((t) => t.transactionId)).toEqual(ids));
});

describe('recentTransferTarget', () => {
  it.each([
    [transfer(7, false, 'p2p'), '/transfer/p2p', { transactionId: '7' }],
    [transfer(8, false, 'wire'), '/transfer/external', { type: 'wire', transactionId: '8' }],
    [transfer(9, false, 'interac'), '/transfer/external', { type: 'interac', transactionId: '9' }],
  ])('%o opens %s', (item, to, search) => expect(recentTransferTarget(item)).toEqual({ to, search }));
});

describe('groupByDate (spec 001 s9: by date, fees left out)', () => {
  const tx = (created: string, type = 'p2p', id = created) => ({ created, type, id });
  it('groups by calendar day in the time zone, newest day first, fees out', () => {
    const groups = groupByDate(
      [tx('2026-11-20T10:00:00Z'), tx('2026-11-21T09:00:00Z'), tx('2026-11-20T23:30:00Z'), tx('2026-11-21T08:00:00Z', 'fee'), tx('2026-11-19T12:00:00Z', 'wire')],
      'UTC',
    );
    expect(groups.map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-21', ['2026-11-21T09:00:00Z']],
      ['2026-11-20', ['2026-11-20T10:00:00Z', '2026-11-20T23:30:00Z']],
      ['2026-11-19', ['2026-11-19T12:00:00Z']],
    ]);
  });
  it('the day boundary follows the time zone', () => {
    expect(calendarDay('2026-11-20T23:30:00Z', 'UTC')).toBe('2026-11-20');
    expect(calendarDay('2026-11-20T23:30:00Z', 'Europe/Bucharest')).toBe('2026-11-21');
    expect(calendarDay('2026-11-21T03:00:00Z', 'America/Toronto')).toBe('2026-11-20');
    // Each zone keeps its own formatter: asking again after other zones gives the same days.
    expect(calendarDay('2026-11-20T23:30:00Z', 'UTC')).toBe('2026-11-20');
    expect(calendarDay('2026-11-20T23:30:00Z', 'Europe/Bucharest')).toBe('2026-11-21');
  });
  it('only fees, or nothing, give no groups', () => {
    expect(groupByDate([tx('2026-11-20T10:00:00Z', 'fee')], 'UTC')).toEqual([]);
    expect(groupByDate([], 'UTC')).toEqual([]);
  });
});
