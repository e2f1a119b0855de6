/** Interface languages are defined once in machines/shared (the start-up statechart needs them). */
export { LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_LABELS, isLanguage, parseLanguage } from '@machines/shared/languages';
export type { Language } from '@machines/shared/languages';
