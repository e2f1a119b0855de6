// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@machines/shared/languages';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { AUTH_MESSAGES, authText, pickLanguage, placeholdersOf, waitText, type AuthMessageKey } from '../../sandbox/auth-messages.ts';

/** The auth service answers in the request's language (sandbox/auth-messages.ts), else English. */
describe('sandbox: the auth messages table', () => {
  const keys = Object.keys(AUTH_MESSAGES.en).sort() as AuthMessageKey[];

  it('has the six interface languages, each with every message and the same placeholders', () => {
    expect(Object.keys(AUTH_MESSAGES).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(Object.keys(AUTH_MESSAGES[language]).sort(), language).toEqual(keys);
      for (const key of keys) {
        const text = AUTH_MESSAGES[language][key];
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholdersOf(text), `${language}.${key}`).toEqual(placeholdersOf(AUTH_MESSAGES.en[key]));
        // Translated, not copied: only the technical names (codeChallenge, PKCE…) may repeat English.
        if (language !== 'en' && !/code(Challenge|Verifier)|PKCE/.test(AUTH_MESSAGES.en[key])) {
          expect(text, `${language}.${key}`).not.toBe(AUTH_MESSAGES.en[key]);
        }
      }
    }
  });

  it.each([
    [null, 'en'],
    ['', 'en'],
    ['ru', 'ru'],
    ['ru-RU,ru;q=0.9,en;q=0.8', 'ru'],
    ['de-DE,pt;q=0.8,en;q=0.5', 'pt'],
    ['en;q=0.5, ro;q=0.9', 'ro'],
    ['ES-mx', 'es'],
    ['ua', 'uk'],
    ['uk-UA', 'uk'],
    ['fr, de', 'en'],
    ['ru;q=0, es', 'es'],
    ['*', 'en'],
  ])('Accept-Language %j → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });

  it('writes the wait in each language with its own plural and case', () => {
    expect(authText('en', 'tooManySignIns', { retrySeconds: 900 })).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(authText('ru', 'tooManySignIns', { retrySeconds: 900 })).toBe('Слишком много неудачных попыток входа. Повторите попытку через 15 минут.');
    expect(waitText('ru', 60)).toBe('через 1 минуту');
    expect(waitText('ru', 180)).toBe('через 3 минуты');
    expect(waitText('uk', 120)).toBe('через 2 хвилини');
    expect(waitText('ro', 20 * 60)).toBe('peste 20 de minute');
    expect(waitText('pt', 15 * 60)).toBe('dentro de 15 minutos');
    expect(waitText('es', 1)).toBe('dentro de 1 minuto');
  });
});

describe('sandbox: auth replies in the request language', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-lang-')), 'db.sqlite') });
  });
  afterAll(() => sb.close());

  const signIn = (username: string, password: string, acceptLanguage?: string) =>
    fetch(`${sb.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}) },
      body: JSON.stringify({ client: 'spa', username, password }),
    });

  it('a ru request gets the Russian message, and Content-Language says so', async () => {
    const res = await signIn('personal@brand6.test', 'wrong-password', 'ru');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-language')).toBe('ru');
    expect((await res.json()).message).toBe('Неверный адрес эл. почты или пароль');
  });

  it('an unsupported or missing language gets English', async () => {
    for (const header of ['de-DE', undefined]) {
      const res = await signIn('personal@brand6.test', 'wrong-password', header);
      expect(res.headers.get('content-language')).toBe('en');
      expect((await res.json()).message).toBe('Wrong e-mail or password');
    }
  });

  it('refusals other than the password are translated too (blocked, terms with its code)', async () => {
    const blocked = await signIn('blocked@brand6.test', 'Demo-pass-1', 'pt-PT');
    expect(await blocked.json()).toEqual({ message: 'O início de sessão nesta conta está bloqueado. Contacte o apoio ao cliente.' });
    const terms = await (await signIn('terms@brand6.test', 'Demo-pass-1', 'uk')).json();
    expect(terms).toMatchObject({ code: 'TE', message: 'Необхідно прийняти умови', terms: { id: expect.any(String) } });
  });

  it('the store-links limit says in the language how long to wait, and sends Retry-After', async () => {
    const send = () =>
      fetch(`${sb.url}/auth/stores-urls/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'es-ES,es;q=0.9' },
        body: JSON.stringify({ phoneNumber: '+40712000999' }),
      });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(204);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect((await refused.json()).message).toBe('Demasiados mensajes a este número. Vuelva a intentarlo dentro de 10 minutos.');
  });

  it('store links across numbers: ten texts an hour from one requester, then 429 in the language (issue 46); another requester still may', async () => {
    const send = (phoneNumber: string, requester: string) =>
      fetch(`${sb.url}/auth/stores-urls/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ru', 'X-Forwarded-For': requester },
        body: JSON.stringify({ phoneNumber }),
      });
    for (let i = 0; i < 10; i++) expect((await send(`+4071300${String(i).padStart(4, '0')}`, '203.0.113.9')).status).toBe(204);
    const refused = await send('+40713009999', '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await refused.json()).message).toBe('Отсюда отправлено слишком много сообщений. Повторите попытку через 60 минут.');
    expect((await send('+40713009999', '198.51.100.9')).status).toBe(204);
  });
});
