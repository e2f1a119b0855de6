// @vitest-environment node
import { blacklistEntryProblems, blocks, isBlacklistEmail, isBlockType } from '@machines/settings/blacklist.rules';
import { dateRangeProblems, isCalendarDate, loginHistoryRequest, pageCount, readLoginHistorySearch } from '@machines/settings/login-history.rules';
import { defaultNotificationSettings, groupNotificationSettings, NOTIFICATION_CATALOGUE, withSettingValue } from '@machines/settings/notification-settings.rules';

/** The payout blacklist's, the login history's and the notification settings' rules (issue 50): every branch and boundary. */
describe('blacklist rules', () => {
  it.each([
    ['a@b.co', true],
    [' ana@example.com ', true],
    ['a@b.c', false], // five characters: not longer than 5 (001 s5)
    ['ab@cd', false],
    ['abc.de', false],
    ['ana @example.com', false],
    ['', false],
  ])('isBlacklistEmail(%j) is %s', (text, valid) => {
    expect(isBlacklistEmail(text)).toBe(valid);
  });

  it.each([['all', true], ['p2p', true], ['mass', true], ['ALL', false], ['', false], [undefined, false], [1, false]])('isBlockType(%j) is %s', (value, known) => {
    expect(isBlockType(value)).toBe(known);
  });

  const known = { own: ['Me@Example.com'], listed: ['spam@example.com'] };
  it.each([
    [{ email: '', blockType: 'all' }, { email: 'required' }],
    [{ email: '   ', blockType: 'all' }, { email: 'required' }],
    [{ email: 'nope', blockType: 'all' }, { email: 'format' }],
    [{ email: ' me@example.COM ', blockType: 'all' }, { email: 'own' }],
    [{ email: 'SPAM@example.com', blockType: 'p2p' }, { email: 'listed' }],
    [{ email: 'new@example.com', blockType: 'everything' }, { blockType: 'blockType' }],
    [{ email: '', blockType: '' }, { email: 'required', blockType: 'blockType' }],
    [{ email: 'new@example.com', blockType: 'mass' }, {}],
  ])('blacklistEntryProblems(%j) is %j', (entry, problems) => {
    expect(blacklistEntryProblems(entry, known)).toEqual(problems);
  });

  it.each([
    ['all', 'p2p', true],
    ['all', 'mass', true],
    ['p2p', 'p2p', true],
    ['p2p', 'mass', false],
    ['mass', 'mass', true],
    ['mass', 'p2p', false],
  ] as const)('a %s entry blocks a %s payout: %s', (blockType, payout, blocked) => {
    expect(blocks(blockType, payout)).toBe(blocked);
  });
});

