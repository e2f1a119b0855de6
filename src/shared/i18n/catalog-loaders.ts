import type { Language } from '../config/languages';

/**
 * The catalogs of the languages other than English, one lazy chunk each. Kept apart from the
 * Lingui set-up so the entry's first module (src/app/early-chunks.ts) can ask for the starting
 * language's chunk before the rest of the entry is evaluated, with the very import the app uses.
 */
export const catalogLoaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Record<string, unknown> }>> = {
  es: () => import(/* webpackChunkName: "locale-es" */ '../../../locales/es/messages'),
  ro: () => import(/* webpackChunkName: "locale-ro" */ '../../../locales/ro/messages'),
  ru: () => import(/* webpackChunkName: "locale-ru" */ '../../../locales/ru/messages'),
  uk: () => import(/* webpackChunkName: "locale-uk" */ '../../../locales/uk/messages'),
  pt: () => import(/* webpackChunkName: "locale-pt" */ '../../../locales/pt/messages'),
};
