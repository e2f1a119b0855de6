// @vitest-environment node
import { ApiError, joinValidationErrors, readReplyError, RESPONSE_CODE_KINDS } from '../../src/shared/api/errors';

describe('error reading and the error catalogue (spec 000 s8)', () => {
  it('a 2xx reply with responseCode 00 or none is a success', () => {
    expect(readReplyError(200, { responseCode: '00', x: 1 })).toBeNull();
    expect(readReplyError(200, { accessToken: 'a' })).toBeNull();
    expect(readReplyError(204, undefined)).toBeNull();
  });

  it.each([
    ['VF', 'validation', 'fixInput'],
    ['TE', 'termsRequired', 'acceptTerms'],
    ['AE', 'transport', 'retry'],
    ['AU', 'unauthorized', 'signInAgain'],
    ['ENOA', 'noAccess', 'contactSupport'],
    ['UE', 'unknown', 'retry'],
    ['CA', 'closedAccount', 'contactSupport'],
    ['13', 'accessDenied', 'contactSupport'],
    ['TA1', 'invalidParams', 'fixInput'],
    ['IM', 'invalidMethod', 'contactSupport'],
    ['ZZ', 'unknown', 'retry'],
  ])('code %s maps to %s (%s)', (code, kind, action) => {
    const error = readReplyError(200, { responseCode: code, responseDescription: 'text from server' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.kind).toBe(kind);
    expect(error?.action).toBe(action);
    expect(error?.code).toBe(code);
  });

  it('covers every catalogue code', () => {
    expect(Object.keys(RESPONSE_CODE_KINDS).sort()).toEqual(['13', 'AE', 'AU', 'CA', 'ENOA', 'IM', 'TA1', 'TE', 'UE', 'VF'].sort());
  });

  it('takes the status from the response and the message from the reply', () => {
    const e = readReplyError(403, { message: 'Device not allowed' });
    expect(e?.status).toBe(403);
    expect(e?.serverMessage).toBe('Device not allowed');
    expect(e?.kind).toBe('accessDenied');
  });

  it('500 always reads "Server is not available", whatever the body says', () => {
    const e = readReplyError(500, { message: 'stack trace here' });
    expect(e?.kind).toBe('serverUnavailable');
    expect(e?.serverMessage).toBeNull();
    expect(e?.defaultMessage.message).toBe('Server is not available');
  });

  it('an empty reply and a 401/429 without body have their own kinds', () => {
    expect(readReplyError(200, undefined)?.kind).toBe('emptyReply');
    expect(readReplyError(200, '')?.kind).toBe('emptyReply');
    expect(readReplyError(401, undefined)?.kind).toBe('unauthorized');
    expect(readReplyError(429, undefined)?.kind).toBe('rateLimited');
  });

  it('network, empty and server errors have distinct translated defaults', () => {
    const texts = ['network', 'emptyReply', 'serverUnavailable', 'timeout'].map(
      (kind) => new ApiError({ kind: kind as never }).defaultMessage.id,
    );
    expect(new Set(texts).size).toBe(4);
  });

  it('verification errors join param and description pairs with commas; one error uses its description', () => {
    expect(joinValidationErrors([{ param: 'amount', description: 'too small' }])).toBe('too small');
    expect(
      joinValidationErrors([
        { param: 'amount', description: 'too small' },
        { param: 'currency', description: 'unknown' },
      ]),
    ).toBe('amount: too small, currency: unknown');
    expect(joinValidationErrors([])).toBeNull();
    const e = readReplyError(200, {
      responseCode: 'VF',
      responseDescription: 'Validation failed',
      validationErrors: [
        { param: 'email', description: 'is not valid' },
        { param: 'phone', description: 'is required' },
      ],
    });
    expect(e?.serverMessage).toBe('email: is not valid, phone: is required');
    expect(e?.validationErrors).toHaveLength(2);
  });
});
