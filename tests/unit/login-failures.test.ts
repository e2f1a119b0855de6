// @vitest-environment node
import { readReplyError } from '../../src/shared/api/errors';
import { toLoginFailure, toTokenFailure } from '../../src/features/login/model/login-actors';
import { loginMessages } from '@machines/auth/login.logic';

/** Auth replies → what the login screen says (spec 000 s8). */
describe('auth failures shown on the login screen', () => {
  const cases: [string, number, unknown, unknown][] = [
    ['403 with a message shows that message', 403, { message: 'This account is blocked. Contact support.' }, { kind: 'failed', message: { text: 'This account is blocked. Contact support.' } }],
    ['401 wrong password shows the server message', 401, { message: 'Wrong e-mail or password' }, { kind: 'failed', message: { text: 'Wrong e-mail or password' } }],
    ['403 terms error asks for the terms', 403, { code: 'TE', message: 'Terms', terms: { id: 't', title: 'T', text: 'x' } }, { kind: 'terms', terms: { id: 't', title: 'T', text: 'x' } }],
    ['429 is rate limiting (no Retry-After, no language: "Wait a minute")', 429, { message: 'Too many' }, { kind: 'rateLimited', message: { descriptor: loginMessages.rateLimited } }],
    ['an error without text is "unknown error"', 403, {}, { kind: 'failed', message: { descriptor: loginMessages.unknown } }],
  ];
  it.each(cases)('%s', (_name, status, body, expected) => {
    expect(toLoginFailure(readReplyError(status, body))).toEqual(expected);
  });

  it('500 reads "Server is not available", never the body', () => {
    const failure = toLoginFailure(readReplyError(500, { message: 'stack trace' }));
    expect(failure.kind).toBe('failed');
    expect(JSON.stringify(failure)).not.toContain('stack trace');
  });

  it('token exchange: a wrong code is re-entered; an unreadable failure is "[get token error] bad status"', () => {
    expect(toTokenFailure(readReplyError(401, { code: 'OTP', message: 'The code is not correct' }))).toEqual({
      kind: 'wrongCode',
      message: { text: 'The code is not correct' },
    });
    expect(toTokenFailure(readReplyError(401, {}))).toEqual({ kind: 'failed', message: { descriptor: loginMessages.getTokenBadStatus } });
    expect(toTokenFailure(new Error('x'))).toEqual({ kind: 'failed', message: { descriptor: loginMessages.getTokenUnknown } });
  });
});
