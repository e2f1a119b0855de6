import { brandIds, type BrandId, type LanguageCode } from './ids';
import type { BrandConfig, BrandTheme } from './schema';
import brand1Config from './brand1/config.json';
import brand2Config from './brand2/config.json';
import brand3Config from './brand3/config.json';
import brand4Config from './brand4/config.json';
import brand5Config from './brand5/config.json';
import brand6Config from './brand6/config.json';
import brand1Theme from './brand1/theme.json';
import brand2Theme from './brand2/theme.json';
import brand3Theme from './brand3/theme.json';
import brand4Theme from './brand4/theme.json';
import brand5Theme from './brand5/theme.json';
import brand6Theme from './brand6/theme.json';
// `?url`: always a separate file (only the running brand's logo is fetched), never inlined
// into the entry bundle as a data URI.
import brand1Logo from './brand1/logo.svg?url';
import brand2Logo from './brand2/logo.svg?url';
import brand3Logo from './brand3/logo.svg?url';
import brand4Logo from './brand4/logo.svg?url';
import brand5Logo from './brand5/logo.svg?url';
import brand6Logo from './brand6/logo.svg?url';

export { brandIds, languageCodes } from './ids';
export type { BrandId, LanguageCode } from './ids';
export type { BrandConfig, BrandTheme, ThemeToken } from './schema';

/** Everything the app knows about one brand: validated config, theme tokens and logo URL. */
export interface Brand {
  readonly config: BrandConfig;
  readonly theme: BrandTheme;
  readonly logoUrl: string;
}

const sources: Record<BrandId, { config: unknown; theme: unknown; logoUrl: string }> = {
  brand1: { config: brand1Config, theme: brand1Theme, logoUrl: brand1Logo },
  brand2: { config: brand2Config, theme: brand2Theme, logoUrl: brand2Logo },
  brand3: { config: brand3Config, theme: brand3Theme, logoUrl: brand3Logo },
  brand4: { config: brand4Config, theme: brand4Theme, logoUrl: brand4Logo },
  brand5: { config: brand5Config, theme: brand5Theme, logoUrl: brand5Logo },
  brand6: { config: brand6Config, theme: brand6Theme, logoUrl: brand6Logo },
};

/**
 * The brands as data. They are validated against brands/schema.ts when the app is built
 * (rsbuild.config.ts) and in tests (tests/unit/brands.test.ts), so the first chunk carries no
 * schema code; here only the folder/id match is checked.
 */
function load(id: BrandId): Brand {
  const source = sources[id];
  const config = source.config as BrandConfig;
  if (config.id !== id) throw new Error(`brands/${id}/config.json has id "${config.id}"`);
  return Object.freeze({ config, theme: Object.freeze(source.theme) as BrandTheme, logoUrl: source.logoUrl });
}

/** The six brands (validated at build time; see `load`). */
export const brands: Readonly<Record<BrandId, Brand>> = Object.freeze(
  Object.fromEntries(brandIds.map((id) => [id, load(id)])) as Record<BrandId, Brand>,
);

export const defaultBrandId: BrandId = 'brand1';

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (brandIds as readonly string[]).includes(value);
}

const normaliseHost = (hostname: string) => hostname.trim().toLowerCase().replace(/\.$/, '');

/** Production and review host name → brand, built from the configs' `hosts` and `reviewHosts`. */
const brandByHost: ReadonlyMap<string, BrandId> = new Map(
  brandIds.flatMap((id) => [...brands[id].config.hosts, ...brands[id].config.reviewHosts].map((host) => [normaliseHost(host), id] as const)),
);

const reviewHosts: ReadonlySet<string> = new Set(brandIds.flatMap((id) => brands[id].config.reviewHosts.map(normaliseHost)));

/** Whether this page is served from one of the brands' review hosts (where a deployed build takes `?api=`; issue 47). Pure. */
export function isReviewHost(hostname: string): boolean {
  return reviewHosts.has(normaliseHost(hostname));
}

/**
 * Which brand this page runs as: a valid override (`?brand=` or the stored local choice, for
 * development and review) wins where overrides are allowed (sandbox and development builds; issue
 * 47: a deployed build never re-skins its host from a link), then the host name map, then the
 * default brand. Pure.
 */
export function resolveBrandId(input: { hostname: string; override?: string | null | undefined; allowOverride?: boolean }): BrandId {
  if ((input.allowOverride ?? true) && isBrandId(input.override)) return input.override;
  return brandByHost.get(normaliseHost(input.hostname)) ?? defaultBrandId;
}

/** The brand's interface languages, its default first, then in the config's order. */
export function languagesFor(brand: Brand): readonly LanguageCode[] {
  const { languages, defaultLanguage } = brand.config;
  return [defaultLanguage, ...languages.filter((code) => code !== defaultLanguage)];
}
