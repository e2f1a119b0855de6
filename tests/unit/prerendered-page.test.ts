// @vitest-environment node
import { acceptedLanguages, choosePrerenderedPage, cookieValue, prerenderedFile, primaryLanguage } from '../../scripts/prerendered-page.mjs';
import { brandIds, brands, languagesFor } from '../../brands';
import { resolveLanguage } from '@machines/app/app-start.logic';
import type { Language } from '@/shared/config';

/** The manifest the build writes (src/app/prerender/render-page.tsx `prerenderManifest`), from the brands' configs. */
const manifest = (brandFromLink: boolean) => ({
  paths: ['/login'],
  brandFromLink,
  brands: Object.fromEntries(
    brandIds.map((id) => [
      id,
      { languages: [...languagesFor(brands[id])], defaultLanguage: brands[id].config.defaultLanguage, hosts: [...brands[id].config.hosts, ...brands[id].config.reviewHosts] },
    ]),
  ),
});

const choose = (request: { path?: string; query?: string; host?: string; cookie?: string; acceptLanguage?: string; brandFromLink?: boolean }) =>
  choosePrerenderedPage({
    manifest: manifest(request.brandFromLink ?? false),
    pathname: request.path ?? '/login',
    search: new URLSearchParams(request.query ?? ''),
    host: request.host ?? 'lumenvale.example',
    cookie: request.cookie,
    acceptLanguage: request.acceptLanguage,
  });

describe('which prerendered page a request gets (issue 48)', () => {
  it.each([
    // [case, request, brand, language]
    ['the host names the brand; nothing else: its default language', {}, 'brand2', 'en'],
    ['a review host is the same brand', { host: 'review.lumenvale.example' }, 'brand2', 'en'],
    ['host names are read without case, port or final dot', { host: 'App.Lumenvale.Example.:443' }, 'brand2', 'en'],
    ['an unknown host is the first brand', { host: 'elsewhere.example' }, 'brand1', 'en'],
    ['no host header is the first brand', { host: '' }, 'brand1', 'en'],
    ['?lang= wins over the cookie and the browser', { query: 'lang=ru', cookie: 'lang=es', acceptLanguage: 'pt' }, 'brand2', 'ru'],
    ['?lang=ua is Ukrainian', { query: 'lang=ua' }, 'brand2', 'uk'],
    ['?lang= is read without case', { query: 'lang=RU' }, 'brand2', 'ru'],
    ['a ?lang= the brand does not offer falls to the next source', { host: 'elsewhere.example', query: 'lang=xx', acceptLanguage: 'es' }, 'brand1', 'es'],
    ['the cookie comes before the browser', { cookie: 'theme=dark; lang=ro', acceptLanguage: 'pt-PT,pt;q=0.9' }, 'brand2', 'ro'],
    ['a cookie language the brand lacks falls to the browser', { cookie: 'lang=zz', acceptLanguage: 'uk-UA' }, 'brand2', 'uk'],
    ['Accept-Language by q-value, not by order', { acceptLanguage: 'de;q=0.9, ru;q=0.5, pt;q=0.8' }, 'brand2', 'pt'],
    ['Accept-Language: q=0 is "not this"', { acceptLanguage: 'ru;q=0, es;q=0.1' }, 'brand2', 'es'],
    ['Accept-Language with only unknown languages: the default', { acceptLanguage: 'de-DE, fr;q=0.8, *;q=0.1' }, 'brand2', 'en'],
    ['brand 3 offers en and es only: ru is never chosen', { host: 'elsewhere.example', query: 'brand=brand3&lang=ru', brandFromLink: true, acceptLanguage: 'ru, es;q=0.5' }, 'brand3', 'es'],
    ['?brand= chooses where links may (sandbox and development builds)', { query: 'brand=brand6', brandFromLink: true }, 'brand6', 'en'],
    ['?brand= is ignored in a deployed build: the host decides', { query: 'brand=brand6' }, 'brand2', 'en'],
    ['an unknown ?brand= is ignored', { query: 'brand=brand9', brandFromLink: true }, 'brand2', 'en'],
    ['?redirect= changes nothing on the page', { query: 'redirect=%2Fhome' }, 'brand2', 'en'],
    ['a trailing slash is the same address', { path: '/login/' }, 'brand2', 'en'],
  ] as const)('%s', (_case, request, brandId, language) => {
    expect(choose(request)).toEqual({ brandId, language, path: '/login' });
  });

  it.each([
    ['another address', { path: '/home' }],
    ['the root address', { path: '/' }],
    ['an e-mail confirmation (the page shows its message)', { query: 'emailConfirmation=success' }],
    ['a sign-in code', { query: 'code=1&codeVerifier=x' }],
    ['an activation link', { query: 'action=activation&user=a&code=1' }],
    ['a chosen customer', { query: 'fromCustomerId=5' }],
  ] as const)('no prerendered page: %s', (_case, request) => {
    expect(choose(request)).toBeNull();
  });

  it("chooses as the app's start-up does, for every brand and each source", () => {
    const sources = [
      { fromUrl: 'ru', stored: undefined, browser: [] },
      { fromUrl: undefined, stored: 'es', browser: ['pt'] },
      { fromUrl: undefined, stored: undefined, browser: ['uk-UA', 'ro'] },
      { fromUrl: 'xx', stored: 'zz', browser: ['de', 'pt-BR'] },
      { fromUrl: undefined, stored: undefined, browser: [] },
    ];
    for (const id of brandIds) {
      for (const source of sources) {
        const offered = languagesFor(brands[id]) as readonly Language[];
        const app = resolveLanguage({ ...source, offered, fallback: brands[id].config.defaultLanguage });
        const server = choose({
          host: brands[id].config.hosts[0],
          query: source.fromUrl ? `lang=${source.fromUrl}` : '',
          cookie: source.stored ? `lang=${source.stored}` : undefined,
          acceptLanguage: source.browser.join(', '),
        });
        expect(server, `${id} ${JSON.stringify(source)}`).toEqual({ brandId: id, language: app, path: '/login' });
      }
    }
  });

  it('reads the headers it needs', () => {
    expect(acceptedLanguages('en-GB;q=0.8, ro , fr;q=bad')).toEqual(['ro', 'en-GB']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(cookieValue('a=1; lang=ru; b=2', 'lang')).toBe('ru');
    expect(cookieValue('language=ru', 'lang')).toBeUndefined();
    expect(cookieValue(undefined, 'lang')).toBeUndefined();
    expect(primaryLanguage('PT_pt')).toBe('pt');
    expect(primaryLanguage('')).toBeUndefined();
    expect(prerenderedFile({ brandId: 'brand2', language: 'ru', path: '/login' })).toBe('prerendered/brand2/ru/login.html');
  });
});
