/**
 * Which brand and language pairs the signed-in pages' layout check runs in (session 27: the full
 * 32 pairs took a third of the end-to-end step, about six minutes of a 2-core CI run).
 *
 * What breaks a layout is text too wide for its box, and text width grows with two things: the
 * language's words, and the brand's type. So every language runs in each brand whose type is the
 * widest (the largest base font size, or a serif face: wider letters than the sans faces), and
 * every other brand runs once, in the longest of its languages still unused among the other
 * brands (the order in LONG_FIRST), so each long language meets several brands' boxes. Derived
 * from the brands' own files: a brand given a larger font or a serif face joins the full rows.
 */
export interface BrandType<B extends string = string, L extends string = string> {
  brand: B;
  languages: readonly L[];
  /** The brand's theme tokens (brands/<brand>/theme.json). */
  theme: Record<string, string>;
}

/** The languages whose words run longest in this app's catalogs, longest first (the others after). */
export const LONG_FIRST = ['ru', 'pt', 'uk', 'ro', 'es', 'en'] as const;

const baseSize = (theme: Record<string, string>) => Number.parseFloat(theme['--font-size-base'] ?? '16') || 16;
const isSerif = (theme: Record<string, string>) => {
  const first = (theme['--font-family'] ?? '').split(',')[0]?.trim().replace(/["']/g, '').toLowerCase() ?? '';
  return first === 'serif' || first === 'ui-serif' || (/serif$/.test(first) && !/sans/.test(first));
};

/** The brands whose type is widest: the largest base size, and every serif face. */
export function widestBrands(brands: readonly BrandType[]): string[] {
  const largest = Math.max(...brands.map((b) => baseSize(b.theme)));
  return brands.filter((b) => baseSize(b.theme) === largest || isSerif(b.theme)).map((b) => b.brand);
}

export function signedInLayoutPairs<B extends string, L extends string>(brands: readonly BrandType<B, L>[]): [B, L][] {
  const widest = new Set(widestBrands(brands));
  const pairs: [B, L][] = [];
  const usedByOthers = new Set<L>();
  for (const { brand, languages } of brands) {
    if (widest.has(brand)) {
      for (const lang of languages) pairs.push([brand, lang]);
      continue;
    }
    const ranked = [...languages].sort((a, b) => rank(a) - rank(b));
    const lang = ranked.find((l) => !usedByOthers.has(l)) ?? ranked[0]!;
    usedByOthers.add(lang);
    pairs.push([brand, lang]);
  }
  return pairs;
}

const rank = (lang: string) => {
  const i = (LONG_FIRST as readonly string[]).indexOf(lang);
  return i < 0 ? LONG_FIRST.length : i;
};