describe('login history rules', () => {
  it.each([
    ['2026-11-30', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['30.11.2026', false],
    ['', false],
  ])('isCalendarDate(%j) is %s', (text, real) => {
    expect(isCalendarDate(text)).toBe(real);
  });

  it.each([
    [{}, {}],
    [{ fromDate: '2026-01-01' }, {}],
    [{ toDate: '2026-01-01' }, {}],
    [{ fromDate: '2026-01-01', toDate: '2026-01-01' }, {}], // one day is a range
    [{ fromDate: '2026-01-02', toDate: '2026-01-01' }, { toDate: 'order' }],
    [{ fromDate: '2026-02-30', toDate: '2026-01-01' }, { fromDate: 'format' }],
    [{ fromDate: '2026-01-01', toDate: 'soon' }, { toDate: 'format' }],
    [{ fromDate: 'x', toDate: 'y' }, { fromDate: 'format', toDate: 'format' }],
    [{ fromDate: ' 2026-01-01 ', toDate: '' }, {}],
  ])('dateRangeProblems(%j) is %j', (range, problems) => {
    expect(dateRangeProblems(range)).toEqual(problems);
  });

  it.each([
    [{}, {}],
    [{ fromDate: '2026-01-01', toDate: '2026-01-31', page: '3' }, { fromDate: '2026-01-01', toDate: '2026-01-31', page: 3 }],
    [{ page: 2 }, { page: 2 }],
    [{ page: 1 }, {}], // the first page is no page
    [{ page: '0' }, {}],
    [{ page: '-2' }, {}],
    [{ page: '2.5' }, {}],
    [{ page: 2.5 }, {}],
    [{ page: '99999999999999999999' }, {}],
    [{ fromDate: '2026-02-30' }, {}],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, { fromDate: '2026-03-02' }], // wrong order keeps the start
    [{ fromDate: 20260101 }, {}],
    [{ fromDate: ' 2026-01-01 ', other: 'x' }, { fromDate: '2026-01-01' }],
  ])('readLoginHistorySearch(%j) is %j', (raw, search) => {
    expect(readLoginHistorySearch(raw)).toEqual(search);
  });

  it('the request: the days given, the page from 1, 20 a page (001 s9)', () => {
    expect(loginHistoryRequest({})).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(loginHistoryRequest({ fromDate: '2026-01-01', page: 4 })).toEqual({ fromDate: '2026-01-01', pageNumber: 4, pageSize: 20 });
    expect(loginHistoryRequest({ toDate: '2026-01-31' })).toEqual({ toDate: '2026-01-31', pageNumber: 1, pageSize: 20 });
  });

  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [61, 4],
  ])('%i sign-ins fill %i page(s)', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
  it('another page size', () => expect(pageCount(25, 10)).toBe(3));
});

describe('notification settings rules', () => {
  const s = (identified: string, group: string, value = true) => ({ identified, group, value });

  it('groups known groups in the catalogue order, settings in theirs; unknown ones after, by name', () => {
    const grouped = groupNotificationSettings([
      s('offers', 'news', false),
      s('zeta', 'partner'),
      s('cardDeclined', 'cards'),
      s('alpha', 'partner'),
      s('passwordChanged', 'security'),
      s('extra', 'security'),
      s('newSignIn', 'security'),
      s('productNews', 'news'),
      s('cardPayment', 'cards'),
      s('beta', 'another'),
    ]);
    expect(grouped.map((g) => [g.group, g.settings.map((x) => x.identified)])).toEqual([
      ['security', ['newSignIn', 'passwordChanged', 'extra']],
      ['cards', ['cardPayment', 'cardDeclined']],
      ['news', ['productNews', 'offers']],
      ['another', ['beta']],
      ['partner', ['alpha', 'zeta']],
    ]);
  });

  it('a key listed twice keeps its last value and its place by the catalogue; nothing makes an empty group', () => {
    const grouped = groupNotificationSettings([s('newSignIn', 'security', true), s('newSignIn', 'security', false)]);
    expect(grouped).toEqual([{ group: 'security', settings: [s('newSignIn', 'security', false)] }]);
    expect(groupNotificationSettings([])).toEqual([]);
  });

  it('a key listed again under another group moves there', () => {
    expect(groupNotificationSettings([s('offers', 'news'), s('offers', 'partner')]).map((g) => g.group)).toEqual(['partner']);
  });

  it('withSettingValue replaces one value and leaves the others (and the list) untouched', () => {
    const list = [s('newSignIn', 'security', true), s('offers', 'news', false)];
    const next = withSettingValue(list, 'offers', true);
    expect(next).toEqual([s('newSignIn', 'security', true), s('offers', 'news', true)]);
    expect(list[1]!.value).toBe(false);
    expect(withSettingValue(list, 'unknown', true)).toEqual(list);
  });

  it('the defaults: every catalogue key once, news off and the rest on', () => {
    const defaults = defaultNotificationSettings();
    expect(defaults.map((d) => d.identified)).toEqual(NOTIFICATION_CATALOGUE.flatMap((g) => [...g.identified]));
    expect(defaults.filter((d) => !d.value).map((d) => d.group)).toEqual(['news', 'news']);
  });
});
