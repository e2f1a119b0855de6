// @vitest-environment node
import { ApiError } from '../../src/shared/api/errors';
import { toSettingsFailure } from '../../src/entities/security/model/settings-failure';

/** How a failed settings call is read by the settings statecharts (issue 49): every branch. */
describe('toSettingsFailure', () => {
  const cases: [string, unknown, string, unknown?][] = [
    ['no proof (403 REAUTH): re-authenticate', new ApiError({ kind: 'accessDenied', status: 403, code: 'REAUTH', serverMessage: 'Confirm it is you first' }), 'proofRefused', { text: 'Confirm it is you first' }],
    ['another 403 is not a missing proof', new ApiError({ kind: 'accessDenied', status: 403, code: null, serverMessage: 'Forbidden' }), 'failed', { text: 'Forbidden' }],
    ['a wrong two-step code (400 with the message)', new ApiError({ kind: 'invalidParams', status: 400, code: 'OTP', serverMessage: 'The code is not correct' }), 'refused', { text: 'The code is not correct' }],
    ['a wrong password at check-password (401 PASSWORD)', new ApiError({ kind: 'unauthorized', status: 401, code: 'PASSWORD', serverMessage: 'The password is not correct' }), 'refused', { text: 'The password is not correct' }],
    ['a wrong code at check-password (401 OTP)', new ApiError({ kind: 'unauthorized', status: 401, code: 'OTP', serverMessage: 'The code is not correct' }), 'refused', { text: 'The code is not correct' }],
    ['a 401 without a refusal code: the session ended', new ApiError({ kind: 'unauthorized', status: 401 }), 'failed'],
    ['a refused request (422)', new ApiError({ kind: 'validation', status: 422, serverMessage: 'This mode is already on' }), 'refused', { text: 'This mode is already on' }],
    ['a wrong password change code (13 in a 200)', new ApiError({ kind: 'accessDenied', status: 200, code: '13', serverMessage: 'The code is not right' }), 'refused', { text: 'The code is not right' }],
    ['a server error (500)', new ApiError({ kind: 'serverUnavailable', status: 500 }), 'failed'],
    ['no connection', new ApiError({ kind: 'network' }), 'failed'],
    ['not an API error (a bug)', new Error('boom'), 'failed'],
  ];
  it.each(cases)('%s', (_name, error, kind, message) => {
    const failure = toSettingsFailure(error, 'en');
    expect(failure.kind).toBe(kind);
    if (message !== undefined) expect(failure.message).toEqual(message);
  });

  it('a main-service VF keeps its fields, each shown at its field', () => {
    const error = new ApiError({ kind: 'validation', status: 200, code: 'VF', serverMessage: 'The current password is not correct', validationErrors: [{ param: 'password', description: 'The current password is not correct' }] });
    expect(toSettingsFailure(error, 'en')).toEqual({ kind: 'refused', message: { text: 'The current password is not correct' }, fields: { password: { text: 'The current password is not correct' } } });
  });

  it('a 429 carries its wait; the server’s words only when they are in the interface language', () => {
    const ru = new ApiError({ kind: 'rateLimited', status: 429, serverMessage: 'Слишком много попыток', retryAfterSeconds: 90, language: 'ru' });
    expect(toSettingsFailure(ru, 'ru')).toEqual({ kind: 'rateLimited', retryAfterSeconds: 90, message: { text: 'Слишком много попыток' } });
    const other = toSettingsFailure(ru, 'en');
    expect(other.kind).toBe('rateLimited');
    expect(other.kind === 'rateLimited' && 'descriptor' in (other.message ?? {})).toBe(true);
    const silent = toSettingsFailure(new ApiError({ kind: 'rateLimited', status: 429 }), 'en');
    expect(silent).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: null });
  });
});
