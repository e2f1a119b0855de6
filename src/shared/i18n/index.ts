import { i18n, type MessageDescriptor } from '@lingui/core';
import { messages as enMessages } from '../../../locales/en/messages';
import type { Language } from '../config/languages';

/**
 * Lingui set-up. English (the source language) ships in the first chunk so an error screen
 * can always be shown; every other catalog is a lazy chunk loaded on demand.
 */
i18n.load('en', enMessages);
i18n.activate('en');

const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: async () => ({ messages: enMessages }),
  es: () => import(/* webpackChunkName: "locale-es" */ '../../../locales/es/messages'),
  ro: () => import(/* webpackChunkName: "locale-ro" */ '../../../locales/ro/messages'),
  ru: () => import(/* webpackChunkName: "locale-ru" */ '../../../locales/ru/messages'),
  uk: () => import(/* webpackChunkName: "locale-uk" */ '../../../locales/uk/messages'),
  pt: () => import(/* webpackChunkName: "locale-pt" */ '../../../locales/pt/messages'),
};

/** Loads and activates a catalog; the document language follows (screen readers, hyphenation). */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await loaders[language]();
  i18n.loadAndActivate({ locale: language, messages: messages as Parameters<typeof i18n.load>[1] });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Translates a descriptor produced by the `msg` macro outside React (machines, API errors). */
export function translate(descriptor: MessageDescriptor): string {
  return i18n._(descriptor);
}

export { i18n };
