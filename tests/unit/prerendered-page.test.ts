// @vitest-environment node
import { acceptedLanguages, choosePrerenderedPage, cookieValue, prerenderedFile, primaryLanguage } from '../../scripts/prerendered-page.mjs';
import { pageDocument, stylesheetsFor } from '../../scripts/build/prerender.mjs';
import { brandIds, brands, languagesFor, resolveBrandId } from '../../brands';
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

  it("chooses the brand as the app's host map does, for every brand's hosts and review hosts", () => {
    const hosts = [...brandIds.flatMap((id) => [...brands[id].config.hosts, ...brands[id].config.reviewHosts]), 'elsewhere.example', '127.0.0.1'];
    for (const host of hosts) {
      for (const override of [null, 'brand4']) {
        const query = override ? `brand=${override}` : '';
        for (const allowOverride of [true, false]) {
          expect(choose({ host: `${host.toUpperCase()}:8443`, query, brandFromLink: allowOverride })?.brandId, `${host} ${query} ${allowOverride}`).toBe(resolveBrandId({ hostname: host, override, allowOverride }));
        }
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

describe('the prerendered document (scripts/build/prerender.mjs)', () => {
  it("links the fewest lazy stylesheets that define the markup's classes, matching whole class names only", () => {
    const css = {
      entryCss: ['.frame-a1{display:grid}.skip-b2:focus{top:0}'],
      asyncCss: [
        { href: '/static/css/async/page-login.css', css: '.page-c3{margin:0}.panel-d4>*+*{margin-top:1rem}' },
        { href: '/static/css/async/feature-login.css', css: '.panel-d4{gap:1rem}' },
        { href: '/static/css/async/other.css', css: '.page-c3x{color:red}:not(.hint-e5){opacity:1}' },
      ],
    };
    const html = '<div class="frame-a1"><a class="skip-b2"></a><section class="page-c3"><form class="panel-d4"></form><p class="state-only"></p></section></div>';
    expect(stylesheetsFor(html, css)).toEqual(['/static/css/async/page-login.css']);
    expect(stylesheetsFor('<p class="hint-e5"></p>', css)).toEqual(['/static/css/async/other.css']);
    expect(stylesheetsFor('<p class="frame-a1"></p>', css)).toEqual([]);
  });

  it('puts the page, its language, brand, title, theme and stylesheets into index.html and starts the app after the first paint', () => {
    const template =
      '<!doctype html><html lang="en"><head><title>Online banking</title><script defer src="/static/js/a.1.js"></script><script defer src="/static/js/b.2.js"></script><link href="/static/css/index.css" rel="stylesheet"></head><body><noscript>This application needs JavaScript.</noscript><div id="root"></div></body></html>';
    const out = pageDocument(template, {
      brandId: 'brand2',
      language: 'ru',
      path: '/login',
      page: { html: '<img src="/static/svg/logo.svg"/><h1>Вход</h1>', title: 'Вход · A&B <x>', noscript: 'Нужен JavaScript', themeStyle: ':root{--c:#fff}', logoUrl: '/static/svg/logo.svg' },
      logoDataUrl: 'data:image/svg+xml;base64,AAA',
      stylesheets: ['/static/css/async/page-login.css'],
    });
    expect(out).toContain('<html lang="ru" data-brand="brand2">');
    expect(out).toContain('<title>Вход · A&amp;B &lt;x&gt;</title><style>:root{--c:#fff}</style>');
    expect(out).toContain('<link href="/static/css/async/page-login.css" rel="stylesheet"></head>');
    expect(out).toContain('<div id="root" data-prerendered="/login"><img src="data:image/svg+xml;base64,AAA"/><h1>Вход</h1></div>');
    expect(out).toContain('<noscript><p class="noscript-note">Нужен JavaScript</p></noscript>');
    expect(out).toContain('<script defer src="/prerendered-boot.js" data-entry="/static/js/a.1.js /static/js/b.2.js"></script>');
    expect(out).not.toContain('<script defer src="/static/js/');
    expect(() => pageDocument('<html lang="en"><head></head><body></body></html>', { brandId: 'brand1', language: 'en', path: '/login', page: { html: '', title: '', noscript: '', themeStyle: '', logoUrl: '' }, logoDataUrl: '', stylesheets: [] })).toThrow(/no entry scripts/);
  });
});
