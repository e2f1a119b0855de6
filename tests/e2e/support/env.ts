/**
 * Where the end-to-end servers listen (mirrors playwright.config.ts) and the sandbox's demo data
 * (docs/demo-users.md, sandbox/seed.ts).
 */
export const SANDBOX = 'http://127.0.0.1:8788';
export const APP = 'http://127.0.0.1:4174';

/** Every demo user's password. */
export const DEMO_PASSWORD = 'Demo-pass-1';

export const BRANDS = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'] as const;
export type Brand = (typeof BRANDS)[number];

/** Languages the address accepts (`ua` is an alias of `uk`); a brand may offer fewer. */
export type Lang = 'en' | 'es' | 'pt' | 'ro' | 'ru' | 'uk' | 'ua';

/** The brand of a demo login: `personal@brand5.test` → `brand5`. */
export function brandOf(login: string): Brand {
  const brand = /@(brand\d)\.test$/.exec(login)?.[1];
  if (!brand || !(BRANDS as readonly string[]).includes(brand)) throw new Error(`${login} is not a demo login (<name>@brandN.test)`);
  return brand as Brand;
}

export interface PageAddress {
  /** Sent as `?brand=`; absent: the brand the app remembers (or its default). */
  brand?: Brand;
  /** Sent as `?lang=`; absent: the language the app remembers (or the brand's default). */
  lang?: Lang;
  /** More query parameters, after brand and lang. */
  query?: Record<string, string | number | boolean>;
}

/** `path` with `?brand=…&lang=…&…` (only the parts given), relative to the app's baseURL. */
export function appPath(path: string, { brand, lang, query = {} }: PageAddress = {}): string {
  const params = new URLSearchParams();
  if (brand) params.set('brand', brand);
  if (lang) params.set('lang', lang);
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}
