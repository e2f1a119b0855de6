import { LANGUAGES, type Language } from '../shared/languages';

export interface LanguageSources {
  /** `?lang=` from the address bar (the address uses `uk`, `ua` is accepted as an alias). */
  fromUrl?: string | null | undefined;
  /** The language the user chose earlier (persisted). */
  stored?: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browser?: readonly string[] | undefined;
  /** Languages the brand offers, default first. */
  offered: readonly Language[];
  /** The brand's default language. */
  fallback: Language;
}

function normalise(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  const code = primary === 'ua' ? 'uk' : primary;
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : undefined;
}

/**
 * The language a `?lang=` names, when the brand offers it (`ua` is read as `uk`, case does not
 * matter); anything else is ignored. An offered `?lang=` is the user's choice, exactly as if it
 * were picked in the language switch: the start-up machine's CHANGE_LANGUAGE stores it, so it
 * survives a reload after the address has lost it.
 */
export function languageFromAddress(value: unknown, offered: readonly Language[]): Language | undefined {
  const language = typeof value === 'string' ? normalise(value) : undefined;
  return language !== undefined && offered.includes(language) ? language : undefined;
}

/**
 * Which language the app starts in: an explicit address wins, then the stored choice,
 * then the browser's preferences, then the brand default. Only languages the brand offers
 * are ever chosen (brand 3 offers en and es only).
 */
export function resolveLanguage(sources: LanguageSources): Language {
  const offered = (lang: Language | undefined): lang is Language =>
    lang !== undefined && sources.offered.includes(lang);
  const candidates = [
    languageFromAddress(sources.fromUrl, sources.offered),
    normalise(sources.stored),
    ...(sources.browser ?? []).map(normalise),
  ];
  return candidates.find(offered) ?? (sources.offered.includes(sources.fallback) ? sources.fallback : sources.offered[0] ?? 'en');
}
