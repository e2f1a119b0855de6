import { describe, expect, it } from 'vitest';
import { captchaChangeEvent, captchaSpentEvent } from '@machines/registration/captcha';

describe("the captcha's analytics events (002 s9: Turnstile success, failed, reset)", () => {
  it.each([
    ['a token handed over', 'sandbox-captcha-pass', 'Turnstile success'],
    ['the token taken back (unticked, expired)', null, 'Turnstile reset'],
    ['an empty token is none', '', 'Turnstile reset'],
  ] as const)('%s', (_, token, event) => expect(captchaChangeEvent(token)).toBe(event));

  it.each([
    ['the service refused the captcha (VF on captcha)', { fields: { captcha: { text: 'The captcha was not passed' } } }, 'Turnstile failed'],
    ['the captcha among other refused fields', { fields: { email: { text: 'taken' }, captcha: { text: 'no' } } }, 'Turnstile failed'],
    ['another field refused', { fields: { email: { text: 'taken' } } }, 'Turnstile reset'],
    ['a message of the service', { text: 'Server is not available' }, 'Turnstile reset'],
    ['a transport error', new Error('network'), 'Turnstile reset'],
    ['fields not an object', { fields: 'captcha' }, 'Turnstile reset'],
    ['nothing', null, 'Turnstile reset'],
  ] as const)('%s', (_, error, event) => expect(captchaSpentEvent(error)).toBe(event));
});
