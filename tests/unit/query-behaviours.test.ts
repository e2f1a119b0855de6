// @vitest-environment node
import { parseCustomerId } from '../../src/app/model/query-behaviours';

describe('fromCustomerId from the address', () => {
  it.each([
    ['1042', 1042],
    [1042, 1042],
    [' 77 ', 77],
    ['0', null],
    ['-5', null],
    ['12.5', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
    ['99999999999999999', null],
  ])('%j → %j', (value, expected) => {
    expect(parseCustomerId(value)).toBe(expected);
  });
});

import { parsePlainSearch, stringifyPlainSearch } from '../../src/app/router/search';

describe('query strings are plain strings (links from e-mails keep their digits)', () => {
  it('parses without guessing numbers or JSON', () => {
    expect(parsePlainSearch('?code=246810&pin=012345&flag=true&obj=%7B%7D&user=ana%40x.test')).toEqual({
      code: '246810',
      pin: '012345',
      flag: 'true',
      obj: '{}',
      user: 'ana@x.test',
    });
  });
  it('round-trips and leaves out undefined', () => {
    const search = { redirect: '/home?x=1', code: '007', gone: undefined };
    expect(parsePlainSearch(stringifyPlainSearch(search))).toEqual({ redirect: '/home?x=1', code: '007' });
    expect(stringifyPlainSearch({})).toBe('');
  });
});
