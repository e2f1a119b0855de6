import { i18n, type MessageDescriptor } from '@lingui/core';
// The whole English catalog in tests and Storybook; the app's build resolves this to an empty
// table (rsbuild.config.ts), because there each module registers its own English messages.
import { messages as enCatalog } from '@locales/en/messages';
import type { Language } from '../config/languages';
import { catalogLoaders } from './catalog-loaders';
import { registerSourceMessages, sourceMessages } from './source-messages';

/**
 * Lingui set-up. English (the source language) is always there, so an error screen can always be
 * shown: in the app each module brings its own English messages (source-messages.ts); every other
 * language is one lazy chunk loaded on demand.
 */
registerSourceMessages(enCatalog);
i18n.loadAndActivate({ locale: 'en', messages: sourceMessages });

const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: async () => ({ messages: sourceMessages }),
  ...catalogLoaders,
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
export { catalogLoaders };
