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
