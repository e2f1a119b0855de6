import { brands, isReviewHost, languagesFor, resolveBrandId, type Brand } from '../../brands';
import type { BrandId, LanguageCode } from '../../brands/ids';
import { resolveLanguage } from '@machines/app/app-start.logic';
import type { ApiLinkMode } from '@/shared/api';
import { IS_SANDBOX_BUILD, readStored, storageKeys, type Language } from '@/shared/config';

export interface StartFacts {
  brandId: BrandId;
  brand: Brand;
  offeredLanguages: readonly LanguageCode[];
  language: Language;
}

/**
 * The brand (host name map, `?brand=` or the stored override) and the language (address, stored
 * choice, browser, the brand's default) the app starts with. Read twice on purpose: by
 * early-chunks.ts, to ask for the language's catalog before the entry is evaluated, and by
 * main.tsx, which starts the app with them; both read the same address and storage.
 */
/** Settings a link may change (`?brand=`, `?api=` with an origin, and keeping them): sandbox and development builds only (issue 47). */
/** Where the sandbox answers when the build is pointed at it (the `sandbox` environment). */
export const SANDBOX_ORIGIN = import.meta.env.PUBLIC_SANDBOX_URL ?? 'http://127.0.0.1:8787';

export const LINK_SETTINGS_ALLOWED = IS_SANDBOX_BUILD || process.env.NODE_ENV !== 'production';

/** How far `?api=` may choose the API on this host: freely where link settings are allowed, else named environments on a review host only. */
export function apiLinkMode(hostname: string, linkSettingsAllowed = LINK_SETTINGS_ALLOWED): ApiLinkMode {
  if (linkSettingsAllowed) return 'open';
  return isReviewHost(hostname) ? 'review' : 'closed';
}

export function readStartFacts(search: URLSearchParams): StartFacts {
  const brandId = resolveBrandId({ hostname: location.hostname, override: search.get('brand') ?? readStored(storageKeys.brandOverride) ?? null, allowOverride: LINK_SETTINGS_ALLOWED });
  const brand = brands[brandId];
  const offeredLanguages = languagesFor(brand);
  const language = resolveLanguage({
    fromUrl: search.get('lang'),
    stored: readStored(storageKeys.language),
    browser: navigator.languages,
    offered: offeredLanguages,
    fallback: brand.config.defaultLanguage,
  });
  return { brandId, brand, offeredLanguages, language };
}
