// @vitest-environment node
import createClient from 'openapi-fetch';
import { i18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createActor, fromPromise, waitFor } from 'xstate';
import { configureApi, apiRuntime } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';
import { readErrors, transportFetch } from '../../src/shared/api/transport';
import { ApiError, parseRetryAfter, readReplyError, tryAgainIn } from '../../src/shared/api/errors';
import { errorPopupFor, toRateLimitMessage } from '../../src/shared/api/ui-failure';
import { toLoginFailure, toTokenFailure } from '../../src/features/login/model/login-actors';
import { loginMessages, type AuthFlowReply, type LoginFailure } from '@machines/auth/login.logic';
import { loginMachine } from '@machines/auth/login.machine';
import type { UiMessage } from '@machines/shared/ui-message';

/**
 * A 429 from the auth service (too many wrong passwords) → what the login screen says: the server's
 * text only when it is in the interface language (Content-Language), else the app's own words with
 * the wait of Retry-After, else "Wait a minute".
 */
const ru = 'Слишком много неудачных попыток входа. Повторите попытку через 15 минут.';
const tooMany = (headers: Record<string, string>, body: unknown = { message: ru }) => readReplyError(429, body, new Headers(headers));
const shown = (message: UiMessage | undefined) => (message && 'text' in message ? message.text : message ? i18n._(message.descriptor) : null);
const messageOf = (failure: LoginFailure) => (failure.kind === 'rateLimited' ? failure.message : undefined);

describe('Retry-After and Content-Language of a reply', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it.each([
    ['900', 900],
    [' 60 ', 60],
    ['0', 0],
    ['Sun, 22 Nov 2026 10:02:00 GMT', 120],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    ['', null],
    [null, null],
  ] as const)('Retry-After %j is %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it('an error keeps the reply\'s Retry-After (seconds) and the primary subtag of its Content-Language', () => {
    const error = tooMany({ 'Retry-After': '900', 'Content-Language': 'ru-RU' });
    expect(error?.kind).toBe('rateLimited');
    expect(error?.retryAfterSeconds).toBe(900);
    expect(error?.language).toBe('ru');
    expect(readReplyError(429, undefined, new Headers({ 'Retry-After': '30' }))?.retryAfterSeconds).toBe(30);
    const bare = readReplyError(429, { message: 'x' });
    expect([bare?.retryAfterSeconds, bare?.language]).toEqual([null, null]);
  });

  it('the transport reads them from the real reply', async () => {
    configureApi({
      bases: sandboxBases('http://api.test'),
      language: 'ru',
      fetch: async () =>
        new Response(JSON.stringify({ message: ru }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '900', 'Content-Language': 'ru' },
        }),
    });
    const auth = createClient<any>({ baseUrl: apiRuntime.bases.auth, fetch: transportFetch });
    auth.use(readErrors);
    const error = await auth.POST('/auth/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rateLimited', retryAfterSeconds: 900, language: 'ru', serverMessage: ru });
  });
});

