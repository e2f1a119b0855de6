// @vitest-environment node
import { errorPopupContent, responsePopupMessage } from '../../src/shared/api/popup-content';

describe('response popup text (001 s8)', () => {
  it.each([
    [{ responseDescription: 'Desc', message: 'Msg' }, 'Desc'],
    [{ description: 'Plain description', message: 'Msg' }, 'Plain description'],
    [{ message: 'Msg', body: 'Body' }, 'Msg'],
    [{ body: 'Body', errors: ['a'] }, 'Body'],
    [{ validationErrors: [{ param: 'amount', description: 'too small' }, { param: 'iban', description: 'invalid' }], errors: ['x'] }, 'amount: too small, iban: invalid'],
    [{ validationErrors: [{ param: 'amount', description: 'too small' }] }, 'too small'],
    [{ errors: ['first', 'second'] }, 'first, second'],
    [{ responseDescription: '   ', errors: [] }, null],
    [{}, null],
    [null, null],
  ])('%j → %j', (reply, expected) => {
    expect(responsePopupMessage(reply)).toBe(expected);
  });
});

describe('generic error popup (002 s8)', () => {
  const long = 'Недостаточно средств на счёте для выполнения этого перевода';
  it.each([
    [{ responseDescription: 'Card blocked' }, { header: 'Card blocked', body: null }],
    [{ message: 'Limit reached', errors: ['daily', 'monthly'] }, { header: 'Limit reached', body: 'daily, monthly' }],
    [{ responseDescription: 'x'.repeat(50) }, { header: 'x'.repeat(50), body: null }],
    [{ responseDescription: 'x'.repeat(51) }, { header: null, body: 'x'.repeat(51) }],
    [{ responseDescription: long, validationErrors: [{ param: 'a', description: 'b' }, { param: 'c', description: 'd' }] }, { header: null, body: `${long}\na: b, c: d` }],
    [{ errors: ['only a list'] }, { header: null, body: 'only a list' }],
  ])('%j', (reply, expected) => {
    expect(errorPopupContent(reply)).toEqual(expected);
  });
});
