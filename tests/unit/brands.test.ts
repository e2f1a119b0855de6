// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brandIds, brands, defaultBrandId, isReviewHost, languagesFor, resolveBrandId, type BrandId } from '../../brands';
import { brandConfigSchema, brandThemeSchema, MAX_CONTAINER_RADIUS_PX, requiredThemeTokens, validateBrands } from '../../brands/schema';
import { contrastRatio } from '../../brands/contrast';
import { licenceText } from '../../src/shared/model/brand';

const brandsDir = fileURLToPath(new URL('../../brands/', import.meta.url));
const readJson = (id: BrandId, file: string): unknown => JSON.parse(readFileSync(`${brandsDir}${id}/${file}`, 'utf8'));
const readText = (id: BrandId, file: string): string => readFileSync(`${brandsDir}${id}/${file}`, 'utf8');

describe('brand configs', () => {
  it('has exactly the six brands, brand1 as default', () => {
    expect(brandIds).toEqual(['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6']);
    expect(Object.keys(brands).sort()).toEqual([...brandIds]);
    expect(defaultBrandId).toBe('brand1');
  });

  it.each(brandIds)('%s: config.json and theme.json parse with the schemas; id matches its folder', (id) => {
    const config = brandConfigSchema.parse(readJson(id, 'config.json'));
    expect(config.id).toBe(id);
    expect(config.legal.termsPath).toBe(`/legal/${id}-tos`);
    expect(config.logo).toBe('logo.svg');
    brandThemeSchema.parse(readJson(id, 'theme.json'));
  });

  it('the schema rejects broken configs (so the parse test can fail)', () => {
    const good = readJson('brand1', 'config.json') as Record<string, unknown>;
    const broken = (patch: Record<string, unknown>) => brandConfigSchema.safeParse({ ...good, ...patch }).success;
    expect(broken({})).toBe(true);
    expect(broken({ id: 'brand7' })).toBe(false);
    expect(broken({ languages: [] })).toBe(false);
    expect(broken({ languages: ['es'] })).toBe(false); // default en missing
    expect(broken({ languages: ['en', 'de'] })).toBe(false);
    expect(broken({ supportChatNumber: '0044 20 7946' })).toBe(false);
    expect(broken({ hosts: ['Northbridge.example:8080'] })).toBe(false);
    expect(broken({ legal: { termsPath: '/legal/brand2-tos', privacyUrl: 'https://x.example/p' } })).toBe(false);
    expect(broken({ fees: { personal: 'http://insecure.example/fees', business: null } })).toBe(false);
    expect(broken({ unknownField: true })).toBe(false);
    // The licence sentence in every language the brand offers (issue 44: English on Russian pages).
    const entity = good.regulatedEntity as { licenceFooter: Record<string, string> };
    const { ru: _ru, ...withoutRussian } = entity.licenceFooter;
    expect(broken({ regulatedEntity: { ...entity, licenceFooter: withoutRussian } })).toBe(false);
    expect(broken({ regulatedEntity: { ...entity, licenceFooter: { ...entity.licenceFooter, ru: ' ' } } })).toBe(false);
    expect(broken({ regulatedEntity: { ...entity, licenceFooter: { ...entity.licenceFooter, de: 'Lizenz' } } })).toBe(false);
    expect(broken({ regulatedEntity: { ...entity, licenceFooter: entity.licenceFooter.en } })).toBe(false);
    expect(broken({ languages: ['en', 'es'], regulatedEntity: { ...entity, licenceFooter: { en: entity.licenceFooter.en, es: entity.licenceFooter.es } } })).toBe(true);
    const api = good.api as { staging: Record<string, string> };
    expect(broken({ api: { ...good.api as object, staging: { ...api.staging, main: 'https://api.stage.example/main' } } })).toBe(false);
  });

  it.each(brandIds)('%s: the licence sentence is in each of its languages, each its own text with the licence number', (id) => {
    const { languages, regulatedEntity } = brands[id].config;
    const texts = languages.map((language) => licenceText(brands[id].config, language));
    expect(new Set(texts).size).toBe(languages.length);
    const number = /\d[\d-]*\d|\d/.exec(licenceText(brands[id].config, 'en'))![0];
    for (const text of texts) expect(text).toContain(number);
    expect(Object.keys(regulatedEntity.licenceFooter).sort()).toEqual([...languages].sort());
    // A language the brand does not offer falls back to its default language's text.
    expect(licenceText(brands[id].config, 'de')).toBe(licenceText(brands[id].config, brands[id].config.defaultLanguage));
  });

  it('some brands leave fee links or the chat number empty (explicit nulls)', () => {
    const emptyItems = brandIds.filter((id) => {
      const c = brands[id].config;
      return c.fees.personal === null || c.fees.business === null || c.supportChatNumber === null;
    });
    expect(emptyItems.length).toBeGreaterThanOrEqual(2);
  });

  it('host names, review hosts included, are unique across brands', () => {
    const all = brandIds.flatMap((id) => [...brands[id].config.hosts, ...brands[id].config.reviewHosts]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('deep-link schemes and display names are unique across brands', () => {
    for (const pick of [(id: BrandId) => brands[id].config.deepLinkScheme, (id: BrandId) => brands[id].config.displayName]) {
      const values = brandIds.map(pick);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe('brand switches (spec 000 s1)', () => {
  const allLanguages = ['en', 'es', 'ro', 'ru', 'uk', 'pt'];
  const personalAll = ['webmasters', 'freelancers', 'webcamModels', 'developers', 'independentContractors', 'others'];
  const businessAll = [
    'advertisingNetworks',
    'affiliatePrograms',
    'liveStreamingNetworks',
    'freelanceCompanies',
    'hostingProviders',
    'billingPaymentProcessors',
    'webcamStudios',
    'others',
  ];
  const without = (list: string[], ...drop: string[]) => list.filter((x) => !drop.includes(x));

  // id, registration, adultOptions, contracts, sourceOfWealth, languages, personal types, business types
  const table: [BrandId, boolean, boolean, boolean, boolean, string[], string[], string[]][] = [
    ['brand1', true, true, true, true, allLanguages, personalAll, businessAll],
    ['brand2', true, true, false, true, allLanguages, without(personalAll, 'webcamModels'), without(businessAll, 'webcamStudios')],
    ['brand3', false, false, false, true, ['en', 'es'], without(personalAll, 'webcamModels'), without(businessAll, 'webcamStudios')],
    ['brand4', false, false, false, true, allLanguages, without(personalAll, 'webcamModels'), without(businessAll, 'webcamStudios')],
    ['brand5', false, false, false, true, allLanguages, without(personalAll, 'webcamModels'), without(businessAll, 'webcamStudios')],
    [
      'brand6',
      false,
      false,
      false,
      true,
      allLanguages,
      without(personalAll, 'webcamModels'),
      without(businessAll, 'webcamStudios', 'liveStreamingNetworks'),
    ],
  ];

  it.each(table)(
    '%s: registration %s, adult options %s, contracts %s, source of wealth %s',
    (id, registration, adultOptions, contracts, sourceOfWealth, languages, personal, business) => {
      const { config } = brands[id];
      expect(config.features).toEqual({ registration, adultOptions, contracts, sourceOfWealth });
      expect(config.defaultLanguage).toBe('en');
      expect([...config.languages].sort()).toEqual([...languages].sort());
      expect(languagesFor(brands[id])[0]).toBe('en');
      expect([...languagesFor(brands[id])].sort()).toEqual([...languages].sort());
      expect(config.registrationTypes.personal).toEqual(personal);
      expect(config.registrationTypes.business).toEqual(business);
    },
  );
});

describe('resolveBrandId', () => {
  const hostOf = (id: BrandId) => brands[id].config.hosts[0]!;
  it.each<[string, { hostname: string; override?: string | null; allowOverride?: boolean }, BrandId]>([
    ['valid override wins over the host', { hostname: hostOf('brand2'), override: 'brand4' }, 'brand4'],
    ['a deployed build ignores the override: the host decides (issue 47)', { hostname: hostOf('brand2'), override: 'brand4', allowOverride: false }, 'brand2'],
    ['a deployed build on an unknown host gives the default, whatever the link says', { hostname: 'unknown.example', override: 'brand6', allowOverride: false }, 'brand1'],
    ['valid override on localhost', { hostname: 'localhost', override: 'brand6' }, 'brand6'],
    ['invalid override falls back to the host', { hostname: hostOf('brand3'), override: 'brand9' }, 'brand3'],
    ['override is case-sensitive data, not guessed', { hostname: hostOf('brand5'), override: 'BRAND1' }, 'brand5'],
    ['empty override is ignored', { hostname: hostOf('brand2'), override: '' }, 'brand2'],
    ['null override, host match', { hostname: hostOf('brand5'), override: null }, 'brand5'],
    ['second host of a brand', { hostname: brands.brand6.config.hosts[1]!, override: undefined }, 'brand6'],
    ['host match ignores case and a trailing dot', { hostname: `${hostOf('brand4').toUpperCase()}.` }, 'brand4'],
    ['unknown host gives the default', { hostname: 'unknown.example' }, 'brand1'],
    ['a host that only ends like a brand host is unknown', { hostname: `evil${hostOf('brand3')}` }, 'brand1'],
    ['localhost without override gives the default', { hostname: '127.0.0.1', override: 'nope' }, 'brand1'],
  ])('%s', (_label, input, expected) => {
    expect(resolveBrandId(input)).toBe(expected);
  });

  it.each(brandIds)('every host of %s resolves to it, review hosts too', (id) => {
    for (const hostname of [...brands[id].config.hosts, ...brands[id].config.reviewHosts]) expect(resolveBrandId({ hostname, allowOverride: false })).toBe(id);
  });
});

describe('isReviewHost', () => {
  it.each([
    ['a brand\'s review host', brands.brand2.config.reviewHosts[0]!, true],
    ['the same, upper case with a trailing dot', `${brands.brand5.config.reviewHosts[0]!.toUpperCase()}.`, true],
    ['a customer host', brands.brand2.config.hosts[0]!, false],
    ['a host that only ends like a review host', `evil${brands.brand3.config.reviewHosts[0]!}`, false],
    ['a sub-domain of a review host', `x.${brands.brand3.config.reviewHosts[0]!}`, false],
    ['localhost', '127.0.0.1', false],
  ])('%s → %s', (_label, hostname, expected) => {
    expect(isReviewHost(hostname)).toBe(expected);
  });
});

describe('themes', () => {
  it.each(brandIds)('%s defines every required token', (id) => {
    const { theme } = brands[id];
    for (const token of requiredThemeTokens) expect(theme[token], token).toBeTruthy();
  });

  it('brands look different: distinct primary colours, at least one dark header, more than one radius scale', () => {
    const primaries = brandIds.map((id) => brands[id].theme['--color-primary']);
    expect(new Set(primaries).size).toBe(brandIds.length);
    const darkHeaders = brandIds.filter((id) => contrastRatio(brands[id].theme['--color-header-bg'], '#000000') < 3);
    expect(darkHeaders.length).toBeGreaterThanOrEqual(1);
    expect(new Set(brandIds.map((id) => brands[id].theme['--radius-control'])).size).toBeGreaterThan(2);
    expect(new Set(brandIds.map((id) => brands[id].theme['--radius-container'])).size).toBeGreaterThan(2);
  });

  describe('radius tokens: controls may be pills, containers may not (larger radii clip corner text)', () => {
    const base = readJson('brand1', 'theme.json') as Record<string, string>;
    const withTokens = (patch: Record<string, string | undefined>) => {
      const theme: Record<string, string> = { ...base };
      for (const [token, value] of Object.entries(patch)) {
        if (value === undefined) delete theme[token];
        else theme[token] = value;
      }
      return theme;
    };
    it('the bound is 24px', () => expect(MAX_CONTAINER_RADIUS_PX).toBe(24));
    it.each<[string, Record<string, string | undefined>, boolean]>([
      ['brand1 as it is', {}, true],
      ['pill controls', { '--radius-control': '999px' }, true],
      ['control in rem', { '--radius-control': '1.5rem' }, true],
      ['control not a length', { '--radius-control': 'round' }, false],
      ['container 999px', { '--radius-container': '999px' }, false],
      ['container 24px (the bound)', { '--radius-container': '24px' }, true],
      ['container 24.5px', { '--radius-container': '24.5px' }, false],
      ['container 25px', { '--radius-container': '25px' }, false],
      ['container 0', { '--radius-container': '0' }, true],
      ['container in rem (bound must not depend on the root font size)', { '--radius-container': '1rem' }, false],
      ['container a percentage', { '--radius-container': '50%' }, false],
      ['container missing', { '--radius-container': undefined }, false],
      ['control missing', { '--radius-control': undefined }, false],
      ['small radius 25px', { '--radius-sm': '25px' }, false],
      ['any other radius token is bounded too', { '--radius-card': '999px' }, false],
      ['another radius token within the bound', { '--radius-card': '20px' }, true],
      ['retired --radius-md', { '--radius-md': '8px' }, false],
      ['retired --radius-lg', { '--radius-lg': '12px' }, false],
    ])('%s -> valid: %s', (_label, patch, valid) => {
      expect(brandThemeSchema.safeParse(withTokens(patch)).success).toBe(valid);
    });
  });

  it('CSS uses only radius tokens the themes define', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const used = new Set<string>();
    for (const dir of ['src', '.storybook']) {
      for (const file of readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(css|tsx?)$/.test(file)) continue;
        for (const m of readFileSync(`${root}${dir}/${file}`, 'utf8').matchAll(/var\(\s*(--radius-[a-z0-9-]+)/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    const required: readonly string[] = requiredThemeTokens;
    expect([...used].filter((token) => !required.includes(token))).toEqual([]);
  });

  it.each(brandIds)('%s uses a system font stack only', (id) => {
    expect(brands[id].theme['--font-family']).toMatch(/(sans-serif|serif|system-ui)$/);
    expect(brands[id].theme['--font-family']).not.toMatch(/url\(/);
  });
});

describe('WCAG 2.2 AA contrast of the theme tokens', () => {
  it('the helper matches known values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(4.5);
  });

  /** [foreground, background, minimum]: 4.5 for text (1.4.3), 3 for focus and input boundaries (1.4.11). */
  const pairs: [string, string, number][] = [
    ['--color-text', '--color-bg', 4.5],
    ['--color-text', '--color-surface', 4.5],
    ['--color-text', '--color-surface-alt', 4.5],
    ['--color-text-muted', '--color-surface', 4.5],
    ['--color-text-muted', '--color-bg', 4.5],
    ['--color-text-muted', '--color-surface-alt', 4.5],
    ['--color-on-primary', '--color-primary', 4.5],
    ['--color-on-primary', '--color-primary-hover', 4.5],
    ['--color-header-text', '--color-header-bg', 4.5],
    ['--color-link', '--color-surface', 4.5],
    ['--color-link', '--color-bg', 4.5],
    ['--color-link', '--color-surface-alt', 4.5],
    ['--color-danger-text', '--color-surface', 4.5],
    ['--color-success-text', '--color-surface', 4.5],
    ['--color-warning-text', '--color-surface', 4.5],
    ['--color-on-danger', '--color-danger', 4.5],
    ['--color-focus', '--color-bg', 3],
    ['--color-focus', '--color-surface', 3],
    ['--color-focus', '--color-surface-alt', 3],
    ['--color-focus', '--color-header-bg', 3],
    ['--color-border-strong', '--color-surface', 3],
    ['--color-border-strong', '--color-bg', 3],
  ];
  const cases = brandIds.flatMap((id) => pairs.map(([fg, bg, min]) => [id, fg, bg, min] as const));

  it.each(cases)('%s: %s on %s >= %s', (id, fg, bg, min) => {
    const { theme } = brands[id];
    expect(contrastRatio(theme[fg]!, theme[bg]!)).toBeGreaterThanOrEqual(min);
  });

  it.each(brandIds)('%s: the decorative border is visible on the surface', (id) => {
    const { theme } = brands[id];
    expect(contrastRatio(theme['--color-border'], theme['--color-surface'])).toBeGreaterThanOrEqual(1.2);
  });
});

describe('logos', () => {
  it.each(brandIds)('%s: small, accessible, original SVG legible on the header background', (id) => {
    const svg = readText(id, 'logo.svg');
    const headerBg = brands[id].theme['--color-header-bg'];
    expect(svg.length).toBeLessThan(2048);
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    const title = /<title[^>]*>([^<]+)<\/title>/.exec(svg)?.[1];
    expect(title).toBe(brands[id].config.displayName);
    // No scripts, external references or inline styles (served under a strict CSP).
    expect(svg).not.toMatch(/<script|<style|style=|href=|<image|@import|url\(/i);
    // Wordmark text needs 4.5:1 on the header, the mark (any non-text paint) 3:1.
    const text = /<text[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
    expect(text).toBeDefined();
    expect(contrastRatio(text!, headerBg)).toBeGreaterThanOrEqual(4.5);
    const markPaints = [...svg.replace(/<text[\s\S]*?<\/text>/g, '').matchAll(/(?:fill|stroke)="(#[0-9a-f]{6})"/gi)].map((m) => m[1]!);
    expect(markPaints.some((paint) => contrastRatio(paint, headerBg) >= 3)).toBe(true);
  });

  it.each(brandIds)('%s: logoUrl is the brand logo (a file URL in the build; tests may get a data URI)', (id) => {
    const { logoUrl } = brands[id];
    if (logoUrl.startsWith('data:')) {
      expect(logoUrl).toMatch(/^data:image\/svg\+xml/);
      const body = logoUrl.includes(';base64,')
        ? Buffer.from(logoUrl.split(',')[1]!, 'base64').toString('utf8')
        : decodeURIComponent(logoUrl.split(',')[1]!);
      expect(body).toBe(readText(id, 'logo.svg'));
    } else {
      expect(logoUrl).toMatch(new RegExp(`${id}/logo|logo[^/]*\\.svg`));
    }
  });
});

describe('the build refuses broken brand data', () => {
  it('validateBrands lists every problem (the build throws on any)', () => {
    const read = (id: BrandId, file: 'config.json' | 'theme.json') => {
      const data = readJson(id, file) as Record<string, unknown>;
      if (id === 'brand2' && file === 'config.json') return { ...data, id: 'brand9' };
      if (id === 'brand4' && file === 'theme.json') return {};
      return data;
    };
    const problems = validateBrands(read);
    expect(problems.some((p) => p.startsWith('brands/brand2/config.json'))).toBe(true);
    expect(problems.some((p) => p.startsWith('brands/brand4/theme.json'))).toBe(true);
    expect(validateBrands((id, file) => readJson(id, file))).toEqual([]);
  });
});
