// @vitest-environment node
import { readFileSync } from 'node:fs';
import { signedInLayoutPairs, widestBrands, type BrandType } from '../e2e/support/layout-matrix';

const ALL = ['en', 'es', 'ro', 'ru', 'uk', 'pt'];
const brand = (name: string, theme: Record<string, string>, languages = ALL): BrandType => ({ brand: name, languages, theme });
const sans = { '--font-family': 'system-ui, sans-serif', '--font-size-base': '16px' };

describe('the signed-in layout check: which brand and language pairs', () => {
  it('the widest type: the largest base size and every serif face (not a sans face named with "serif")', () => {
    const brands = [
      brand('a', sans),
      brand('b', { ...sans, '--font-size-base': '17px' }),
      brand('c', { '--font-family': 'ui-serif, Georgia, serif', '--font-size-base': '16px' }),
      brand('d', { '--font-family': '"Noto Sans", sans-serif', '--font-size-base': '16px' }),
      brand('e', { '--font-family': 'Georgia, serif' }),
    ];
    expect(widestBrands(brands)).toEqual(['b', 'c']);
    // All the same: all are the widest.
    expect(widestBrands([brand('a', sans), brand('b', sans)])).toEqual(['a', 'b']);
  });

  it('every language in the widest brands; each other brand once, in its longest language not yet taken', () => {
    const brands = [brand('a', sans), brand('b', { ...sans, '--font-size-base': '18px' }), brand('c', sans), brand('d', sans, ['en', 'es']), brand('e', sans)];
    expect(signedInLayoutPairs(brands)).toEqual([['a', 'ru'], ...ALL.map((l) => ['b', l]), ['c', 'pt'], ['d', 'es'], ['e', 'uk']]);
    // A brand whose languages are all taken: its longest.
    expect(signedInLayoutPairs([brand('a', sans, ['en']), brand('b', sans, ['en', 'es']), brand('c', sans, ['en']), brand('w', { ...sans, '--font-size-base': '20px' }, ['en'])])).toEqual([
      ['a', 'en'],
      ['b', 'es'],
      ['c', 'en'],
      ['w', 'en'],
    ]);
  });

  it("with this product's brands: every brand and every language checked, ru and pt in several brands", () => {
    const brands = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'].map((name) => ({
      brand: name,
      languages: (JSON.parse(readFileSync(`brands/${name}/config.json`, 'utf8')) as { languages: string[] }).languages,
      theme: JSON.parse(readFileSync(`brands/${name}/theme.json`, 'utf8')) as Record<string, string>,
    }));
    const pairs = signedInLayoutPairs(brands);
    expect(new Set(pairs.map(([b]) => b)).size).toBe(6);
    expect(new Set(pairs.map(([, l]) => l))).toEqual(new Set(ALL));
    expect(pairs.filter(([, l]) => l === 'ru').length).toBeGreaterThanOrEqual(2);
    expect(pairs.filter(([, l]) => l === 'pt').length).toBeGreaterThanOrEqual(2);
    expect(pairs.length).toBeLessThan(20);
  });
});