describe('the login screen after a 429', () => {
  it('shows the server\'s text when the reply says it is in the interface language', () => {
    const failure = toLoginFailure(tooMany({ 'Retry-After': '900', 'Content-Language': 'ru' }), 'ru');
    expect(failure).toEqual({ kind: 'rateLimited', message: { text: ru } });
  });

  it('otherwise its own words with the wait from Retry-After, in whole minutes rounded up', () => {
    // The server answered in English (it has no Russian text), or did not say its language.
    const replies: Record<string, string>[] = [{ 'Retry-After': '900', 'Content-Language': 'en' }, { 'Retry-After': '900' }];
    for (const headers of replies) {
      const failure = toLoginFailure(tooMany(headers, { message: 'Too many failed sign-in attempts.' }), 'ru');
      expect(messageOf(failure)).toEqual({ descriptor: tryAgainIn(900) });
      expect(shown(messageOf(failure))).toBe('Too many attempts. Try again in 15 minutes.');
    }
    const wait = (seconds: string) => shown(messageOf(toLoginFailure(tooMany({ 'Retry-After': seconds }, {}), 'en')));
    expect(wait('60')).toBe('Too many attempts. Try again in 1 minute.');
    expect(wait('61')).toBe('Too many attempts. Try again in 2 minutes.');
    expect(wait('0')).toBe('Too many attempts. Try again in 1 minute.');
  });

  it('without Retry-After nor a text in the interface language: "Wait a minute, then try again."', () => {
    const failure = toLoginFailure(tooMany({}, { message: 'Too many requests (injected fault)' }), 'en');
    expect(failure).toEqual({ kind: 'rateLimited', message: { descriptor: loginMessages.rateLimited } });
    expect(shown(messageOf(failure))).toBe('Too many attempts. Wait a minute, then try again.');
  });

  it('the token exchange\'s 429 follows the same rule', () => {
    expect(toTokenFailure(tooMany({ 'Content-Language': 'pt' }, { message: 'Demasiados códigos incorretos' }), 'pt')).toEqual({
      kind: 'rateLimited',
      message: { text: 'Demasiados códigos incorretos' },
    });
    expect(toTokenFailure(tooMany({}, { message: 'Too many wrong codes' }), 'pt')).toEqual({
      kind: 'rateLimited',
      message: { descriptor: loginMessages.rateLimited },
    });
  });

  it('server text stays text (no markup is interpreted)', () => {
    const html = '<b>Too many</b> <img src=x onerror=alert(1)>';
    expect(toRateLimitMessage(tooMany({ 'Content-Language': 'en' }, { message: html })!, 'en')).toEqual({ text: html });
  });

  it('the wait is a plural the catalogues translate per language (minutes: one/few/many in ru)', () => {
    const descriptor = tryAgainIn(5 * 60);
    expect(descriptor.values).toEqual({ minutes: 5 });
    const russian = setupI18n({
      locale: 'ru',
      messages: {
        ru: {
          [descriptor.id]: compileMessage(
            'Слишком много попыток. Повторите через {minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}.',
          ),
        },
      },
    });
    expect(russian._(tryAgainIn(60))).toBe('Слишком много попыток. Повторите через 1 минуту.');
    expect(russian._(tryAgainIn(180))).toBe('Слишком много попыток. Повторите через 3 минуты.');
    expect(russian._(tryAgainIn(900))).toBe('Слишком много попыток. Повторите через 15 минут.');
  });

  it('the login statechart shows the message it is given, and "Wait a minute" when there is none', async () => {
    const run = async (failure: LoginFailure) => {
      const actor = createActor(
        loginMachine.provide({
          actors: {
            createPkce: fromPromise(async () => ({ verifier: 'v', challenge: 'c' })),
            login: fromPromise<AuthFlowReply, { username: string; password: string; codeChallenge: string; acceptTerms: string | null }>(async () => {
              throw failure;
            }),
          },
        }),
        { input: undefined },
      ).start();
      actor.send({ type: 'CHANGE', field: 'username', value: 'lockout@brand1.test' });
      actor.send({ type: 'CHANGE', field: 'password', value: 'wrong' });
      actor.send({ type: 'SUBMIT' });
      const snapshot = await waitFor(actor, (s) => s.context.error !== null);
      actor.stop();
      expect(snapshot.hasTag('step:credentials')).toBe(true);
      expect(snapshot.context.password).toBe('');
      return snapshot.context.error;
    };
    expect(await run({ kind: 'rateLimited', message: { text: ru } })).toEqual({ text: ru });
    expect(await run({ kind: 'rateLimited', message: { descriptor: tryAgainIn(900) } })).toEqual({ descriptor: tryAgainIn(900) });
    expect(await run({ kind: 'rateLimited' })).toEqual({ descriptor: loginMessages.rateLimited });
  });
});

describe('the generic error popup after a 429 with Retry-After', () => {
  it('falls back to the words with the wait', () => {
    const popup = errorPopupFor(new ApiError({ kind: 'rateLimited', status: 429, retryAfterSeconds: 900 }));
    expect(popup).toMatchObject({ kind: 'error', fallback: 'Too many attempts. Try again in 15 minutes.' });
  });
});
