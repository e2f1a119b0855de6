/**
 * Interface languages (spec 000 s1). `uk` is the code in the address bar and towards the
 * server; the UI shows it as "UA". Labels are endonyms and are deliberately not translated.
 */
export const LANGUAGES = ['en', 'es', 'ro', 'ru', 'uk', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_LABELS: Record<Language, { short: string; name: string }> = {
  en: { short: 'EN', name: 'English' },
  es: { short: 'ES', name: 'Español' },
  ro: { short: 'RO', name: 'Română' },
  ru: { short: 'RU', name: 'Русский' },
  uk: { short: 'UA', name: 'Українська' },
  pt: { short: 'PT', name: 'Português' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts the UI label "ua" as an alias of `uk`, as users type it in links. */
export function parseLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'ua') return 'uk';
  return isLanguage(lower) ? lower : undefined;
}
